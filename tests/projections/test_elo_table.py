"""FIDE's tables of §8.1 (projections.rules.elo_table), checked against the text.

Source of every number: FIDE Rating Regulations effective from 1 March 2024,
§8.1.1 and §8.1.2 (https://handbook.fide.com/chapter/B022024; the same tables
in the 2014 and 2022 texts). The rows below are the text's own, copied range
by range; each is checked at both ends and on both sides (H and L).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from projections.rules.elo_table import (
    expected_hundredths,
    expected_score,
    rating_difference,
    rating_difference_hundredths,
)

TABLE_8_1_2 = """
0-3 .50 .50 | 4-10 .51 .49 | 11-17 .52 .48 | 18-25 .53 .47 | 26-32 .54 .46 | 33-39 .55 .45 | 40-46 .56 .44
47-53 .57 .43 | 54-61 .58 .42 | 62-68 .59 .41 | 69-76 .60 .40 | 77-83 .61 .39 | 84-91 .62 .38 | 92-98 .63 .37
99-106 .64 .36 | 107-113 .65 .35 | 114-121 .66 .34 | 122-129 .67 .33 | 130-137 .68 .32 | 138-145 .69 .31
146-153 .70 .30 | 154-162 .71 .29 | 163-170 .72 .28 | 171-179 .73 .27 | 180-188 .74 .26 | 189-197 .75 .25
198-206 .76 .24 | 207-215 .77 .23 | 216-225 .78 .22 | 226-235 .79 .21 | 236-245 .80 .20 | 246-256 .81 .19
257-267 .82 .18 | 268-278 .83 .17 | 279-290 .84 .16 | 291-302 .85 .15 | 303-315 .86 .14 | 316-328 .87 .13
329-344 .88 .12 | 345-357 .89 .11 | 358-374 .90 .10 | 375-391 .91 .09 | 392-411 .92 .08 | 412-432 .93 .07
433-456 .94 .06 | 457-484 .95 .05 | 485-517 .96 .04 | 518-559 .97 .03 | 560-619 .98 .02 | 620-735 .99 .01
"""
"""Table 8.1.2 as printed: D (Rtg Dif), PD H, PD L; "> 735" is 1.0 and .00."""


def _rows() -> list[tuple[int, int, float, float]]:
    rows = []
    for cell in TABLE_8_1_2.replace("\n", "|").split("|"):
        if cell.strip():
            span, high, low = cell.split()
            first, last = span.split("-")
            rows.append((int(first), int(last), float(high), float(low)))
    return rows


ROWS = _rows()


def test_the_transcription_covers_every_difference_once() -> None:
    assert len(ROWS) == 50
    assert ROWS[0][0] == 0 and ROWS[-1][1] == 735
    assert all(later[0] == earlier[1] + 1 for earlier, later in pairwise(ROWS))


@pytest.mark.parametrize(("first", "last", "high", "low"), ROWS)
def test_each_row_of_table_8_1_2_at_both_ends_and_both_sides(first: int, last: int, high: float, low: float) -> None:
    for difference in (first, last):
        assert expected_score(difference) == high
        assert expected_score(-difference) == pytest.approx(low)
        assert expected_hundredths(difference) == round(high * 100)


def test_beyond_735_the_higher_player_expects_everything() -> None:
    # §8.1.2: "> 735 | 1.0 | .00"
    assert expected_score(736) == 1.0
    assert expected_score(-736) == 0.0
    assert expected_score(5000) == 1.0


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        # chesselo.com, "FIDE Rule of 400 Points" (http://www.elo-calculator.chesselo.com/rule.html): "If you are
        # stronger (for 400 points and more), your Expected Result for One Game will be 0.92 … weaker … 0.08".
        (400, 0.92),
        (-400, 0.08),
        # B. Vovk, "Chess Rating Calculation in FIDE" (chess163.com): "If the rating difference is 100, the stronger
        # player has the winning probability 0.64 while the weaker 0.36."
        (100, 0.64),
        (-100, 0.36),
        (0, 0.50),
    ],
)
def test_published_expectations(difference: int, expected: float) -> None:
    assert expected_score(difference) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (3.4, 0.50),  # 3.4 → 3: row 0-3
        (3.5, 0.51),  # 3.5 → 4: row 4-10 (choice 1: half up in size)
        (-3.5, 0.49),  # the mirror: the two players' expectations add up to 1
        (735.4, 0.99),
        (735.5, 1.0),
    ],
)
def test_fractional_differences_take_the_nearest_whole_point(difference: float, expected: float) -> None:
    assert expected_score(difference) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("p", "dp"),
    [
        # Table 8.1.1 as printed (p, dp): the column heads and a few rows.
        (1.0, 800),
        (0.99, 677),
        (0.83, 273),
        (0.66, 117),
        (0.64, 102),
        (0.50, 0),
        (0.49, -7),
        (0.32, -133),
        (0.30, -149),
        (0.25, -193),
        (0.15, -296),
        (0.10, -366),
        (0.01, -677),
        (0.0, -800),
    ],
)
def test_table_8_1_1(p: float, dp: int) -> None:
    assert rating_difference(p) == dp
    assert rating_difference_hundredths(round(p * 100)) == dp


def test_table_8_1_1_is_a_mirror_image() -> None:
    # §8.1: "the two tables are effectively mirror-images"; 8.1.1 is symmetric about .50.
    for p100 in range(101):
        assert rating_difference_hundredths(p100) == -rating_difference_hundredths(100 - p100)


def test_scores_are_taken_to_two_decimals_half_up() -> None:
    # 0.625 → .63 → 95 and 0.375 → .38 → -87 (table 8.1.1), choice 3.
    assert rating_difference(0.625) == 95
    assert rating_difference(0.375) == -87


def test_a_score_outside_0_to_1_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        rating_difference_hundredths(101)
    with pytest.raises(ValueError):
        rating_difference(-0.2)
