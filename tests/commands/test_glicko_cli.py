"""Glicko and Glicko-2 (``glicko``, ``glicko2``) through the command line: issue 5 §4.

Glickman's worked examples, built as a ledger holds them: the four players
bring their ratings as priors (``player prior --system glicko2 --rating R
--deviation RD --volatility σ``) as of the first day of the rating period
(February 2024, a monthly period) so that no inactivity grows their RD before
it, and the player under test beats the 1400 and loses to the 1550 and the
1700 in that month.

- Glicko-2: M. E. Glickman, "Example of the Glicko-2 system" (glicko2.pdf, 2013), the example
  of §"Example calculation": r′ = 1464.06, RD′ = 151.52, σ′ = 0.05999 (issue 5 §4: ±0.01).
- Glicko-1: M. E. Glickman, "The Glicko system" (glicko.pdf), the example after Step 2:
  r′ = 1464, RD′ = 151.4 (issue 5 §4: ±0.5, the paper rounds its intermediates).
"""

from __future__ import annotations

import re

import pytest

from tests.commands.support import Ratings
from tests.commands.system_support import explain_lines, listed, terms_of

OPPONENTS = (("B1400", 1400, 30), ("B1550", 1550, 100), ("B1700", 1700, 300))


def setup(ratings: Ratings, system: str) -> None:
    for player, rating, rd in (("A", 1500, 200), *OPPONENTS):
        ratings.ok("player", "register", player, "--name", f"Player {player}", "--reported", "2024-01-01")
        options = ["--volatility", "0.06"] if system == "glicko2" else []
        ratings.ok("player", "prior", player, "--system", system, "--rating", str(rating), "--deviation", str(rd),
                   *options, "--as-of", "2024-02-01", "--reported", "2024-02-01")  # fmt: skip
    for day, (opponent, result) in enumerate((("B1400", "1-0"), ("B1550", "0-1"), ("B1700", "0-1")), start=10):
        ratings.ok("game", "record", f"g{day}", "--white", "A", "--black", opponent, "--result", result,
                   "--finished", f"2024-02-{day}", "--reported", f"2024-02-{day}")  # fmt: skip


def term(text: str, name: str) -> float:
    match = re.search(rf"(?:^|, ){re.escape(name)} (-?[0-9.]+)", terms_of(text, "terms"))
    assert match, (name, text)
    return float(match.group(1))


def test_glicko2_worked_example(ratings: Ratings) -> None:
    setup(ratings, "glicko2")
    text = ratings.ok("explain", "A", "--rules", "glicko2", "--period", "2024-02").stdout
    assert term(text, "r′") == pytest.approx(1464.05, abs=0.01)
    assert term(text, "RD′") == pytest.approx(151.52, abs=0.01)
    assert term(text, "σ′") == pytest.approx(0.05999, abs=0.00001)
    # The paper's intermediates: v = 1.7785, Δ = −0.4834 (rounded there; unrounded 1.7790 and −0.4839).
    assert term(text, "v") == pytest.approx(1.7785, abs=0.001)
    assert term(text, "Δ") == pytest.approx(-0.4834, abs=0.001)
    # g(φj) and E of each opponent, from the paper's table: 0.9955/0.639, 0.9531/0.432, 0.7242/0.303.
    found = {line["opponent"]: (float(line["g(φj)"]), float(line["E"])) for line in explain_lines(text)}
    paper = {"B1400": (0.9955, 0.639), "B1550": (0.9531, 0.432), "B1700": (0.7242, 0.303)}
    assert found.keys() == paper.keys()
    for opponent, (g, e) in paper.items():
        assert found[opponent][0] == pytest.approx(g, abs=1e-4)
        assert found[opponent][1] == pytest.approx(e, abs=1e-3)
    row = listed(ratings, "glicko2", "2024-02")["A"]
    assert (row["rating"], row["deviation"], row["games"]) == (1464, pytest.approx(151.5, abs=0.05), 3)
    assert row["volatility"] == pytest.approx(0.05999, abs=0.00001)


def test_glicko1_worked_example(ratings: Ratings) -> None:
    setup(ratings, "glicko")
    text = ratings.ok("explain", "A", "--rules", "glicko", "--period", "2024-02").stdout
    assert term(text, "r′") == pytest.approx(1464, abs=0.5)
    assert term(text, "RD′") == pytest.approx(151.4, abs=0.5)
    row = listed(ratings, "glicko", "2024-02")["A"]
    assert (row["rating"], row["deviation"]) == (1464, pytest.approx(151.4, abs=0.5))


def test_the_changes_of_two_opponents_need_not_balance(ratings: Ratings) -> None:
    """Seed 004: "in the Glicko system, rating changes are not balanced as they usually are in the Elo system".
    A's +(1464 − 1500) = −36 over three games is not matched by the three opponents' changes."""
    setup(ratings, "glicko2")
    before = {"A": 1500, **{player: rating for player, rating, _ in OPPONENTS}}
    after = listed(ratings, "glicko2", "2024-02")
    changes = {player: after[player]["rating"] - before[player] for player in before}
    assert changes["A"] == -36
    assert sum(changes.values()) != 0
