"""Helpers for the CLI tests of the systems of issue 5: read ``explain``'s game table and ``list``'s JSON."""

from __future__ import annotations

import json
from typing import Any

from tests.commands.support import Ratings


def explain_lines(text: str) -> list[dict[str, str]]:
    """The game lines of ``explain``'s table under a system of issue 5, as column → cell.

    The table starts at the line after ``before:`` (its header), skips the dashes, and ends at
    ``terms:`` or ``after:`` (or the lines naming events and games left out, issue 12); cells are split at
    the header's column starts.
    """
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("before:")) + 1
    header, dashes = lines[start], lines[start + 1]
    spans: list[tuple[int, int]] = []
    at = 0
    for run in dashes.split("  "):
        if run:
            begin = dashes.index(run, at)
            spans.append((begin, begin + len(run)))
            at = begin + len(run)
    names = [header[a:b].strip() for a, b in spans]
    found = []
    for line in lines[start + 2 :]:
        if line.startswith(("terms:", "after:", "event ", "left out:")):
            break
        cells = [
            line[a : (spans[i + 1][0] if i + 1 < len(spans) else len(line))].strip() for i, (a, _) in enumerate(spans)
        ]
        found.append(dict(zip(names, cells, strict=True)))
    return found


def terms_of(text: str, heading: str) -> str:
    """The text after ``heading:`` (``before``, ``terms``, ``after``) in an explanation."""
    return next(line for line in text.splitlines() if line.startswith(f"{heading}:"))[len(heading) + 2 :]


def listed(ratings: Ratings, rules: str, period: str) -> dict[str, dict[str, Any]]:
    """The rows of ``list --format json``, by player."""
    result = ratings.ok("list", "--rules", rules, "--period", period, "--format", "json")
    document = json.loads(result.stdout)
    assert (document["rules"], document["period"]) == (rules, period)
    return {row["player"]: row for row in document["players"]}
