"""``ratings import pgn`` (issue 13 §2): the games of a PGN file imported from their headers.

The PGN texts are written by hand, tag pair by tag pair (PGN Standard §8.1); the games, events,
ids and notes expected of each are worked by hand from the tags.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.commands.support import Ratings, write_csv


def game(white: str, black: str, result: str, **tags: str) -> str:
    """One game: its tags, then White, Black, Result; a blank line, one line of moves, a blank line.

    So a game of n tags takes n + 6 lines: its first line is the next game's first line minus that.
    """
    pairs = [*tags.items(), ("White", white), ("Black", black), ("Result", result)]
    return "".join(f'[{name} "{value}"]\n' for name, value in pairs) + f"\n1. e4 e5 {result}\n\n"


def write(tmp_path: Path, *games: str, name: str = "games.pgn") -> str:
    path = tmp_path / name
    path.write_text("".join(games), encoding="utf-8")
    return str(path)


def register_four(ratings: Ratings) -> None:
    """Anna and Bob with FIDE ids, Cara and Dan without."""
    ratings.register("A1", "Anna Adler", "--fide-id", "2500001")
    ratings.register("B2", "Bob Byrne", "--fide-id", "2500002")
    ratings.register("C3", "Cara Clark")
    ratings.register("D4", "Dan Doyle")


def names(tmp_path: Path) -> str:
    return write_csv(tmp_path / "names.csv", "name,player", '"Clark, Cara",C3', '"Doyle, Dan",D4')


def games_of(ratings: Ratings) -> dict[str, tuple[object, ...]]:
    """The GameRecorded facts of the log by game id: (white, black, result, finished, event, time control, mode)."""
    found: dict[str, tuple[object, ...]] = {}
    for line in ratings.ok("log", "--format", "json").output.splitlines():
        entry = json.loads(line)
        if entry["type"] == "GameRecorded":
            f = entry["facts"]
            found[f["game"]] = (f["white"], f["black"], f["result"], f["finished"], f["event"], f["time_control"],
                                f["mode"])  # fmt: skip
    return found


def event_lines(ratings: Ratings, event: str) -> list[str]:
    """The facts block of ``ratings event show`` (the lines before ``history:``), stripped."""
    shown = ratings.ok("event", "show", event).output.splitlines()
    return [line.strip() for line in shown[1 : shown.index("history:")]]


A_B = {"WhiteFideId": "2500001", "BlackFideId": "2500002"}
B_A = {"WhiteFideId": "2500002", "BlackFideId": "2500001"}


def test_players_by_their_fide_id_tags_a_match(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    tags = {"Event": "Adler-Byrne", "Site": "Cork", "TimeControl": "5400+30", "Mode": "OTB"}
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", **tags, Date="2024.05.01", Round="1", **A_B),
        game("Byrne, B.", "Adler, A.", "1/2-1/2", **tags, Date="2024.05.03", Round="2", **B_A),
    )
    result = ratings.ok("import", "pgn", path, "--reported", "2024-05-04")
    assert result.output == "imported 2 games (0 unfinished skipped); new events: Adler-Byrne\n"
    assert games_of(ratings) == {
        "Adler-Byrne-R1": ("A1", "B2", "1-0", "2024-05-01", "Adler-Byrne", "5400+30", "otb"),
        "Adler-Byrne-R2": ("B2", "A1", "1/2-1/2", "2024-05-03", "Adler-Byrne", "5400+30", "otb"),
    }
    # Two players only: a match, from the first game's date to the last, at the games' common rate and mode.
    assert event_lines(ratings, "Adler-Byrne") == [
        "name: Adler-Byrne", "type: match", "start: 2024-05-01", "end: 2024-05-03",
        "rate-of-play: 5400+30", "mode: otb", "site: Cork",
    ]  # fmt: skip


def test_players_by_the_mapping_file(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(tmp_path, game("Clark, Cara", "Doyle, Dan", "0-1", Event="Club", Date="2024.02.10", Round="4"))
    ratings.ok("import", "pgn", path, "--players", names(tmp_path))
    assert games_of(ratings) == {"Club-R4": ("C3", "D4", "0-1", "2024-02-10", "Club", None, None)}


def test_a_fide_id_the_ledger_does_not_hold_falls_back_to_the_mapping(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    tags = {"Event": "Club", "Date": "2024.02.10", "Round": "1", "WhiteFideId": "2500003"}
    ratings.ok("import", "pgn", write(tmp_path, game("Clark, Cara", "Byrne, B.", "1-0", **tags, BlackFideId="2500002")),
               "--players", names(tmp_path))  # fmt: skip
    assert games_of(ratings) == {"Club-R1": ("C3", "B2", "1-0", "2024-02-10", "Club", None, None)}


def test_unmapped_names_are_refused_listing_their_lines(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B),  # lines 1-11
        game("Clark, Cara", "Evans, Eve", "1-0", Event="Club", Date="2024.02.10", Round="2"),  # lines 12-20
        game("Ford, Finn", "Doyle, Dan", "0-1", Event="Club", Date="2024.02.10", Round="3", WhiteFideId="2500006"),
    )
    ratings.refused(
        "import", "pgn", path, "--players", names(tmp_path),
        message="2 player(s) of the file are not registered, nor in the --players mapping: "
        "line 12 Evans, Eve; line 21 Ford, Finn (FIDE id 2500006)",
    )  # fmt: skip


def test_unfinished_games_are_counted_and_skipped(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "*", Event="Club", Date="2024.02.10", Round="1", **A_B),  # lines 1-11
        game("Byrne, B.", "Adler, A.", "0-1", Event="Club", Date="2024.02.11", Round="2", **B_A),  # lines 12-22
        game("Nobody", "Nemo", "*", Event="Club", Date="2024.02.12", Round="3"),  # lines 23-31: not looked up
    )
    result = ratings.ok("import", "pgn", path)
    assert result.output.splitlines() == [
        "imported 1 games (2 unfinished skipped); new events: Club",
        "note: line 1: unfinished (*), skipped",
        "note: line 23: unfinished (*), skipped",
    ]
    assert games_of(ratings) == {"Club-R2": ("B2", "A1", "0-1", "2024-02-11", "Club", None, None)}


def test_games_are_grouped_into_events_by_their_headers(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    mapped = {"Event": "Open", "Site": "Galway"}
    path = write(
        tmp_path,
        # "Open" is played at two sites: each is an event named "Open <site>"; "Blitz" at one: named "Blitz".
        game("Adler, A.", "Byrne, B.", "1-0", **mapped, Date="2024.06.01", Round="1", Board="1", TimeControl="3600",
             Mode="OTB", **A_B),
        game("Clark, Cara", "Doyle, Dan", "1/2-1/2", **mapped, Date="2024.06.01", Round="1", Board="2",
             TimeControl="3600", Mode="OTB"),
        game("Doyle, Dan", "Adler, A.", "0-1", **mapped, Date="2024.06.02", Round="2", Board="1", TimeControl="5400",
             Mode="OTB", WhiteFideId="0", BlackFideId="2500001"),
        game("Adler, A.", "Clark, Cara", "1-0", Event="Open", Site="Sligo", Date="2024.07.05", Round="1",
             WhiteFideId="2500001"),
        game("Byrne, B.", "Doyle, Dan", "0-1", Event="Blitz", Site="Sligo", Date="2024.07.06", Round="1",
             Mode="ICS", WhiteFideId="2500002"),
    )  # fmt: skip
    result = ratings.ok("import", "pgn", path, "--players", names(tmp_path))
    assert result.output == "imported 5 games (0 unfinished skipped); new events: Blitz, Open Galway, Open Sligo\n"
    assert games_of(ratings) == {
        "Open Galway-R1-B1": ("A1", "B2", "1-0", "2024-06-01", "Open Galway", "3600", "otb"),
        "Open Galway-R1-B2": ("C3", "D4", "1/2-1/2", "2024-06-01", "Open Galway", "3600", "otb"),
        "Open Galway-R2-B1": ("D4", "A1", "0-1", "2024-06-02", "Open Galway", "5400", "otb"),
        "Open Sligo-R1": ("A1", "C3", "1-0", "2024-07-05", "Open Sligo", None, None),
        "Blitz-R1": ("B2", "D4", "0-1", "2024-07-06", "Blitz", None, "online"),
    }
    # Four players: swiss; the modes agree (otb), the rates of play do not (3600, 5400): none.
    assert event_lines(ratings, "Open Galway") == [
        "name: Open", "type: swiss", "start: 2024-06-01", "end: 2024-06-02", "mode: otb", "site: Galway",
    ]  # fmt: skip
    assert event_lines(ratings, "Open Sligo") == [
        "name: Open", "type: match", "start: 2024-07-05", "end: 2024-07-05", "site: Sligo",
    ]  # fmt: skip
    assert event_lines(ratings, "Blitz") == [
        "name: Blitz", "type: match", "start: 2024-07-06", "end: 2024-07-06", "mode: online", "site: Sligo",
    ]  # fmt: skip


def test_the_event_date_stands_for_a_missing_date(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(tmp_path, game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.??.??",
                                EventDate="2024.03.09", Round="1", **A_B))  # fmt: skip
    ratings.ok("import", "pgn", path)
    assert games_of(ratings) == {"Club-R1": ("A1", "B2", "1-0", "2024-03-09", "Club", None, None)}


def test_a_game_with_no_complete_date_is_refused(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B),
        game("Byrne, B.", "Adler, A.", "1-0", Event="Club", Date="2024.02.??", EventDate="?", Round="2", **B_A),
    )
    ratings.refused("import", "pgn", path, message="line 12: the game has no complete Date or EventDate")


def test_a_game_without_an_event_tag_needs_the_event_option(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(tmp_path, game("Adler, A.", "Byrne, B.", "1-0", Date="2024.02.10", Round="1", **A_B))
    ratings.refused("import", "pgn", path, message="line 1: the game has no Event tag: give the event with --event")
    ratings.ok("import", "pgn", path, "--event", "friendly", "--create-event")
    assert games_of(ratings) == {"friendly-R1": ("A1", "B2", "1-0", "2024-02-10", "friendly", None, None)}


def register_club(ratings: Ratings) -> None:
    ratings.ok("event", "register", "club-24", "--name", "Club 2024", "--type", "swiss", "--start", "2024-02-01",
               "--end", "2024-02-29", "--reported", "2024-01-01")  # fmt: skip


def test_the_event_option_takes_the_games_into_a_registered_event(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    register_club(ratings)
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.01", Round="1", **A_B),
        game("Byrne, B.", "Adler, A.", "0-1", Event="Other", Date="2024.02.29", Round="2", **B_A),
    )
    result = ratings.ok("import", "pgn", path, "--event", "club-24")
    assert result.output == "imported 2 games (0 unfinished skipped); new events: none\n"
    assert games_of(ratings) == {
        "club-24-R1": ("A1", "B2", "1-0", "2024-02-01", "club-24", None, None),
        "club-24-R2": ("B2", "A1", "0-1", "2024-02-29", "club-24", None, None),
    }
    # The registered event is as it was: one registration, its own facts.
    assert event_lines(ratings, "club-24") == [
        "name: Club 2024", "type: swiss", "start: 2024-02-01", "end: 2024-02-29",
    ]  # fmt: skip


def test_a_game_outside_the_registered_events_dates_is_refused(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    register_club(ratings)
    early = write(tmp_path, game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.01.31", Round="1", **A_B))
    ratings.refused(
        "import", "pgn", early, "--event", "club-24",
        message="the game finished on 2024-01-31, before event 'club-24' started on 2024-02-01",
    )  # fmt: skip
    late = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B),
        game("Byrne, B.", "Adler, A.", "1-0", Event="Club", Date="2024.03.01", Round="2", **B_A),
        name="late.pgn",
    )
    ratings.refused(
        "import", "pgn", late, "--event", "club-24",
        message="the game finished on 2024-03-01, after event 'club-24' ended on 2024-02-29",
    )  # fmt: skip


def test_game_ids_from_the_game_id_tag_round_and_board(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    club = {"Event": "Club", "Date": "2024.02.10"}
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", **club, Round="1", GameId="league-game-17", **A_B),
        game("Clark, Cara", "Doyle, Dan", "0-1", **club, Round="3.1"),
        game("Doyle, Dan", "Clark, Cara", "0-1", **club, Round="4", Board="2"),
    )
    ratings.ok("import", "pgn", path, "--players", names(tmp_path))
    assert sorted(games_of(ratings)) == ["Club-R3.1", "Club-R4-B2", "league-game-17"]


def test_games_round_and_board_cannot_tell_apart_are_named_by_their_players(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    club = {"Event": "Club", "Date": "2024.02.10", "Round": "1"}
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", **club, **A_B),
        game("Clark, Cara", "Doyle, Dan", "0-1", **club),
        game("Byrne, B.", "Clark, Cara", "1-0", Event="Club", Date="2024.02.11", Round="2", GameId="kept",
             WhiteFideId="2500002"),
    )  # fmt: skip
    result = ratings.ok("import", "pgn", path, "--players", names(tmp_path))
    assert "note: event Club: round and board do not tell its games apart: their ids name the players" in (
        result.output.splitlines()
    )
    assert games_of(ratings) == {
        "Club-R1-A1-B2": ("A1", "B2", "1-0", "2024-02-10", "Club", None, None),
        "Club-R1-C3-D4": ("C3", "D4", "0-1", "2024-02-10", "Club", None, None),
        "kept": ("B2", "C3", "1-0", "2024-02-11", "Club", None, None),
    }


def test_dry_run_records_nothing(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B),
        game("Byrne, B.", "Adler, A.", "*", Event="Club", Date="2024.02.11", Round="2", **B_A),
    )
    before = ratings.ok("log").output
    result = ratings.ok("import", "pgn", path, "--dry-run")
    # 1 event registered, 1 game recorded.
    assert result.output.splitlines() == [
        "would import 1 games (1 unfinished skipped); new events: Club",
        "  game Club-R1 A1 B2 1-0 2024-02-10 event Club",
        "note: line 12: unfinished (*), skipped",
        "would record 2 events; nothing was recorded",
    ]
    assert ratings.ok("log").output == before


def test_a_second_import_is_refused_whole(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    first = write(tmp_path, game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B))
    ratings.ok("import", "pgn", first, "--reported", "2024-05-01")
    # The same game again, with a new one: nothing of the file is recorded.
    again = write(
        tmp_path,
        game("Byrne, B.", "Adler, A.", "1-0", Event="Club", Date="2024.02.10", Round="2", **B_A),
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B),
        name="again.pgn",
    )
    ratings.refused(
        "import", "pgn", again,
        message=f"{again}: 1 of its 2 games is recorded already, in event Club (reported 2024-05-01): "
        "give --again to import it again",
    )  # fmt: skip
    # Its id is the same: --again cannot record it twice.
    ratings.refused(
        "import", "pgn", again, "--again",
        message="game 'Club-R1' (line 12) is already recorded: was this file imported before?",
    )  # fmt: skip
    assert sorted(games_of(ratings)) == ["Club-R1"]


# --- issue 22 §5: an unknown --event, and games recorded already under other ids ---------------------------------


def test_an_unknown_event_is_refused_unless_created(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    register_club(ratings)
    path = write(tmp_path, game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B))
    # A typo of club-24: refused as `game record --event` refuses it.
    ratings.refused(
        "import", "pgn", path, "--event", "club-42",
        message="unknown event 'club-42': register it first (ratings event register), or give --create-event "
        "to register it from the file's headers",
    )  # fmt: skip
    ratings.refused("game", "record", "G1", "--white", "A1", "--black", "B2", "--result", "1-0", "--finished",
                    "2024-02-10", "--event", "club-42", message="unknown event 'club-42'")  # fmt: skip
    result = ratings.ok("import", "pgn", path, "--event", "club-42", "--create-event")
    assert result.output == "imported 1 games (0 unfinished skipped); new events: club-42\n"
    assert event_lines(ratings, "club-42") == ["name: Club", "type: match", "start: 2024-02-10", "end: 2024-02-10"]


def test_create_event_without_event_is_misuse(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(tmp_path, game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B))
    ratings.refused("import", "pgn", path, "--create-event", status=2, message="--create-event needs --event")


def test_games_recorded_under_other_ids_are_refused_naming_their_event(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    register_club(ratings)
    ratings.game("C-1", "A1", "B2", "1-0", "2024-02-10", "--event", "club-24")
    ratings.game("C-2", "B2", "A1", "1/2-1/2", "2024-02-17", "--event", "club-24")
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", **A_B),
        game("Byrne, B.", "Adler, A.", "1/2-1/2", Event="Club", Date="2024.02.17", Round="2", **B_A),
    )
    ratings.refused(
        "import", "pgn", path,
        message=f"{path}: its 2 games are recorded already, in event club-24 (reported 2024-02-10): "
        "give --again to import them again",
    )  # fmt: skip
    result = ratings.ok("import", "pgn", path, "--again")
    assert result.output == "imported 2 games (0 unfinished skipped); new events: Club\n"


def test_mapping_files_that_are_refused(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(tmp_path, game("Clark, Cara", "Doyle, Dan", "0-1", Event="Club", Date="2024.02.10", Round="4"))
    header = write_csv(tmp_path / "header.csv", "pgn,id", '"Clark, Cara",C3')
    ratings.refused("import", "pgn", path, "--players", header,
                    message=f"{header}: the first line must be the header name,player, not 'pgn,id'")  # fmt: skip
    twice = write_csv(tmp_path / "twice.csv", "name,player", '"Clark, Cara",C3', '"Doyle, Dan",D4', '"Clark, Cara",A1')
    ratings.refused("import", "pgn", path, "--players", twice,
                    message=f"{twice} line 4: 'Clark, Cara' is mapped twice")  # fmt: skip
    unknown = write_csv(tmp_path / "unknown.csv", "name,player", '"Clark, Cara",C3', '"Doyle, Dan",Z9')
    ratings.refused("import", "pgn", path, "--players", unknown,
                    message="the --players mapping names player 'Z9', who is not registered")  # fmt: skip


def test_one_event_name_on_two_event_dates_is_two_events(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Site="Cork", EventDate="2023.01.07", Date="2023.01.07",
             Round="1", **A_B),
        game("Adler, A.", "Byrne, B.", "0-1", Event="Club", Site="Cork", EventDate="2024.01.06", Date="2024.01.06",
             Round="1", **A_B),
    )  # fmt: skip
    ratings.ok("import", "pgn", path)
    assert len([line for line in ratings.ok("log").output.splitlines() if "TournamentRegistered" in line]) == 2


def test_a_long_event_name_at_two_sites_is_two_events(ratings: Ratings, tmp_path: Path) -> None:
    register_four(ratings)
    congress = "Irish Championship Congress Open Section"
    path = write(
        tmp_path,
        game("Adler, A.", "Byrne, B.", "1-0", Event=congress, Site="Cork", Date="2024.01.06", Round="1", **A_B),
        game("Adler, A.", "Byrne, B.", "0-1", Event=congress, Site="Galway", Date="2024.02.03", Round="1", **A_B),
    )
    ratings.ok("import", "pgn", path)
    assert len({event for *_, event, _, _ in games_of(ratings).values()}) == 2


def test_a_variant_game_refuses_the_file_and_records_nothing(ratings: Ratings, tmp_path: Path) -> None:
    """A Crazyhouse game in a lichess export: the file is refused naming the line and the variant, the ledger
    unchanged (an import is all or nothing); the same file without it imports."""
    register_four(ratings)
    standard = game("Adler, A.", "Byrne, B.", "1-0", Event="Club", Date="2024.02.10", Round="1", Variant="Standard",
                    **A_B)  # fmt: skip
    crazyhouse = game("Adler, A.", "Byrne, B.", "0-1", Event="Club", Date="2024.02.10", Round="2",
                      Variant="Crazyhouse", **A_B)  # fmt: skip
    path = write(tmp_path, standard, crazyhouse)
    variant_line = 1 + path_lines(path).index('[Variant "Crazyhouse"]')
    ratings.refused(
        "import", "pgn", path, "--players", names(tmp_path),
        message=f"line {variant_line}: Variant 'Crazyhouse' is not standard chess: "
        "the ledger rates standard chess games only",
    )  # fmt: skip
    assert games_of(ratings) == {}
    ratings.ok("import", "pgn", write(tmp_path, standard, name="standard.pgn"), "--players", names(tmp_path))
    assert list(games_of(ratings)) == ["Club-R1"]


def path_lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()
