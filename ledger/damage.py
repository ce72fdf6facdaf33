"""A ledger file found damaged takes no more facts until ``ratings verify`` passes.

SQLite reads only the pages a statement needs: a recording (a key looked up in
the index, a row appended, the witness extended) can succeed on a file whose
other pages ``verify``, ``list`` or ``log`` find damaged, and the advice they
give, "restore a backup", would then lose that acknowledged fact. So a command
that finds the file damaged leaves a mark beside it, ``LEDGER.damaged`` (one
line: when, and what SQLite said), and every recording refuses while it is
there; ``ratings verify`` removes it when it passes (on the restored file), and
``ratings init`` of a new ledger at the path removes a stale one.

Choices made here:

- *Refuse after found*, not a check before each write. The mark costs a
  recording one ``stat`` (8 µs, `python -m timeit`); SQLite's ``PRAGMA quick_check`` reads
  every page: 0.43-0.49 s on a ledger of 1,000,000 games (545 MB, warm page
  cache), where the whole ``ratings game record`` takes 0.62-0.69 s. Damage in
  pages nobody has read yet is ``ratings verify``'s to find (it marks too).
- The mark is a file beside the ledger, not a row in it: a damaged file may
  not take a write, and must not be written to before it is examined.
- A file the mark cannot be written beside (a read-only folder) takes no
  recording anyway; a failure to write the mark never hides the refusal that
  found the damage.
- A PostgreSQL ledger has no mark (its :class:`ledger.stores.Store` keeps none): the server checks its own
  pages as it reads them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from ledger.errors import DamagedLedgerError
from ledger.outputs import written_aside

SUFFIX = ".damaged"
"""The mark's name: the ledger file's, with this added."""


def mark_path(db: str) -> Path:
    """Where the mark of the ledger file ``db`` is kept."""
    return Path(f"{db}{SUFFIX}")


def found(db: str, what: str) -> None:
    """Record that a command found the ledger file ``db`` damaged (``what``: what SQLite said), unless
    already recorded; written aside and renamed into place. Never raises: the refusal that found it goes on."""
    mark = mark_path(db)
    if mark.exists():
        return
    line = f"{datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}: {' '.join(what.split())}\n"
    try:
        with written_aside(mark) as aside:
            aside.write_text(line, encoding="utf-8")
    except OSError:  # written_aside removed what it began
        pass


def refuse_if_found(db: str) -> None:
    """Refuse to record in the ledger file ``db`` while it bears the mark (:class:`DamagedLedgerError`)."""
    mark = mark_path(db)
    try:
        text = mark.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return
    except (OSError, UnicodeDecodeError):
        text = ""
    when = f" ({text})" if text else ""
    raise DamagedLedgerError(
        f"the ledger {db} was found damaged{when}: nothing was recorded; restore a backup, then run "
        f"`ratings verify`: facts are taken again once it passes (the mark {mark.name} says so)"
    )


def cleared(db: str) -> str | None:
    """Remove the mark of ``db`` (``verify`` passed, or ``init`` made a new ledger there); what it said, or
    None when there was none (or it cannot be removed)."""
    mark = mark_path(db)
    try:
        text = mark.read_text(encoding="utf-8").strip()
        mark.unlink()
    except (OSError, UnicodeDecodeError):
        return None
    return text
