"""Required choices left out: click's misuse error, on one line (``Choose from: a, b, c``)."""

from __future__ import annotations

from tests.commands.bad_inputs import BadInput

MISSING_RULES = "Missing option '--rules'. Choose from: ecf-grading, ecf-grading-rapid,"
MISSING_SYSTEM = "Missing option '--system'. Choose from: "

CASES: list[BadInput] = [
    BadInput(("list", "--period", "2024-01"), MISSING_RULES, 2),
    BadInput(("explain", "A", "--period", "2024-01"), MISSING_RULES, 2),
    BadInput(("history", "A"), MISSING_RULES, 2),
    BadInput(("publish", "--period", "2024-01", "--on", "2024-03-01"), MISSING_RULES, 2),
    BadInput(("audit", "--period", "2024-01"), MISSING_RULES, 2),
    BadInput(("diff", "--period", "2024-01"), MISSING_RULES, 2),
    BadInput(("export", "--from", "2024-01", "--to", "2024-03", "--out", "lists"), MISSING_RULES, 2),
    BadInput(("pool", "--from", "2024-01", "--to", "2024-03"), MISSING_RULES, 2),
    BadInput(
        ("player", "prior", "A", "--rating", "2100", "--as-of", "2023-12-02"), MISSING_SYSTEM + "iecg, iccf, icu", 2
    ),
    BadInput(
        ("adjust", "--player", "B", "--points", "5", "--on", "2024-02-02", "--reason", "x"),
        MISSING_SYSTEM + "icu-1980",
        2,
    ),
]
