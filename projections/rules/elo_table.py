"""FIDE's two Elo tables: rating difference → expected score (§8.1.2) and score → rating difference (§8.1.1).

Source: FIDE Rating Regulations, §8.1 "The working of the FIDE Rating
System" (https://handbook.fide.com/chapter/B022024, the same tables in the
2014 and 2022 texts and in the Rapid and Blitz chapter). FIDE does not use
the logistic formula: it reads the score probability PD off table 8.1.2, by
ranges of the rating difference D, "for the higher, H, and the lower, L,
rated player respectively"; and a performance's rating difference dp off
table 8.1.1, by the fractional score p to two decimals. "The two tables are
effectively mirror-images" (§8.1).

Shared by :mod:`projections.rules.fide` and :mod:`projections.rules.ecf_online`
(seed ``003``: "the expected result based on the elo probability table").

Choices where the tables are silent:

1. **Fractional differences.** Table 8.1.2 has whole-number ranges (0-3, 4-10,
   …). A difference with a fraction (the ECF online ratings are kept exact
   between games) is looked up by its size rounded half up to a whole number,
   the sign kept: 3.5 above is the row 4-10 (.51), 3.5 below its mirror (.49),
   so the two players' expectations always add up to 1.
2. **No 400-point rule here.** The table runs to "> 735" (1.0 and .00); the
   400-point rule is a clause of the FIDE regulations (§8.3.1), applied by the
   caller to the difference it passes.
3. **Scores off the table.** :func:`rating_difference` takes p rounded to two
   decimals, half up (the Title Regulations' rule for the same table, 1.4.9:
   "All percentages are rounded to the nearest whole number. 0.5% is rounded
   up."), and refuses a p outside 0 to 1.
"""

from __future__ import annotations

from projections.rules.rounding import round_half_up

_PD_ROWS: tuple[tuple[int, int], ...] = (
    # FIDE §8.1.2: (the largest D of the row, PD of the higher rated player in hundredths).
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
)
"""Table 8.1.2 row by row; a D above the last row ("> 735") is 1.0 for H and .00 for L."""

TABLE_END = 735
"""§8.1.2: the largest difference with a row of its own; beyond it PD is 1.0 (H) and .00 (L)."""


def _higher_by_difference() -> tuple[int, ...]:
    """PD(H) in hundredths for every whole difference 0..735, for a lookup by index."""
    table: list[int] = []
    for last, pd in _PD_ROWS:
        table.extend([pd] * (last + 1 - len(table)))
    return tuple(table)


_PD_HIGHER = _higher_by_difference()

_DP: tuple[int, ...] = (
    # FIDE §8.1.1: dp for p = .00, .01, …, 1.00 (index = p in hundredths).
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip
"""Table 8.1.1 ("For a zero or 1.0 score dp is necessarily indeterminate but is shown notionally as 800")."""


def expected_hundredths(difference: int) -> int:
    """FIDE §8.1.2: PD in hundredths for a whole rating difference (own rating minus the opponent's)."""
    size = -difference if difference < 0 else difference
    higher = _PD_HIGHER[size] if size <= TABLE_END else 100
    return higher if difference >= 0 else 100 - higher


def expected_score(difference: float) -> float:
    """FIDE §8.1.2: the score probability PD of the player rated ``difference`` points above his opponent.

    A negative ``difference`` is the lower rated player's (column L). Fractions
    are taken to the nearest whole point, half up in size (choice 1)::

        >>> expected_score(0), expected_score(100), expected_score(-100), expected_score(736)
        (0.5, 0.64, 0.36, 1.0)
    """
    size = round_half_up(abs(difference))
    return expected_hundredths(size if difference >= 0 else -size) / 100


def rating_difference_hundredths(p100: int) -> int:
    """FIDE §8.1.1: dp for a fractional score of ``p100`` hundredths (0 to 100)."""
    if not 0 <= p100 <= 100:
        raise ValueError(f"a fractional score is between 0 and 1, not {p100 / 100}")
    return _DP[p100]


def rating_difference(p: float) -> int:
    """FIDE §8.1.1: dp for the fractional score ``p``, rounded to two decimals half up (choice 3)::

    >>> rating_difference(0.5), rating_difference(0.25), rating_difference(1.0)
    (0, -193, 800)
    """
    return rating_difference_hundredths(round_half_up(p * 100))
