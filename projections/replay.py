"""The replay loop: the one place that reads the log and runs rating periods.

:class:`Projector` brings its folded facts up to the log's head (reading only
new records when a cache holds the rest), then replays periods through a rules
version from the last valid cached state, keeping each period's run in the
cache, and builds lists, explanations and histories from the result.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial, update_wrapper
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from ledger.chain import ZERO
from ledger.events import game_key
from ledger.store import LogReader, LogRecord
from projections import systems, withheld
from projections.cache import (
    FULL_EVERY,
    CacheBusyError,
    CacheError,
    CacheUnwritableError,
    ProjectionCache,
    encode_groups,
    encode_states,
    set_aside,
)
from projections.collector import paused
from projections.facts import EVERYONE, LAZY, Facts, FactsView, GameRow, Knowledge, game_row
from projections.lists import RatingList, rows_to_list
from projections.registry import Rules, get_rules, system_for
from projections.rules.common import Game, Groups, Info, local
from projections.rules.explanation import Explanation

bulk_work = paused
"""The replay's name for :func:`projections.collector.paused`."""

_ABSENT = object()


class PassLists:
    """The lists of earlier periods during a pass of the replay (:data:`projections.systems.Lists`): a period of
    the pass from the live states and the states each later run of the pass replaced; one before the pass from
    ``before``. Only a system that rates events from the lists at their starts reads them (FIDE), and a run
    reads no further back than the longest event spans: the states replaced are kept for ``keep`` periods."""

    def __init__(self, states: States, start: int, before: Callable[[int], States], keep: int) -> None:
        self.states = states
        self.start = start
        self.before = before
        self.keep = keep
        self.replaced: dict[int, dict[str, Any]] = {}

    def replacing(self, index: int, changed: States) -> None:
        """Keep what the run of ``index`` replaces (call before the states are updated with ``changed``)."""
        get = self.states.get
        self.replaced[index] = {player: get(player, _ABSENT) for player in changed}
        self.replaced.pop(index - self.keep, None)  # older than any event of a later run began

    def __call__(self, period: int) -> States:
        """Every player's state after the run of ``period``."""
        if period < self.start - 1 or (self.replaced and period < min(self.replaced) - 1):
            return self.before(period)
        found = dict(self.states)
        for index in sorted(self.replaced, reverse=True):
            if index <= period:
                break
            for player, old in self.replaced[index].items():
                if old is _ABSENT:
                    found.pop(player, None)
                else:
                    found[player] = old
        return found


def cache_path_for(db: str) -> str:
    """The projections file beside a ledger file: ``ratings.db`` → ``ratings.projections.db``."""
    path = Path(db)
    return str(path.with_name(path.stem + ".projections" + (path.suffix or ".db")))


States = dict[str, Any]
"""Every player's state after a run, of the type its system's ``make`` builds."""

Each = Callable[[int, States, Groups], None]
"""Told after each period of a run: its index, the players it changed, the groups it could not rate."""

Known = str | Knowledge | None
"""What a query counts: everything (None), the facts reported by a date, or a :class:`Knowledge`."""


def knowledge(known_at: Known) -> Knowledge | None:
    return Knowledge(known_at) if isinstance(known_at, str) else known_at


P = ParamSpec("P")
R = TypeVar("R")

Notice = Callable[[str], None]
"""Where the projector says, in one line, what it did to the projections file (set it aside, rebuilt it)."""

Progress = Callable[[str, int, int], None]
"""Told how a replay goes: what it does (``reading the log``, ``replaying iecg-1.7``), how much of it is done and
of how much (thousands of records read, periods run); for a progress bar (:mod:`commands.progress`)."""

PROGRESS_EVERY = 1000
"""The records read between two reports of :data:`Progress` (it counts them in thousands)."""


def query(method: Callable[Concatenate[Projector, P], R]) -> Callable[Concatenate[Projector, P], R]:
    """One query of the projector: one transaction of the projections file.

    The outermost query begins it (the writer's lock) and commits it when it
    returns, or when it refuses (a :class:`LookupError`: what it folded and
    ran is as valid as ever); anything else rolls it back. A file that turns
    out damaged is set aside and the query runs again on a new one, then in
    memory; a busy or unwritable one, in memory.
    """

    def run(self: Projector, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._depth:
            return method(self, *args, **kwargs)
        for attempt in range(3):
            self._depth = 1
            try:
                self._begin()
                try:
                    result = method(self, *args, **kwargs)
                except LookupError:
                    self._end()
                    raise
                self._end()
                return result
            except CacheError as error:
                self.cache.rollback()
                if attempt == 2:
                    raise
                self._recover(error)
            except BaseException:
                self.cache.rollback()
                raise
            finally:
                self._depth = 0
        raise AssertionError("unreachable")

    update_wrapper(run, method)
    return run


class Projector:
    """Lists, explanations and histories of one ledger, computed from its log.

    ``cache_path`` names the projections file (None: everything in memory,
    from the log alone); ``notice`` is told, in one line, what was done to the
    file besides answering (set aside, rebuilt); ``upto`` folds the log only
    up to a position, in memory (the log as it stood at a publication).

    Every query takes ``known_at``: None for the facts as known now, or a date
    for the facts as known then. The cache holds the runs as
    known now; a query as known at a date takes them up to the period before
    the facts of the two views diverge (:meth:`Facts.divergence`) and replays
    only the periods from there, writing nothing.
    """

    def __init__(
        self,
        reader: LogReader,
        cache_path: str | None = None,
        notice: Notice | None = None,
        upto: int | None = None,
        progress: Progress | None = None,
    ) -> None:
        if upto is not None and cache_path is not None:
            raise ValueError("a projector of the log up to a position keeps no projections file")
        self.reader = reader
        self.upto = upto
        """Fold the log only up to this position (the log as it stood then), in memory."""
        self.notice: Notice = notice or (lambda _line: None)
        self.progress = progress
        """Told how a long replay goes, or None (nothing is counted)."""
        self._facts: Facts | None = None
        self._now: FactsView | None = None
        self._depth = 0
        self._moved = False
        """Whether the log has gained records since the facts this projector holds (checked once a query)."""
        self._seen: tuple[int, bytes | None] | None = None
        """The position and chain hash of the file when this projector last committed to it."""
        self.cache = self._open(cache_path or ":memory:")

    def close(self) -> None:
        self.cache.close()

    # --- the projections file ------------------------------------------------

    def _open(self, path: str) -> ProjectionCache:
        try:
            return ProjectionCache(path)
        except CacheError as error:
            return self._replace(path, error)

    def _replace(self, path: str, error: CacheError) -> ProjectionCache:
        """A new cache in place of ``path`` that failed with ``error``: a new file, or memory."""
        if path == ":memory:":
            raise error
        if isinstance(error, CacheBusyError | CacheUnwritableError):
            self.notice(f"the projections file {path} cannot be used ({error}): computed from the log in memory")
            return ProjectionCache(":memory:")
        try:
            moved = set_aside(path)
        except OSError as failed:
            self.notice(
                f"the projections file {path} is damaged ({error}) and cannot be set aside "
                f"({failed.strerror or failed}): computed from the log in memory"
            )
            return ProjectionCache(":memory:")
        self.notice(
            f"the projections file {path} could not be read ({error}): set aside as {moved}; rebuilt from the log"
        )
        try:
            return ProjectionCache(path)
        except CacheError as again:
            self.notice(f"the projections file {path} cannot be made ({again}): computed from the log in memory")
            return ProjectionCache(":memory:")

    def _recover(self, error: CacheError) -> None:
        """After a query failed on the file with ``error``: start again on a new one (or in memory)."""
        path = self.cache.path
        self.cache.close()
        self._facts = self._now = None
        self._seen = None
        if self.cache.memory:
            raise error  # a cache in memory cannot be damaged: this is a fault of the code, not of a file
        self.cache = self._replace(path, error)

    def _begin(self) -> None:
        """Begin a query's transaction; forget the facts in memory if another process moved the file on."""
        self.cache.begin()
        if self._seen is not None and self._seen != (self.cache.position(), self.cache.chain()):
            self._facts = self._now = None
        # A projector kept open (the Python API's) sees what the log gained since its last query.
        self._moved = self._facts is not None and self.upto is None and self.reader.head() != self._facts.position

    def _end(self) -> None:
        """Commit a query's transaction; a file that cannot be written is left as it was (the answer stands)."""
        seen = (self.cache.position(), self.cache.chain())
        try:
            self.cache.commit()
        except CacheUnwritableError as error:
            self.notice(f"the projections file {self.cache.path} could not be written ({error}): nothing was kept")
            self._facts = self._now = None
            self._seen = None
            return
        self._seen = seen

    # --- facts -------------------------------------------------------------

    def _find_game(self, facts: Facts, game: str) -> GameRow | None:
        records = list(self.reader.aggregate_records(game_key(game)))
        try:  # as the fold took it (as a correction released it from being withheld)
            found = withheld.released_row(((r.type, r.facts()) for r in records), facts.registered_or_withheld)
        except (LookupError, ValueError):
            pass
        else:
            return GameRow._make(found)
        for record in records:
            if record.type == "GameRecorded":
                return game_row(record.state)
        return None

    def _load_group(self, facts: Facts, group: str) -> None:
        """Load a group of ``facts`` (:data:`~projections.facts.LAZY`) the first time it is read.

        Inside a query of the facts this projector holds, the file holds them as loaded (:meth:`_begin`
        forgets them if another process moved it on). Outside one (a view read after its query), the group is
        read in a transaction of its own if the file still holds the facts as loaded; else it is folded anew
        from the log up to their position, in memory.
        """
        cache = self.cache
        if self._depth and facts is self._facts:
            cache.load_group(facts, group)
            return
        try:
            own = not self._depth  # else the query's transaction holds the file
            if own:
                cache.begin()
            try:
                if facts.bound == (cache.position(), cache.chain()):
                    cache.load_group(facts, group)
                    return
            finally:
                if own:
                    cache.rollback()
        except (CacheError, sqlite3.Error):
            pass
        cold = Facts()
        with bulk_work():
            cold.fold(self.reader.chained(0, ZERO, facts.position))
        for name, of in LAZY.items():
            if of == group:
                facts.__dict__[name] = getattr(cold, name)

    def _fetch(self, facts: Facts, group: str, player: str) -> list[Any]:
        """One player's rows of a group of ``facts`` not loaded yet; as :meth:`_load_group` reads a group."""
        cache = self.cache
        if self._depth and facts is self._facts:
            return cache.fetch(group, player)
        try:
            own = not self._depth
            if own:
                cache.begin()
            try:
                if facts.bound == (cache.position(), cache.chain()):
                    return cache.fetch(group, player)
            finally:
                if own:
                    cache.rollback()
        except (CacheError, sqlite3.Error):
            pass
        return list(getattr(facts, group).get(player, ()))  # the whole group, as _load_group reads it

    @query
    def facts(self) -> Facts:
        """The facts of the whole log, folded: cached ones plus what is new.

        The file is used only if the log's hash chain has, at the position it
        folded to, the hash it recorded; else it is rebuilt.
        """
        held = self._facts
        if held is not None and (self.upto is not None or not self._moved):
            return held
        cache = self.cache
        position, bound = cache.position(), cache.chain()
        if position:
            actual = self.reader.chain_hash(position)
            if actual is None or actual != bound:
                self.notice(
                    f"the projections file {cache.path} does not match the log at position {position} "
                    "(built from another ledger, from an edited copy, or before the log was edited): "
                    "rebuilt from the log"
                )
                cache.reset()
                position, bound = 0, None
                held = None
        # Facts this projector holds are those the file holds (it committed them, and nobody moved the
        # file on since: _begin): only what the log has gained since is folded in.
        if held is None:
            facts = cache.load_facts(self._load_group)
            facts.fetch = self._fetch
            facts.bound = (position, bound)
        else:
            facts = held
        facts.find_game = partial(self._find_game, facts)
        records = self.reader.chained(facts.position, bound or ZERO, self.upto)
        with bulk_work():
            earliest = facts.fold(records if self.progress is None else self._counted(records, facts.position))
            if records.position != position:
                cache.store_facts(facts, earliest, records.hash)
                facts.bound = (records.position, records.hash)
        self._facts = facts
        self._now = None
        self._moved = False
        return facts

    def _counted(self, records: Iterable[LogRecord], after: int) -> Iterator[LogRecord]:
        """``records``, telling :attr:`progress` every :data:`PROGRESS_EVERY` of them (in thousands)."""
        tell = self.progress
        assert tell is not None
        total = (self.reader.head() if self.upto is None else self.upto) - after
        thousands = -(-total // PROGRESS_EVERY)
        for count, record in enumerate(records, start=1):
            yield record
            if count % PROGRESS_EVERY == 0:
                tell("reading the log", count // PROGRESS_EVERY, thousands)
        tell("reading the log", thousands, thousands)

    @query
    def view(self, known_at: Known = None) -> FactsView:
        """The facts as known at ``known_at``, or now."""
        known = knowledge(known_at)
        if known is not None:
            return self.facts().view(known)
        if self._now is None:
            self._now = self.facts().view()
        return self._now

    @query
    def divergence(self, params: Rules, known_at: Known) -> int | None:
        """The first period whose run as known at ``known_at`` can differ from its run as known now."""
        known = knowledge(known_at)
        if known is None:
            return None
        month = self.facts().divergence(known)
        return None if month is None else params.periods.index_of_day(month)

    # --- periods -----------------------------------------------------------

    @query
    def first_period(self, params: Rules) -> int | None:
        first = self.facts().first_month()
        return None if first is None else params.periods.index_of_day(first)

    @query
    def states(self, rules: str, period: int, known_at: Known = None) -> States:
        """Every player's state after the run of ``period`` (the list of ``period``), as known at ``known_at``."""
        params = get_rules(rules)
        system = system_for(params)
        first = self.first_period(params)
        if first is None or period < first:
            return {}
        diverges = self.divergence(params, known_at)
        if diverges is not None and diverges <= period:
            base = self.states(rules, diverges - 1) if diverges > first else {}
            return self._run(params, self.view(known_at), dict(base), max(diverges, first), period)
        cached = self.cache.latest_state(rules, period, system.codec)
        states: States = {}
        done = first - 1
        if cached is not None:
            done, states = cached
        rows: list[dict[str, Any]] = []
        codec = system.codec

        def keep(index: int, changed: States, unrated: Groups) -> None:
            # Whole states: every FULL_EVERY periods, and the one before the last a run reaches: a
            # list after one more game of the latest period starts from it, with no delta to apply.
            full = index in (first, period - 1) or index % FULL_EVERY == 0
            rows.append(
                {
                    "rules": rules,
                    "period": index,
                    "last_month": params.periods.month_names(index)[-1],
                    "delta": encode_states(changed, codec),
                    "full": encode_states(states, codec) if full else None,
                    "unrated": encode_groups(unrated),
                }
            )

        found = self.cache.superseded(rules, system.codec)
        if found is not None and found[1]:
            self._rerun(params, self.view(), states, done + 1, period, keep, *found)
        else:
            self._run(params, self.view(), states, done + 1, period, keep)
        if found is not None:
            self.cache.forget_superseded(rules)
        if rows:
            self.cache.save_states(rows)
        return states

    def _rerun(
        self,
        params: Rules,
        view: FactsView,
        states: States,
        start: int,
        end: int,
        each: Each,
        touched: set[str],
        superseded: dict[int, tuple[States, Groups]],
    ) -> States:
        """Run periods ``start``..``end`` again after new facts, re-rating only whom they reach.

        ``superseded`` holds, by period, the run of the facts before them (the players it changed and
        the groups it could not rate), and ``touched`` every player whose games, registration, priors
        or adjustments the new facts changed (:data:`~projections.facts.EVERYONE`: all of them). A
        player who is not touched, plays no touched player, and whose opponents and himself start the
        period as they did in the superseded run is *reached* by nothing; the system's
        :attr:`~projections.rules.common.System.reach` adds whom the reached must be rated with (all of
        a group solved together). The reached are rated again over their own games; everyone else ends
        the period as in the superseded run. A period without a superseded run is rated whole, and so
        is every later one. The result is the same states as :meth:`_run`'s, to the bit (the tests of
        every system compare them).
        """
        system = system_for(params)
        if EVERYONE in touched:
            return self._run(params, view, states, start, end, each)
        # The IECG's reach is local and its selection looks at each game alone: the games of the players the
        # new facts touch name whom a period's re-run can choose, and only their games need be read.
        narrow = system.own_games and system.reach is local and not system.by_event and not view.alias
        lists = self._pass_lists(params, states, start, view)
        differ: dict[str, Any] = {}  # reached players whose state before the period differs: their old one
        with bulk_work():
            for index in range(start, end + 1):
                old = superseded.get(index)
                if old is None:  # no superseded run to keep from: the rest is rated whole
                    return self._run(params, view, states, index, end, each)
                old_changed, old_unrated = old
                reached: set[str] = set()

                def only(
                    games: Sequence[Game],
                    info: Info,
                    index: int = index,
                    differ: dict[str, Any] = differ,
                    reached: set[str] = reached,
                ) -> set[str]:
                    # Touched players reach their opponents too: a corrected registration or prior changes
                    # the start of a player who has no state yet, which his opponents' games read.
                    found = touched | differ.keys()  # a player who starts otherwise may change without a game
                    for game in games:
                        white, black = game.white, game.black
                        if white in differ or black in differ or white in touched or black in touched:
                            found.add(white)
                            found.add(black)
                    reached.update(system.reach(params, index, states, games, info, found))
                    return reached

                seen = view
                if (
                    narrow
                ):  # every player the re-run can choose: the touched, those who start otherwise, their opponents
                    near = touched | differ.keys()
                    for game in view.games(params.periods.month_names(index), system.walkovers, near):
                        near.add(game.white)
                        near.add(game.black)
                    seen = view.narrowed(near)
                again = systems.run_period(params, system, index, states, seen, only, lists)
                changed = {p: s for p, s in old_changed.items() if p not in reached}
                changed.update((p, s) for p, s in again.changed.items() if p in reached)
                unrated = tuple(
                    sorted(
                        [g for g in old_unrated if reached.isdisjoint(g)]
                        + [g for g in again.unrated if not reached.isdisjoint(g)]
                    )
                )
                after: dict[str, Any] = {}
                for player in reached | differ.keys():
                    before = differ[player] if player in differ else states.get(player)
                    was = old_changed.get(player, before)  # his state after the superseded run of the period
                    now = changed.get(player, states.get(player))
                    if was != now:
                        after[player] = was
                differ = after
                if lists is not None:
                    lists.replacing(index, changed)
                states.update(changed)
                each(index, changed, unrated)
        return states

    def _run(
        self,
        params: Rules,
        view: FactsView,
        states: States,
        start: int,
        end: int,
        each: Each | None = None,
    ) -> States:
        """Run periods ``start``..``end`` over ``states`` (updated in place and returned).

        ``each`` is called after each period with its index, the players it changed and the groups it
        could not rate.
        """
        system = system_for(params)
        lists = self._pass_lists(params, states, start, view)
        tell = self.progress
        with bulk_work():
            for index in range(start, end + 1):
                done = systems.run_period(params, system, index, states, view, lists=lists)
                if lists is not None:
                    lists.replacing(index, done.changed)
                states.update(done.changed)
                if each is not None:
                    each(index, done.changed, done.unrated)
                if tell is not None:
                    tell(f"replaying {params.name}", index - start + 1, end - start + 1)
        return states

    def _pass_lists(self, params: Rules, states: States, start: int, view: FactsView) -> PassLists | None:
        """The lists of earlier periods for a pass from ``start`` over ``states``, for a system that reads them
        (:attr:`~projections.rules.common.System.begun`); periods before the pass as the cache keeps them (the
        pass begins where the log as known and the log as it is first differ, so they are the same). The states
        a run replaces are kept as long as the longest event of ``view`` spans periods."""
        if system_for(params).begun is None:
            return None
        at = params.periods.index_of_day
        spans = [at(e.end) - at(e.start) for e in view.events.values() if e.end is not None and e.end >= e.start]
        return PassLists(states, start, partial(self._list_after, params), max(spans, default=0) + 2)

    def lists(self, rules: str, known_at: Known = None) -> systems.Lists:
        """The lists of ``rules`` after each period, as known at ``known_at`` (:data:`projections.systems.Lists`)."""
        return partial(self._list_after, get_rules(rules), known_at=known_at)

    def _list_after(self, params: Rules, period: int, known_at: Known = None) -> States:
        """Every player's state after the run of ``period``: the cache's when it keeps that period, else a run."""
        first = self.first_period(params)
        if first is None or period < first:
            return {}
        codec = system_for(params).codec
        cached = self.cache.latest_state(params.name, period, codec) if known_at is None else None
        if cached is not None and cached[0] == period:
            return cached[1]
        return self.states(params.name, period, known_at)

    @query
    def rating_list(self, rules: str, period_label: str, known_at: Known = None) -> RatingList:
        """The rating list of ``rules`` and period ``period_label``, as known at ``known_at``."""
        params = get_rules(rules)
        period = params.periods.index(period_label)
        diverges = self.divergence(params, known_at)
        if diverges is not None and diverges <= period:
            view = self.view(known_at)
            rows = self._rows(params, period, self.states(rules, period, known_at), view)
            return rows_to_list(rules, period_label, rows, row_keys(params))
        self.facts()
        cached = self.cache.rating_list(rules, period, row_keys(params))
        if cached is not None:
            return rows_to_list(rules, period_label, cached, row_keys(params))
        rows = self._rows(params, period, self.states(rules, period), self.view())
        self.cache.save_list(rules, period, params.periods.month_names(period)[-1], rows, row_keys(params))
        return rows_to_list(rules, period_label, rows, row_keys(params))

    @query
    def list_text(self, rules: str, period_label: str, fmt: str, code: str, render: Callable[[RatingList], str]) -> str:
        """The list of ``rules`` and ``period_label`` as known now, printed in ``fmt`` by ``render``: the text
        the file keeps for it, printed by the code ``code`` names (a digest of ``render``'s code), else
        printed now and kept with the list (a list with nothing new streams its text)."""
        params = get_rules(rules)
        period = params.periods.index(period_label)
        self.facts()
        if not code:  # the printing code cannot be named: nothing printed is kept
            return render(self.rating_list(rules, period_label))
        text = self.cache.list_text(rules, period, fmt, code)
        if text is None:
            text = render(self.rating_list(rules, period_label))
            self.cache.save_text(rules, period, params.periods.month_names(period)[-1], fmt, code, text)
        return text

    def _rows(self, params: Rules, period: int, states: dict[str, Any], view: FactsView) -> list[dict[str, Any]]:
        end = params.periods.last_day(period).isoformat()
        # Only a player with markers can be inactive: each of them asked once, not every player listed.
        marked = {player for player in view.facts.markers if view.inactive_at(player, end)}
        return systems.rows(params, system_for(params), period, states, view, marked.__contains__)

    # --- explanations and histories ------------------------------------------

    @query
    def explain(self, rules: str, player: str, period_label: str, known_at: Known = None) -> Explanation:
        """Why ``player`` has his rating on the list of ``period_label``, as known at ``known_at``: the one
        explanation (:mod:`projections.rules.explanation`) for every system."""
        params = get_rules(rules)
        period = params.periods.index(period_label)
        if player not in self.facts().players:
            raise LookupError(f"unknown player {player!r}")
        previous = self.states(rules, period - 1, known_at)
        lists = partial(self._list_after, params, known_at=known_at)
        return systems.explain(params, system_for(params), period, previous, self.view(known_at), player, lists=lists)

    @query
    def notes(self, rules: str, period_label: str, known_at: Known = None) -> tuple[str, ...]:
        """What the run of ``period_label`` could not do, in words: kept with the run, read back."""
        params = get_rules(rules)
        system = system_for(params)
        period = params.periods.index(period_label)
        diverges = self.divergence(params, known_at)
        if diverges is not None and diverges <= period:
            previous = self.states(rules, period - 1, known_at)
            lists = partial(self._list_after, params, known_at=known_at)
            unrated = systems.run_period(params, system, period, previous, self.view(known_at), lists=lists).unrated
            return system.notes(params, period, unrated)
        self.facts()  # the file now holds the whole log: a run it keeps is the run of the facts as they are
        kept = self.cache.unrated(rules, period)
        if kept is None:
            self.states(rules, period)
            kept = self.cache.unrated(rules, period)
        return system.notes(params, period, kept or ())

    @query
    def changed(self, rules: str, period_label: str, known_at: Known = None) -> dict[str, Any]:
        """Every player the run of ``period_label`` changed, with his state after it, as known at ``known_at``:
        what :meth:`history` gives each of them for that period, read for them all at once (``ratings site``)."""
        params = get_rules(rules)
        system = system_for(params)
        period = params.periods.index(period_label)
        first = self.first_period(params)
        if first is None or period < first:
            return {}
        diverges = self.divergence(params, known_at)
        if diverges is None or period < diverges:
            self.states(rules, period)
            found = self.cache.delta(rules, period, system.codec)
            if found is not None:
                return found
        previous = self.states(rules, period - 1, known_at) if period > first else {}
        lists = partial(self._list_after, params, known_at=known_at)
        return dict(systems.run_period(params, system, period, previous, self.view(known_at), lists=lists).changed)

    @query
    def history(self, rules: str, player: str, known_at: Known = None) -> list[tuple[str, Any]]:
        """Each period ``player`` had rated games in, with his state after its run, as known at ``known_at``."""
        params = get_rules(rules)
        facts = self.facts()
        if player not in facts.players:
            raise LookupError(f"unknown player {player!r}")
        last_month = facts.last_month()
        if last_month is None:
            return []
        last = params.periods.index_of_day(last_month)
        diverges = self.divergence(params, known_at)
        first = self.first_period(params)
        assert first is not None
        upto = last if diverges is None else min(last, diverges - 1)
        if self.cache.unrated(rules, upto) is None:  # its run is kept (and every one before it): none is decoded
            self.states(rules, upto)
        found = [
            (params.periods.label(period), state)
            for period, state in self.cache.player_states(rules, player, upto, system_for(params).codec)
        ]
        if diverges is not None and diverges <= last:
            base = dict(self.states(rules, diverges - 1)) if diverges > first else {}

            def collect(index: int, changed: States, _unrated: Groups) -> None:
                if player in changed:
                    found.append((params.periods.label(index), changed[player]))

            self._run(params, self.view(known_at), base, max(diverges, first), last, collect)
        return found

    # --- impact of an event not yet recorded ----------------------------------------

    @query
    def impact(self, rules: str, records: list[LogRecord]) -> list[tuple[str, RatingList, RatingList]]:
        """The lists ``records`` (events not in the log, after its head) would change, before and after.

        For every period from the first one the records touch to the latest,
        the list as it is and the list as it would be, computed from the
        cached runs before that period; nothing is written to the cache, and
        the projector must not be used afterwards.
        """
        params = get_rules(rules)
        facts = self.facts()
        last_month = facts.last_month()
        latest = None if last_month is None else params.periods.index_of_day(last_month)
        if latest is not None:
            self.states(rules, latest)
        old = self.view()
        old_players, old_markers = dict(old.players), {p: list(m) for p, m in facts.markers.items()}
        earliest = facts.fold(records)  # in memory only: store_facts is not called
        self._facts = self._now = None
        if earliest is None:
            return []
        start = params.periods.index_of_day(earliest)
        after_last = facts.last_month()
        assert after_last is not None
        end = max(latest if latest is not None else start, params.periods.index_of_day(after_last))
        before: dict[int, RatingList] = {}
        frozen = Facts(players=old_players, markers=old_markers).view()
        for index in range(start, end + 1):
            # Every period up to the latest has a cached run.
            cached = self.cache.latest_state(rules, index, system_for(params).codec)
            states = cached[1] if cached is not None else {}
            rows = self._rows(params, index, states, frozen)
            before[index] = rows_to_list(rules, params.periods.label(index), rows, row_keys(params))
        new = facts.view()
        base = self.cache.latest_state(rules, start - 1, system_for(params).codec)
        states = base[1] if base is not None else {}
        result: list[tuple[str, RatingList, RatingList]] = []

        def compare(index: int, _changed: States, _unrated: Groups) -> None:
            label = params.periods.label(index)
            after = rows_to_list(rules, label, self._rows(params, index, states, new), row_keys(params))
            result.append((label, before[index], after))

        self._run(params, new, states, start, end, compare)
        return result


def row_keys(params: Rules) -> tuple[str, ...]:
    """The keys of a list row of ``params``'s system."""
    return systems.list_keys(system_for(params))
