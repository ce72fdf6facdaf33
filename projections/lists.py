"""Rating lists: who is on the list of a period, in which order, and its canonical JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from projections.collector import paused


@dataclass(frozen=True)
class RatingList:
    """The rating list of one rules version and period."""

    rules: str
    period: str
    rows: tuple[dict[str, Any], ...]

    def as_json(self) -> str:
        """The canonical JSON of the list: the same bytes for the same list, every time.

        Exactly ``json.dumps(document, ensure_ascii=False, indent=2) + "\\n"``, with every row
        written in one call of the C encoder (``indent`` alone falls back to the pure-Python one,
        three times slower on a list of 20,000 players): :data:`_ROWS` puts each key of a row on a
        line of its own, and the text between two rows, ``},`` a line break ``{``, is then given the
        indentation of the rows. Nothing else in the text can read so: a row's values are numbers,
        text or null, and JSON writes no line break inside text.
        """
        head = json.dumps({"rules": self.rules, "period": self.period}, ensure_ascii=False, indent=2)[:-2]
        if not self.rows:
            return head + ',\n  "players": []\n}\n'
        with paused():  # the encoder makes a (key, value) pair of every field of every row
            rows = _ROWS(self.rows)[2:-2].replace("},\n      {", "\n    },\n    {\n      ")
        return head + ',\n  "players": [\n    {\n      ' + rows + "\n    }\n  ]\n}\n"


_ROWS = json.JSONEncoder(ensure_ascii=False, separators=(",\n      ", ": ")).encode
"""Flat list rows as JSON, one key a line (:meth:`RatingList.as_json` sets the brackets and the breaks between rows)."""


def rows_to_list(rules: str, period: str, rows: Sequence[Mapping[str, Any]], keys: tuple[str, ...]) -> RatingList:
    """The list of ``rows``, each with exactly ``keys`` in that order (a dict that has them so already,
    as :func:`projections.systems.rows` and the cache make them, is taken as it is: nothing changes a list's rows)."""
    with paused():
        return RatingList(
            rules,
            period,
            tuple(row if type(row) is dict and tuple(row) == keys else {key: row[key] for key in keys} for row in rows),
        )
