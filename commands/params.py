"""Strict number types for the command line.

click's ``type=int`` and ``type=float`` take whatever Python's ``int()`` and
``float()`` take: full-width and other Unicode digits (``１５００``, ``٣``),
underscores (``1_500``), exponents and infinities (``1e3``, ``inf``). Every
numeric option of ``ratings`` takes these types instead: ASCII digits, an
optional sign (``+15``, ``-10``), and for decimals one decimal point
(``1850.5``). A bad value is click's misuse error (exit 2), as for any other
option; the ledger bounds the value itself (:mod:`ledger.values`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import click

from ledger.errors import InvalidValueError
from ledger.values import parse_decimal, parse_whole


class WholeNumber(click.ParamType[int]):
    """A whole number in ASCII digits with an optional sign, at least ``minimum`` if given."""

    name = "integer"

    def __init__(self, minimum: int | None = None) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value  # a default
        else:
            try:
                number = parse_whole(str(value), "")
            except InvalidValueError:
                self.fail(f"{str(value)!r} is not a whole number in ASCII digits (e.g. 1500 or -10)", param, ctx)
        if self.minimum is not None and number < self.minimum:
            self.fail(f"{number} is below {self.minimum}", param, ctx)
        return number


class DecimalNumber(click.ParamType[float]):
    """A decimal number in ASCII digits with an optional sign and decimal point (no exponent, no infinity)."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float | int) and not isinstance(value, bool):
            return float(value)  # a default
        try:
            return parse_decimal(str(value), "")
        except InvalidValueError:
            self.fail(f"{str(value)!r} is not a decimal number in ASCII digits (e.g. 1850 or 1850.5)", param, ctx)


WHOLE = WholeNumber()
"""Any whole number (the ledger bounds it)."""

COUNT = WholeNumber(minimum=0)
"""A whole number, 0 or more."""

DECIMAL = DecimalNumber()
"""Any decimal number (the ledger bounds it)."""


class Choice(click.Choice[str]):
    """click's ``Choice``, whose message for a missing option is one line (``Choose from: a, b, c``),
    as every refusal of ``ratings`` is; click's own puts each choice on a line of its own."""

    def get_missing_message(self, param: click.Parameter, ctx: click.Context | None) -> str:
        return f"Choose from: {', '.join(str(choice) for choice in self.choices)}"


class RulesChoice(Choice):
    """``--rules``: a registered rules version. Its help shows ``RULES`` and the families, not every
    version (``ratings rules`` lists them); a name not registered is still refused with every valid one.

    >>> choice = RulesChoice(["iecg-1.6", "iecg-1.7", "fide-2024"], ["iecg", "fide"])
    >>> choice.help("The rules version.")
    'The rules version: a version of iecg or fide (`ratings rules` lists them).'
    """

    def __init__(self, names: Iterable[str], families: Sequence[str]) -> None:
        super().__init__(sorted(names))
        self.families = list(families)

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        return "RULES"

    def help(self, text: str) -> str:
        """``text`` (ending in a full stop), saying which names are valid and where to find them."""
        families = ", ".join(self.families[:-1]) + " or " + self.families[-1]
        return f"{text.removesuffix('.')}: a version of {families} (`ratings rules` lists them)."
