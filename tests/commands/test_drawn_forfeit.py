"""A fact the recorder accepts never crashes a reader: a drawn forfeit (issue 22 §4).

``ratings game record g1 … --result 1/2-1/2 --forfeit arbiter --event Q`` was accepted, and then
``event show Q``, ``site`` and ``publish-db`` died with ``InvalidGameError: a forfeit is a win for one
player``. A forfeit is a win for one player (IECG §VIII.3: "treated as a win in the score tables"): the
recorder refuses a drawn one at the door (``game record``, ``game correct``, ``import games``), and a log
that already holds one (stored by an older version: here the check switched off while recording) has it
withheld by every reader, with its remedy, as for the other unusable facts (issue 10 §3).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger import values
from tests.commands.support import RULES, Ratings, record, stored_rows, write_csv

FORFEIT_RULE = "a forfeit is a win for one player, 1-0 or 0-1 (IECG §VIII.3"


@pytest.fixture
def event_q(ratings: Ratings) -> Ratings:
    """A (2000) and B (1800), both established; event Q from 2024-01-01; A beat B in g0 on 2024-01-05."""
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.ok("event", "register", "Q", "--name", "Q Cup", "--type", "swiss", "--start", "2024-01-01",
               "--reported", "2024-01-01")  # fmt: skip
    ratings.game("g0", "A", "B", "1-0", "2024-01-05", "--event", "Q")
    return ratings


@pytest.fixture
def unchecked(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """The check of issue 22 §4 switched off, as before it existed (for recording only)."""
    with monkeypatch.context() as patched:
        patched.setattr(values, "check_forfeit_result", lambda result, *_: result)
        yield patched


@pytest.fixture
def drawn_forfeit(event_q: Ratings, unchecked: pytest.MonkeyPatch) -> Ratings:
    """The issue's ledger: g1, B v A, an arbiter's forfeit recorded as a draw (position 5)."""
    event_q.game("g1", "B", "A", "1/2-1/2", "2024-01-10", "--forfeit", "arbiter", "--event", "Q")
    unchecked.undo()
    return event_q


# --- refused at the door ---------------------------------------------------------------------------------


@pytest.mark.parametrize("forfeit", ["arbiter", "withdrawal"])
def test_game_record_refuses_a_drawn_forfeit(event_q: Ratings, forfeit: str) -> None:
    args = record("g1", "B", "A", "1/2-1/2", "2024-01-10", "--forfeit", forfeit, "--event", "Q")
    result = event_q.refused(*args, message=f"result 1/2-1/2 with forfeit '{forfeit}': {FORFEIT_RULE}")
    assert result.stderr.count("\n") == 1
    event_q.ok(*record("g1", "B", "A", "0-1", "2024-01-10", "--forfeit", forfeit, "--event", "Q"))


def test_game_correct_refuses_to_draw_a_forfeit_or_to_forfeit_a_draw(event_q: Ratings) -> None:
    event_q.game("g1", "B", "A", "0-1", "2024-01-10", "--forfeit", "arbiter")
    event_q.game("g2", "B", "A", "1/2-1/2", "2024-01-11")
    event_q.refused("game", "correct", "g1", "--result", "1/2-1/2", "--reason", "typo",
                    message=f"result 1/2-1/2 with forfeit 'arbiter': {FORFEIT_RULE}")  # fmt: skip
    event_q.refused("game", "correct", "g2", "--forfeit", "withdrawal", "--reason", "typo",
                    message=f"result 1/2-1/2 with forfeit 'withdrawal': {FORFEIT_RULE}")  # fmt: skip
    event_q.ok("game", "correct", "g1", "--result", "1/2-1/2", "--forfeit", "none", "--reason", "played out")
    event_q.ok("game", "correct", "g2", "--result", "1-0", "--forfeit", "arbiter", "--reason", "a claim on time")


def test_game_correct_refuses_a_drawn_forfeit_as_known_between_two_reports(event_q: Ratings) -> None:
    """A correction reported before an earlier-entered one is seen without it until that one's report."""
    event_q.game("g2", "B", "A", "1/2-1/2", "2024-01-11")
    event_q.ok("game", "correct", "g2", "--result", "0-1", "--reason", "a win", "--reported", "2024-03-01")
    # As corrected it is 0-1 with an arbiter's forfeit; but as known on 2024-02-01 it would be a drawn forfeit.
    event_q.refused("game", "correct", "g2", "--forfeit", "arbiter", "--reason", "on time", "--reported",
                    "2024-02-01", message=f"as known on 2024-02-01, before the correction reported later: "
                    f"result 1/2-1/2 with forfeit 'arbiter': {FORFEIT_RULE}")  # fmt: skip
    event_q.ok("game", "correct", "g2", "--forfeit", "arbiter", "--reason", "on time", "--reported", "2024-03-02")


def test_import_games_refuses_a_drawn_forfeit_naming_its_line(event_q: Ratings, tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "games.csv",
        "game,white,black,result,finished,tournament,forfeit,reported",
        "g5,A,B,1-0,2024-01-12,,arbiter,2024-01-13",
        "g6,B,A,1/2-1/2,2024-01-12,,arbiter,2024-01-13",
    )
    event_q.refused("import", "games", path, message=f"line 3: result 1/2-1/2 with forfeit 'arbiter': {FORFEIT_RULE}")


# --- withheld by every reader when a log holds one ---------------------------------------------------------

REMEDY = "neutralise it with `ratings game correct g1 --result R --forfeit KIND --reason TEXT` or `ratings game void g1"

READERS = [
    ("list", *RULES, "--period", "2024-01"),
    ("list", "--rules", "icu-1980", "--period", "2024"),
    ("explain", "A", *RULES, "--period", "2024-01"),
    ("history", "A", "--rules", "glicko2"),
    ("event", "show", "Q"),
    ("event", "status", "Q"),
    ("players",),
    ("export", "trf", "--event", "Q"),
    ("site", *RULES, "--from", "2024-01", "--to", "2024-01", "--out", "SITE"),
    ("publish-db", *RULES, "--out", "PUBLISHED.db"),
]


@pytest.mark.parametrize("cache", [True, False], ids=["cache", "no-cache"])
@pytest.mark.parametrize("reader", READERS, ids=lambda r: " ".join(r[:2]))
def test_every_reader_withholds_a_stored_drawn_forfeit_with_its_remedy(
    drawn_forfeit: Ratings, reader: tuple[str, ...], cache: bool, tmp_path: Path
) -> None:
    args = [str(tmp_path / a) if a in ("SITE", "PUBLISHED.db") else a for a in reader]
    result = drawn_forfeit.refused(
        *([] if cache else ["--no-cache"]),
        *args,
        message="the log holds a fact that cannot be used: position 5 (GameRecorded g1): result 1/2-1/2 with "
        f"forfeit 'arbiter': {FORFEIT_RULE}",
    )
    assert result.stderr.count("\n") == 1
    assert REMEDY in result.stderr
    assert "InvalidGameError" not in result.output


def test_skip_unusable_shows_the_event_without_it(drawn_forfeit: Ratings) -> None:
    result = drawn_forfeit.ok("--skip-unusable", "event", "show", "Q")
    assert result.stderr.startswith("skipped: position 5 (GameRecorded g1): result 1/2-1/2")
    assert "g1" not in result.stdout
    # g0 alone: A 1 point, B 0 (A beat B)
    assert "\n1  A       Anna Adler         2000  x  1  1       0" in result.stdout
    assert "\n2  B       Bob Byrne          1800  0  x  0       0" in result.stdout


def test_the_log_and_game_show_still_show_it_as_stored(drawn_forfeit: Ratings) -> None:
    shown = drawn_forfeit.ok("game", "show", "g1").stdout
    assert "forfeit=arbiter" in shown
    assert "result=1/2-1/2" in drawn_forfeit.ok("log").stdout
    # game show says why no list uses it, and what neutralises it
    assert shown.endswith(
        f"withheld from every list: result 1/2-1/2 with forfeit 'arbiter': {FORFEIT_RULE}: "
        "a forfeited game is a win in the score table): "
        "`ratings game correct g1 --result R --forfeit KIND --reason TEXT` or `ratings game void g1 --reason TEXT`\n"
    )
    shown_json = json.loads(drawn_forfeit.ok("game", "show", "g1", "--format", "json").stdout)
    assert shown_json["withheld"].startswith("result 1/2-1/2 with forfeit 'arbiter'")
    assert json.loads(drawn_forfeit.ok("game", "show", "g0", "--format", "json").stdout)["withheld"] is None
    assert "withheld" not in drawn_forfeit.ok("game", "show", "g0").stdout


# --- neutralised: a correction makes it usable, a void takes it away -------------------------------------------


def test_a_correction_makes_the_game_count_from_its_report(drawn_forfeit: Ratings) -> None:
    drawn_forfeit.refused("game", "correct", "g1", "--tournament", "Q Cup", "--reason", "name",
                          message=f"result 1/2-1/2 with forfeit 'arbiter': {FORFEIT_RULE}")  # fmt: skip
    drawn_forfeit.ok("game", "correct", "g1", "--result", "0-1", "--reason", "A claimed on time",
                     "--reported", "2024-02-01")  # fmt: skip
    warm = drawn_forfeit.ok("event", "show", "Q").stdout
    assert warm == drawn_forfeit.ok("--no-cache", "event", "show", "Q").stdout
    # g0 won by A, g1 won by A by forfeit: A 2 points (1 and +), B 0
    assert "\n1  A       Anna Adler         2000  x   1+  2       0" in warm
    assert "\n2  B       Bob Byrne          1800  0-  x   0       0" in warm
    # as known before the correction the game is not known: g0 alone
    before = drawn_forfeit.ok("event", "show", "Q", "--known-at", "2024-01-20").stdout
    assert "\n1  A       Anna Adler         2000  x  1  1       0" in before
    # later amendments amend the game as corrected, warm and cold
    drawn_forfeit.ok("game", "correct", "g1", "--white", "A", "--black", "B", "--reason", "colours swapped",
                     "--reported", "2024-02-02")  # fmt: skip
    warm = drawn_forfeit.ok("event", "show", "Q").stdout  # a warm projections file, to the head
    # g0 to A, g1 (A v B, 0-1) to B by forfeit: 1 each, SB 1 each; C §14.2 parts them by the performance from the
    # initial ratings (issue 25 §2: A 2000 and B 1800 as registered, on no list before January): each scored ½
    # against the other, D(½) = 0, so B's is A's 2000 and A's is B's 1800.
    assert "\n1  B       Bob Byrne          1800  x   0+  1       1   2000" in warm
    assert "\n2  A       Anna Adler         2000  1-  x   1       1   1800  performance" in warm
    drawn_forfeit.ok("game", "correct", "g1", "--result", "1-0", "--reason", "A claimed", "--reported", "2024-02-03")
    warm = drawn_forfeit.ok("event", "show", "Q").stdout
    assert warm == drawn_forfeit.ok("--no-cache", "event", "show", "Q").stdout
    assert "\n1  A       Anna Adler         2000  x   1+  2       0" in warm
    assert drawn_forfeit.ok("verify", "--cache").exit_code == 0


def test_a_void_neutralises_it(drawn_forfeit: Ratings) -> None:
    drawn_forfeit.ok("game", "void", "g1", "--reason", "recorded in error")
    for options in ((), ("--no-cache",)):
        result = drawn_forfeit.ok(*options, "event", "show", "Q")
        assert result.stderr == ""
        assert "\n1  A       Anna Adler         2000  x  1  1       0" in result.stdout


def test_a_stored_correction_that_draws_a_forfeit_is_withheld(event_q: Ratings, unchecked: pytest.MonkeyPatch) -> None:
    event_q.game("g1", "B", "A", "0-1", "2024-01-10", "--forfeit", "arbiter", "--event", "Q")
    event_q.ok("game", "correct", "g1", "--result", "1/2-1/2", "--reason", "typo", "--reported", "2024-01-11")
    unchecked.undo()
    for options in ((), ("--no-cache",)):
        result = event_q.refused(*options, "event", "show", "Q", message="position 6 (GameCorrected g1): the game "
                                 "would be a drawn forfeit: a forfeit is a win for one player (IECG §VIII.3); "
                                 "neutralise it with `ratings game correct g1 --result R --forfeit KIND --reason "
                                 "TEXT` or `ratings game void g1 --reason TEXT`")  # fmt: skip
        assert result.stderr.count("\n") == 1
    rows = stored_rows(event_q.db)
    event_q.ok("game", "correct", "g1", "--result", "0-1", "--forfeit", "arbiter", "--reason", "as recorded")
    assert len(stored_rows(event_q.db)) == len(rows) + 1
    for options in ((), ("--no-cache",)):
        assert (
            "\n1  A       Anna Adler         2000  x   1+  2       0"
            in event_q.ok(*options, "event", "show", "Q").stdout
        )
