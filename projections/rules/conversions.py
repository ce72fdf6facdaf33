"""Dated conversions between rating systems, as the seed documents give them.

Sources: seed 004 (``004_0d66b4dfc89044a8.txt``, the ECF grading system and its
conversions to FIDE, USCF and national Elo) and seed 003
(``003_5a3c6466f750d2b6.txt``, ECF online ratings: seed ratings from ECF
grades). Neither seed numbers its sections, so each conversion cites the seed,
the table or paragraph by its own heading, and its line numbers in the file.

The systems (:data:`SYSTEMS`) are ``ecf`` (the ECF grade), ``fide``, ``uscf``,
``national-elo`` (a foreign federation's national Elo) and ``ecf-online`` (the
ECF online rating). Every conversion is one :class:`Conversion` in
:data:`CONVERSIONS`; :func:`convert` picks the one in force on a date.

Choices made where the seeds are silent:

- Seed 004 gives ECF ↔ FIDE "for conversions prior to the 2009/2010 season"
  and no start date. The English chess season starts on 1 September, so the
  formulas are in force until 2009-08-31 (the last day) and from the earliest
  date. A conversion asked for a later date is refused.
- The 7.5·ECF + 700 formula of seed 003 gives the *seed rating* of the ECF
  online ratings. Seed 003 writes its result as "FIDE ELO rating", but uses it
  only as the starting point of the online ratings, while seed 004 limits ECF →
  FIDE to before 2009/2010; registering it as ECF → FIDE would make a second,
  different ECF → FIDE formula that the seeds never say replaced the first. So
  it converts ``ecf`` to ``ecf-online``, one way only (seed 003 gives no
  inverse). It applies to OTB standard and rapid grades alike (the online
  standard rating is seeded from the standard grade, rapid and blitz from the
  rapid grade): which grade to pass is the caller's choice. Seed 003 gives no
  date, so it is in force at any date. Seed 003's other seed sources (a FIDE
  rating "where known", an internet provider's rating) are fallbacks, not
  formulas, and are not registered.
- FIDE ↔ USCF (seed 004: "USCF ratings are 100 points over that of the FIDE
  ratings") and national Elo ↔ ECF (seed 004: "the traditional formula") carry
  no dates: in force at any date.
- Rounding: neither seed says how to round a converted value (seed 003 calls
  online ratings "four digit elo numbers" without saying how a half is taken),
  so :func:`convert` returns the exact value and the caller rounds;
  :func:`format_conversion` shows at most four decimals, for display only.
- Piecewise formulas follow the seed's tables exactly: ECF < 216 and ECF ≥ 216;
  Elo < 2325 and Elo ≥ 2325. The two directions are not inverses of each other
  near the boundary (ECF 215 → FIDE 2325 → ECF 215.625), and this module does not
  smooth that over. No domain is enforced beyond a finite number.
- A conversion from a system to itself is refused, not taken as the identity:
  every result names the formula and the seed that gave it, and there is none.
- Conversions are not chained (ECF → FIDE → USCF): the seeds give each pair
  directly, and a pair they do not give is refused, listing the pairs they do.
- With no date, :func:`convert` uses the latest formula for the pair (the one
  in force latest), which for ECF ↔ FIDE is the pre-2009/2010 formula, and
  :func:`format_conversion` says that no date was given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from ledger.values import ECF_GRADES, ELO_SCALE

SEED_003 = "003_5a3c6466f750d2b6.txt"
"""ECF online ratings: Elo per game, seed ratings from ECF grades."""

SEED_004 = "004_0d66b4dfc89044a8.txt"
"""The ECF grading system, Elo, Glicko, and ECF/FIDE/USCF/national conversions."""

LAST_DAY_BEFORE_2009_2010 = date(2009, 8, 31)
"""Seed 004: "conversions prior to the 2009/2010 season"; the season starts on 1 September 2009."""


class ConversionError(ValueError):
    """A conversion refused: unknown system, no formula for the pair, or none in force on the date."""


@dataclass(frozen=True)
class System:
    """One rating system a value can be converted from or to."""

    name: str
    """The short name the command line and the rules use (``ecf``)."""
    label: str
    """How a value is shown (``ECF 180``)."""
    symbol: str
    """How the system is written in a formula (``ECF``, ``N_Elo``)."""
    description: str
    bounds: tuple[int, int] = ELO_SCALE
    """The values the system has: ratings on the Elo scale 100 to 3500, ECF grades 0 to 400."""


SYSTEMS: tuple[System, ...] = (
    System("ecf", "ECF", "ECF", "ECF grade (Clarke grading system), standard or rapid", ECF_GRADES),
    System("ecf-online", "ECF online", "online", "ECF online rating (four-digit Elo), seeded from ECF grades"),
    System("fide", "FIDE", "FIDE", "FIDE Elo rating"),
    System("national-elo", "national Elo", "N_Elo", "a foreign federation's national Elo rating"),
    System("uscf", "USCF", "USCF", "United States Chess Federation rating"),
)
"""Every system, by name in alphabetical order."""

SYSTEM_NAMES: tuple[str, ...] = tuple(s.name for s in SYSTEMS)
"""The valid system names, for a command line's choices."""

_SYSTEMS_BY_NAME: dict[str, System] = {s.name: s for s in SYSTEMS}


def _number(value: float) -> str:
    """A value for display: an integer without a point, otherwise at most four decimals."""
    value = float(value)
    if value.is_integer():
        return str(int(value))
    return f"{value:.4f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Piece:
    """One branch of a formula: ``function`` applies to ``at_least <= value < below``."""

    text: str
    """The formula as shown (``5·ECF + 1250``)."""
    function: Callable[[float], float]
    at_least: float | None = None
    below: float | None = None

    def applies(self, value: float) -> bool:
        """Whether this branch covers ``value``."""
        return (self.at_least is None or value >= self.at_least) and (self.below is None or value < self.below)

    def condition(self, symbol: str) -> str:
        """The branch's range as shown (``ECF < 216``), or ``""`` when it covers every value."""
        parts = []
        if self.at_least is not None:
            parts.append(f"{symbol} ≥ {_number(self.at_least)}")
        if self.below is not None:
            parts.append(f"{symbol} < {_number(self.below)}")
        return ", ".join(parts)


def _date_range(in_force_from: date | None, until: date | None) -> str:
    if in_force_from is None and until is None:
        return "at any date"
    if in_force_from is None:
        return f"until {until}"
    if until is None:
        return f"from {in_force_from}"
    return f"from {in_force_from} until {until}"


@dataclass(frozen=True)
class Conversion:
    """One formula from one system to another, with the dates it is in force and its source."""

    source: str
    """The system converted from (a name in :data:`SYSTEM_NAMES`)."""
    target: str
    """The system converted to."""
    pieces: tuple[Piece, ...]
    """The formula's branches; together they cover every value, without overlap."""
    seed: str
    """The seed file the formula comes from."""
    section: str
    """Where in the seed: its own heading, and the lines of the file."""
    in_force_from: date | None = None
    """The first day the formula is in force; None: from the earliest date."""
    until: date | None = None
    """The last day the formula is in force; None: still in force."""

    def piece(self, value: float) -> Piece:
        """The branch that applies to ``value``."""
        for piece in self.pieces:
            if piece.applies(value):
                return piece
        raise ConversionError(f"no branch of {self.text} covers {_number(value)}")  # pragma: no cover

    def formula(self, value: float) -> float:
        """The converted value, exactly as the formula gives it (not rounded)."""
        return self.piece(value).function(value)

    def in_force(self, on: date) -> bool:
        """Whether the formula is in force on ``on`` (both ends of its dates included)."""
        return (self.in_force_from is None or on >= self.in_force_from) and (self.until is None or on <= self.until)

    @property
    def pair(self) -> str:
        """``ecf→fide``."""
        return f"{self.source}→{self.target}"

    @property
    def dates(self) -> str:
        """The dates in force, as shown (``until 2009-08-31``, ``at any date``)."""
        return _date_range(self.in_force_from, self.until)

    @property
    def text(self) -> str:
        """The whole formula on one line (``5·ECF + 1250 if ECF < 216; 8·ECF + 600 if ECF ≥ 216``)."""
        symbol = _SYSTEMS_BY_NAME[self.source].symbol
        if len(self.pieces) == 1:
            return self.pieces[0].text
        return "; ".join(f"{p.text} if {p.condition(symbol)}" for p in self.pieces)

    @property
    def cite(self) -> str:
        """The source as shown (``seed 004, "FIDE to USCF | USCF to FIDE" table, lines 29–31``)."""
        return f"seed {self.seed[:3]}, {self.section}"


_FIDE_TABLE = '"ECF to FIDE Elo | FIDE Elo to ECF" table, lines 24–28'
_USCF_TABLE = '"FIDE to USCF | USCF to FIDE" table, lines 29–31'
_NATIONAL_TABLE = '"ECF to National Elo | National Elo to ECF" table, lines 32–34'
_ONLINE_SEED = '"Starting Ratings", line 3'

CONVERSIONS: tuple[Conversion, ...] = (
    # Seed 004, lines 24–28: "for conversions prior to the 2009/2010 season".
    # "ECF < 216, Elo = (ECF x 5) + 1250" / "ECF >= 216, Elo = (ECF x 8) + 600"
    Conversion(
        "ecf",
        "fide",
        (
            Piece("5·ECF + 1250", lambda ecf: ecf * 5 + 1250, below=216),
            Piece("8·ECF + 600", lambda ecf: ecf * 8 + 600, at_least=216),
        ),
        SEED_004,
        _FIDE_TABLE,
        until=LAST_DAY_BEFORE_2009_2010,
    ),
    # "Elo < 2325, ECF = (Elo - 1250) / 5" / "Elo >= 2325, ECF = (Elo - 600) / 8"
    Conversion(
        "fide",
        "ecf",
        (
            Piece("(FIDE − 1250)/5", lambda elo: (elo - 1250) / 5, below=2325),
            Piece("(FIDE − 600)/8", lambda elo: (elo - 600) / 8, at_least=2325),
        ),
        SEED_004,
        _FIDE_TABLE,
        until=LAST_DAY_BEFORE_2009_2010,
    ),
    # Seed 004, lines 29–31: "USCF ratings are 100 points over that of the FIDE ratings":
    # "USCF_Elo = FIDE_Elo + 100" / "FIDE_Elo = USCF_Elo - 100"
    Conversion("fide", "uscf", (Piece("FIDE + 100", lambda elo: elo + 100),), SEED_004, _USCF_TABLE),
    Conversion("uscf", "fide", (Piece("USCF − 100", lambda elo: elo - 100),), SEED_004, _USCF_TABLE),
    # Seed 004, lines 32–34: "the traditional formula":
    # "N_Elo = (ECF x 8) + 600" / "ECF = (N_Elo - 600) / 8"
    Conversion("ecf", "national-elo", (Piece("8·ECF + 600", lambda ecf: ecf * 8 + 600),), SEED_004, _NATIONAL_TABLE),
    Conversion(
        "national-elo", "ecf", (Piece("(N_Elo − 600)/8", lambda elo: (elo - 600) / 8),), SEED_004, _NATIONAL_TABLE
    ),
    # Seed 003, "Starting Ratings": seed ratings "from ECF grade as follows: FIDE ELO rating = 7.5*ECF+700".
    Conversion("ecf", "ecf-online", (Piece("7.5·ECF + 700", lambda ecf: ecf * 7.5 + 700),), SEED_003, _ONLINE_SEED),
)
"""Every conversion the seeds give, grouped by pair."""


@dataclass(frozen=True)
class Converted:
    """The result of :func:`convert`: the converted value and the conversion that gave it."""

    value: float
    """The converted value, exact (not rounded)."""
    given: float
    """The value converted."""
    conversion: Conversion
    piece: Piece
    """The branch of the formula that applied."""
    on: date | None
    """The date asked for; None: no date given, the latest formula was used."""


def _system(name: str) -> System:
    try:
        return _SYSTEMS_BY_NAME[name]
    except KeyError:
        raise ConversionError(
            f"unknown rating system {name!r}; the known systems are {', '.join(SYSTEM_NAMES)}"
        ) from None


def conversions_between(source: str, target: str) -> tuple[Conversion, ...]:
    """Every conversion from ``source`` to ``target``, oldest first; refuses unknown systems."""
    _system(source)
    _system(target)
    found = [c for c in CONVERSIONS if c.source == source and c.target == target]
    return tuple(sorted(found, key=_latest_key))


def _latest_key(c: Conversion) -> tuple[date, date]:
    """Orders a pair's conversions by the date each stops being in force, then by its start."""
    return (c.until or date.max, c.in_force_from or date.min)


def check_in_range(value: float, source: str) -> float:
    """``value``, refused (:class:`ConversionError`) outside the values system ``source`` has.

    ``ratings convert`` asks this first; :func:`convert` itself takes any finite value, as the seeds'
    formulas do (a stored prior is never refused at replay time).
    """
    system = _system(source)
    low, high = system.bounds
    if not low <= value <= high:
        raise ConversionError(
            f"{system.label} {_number(value)} is outside the range of {system.label} values, {low} to {high}"
        )
    return value


def convert(value: float, source: str, target: str, on: date | None = None) -> Converted:
    """Convert ``value`` from system ``source`` to ``target`` by the formula in force on ``on``.

    With ``on`` None, the latest formula for the pair is used (and the result
    says no date was given). The value returned is exact; the caller rounds.

    >>> convert(180, "ecf", "fide", date(2005, 6, 1)).value
    2150.0

    Raises :class:`ConversionError` for a value that is not a finite number,
    an unknown system, a system converted to itself, a pair the seeds give no
    formula for, or a date on which no formula for the pair was in force.
    """
    given = float(value)
    if not math.isfinite(given):
        raise ConversionError(f"the value to convert must be a finite number, not {value!r}")
    from_system, to_system = _system(source), _system(target)
    if source == target:
        raise ConversionError(
            f"converting from {source!r} to {target!r}: the value is already in that system; give two different systems"
        )
    candidates = conversions_between(source, target)
    if not candidates:
        pairs = ", ".join(sorted({c.pair for c in CONVERSIONS}))
        raise ConversionError(
            f"no formula converts {source!r} to {target!r} (conversions are not chained); "
            f"the conversions the seeds give are {pairs}"
        )
    if on is None:
        conversion = candidates[-1]
    else:
        in_force = [c for c in candidates if c.in_force(on)]
        if not in_force:
            dates = "; ".join(f"{c.dates} ({c.cite})" for c in candidates)
            raise ConversionError(
                f"no {from_system.label} → {to_system.label} formula was in force on {on}; "
                f"{source}→{target} is in force {dates}"
            )
        conversion = in_force[-1]
    piece = conversion.piece(given)
    return Converted(value=piece.function(given), given=given, conversion=conversion, piece=piece, on=on)


def format_conversion(c: Converted) -> str:
    """One line for the command line, e.g.

    ``ECF 180 → FIDE 2150 (5·ECF + 1250, ECF < 216; on 2005-06-01, in force until 2009-08-31;
    seed 004, "ECF to FIDE Elo | FIDE Elo to ECF" table, lines 24–28)``
    """
    conversion = c.conversion
    source, target = _SYSTEMS_BY_NAME[conversion.source], _SYSTEMS_BY_NAME[conversion.target]
    condition = c.piece.condition(source.symbol)
    formula = f"{c.piece.text}, {condition}" if condition else c.piece.text
    if c.on is None:
        when = f"no date given: the latest formula, in force {conversion.dates}"
    else:
        when = f"on {c.on}, in force {conversion.dates}"
    return (
        f"{source.label} {_number(c.given)} → {target.label} {_number(c.value)} ({formula}; {when}; {conversion.cite})"
    )


def list_conversions() -> str:
    """Every conversion as a table, one line each: pair, dates in force, formula, source."""
    header = ("from", "to", "in force", "formula", "source")
    rows = [header] + [(c.source, c.target, c.dates, c.text, c.cite) for c in CONVERSIONS]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)
