"""The one rounding module: half up (towards plus infinity), and hundredths half away from zero.

The expected values are written out, or come from :mod:`decimal` and integer
arithmetic, independent of :mod:`projections.rules.rounding`.
"""

from __future__ import annotations

import ast
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import pytest

from projections.rules.rounding import round_half_up, round_hundredths_half_away

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (2.5, 3),
        (3.5, 4),
        (-2.5, -2),  # up is towards plus infinity, not away from zero
        (-3.5, -3),
        (-0.4, 0),
        (-0.6, -1),
        (0.0, 0),
        (1199.4999, 1199),
        (1199.5, 1200),
        (1566.6666666666667, 1567),
        (143.33333365619183, 143),
        (7, 7),
        (-7, -7),
        (Fraction(5, 2), 3),
        (Fraction(-5, 2), -2),
        (Fraction(4700, 3), 1567),  # the ICU's 1566⅔
        (Fraction(5, 2) - Fraction(1, 10**20), 2),  # exact: through a float it would be 2.5 and round to 3
        (Fraction(-5, 2) - Fraction(1, 10**20), -3),
    ],
)
def test_round_half_up(value: Fraction | float, expected: int) -> None:
    assert round_half_up(value) == expected


def test_round_half_up_of_floats_is_the_exact_value_rounded() -> None:
    """Every multiple of 1/8 from −500 to 500 (exact floats, a half among them) against :mod:`decimal`'s
    exact floor(x + ½)."""
    with localcontext() as context:
        context.prec = 50
        for eighths in range(-4000, 4001):
            value = eighths / 8
            expected = int((Decimal(value) + Decimal("0.5")).to_integral_value(rounding=ROUND_FLOOR))
            assert round_half_up(value) == expected, value


def test_round_half_up_of_fractions_is_exact() -> None:
    """p/q for every q up to 12: floor(p/q + ½) = (2p + q) // 2q in integers."""
    for q in range(1, 13):
        for p in range(-300, 301):
            assert round_half_up(Fraction(p, q)) == (2 * p + q) // (2 * q), (p, q)


def test_round_half_up_of_a_float_is_the_float_sum_floored() -> None:
    """A float is rounded as ``floor(value + 0.5)`` in floats, as each of the four copies this module replaced
    did (the lists published so far stay the same to the bit): the float just below one half sums to exactly 1.0
    and rounds to 1. No rating comes near it; a Fraction is exact."""
    below_half = 0.49999999999999994
    assert below_half < 0.5
    assert round_half_up(below_half) == 1
    assert round_half_up(Fraction(below_half)) == 0


@pytest.mark.parametrize(
    ("hundredths", "expected"),
    [(0, 0), (49, 0), (50, 1), (149, 1), (150, 2), (250, 3), (-49, 0), (-50, -1), (-150, -2), (-250, -3)],
)
def test_round_hundredths_half_away(hundredths: int, expected: int) -> None:
    assert round_hundredths_half_away(hundredths) == expected


def test_round_hundredths_half_away_is_decimals_round_half_up() -> None:
    """:data:`decimal.ROUND_HALF_UP` is "ties away from zero": the same rule, in decimal."""
    for hundredths in range(-2000, 2001):
        expected = int((Decimal(hundredths) / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
        assert round_hundredths_half_away(hundredths) == expected, hundredths


def test_the_two_roundings_differ_only_on_negative_halves() -> None:
    for hundredths in range(-1000, 1001):
        same = round_half_up(Fraction(hundredths, 100)) == round_hundredths_half_away(hundredths)
        assert same == (hundredths >= 0 or hundredths % 100 != 50), hundredths


def test_no_other_module_defines_a_rounding_helper() -> None:
    """Issue 11 §1: one module for rounding; the rules modules and the CLI import it."""
    defined = {
        (path.relative_to(ROOT).as_posix(), node.name)
        for folder in ("projections", "commands", "ledger")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name.startswith(("round_", "_round"))
    }
    assert defined == {
        ("projections/rules/rounding.py", "round_half_up"),
        ("projections/rules/rounding.py", "round_hundredths_half_away"),
    }
