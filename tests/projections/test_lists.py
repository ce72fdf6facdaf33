"""The canonical JSON of a list is exactly ``json.dumps(..., indent=2)``, written faster."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from projections.lists import RatingList
from projections.registry import get_rules, system_for
from projections.systems import list_keys

TEXT = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=12)
LIST_KEYS = list_keys(system_for(get_rules("iecg-1.7")))
ROW = st.fixed_dictionaries({key: st.integers(-5000, 5000) for key in LIST_KEYS}).map(dict)


def reference(rating_list: RatingList) -> str:
    document = {"rules": rating_list.rules, "period": rating_list.period, "players": list(rating_list.rows)}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(ROW, TEXT, TEXT), max_size=6), rules=TEXT, period=TEXT)
def test_as_json_equals_json_dumps_indent_2(
    rows: list[tuple[dict[str, Any], str, str]], rules: str, period: str
) -> None:
    full = tuple({**row, "name": name, "country": country} for row, name, country in rows)
    rating_list = RatingList(rules, period, full)
    assert rating_list.as_json() == reference(rating_list)


def test_as_json_of_an_empty_list() -> None:
    rating_list = RatingList("iecg-1.7", "2024-01", ())
    assert rating_list.as_json() == '{\n  "rules": "iecg-1.7",\n  "period": "2024-01",\n  "players": []\n}\n'
