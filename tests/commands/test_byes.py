"""Issue 25 §2: byes and unplayed rounds are facts of an event (``event bye``, ``event bye-void``), bounded at the
door, counted in the score table as the event's regulations say and never rated; §3 (event half): the chief and
deputy arbiters and the round dates as correctable facts of the event.

Points of a bye (worked by hand from the texts): a FIDE/Swiss event counts TRF16's codes (C.04 Annex 2) H ½,
F 1, U 1 (C.04.1 (d): "the points rewarded for a win"), Z 0, ``+`` 1, ``-`` 0; an IECG event (C §9A scores an
unplayed game only as a forfeit, the player who was there taking the win) F, U, ``+`` 1 and H, Z, ``-`` 0.
"""

from __future__ import annotations

from tests.commands.support import Ratings
from tests.commands.system_support import listed
from tests.commands.test_events import table_rows


def swiss(ratings: Ratings, kind: str = "swiss") -> None:
    """A 3-round event S (March 2024): A (ICCF 2000), B (1800), C (2100); round 1 A beat B (game S-R1-1-2, an
    import's id: round 1), round 2 B v C paired."""
    for player, rating in (("A", 2000), ("B", 1800), ("C", 2100)):
        ratings.established(player, f"Player {player}", rating)
    ratings.ok("event", "register", "S", "--name", "Spring", "--type", kind, "--start", "2024-03-01", "--end",
               "2024-03-31", "--rounds", "3", "--reported", "2024-03-01")  # fmt: skip
    ratings.game("S-R1-1-2", "A", "B", "1-0", "2024-03-02", "--event", "S")
    ratings.ok("event", "pair", "S", "--round", "2", "--white", "B", "--black", "C", "--reported", "2024-03-05")


def table(ratings: Ratings) -> dict[str, tuple[str, str, str, str]]:
    """Each row's rank, rounds (the event has 3: ``3w1`` his opponent's row number, colour and result, a bye its
    kind and points), points and Sonneborn-Berger."""
    rows = table_rows(ratings.ok("event", "show", "S").stdout, "#  player")
    return {r["player"]: (r["#"], " ".join(r[f"R{n}"] for n in (1, 2, 3) if r[f"R{n}"]), r["points"], r["SB"])
            for r in rows}  # fmt: skip


def test_byes_count_as_fide_swiss_points(ratings: Ratings) -> None:
    swiss(ratings)
    ratings.ok("event", "bye", "S", "C", "1", "--kind", "H", "--reported", "2024-03-02")
    result = ratings.ok("event", "bye", "S", "A", "2", "--kind", "F", "--reported", "2024-03-05")
    assert result.output == "recorded: S round 2: bye F for A\n"
    # A: 1 (beat B) + 1 (F) = 2; C: ½ (H); B: 0. SB: A 1 × B's 0 = 0; C has no game: 0.
    # Rows A (1), C (2), B (3): A beat B with White in round 1, B v C (B White) has no result yet.
    assert table(ratings) == {
        "A": ("1", "3w1 F1", "2", "0"),
        "C": ("2", "H½ 3b*", "½", "0"),
        "B": ("3", "1b0 2w*", "0", "0"),
    }
    shown = ratings.ok("event", "show", "S").stdout.splitlines()
    assert "  bye: round 1 C H" in shown and "  bye: round 2 A F" in shown


def test_byes_of_an_iecg_event_score_as_c_9a_scores_unplayed_games(ratings: Ratings) -> None:
    swiss(ratings, "quad")
    ratings.ok("event", "bye", "S", "C", "1", "--kind", "H", "--reported", "2024-03-02")
    ratings.ok("event", "bye", "S", "A", "2", "--kind", "U", "--reported", "2024-03-05")
    # H scores nothing without a game (0), U a win (1): A 1 + 1 = 2, B 0, C 0.
    # Rows A (1), B (2), C (3): B and C level, listed by id.
    assert {p: (points, rounds) for p, (_, rounds, points, _) in table(ratings).items()} == {
        "A": ("2", "2w1 U1"),
        "B": ("0", "1b0 3w*"),
        "C": ("0", "H0 2b*"),
    }


def test_a_bye_is_never_rated(ratings: Ratings) -> None:
    swiss(ratings)
    before = {rules: listed(ratings, rules, "2024-03") for rules in ("iecg-1.7", "glicko")}
    ratings.ok("event", "bye", "S", "C", "1", "--kind", "F", "--reported", "2024-03-02")
    ratings.ok("event", "bye", "S", "A", "3", "--kind", "+", "--reported", "2024-03-05")
    assert {rules: listed(ratings, rules, "2024-03") for rules in ("iecg-1.7", "glicko")} == before
    assert "C" not in before["iecg-1.7"]  # C played no game: a bye makes him no row


def test_a_bye_is_voided_by_a_new_fact_and_recorded_again(ratings: Ratings) -> None:
    swiss(ratings)
    ratings.ok("event", "bye", "S", "C", "1", "--kind", "H", "--reported", "2024-03-02")
    result = ratings.ok("event", "bye-void", "S", "C", "1", "--reason", "it was a full point", "--reported",
                        "2024-03-03")  # fmt: skip
    assert result.output == "recorded: S round 1: bye H of C void\n"
    ratings.ok("event", "bye", "S", "C", "1", "--kind", "F", "--reported", "2024-03-03")
    assert table(ratings)["C"] == ("1", "F1 3b*", "1", "0")  # B is row 3 (C, A, B)
    history = ratings.ok("event", "show", "S").stdout.split("history:\n")[1].split("\n\n")[0].splitlines()
    kinds = [line[8:20].strip() for line in history]
    assert kinds == ["registered", "paired", "bye", "bye voided", "bye"]


def test_byes_are_bounded_at_the_door(ratings: Ratings) -> None:
    swiss(ratings)
    ratings.ok("event", "bye", "S", "C", "1", "--kind", "H", "--reported", "2024-03-02")
    ratings.register("D", "Dora Void")
    ratings.ok("player", "void", "D", "--reason", "registered twice")
    cases = [
        (("S", "A", "4", "--kind", "H"), "round 4 is after the last round of event 'S' (3 rounds)"),
        (("S", "C", "1", "--kind", "F"), "player 'C' already has a bye (H) in round 1 of 'S'"),
        (("S", "A", "1", "--kind", "H"), "player 'A' has game S-R1-1-2 in round 1 of 'S'"),
        (("S", "B", "2", "--kind", "Z"), "player 'B' is paired in round 2 of 'S': no bye"),
        (("S", "X", "1", "--kind", "H"), "X"),  # not registered
        (("S", "D", "1", "--kind", "H"), "D"),  # void
        (("NOPE", "A", "1", "--kind", "H"), "unknown event 'NOPE'"),
    ]
    for args, message in cases:
        ratings.refused("event", "bye", *args, "--reported", "2024-03-05", message=message)
    ratings.refused("event", "bye", "S", "A", "2", "--kind", "Q", message="Invalid value for '--kind'", status=2)
    ratings.refused("event", "bye-void", "S", "A", "2", "--reason", "x", message="player 'A' has no bye in round 2")


def test_arbiters_and_round_dates_are_correctable_facts_of_the_event(ratings: Ratings) -> None:
    """FIDE C.04 Annex 2 (TRF16): 102 chief arbiter, 112 deputy arbiters, 132 the dates of the rounds."""
    ratings.ok("event", "register", "S", "--name", "Spring", "--type", "swiss", "--start", "2024-03-01", "--end",
               "2024-03-03", "--chief-arbiter", "IA Ann Roe", "--deputy-arbiter", "FA Ed Poe", "--deputy-arbiter",
               "NA Al Doe", "--round-date", "2024-03-01", "--round-date", "-", "--round-date", "2024-03-03",
               "--reported", "2024-03-01")  # fmt: skip
    ratings.ok("event", "correct", "S", "--round-date", "2024-03-01", "--round-date", "2024-03-02", "--round-date",
               "2024-03-03", "--reason", "round 2's date", "--reported", "2024-03-04")  # fmt: skip
    shown = ratings.ok("event", "show", "S").stdout.splitlines()
    assert "  chief-arbiter: IA Ann Roe" in shown
    assert "  deputy-arbiters: FA Ed Poe, NA Al Doe" in shown
    assert "  round-dates: 2024-03-01, 2024-03-02, 2024-03-03" in shown
    then = ratings.ok("event", "show", "S", "--known-at", "2024-03-01").stdout.splitlines()
    assert "  round-dates: 2024-03-01, -, 2024-03-03" in then
    ratings.refused("event", "correct", "S", "--round-date", "2024-04-01", "--reason", "x", "--reported",
                    "2024-03-04", message="round 1 of event 'S' on 2024-04-01 is outside its dates")  # fmt: skip
    # Exported as lines 102, 112 and 132.
    lines = ratings.ok("export", "trf", "--event", "S").stdout.splitlines()
    assert "102 IA Ann Roe" in lines and "112 FA Ed Poe, NA Al Doe" in lines
    assert "132" + " " * 88 + "24/03/01  24/03/02  24/03/03" in lines
    lines_2026 = ratings.ok("export", "trf", "--event", "S", "--trf-version", "2026").stdout.splitlines()
    assert "112 FA Ed Poe" in lines_2026 and "112 NA Al Doe" in lines_2026  # TRF-2026: one line an arbiter
