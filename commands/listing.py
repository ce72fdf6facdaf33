"""What ``list``, ``export`` and ``history`` write for a rating list or a player's history: a table, CSV, or
the list's canonical JSON, with the same columns for every system (the system says its keys)."""

from __future__ import annotations

from collections.abc import Sequence

from commands import output
from projections import System, systems
from projections.lists import RatingList
from projections.registry import get_rules, system_for

HEADINGS = {"position": "#"}
"""The heading of a column where it is not its key, for every system (a system adds its own)."""


def headings(system: System, keys: Sequence[str]) -> list[str]:
    """The headings of a table of ``keys`` of ``system``'s rows."""
    own = {**HEADINGS, **dict(system.headings)}
    return [own.get(key, key) for key in keys]


def list_text(rating_list: RatingList, fmt: str) -> str:
    """The list in the format ``fmt`` (``table``, ``csv`` or ``json``), through :func:`commands.output.emit`."""
    system = system_for(get_rules(rating_list.rules))
    keys = systems.list_keys(system)
    return output.emit(fmt, rating_list.rows, keys, headings(system, keys), json_text=rating_list.as_json)
