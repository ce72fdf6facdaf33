"""Rounding to whole numbers: half up (:func:`round_half_up`), and a change kept in hundredths half away
from zero (:func:`round_hundredths_half_away`); every rules module rounds with these two.

The rules modules round a figure to a whole number with a half going up: the
IECG's published ratings (§I.5), the ICU's gradings (choice 2 of
:mod:`projections.rules.icu.formulas`), the ECF's grades (choice 12 of
:mod:`projections.rules.ecf_grading`), FIDE's initial ratings and table
look-ups, Glicko's published ratings, and every prior rating a system takes as
a whole number. "Up" is towards plus infinity, so −2.5 rounds to −2 (Python's
:func:`round` rounds a half to even instead).

An exact fraction is rounded exactly. A float is rounded as ``floor(value +
0.5)`` in floats rounds it, as each copy this module replaced did (the lists
published stay the same to the bit): that is the stored value rounded exactly,
except within a unit in the last place below a half from 0.25 to 0.5 (the
float just below 0.5 sums to exactly 1.0) and from 2**52 in size, where the sum
itself is rounded. No rating comes near either.
"""

from __future__ import annotations

import math
from fractions import Fraction

_HALF = Fraction(1, 2)


def round_half_up(value: Fraction | float) -> int:
    """``value`` to the nearest whole number, a half rounding up (towards plus infinity).

    >>> round_half_up(2.5), round_half_up(-2.5), round_half_up(1199.4999), round_half_up(7)
    (3, -2, 1199, 7)

    A :class:`~fractions.Fraction` is rounded exactly, never through a float
    (``Fraction(5, 2) - Fraction(1, 10**20)`` is below 2.5, and its float is not):

    >>> round_half_up(Fraction(5, 2)), round_half_up(Fraction(5, 2) - Fraction(1, 10**20))
    (3, 2)
    """
    if type(value) is float:  # the usual case, first
        return math.floor(value + 0.5)
    if isinstance(value, Fraction):
        return math.floor(value + _HALF)
    return math.floor(value + 0.5)


def round_hundredths_half_away(hundredths: int) -> int:
    """A figure kept in hundredths to the nearest whole number, a half rounding away from zero.

    A period's change under FIDE (§8.3.4, choice 4 of :mod:`projections.rules.fide`)
    and the rating difference the ECF online ratings read the Elo table with
    (choice 3 of :mod:`projections.rules.ecf_online`) are rounded this way: by
    their size, the sign put back after. Unlike :func:`round_half_up`, −2.5
    rounds to −3:

    >>> round_hundredths_half_away(250), round_hundredths_half_away(-250), round_half_up(Fraction(-250, 100))
    (3, -3, -2)
    >>> round_hundredths_half_away(249), round_hundredths_half_away(-249), round_hundredths_half_away(-251)
    (2, -2, -3)
    """
    whole = (abs(hundredths) + 50) // 100
    return whole if hundredths >= 0 else -whole
