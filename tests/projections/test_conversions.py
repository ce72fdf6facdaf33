"""Dated rating conversions (seed 004's ECF/FIDE/USCF/national Elo tables, seed 003's seed ratings).

Neither seed works a conversion through with numbers, so every expected value
here is hand-computed from the seed's formula, with the arithmetic beside it.
Both sides of every boundary (ECF 216, Elo 2325) and of every date limit
(2009-08-31, the last day before the 2009/2010 season) are checked, and every
refusal's message is checked for naming what is wrong.
"""

from __future__ import annotations

import math
from datetime import date
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from projections.rules.conversions import (
    CONVERSIONS,
    SYSTEM_NAMES,
    SYSTEMS,
    ConversionError,
    Converted,
    conversions_between,
    convert,
    format_conversion,
    list_conversions,
)

BEFORE_2009_2010 = date(2005, 6, 1)
LAST_DAY = date(2009, 8, 31)
FIRST_DAY_OF_2009_2010 = date(2009, 9, 1)
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
FIDE_TABLE = 'seed 004, "ECF to FIDE Elo | FIDE Elo to ECF" table, lines 24–28'


# Seed 004, "ECF to FIDE Elo" table (lines 24–28), prior to the 2009/2010 season:
# ECF < 216: Elo = ECF·5 + 1250; ECF ≥ 216: Elo = ECF·8 + 600.
@pytest.mark.parametrize(
    ("ecf", "fide"),
    [
        (0, 1250),  # 0·5 + 1250
        (180, 2150),  # 180·5 + 1250 = 900 + 1250
        (215, 2325),  # 215·5 + 1250 = 1075 + 1250: below the boundary
        (215.5, 2327.5),  # 215.5·5 + 1250 = 1077.5 + 1250
        (216, 2328),  # at the boundary, ECF >= 216: 216·8 + 600 = 1728 + 600
        (216.5, 2332),  # 216.5·8 + 600 = 1732 + 600
        (250, 2600),  # 250·8 + 600 = 2000 + 600
    ],
)
def test_ecf_to_fide_before_2009_2010(ecf: float, fide: float) -> None:
    assert convert(ecf, "ecf", "fide", BEFORE_2009_2010).value == fide


def test_ecf_to_fide_just_below_216_uses_the_lower_formula() -> None:
    """Seed 004: "ECF < 216" takes 5·ECF + 1250 up to the boundary itself: 216⁻·5 + 1250 ≈ 2330, not 2328."""
    just_below = math.nextafter(216.0, 0.0)
    result = convert(just_below, "ecf", "fide", BEFORE_2009_2010)
    assert result.piece.text == "5·ECF + 1250"
    assert result.value == pytest.approx(2330.0)  # 216·5 + 1250 = 1080 + 1250
    assert convert(216, "ecf", "fide", BEFORE_2009_2010).piece.text == "8·ECF + 600"


# Seed 004, "FIDE Elo to ECF" (lines 24–28): Elo < 2325: (Elo − 1250)/5; Elo ≥ 2325: (Elo − 600)/8.
@pytest.mark.parametrize(
    ("fide", "ecf"),
    [
        (1250, 0),  # (1250 − 1250)/5
        (2150, 180),  # (2150 − 1250)/5 = 900/5
        (2324, 214.8),  # (2324 − 1250)/5 = 1074/5: below the boundary
        (2325, 215.625),  # at the boundary, Elo >= 2325: (2325 − 600)/8 = 1725/8
        (2326, 215.75),  # (2326 − 600)/8 = 1726/8
        (2600, 250),  # (2600 − 600)/8 = 2000/8
    ],
)
def test_fide_to_ecf_before_2009_2010(fide: float, ecf: float) -> None:
    assert convert(fide, "fide", "ecf", BEFORE_2009_2010).value == ecf


def test_fide_to_ecf_just_below_2325_uses_the_lower_formula() -> None:
    """Seed 004: "Elo < 2325" takes (Elo − 1250)/5: 2325⁻ → (2325 − 1250)/5 = 215, not 215.625."""
    just_below = math.nextafter(2325.0, 0.0)
    result = convert(just_below, "fide", "ecf", BEFORE_2009_2010)
    assert result.piece.text == "(FIDE − 1250)/5"
    assert result.value == pytest.approx(215.0)
    assert convert(2325, "fide", "ecf", BEFORE_2009_2010).piece.text == "(FIDE − 600)/8"


def test_ecf_fide_round_trip_is_not_exact_at_the_boundary() -> None:
    """The seed's two tables are not inverses near the boundary, and the module does not smooth that over.

    ECF 215 → 215·5 + 1250 = 2325 → (2325 − 600)/8 = 215.625.
    """
    fide = convert(215, "ecf", "fide", BEFORE_2009_2010).value
    assert fide == 2325
    assert convert(fide, "fide", "ecf", BEFORE_2009_2010).value == 215.625


@pytest.mark.parametrize(("source", "target", "value"), [("ecf", "fide", 180), ("fide", "ecf", 2150)])
def test_ecf_fide_date_limits(source: str, target: str, value: float) -> None:
    """Seed 004: "for conversions prior to the 2009/2010 season": in force until 2009-08-31, from the earliest date."""
    assert convert(value, source, target, date.min).conversion.until == LAST_DAY
    assert convert(value, source, target, LAST_DAY).on == LAST_DAY
    with pytest.raises(ConversionError) as refused:
        convert(value, source, target, FIRST_DAY_OF_2009_2010)
    message = str(refused.value)
    assert "in force on 2009-09-01" in message
    assert f"{source}→{target} is in force until 2009-08-31" in message
    assert FIDE_TABLE in message


def test_ecf_to_fide_refused_long_after_2009() -> None:
    with pytest.raises(ConversionError, match=r"no ECF → FIDE formula was in force on 2024-01-01"):
        convert(180, "ecf", "fide", date(2024, 1, 1))


# Seed 004, "FIDE to USCF | USCF to FIDE" (lines 29–31): "USCF ratings are 100 points over that of the
# FIDE ratings": USCF_Elo = FIDE_Elo + 100; FIDE_Elo = USCF_Elo − 100.
@pytest.mark.parametrize(
    ("source", "target", "value", "expected"),
    [
        ("fide", "uscf", 2000, 2100),  # 2000 + 100
        ("fide", "uscf", 1450.5, 1550.5),  # 1450.5 + 100
        ("uscf", "fide", 2100, 2000),  # 2100 − 100
        ("uscf", "fide", 800, 700),  # 800 − 100
    ],
)
def test_fide_uscf(source: str, target: str, value: float, expected: float) -> None:
    assert convert(value, source, target).value == expected
    assert convert(value, source, target, date.min).value == expected
    assert convert(value, source, target, date.max).value == expected


# Seed 004, "ECF to National Elo | National Elo to ECF" (lines 32–34), "the traditional formula":
# N_Elo = ECF·8 + 600; ECF = (N_Elo − 600)/8. One formula, no boundary.
@pytest.mark.parametrize(
    ("source", "target", "value", "expected"),
    [
        ("ecf", "national-elo", 180, 2040),  # 180·8 + 600 = 1440 + 600
        ("ecf", "national-elo", 100, 1400),  # 100·8 + 600 = 800 + 600: no 216 boundary here
        ("ecf", "national-elo", 216, 2328),  # 216·8 + 600
        ("national-elo", "ecf", 2040, 180),  # (2040 − 600)/8 = 1440/8
        ("national-elo", "ecf", 2041, 180.125),  # (2041 − 600)/8 = 1441/8
        ("national-elo", "ecf", 1400, 100),  # (1400 − 600)/8 = 800/8: no 2325 boundary here
    ],
)
def test_national_elo(source: str, target: str, value: float, expected: float) -> None:
    assert convert(value, source, target).value == expected
    assert convert(value, source, target, date.min).value == expected
    assert convert(value, source, target, date.max).value == expected


# Seed 003, "Starting Ratings" (line 3): seed ratings "from ECF grade as follows: FIDE ELO rating = 7.5*ECF+700".
@pytest.mark.parametrize(
    ("ecf", "online"),
    [
        (0, 700),  # 7.5·0 + 700
        (100, 1450),  # 7.5·100 + 700 = 750 + 700
        (151, 1832.5),  # 7.5·151 + 700 = 1132.5 + 700: exact, not rounded
        (180, 2050),  # 7.5·180 + 700 = 1350 + 700
        (216, 2320),  # 7.5·216 + 700 = 1620 + 700: no 216 boundary here
    ],
)
def test_ecf_to_online_seed_rating(ecf: float, online: float) -> None:
    assert convert(ecf, "ecf", "ecf-online").value == online
    assert convert(ecf, "ecf", "ecf-online", date.min).value == online
    assert convert(ecf, "ecf", "ecf-online", date.max).value == online


def test_online_seed_rating_has_no_inverse() -> None:
    """Seed 003 gives ECF grade → online seed rating only."""
    with pytest.raises(ConversionError, match=r"no formula converts 'ecf-online' to 'ecf'"):
        convert(1832.5, "ecf-online", "ecf")


def test_no_date_uses_the_latest_formula_and_says_so() -> None:
    result = convert(180, "ecf", "fide")
    assert result == Converted(
        value=2150.0, given=180.0, conversion=conversions_between("ecf", "fide")[-1], piece=result.piece, on=None
    )
    assert "no date given: the latest formula, in force until 2009-08-31" in format_conversion(result)


def test_value_is_returned_exact_and_as_a_float() -> None:
    """No seed says how to round a converted value: the exact value, for the caller to round."""
    result = convert(2041, "national-elo", "ecf")  # (2041 − 600)/8 = 180.125
    assert result.value == 180.125
    assert isinstance(result.value, float)
    assert isinstance(result.given, float)


# Refusals: each names what is wrong.


@pytest.mark.parametrize(("source", "target", "wrong"), [("elo", "fide", "'elo'"), ("ecf", "FIDE", "'FIDE'")])
def test_unknown_system_is_refused_listing_the_known_ones(source: str, target: str, wrong: str) -> None:
    with pytest.raises(ConversionError) as refused:
        convert(180, source, target)
    assert str(refused.value) == (
        f"unknown rating system {wrong}; the known systems are ecf, ecf-online, fide, national-elo, uscf"
    )


def test_same_system_is_refused() -> None:
    with pytest.raises(ConversionError) as refused:
        convert(2000, "fide", "fide")
    assert str(refused.value) == (
        "converting from 'fide' to 'fide': the value is already in that system; give two different systems"
    )


@pytest.mark.parametrize(
    ("source", "target"),
    [("ecf", "uscf"), ("uscf", "ecf"), ("fide", "national-elo"), ("national-elo", "fide"), ("uscf", "ecf-online")],
)
def test_pair_without_a_formula_is_refused_listing_the_pairs(source: str, target: str) -> None:
    """Conversions are not chained (ECF → FIDE → USCF): a pair the seeds do not give is refused."""
    with pytest.raises(ConversionError) as refused:
        convert(180, source, target, BEFORE_2009_2010)
    assert str(refused.value) == (
        f"no formula converts {source!r} to {target!r} (conversions are not chained); the conversions the seeds "
        "give are ecf→ecf-online, ecf→fide, ecf→national-elo, fide→ecf, fide→uscf, national-elo→ecf, uscf→fide"
    )


def test_date_without_a_formula_is_refused_listing_the_dates() -> None:
    with pytest.raises(ConversionError) as refused:
        convert(2150, "fide", "ecf", FIRST_DAY_OF_2009_2010)
    assert str(refused.value) == (
        f"no FIDE → ECF formula was in force on 2009-09-01; fide→ecf is in force until 2009-08-31 ({FIDE_TABLE})"
    )


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_value_is_refused(value: float) -> None:
    with pytest.raises(ConversionError, match=r"must be a finite number, not"):
        convert(value, "fide", "uscf")


def test_refusals_are_value_errors() -> None:
    assert issubclass(ConversionError, ValueError)


def test_unknown_system_is_checked_before_the_pair() -> None:
    with pytest.raises(ConversionError, match=r"unknown rating system 'elo'"):
        conversions_between("ecf", "elo")


# Display.


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            (180, "ecf", "fide", BEFORE_2009_2010),
            f"ECF 180 → FIDE 2150 (5·ECF + 1250, ECF < 216; on 2005-06-01, in force until 2009-08-31; {FIDE_TABLE})",
        ),
        (
            (2325, "fide", "ecf", LAST_DAY),
            "FIDE 2325 → ECF 215.625 ((FIDE − 600)/8, FIDE ≥ 2325; on 2009-08-31, in force until 2009-08-31; "
            f"{FIDE_TABLE})",
        ),
        (
            (151, "ecf", "ecf-online", None),
            "ECF 151 → ECF online 1832.5 (7.5·ECF + 700; no date given: the latest formula, in force at any date; "
            'seed 003, "Starting Ratings", line 3)',
        ),
        (
            (2040, "national-elo", "ecf", date(2024, 1, 1)),
            "national Elo 2040 → ECF 180 ((N_Elo − 600)/8; on 2024-01-01, in force at any date; "
            'seed 004, "ECF to National Elo | National Elo to ECF" table, lines 32–34)',
        ),
        (
            (1450.5, "fide", "uscf", None),
            "FIDE 1450.5 → USCF 1550.5 (FIDE + 100; no date given: the latest formula, in force at any date; "
            'seed 004, "FIDE to USCF | USCF to FIDE" table, lines 29–31)',
        ),
    ],
)
def test_format_conversion(args: tuple[float, str, str, date | None], line: str) -> None:
    assert format_conversion(convert(*args)) == line


def test_format_shows_at_most_four_decimals() -> None:
    """Display only: (2001 − 1250)/5 = 150.2; 1/3 shown as 0.3333; the value itself stays exact."""
    assert format_conversion(convert(2001, "fide", "ecf")).startswith("FIDE 2001 → ECF 150.2 (")
    third = convert(1 / 3, "fide", "uscf")
    assert format_conversion(third).startswith("FIDE 0.3333 → USCF 100.3333 (")
    assert third.value == 1 / 3 + 100


def test_list_conversions() -> None:
    lines = list_conversions().splitlines()
    assert lines[0].split() == ["from", "to", "in", "force", "formula", "source"]
    assert set(lines[1]) == {"-", " "}
    assert len(lines) == 2 + len(CONVERSIONS)
    assert lines[2].split()[:4] == ["ecf", "fide", "until", "2009-08-31"]
    assert "5·ECF + 1250 if ECF < 216; 8·ECF + 600 if ECF ≥ 216" in lines[2]
    assert "(FIDE − 1250)/5 if FIDE < 2325; (FIDE − 600)/8 if FIDE ≥ 2325" in lines[3]
    assert all(line == line.rstrip() for line in lines)
    assert lines[-1].split()[:2] == ["ecf", "ecf-online"]


# The registry.


def test_registry_names_known_systems_only() -> None:
    assert list(SYSTEM_NAMES) == sorted(SYSTEM_NAMES)
    assert {s.name for s in SYSTEMS} == set(SYSTEM_NAMES)
    for c in CONVERSIONS:
        assert c.source in SYSTEM_NAMES
        assert c.target in SYSTEM_NAMES
        assert c.source != c.target


def test_registry_dates_of_a_pair_do_not_overlap() -> None:
    """At most one formula per pair is in force on any day: oldest first, each ends before the next starts."""
    for c in CONVERSIONS:
        spans = [(x.in_force_from or date.min, x.until or date.max) for x in conversions_between(c.source, c.target)]
        assert all(start <= end for start, end in spans)
        assert all(earlier[1] < later[0] for earlier, later in pairwise(spans))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_exactly_one_branch_covers_every_value(value: float) -> None:
    for c in CONVERSIONS:
        assert sum(p.applies(value) for p in c.pieces) == 1


@given(st.floats(min_value=-1000, max_value=4000, allow_nan=False))
def test_fide_uscf_round_trip(value: float) -> None:
    """USCF = FIDE + 100 and FIDE = USCF − 100 undo each other (to float precision)."""
    back = convert(convert(value, "fide", "uscf").value, "uscf", "fide").value
    assert back == pytest.approx(value, abs=1e-9)


@given(st.floats(min_value=0, max_value=300, allow_nan=False))
def test_ecf_national_elo_round_trip(value: float) -> None:
    """N_Elo = 8·ECF + 600 and ECF = (N_Elo − 600)/8 undo each other (to float precision)."""
    back = convert(convert(value, "ecf", "national-elo").value, "national-elo", "ecf").value
    assert back == pytest.approx(value, abs=1e-9)


# Each conversion's citation points at the seed lines that hold its formula.

CITED = [
    ("ecf", "fide", SEEDS / "004_0d66b4dfc89044a8.txt", range(24, 29), "ECF >= 216, Elo = (ECF x 8) + 600"),
    ("fide", "ecf", SEEDS / "004_0d66b4dfc89044a8.txt", range(24, 29), "Elo < 2325, ECF = (Elo - 1250) / 5"),
    ("fide", "uscf", SEEDS / "004_0d66b4dfc89044a8.txt", range(29, 32), "USCF_Elo = FIDE_Elo + 100"),
    ("uscf", "fide", SEEDS / "004_0d66b4dfc89044a8.txt", range(29, 32), "FIDE_Elo = USCF_Elo - 100"),
    ("ecf", "national-elo", SEEDS / "004_0d66b4dfc89044a8.txt", range(32, 35), "N_Elo = (ECF x 8) + 600"),
    ("national-elo", "ecf", SEEDS / "004_0d66b4dfc89044a8.txt", range(32, 35), "ECF = (N_Elo - 600) / 8"),
    ("ecf", "ecf-online", SEEDS / "003_5a3c6466f750d2b6.txt", range(3, 4), "FIDE ELO rating = 7.5*ECF+700"),
]


@pytest.mark.parametrize(("source", "target", "seed", "lines", "quote"), CITED)
def test_citation_lines_hold_the_formula(source: str, target: str, seed: Path, lines: range, quote: str) -> None:
    if not seed.exists():
        pytest.skip(f"seed {seed.name} is not beside this checkout")
    (conversion,) = conversions_between(source, target)
    assert conversion.seed == seed.name
    assert f"lines {lines[0]}–{lines[-1]}" in conversion.section or f"line {lines[0]}" in conversion.section
    text = seed.read_text(encoding="utf-8").splitlines()
    assert any(quote in text[n - 1] for n in lines)
    assert len(CITED) == len(CONVERSIONS)
