"""``ratings player merge`` and ``unmerge`` (issue 13 §4): a duplicate registration counted as its original.

The expected lists are not computed from the merge: they are the lists of a second ledger in which
the duplicate's games were recorded for the original in the first place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.support import Ratings

GAMES = (
    ("g1", "A", "B", "1-0", "2024-01-10"),
    ("g2", "A2", "C", "1/2-1/2", "2024-01-20"),
    ("g3", "B", "A2", "0-1", "2024-02-05"),
    ("g4", "C", "A", "0-1", "2024-02-15"),
)
PERIODS = (("iecg-1.7", "2024-01"), ("glicko", "2024-01"), ("glicko", "2024-02"), ("icu-1980", "2024-01"))
"""Lists of three families: IECG (two months), Glicko (a month), the ICU (a year)."""


def ledger(ratings: Ratings, *, duplicate: bool) -> Ratings:
    """Anna (A), Bob (B), Cara (C), and (``duplicate``) Anna registered again as A2, who played g2 and g3."""
    ratings.register("A", "Anna Adler")
    ratings.register("B", "Bob Byrne")
    ratings.register("C", "Cara Clark")
    if duplicate:
        ratings.register("A2", "Anna Adler")
        ratings.ok("player", "prior", "A2", "--system", "fide", "--rating", "1900", "--as-of", "2023-12-01",
                   "--reported", "2024-01-01")  # fmt: skip
    else:
        ratings.ok("player", "prior", "A", "--system", "fide", "--rating", "1900", "--as-of", "2023-12-01",
                   "--reported", "2024-01-01")  # fmt: skip
    for game, white, black, result, finished in GAMES:
        if not duplicate:
            white, black = ("A" if white == "A2" else white), ("A" if black == "A2" else black)
        ratings.ok("game", "record", game, "--white", white, "--black", black, "--result", result,
                   "--finished", finished, "--reported", finished)  # fmt: skip
    return ratings


def lists(ratings: Ratings, *options: str) -> dict[tuple[str, str], str]:
    return {
        (rules, period): ratings.ok("list", "--rules", rules, "--period", period, *options).output
        for rules, period in PERIODS
    }


@pytest.fixture
def merged(tmp_path: Path) -> Ratings:
    ratings = ledger(Ratings(tmp_path / "merged.db"), duplicate=True)
    ratings.ok("player", "merge", "A2", "--into", "A", "--reason", "registered twice", "--reported", "2024-03-01")
    return ratings


def test_after_the_merge_the_lists_are_those_of_one_registration(merged: Ratings, tmp_path: Path) -> None:
    truth = ledger(Ratings(tmp_path / "truth.db"), duplicate=False)
    assert lists(merged) == lists(truth)
    # Not trivially equal: Anna is on the Glicko and ICU lists with all four of her games.
    assert lists(truth)[("glicko", "2024-02")].count(" A ") == 1 and "A2" not in lists(truth)[("glicko", "2024-02")]
    assert lists(merged, "--known-at", "2024-03-01") == lists(truth)
    assert lists(Ratings(merged.db), "--known-at", "2024-03-01") == lists(truth)  # twice: from the cache
    # Cold, from the log alone: the same bytes.
    cold = {k: merged.ok("--no-cache", "list", "--rules", k[0], "--period", k[1]).output for k in lists(truth)}
    assert cold == lists(truth)


def test_as_known_before_the_merge_the_duplicate_is_his_own(merged: Ratings, tmp_path: Path) -> None:
    before = ledger(Ratings(tmp_path / "before.db"), duplicate=True)
    assert lists(merged, "--known-at", "2024-02-29") == lists(before)
    assert " A2 " in lists(before)[("glicko", "2024-02")] and " A2 " not in lists(merged)[("glicko", "2024-02")]


def test_an_unmerge_undoes_it(merged: Ratings, tmp_path: Path) -> None:
    merged.ok("player", "unmerge", "A2", "--reason", "mother and daughter", "--reported", "2024-03-05")
    apart = ledger(Ratings(tmp_path / "apart.db"), duplicate=True)
    assert lists(merged) == lists(apart)
    truth = ledger(Ratings(tmp_path / "truth.db"), duplicate=False)
    assert lists(merged, "--known-at", "2024-03-04") == lists(truth)


def test_refusals(merged: Ratings) -> None:
    merged.register("D", "Dan Doyle")
    merged.refused("player", "merge", "A2", "--into", "B", "--reason", "x",
                   message="player 'A2' is already merged into 'A'")  # fmt: skip
    merged.refused("player", "merge", "D", "--into", "A2", "--reason", "x",
                   message="player 'A2' is merged into 'A': merge 'D' into 'A'")  # fmt: skip
    merged.refused("player", "merge", "B", "--into", "A", "--reason", "x",
                   message="players 'B' and 'A' both played game 'g1' (and 1 more): one registration cannot play the "
                   "other; correct or void the game first")  # fmt: skip
    merged.refused("player", "merge", "C", "--into", "C", "--reason", "x",
                   message="player 'C' cannot be merged into himself")  # fmt: skip
    merged.refused("player", "merge", "Z", "--into", "A", "--reason", "x", message="unknown player 'Z'")
    merged.refused("player", "unmerge", "B", "--reason", "x", message="player 'B' is not merged")
    merged.refused("game", "record", "g9", "--white", "A2", "--black", "D", "--result", "1-0",
                   "--finished", "2024-03-02", "--reported", "2024-03-02",
                   message="player 'A2' is merged into 'A': record the game for 'A'")  # fmt: skip
    merged.refused("player", "merge", "D", "--into", "A", "--reason", "x", "--reported", "2023-12-31",
                   message="the merge is reported on 2023-12-31, before the later registration")  # fmt: skip


def test_a_chain_of_merges_counts_every_duplicate_as_the_last(merged: Ratings, tmp_path: Path) -> None:
    """A2 into A, then A into A3: A2's and A's games are A3's (``FactsView`` resolves the chain)."""
    merged.register("A3", "Anna Adler")
    merged.ok("player", "merge", "A", "--into", "A3", "--reason", "third registration", "--reported", "2024-03-02")
    glicko = merged.ok("list", "--rules", "glicko", "--period", "2024-02").output
    truth = ledger(Ratings(tmp_path / "truth.db"), duplicate=False)
    expected = truth.ok("list", "--rules", "glicko", "--period", "2024-02").output
    assert glicko == expected.replace(" A     ", " A3    ")
