"""The replay loop: the one place that reads the log and runs rating periods.

:class:`Projector` brings its folded facts up to the log's head (reading only
new records when a cache holds the rest), then replays periods through a rules
version from the last valid cached state, keeping each period's run in the
cache, and builds lists, explanations and histories from the result.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ledger.events import game_key
from ledger.store import LogReader
from projections.cache import FULL_EVERY, ProjectionCache, encode_states, fingerprint
from projections.explain import Explanation, explain_entry, provisional_terms
from projections.facts import Facts, GameRow, game_row
from projections.lists import RatingList, build_rows, rows_to_list
from projections.registry import get_rules
from projections.rules.iecg import (
    IecgParams,
    PlayerState,
    entries_of_period,
    initial_state,
    rate_period,
    settle,
)


@contextmanager
def bulk_work() -> Iterator[None]:
    """Pause the cyclic garbage collector while a replay builds millions of objects that stay alive.

    Each full collection walks every live object, and folding and rating a
    million games set off enough of them to cost a fifth of the replay (11 s of
    50 s, measured); the work leaves no garbage in reference cycles behind. The
    collector is switched back on (if it was on) when the work ends.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def cache_path_for(db: str) -> str:
    """The projections file beside a ledger file: ``ratings.db`` → ``ratings.projections.db``."""
    path = Path(db)
    return str(path.with_name(path.stem + ".projections" + (path.suffix or ".db")))


class Projector:
    """Lists, explanations and histories of one ledger, computed from its log."""

    def __init__(self, reader: LogReader, cache_path: str | None = None) -> None:
        self.reader = reader
        self.cache = ProjectionCache(cache_path or ":memory:")
        self._facts: Facts | None = None

    def close(self) -> None:
        self.cache.close()

    # --- facts -------------------------------------------------------------

    def _find_game(self, game: str) -> GameRow | None:
        for record in self.reader.aggregate_records(game_key(game)):
            if record.type == "GameRecorded":
                return game_row(record.state)
        return None

    def facts(self) -> Facts:
        """The facts of the whole log, folded: cached ones plus what is new."""
        if self._facts is not None:
            return self._facts
        cache = self.cache
        position = cache.position()
        if position:
            at = next(iter(self.reader.records(after=position - 1)), None)
            if at is None or at.position != position or fingerprint(at.state) != cache.fingerprint():
                cache.reset()  # built from another ledger, or the log was cut: rebuild
        facts = cache.load_facts()
        facts.find_game = self._find_game
        before = facts.position
        with bulk_work():
            earliest = facts.fold(self.reader.records(after=before))
            if facts.position != before:
                last = next(iter(self.reader.records(after=facts.position - 1)))
                cache.store_facts(facts, earliest, fingerprint(last.state))
        self._facts = facts
        return facts

    # --- periods -----------------------------------------------------------

    def _newcomer(self, facts: Facts) -> Callable[[str], PlayerState]:
        players = facts.players

        def new(player: str) -> PlayerState:
            reg = players[player]
            return initial_state(reg.starting_rating, reg.source, reg.rated_games)

        return new

    def first_period(self, params: IecgParams) -> int | None:
        first = self.facts().first_month()
        return None if first is None else params.periods.index_of_day(first)

    def states(self, rules: str, period: int) -> dict[str, PlayerState]:
        """Every player's state after the run of ``period`` (the list of ``period``)."""
        params = get_rules(rules)
        facts = self.facts()
        first = self.first_period(params)
        if first is None or period < first:
            return {}
        cached = self.cache.latest_state(rules, period)
        states: dict[str, PlayerState] = {}
        done = first - 1
        if cached is not None:
            done, states = cached
        new = self._newcomer(facts)
        scheme = params.periods
        rows: list[dict[str, Any]] = []
        with bulk_work():
            for index in range(done + 1, period + 1):
                games = facts.rated_games(scheme.month_names(index))
                changed = rate_period(params, index, states, games, new)
                states.update(changed)
                # Whole states: every FULL_EVERY periods, and the one before the last a run reaches: a
                # list after one more game of the latest period starts from it, with no delta to apply.
                full = index in (first, period - 1) or index % FULL_EVERY == 0
                rows.append(
                    {
                        "rules": rules,
                        "period": index,
                        "last_month": scheme.month_names(index)[-1],
                        "delta": encode_states(changed),
                        "full": encode_states(states) if full else None,
                    }
                )
            if rows:
                self.cache.save_states(rows)
        return states

    def rating_list(self, rules: str, period_label: str) -> RatingList:
        """The rating list of ``rules`` and period ``period_label``."""
        params = get_rules(rules)
        period = params.periods.index(period_label)
        facts = self.facts()
        cached = self.cache.rating_list(rules, period)
        if cached is not None:
            return rows_to_list(rules, period_label, cached)
        states = self.states(rules, period)
        end = params.periods.last_day(period).isoformat()
        rows = build_rows(params, period, states, facts.players, lambda p: facts.inactive_at(p, end))
        self.cache.save_list(rules, period, params.periods.month_names(period)[-1], rows)
        return rows_to_list(rules, period_label, rows)

    # --- explanations and histories ------------------------------------------

    def explain(self, rules: str, player: str, period_label: str) -> Explanation:
        """Why ``player`` has the rating he has on the list of ``period_label``."""
        params = get_rules(rules)
        period = params.periods.index(period_label)
        facts = self.facts()
        if player not in facts.players:
            raise LookupError(f"unknown player {player!r}")
        previous = self.states(rules, period - 1)
        new = self._newcomer(facts)
        games = facts.rated_games(params.periods.month_names(period))
        starts, entries = entries_of_period(params, period, previous, games, new)
        before = previous.get(player)
        if player not in starts:
            return Explanation(rules, period_label, player, before, before, [], None)
        start = starts[player]
        after = settle(params, period, start, entries[player])
        lines = [explain_entry(params, start, e) for e in entries[player]]
        return Explanation(
            rules, period_label, player, before, after, lines, provisional_terms(start, entries[player]), start
        )

    def history(self, rules: str, player: str) -> list[tuple[str, PlayerState]]:
        """Each period ``player`` had rated games in, with his state after its run."""
        params = get_rules(rules)
        facts = self.facts()
        if player not in facts.players:
            raise LookupError(f"unknown player {player!r}")
        last_month = facts.last_month()
        if last_month is None:
            return []
        last = params.periods.index_of_day(last_month)
        self.states(rules, last)
        return [
            (params.periods.label(period), delta[player])
            for period, delta in self.cache.deltas(rules)
            if player in delta and period <= last
        ]
