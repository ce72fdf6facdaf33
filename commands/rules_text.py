"""The text of ``ratings rules``: every registered rules version, when it was in force, what it changed."""

from __future__ import annotations

from collections.abc import Sequence

from projections.registry import RulesDescription, describe_rules


def _dates(entry: RulesDescription) -> str:
    start = f"from {entry.in_force_from.isoformat()}"
    if entry.until is not None:
        return f"{start} until {entry.until.isoformat()}"
    return f"{start}, {entry.status}"


def format_rules_table(entries: Sequence[RulesDescription] | None = None) -> str:
    """Everything ``rules`` prints: a line per version with its dates, then its changes from the
    version before, one clause a line (default: every registered name, in order).
    """
    described = describe_rules() if entries is None else tuple(entries)
    name_width = max(len(entry.name) for entry in described) + 2
    clause_width = max(len(change.clause) for entry in described for change in entry.changes) + 2
    indent = " " * name_width
    out: list[str] = []
    for entry in described:
        out.append(f"{entry.name.ljust(name_width)}{_dates(entry)}")
        for clause, description in entry.changes:
            if clause:
                out.append(f"{indent}{clause.ljust(clause_width)}{description}")
            else:
                out.append(f"{indent}{description}")
    return "\n".join(out) + "\n"
