"""FIDE's federation codes and the ISO 3166-1 two-letter codes they map from (:mod:`ledger.federations`), and the
door's reading of a player's sex, title and federation (:mod:`ledger.values`).

The expected codes are FIDE's own (the ``Fed`` column of its rating list: Carlsen ``NOR``; FIDE's federations
page) and ISO 3166-1's, written here by hand."""

from __future__ import annotations

import re

import pytest

from ledger import federations, values
from ledger.errors import InvalidValueError


@pytest.mark.parametrize(
    ("iso", "fide"),
    [
        ("NO", "NOR"),
        ("IE", "IRL"),
        ("DE", "GER"),  # ISO alpha-3 DEU
        ("NL", "NED"),  # NLD
        ("CH", "SUI"),  # CHE
        ("PT", "POR"),  # PRT
        ("DK", "DEN"),  # DNK
        ("BH", "BRN"),  # Bahrain: ISO's BRN is Brunei,
        ("BN", "BRU"),  # FIDE's BRU
        ("IM", "IOM"),
        ("JE", "JCI"),
        ("GG", "GCI"),
        ("TW", "TPE"),
        ("ZA", "RSA"),
    ],
)
def test_a_two_letter_country_maps_to_fides_code(iso: str, fide: str) -> None:
    assert federations.from_country(iso) == fide
    assert federations.FEDERATIONS[fide] == iso


@pytest.mark.parametrize("country", ["GB", "UK", "ZZ", "", "DEU"])
def test_no_federation_is_guessed(country: str) -> None:
    """GB is England, Scotland, Wales (or Ireland, for Northern Ireland): never guessed; DEU is ISO's, not FIDE's."""
    assert federations.from_country(country) is None


def test_a_three_letter_country_that_is_fides_code_is_its_federation() -> None:
    assert [federations.from_country(c) for c in ("ENG", "SCO", "WLS", "GER", "FID")] == [
        "ENG",
        "SCO",
        "WLS",
        "GER",
        "FID",
    ]


def test_the_table_is_fides_codes_each_mapped_from_one_iso_code_at_most() -> None:
    assert len(federations.FEDERATIONS) == 203  # 202 federations and FID (Lichess' transcription of FIDE's page)
    assert all(re.fullmatch(r"[A-Z]{3}", code) for code in federations.FEDERATIONS)
    isos = [iso for iso in federations.FEDERATIONS.values() if iso is not None]
    assert all(re.fullmatch(r"[A-Z]{2}", iso) for iso in isos)
    assert len(isos) == len(set(isos))  # one federation per country code
    assert [code for code, iso in federations.FEDERATIONS.items() if iso is None] == ["AHO", "ENG", "FID", "SCO", "WLS"]


@pytest.mark.parametrize(
    ("said", "stored"),
    [("M", "M"), ("F", "F"), ("m", "M"), ("w", "F"), ("W", "F"), ("f", "F"), (" M ", "M"), ("", None), (None, None)],
)
def test_sex_is_stored_as_fides_lists_write_it(said: str | None, stored: str | None) -> None:
    assert values.check_sex(said) == stored


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("GM", "GM"),
        ("wgm", "WGM"),
        ("Im", "IM"),
        ("g", "GM"),
        ("i", "IM"),
        ("f", "FM"),
        ("c", "CM"),
        ("wg", "WGM"),
        ("wi", "WIM"),
        ("wf", "WFM"),
        ("wc", "WCM"),
        ("", None),
    ],
)
def test_a_title_is_stored_as_fide_writes_it(said: str, stored: str | None) -> None:
    assert values.check_title(said) == stored


@pytest.mark.parametrize(
    ("check", "said", "message"),
    [
        (values.check_sex, "X", "sex 'X' is not M or F (FIDE's lists), nor m or w (TRF16)"),
        (values.check_title, "HGM", "title 'HGM' is not one of FIDE's titles: GM, IM, WGM, FM, WIM, CM, WFM, WCM"),
        (values.check_title, "IA", "title 'IA' is not one of FIDE's titles"),  # an arbiter's (OTit)
        (values.check_federation, "DEU", "federation 'DEU' is not a FIDE federation code"),
        (values.check_federation, "IE", "IE is the ISO country code of FIDE's IRL"),
    ],
)
def test_anything_else_is_refused_naming_it(check: object, said: str, message: str) -> None:
    assert callable(check)
    with pytest.raises(InvalidValueError, match=re.escape(message)):
        check(said)


def test_a_stored_fact_is_checked_as_the_door_writes_it() -> None:
    """A replay refuses a stored registration fact the door never writes (``w`` for ``F``)."""
    assert values.check_registration_fact("sex", "F") == "F"
    assert values.check_registration_fact("federation", None) is None
    with pytest.raises(InvalidValueError, match="sex 'w' is not one of M, F"):
        values.check_registration_fact("sex", "w")
    with pytest.raises(InvalidValueError, match="federation 'DEU' is not a FIDE federation code"):
        values.check_registration_fact("federation", "DEU")


def test_a_registrations_fide_federation_is_the_recorded_one_else_its_countrys() -> None:
    reg = values.Registration("1", "Anna", "IE", None, 800, "none", 0)
    assert (reg.federation, reg.fide_federation) == (None, "IRL")
    assert reg._replace(federation="ENG").fide_federation == "ENG"
    assert reg._replace(country="GB").fide_federation is None
