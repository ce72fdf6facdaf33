"""Each figure of a benchmark run against a saved run's: ``python -m benchmarks.compare SAVED.json NEW.json``.

``python -m benchmarks.run --compare SAVED.json`` prints the same at the end
of a run. Both files are what ``benchmarks.run --json`` writes. Every number
of a measure is compared (seconds, CPU seconds, peak memory, sizes, ratios):
the new figure's ratio to the saved one, flagged ``WORSE`` when it is more
than :data:`TOLERANCE` (20 %) worse. For most figures higher is worse; for
the few where higher is better (:data:`HIGHER_IS_BETTER`: the import's rate
as a ratio to the raw baseline's) a figure is flagged when the saved one is
more than 20 % above it, the same 20 % as of a time. A check that held in
the saved run and fails now (``warm_equals_cold`` …) is flagged too.

The baselines (the raw scan, the floors, the raw import, ``python -c "import
click"``, ``game record`` on the small ledger) measure the machine, not the
ledger's code: they are shown, marked ``baseline``, never flagged; a baseline
much slower than the saved one says the machine is busier than it was. So are
the wall-clock figures that have a CPU twin (``warm_list_seconds`` beside
``warm_list_cpu_seconds``), marked ``wall``: a shared machine inflates wall
time, and the twin is the figure to read.

It is a report, never a test: the exit status is 0 whatever it finds.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TOLERANCE = 0.2
"""A figure more than this fraction worse than the saved one is flagged."""
SECTIONS = ("startup", "import", "log", "families", "audit")
"""The parts of the figures compared; the rest (machine, parameters, targets) describe the run."""
MEASURED = ("seconds", "_kib", "bytes", "ratio")
"""A figure is compared if its key ends with one of these, or holds ``ratio`` (a count is not)."""
HIGHER_IS_BETTER = frozenset({"import.ratio", "import.cpu_ratio", "import.streamed_ratio"})
"""Figures where a higher value is better (rates as ratios to a baseline's rate)."""
BASELINE_PARTS = ("raw_", "floor_", "click_", "record_small_")
"""A figure whose last key starts with one of these is a baseline's (the machine's, not the code's)."""
BASELINE_KEYS = frozenset({"log.raw_scan_peak_kib"})


@dataclass(frozen=True)
class Compared:
    """One figure in both runs."""

    key: str
    """Its path in the figures, dotted: ``families.iecg.warm_list_cpu_seconds``."""
    saved: float | bool
    now: float | bool
    ratio: float | None
    """now / saved (None: a check, or a saved figure of 0)."""
    worse: bool
    """More than :data:`TOLERANCE` worse (a check: held then, fails now); never for a baseline."""
    baseline: bool
    higher_is_better: bool
    wall: bool = False
    """A wall-clock figure with a CPU twin: shown, never flagged."""


def is_measure(key: str) -> bool:
    """Whether a figure's dotted key names a measure to compare (not a count, a label or a sample list)."""
    last = key.rsplit(".", 1)[-1]
    return last.endswith(MEASURED) or "ratio" in last


def is_baseline(key: str) -> bool:
    return key in BASELINE_KEYS or key.rsplit(".", 1)[-1].startswith(BASELINE_PARTS)


def cpu_twin(key: str) -> str | None:
    """The dotted key of the CPU figure a wall-clock figure stands beside, if its name has one."""
    prefix, _, last = key.rpartition(".")
    if last == "seconds":
        twin = "cpu_seconds"
    elif last.endswith("_seconds") and not last.endswith("cpu_seconds"):
        twin = f"{last[: -len('seconds')]}cpu_seconds"
    elif last == "ratio":
        twin = "cpu_ratio"
    elif last.startswith("cold_ratio_"):
        twin = f"cold_cpu_ratio_{last[len('cold_ratio_') :]}"
    else:
        return None
    return f"{prefix}.{twin}" if prefix else twin


def flatten(figures: dict[str, Any]) -> dict[str, float | bool]:
    """Every number and truth value of the compared sections, by dotted key (lists left out)."""

    def walk(prefix: str, value: Any) -> Iterator[tuple[str, float | bool]]:
        if isinstance(value, dict):
            for key, inner in value.items():
                yield from walk(f"{prefix}.{key}" if prefix else str(key), inner)
        elif isinstance(value, bool):
            yield prefix, value
        elif isinstance(value, int | float):
            yield prefix, float(value)

    found: dict[str, float | bool] = {}
    for section in SECTIONS:
        if figures.get(section) is not None:
            found.update(walk(section, figures[section]))
    return found


def compare(saved: dict[str, Any], now: dict[str, Any], tolerance: float = TOLERANCE) -> list[Compared]:
    """Every figure of ``now`` that ``saved`` has too, in ``now``'s order: its ratio and whether it is worse."""
    old, new = flatten(saved), flatten(now)
    rows: list[Compared] = []
    for key, value in new.items():
        before = old.get(key)
        if before is None:
            continue
        baseline = is_baseline(key)
        if isinstance(value, bool) or isinstance(before, bool):
            worse = before is True and value is False
            rows.append(Compared(key, before, value, None, worse, baseline, True))
            continue
        if not is_measure(key):
            continue
        better_higher = key in HIGHER_IS_BETTER
        twin = cpu_twin(key)
        wall = twin is not None and twin in new
        ratio = value / before if before else None
        if ratio is None:
            worse = False
        elif better_higher:
            worse = value * (1 + tolerance) < before
        else:
            worse = value > before * (1 + tolerance)
        flagged = worse and not baseline and not wall
        rows.append(Compared(key, before, value, ratio, flagged, baseline, better_higher, wall))
    return rows


def different_parameters(saved: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """The federation's parameters that differ between the two runs (their figures are not comparable)."""
    old, new = saved.get("parameters") or {}, now.get("parameters") or {}
    keys = ("games", "players", "years", "first_year", "seed")
    return [f"{key}: {old.get(key)} then, {new.get(key)} now" for key in keys if old.get(key) != new.get(key)]


def _shown(value: float | bool) -> str:
    if isinstance(value, bool):
        return "yes" if value else "NO"
    return f"{value:,.3f}" if abs(value) < 1000 else f"{value:,.0f}"


def report(saved: dict[str, Any], now: dict[str, Any], name: str, tolerance: float = TOLERANCE) -> list[str]:
    """The comparison as lines of text: a heading, one line a figure, and a count of those flagged."""
    lines = [f"Compared with {name} (started {saved.get('started', '?')}; {saved.get('command', '?')})"]
    for difference in different_parameters(saved, now):
        lines.append(f"  NOTE: the federations differ in {difference}: the figures are not comparable")
    old_systems = (saved.get("parameters") or {}).get("systems") or []
    missing = [key for key in (now.get("parameters") or {}).get("systems") or [] if key not in old_systems]
    if missing:
        lines.append(f"  NOTE: the saved run did not measure {', '.join(missing)}")
    rows = compare(saved, now, tolerance)
    width = max((len(row.key) for row in rows), default=10)
    lines.append(f"  {'figure':<{width}} {'saved':>12} {'now':>12} {'ratio':>7}")
    for row in rows:
        ratio = "" if row.ratio is None else f"{row.ratio:.2f}"
        note = (
            f"WORSE (more than {tolerance:.0%})"
            if row.worse
            else "baseline"
            if row.baseline
            else "wall"
            if row.wall
            else "(higher is better)"
            if row.higher_is_better and not isinstance(row.now, bool)
            else ""
        )
        lines.append(f"  {row.key:<{width}} {_shown(row.saved):>12} {_shown(row.now):>12} {ratio:>7}  {note}".rstrip())
    flagged = [row.key for row in rows if row.worse]
    lines.append(
        f"  {len(flagged)} of {len(rows)} figures more than {tolerance:.0%} worse"
        + (f": {', '.join(flagged)}" if flagged else "")
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "saved", type=Path, help="The saved figures (benchmarks.run --json), e.g. benchmarks/figures.json."
    )
    parser.add_argument("now", type=Path, help="The figures of the run to compare with them.")
    parser.add_argument("--tolerance", type=float, default=TOLERANCE, help="Flag figures worse by more than this.")
    args = parser.parse_args(argv)
    saved = json.loads(args.saved.read_text(encoding="utf-8"))
    now = json.loads(args.now.read_text(encoding="utf-8"))
    for line in report(saved, now, str(args.saved), args.tolerance):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
