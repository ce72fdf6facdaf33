"""FIDE's system: the glue of :mod:`projections.rules.fide.formulas` to the common
:class:`~projections.rules.common.System`: which games a list rates (the rates of play, over-the-board play,
the matches), where each player starts a period (the previous list, the compression, a prior), a period's
run, and a list row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from projections.rules import selection as admission
from projections.rules.common import Begun, Game, PeriodRun, PlayerInfo, PriorValue, Selected, Statement
from projections.rules.fide.formulas import (
    UNRATED,
    Entry,
    FideParams,
    FideState,
    Rules,
    assess,
    compress,
    k_factor,
    minutes_for_60_moves,
    qualify,
    standard_minimum,
    version,
)
from projections.rules.rounding import round_half_up

KEYS = ("rating", "status", "games", "k", "period_games")
"""The columns of a FIDE list row (:func:`row`), in order."""

# --- the games a list rates (§1.1, §6) ---------------------------------------------


def _rate_key(params: FideParams, time_control: str | None, minimum: int | None) -> Statement:
    """Why a game is not on ``params``'s list because of its rate of play: §1.1 (standard), R&B §1.1.1 (rapid:
    more than 10, less than 60 minutes) or §1.1.2 (blitz: more than 3, at most 10)."""
    if params.list_name == "standard":
        return Statement("fide.left.standard_rate", (("rules", params.name), ("minimum", minimum)))
    low, high = params.rapid_minutes if params.list_name == "rapid" else params.blitz_minutes
    clause = "§1.1.1" if params.list_name == "rapid" else "§1.1.2"
    if minutes_for_60_moves(time_control) is None:
        return Statement("fide.left.no_control", (("rules", params.name), ("clause", clause)))
    key = "fide.left.outside_rapid" if params.list_name == "rapid" else "fide.left.outside_blitz"
    return Statement(key, (("rules", params.name), ("clause", clause), ("low", low), ("high", high)))


def _admits_rate(params: FideParams, time_control: str | None, minimum: int) -> Statement | None:
    minutes = minutes_for_60_moves(time_control)
    if params.list_name == "standard":
        if minutes is None or minutes >= minimum:
            return None
        return _rate_key(params, time_control, minimum)
    low, high = params.rapid_minutes if params.list_name == "rapid" else params.blitz_minutes
    fits = minutes is not None and (low < minutes < high if params.list_name == "rapid" else low < minutes <= high)
    # R&B §1.1: rapid "more than 10 … less than 60"; blitz "more than 3 … not more than 10"; choice 12: a game
    # with no time control is not on the rapid or blitz list.
    return None if fits else _rate_key(params, time_control, None)


def excluded(params: Rules, game: Game, white_rating: int | None, black_rating: int | None) -> Statement | None:
    """None when ``game`` is rated on ``params``'s list, given both players' ratings at the start of the
    period (None: unrated); else why the clause keeps it off (a message key and its values).

    Standard: §1.1's minimum by the higher rating in the game. Rapid and blitz: R&B §1.1.1–1.1.2, and from
    1 December 2024 R&B §7.3.1 (600 points or more apart, one rated above 2600).

    >>> from projections.rules.fide import FIDE_2024, FIDE_2024_BLITZ
    >>> g = Game("g1", "a", "b", 2, "2024-05-04", None, "180+2")
    >>> excluded(FIDE_2024, g, 1500, 1500), excluded(FIDE_2024_BLITZ, g, 1500, 1500)
    (Statement(key='fide.left.standard_rate', values=(('rules', 'fide-2024'), ('minimum', 60))), None)
    """
    params = version(params, params.periods.index_of_day(game.day))
    minimum = standard_minimum(params, white_rating, black_rating)
    rate = _admits_rate(params, game.time_control, minimum)
    if rate is not None:
        return rate
    if (
        params.mismatch_from is not None
        and game.day >= params.mismatch_from
        and white_rating is not None
        and black_rating is not None
        and abs(white_rating - black_rating) >= params.mismatch_gap
        and max(white_rating, black_rating) > params.mismatch_above
    ):
        gap, above = params.mismatch_gap, params.mismatch_above
        return Statement("fide.left.mismatch", (("rules", params.name), ("gap", gap), ("above", above)))
    return None


def admits(params: Rules, game: Game) -> Statement | None:
    """The game filter without ratings: None when ``game`` may be rated on ``params``'s list, else the message
    key of the clause that keeps it off.

    What needs no rating: the rapid and blitz bounds in full, and for the standard list the lowest minimum
    (60 minutes: a faster game is never standard). The standard tiers by rating (§1.1: 90 minutes from 1800,
    120 from 2400 in 2024) and the 600-point rule need the players' ratings: :func:`excluded` decides them.

    >>> from projections.rules.fide import FIDE_2024, FIDE_2024_BLITZ, FIDE_2024_RAPID
    >>> g = Game("g1", "a", "b", 2, "2024-05-04", None, "180+2")
    >>> admits(FIDE_2024, g), admits(FIDE_2024_BLITZ, g)
    (Statement(key='fide.left.standard_rate', values=(('rules', 'fide-2024'), ('minimum', 60))), None)
    >>> admits(FIDE_2024_RAPID, g).key
    'fide.left.outside_rapid'
    """
    params = version(params, params.periods.index_of_day(game.day))
    return _admits_rate(params, game.time_control, params.standard_minutes)


def rated_games(
    params: Rules, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> tuple[tuple[Game, ...], tuple[tuple[Game, Statement], ...]]:
    """The period's games on ``params``'s list, and those kept off with their message keys: :func:`excluded`
    with both players' ratings on the list the period starts from (its start, compressed where it falls, or
    his seed), as §1.1 ("at the start of the game") reads for a system that rates by period (choice 12)."""
    used = version(params, index)
    kept: list[Game] = []
    off: list[tuple[Game, Statement]] = []
    ratings: dict[str, int | None] = {}
    decided: dict[tuple[Any, ...], Statement | None] = {}
    tiers = tuple(rating for rating, _ in used.standard_tiers) if used.list_name == "standard" else ()
    mismatch = used.mismatch_from
    for game in games:
        white, black = game.white, game.black
        if white not in ratings:
            ratings[white] = start_state(used, index, white, states, info).rating
        if black not in ratings:
            ratings[black] = start_state(used, index, black, states, info).rating
        # :func:`excluded` reads the ratings only through §1.1's tier (the highest one the better rating
        # reaches) and, on a rapid or blitz list from its date, the 600-point rule: its verdict is made once
        # per time control and tier, or per time control, pair of ratings and side of that date.
        w, b = ratings[white], ratings[black]
        key: tuple[Any, ...]
        if mismatch is not None:
            key = (game.time_control, w, b, game.day >= mismatch)
        else:
            top = max(r for r in (w, b, -1) if r is not None)
            key = (game.time_control, next((tier for tier in tiers if top >= tier), None))
        if key in decided:
            why = decided[key]
        else:
            why = decided[key] = excluded(used, game, w, b)
        if why is None:
            kept.append(game)
        else:
            off.append((game, why))
    return tuple(kept), tuple(off)


MATCH_TYPES = frozenset({"match", "two-game-match"})
"""The event types that are matches (§6 of 2024, choice 14): an individual match, and the IECG's two-game match."""


def _half_points(points2: int) -> str:
    """A score in half points as the match card writes it: ``3.5``, ``4``."""
    return f"{points2 / 2:g}"


def match_excluded(
    params: Rules, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> dict[str, Statement]:
    """The games of the period's matches that §6 leaves out, by game id, each with why (choice 14).

    §6.1 (2024): "Matches in which one player is unrated shall not be rated": every game of a match in which a
    player is unrated on the list the period starts from. §6.2 (2024): "Where a match is over a specific number
    of games, those played after one player has won shall not be rated": in (day, game) order, once a player's
    score is more than half the match's ``rounds``, the games after the deciding one.

    >>> from projections.rules.common import EventInfo
    >>> from projections.rules.fide import FIDE_2024, FIDE_PERIODS
    >>> m = EventInfo("M", "Match", "match", "2024-05-01", "2024-05-06", None, "otb", None, 6)
    >>> played = [Game(f"g{n}", "a", "b", 2, f"2024-05-0{n}", "M", None, "otb", m) for n in range(1, 7)]
    >>> rated = lambda player: PlayerInfo(player, None, 0, "t", (PriorValue("fide", 2000, 50, None, None, None,
    ...     "2024-04-30"),))
    >>> match_excluded(FIDE_2024, FIDE_PERIODS.index("2024-05"), {}, played, rated)["g5"].values[-3:]
    (('leader', 'a'), ('score', '4–0'), ('rounds', 6))
    """
    used = version(params, index)
    matches: dict[str, list[Game]] = {}
    for game in games:
        if game.event is not None and game.event.type in MATCH_TYPES:
            matches.setdefault(game.event.event, []).append(game)
    out: dict[str, Statement] = {}
    for played in matches.values():
        played.sort(key=lambda game: (game.day, game.game))
        rounds = played[0].event.rounds if played[0].event is not None else None
        if used.match_unrated_clause is not None:
            players = sorted({player for game in played for player in (game.white, game.black)})
            unrated = [p for p in players if start_state(used, index, p, states, info).rating is None]
            if unrated:  # §6.1 (2024): "Matches in which one player is unrated shall not be rated"
                clause = used.match_unrated_clause
                why = Statement(
                    "fide.left.match_unrated",
                    (("rules", used.name), ("clause", clause), ("players", ", ".join(unrated))),
                )
                out.update((game.game, why) for game in played)
                continue
        if used.match_decided_clause is None or rounds is None:
            continue  # §6.2 needs "a specific number of games"
        score: dict[str, int] = {}
        decided: Statement | None = None
        for game in played:
            if decided is not None:  # §6.2 (2024), §6.5 (2008): "those played after one player has won"
                out[game.game] = decided
                continue
            score[game.white] = score.get(game.white, 0) + game.white_points2
            score[game.black] = score.get(game.black, 0) + 2 - game.white_points2
            leader = max(sorted(score), key=lambda player: score[player])
            if score[leader] > rounds:  # more than half the points of ``rounds`` games (half points > rounds)
                others = sum(points for player, points in score.items() if player != leader)
                shown = f"{_half_points(score[leader])}–{_half_points(others)}"
                decided = Statement(
                    "fide.left.match_decided",
                    (
                        ("rules", used.name),
                        ("clause", used.match_decided_clause),
                        ("leader", leader),
                        ("score", shown),
                        ("rounds", rounds),
                    ),
                )
    return out


def select(
    params: Rules, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> Selected:
    """The system's game filter: over-the-board games only (:mod:`projections.rules.selection`),
    then :func:`rated_games` by the list's rates of play, then the matches' rules (:func:`match_excluded`). A
    standard list over games that say neither a time control nor a mode (every game before events) keeps them
    all, without looking up a rating, unless one of them is a match's."""
    if version(params, index).list_name == "standard" and all(g.time_control is None and g.mode is None for g in games):
        kept: Sequence[Game] = games
        off: list[tuple[Game, Statement]] = []
    else:
        board: list[Game] = []
        off = []
        for game in games:
            why = admission.mode_excluded(game, admission.OVER_THE_BOARD, "fide.left.mode", params.name)
            if why is None:
                board.append(game)
            else:
                off.append((game, why))
        kept, timed_off = rated_games(params, index, states, board, info)
        off.extend(timed_off)
    if not any(g.event is not None and g.event.type in MATCH_TYPES for g in games):
        return kept, off
    # §6 (choice 14): a match's score counts every game of it the period holds, those left out above included.
    matched = match_excluded(params, index, states, games, info)
    return (
        [g for g in kept if g.game not in matched],
        [*off, *((g, matched[g.game]) for g in kept if g.game in matched)],
    )


# --- where a player starts ----------------------------------------------------------


def seed_prior(params: FideParams, info: PlayerInfo) -> PriorValue | None:
    """Choice 6: the prior a player absent from the previous list starts from. On the rapid or blitz list, his
    prior of that list (``fide-rapid``, ``fide-blitz``: FIDE's published rating on it, as ``import fide-list``
    records it) if he has one, else (R&B §7.2.1, an unrated player's standard rating is used) his ``fide``
    prior."""
    if params.list_name != "standard":
        own = info.prior(f"fide-{params.list_name}")
        if own is not None:
            return own
    return info.prior("fide")


def seed(params: FideParams, index: int, info: PlayerInfo) -> FideState:
    """Choice 6: the state of a player absent from the previous list, from his prior if any (:func:`seed_prior`)."""
    prior = seed_prior(params, info)
    if prior is None:
        return UNRATED
    rating = round_half_up(prior.rating)
    start = params.compression_index()
    if start is not None and index >= start and prior.as_of < _compression_day(params):
        rating = compress(params, rating)
    if rating < params.floor:
        return UNRATED  # §7.2.1: below the floor, unrated
    return FideState(rating, prior.games or 0, rating >= params.junior_below, rating >= params.k_high_from)


def _compression_day(params: FideParams) -> str:
    """The day of the compressed list: the first day of the compression period."""
    return f"{params.compression_period}-01"


def compressed(params: FideParams, state: FideState) -> FideState:
    """The state on the compressed list (choice 7): its rating and its pooled opponents' ratings."""
    rating = state.rating if state.rating is None else compress(params, state.rating)
    pool = tuple((period, compress(params, opp), points2) for period, opp, points2 in state.pool)
    if rating == state.rating and pool == state.pool:
        return state
    return state._replace(rating=rating, pool=pool)


def start_state(
    params: FideParams, index: int, player: str, states: Mapping[str, Any], info: Callable[[str], PlayerInfo]
) -> FideState:
    """The player on the list the period starts from: the previous list, compressed in the compression period,
    or his seed."""
    state: FideState | None = states.get(player)
    if state is None:
        return seed(params, index, info(player))
    if index == params.compression_index():
        return compressed(params, state)
    return state


# --- one period ----------------------------------------------------------------


def event_of(game: Game) -> tuple[str, str]:
    """The event a game is rated with (choice 13): its registered event, else the free-text tournament it names
    (the period's games of one name are one event), else the period's games of no tournament (one event, as
    choice 3 takes them)."""
    if game.event is not None and game.day >= game.event.start:
        return ("event", game.event.event)
    if game.tournament:
        return ("tournament", game.tournament)
    return ("none", "")


class EventTerms(NamedTuple):
    """An event of the run as its games are rated (choice 13): when it began and ended, and the period whose
    list was in force at its start."""

    began: str
    ended: str
    listed: int


def events_of(
    params: FideParams, games: Sequence[Game], keys: Sequence[tuple[str, str]] | None = None
) -> dict[tuple[str, str], EventTerms]:
    """The events of the run's games (``keys``: each game's :func:`event_of`, when known): a registered event
    from its start to its end, another from the first to the last of its games in the period."""
    days: dict[tuple[str, str], tuple[str, str]] = {}
    for game, key in zip(games, keys if keys is not None else [event_of(game) for game in games], strict=True):
        found = days.get(key)
        if key[0] == "event":
            if found is None:
                event = game.event
                assert event is not None
                days[key] = (event.start, event.end or game.day)
        elif found is None:
            days[key] = (game.day, game.day)
        else:
            days[key] = (min(found[0], game.day), max(found[1], game.day))
    at = params.periods.index_of_day
    return {key: EventTerms(began, ended, at(began)) for key, (began, ended) in days.items()}


def _completed_before(
    params: FideParams,
    at: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    players: set[str],
) -> dict[str, list[tuple[str, int]]]:
    """Each of ``players``' rated games of period ``at`` (against an opponent rated on its list), with the day
    its event ended: the games that count toward K for an event beginning after that day (§8.3.3)."""
    found: dict[str, list[tuple[str, int]]] = {}
    ends = {key: terms.ended for key, terms in events_of(params, games).items()}
    for game in games:
        for player, opponent in ((game.white, game.black), (game.black, game.white)):
            if player in players and start_state(params, at, opponent, states, info).rating is not None:
                found.setdefault(player, []).append((ends[event_of(game)], 1))
    return found


def period_entries(
    params: FideParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    begun: Begun | None = None,
) -> tuple[dict[str, FideState], dict[str, list[Entry]]]:
    """Every player's start state and his games of the period, each with the ratings of the list in force at
    the start of its event (choice 13): the period's own list for an event that began in it, else the list of
    the period in which it began (``begun``). A player rated on neither list is unrated for the event; one rated
    since it began is counted unrated by his opponents and rated with his current rating himself (§8.2.4). An
    entry says his own rating and K where his event's differ from his period's."""
    starts: dict[str, FideState] = {}
    keys = [event_of(game) for game in games]
    events = events_of(params, games, keys)
    first: dict[str, tuple[str, str]] = {}
    mixed: set[str] = set()  # the players in two events of the run
    for game, key in zip(games, keys, strict=True):
        for player in (game.white, game.black):
            held = first.get(player)
            if held is None:
                first[player] = key
                starts[player] = start_state(params, index, player, states, info)
            elif held != key:
                mixed.add(player)
    begun_earlier = {terms.listed for terms in events.values() if terms.listed != index}
    # The list each player is on at the start of each event that began in an earlier period.
    lists: dict[tuple[tuple[str, str], str], FideState] = {}
    for game, key in zip(games, keys, strict=True) if begun_earlier else ():
        at = events[key].listed
        if at == index:
            continue
        begin = (begun or {}).get(at)
        if begin is None:
            raise LookupError(f"the list of period {at} is needed for an event that began in it")
        used = version(params, at)
        for player in (game.white, game.black):
            if (key, player) not in lists:
                lists[key, player] = start_state(used, at, player, begin.states, info)
    played: dict[str, list[Entry]] = {}
    for game, key in zip(games, keys, strict=True):
        if lists:
            white = lists.get((key, game.white)) or starts[game.white]
            black = lists.get((key, game.black)) or starts[game.black]
        else:
            white, black = starts[game.white], starts[game.black]
        played.setdefault(game.white, []).append(
            Entry(game.game, game.black, game.tournament, black.rating, game.white_points2)
        )
        played.setdefault(game.black, []).append(
            Entry(game.game, game.white, game.tournament, white.rating, 2 - game.white_points2)
        )
    if not mixed and not begun_earlier:
        return starts, played  # every event from the period's own list, each player in one: his period's terms
    # Each player's own terms at each event's start: his list there, K with the games completed before it.
    key_of = dict(zip((game.game for game in games), keys, strict=True))
    lists_of = {player for _, player in lists}
    earlier: dict[int, dict[str, list[tuple[str, int]]]] = {}
    for at in sorted(begun_earlier):
        begin = (begun or {})[at]
        wanted = {player for (key, player) in lists if events[key].listed == at}
        earlier[at] = _completed_before(version(params, at), at, begin.states, begin.games, info, wanted)
    for player, entries in played.items():
        current = starts[player]
        if current.rating is None:
            continue  # unrated now: his results pool with his opponents' ratings at each event's start
        if player not in lists_of and current.games >= params.k_new_games:
            continue  # from the period's own list, with 30 games already: K does not change with more (§8.3.3)
        own_keys = {key_of[entry.game] for entry in entries}
        if player not in lists_of:
            # From the period's own list: K can only fall with the games completed during it (40 to 20, §8.3.3).
            rated_now = sum(1 for entry in entries if entry.opponent_rating is not None)
            born = info(player).born
            if k_factor(params, current._replace(games=current.games + rated_now), born, index) == k_factor(
                params, current, born, index
            ):
                continue
        counted: dict[tuple[str, str], int] = {}
        for entry in entries:
            if entry.opponent_rating is not None:
                counted[key_of[entry.game]] = counted.get(key_of[entry.game], 0) + 1
        born = info(player).born
        terms_of: dict[tuple[str, str], tuple[int, int]] = {}
        for key in own_keys:
            terms = events[key]
            at_start = lists.get((key, player)) or current
            if terms.listed == index:  # §8.3.3: "until they have completed events with at least 30 games"
                before = sum(n for other, n in counted.items() if events[other].ended < terms.began)
            else:
                before = sum(1 for ended, _ in earlier[terms.listed].get(player, ()) if ended < terms.began)
            if at_start.rating is None:  # §8.2.4: rated since the event began: his current rating and K
                at_start, before = current, 0
            k = k_factor(params, at_start._replace(games=at_start.games + before), born, terms.listed)
            terms_of[key] = (at_start.rating if at_start.rating is not None else 0, k)
        played[player] = [
            entry._replace(own_rating=terms_of[key_of[entry.game]][0], k=terms_of[key_of[entry.game]][1])
            for entry in entries
        ]
    return starts, played


def run_begun(
    rules: Rules,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    begun: Begun,
) -> PeriodRun:
    """Rate period ``index``: the compression where it falls, then every player who played (§8.2, §8.3), each
    event from the list in force at its start (choice 13; ``begun``: the lists of earlier periods)."""
    params = version(rules, index)
    changed: dict[str, FideState] = {}
    if index == params.compression_index():
        for player in sorted(states):
            state = compressed(params, states[player])
            if state != states[player]:
                changed[player] = state
    starts, played = period_entries(params, index, states, games, info, begun)
    for player in sorted(played):
        start = starts[player]
        if start.rating is None:
            changed[player] = qualify(params, index, start, played[player]).state
        else:
            changed[player] = assess(params, index, start, played[player], info(player).born).state
    return PeriodRun(changed)


def run_period(
    rules: Rules,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> PeriodRun:
    """Rate period ``index`` over games whose events all began in it (:func:`run_begun` with no earlier list)."""
    return run_begun(rules, index, states, games, info, {})


def row(rules: Rules, index: int, player: str, state: FideState, info: PlayerInfo) -> dict[str, Any] | None:
    """The player's row on the list of period ``index``: §7.1.2 publishes the rating, the games rated in the
    period and K (of the next period, under the version that rates it); an unrated player is not published."""
    if state.rating is None:
        return None
    return {
        "rating": state.rating,
        "status": "rated",
        "games": state.games,
        "k": k_factor(version(rules, index + 1), state, info.born, index + 1),
        "period_games": state.period_games if state.last_period == index else 0,
    }


def make_state(fields: Iterable[Any]) -> FideState:
    """A state from the JSON array of its fields (the pool's entries come back as tuples)."""
    rating, games, reached_2300, reached_2400, pool, started, last_period, period_games = fields
    return FideState(
        rating,
        games,
        bool(reached_2300),
        bool(reached_2400),
        tuple((int(p), int(r), int(w)) for p, r, w in pool),
        bool(started),
        last_period,
        period_games,
    )
