"""What every command shares: the ledger file and choices the group parses (:class:`Context`), and the one
place where the library's refusals become a message and exit status 1 (:func:`refusals`)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import click

from ledger import stores
from ledger.stores import ClosableReader, Store

if TYPE_CHECKING:
    from commands.progress import Bars
    from ledger.application import RatingLedger
    from ledger.outputs import Protected
    from projections.api import Ratings
    from projections.replay import Projector

# A command imports what it uses: the application, the projections and the error types of the modules
# below are imported by the methods that use them (and by refusals, when there is an error to name), so
# that `ratings --version` or a warm `list` does not load every module of the project.


def refused_errors() -> tuple[type[Exception], ...]:
    """Errors that mean "refused": a message and exit status 1."""
    from ledger.chain import ChainError
    from ledger.errors import LedgerError
    from projections.registry import UnknownRulesError
    from projections.rules.conversions import ConversionError
    from projections.rules.periods import PeriodError

    return (LedgerError, PeriodError, UnknownRulesError, LookupError, ChainError, ConversionError)


class Context:
    """What every command gets from the group: the ledger file, who types, the cache choice.

    Recording commands open the ledger with :meth:`ledger`; read commands only ever read it,
    through :meth:`reader` or :meth:`ratings`: neither creates nor changes a file.
    """

    def __init__(self, db: str, by: str | None, cache: bool, cache_dir: str | None = None) -> None:
        self.db = db
        self.by = by
        self.cache = cache
        self.cache_dir = cache_dir
        self.opened: RatingLedger | None = None
        self._read: list[Ratings] = []

    @cached_property
    def store(self) -> Store:
        """The store ``--db`` names, chosen once (:mod:`ledger.stores`), when the command first asks for it: a
        command that never opens the ledger loads no database driver."""
        return stores.store(self.db)

    skip_unusable = False
    """``ratings --skip-unusable``: compute without the stored facts a replay cannot use, naming each on stderr."""

    quiet = False
    """``ratings --quiet``: no progress bar, even on a terminal."""

    @cached_property
    def bars(self) -> Bars:
        """The command's progress on stderr (:mod:`commands.progress`): nothing unless stderr is a terminal and
        not ``--quiet``. A long replay under :meth:`ratings` shows its bar here too."""
        from commands.progress import Bars

        return Bars(terminal(self.quiet))

    def ledger(self) -> RatingLedger:
        """The ledger, opened to record in it: a missing, foreign or read-only file is refused (a LedgerError)."""
        if self.opened is None:
            from ledger.application import RatingLedger

            self.opened = RatingLedger(self.db, user=self.by)
        return self.opened

    def close(self) -> None:
        """Close what the command opened: the ledger :meth:`ledger` opened (a PostgreSQL ledger holds a pool
        of connections) and every :meth:`ratings` (a reader's connection, the projections file)."""
        if self.opened is not None:
            self.opened.close()
            self.opened = None
        while self._read:
            self._read.pop().close()
        if "bars" in self.__dict__:
            self.bars.close()

    def reader(self) -> ClosableReader:
        """A read-only reader of the ledger: a missing or foreign file is refused (a LedgerError)."""
        return self.store.open_reader()

    def cache_path(self) -> str | None:
        """Where the projections file lives (:func:`projections.api.cache_file`): in ``--cache-dir`` (env
        ``RATINGS_CACHE_DIR``) when given, else beside the ledger; None when its folder cannot be written."""
        from projections.api import cache_file

        return cache_file(self.db, self.cache_dir, say)

    def output(self, target: str, option: str, *, kind: str = "file", source: str | None = None) -> Path:
        """The file ``target`` that ``option`` names, refused (exit 1, whatever ``--overwrite``
        says) when it is or leads to the ledger, its projections file, or one of their SQLite side files.
        Write it with :func:`ledger.outputs.written_aside` (:func:`~ledger.outputs.written_new` for a new file).
        ``kind``: what the refusal asks for instead (``file``, ``folder``); ``source``: another ledger the
        command reads (``copy --from``), whose files are protected too."""
        from ledger.outputs import check_target

        guarded = self._protected() + (self._protected(source) if source not in (None, self.db) else ())
        return check_target(target, guarded, option, kind=kind)

    def output_folder(self, target: str, option: str) -> Path:
        """A folder to be replaced whole (a site), refused when it is, leads to or holds the
        ledger, its projections file or their side files."""
        from ledger.outputs import check_folder

        return check_folder(target, self._protected(), option)

    def _protected(self, db: str | None = None) -> tuple[Protected, ...]:
        """The ledger (``db``, default ``--db``) and its projections files (where they are kept, and beside a
        ledger file). None for a ledger file that is not there yet: ``copy --to``, ``backup`` or ``demo --keep``
        may make it (as ``RATINGS_DB`` names it), and every other command refuses a missing ledger."""
        from ledger.outputs import protected
        from projections.api import cache_file
        from projections.replay import cache_path_for

        store = self.store if db is None else stores.store(db)
        if store.file is None:  # on a server: only the projections file is here
            return protected(store.db, cache_file(store.db, self.cache_dir), None)
        if not store.file.exists():
            return ()
        return protected(store.db, cache_file(store.db, self.cache_dir), cache_path_for(store.db))

    def ratings(self, upto: int | None = None) -> Ratings:
        """The ledger opened read-only through the Python API, with the group's cache choice; ``upto``: the
        log alone as it stood at that position (what ``audit``'s verdict never depends on: the projections
        file is bound to the log, never trusted for it)."""
        from projections.api import Ratings

        opened = Ratings.open(
            self.db,
            self.cache_dir,
            say,
            cache=self.cache,
            skip_unusable=self.skip_unusable,
            upto=upto,
            progress=self.bars.replay if terminal(self.quiet) else None,  # else no import of commands.progress
        )
        self._read.append(opened)
        return opened

    def projector(self) -> Projector:
        """The projector of :meth:`ratings`."""
        return self.ratings().projector


def terminal(quiet: bool) -> TextIO | None:
    """stderr, when it is a terminal and ``--quiet`` was not given; else None (no progress at all)."""
    stream = sys.stderr
    return None if quiet or not stream.isatty() else stream


def say(line: str) -> None:
    """One line on stderr: what the command did besides its answer (the projections file set aside...)."""
    click.echo(line, err=True)


def found_damaged(obj: Context, what: str) -> None:
    """A command found the ledger damaged: the store remembers it, so that no command records in it until
    ``ratings verify`` passes (:mod:`ledger.damage`, for a ledger file)."""
    obj.store.found_damaged(what)


def _store_errors(obj: Context | None, *also: type[Exception]) -> tuple[type[Exception], ...]:
    """The errors of the command's store; without its context, of every store made so far."""
    return obj.store.errors(*also) if obj is not None else stores.errors(*also)


@contextmanager
def refusals(obj: Context | None = None) -> Iterator[None]:
    """Turn the library's refusals into a clear message and exit status 1.

    With the command's context, an error of the store names the ledger file.
    """
    from eventsourcing.domain import EventSourcingError
    from eventsourcing.persistence import PersistenceError

    try:
        yield
    except refused_errors() as error:
        from ledger.errors import DamagedLedgerError

        message = str(error.args[0]) if isinstance(error, LookupError) and error.args else str(error)
        if isinstance(error, DamagedLedgerError) and error.path is not None:
            stores.store(error.path).found_damaged(error.detail or message)
        raise click.ClickException(message) from None
    except _store_errors(obj, PersistenceError) as error:
        from ledger.ledger_file import damage_of, describe_store_error

        damaged = damage_of(error)
        if damaged is not None and obj is not None:
            found_damaged(obj, f"SQLite: {damaged}")
        raise click.ClickException(
            obj.store.describe_error(error) if obj is not None else describe_store_error(error, None)
        ) from None
    except EventSourcingError as error:  # a stored event the library cannot decode (edited by hand)
        if obj is not None:
            found_damaged(obj, f"a stored event cannot be read: {type(error).__name__}")
        where = f"the ledger {obj.store.shown}" if obj is not None else "the ledger"
        raise click.ClickException(
            f"{where} holds a stored event that cannot be read ({type(error).__name__}: {error}): "
            "`ratings verify` says where; restore a backup"
        ) from None
    finally:
        if obj is not None and obj.opened is not None:  # a witness the recording could not extend...
            for line in obj.opened.notices:
                say(line)
            obj.opened.notices.clear()


pass_context = click.make_pass_decorator(Context)
