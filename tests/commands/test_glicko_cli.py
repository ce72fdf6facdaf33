"""Glicko and Glicko-2 (``glicko``, ``glicko2``) through the command line, and their explanations in words.

Glickman's worked examples, built as a ledger holds them: the four players
bring their ratings as priors (``player prior --system glicko2 --rating R
--deviation RD --volatility σ``) as of the first day of the rating period
(February 2024, a monthly period) so that no inactivity grows their RD before
it, and the player under test beats the 1400 and loses to the 1550 and the
1700 in that month.

- Glicko-2: M. E. Glickman, "Example of the Glicko-2 system" (glicko2.pdf, 2013), the example
  of §"Example calculation": r′ = 1464.06, RD′ = 151.52, σ′ = 0.05999, to within 0.01 (the paper's
  1464.06 is worked from its rounded μ′; unrounded it is 1464.05).
- Glicko-1: M. E. Glickman, "The Glicko system" (glicko.pdf), the example after Step 2:
  r′ = 1464, RD′ = 151.4, to within 0.5 (the paper rounds its intermediates).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from commands.explanation_text import WORDS, explanation_text
from projections.rules.common import Game, PlayerInfo, PriorValue, System
from projections.rules.glicko import GLICKO, GLICKO2, SYSTEM_GLICKO, SYSTEM_GLICKO2
from projections.rules.glicko.explain import MESSAGES
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
    found = {line["opponent"].split()[0]: (float(line["g(φj)"]), float(line["E"])) for line in explain_lines(text)}
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


# --- the explanation in words ------------------------------------------------------------------

PAPER_GAMES = [
    Game("g10", "A", "B1400", 2, "2024-02-10", None, None),
    Game("g11", "B1550", "A", 2, "2024-02-11", None, None),
    Game("g12", "A", "B1700", 0, "2024-02-12", None, None),
]
"""The games of :func:`setup`, as the replay gives them to a run."""


def paper_infos(system: str) -> Callable[[str], PlayerInfo]:
    """The players of :func:`setup` with their priors of ``system``, as of the first day of the period."""
    priors = {player: PriorValue(system, rating, None, None, rd, 0.06, "2024-02-01")
              for player, rating, rd in (("A", 1500, 200), *OPPONENTS)}  # fmt: skip
    return lambda player: PlayerInfo(player, None, 1500, "test", (priors[player],))


GLICKO_TEXT = """\
A Player A: glicko, period 2024-02
before: rating 1500, RD 200, games 0
game  opponent  rj    RDj  g(RDj)  E       s
----  --------  ----  ---  ------  ------  -
g10   B1400     1400  30   0.9955  0.6395  1
g11   B1550     1550  100  0.9531  0.4318  0
g12   B1700     1700  300  0.7242  0.3028  0
terms: d² 53685.74, r′ 1464.11, RD′ 151.4
after: rating 1464, RD 151.4, status provisional, games 3
note: Glicko Step 1: seeded from the player's glicko prior as of 2024-02-01
note: Glicko Step 2: every player of 2024-02 is rated from the values at its start (games simultaneous); \
q = ln 10/400, c = 44.72
note: Glicko Step 2: r′ = r + q/(1/RD² + 1/d²) Σ g(RDj)(sj − E), RD′ = √((1/RD² + 1/d²)⁻¹)
"""

GLICKO2_TEXT = """\
A Player A: glicko2, period 2024-02
before: rating 1500, RD 200, σ 0.06, μ 0, φ 1.1513, games 0
game  opponent  μj       φj      g(φj)   E       s
----  --------  -------  ------  ------  ------  -
g10   B1400     -0.5756  0.1727  0.9955  0.6395  1
g11   B1550     0.2878   0.5756  0.9531  0.4318  0
g12   B1700     1.1513   1.7269  0.7242  0.3028  0
terms: v 1.779, Δ -0.4839, σ′ 0.059996, φ* 1.1529, φ′ 0.8722, μ′ -0.2069, r′ 1464.05, RD′ 151.52
after: rating 1464, RD 151.5, σ 0.059996, status provisional, games 3
note: Glicko-2 Step 1: seeded from the player's glicko2 prior as of 2024-02-01
note: Glicko-2: every player of 2024-02 is rated from the values at its start (games simultaneous); τ = 0.5
note: Glicko-2 Step 5: σ′ by the Illinois iteration, ε = 1e-06, 2 iteration(s)
note: Glicko-2 Steps 6–8: φ* = √(φ² + σ′²), φ′ = 1/√(1/φ*² + 1/v), μ′ = μ + φ′² Σ g(φj)(sj − E), \
r′ = 173.7178 μ′ + 1500, RD′ = 173.7178 φ′
"""


@pytest.mark.parametrize(
    ("system", "params", "text"), [(SYSTEM_GLICKO, GLICKO, GLICKO_TEXT), (SYSTEM_GLICKO2, GLICKO2, GLICKO2_TEXT)]
)
def test_the_worked_examples_in_words(system: System, params: Any, text: str) -> None:
    """The papers' examples explained, every line as ``ratings explain`` prints it."""
    index = params.periods.index("2024-02")
    found = system.explain(params, index, {}, PAPER_GAMES, paper_infos(params.name), "A")
    assert explanation_text(found, "Player A") == text


def test_every_message_has_words_and_every_word_a_message() -> None:
    assert {key for key in MESSAGES if key not in WORDS} == set()
    assert {key for key in WORDS if key.startswith("glicko.")} == {key for key in MESSAGES if key.startswith("glicko.")}
