"""``ratings import trf`` (issue 13 §1): a FIDE tournament report imported as an event, its players and games.

The small report below is written column by column from FIDE's TRF16 layout (C.04 Annex 2, player
section) by :func:`player_line`; the games, points and notes expected of it are worked by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.commands.support import Ratings


def player_line(rank: int, name: str, rating: int, fide: str, born: str, points: str, *rounds: str) -> str:
    """A 001 line: columns 1-3 ``001``, 5-8 rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56
    federation, 58-68 FIDE id, 70-79 birth, 81-84 points, 86-89 rank, then ``  oooo c r`` per round."""
    head = f"001 {rank:>4} m    {name:<33} {rating or '':>4} IRL {fide:>11} {born:<10} {points:>4} {rank:>4}"
    return head + "".join(f"  {r}" for r in rounds)


def report(**changes: str) -> str:
    lines = {
        "012": "012 Spring Open",
        "022": "022 Dublin",
        "032": "032 IRL",
        "042": "042 2024/03/01",
        "052": "052 2024/03/03",
        "092": "092 Individual: Swiss-System",
        "122": "122 90 min + 30 sec",
        "132": "132" + " " * 88 + "24/03/01  24/03/02  24/03/03",
        "1": player_line(1, "Adler, Anna", 2100, "2500001", "1990/01/02", "2.5", "0002 w 1", "0003 w +", "0000 - H"),
        "2": player_line(2, "Byrne, Bob", 1900, "2500002", "1991/02/03", "1.0", "0001 b 0", "0004 w W", "0003 b 0"),
        "3": player_line(3, "Clark, Cara", 0, "", "1995/05/05", "1.5", "0004 w =", "0001 b -", "0002 w 1"),
        "4": player_line(4, "Doyle, Dan", 1800, "2500004", "1985", "2.0", "0003 b =", "0002 b L", "0000 - U"),
    }
    lines.update(changes)
    return "\n".join(lines.values()) + "\n"


def write(tmp_path: Path, text: str, name: str = "spring.trf") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def registered(ratings: Ratings) -> None:
    """Anna and Bob by FIDE id, Cara by name and birth date (as "Cara Clark"), Dan not at all."""
    ratings.register("A1", "Anna Adler", "--fide-id", "2500001", "--born", "1990-01-02")
    ratings.register("B2", "Bob Byrne", "--fide-id", "2500002")
    ratings.register("C3", "Cara Clark", "--born", "1995-05-05")
    ratings.ok("player", "prior", "A1", "--system", "fide", "--rating", "2090", "--as-of", "2023-01-01",
               "--reported", "2024-01-01")  # fmt: skip


def games_of(ratings: Ratings) -> dict[str, dict[str, object]]:
    """The games in the log by id, with ``voided`` set to the reason of a void."""
    found: dict[str, dict[str, object]] = {}
    for line in ratings.ok("log", "--format", "json").output.splitlines():
        entry = json.loads(line)
        facts = entry["facts"]
        if entry["type"] == "GameRecorded":
            found[facts["game"]] = {k: facts[k] for k in ("white", "black", "result", "finished", "forfeit", "event")}
        elif entry["type"] == "GameVoided":
            found[facts["game"]]["voided"] = facts["reason"]
    return found


def test_unregistered_players_are_refused_by_line(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    ratings.refused(
        "import", "trf", write(tmp_path, report()),
        message="1 player(s) of the file are not registered (register them, or import with --register-new): "
        "line 12 Doyle, Dan (FIDE id 2500004)",
    )  # fmt: skip


def test_the_report_imports_as_an_event_with_its_games(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    result = ratings.ok("import", "trf", write(tmp_path, report()), "--register-new", "--reported", "2024-03-05")
    lines = result.output.splitlines()
    assert lines[0] == (
        "imported event spring (Spring Open, 2024-03-01 to 2024-03-03): 4 players (1 new), 5 games "
        "(1 forfeits, 1 not rated), 0 priors"
    )
    assert "note: line 11: Clark, Cara matched to player C3 by name and birth date" in lines
    assert "note: 1 new player(s) registered without a birth date, the file giving a year only: lines 12" in lines
    # Dan's 2.0 in the file: ½ (round 1) + 0 (L, round 2) + 1 (U, round 3) = 1.5 from his rounds.
    assert "points: line 12: Doyle, Dan has 2.0 points in the file, 1.5 from its rounds" in lines
    assert len([line for line in lines if line.startswith("points:")]) == 1
    voided = "not rated in the tournament report (TRF result W, D or L: e.g. under one move played)"
    assert games_of(ratings) == {
        "spring-R1-1-2": {"white": "A1", "black": "B2", "result": "1-0", "finished": "2024-03-01",
                          "forfeit": "none", "event": "spring"},
        "spring-R1-3-4": {"white": "C3", "black": "fide-2500004", "result": "1/2-1/2", "finished": "2024-03-01",
                          "forfeit": "none", "event": "spring"},
        "spring-R2-1-3": {"white": "A1", "black": "C3", "result": "1-0", "finished": "2024-03-02",
                          "forfeit": "arbiter", "event": "spring"},
        "spring-R2-2-4": {"white": "B2", "black": "fide-2500004", "result": "1-0", "finished": "2024-03-02",
                          "forfeit": "none", "event": "spring", "voided": voided},
        "spring-R3-3-2": {"white": "C3", "black": "B2", "result": "1-0", "finished": "2024-03-03",
                          "forfeit": "none", "event": "spring"},
    }  # fmt: skip
    shown = ratings.ok("event", "show", "spring").output
    assert "type: swiss" in shown and "rate-of-play: 5400+30" in shown and "rounds: 3" in shown
    log = ratings.ok("log", "--player", "fide-2500004").output
    assert "IdentityClaimed       scheme=fide number=2500004 player=fide-2500004" in log


def test_priors_from_the_report(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    result = ratings.ok("import", "trf", write(tmp_path, report()), "--register-new", "--priors", "--prior-games", "30")
    assert "imported event spring" in result.output and "2 priors" in result.output
    k_words = "K 20 below 2400 (40 for a junior below 2300), K 10 from 2400 (B.02 §8.3.3)"
    assert f"note: 2 prior(s) recorded with 30 games (--prior-games): {k_words}" in result.output
    # Anna has a fide prior as of 2023-01-01, before the start: hers is not recorded; Cara has no rating.
    assert "note: 1 player(s) already have a fide prior as of the start: their file rating is not recorded" in (
        result.output
    )
    priors = [
        json.loads(line)["facts"]
        for line in ratings.ok("log", "--format", "json").output.splitlines()
        if json.loads(line)["type"] == "PriorRatingRecorded"
    ]
    assert [(p["player"], p["system"], p["rating"], p["as_of"], p["games"]) for p in priors] == [
        ("A1", "fide", 2090.0, "2023-01-01", None),
        ("fide-2500004", "fide", 1800.0, "2024-03-01", 30),  # recorded with his registration
        ("B2", "fide", 1900.0, "2024-03-01", 30),
    ]


def test_dry_run_records_nothing(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    before = ratings.ok("log").output
    result = ratings.ok("import", "trf", write(tmp_path, report()), "--register-new", "--dry-run")
    assert "would import event spring" in result.output
    assert "  register fide-2500004 Doyle, Dan FIDE id 2500004" in result.output
    assert "  game spring-R2-2-4 B2 fide-2500004 1-0 2024-03-02 not rated" in result.output
    assert "would import 2 byes (1 H, 1 U)" in result.output
    assert "  bye U round 3 for fide-2500004" in result.output
    # 1 event, 1 player, 1 identity, 5 games, 1 void, 2 byes
    assert result.output.splitlines()[-1] == "would record 11 events; nothing was recorded"
    assert ratings.ok("log").output == before


def test_a_second_import_is_refused_whole(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    path = write(tmp_path, report())
    ratings.ok("import", "trf", path, "--register-new", "--event", "spring-2024", "--reported", "2024-03-05")
    ratings.refused(
        "import", "trf", path, "--event", "spring-2024",
        message=f"{path}: its 5 games are recorded already, in event spring-2024 (reported 2024-03-05): "
        "give --again to import them again",
    )  # fmt: skip
    # Under the same event id, the game ids are the same: --again cannot record them twice.
    ratings.refused(
        "import", "trf", path, "--event", "spring-2024", "--again",
        message="game 'spring-2024-R1-1-2' (lines 9 and 10) is already recorded: was this file imported before?",
    )  # fmt: skip


# --- issue 22 §5: the same tournament imported twice, and an import into a registered event -------------------


def test_the_same_games_under_another_event_id_are_refused_naming_their_event(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    path = write(tmp_path, report())
    ratings.ok("import", "trf", path, "--register-new", "--reported", "2024-03-05")  # event spring, 5 games
    # Dan was registered by the first import (fide-2500004): the file's players are all known now.
    ratings.refused(
        "import", "trf", path, "--event", "spring-2",
        message=f"{path}: its 5 games are recorded already, in event spring (reported 2024-03-05): "
        "give --again to import them again",
    )  # fmt: skip
    renamed = write(tmp_path, report(), name="spring (1).trf")  # as a browser saves a second download
    ratings.refused(
        "import", "trf", renamed,
        message=f"{renamed}: its 5 games are recorded already, in event spring (reported 2024-03-05)",
    )  # fmt: skip
    ratings.ok("import", "trf", path, "--event", "spring-2", "--again")
    assert sorted(g for g, facts in games_of(ratings).items() if facts["event"] == "spring-2") == [
        "spring-2-R1-1-2", "spring-2-R1-3-4", "spring-2-R2-1-3", "spring-2-R2-2-4", "spring-2-R3-3-2",
    ]  # fmt: skip


def test_a_game_recorded_by_hand_is_found_and_named(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    ratings.ok("player", "register", "D4", "--name", "Dan Doyle", "--fide-id", "2500004", "--reported", "2024-01-01")
    # Round 1's A1 1-0 B2, typed in before the report came; a game of another day or result is not it.
    ratings.game("typed", "A1", "B2", "1-0", "2024-03-01")
    ratings.game("other-day", "A1", "B2", "1-0", "2024-03-02")
    ratings.game("other-result", "C3", "D4", "1-0", "2024-03-01")
    path = write(tmp_path, report())
    ratings.refused(
        "import", "trf", path,
        message=f"{path}: 1 of its 5 games is recorded already, as game typed of no event: "
        "give --again to import it again",
    )  # fmt: skip


def test_a_merged_duplicates_games_are_his_originals(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    path = write(tmp_path, report())
    ratings.ok("import", "trf", path, "--register-new", "--reported", "2024-03-05")
    # Dan was a member already: fide-2500004's games are D4's from the merge on, and the file's Dan (FIDE id
    # 2500004, held by the duplicate) is D4 too.
    ratings.register("D4", "Dan Doyle")
    ratings.ok("player", "merge", "fide-2500004", "--into", "D4", "--reason", "registered twice",
               "--reported", "2024-03-06")  # fmt: skip
    ratings.refused(
        "import", "trf", path, "--event", "spring-2",
        message=f"{path}: its 5 games are recorded already, in event spring (reported 2024-03-05)",
    )  # fmt: skip


def test_the_games_of_a_void_event_are_not_recorded_games(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    path = write(tmp_path, report())
    ratings.ok("import", "trf", path, "--register-new", "--event", "wrong", "--reported", "2024-03-05")
    ratings.ok("event", "void", "wrong", "--reason", "imported under the wrong id", "--reported", "2024-03-05")
    result = ratings.ok("import", "trf", path, "--reported", "2024-03-05")
    assert result.output.startswith("imported event spring (Spring Open, 2024-03-01 to 2024-03-03): 4 players")


def register_event(ratings: Ratings, event: str, *facts: str) -> None:
    ratings.ok("event", "register", event, "--name", "Spring Open", *facts, "--reported", "2024-01-01")


def test_a_registered_event_whose_facts_differ_is_refused(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    register_event(ratings, "SO2", "--type", "round-robin", "--start", "2024-03-01", "--end", "2024-03-03",
                   "--rate-of-play", "900+10")  # fmt: skip
    path = write(tmp_path, report())
    ratings.refused(
        "import", "trf", path, "--register-new", "--event", "SO2",
        message="event 'SO2' is registered with other facts than the file's: type round-robin (the file: swiss); "
        "rate of play 900+10 (the file: 5400+30): give the file's games an event of their own (--event), "
        "or --into-existing to file them into 'SO2' as registered",
    )  # fmt: skip
    result = ratings.ok("import", "trf", path, "--register-new", "--event", "SO2", "--into-existing")
    assert (
        "note: event SO2 was registered already: its games are filed into it, with its facts as registered "
        "(type round-robin (the file: swiss); rate of play 900+10 (the file: 5400+30))"
    ) in result.output.splitlines()
    assert len([g for g in games_of(ratings).values() if g["event"] == "SO2"]) == 5
    shown = ratings.ok("event", "show", "SO2").output
    assert "type: round-robin" in shown and "rate-of-play: 900+10" in shown


def test_dates_that_differ_are_refused(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    register_event(ratings, "spring", "--type", "swiss", "--start", "2024-03-01", "--end", "2024-03-02")
    ratings.refused(
        "import", "trf", write(tmp_path, report()), "--register-new",
        message="event 'spring' is registered with other facts than the file's: end 2024-03-02 (the file: "
        "2024-03-03): give",
    )  # fmt: skip


def test_a_registered_event_that_agrees_takes_the_games(ratings: Ratings, tmp_path: Path) -> None:
    """The event registered before the report came: the same start, no end, no rate of play; its type is a
    round robin, and the file names none (read as swiss, so not compared)."""
    registered(ratings)
    register_event(ratings, "spring", "--type", "round-robin", "--start", "2024-03-01")
    result = ratings.ok("import", "trf", write(tmp_path, report(**{"092": ""})), "--register-new")
    lines = result.output.splitlines()
    assert lines[0].startswith("imported event spring (Spring Open, 2024-03-01 to 2024-03-03): 4 players")
    assert "note: type of tournament '(none)' read as swiss" in lines
    assert "note: event spring was registered already: its games are filed into it, with its facts as registered" in (
        lines
    )
    assert len([g for g in games_of(ratings).values() if g["event"] == "spring"]) == 5
    assert "type: round-robin" in ratings.ok("event", "show", "spring").output


def test_pairings_that_disagree_are_refused_naming_both_lines(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    bad = player_line(2, "Byrne, Bob", 1900, "2500002", "1991/02/03", "1.0", "0001 b 1", "0004 w W", "0003 b 0")
    ratings.refused(
        "import", "trf", write(tmp_path, report(**{"2": bad})), "--register-new",
        message="lines 9 and 10: round 1: results 1 and 1 are not complementary",
    )  # fmt: skip


def test_double_forfeit_is_no_game_and_said(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    changed = {
        "3": player_line(3, "Clark, Cara", 0, "", "1995/05/05", "0.5", "0004 w =", "0001 - -", "0002 w 1"),
        "1": player_line(1, "Adler, Anna", 2100, "2500001", "1990/01/02", "1.5", "0002 w 1", "0003 - -", "0000 - H"),
    }
    result = ratings.ok("import", "trf", write(tmp_path, report(**changed)), "--register-new")
    assert "note: round 2: 1 v 3 is a double forfeit (lines 9 and 11): no game" in result.output
    assert "spring-R2-1-3" not in games_of(ratings)
    assert "points: line 11: Clark, Cara has 0.5 points in the file, 1.5 from its rounds" in result.output


def test_a_registered_event_takes_the_games_within_its_dates(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    ratings.ok("event", "register", "spring", "--name", "Spring Open", "--type", "swiss", "--start", "2024-03-02",
               "--end", "2024-03-03", "--reported", "2024-01-01")  # fmt: skip
    path = write(tmp_path, report())
    ratings.refused("import", "trf", path, "--register-new",
                    message="start 2024-03-02 (the file: 2024-03-01)")  # fmt: skip
    ratings.refused(
        "import", "trf", path, "--register-new", "--into-existing",
        message="the game finished on 2024-03-01, before event 'spring' started on 2024-03-02",
    )  # fmt: skip


def test_a_file_without_dates_is_refused(ratings: Ratings, tmp_path: Path) -> None:
    registered(ratings)
    ratings.refused(
        "import", "trf", write(tmp_path, report(**{"042": "", "052": "", "132": ""})), "--register-new",
        message="the file gives no start date (line 042) and no round dates (line 132)",
    )  # fmt: skip
