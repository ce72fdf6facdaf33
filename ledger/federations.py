"""FIDE's federations: their three-letter codes, and the ISO 3166-1 two-letter country code of each where one exists.

FIDE names a player's federation by a code of three capital letters (``NOR``, ``ENG``, ``IRL``, ``GER``) in its
rating lists (the ``Fed`` column of the TXT list, ``<country>`` of the XML) and in a tournament report (TRF16
line 001, columns 54-56). The codes are FIDE's own, close to the IOC's and unlike ISO 3166-1 alpha-3 in many
places: ``GER`` not ``DEU``, ``NED`` not ``NLD``, ``SUI`` not ``CHE``, ``BRN`` is Bahrain (ISO's ``BRN`` is
Brunei, FIDE's ``BRU``).

Source of the codes: the list of FIDE's member federations on FIDE's rating site
(https://ratings.fide.com/top_federations.phtml), as transcribed in the Lichess source,
``lichess-org/lila``, ``modules/fide/src/main/Federation.scala`` (``Federation.names``): 202 federations and
``FID`` (players registered under FIDE's own flag). The two-letter code beside each is its country's or
territory's in ISO 3166-1 alpha-2, matched by the federation's name for this module.

Choices where the sources are silent:

- **No two-letter code** for ``ENG``, ``SCO`` and ``WLS`` (ISO has none for England, Scotland and Wales), nor for
  ``FID`` (no country) or ``AHO`` (the Netherlands Antilles, whose ISO code ``AN`` was withdrawn in 2010).
- **``GB`` and ``UK`` map to no federation**: a British player belongs to ``ENG``, ``SCO`` or ``WLS`` (a player of
  Northern Ireland usually to ``IRL``, whose union covers the island; the Isle of Man, Guernsey and Jersey are
  ``IOM``, ``GCI``, ``JCI``, with ISO codes of their own). The ledger does not guess which: such a player's
  federation is recorded explicitly (``--federation ENG``).
- ``XK`` (Kosovo, ``KOS``) is a user-assigned code, not ISO's; it is read as the European Commission and most
  software write it.

>>> from_country("IE"), from_country("DE"), from_country("GB"), from_country("NOR"), from_country("")
('IRL', 'GER', None, 'NOR', None)
>>> is_federation("ENG"), is_federation("DEU")
(True, False)
"""

from __future__ import annotations

from typing import Final

FEDERATIONS: Final[dict[str, str | None]] = {
    "AFG": "AF",
    "AHO": None,
    "ALB": "AL",
    "ALG": "DZ",
    "AND": "AD",
    "ANG": "AO",
    "ANT": "AG",
    "ARG": "AR",
    "ARM": "AM",
    "ARU": "AW",
    "AUS": "AU",
    "AUT": "AT",
    "AZE": "AZ",
    "BAH": "BS",
    "BAN": "BD",
    "BAR": "BB",
    "BDI": "BI",
    "BEL": "BE",
    "BER": "BM",
    "BHU": "BT",
    "BIH": "BA",
    "BIZ": "BZ",
    "BLR": "BY",
    "BOL": "BO",
    "BOT": "BW",
    "BRA": "BR",
    "BRN": "BH",
    "BRU": "BN",
    "BUL": "BG",
    "BUR": "BF",
    "CAF": "CF",
    "CAM": "KH",
    "CAN": "CA",
    "CAY": "KY",
    "CHA": "TD",
    "CHI": "CL",
    "CHN": "CN",
    "CIV": "CI",
    "CMR": "CM",
    "COD": "CD",
    "COL": "CO",
    "COM": "KM",
    "CPV": "CV",
    "CRC": "CR",
    "CRO": "HR",
    "CUB": "CU",
    "CYP": "CY",
    "CZE": "CZ",
    "DEN": "DK",
    "DJI": "DJ",
    "DMA": "DM",
    "DOM": "DO",
    "ECU": "EC",
    "EGY": "EG",
    "ENG": None,
    "ERI": "ER",
    "ESA": "SV",
    "ESP": "ES",
    "EST": "EE",
    "ETH": "ET",
    "FAI": "FO",
    "FID": None,
    "FIJ": "FJ",
    "FIN": "FI",
    "FRA": "FR",
    "GAB": "GA",
    "GAM": "GM",
    "GCI": "GG",
    "GEO": "GE",
    "GEQ": "GQ",
    "GER": "DE",
    "GHA": "GH",
    "GRE": "GR",
    "GRN": "GD",
    "GUA": "GT",
    "GUM": "GU",
    "GUY": "GY",
    "HAI": "HT",
    "HKG": "HK",
    "HON": "HN",
    "HUN": "HU",
    "INA": "ID",
    "IND": "IN",
    "IOM": "IM",
    "IRI": "IR",
    "IRL": "IE",
    "IRQ": "IQ",
    "ISL": "IS",
    "ISR": "IL",
    "ISV": "VI",
    "ITA": "IT",
    "IVB": "VG",
    "JAM": "JM",
    "JCI": "JE",
    "JOR": "JO",
    "JPN": "JP",
    "KAZ": "KZ",
    "KEN": "KE",
    "KGZ": "KG",
    "KOR": "KR",
    "KOS": "XK",
    "KSA": "SA",
    "KUW": "KW",
    "LAO": "LA",
    "LAT": "LV",
    "LBA": "LY",
    "LBN": "LB",
    "LBR": "LR",
    "LCA": "LC",
    "LES": "LS",
    "LIE": "LI",
    "LTU": "LT",
    "LUX": "LU",
    "MAC": "MO",
    "MAD": "MG",
    "MAR": "MA",
    "MAS": "MY",
    "MAW": "MW",
    "MDA": "MD",
    "MDV": "MV",
    "MEX": "MX",
    "MGL": "MN",
    "MKD": "MK",
    "MLI": "ML",
    "MLT": "MT",
    "MNC": "MC",
    "MNE": "ME",
    "MOZ": "MZ",
    "MRI": "MU",
    "MTN": "MR",
    "MYA": "MM",
    "NAM": "NA",
    "NCA": "NI",
    "NED": "NL",
    "NEP": "NP",
    "NGR": "NG",
    "NIG": "NE",
    "NOR": "NO",
    "NRU": "NR",
    "NZL": "NZ",
    "OMA": "OM",
    "PAK": "PK",
    "PAN": "PA",
    "PAR": "PY",
    "PER": "PE",
    "PHI": "PH",
    "PLE": "PS",
    "PLW": "PW",
    "PNG": "PG",
    "POL": "PL",
    "POR": "PT",
    "PUR": "PR",
    "QAT": "QA",
    "ROU": "RO",
    "RSA": "ZA",
    "RUS": "RU",
    "RWA": "RW",
    "SCO": None,
    "SEN": "SN",
    "SEY": "SC",
    "SGP": "SG",
    "SKN": "KN",
    "SLE": "SL",
    "SLO": "SI",
    "SMR": "SM",
    "SOL": "SB",
    "SOM": "SO",
    "SRB": "RS",
    "SRI": "LK",
    "SSD": "SS",
    "STP": "ST",
    "SUD": "SD",
    "SUI": "CH",
    "SUR": "SR",
    "SVK": "SK",
    "SWE": "SE",
    "SWZ": "SZ",
    "SYR": "SY",
    "TAN": "TZ",
    "TGA": "TO",
    "THA": "TH",
    "TJK": "TJ",
    "TKM": "TM",
    "TLS": "TL",
    "TOG": "TG",
    "TPE": "TW",
    "TTO": "TT",
    "TUN": "TN",
    "TUR": "TR",
    "UAE": "AE",
    "UGA": "UG",
    "UKR": "UA",
    "URU": "UY",
    "USA": "US",
    "UZB": "UZ",
    "VAN": "VU",
    "VEN": "VE",
    "VIE": "VN",
    "VIN": "VC",
    "WLS": None,
    "YEM": "YE",
    "ZAM": "ZM",
    "ZIM": "ZW",
}
"""Every FIDE federation code, with its ISO 3166-1 alpha-2 country code (None where there is none)."""

BY_COUNTRY: Final[dict[str, str]] = {iso: code for code, iso in FEDERATIONS.items() if iso is not None}
"""The FIDE federation of each ISO 3166-1 alpha-2 code that has one (``IE`` → ``IRL``)."""


def is_federation(code: str) -> bool:
    """Whether ``code`` is one of FIDE's federation codes, as written (capitals)."""
    return code in FEDERATIONS


def from_country(country: str) -> str | None:
    """The FIDE federation of a registered country: a two-letter ISO code through :data:`BY_COUNTRY`, a
    three-letter code that is itself a FIDE federation as it is; else None (``GB``, an unknown code, "")."""
    if len(country) == 2:
        return BY_COUNTRY.get(country)
    return country if country in FEDERATIONS else None
