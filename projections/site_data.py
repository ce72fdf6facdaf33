"""What ``ratings site`` shows, gathered through the Python API as frozen values.

Pure of click and of any template: :mod:`commands.site` renders these values.
A list page (:func:`list_page`) is the list of a period with, when it was
published, the list as published beside it and who changed; a player
(:func:`player_page`) is his history under each rules version, his events
and every amendment of his games; his explanations come period by period
(:func:`period_explanations`), each period's previous list and games
computed once for all its players, so that a site of many players replays
nothing twice and holds one period at a time.

>>> page_name("10213"), page_name("A/B.c"), page_name("x_1")
('10213', '_41_2f_42_2ec', 'x_5f1')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from ledger.chain import ChainError, Head
from ledger.decoding import NewerEventError
from projections import systems
from projections.api import Ratings, known_date
from projections.audit import Cause, Change, Publication, compare, digest, run_audit
from projections.events import CrosstableView, SystemStatus
from projections.facts import GameVersion, named_players
from projections.lists import RatingList
from projections.log import BOOKKEEPING
from projections.registry import get_rules, system_for
from projections.rules.common import EventInfo
from projections.rules.explanation import Explanation, with_names
from projections.span import check_span

AMENDMENTS = ("GameAdjudicated", "GameCorrected", "GameVoided", "GameRestored")
"""The log's events that touch a game after its recording: what a player's page lists."""

RATING_KEYS = ("rating", "grade")
"""The key of a history row a chart draws: the first of these a system's row has as a number."""


def page_name(ident: str) -> str:
    """A player's or event's id as a file name, safely and the same every time: lower-case letters, digits
    and ``-`` as they are, every other byte of its UTF-8 as ``_`` and two hex digits (so that two ids never
    share a name, even on a file system blind to case)."""
    out = []
    for byte in ident.encode("utf-8"):
        char = chr(byte)
        out.append(char if char in "abcdefghijklmnopqrstuvwxyz0123456789-" else f"_{byte:02x}")
    return "".join(out) or "_"


def site_head(ratings: Ratings) -> Head:
    """The log head a site shows: the position its facts are folded to, and the hash chain there."""
    position = ratings.projector.facts().position
    found = ratings.reader.chain_hash(position)
    if found is None:
        raise ChainError(f"the log holds no event at position {position}")
    return Head(position, found.hex())


def site_periods(ratings: Ratings, rules: str, first: str, last: str, today: date) -> tuple[str, ...]:
    """The period labels of ``rules`` from ``first`` to ``last``, refused as ``ratings export`` refuses them
    (out of order, before the ledger's first fact, after the current period)."""
    params = get_rules(rules)
    start, end = check_span(ratings.projector, params, first, last, today)
    return tuple(params.periods.label(i) for i in range(start, end + 1))


@dataclass(frozen=True)
class PublishedList:
    """A list's latest publication, the list as published (reproduced from the log as it stood then), and
    every player whose line differs on the list as shown, with the events since that concern him."""

    publication: Publication
    reproduces: bool
    published: RatingList
    changes: tuple[Change, ...]
    causes: tuple[tuple[str, tuple[Cause, ...]], ...]
    """For each changed player (in the order of ``changes``): the events since that concern him (only as
    known now: a site as known at a date names none)."""


@dataclass(frozen=True)
class ListPage:
    """One rating list of the site."""

    rating_list: RatingList
    keys: tuple[str, ...]
    digest: str
    published: PublishedList | None


def latest_publication_by(
    pubs: Iterable[Publication], rules: str, period: str, known: str | None
) -> Publication | None:
    """The latest publication of the list (on or before ``known`` when given), or None."""
    found = [p for p in pubs if p.rules == rules and p.period == period and (known is None or p.on <= known)]
    return max(found, key=lambda p: (p.on, p.position)) if found else None


def list_page(
    ratings: Ratings, rules: str, period: str, pubs: Sequence[Publication], known_at: str | date | None = None
) -> ListPage:
    """The list of ``rules`` and ``period`` as known at ``known_at``, and its latest publication (up to then)."""
    known = known_date(known_at)
    shown = ratings.list(rules, period, known)
    keys = systems.list_keys(system_for(get_rules(rules)))
    pub = latest_publication_by(pubs, rules, period, known)
    published = None
    if pub is not None:
        report = run_audit(ratings.projector, rules, period, pub.on)
        changes = compare(report.reproduced, shown)
        causes = tuple((c.player, tuple(report.causes_of(c.player)) if known is None else ()) for c in changes)
        published = PublishedList(pub, report.reproduces, report.reproduced, tuple(changes), causes)
    return ListPage(shown, keys, digest(shown), published)


class HistoryRow(NamedTuple):
    """A period the player was rated in, with his figures after it (the columns of ``ratings history``)."""

    period: str
    figures: dict[str, Any]
    rating: float | None
    """What his chart draws, or None for a period whose figure is not a number."""


@dataclass(frozen=True)
class RulesHistory:
    rules: str
    keys: tuple[str, ...]
    rows: tuple[HistoryRow, ...]


class Amendment(NamedTuple):
    """A correction, adjudication, void or restoration of one of the player's games."""

    position: int
    type: str
    game: str
    reported_on: str
    facts: tuple[tuple[str, Any], ...]


CHANGE_HEADINGS = ("dR", "K·(W−We)", "k·(W−We)")
"""The column of an explanation's table that is a game's own rating change (IECG 1.7's established dR, FIDE's and
the ECF online's K·(W−We)); a system without one (a provisional IECG rating, Glicko, ECF grades, ICU) rates the
period as a whole, so an event's games have no change of their own there."""


def game_changes(x: Explanation) -> Iterator[tuple[str, float]]:
    """Each game of the explanation's table with its own rating change (:data:`CHANGE_HEADINGS`), where the
    system has one and the game was rated.

    >>> from projections.rules.explanation import Column
    >>> x = Explanation("fide-2024", "2024-08", "A", (), (Column("game"), Column("K·(W−We)")),
    ...                 (("G1", -6.8), ("G2", None), ("G3", 27.2)), (), (), ())
    >>> list(game_changes(x))
    [('G1', -6.8), ('G3', 27.2)]
    """
    headings = [c.heading for c in x.columns]
    column = next((i for i, h in enumerate(headings) if h in CHANGE_HEADINGS), None)
    if column is None or "game" not in headings:
        return
    game = headings.index("game")
    for row in x.rows:
        value = row[column]
        if isinstance(value, int | float) and not isinstance(value, bool):
            yield str(row[game]), float(value)


class PlayerEvent(NamedTuple):
    """An event of the player, as his page lists it: his line of its crosstable and his change per rules."""

    info: EventInfo
    points: str
    """His score-table points ("2½"), or "" when he has no row (no game scored yet)."""
    games: int
    performance: int | None
    changes: tuple[tuple[str, float | None], ...]
    """By rules version of the site: the sum of his games' own rating changes in it (:func:`game_changes`); None
    where none of its games has one (not rated, or a system that rates the period as a whole)."""


def player_event(
    info: EventInfo,
    table: CrosstableView | None,
    player: str,
    event_games: Iterable[str],
    changes: Mapping[str, Mapping[str, float]],
    rules: Sequence[str],
) -> PlayerEvent:
    """The player's line of an event: his crosstable row, and by each of ``rules`` the sum of the changes
    (``changes``: by rules, by game) of the event's games (``event_games``) of his."""
    row = next((r for r in table.table.rows if r.player == player), None) if table is not None else None
    games = list(event_games)
    summed: list[tuple[str, float | None]] = []
    for r in rules:
        mine = [changes.get(r, {})[g] for g in games if g in changes.get(r, {})]
        summed.append((r, round(sum(mine), 2) if mine else None))
    if row is None:
        return PlayerEvent(info, "", 0, None, tuple(summed))
    return PlayerEvent(info, row.points, row.games, row.performance, tuple(summed))


@dataclass(frozen=True)
class PlayerPage:
    player: str
    name: str
    country: str | None
    histories: tuple[RulesHistory, ...]
    events: tuple[PlayerEvent, ...]
    """His events, each with his line of it (:func:`player_event`)."""
    amendments: tuple[Amendment, ...]


def chart_rating(figures: dict[str, Any]) -> float | None:
    """The figure a chart draws from a history row: its rating (or grade), when it is a number.

    >>> chart_rating({"rating": 1997, "ter": 1997}), chart_rating({"grade": None, "rating": "-"})
    (1997.0, None)
    """
    for key in RATING_KEYS:
        value = figures.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


def rated_periods(
    ratings: Ratings,
    player: str,
    rules: str,
    labels: Sequence[str],
    known: str | None,
    states: Sequence[tuple[str, Any]] | None = None,
) -> RulesHistory:
    """The player's history under ``rules``, within the periods ``labels`` (``states``: his state after each of
    them he was rated in, when the caller read them for every player, :meth:`Projector.changed`)."""
    params = get_rules(rules)
    system = system_for(params)
    wanted = set(labels)
    if states is None:
        found = [(label, state) for label, state in ratings.history(player, rules, known) if label in wanted]
    else:
        found = [(label, state) for label, state in states if label in wanted]
    info = systems.player_info(ratings.projector.view(known))(player)
    rows = systems.history_rows(params, system, player, found, info)
    keys = systems.history_keys(system)
    shown = tuple(HistoryRow(r["period"], {k: r.get(k) for k in keys[1:]}, chart_rating(r)) for r in rows)
    return RulesHistory(rules, keys[1:], shown)


def amendments_by_player(ratings: Ratings, known_at: str | date | None = None) -> dict[str, list[Amendment]]:
    """Every amendment of a game reported by ``known_at`` (all: None), in log order, under each player some
    version of the game names: one pass over the log's amendments, for every player's page."""
    known = known_date(known_at)
    facts = ratings.projector.facts()
    found: dict[str, list[Amendment]] = {}
    for record in ratings.reader.records_of(AMENDMENTS):
        try:
            state = record.facts()
        except (ValueError, NewerEventError):  # a damaged event: `ratings verify` names it
            continue
        reported = str(state.get("reported_on", ""))
        game = str(state.get("game", ""))
        original = facts.amended.get(game)
        if original is None or (known is not None and reported > known):
            continue
        shown = tuple((k, v) for k, v in state.items() if k not in BOOKKEEPING and k != "game")
        amendment = Amendment(record.position, record.type, game, reported, shown)
        for player in sorted(named_players(original, facts.amendments.get(game, ()))):
            found.setdefault(player, []).append(amendment)
    return found


def player_page(
    ratings: Ratings,
    player: str,
    spans: Sequence[tuple[str, Sequence[str]]],
    events: Iterable[PlayerEvent],
    amendments: Iterable[Amendment],
    known_at: str | date | None = None,
    states: Mapping[str, Sequence[tuple[str, Any]]] | None = None,
) -> PlayerPage:
    """A player's page: his history under each (rules, periods) of ``spans``, his ``events``, and the
    ``amendments`` of his games (:func:`amendments_by_player`); ``states``: by rules, his states in the span
    (:func:`rated_periods`)."""
    known = known_date(known_at)
    reg = ratings.projector.view(known).players[player]
    histories = tuple(
        rated_periods(ratings, player, rules, labels, known, None if states is None else states.get(rules, ()))
        for rules, labels in spans
    )
    return PlayerPage(player, reg.name, reg.country, histories, tuple(events), tuple(amendments))


def site_players(ratings: Ratings, known_at: str | date | None = None) -> tuple[str, ...]:
    """The players a site has a page for: every player registered (as known at ``known_at``) and not merged
    into another, sorted."""
    view = ratings.projector.view(known_date(known_at))
    return tuple(sorted(p for p in view.players if p not in view.alias))


def period_explainer(
    ratings: Ratings, rules: str, period: str, known_at: str | date | None = None
) -> Callable[[str], Explanation]:
    """What :meth:`Ratings.explain` answers for any player on the list of ``period``, the previous list and
    the period's games computed once, for the many players a site or a publication database explains."""
    known = known_date(known_at)
    params = get_rules(rules)
    system = system_for(params)
    index = params.periods.index(period)
    projector = ratings.projector
    previous = projector.states(rules, index - 1, known)
    view = projector.view(known)
    selection = systems.selected(params, system, index, previous, view)
    registered = projector.facts().players
    lists = projector.lists(rules, known)
    name_of = ratings.names_of(known)

    def explain(player: str) -> Explanation:
        if player not in registered:  # as Projector.explain refuses him
            raise LookupError(f"unknown player {player!r}")
        found = systems.explain(params, system, index, previous, view, player, selection, lists)
        return with_names(found, name_of)

    return explain


def period_explanations(
    ratings: Ratings, rules: str, period: str, players: Iterable[str], known_at: str | date | None = None
) -> Iterator[tuple[str, Explanation]]:
    """Each of ``players`` explained on the list of ``period`` (:func:`period_explainer`)."""
    explain = period_explainer(ratings, rules, period, known_at)
    for player in players:
        yield player, explain(player)


@dataclass(frozen=True)
class EventPage:
    info: EventInfo
    games: tuple[GameVersion, ...]
    crosstable: CrosstableView | None
    crosstable_rules: str
    status: tuple[SystemStatus, ...]


def event_page(ratings: Ratings, event: str, rules: Sequence[str], known_at: str | date | None = None) -> EventPage:
    """An event's page: its games, its crosstable (performances from the first of ``rules``, as ``ratings event
    show --rules`` gives them), and its status under each of ``rules``."""
    known = known_date(known_at)
    record = ratings.event(event, known)
    games = tuple(ratings.event_games(event, known))
    table = ratings.crosstable_view(event, rules[0], known) if games or record.pairings or record.byes else None
    status = tuple(ratings.event_status(event, rules, known))
    return EventPage(record.info, games, table, rules[0], status)


BIRTH_DATES = ("none", "year", "full")
"""What the site shows of a player's birth date (``ratings site --birth-dates``): nothing, the year (the
default: FIDE's lists print the year, the ECF publishes no birth date), or the full date."""


class SitePlayer(NamedTuple):
    """What the site says of a player beside his ratings: the player index's entry, and his page's facts."""

    player: str
    name: str
    country: str | None
    federation: str | None
    title: str | None
    fide_id: str | None
    born: str | None
    """As ``--birth-dates`` allows (:func:`birth_shown`): None, the year, or the date."""


def birth_shown(born: str | None, shown: str) -> str | None:
    """A birth date as the site shows it (:data:`BIRTH_DATES`).

    >>> birth_shown("2009-11-05", "year"), birth_shown("2009-11-05", "none"), birth_shown("2009-11-05", "full")
    ('2009', None, '2009-11-05')
    """
    if born is None or shown == "none":
        return None
    return born if shown == "full" else born[:4]


def site_player_facts(
    ratings: Ratings, players: Iterable[str], birth_dates: str = "year", known_at: str | date | None = None
) -> dict[str, SitePlayer]:
    """Each of ``players`` as the site names him: his registration as known at ``known_at`` (his federation as
    recorded, else his country's), his FIDE id (the identity claims reported by then), and his birth date as
    ``birth_dates`` allows (:data:`BIRTH_DATES`); never a national id."""
    from ledger import identities
    from ledger.events import IDENTITY_TYPES

    known = known_date(known_at)
    view = ratings.projector.view(known)
    records = [
        r
        for r in ratings.reader.records_of(IDENTITY_TYPES)
        if known is None or str(r.facts().get("reported_on", "")) <= known
    ]
    held = identities.fold(records).by_player()
    found: dict[str, SitePlayer] = {}
    for player in players:
        reg = view.players.get(player)
        if reg is None:
            continue
        found[player] = SitePlayer(
            player,
            reg.name,
            reg.country or None,
            reg.fide_federation,
            reg.title,
            held.get(player, {}).get("fide"),
            birth_shown(reg.born, birth_dates),
        )
    return found


def list_changes(current: RatingList, previous: RatingList | None) -> dict[str, str]:
    """Each player's change on ``current`` since ``previous`` (the list of the period before), as the list page
    shows it: the difference of his rating (or grade, :data:`RATING_KEYS`), signed (``+12``, ``-3``, ``0``);
    ``new`` for a player not on the previous list with a number; "" where either figure is not a number.

    >>> now = RatingList("r", "2024-03", ({"player": "A", "rating": 1990}, {"player": "B", "rating": 1500},
    ...                                   {"player": "C", "rating": None}))
    >>> list_changes(now, RatingList("r", "2024-01", ({"player": "A", "rating": 2000},)))
    {'A': '-10', 'B': 'new', 'C': ''}
    """
    before = {}
    if previous is not None:
        before = {row["player"]: chart_rating(row) for row in previous.rows}
    found: dict[str, str] = {}
    for row in current.rows:
        now = chart_rating(row)
        then = before.get(row["player"])
        if now is None:
            found[row["player"]] = ""
        elif row["player"] not in before:
            found[row["player"]] = "new"
        elif then is None:
            found[row["player"]] = ""
        else:
            delta = now - then
            found[row["player"]] = f"{delta:+g}" if delta else "0"
    return found


def previous_list(ratings: Ratings, rules: str, period: str, known_at: str | date | None = None) -> RatingList | None:
    """The list of the period before ``period`` (None before the rules' first period)."""
    periods = get_rules(rules).periods
    index = periods.index(period)
    return ratings.list(rules, periods.label(index - 1), known_at) if index > 0 else None
