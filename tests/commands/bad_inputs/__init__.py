"""The bad-input corpus (issue 10 §4): inputs every command must refuse cleanly.

Each module of this package holds a list ``CASES`` of :class:`BadInput`;
``tests/commands/test_bad_inputs.py`` runs every one against a copy of one
small ledger (:data:`TEMPLATE`) and asserts: the exit status, a one-line
message that names the problem, no traceback, and the ledger file byte for
byte as it was.

The template ledger, built once per test session by the CLI itself:

- players ``A`` (Anna Adler, ICCF 2000 on 100 games), ``B`` (Bob Byrne,
  ICCF 1800 on 100 games), ``C`` (Carla Costa, no source: 800), all reported
  2024-01-01, ``A`` born 1980-05-01;
- games ``G1`` A 1-0 B finished 2024-01-10, ``G2`` B 1/2-1/2 C finished
  2024-02-10, ``G3`` C 0-1 A finished 2024-03-05 with ``--forfeit withdrawal``,
  ``G4`` A 1-0 C finished 2024-03-06 with ``--forfeit arbiter``, each reported
  on its finished date;
- a ``fide`` prior of ``A``: 2100 on 40 games as of 2023-12-01, reported 2024-01-01;
- an ``icu-1980`` adjustment of ``B`` by 10 points on 2024-02-01 ("feedback");
- a publication of the ``iecg-1.7`` list of 2024-01 on 2024-03-01;
- CSV files in the folder of the ledger (the test's working directory):
  ``players_ok.csv`` and ``games_ok.csv`` are valid headers with one valid row
  each (player ``D``; game ``G9`` A-B 2024-04-01), to be copied and spoiled by
  cases that write their own file with :attr:`BadInput.files`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class BadInput:
    """One bad input: the arguments after ``ratings --db ledger.db --by tester``.

    ``message``: text the one-line error must contain (case-sensitive).
    ``status``: 1 for a refusal, 2 for click's misuse of options.
    ``files``: files to write in the working directory first (name → text, or bytes for a binary file such
    as another application's SQLite file: write it with ``write_bytes``), e.g. a spoiled CSV.
    ``db``: when set, replaces ``--db ledger.db`` (e.g. a foreign or missing file, set up by ``files``).
    ``links``: symbolic links to make in the working directory first (name → what it leads to, relative to
    the link), e.g. ``h.svg`` → ``ledger.db`` (issue 22 §1).
    ``sqlite_only``: the case names the template's ledger file or its projections file, which the same
    command on a PostgreSQL ledger may write: left out of the PostgreSQL run.
    """

    args: tuple[str, ...]
    message: str
    status: int = 1
    files: Mapping[str, str | bytes] = field(default_factory=dict)
    db: str | None = None
    id: str = ""
    links: Mapping[str, str] = field(default_factory=dict)
    sqlite_only: bool = False

    def name(self) -> str:
        return self.id or " ".join(self.args)[:80]
