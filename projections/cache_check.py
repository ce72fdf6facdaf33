"""``ratings verify --cache``: every list and state the projections file holds, recomputed from the log.

The file is a cache that is used when it is bound to the log's hash chain
(:mod:`projections.cache`); the binding proves which log it was built from,
not that nobody edited a list or a state inside it since. This check does:
it reads the file without writing to it, folds the log alone up to the
position the file reached, and compares with what the file holds:

- the folded facts (registrations, corrections, games by month with their
  marks, amendments, markers, priors, adjustments);
- every period's run of every rules version (the players it changed, and
  the whole states where the file keeps them);
- every materialised list, row by row.

Each difference is named by rules version and period. The superseded runs
(kept only to re-rate after a correction; each is compared with a fresh run
of its period when it is used, player by player) are not checked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ledger.store import LogReader
from projections.cache import ProjectionCache, decode_states
from projections.facts import Facts
from projections.registry import RULES, get_rules, system_for
from projections.replay import Projector, row_keys

FACT_FIELDS = (
    "registrations",
    "registered_on",
    "players",
    "player_corrections",
    "amendments",
    "amended",
    "markers",
    "priors",
    "adjustments",
    "marks",
)
"""The folded facts compared, besides the games of every month."""


@dataclass
class CacheCheck:
    """What :func:`check_cache` found."""

    path: str
    position: int = 0
    bound: bool = True
    """Whether the file is bound to the log (else it is not used, and nothing else is compared)."""
    lists: int = 0
    periods: int = 0
    differences: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.bound and not self.differences

    def summary(self) -> str:
        """One line: the verdict."""
        if not self.bound:
            return (
                f"the projections file {self.path} is not bound to this log at position {self.position}: "
                "it is not used, and the next command rebuilds it"
            )
        lists = "1 list" if self.lists == 1 else f"{self.lists} lists"
        runs = "1 period's run" if self.periods == 1 else f"{self.periods} periods' runs"
        what = f"{lists} and {runs}, folded to position {self.position}"
        if not self.differences:
            return f"the projections file {self.path} matches the log: {what}"
        places = "1 place" if len(self.differences) == 1 else f"{len(self.differences)} places"
        return f"the projections file {self.path} differs from the log in {places} ({what})"


def _facts_differences(cached: Facts, cold: Facts) -> list[str]:
    found = [f"the folded {name}" for name in FACT_FIELDS if getattr(cached, name) != getattr(cold, name)]
    months = sorted(set(cached.stored_months) | set(cold.months) | set(cached.months))
    found += [f"the games of {month}" for month in months if cached.month(month) != cold.month(month)]
    return found


def _json(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists), to compare a fresh list with a stored one."""
    return json.loads(json.dumps(value))


def check_cache(reader: LogReader, path: str) -> CacheCheck:
    """Compare the projections file at ``path`` with the log, writing to neither."""
    report = CacheCheck(path)
    cache = ProjectionCache(path, read_only=True)
    try:
        cache.begin()
        report.position = cache.position()
        if report.position and reader.chain_hash(report.position) != cache.chain():
            report.bound = False
            return report
        cold = Projector(reader, None, upto=report.position)
        report.differences += _facts_differences(cache.load_facts(), cold.facts())
        rules_names = sorted(
            {row[0] for row in cache.db.execute("SELECT rules FROM states UNION SELECT rules FROM materialised")}
        )
        for rules in rules_names:
            if rules not in RULES:
                report.differences.append(f"{rules}: not a rules version of this program")
                continue
            report.differences += _runs_differences(cache, cold, rules, report)
            report.differences += _lists_differences(cache, cold, rules, report)
    finally:
        cache.close()
    return report


def _runs_differences(cache: ProjectionCache, cold: Projector, rules: str, report: CacheCheck) -> list[str]:
    params = get_rules(rules)
    codec = system_for(params).codec
    held = cache.deltas(rules, codec)
    if not held:
        return []
    last = held[-1][0]
    cold.states(rules, last)
    fresh = dict(cold.cache.deltas(rules, codec))
    found = []
    fulls = {
        period: full
        for period, full in cache.db.execute(
            "SELECT period, full FROM states WHERE rules = ? AND full IS NOT NULL", [rules]
        )
    }
    whole: dict[str, Any] = {}
    for period in range(min(min(fresh, default=last), held[0][0]), last + 1):
        whole.update(fresh.get(period, {}))
        if period in fulls and decode_states(fulls[period], codec) != whole:
            found.append(f"{rules} {params.periods.label(period)}: the whole state after the run")
    for period, delta in held:
        report.periods += 1
        if delta != fresh.get(period, {}):
            found.append(f"{rules} {params.periods.label(period)}: the players the run changed")
    return found


def _lists_differences(cache: ProjectionCache, cold: Projector, rules: str, report: CacheCheck) -> list[str]:
    params = get_rules(rules)
    keys = row_keys(params)
    found = []
    periods = [
        row[0] for row in cache.db.execute("SELECT period FROM materialised WHERE rules = ? ORDER BY period", [rules])
    ]
    for period in periods:
        report.lists += 1
        label = params.periods.label(period)
        held = cache.rating_list(rules, period, keys)
        fresh = cold.rating_list(rules, label)
        if held is None or _json([list(row.values()) for row in held]) != _json(
            [[row[key] for key in keys] for row in fresh.rows]
        ):
            found.append(f"{rules} {label}: the list")
    return found
