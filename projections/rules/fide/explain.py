"""FIDE's explanation: a player's part of the run of one period, in FIDE's terms, as the one explanation.

Built from the functions the run uses (:func:`~projections.rules.fide.formulas.assess`,
:func:`~projections.rules.fide.formulas.qualify`, :func:`~projections.rules.fide.system.period_entries`), so an
explanation's new rating is the list's. It says his terms before the period, a line a game (or a pooled
result), the period's terms, his terms after it, then each clause applied, as a statement: a message key
``fide.*`` and its values (:data:`MESSAGES`), whose words are :mod:`commands.words_fide`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from projections.rules.common import Begun, Cell, Game, PlayerInfo
from projections.rules.explanation import TABLE, Column, Explanation, Statement, Terms
from projections.rules.fide.formulas import (
    Entry,
    FideParams,
    FideState,
    Initial,
    Rules,
    assess,
    compress,
    is_junior,
    k_factor,
    qualify,
    version,
)
from projections.rules.fide.system import compressed, event_of, events_of, period_entries, seed, seed_prior
from projections.rules.rounding import round_half_up

RATED_COLUMNS = tuple(
    Column(heading) for heading in ("game", "opponent", "R(opp)", "used", "diff", "W", "We", "K·(W−We)")
)
"""A rated player's table (§8.3): a game a row, the opponent's rating as counted by the 400-point rule (§8.3.1),
the difference used, the score, PD (table 8.1.2) and the game's change."""

UNRATED_COLUMNS = tuple(Column(heading) for heading in ("game", "period", "opponent", "R(opp)", "W", "counted"))
"""An unrated player's table (§7.1.4): his pooled results of earlier periods, then his games of this one, each
with whether it counts toward a first rating."""

MESSAGES: frozenset[str] = frozenset(
    {
        # why its selection leaves a game out, said inside ``left_out`` (projections.rules.selection)
        "fide.left.mode",
        "fide.left.standard_rate",
        "fide.left.no_control",
        "fide.left.outside_rapid",
        "fide.left.outside_blitz",
        "fide.left.mismatch",
        "fide.left.match_unrated",
        "fide.left.match_decided",
        # the shape every explanation shares (projections.rules.explanation)
        "before",
        "no_rated_games",
        "period_terms",
        "after",
        # where the player starts: choice 6 (priors), choice 7 (the compression of 1 March 2024)
        "fide.compression",
        "fide.no_rating",
        "fide.prior",
        "fide.prior.other",
        "fide.prior.below_floor",
        "fide.seeded",
        "fide.seeded.compressed",
        # a rated player's period (§8.3), each event from the list in force at its start (choice 13)
        "fide.event_list",
        "fide.opponent_unrated",
        "fide.tournament",
        "fide.no_tournament",
        "fide.capped",
        "fide.upgraded",
        "fide.upgraded.once",
        "fide.not_upgraded",
        "fide.exempt",
        "fide.k_capped",
        "fide.rounded",
        "fide.below_floor",
        # an unrated player's period (§7.1.4, §8.2)
        "fide.pool_dropped",
        "fide.first_event_zero",
        "fide.pool_short",
        "fide.initial.two_draws",
        "fide.initial.two_draws.max",
        "fide.initial.even",
        "fide.initial.above",
        "fide.initial.below",
        "fide.initial.below_floor",
    }
)
"""Every message key a FIDE explanation can say (each has words in :mod:`commands.words_fide`); :data:`TABLE`
marks where the table goes and has none."""


def _points(points2: int) -> float:
    return points2 / 2


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _hundredths(value: int) -> float:
    return round(value / 100, 2)


def _seed(params: FideParams, index: int, player: str, states: Mapping[str, Any], info: PlayerInfo) -> list[Statement]:
    """Choice 6: where a player absent from the previous list starts: no FIDE rating, or his prior."""
    if player in states:
        return []
    prior = seed_prior(params, info)
    if prior is None:
        return [Statement("fide.no_rating", (("player", player),))]  # unrated until §7.1.4
    start = seed(params, index, info)
    figures = (("rating", prior.rating), ("as_of", prior.as_of), ("games", prior.games or 0))
    said = (
        Statement("fide.prior", figures)
        if prior.system == "fide"
        else Statement("fide.prior.other", (("system", prior.system), *figures))
    )
    if start.rating is None:
        return [Statement("fide.prior.below_floor", (("prior", said), ("floor", params.floor)))]  # §7.2.1
    if start.rating != round_half_up(prior.rating):  # choice 7: a prior from before 1 March 2024, compressed
        return [Statement("fide.seeded.compressed", (("prior", said), ("rating", start.rating)))]
    return [Statement("fide.seeded", (("prior", said),))]


def _compression(params: FideParams, index: int, player: str, states: Mapping[str, Any]) -> list[Statement]:
    """Choice 7: the player's rating on the list of 1 March 2024, compressed, when the period starts from it."""
    if index != params.compression_index() or player not in states:
        return []
    before: FideState = states[player]
    if before.rating is None or compress(params, before.rating) == before.rating:
        return []
    figures = (
        ("rating", before.rating),
        ("factor", params.compression_percent / 100),
        ("to", params.compression_to),
        ("compressed", compress(params, before.rating)),
    )
    return [Statement("fide.compression", figures)]


@dataclass
class _Said:
    """An explanation being made: whose, and the clauses it says after his terms (:meth:`made`)."""

    rules: Rules
    index: int
    player: str
    notes: list[Statement] = field(default_factory=list)

    def made(
        self, before: Terms, columns: tuple[Column, ...], rows: Sequence[tuple[Cell, ...]], terms: Terms, after: Terms
    ) -> Explanation:
        """His terms before, the table (or no rated games), the period's terms, his terms after, the clauses."""
        said = [Statement("before", (("terms", before),)), TABLE if rows else Statement("no_rated_games")]
        if terms:
            said.append(Statement("period_terms", (("terms", terms),)))
        said += [Statement("after", (("terms", after),)), *self.notes]
        label = self.rules.periods.label(self.index)
        return Explanation(self.rules.name, label, self.player, before, columns, tuple(rows), terms, after, tuple(said))


def _event(entry: Entry) -> Statement:
    """The tournament of the 2022 400-point rule's one upgrade (choice 3)."""
    if entry.tournament:
        return Statement("fide.tournament", (("tournament", entry.tournament),))
    return Statement("fide.no_tournament")


def _event_list(
    params: FideParams, games: Sequence[Game], entries: Sequence[Entry], own: int, k: int
) -> list[Statement]:
    """Choice 13: each of his events (registered, or a free-text tournament) with a game rated for him, when it
    began, the list in force then, and his rating and K on it."""
    keys = [event_of(game) for game in games]
    events = events_of(params, games, keys)
    key_of = dict(zip((game.game for game in games), keys, strict=True))
    said: list[Statement] = []
    seen: set[tuple[str, str]] = set()
    for entry in entries:
        key = key_of[entry.game]
        if not key[1] or key in seen or entry.opponent_rating is None:  # an event with a rated game of his
            continue
        seen.add(key)
        terms = events[key]
        values = (
            ("event", key[1]),
            ("began", terms.began),
            ("list", params.periods.label(terms.listed - 1)),
            ("rating", own if entry.own_rating is None else entry.own_rating),
            ("k", k if entry.k is None else entry.k),
        )
        said.append(Statement("fide.event_list", values))
    return said


def _rated(
    params: FideParams,
    x: _Said,
    start: FideState,
    entries: Sequence[Entry],
    born: str | None,
    games: Sequence[Game] = (),
) -> Explanation:
    """§8.3: a rated player's games, K, PD, the 400-point rule and the change; each event from the list in
    force at its start (choice 13)."""
    own = start.rating
    assert own is not None
    done = assess(params, x.index, start, entries, born)
    x.notes += _event_list(params, games, entries, own, done.k_base)
    rows: list[tuple[Cell, ...]] = []
    upgrade_games: dict[str | None, str] = {}
    for entry, how in zip(entries, done.upgrades, strict=True):
        if how == "upgraded":
            upgrade_games[entry.tournament] = entry.game
    for entry, k, used, pd, how in zip(entries, done.ks, done.used, done.pd, done.upgrades, strict=True):
        if used is None or pd is None or k is None:
            rows.append((entry.game, entry.opponent, "unrated", None, None, _points(entry.points2), None, None))
            game = (("game", entry.game), ("opponent", entry.opponent), ("player", x.player))
            x.notes.append(Statement("fide.opponent_unrated", game))  # §8.3.1: rated opponents only
            continue
        rating = entry.opponent_rating
        assert rating is not None
        counted = (own if entry.own_rating is None else entry.own_rating) - used
        w_we = 50 * entry.points2 - pd
        change = round(k * w_we / 100, 2)
        rows.append(
            (entry.game, entry.opponent, rating, counted, used, _points(entry.points2), _hundredths(pd), change)
        )
        if how == "upgraded" and params.cap_once_per_tournament:  # §8.3.1 (2022): one upgrade a tournament
            upgraded = (("rating", rating), ("counted", counted), ("event", _event(entry)))
            x.notes.append(Statement("fide.upgraded.once", upgraded))
        elif how == "upgraded":  # §8.3.1: the opponent more than 400 below counted 400 below
            x.notes.append(Statement("fide.upgraded", (("rating", rating), ("counted", counted))))
        elif how == "capped":  # §8.3.1: the opponent more than 400 above counted 400 above
            x.notes.append(Statement("fide.capped", (("rating", rating), ("counted", counted))))
        elif how == "not upgraded":  # §8.3.1 (2022): the tournament's one upgrade went to another game
            upgrade = upgrade_games[entry.tournament]
            x.notes.append(
                Statement("fide.not_upgraded", (("rating", rating), ("event", _event(entry)), ("game", upgrade)))
            )
        elif how == "exempt":  # §8.3.1 (from 1 October 2025): no cap from 2650
            x.notes.append(Statement("fide.exempt", (("rating", rating), ("from", params.uncapped_from))))
    rated = sum(1 for used in done.used if used is not None)
    w100 = sum(50 * entry.points2 for entry, used in zip(entries, done.used, strict=True) if used is not None)
    we100 = sum(pd for pd in done.pd if pd is not None)
    bases = sorted(
        {done.k_base if entry.k is None else entry.k for entry, k in zip(entries, done.ks, strict=True) if k}
    )
    for base in bases:  # §8.3.3 (2022 on): K × n ≤ 700
        capped_to = next(k for entry, k in zip(entries, done.ks, strict=True) if k and (entry.k or done.k_base) == base)
        if capped_to != base:
            capped = (("k", base), ("games", rated), ("cap", params.games_cap), ("capped", capped_to))
            x.notes.append(Statement("fide.k_capped", capped))
    exact = done.weighted
    if exact % 100:  # §8.3.4: rounded to the nearest whole number, 0.5 away from zero
        x.notes.append(Statement("fide.rounded", (("change", exact / 100), ("rounded", done.change))))
    after = done.state
    after_terms: Terms
    if after.rating is None:  # §7.2.1: below the floor, unrated on the next list
        x.notes.append(Statement("fide.below_floor", (("rating", own + done.change), ("floor", params.floor))))
        after_terms = (("rating", None), ("status", "unrated"))
    else:
        after_terms = (
            ("rating", after.rating),
            ("status", "rated"),
            ("games", after.games),
            ("K next period", k_factor(params, after, born, x.index + 1)),
        )
    before: Terms = (
        ("rating", own),
        ("games", start.games),
        ("K", done.k_base),
        ("junior", _yes(is_junior(params, born, x.index))),
        ("reached 2400", _yes(start.reached_2400)),
    )
    applied = sorted({k for k in done.ks if k is not None})
    terms: Terms = (
        ("K", done.k if len(applied) <= 1 else ", ".join(str(k) for k in applied)),
        ("n", rated),
        ("ΣW", w100 / 100),
        ("ΣWe", _hundredths(we100)),
        ("Σ(W−We)", _hundredths(done.sigma100)),
        ("K·Σ(W−We)", round(exact / 100, 2)),
        ("ΔR", done.change),
    )
    return x.made(before, RATED_COLUMNS, rows, terms, after_terms)


def _initial(params: FideParams, initial: Initial) -> Statement:
    """§8.2.2–8.2.3: the formula the first rating was made with."""
    if params.initial_formula == "two-draws-1800":  # 2024: two hypothetical opponents, both drawn
        ra = (
            ("opponents", initial.opponents - 2 * params.hypothetical_rating),
            ("hypothetical", params.hypothetical_rating),
            ("counted", initial.counted),
        )
        if params.initial_max is not None:
            return Statement("fide.initial.two_draws.max", (*ra, ("max", params.initial_max)))
        return Statement("fide.initial.two_draws", ra)
    if initial.p100 is None and initial.dp == 0:
        return Statement("fide.initial.even")
    if initial.p100 is None:
        return Statement("fide.initial.above", (("bonus", params.half_point_bonus),))
    return Statement("fide.initial.below")


def _unrated(params: FideParams, x: _Said, start: FideState, entries: Sequence[Entry]) -> Explanation:
    """§7.1.4, §8.2: an unrated player's pool and, once it qualifies, his first rating."""
    done = qualify(params, x.index, start, entries)
    label = params.periods.label
    rows: list[tuple[Cell, ...]] = []
    for period, opp, points2 in done.kept:
        rows.append((None, label(period), None, opp, _points(points2), "yes (earlier)"))
    for period, opp, points2 in done.dropped:
        rows.append((None, label(period), None, opp, _points(points2), f"no: older than {params.pool_months} months"))
    if done.dropped:  # §7.1.4: "not more than 26 months"
        x.notes.append(Statement("fide.pool_dropped", (("months", params.pool_months),)))
    for position, entry in enumerate(entries):
        if entry.opponent_rating is None:
            counted = "no: opponent unrated"
        elif position in done.disregarded:
            counted = "no: first event scored zero"
        else:
            counted = "yes"
        rating: Cell = entry.opponent_rating if entry.opponent_rating is not None else "unrated"
        rows.append((entry.game, label(x.index), entry.opponent, rating, _points(entry.points2), counted))
    if done.disregarded:  # §8.2.1: a first event scored zero is disregarded
        x.notes.append(Statement("fide.first_event_zero"))
    pooled = len(done.kept) + sum(1 for row in rows if row[-1] == "yes")
    terms: list[tuple[str, Cell]] = [("games counted", pooled), ("games needed", params.first_rating_games)]
    initial = done.initial
    if initial is None:  # §7.1.4: at least 5 games against rated opponents
        short = (("needed", params.first_rating_games), ("pooled", pooled))
        x.notes.append(Statement("fide.pool_short", short))
    else:
        x.notes.append(_initial(params, initial))
        terms += [
            ("Ra", round(float(initial.ra), 2)),
            ("score", initial.points2 / 2),
            ("of", initial.counted),
            ("p", None if initial.p100 is None else initial.p100 / 100),
            ("dp", initial.dp),
            ("Ru", initial.rating),
        ]
        if done.state.rating is None:  # §7.1.4: "The rating must be at least" the floor
            below = (("rating", initial.rating), ("floor", params.floor))
            x.notes.append(Statement("fide.initial.below_floor", below))
    after = done.state
    after_terms: Terms = (
        (("rating", after.rating), ("status", "rated"), ("games", after.games))
        if after.rating is not None
        else (("rating", None), ("status", "unrated"), ("games pooled", len(after.pool)))
    )
    before: Terms = (("rating", None), ("status", "unrated"), ("games pooled", len(start.pool)))
    return x.made(before, UNRATED_COLUMNS, rows, tuple(terms), after_terms)


def explain(
    rules: Rules,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
    begun: Begun | None = None,
) -> Explanation:
    """The player's part of the run of period ``index``: his games in FIDE's terms (K, PD, the 400-point rule),
    or, unrated, his progress toward a first rating; a player who did not play, his compressed rating in the
    period of the compression (choice 7). Raises :class:`LookupError` for a player who did not play otherwise.
    ``begun``: the lists of the earlier periods in which his events began (choice 13)."""
    params = version(rules, index)
    starts, played = period_entries(params, index, states, games, info, begun)
    x = _Said(rules, index, player)
    x.notes += _compression(params, index, player, states)
    entries = played.get(player)
    if entries is None:
        if x.notes:
            before: FideState = states[player]
            return x.made((("rating", before.rating),), (), (), (), (("rating", compressed(params, before).rating),))
        raise LookupError(f"player {player} played no game in period {params.periods.label(index)} of {params.name}")
    x.notes += _seed(params, index, player, states, info(player))
    start = starts[player]
    if start.rating is None:
        return _unrated(params, x, start, entries)
    return _rated(params, x, start, entries, info(player).born, games)
