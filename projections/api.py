"""The Python API of the rating ledger's read side: what ``ratings`` computes, without click.

:class:`Ratings` opens a ledger read-only, as every query command of the CLI
does, and answers its lists, notes, explanations, histories, differences,
audits and publications as values; :func:`publish` records a list's
publication in a :class:`~ledger.application.RatingLedger`, with the refusals
of ``ratings publish``. A refusal is one of the project's exceptions (a
:class:`~ledger.errors.LedgerError`, a :class:`LookupError`, an
:class:`~projections.registry.UnknownRulesError`, a
:class:`~projections.rules.periods.PeriodError`...) with a one-line message: the
message the CLI prints after ``Error:``.

>>> from projections import Ratings
>>> ratings = Ratings.open("no-such.db")
Traceback (most recent call last):
...
ledger.errors.NoLedgerError: no ledger at no-such.db: create one with `ratings init no-such.db`
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple

from ledger import chain, stores
from ledger.errors import LedgerError
from ledger.stores import ClosableReader
from ledger.values import parse_date
from projections.facts import GameVersion
from projections.lists import RatingList
from projections.registry import RULES, get_rules
from projections.replay import Progress, Projector, cache_path_for, knowledge
from projections.rules.common import EventInfo
from projections.rules.explanation import Explanation, with_names
from projections.rules.iecg import IECG_1_7
from projections.rules.periods import PeriodError

if TYPE_CHECKING:
    from ledger.application import RatingLedger  # the recording side, for publish only
    from projections.audit import Audit, Change, Publication
    from projections.eligibility import PlayerEligibility
    from projections.events import CrosstableView, EventRecord, SystemStatus
    from projections.rules.iecg.crosstable import Crosstable
    from projections.rules.iecg.entry import Decision

Notice = Callable[[str], None]
"""Told, one line at a time, what was done besides answering (the projections file kept in memory...)."""


class UnusableFactError(LedgerError):
    """The log holds a stored fact a replay cannot use, and the query was not told to skip it."""


def cache_file(db: str, cache_dir: str | None = None, notice: Notice | None = None) -> str | None:
    """Where the projections file of the ledger ``db`` lives: in ``cache_dir`` when given, else where its store
    keeps it (beside a ledger file; in the user's cache folder for a database); None (the projections kept in
    memory, ``notice`` told why) when there is nowhere to write it.

    >>> cache_file("federation.db")
    'federation.projections.db'
    >>> cache_file("/data/federation.db", "/tmp")  # doctest: +ELLIPSIS
    '/tmp/federation-....projections.db'
    """
    return stores.store(db).cache_file(cache_dir, cache_path_for, notice)


def check_usable(projector: Projector, skip: bool, notice: Notice | None = None) -> None:
    """Refuse to compute while the log holds a stored fact a replay cannot use (the first one
    named, and a count), unless ``skip``: then ``notice`` names each; the lists are computed without them."""
    unusable = projector.facts().unusable
    if not unusable:
        return
    if not skip:
        first = next(iter(unusable.values()))
        others = len(unusable) - 1
        more = f" (and {others} more unusable fact{'s' if others > 1 else ''})" if others else ""
        raise UnusableFactError(
            f"the log holds a fact that cannot be used: {first}{more}; "
            "or compute without it with `ratings --skip-unusable ...`"
        )
    for text in unusable.values():
        if notice is not None:
            notice(f"skipped: {text}")


def known_date(known_at: str | date | None, what: str = "known_at date") -> str | None:
    """A ``known_at`` (None, a date, or ``YYYY-MM-DD`` text) as ISO text, or a refusal naming the bad value.

    >>> known_date("2024-03-01"), known_date(None), known_date(date(2024, 3, 1))
    ('2024-03-01', None, '2024-03-01')
    >>> known_date("2024-02-30")
    Traceback (most recent call last):
    ...
    ledger.errors.InvalidDateError: known_at date '2024-02-30' is not a calendar date
    """
    if known_at is None:
        return None
    if isinstance(known_at, date):
        return known_at.isoformat()
    return parse_date(known_at, what).isoformat()


class Diff(NamedTuple):
    """Two lists of one period (across rules versions, or as known at two dates), and who differs."""

    first: RatingList
    second: RatingList
    changes: builtins.list[Change]


class Ratings:
    """A ledger opened read-only: its lists, explanations and histories, as ``ratings`` prints them.

    ``Ratings.open(path)`` neither creates nor changes the ledger;
    the projections file is kept beside it (or in ``cache_dir``) as the CLI
    keeps it. Every query takes ``known_at``: None for the facts as known now,
    or a date (``YYYY-MM-DD`` or a :class:`datetime.date`) for the facts as
    reported by then. Use it as a context manager, or :meth:`close` it.
    """

    def __init__(self, path: str, reader: ClosableReader, projector: Projector) -> None:
        self.path = path
        self.reader = reader
        self.projector = projector
        """The :class:`~projections.replay.Projector` behind the queries."""

    @classmethod
    def open(
        cls,
        path: str,
        cache_dir: str | None = None,
        notice: Notice | None = None,
        *,
        cache: bool = True,
        skip_unusable: bool = False,
        upto: int | None = None,
        progress: Progress | None = None,
    ) -> Ratings:
        """Open the ledger at ``path`` read-only: a missing or foreign file is refused (a LedgerError).

        ``cache=False`` computes from the log alone, in memory; ``upto`` reads
        the log only up to that position (the log as it stood then; never a
        projections file). A log holding a fact a replay cannot use is refused
        (:class:`UnusableFactError`) unless ``skip_unusable``: then ``notice``
        names each fact left out. ``progress`` is told how a long replay goes (:data:`~projections.replay.Progress`).
        """
        reader = stores.store(path).open_reader()
        try:
            where = cache_file(path, cache_dir, notice) if cache and upto is None else None
            projector = Projector(reader, where, notice=notice, upto=upto, progress=progress)
        except BaseException:
            reader.close()
            raise
        ratings = cls(path, reader, projector)
        try:
            check_usable(projector, skip_unusable, notice)
        except BaseException:
            ratings.close()
            raise
        return ratings

    def close(self) -> None:
        """Close the projections file and the reader's connection; closing again does nothing."""
        if self._closed:
            return
        self._closed = True
        self.projector.close()
        self.reader.close()

    _closed = False

    def __enter__(self) -> Ratings:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    # --- queries -------------------------------------------------------------

    @staticmethod
    def rules() -> tuple[str, ...]:
        """The registered rules versions, in order.

        >>> Ratings.rules()[:2], "glicko2" in Ratings.rules()
        (('iecg-1.0', 'iecg-1.1'), True)
        """
        return tuple(RULES)

    def list(self, rules: str, period: str, known_at: str | date | None = None) -> RatingList:
        """The rating list of ``rules`` and ``period``: its ``rows``, and :meth:`RatingList.as_json`, the
        canonical bytes ``ratings list --format json`` prints (and a publication's digest covers)."""
        return self.projector.rating_list(rules, period, known_date(known_at))

    def notes(self, rules: str, period: str, known_at: str | date | None = None) -> tuple[str, ...]:
        """What the run of ``period`` could not do, in words (the groups it could not grade...): the lines
        ``ratings list`` prints on stderr."""
        return self.projector.notes(rules, period, known_date(known_at))

    def explain(self, player: str, rules: str, period: str, known_at: str | date | None = None) -> Explanation:
        """Why ``player`` has the rating he has on the list of ``period``, in his system's own terms: one
        :class:`~projections.rules.explanation.Explanation` for every system. :class:`LookupError` for an unknown
        player; a player of an ICU group that cannot be graded is refused, with the group named. Its opponents'
        names are the ledger's as known at ``known_at`` (:func:`~projections.rules.explanation.with_names`)."""
        known = known_date(known_at)
        return with_names(self.projector.explain(rules, player, period, known), self.names_of(known))

    def names_of(self, known_at: str | date | None = None) -> Callable[[str], str | None]:
        """A player's name as known at ``known_at`` (else as registered), or None for an id never registered."""
        known = known_date(known_at)
        now, ever = self.projector.view(known).players, self.projector.facts().players

        def name_of(player: str) -> str | None:
            found = now.get(player) or ever.get(player)
            return None if found is None else found.name

        return name_of

    def history(self, player: str, rules: str, known_at: str | date | None = None) -> builtins.list[tuple[str, Any]]:
        """Each period ``player`` had rated games in, with his state after its run (empty: never rated)."""
        return self.projector.history(rules, player, known_date(known_at))

    def name(self, player: str, known_at: str | date | None = None) -> str:
        """The player's name, as known at ``known_at`` (else as registered)."""
        known = known_date(known_at)
        return (self.projector.view(known).players.get(player) or self.projector.facts().players[player]).name

    def diff(
        self,
        rules: str,
        period: str,
        known_at: str | date | None = None,
        *,
        against_rules: str | None = None,
        against_known_at: str | date | None = None,
    ) -> Diff:
        """The list of ``rules`` as known at ``known_at`` against that of ``against_rules`` (default:
        ``rules``) as known at ``against_known_at`` (default: now): every player whose rating, status or
        position differs, first list → second (``ratings diff``)."""
        first = self.projector.rating_list(rules, period, known_date(known_at))
        second = self.projector.rating_list(against_rules or rules, period, known_date(against_known_at))
        from projections.audit import compare  # audits are not on `list`'s imports

        return Diff(first, second, compare(first, second))

    def audit(self, rules: str, period: str, on: str | date | None = None, *, replay: bool = False) -> Audit:
        """Audit the latest publication of a list (the one on ``on``, if given), as ``ratings audit`` does:
        whether the log still reproduces it, and what changed since, and why; ``replay``: by replaying the
        log up to the publication's head, whatever the chain and the fingerprint prove."""
        from projections.audit import run_audit

        return run_audit(self.projector, rules, period, known_date(on, "date"), db=self.path, replay=replay)

    def publications(self) -> builtins.list[Publication]:
        """Every list published, in log order."""
        from projections.audit import publications

        return publications(self.reader)

    # --- events -------------------------------------------------------------

    def events(self, known_at: str | date | None = None) -> builtins.list[EventInfo]:
        """Every registered event that counts (not void), as known at ``known_at``, by start date then id."""
        found = self.projector.view(knowledge(known_date(known_at))).events.values()
        return sorted(found, key=lambda e: (e.start, e.event))

    def event(self, event: str, known_at: str | date | None = None) -> EventRecord:
        """The event's facts as known at ``known_at``: its registration as corrected, whether it is void, its
        pairings, its withdrawals, and every fact of it in log order (:class:`LookupError` if unknown)."""
        from projections.events import event_record  # events are not on `list`'s imports

        return event_record(self.reader, event, knowledge(known_date(known_at)))

    def event_games(self, event: str, known_at: str | date | None = None) -> builtins.list[GameVersion]:
        """The games of ``event`` as known at ``known_at``, as amended, not void, in (finished, game) order."""
        from projections.events import event_games

        return event_games(self.projector.view(knowledge(known_date(known_at))), event)

    def crosstable(self, event: str, rules: str = IECG_1_7.name, known_at: str | date | None = None) -> Crosstable:
        """The event's score table (IECG C §9A, C §14), its performances from the list of ``rules`` in force
        at its start."""
        known = known_date(known_at)
        record = self.event(event, known)
        games = self.event_games(event, known)
        players = {p for v in games for p in (v.row.white, v.row.black)} | {
            p for _, w, b in record.pairings for p in (w, b)
        }
        from projections.events import event_crosstable, start_ratings

        ratings = start_ratings(self.projector, rules, record.info.start, players, known)
        return event_crosstable(record, games, ratings)

    def crosstable_view(
        self, event: str, rules: str = IECG_1_7.name, known_at: str | date | None = None
    ) -> CrosstableView:
        """The event's crosstable (:meth:`crosstable`) as people read it: each row's name, federation (or
        country) and rating at the start, and his rounds where the event has rounds."""
        known = known_date(known_at)
        record = self.event(event, known)
        games = self.event_games(event, known)
        players = {p for v in games for p in (v.row.white, v.row.black)} | {
            p for _, w, b in record.pairings for p in (w, b)
        }
        from projections.events import crosstable_view, start_ratings

        ratings = start_ratings(self.projector, rules, record.info.start, players, known)
        registered = self.projector.view(known).players
        everyone = self.projector.facts().players
        named = {
            p: (r.name, r.federation or r.country or None)
            for p in players
            if (r := registered.get(p) or everyone.get(p)) is not None
        }
        return crosstable_view(record, games, ratings, named)

    def event_status(
        self, event: str, rules: Sequence[str] | None = None, known_at: str | date | None = None
    ) -> builtins.list[SystemStatus]:
        """For every registered system (or those of ``rules``), the periods the event's games were rated in and
        each game left out, with the clause that leaves it out."""
        known = known_date(known_at)
        self.event(event, known)
        from projections.events import event_status

        return event_status(self.projector, self.event_games(event, known), tuple(rules or RULES), known)

    def eligibility(
        self, player: str, on: str | date, rules: str = IECG_1_7.name, known_at: str | date | None = None
    ) -> PlayerEligibility:
        """Which IECG groups ``player`` may enter on ``on``, as known at ``known_at``: his TER on
        the list of ``rules`` then in force and its class (D §2.4a, §2.5a), his promotion tickets and whether each
        is usable (D §2.4c), the groups he plays in (D §2.4d) and his bans (C §9C–D)."""
        day = known_date(on, "date")
        assert day is not None
        from projections.eligibility import eligibility  # IECG entries are not on `list`'s imports

        return eligibility(self.projector, self.reader, player, day, rules, known_date(known_at))

    def may_enter(
        self,
        player: str,
        event: str,
        on: str | date,
        rules: str = IECG_1_7.name,
        known_at: str | date | None = None,
    ) -> Decision:
        """May ``player`` enter the IECG group ``event`` on ``on``, as known at ``known_at``? The decision names
        the clause, and the ticket the entry would use (D §2.4c)."""
        day = known_date(on, "date")
        assert day is not None
        from projections.eligibility import may_enter

        return may_enter(self.projector, self.reader, player, event, day, rules, known_date(known_at))


# --- the recording side's publication -----------------------------------------------------------


@dataclass(frozen=True)
class Published:
    """What :func:`publish` recorded: the list, its digest, and the log's head it was computed at."""

    rules: str
    period: str
    on: str
    digest: str
    players: int
    head: chain.Head


SHRINK_WARNING = 0.9
"""``publish`` warns when a list has fewer players than this share of the previous publication's."""


class EmptyListError(LedgerError):
    """A list with no players to publish."""


def _shrunk(
    earlier: Sequence[Publication], rules: str, index: int, index_of: Callable[[str], int], players: int
) -> Publication | None:
    """The previous publication of ``rules`` (of the latest period up to the list's, then the latest date and
    position) when the list's ``players`` are fewer than :data:`SHRINK_WARNING` of its; else None.

    >>> from projections.audit import Publication
    >>> before = Publication(5, "iecg-1.7", "2024-01", "2024-03-01", "d", 100, 4, "h")
    >>> index = {"2024-01": 0, "2024-03": 1}.__getitem__
    >>> _shrunk([before], "iecg-1.7", 1, index, 89).on, _shrunk([before], "iecg-1.7", 1, index, 90)
    ('2024-03-01', None)
    """
    same = [p for p in earlier if p.rules == rules and index_of(p.period) <= index]
    if not same:
        return None
    previous = max(same, key=lambda p: (index_of(p.period), p.on, p.position))
    return previous if players < SHRINK_WARNING * previous.players else None


def publish(
    ledger: RatingLedger,
    rules: str,
    period: str,
    on: str | date | None = None,
    *,
    skip_unusable: bool = False,
    notice: Notice | None = None,
) -> Published:
    """Publish a list (``ratings publish``): record its digest as known at ``on`` (default: the ledger's
    today), with the log's head.

    Refused (a :class:`~projections.rules.periods.PeriodError`) before the last day
    of the period; the list is computed from the log itself as it stood at the
    head, never from the projections file, and recorded with the
    fingerprint of the rules version's code: what lets an audit
    prove it reproduced without replaying, which holds only because the digest
    came from the log alone. ``skip_unusable`` and ``notice`` as for
    :meth:`Ratings.open`.
    """
    day = known_date(on, "publication date") if on is not None else ledger.clock().isoformat()
    assert day is not None
    scheme = get_rules(rules).periods
    last_day = scheme.last_day(scheme.index(period)).isoformat()
    if day < last_day:  # a list is published once its period is over
        raise PeriodError(
            f"publication date {day} is before the last day of period {period} ({last_day}): "
            "a list is published once its period is over"
        )
    from projections.fingerprint import rules_fingerprint  # publish and audit only: not on `list`'s imports

    fingerprint = rules_fingerprint(rules)  # of the code as it is loaded now, which computes the list
    head = chain.chain_head(ledger.path)
    with Ratings.open(ledger.path, notice=notice, skip_unusable=skip_unusable, upto=head.position) as log:
        rating_list = log.list(rules, period, day)
        earlier = log.publications()
    if not rating_list.rows:  # an empty list (a date before the facts were reported) is no list
        raise EmptyListError(
            f"the {rules} list of {period} as known on {day} has no players: nothing was published "
            "(were its facts reported after that date?)"
        )
    shrunk = _shrunk(earlier, rules, scheme.index(period), scheme.index, len(rating_list.rows))
    if shrunk is not None and notice is not None:
        notice(
            f"warning: the {rules} list of {period} has {len(rating_list.rows)} players, fewer than nine tenths "
            f"of the {shrunk.players} of the {rules} list of {shrunk.period} published on {shrunk.on}"
        )
    from projections.audit import digest

    sha = digest(rating_list)
    ledger.record_publication(
        rules=rules,
        period=period,
        on=day,
        digest=sha,
        players=len(rating_list.rows),
        log_position=head.position,
        log_hash=head.hash,
        rules_fingerprint=fingerprint,
    )
    return Published(rules, period, day, sha, len(rating_list.rows), head)
