"""Which IECG groups a player may enter on a date, from the log as known at a date.

The rules are :mod:`projections.rules.iecg.entry` (IECG Rules and Regulations 5.1a, D §2.4–2.8 and C §9);
this module reads what they take from the log:

- his TER (Rating Rules 1.7 §III.7) on the list in force on the date: the state after the run of the
  period before the date's period, under the IECG rules version asked (``iecg-1.7`` by default). A player
  the list does not publish (a provisional rating of fewer than six games, §III.3) still has a TER,
  §III.7's ("for Provisional Ratings, the TER is equal to the Starting Rating"), and a player with no
  rated game yet has his newcomer's (§VII): the TER is read from the state as the rules' own runs read
  an opponent's, and :attr:`PlayerEligibility.listed` says whether the list shows it;
- his groups: the registered events of type ``class``, ``quad`` or ``invitational`` (D §2.4, §2.5, §2.8)
  he played in (a game or a pairing), entered or withdrew from; each finished one (its end date on or
  before the date asked) with his rank, whether he tied for first on points and his score from its
  crosstable (C §14, :func:`projections.events.event_crosstable`, start ratings from the list in
  force at its start, as ``event show``);
- his entries (``TournamentEntered``) and his withdrawals (``TournamentWithdrawn`` of any event, and the
  free-text ``PlayerWithdrew`` facts recorded before events existed, which are C §9 withdrawals too).

Choices where the log or the text is silent:

- A group's score is his score-table points over the points of the games scored for him (forfeits
  included, C §9A); at a group's end every game is scored, so this is "the available points" of D §2.5f.
- A group's size is the number of its players (its games and pairings, or its entrants if more), and at
  least its rounds + 1 for a class group of single rounds (D §2.4: 7 or 15 players); a group with
  neither counts 7 (class) or 4 (quad, D §2.5). It decides the 15-player rules of D §2.4 and D §2.4c.
  The group :func:`may_enter` asks about is sized by its pairings and rounds alone.
- An Invitational is read as its final (D §2.8.4): the log has no fact for a preparatory group.
- A group without a class gives no ticket (its rank is not read); it still counts for D §2.4d.
- An event registered in error (void), and every fact about it, do not count; nor does a fact reported
  after the date known at.
- :func:`may_enter` asks about one event: his own entry into it (and the group itself) are left out of
  the history, so that "could he enter on the day he entered, as known then?" is answered by the same
  question asked after the entry was recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from ledger.errors import InvalidValueError
from ledger.store import LogReader
from projections.events import event_crosstable, event_record, start_ratings
from projections.facts import FactsView, GameVersion, Knowledge, game_version
from projections.registry import SYSTEMS, get_rules, system_for
from projections.rules.common import Entry, EventInfo
from projections.rules.iecg import IECG_1_7
from projections.rules.iecg import entry as iecg_entry
from projections.systems import player_info

if TYPE_CHECKING:
    from projections.replay import Projector

GROUP_TYPES: tuple[str, ...] = iecg_entry.KINDS
"""The event types that are IECG groups: class (D §2.4), quad (§2.5), invitational (§2.8)."""

DEFAULT_RULES = IECG_1_7.name
"""The IECG rules version whose list gives the TER unless another is asked."""


class PlayerEligibility(NamedTuple):
    """What the player may enter on a date, and where his TER comes from."""

    player: str
    rules: str
    period: str | None
    """The period of the list in force (the one before the date's), None before the first period."""
    listed: bool
    """Whether that list publishes him (§III.3); his TER is §III.7's either way."""
    answer: iecg_entry.Eligibility


def _day(text: str) -> date:
    return date.fromisoformat(text)


def entry_rules() -> tuple[str, ...]:
    """The registered names whose system decides entry to its tournament groups (the IECG's, by TER)."""
    return tuple(name for name, system in SYSTEMS.items() if system.entry is not None)


def _entry(rules: str) -> Entry:
    """How ``rules`` reads the rating that decides entry, or the refusal of a version without entry."""
    entry = system_for(get_rules(rules)).entry
    if entry is None:
        raise InvalidValueError(
            f"entry to IECG groups is decided by an IECG TER (Rating Rules §III.6): {rules!r} is not an IECG "
            "rules version (e.g. iecg-1.7)"
        )
    return entry


def entry_rating(
    projector: Projector, rules: str, player: str, on: str, known_at: str | None
) -> tuple[int | None, str | None, bool]:
    """His TER on ``on`` (§III.7), the period of the list in force then, and whether that list publishes him."""
    entry = _entry(rules)
    params = get_rules(rules)
    view = projector.view(known_at)
    if player not in view.players:
        raise LookupError(f"unknown player {player!r}" + ("" if known_at is None else f" as known at {known_at}"))
    index = params.periods.index_of_day(on)
    previous = index - 1
    states = projector.states(rules, previous, known_at) if previous >= 0 else {}
    period = params.periods.label(previous) if previous >= 0 else None
    rating, listed = entry(params, previous, states.get(player), player_info(view), player)
    return rating, period, listed


def _known(facts: Mapping[str, Any], position: int, known: Knowledge | None) -> bool:
    if known is None:
        return True
    return bool(facts["reported_on"] <= known.known_at) and (known.entered_by is None or position <= known.entered_by)


def _group_games(view: FactsView, wanted: set[str]) -> dict[str, list[GameVersion]]:
    """The games of each event of ``wanted`` as :func:`projections.events.event_games` finds them (as amended
    and known in ``view``, not void, between players it holds), in one pass over the games."""
    facts, known = view.facts, view.known
    found: dict[str, list[GameVersion]] = {}

    def keep(version: GameVersion) -> None:
        if version.voided or version.row.event not in wanted:
            return
        counted = view.counting(version)  # as events.event_games takes it
        if counted is not None:
            found.setdefault(counted.row.event, []).append(counted)

    for game, amendments in facts.amendments.items():
        original = facts.amended[game]
        if known is not None:
            if not known.knows_game(original):
                continue
            amendments = [a for a in amendments if known.knows(a)]
        keep(game_version(original, amendments))
    seen: set[str] = set()
    for month in sorted(facts.game_months()):
        for row in facts.month(month):
            if row.event not in wanted or row.game in facts.amended or row.game in seen:
                continue
            seen.add(row.game)
            if known is None or known.knows_game(row):
                keep(game_version(row, ()))
    for versions in found.values():
        versions.sort(key=lambda v: (v.row.finished, v.row.game))
    return found


def _size(info: EventInfo, seen: int) -> int:
    """The group's players (module docstring)."""
    if info.type == "class" and info.rounds is not None:
        seen = max(seen, info.rounds + 1)
    if seen:
        return seen
    return 4 if info.type == "quad" else 7


def player_history(
    projector: Projector,
    reader: LogReader,
    player: str,
    on: str,
    rules: str = DEFAULT_RULES,
    known_at: str | None = None,
) -> iecg_entry.History:
    """The player's groups, entries and withdrawals (:class:`~projections.rules.iecg.entry.History`) on ``on``,
    from the log as known at ``known_at`` (None: now)."""
    known = None if known_at is None else Knowledge(known_at)
    view = projector.view(known_at)
    events = {e: info for e, info in view.events.items() if info.type in GROUP_TYPES}
    entries: list[iecg_entry.Entry] = []
    entrants: dict[str, set[str]] = {}
    withdrawals: dict[tuple[date, bool, str], iecg_entry.Withdrawal] = {}
    mine: set[str] = set()
    kinds = ("TournamentEntered", "TournamentWithdrawn", "TournamentPaired", "PlayerWithdrew")
    for record in reader.records_of(kinds):
        facts = record.facts()
        if not _known(facts, record.position, known):
            continue
        if record.type == "PlayerWithdrew":  # a C §9 withdrawal from a tournament named by text
            if facts["player"] == player:
                w = iecg_entry.Withdrawal(_day(facts["on"]), not facts["silent"], facts["tournament"])
                withdrawals[(w.day, w.announced, w.event)] = w
            continue
        event = facts["event"]
        if event not in view.events:  # void, or not known then
            continue
        if record.type == "TournamentPaired":
            if player in (facts["white"], facts["black"]) and event in events:
                mine.add(event)
        elif record.type == "TournamentEntered":
            entrants.setdefault(event, set()).add(facts["player"])
            if facts["player"] == player:
                info = view.events[event]
                entries.append(iecg_entry.Entry(event, _day(facts["on"]), info.rating_class or "", facts["ticket"]))
                mine.add(event)
        elif facts["player"] == player:  # TournamentWithdrawn
            w = iecg_entry.Withdrawal(_day(facts["on"]), not facts["silent"], event)
            withdrawals[(w.day, w.announced, w.event)] = w
            mine.add(event)
    games = _group_games(view, set(events))
    mine.update(e for e, versions in games.items() if any(player in (v.row.white, v.row.black) for v in versions))
    groups = [
        _group(projector, reader, player, events[e], games.get(e, []), entrants.get(e, set()), on, rules, known)
        for e in sorted(mine)
        if e in events
    ]
    return iecg_entry.History(
        tuple(sorted(groups, key=lambda g: (g.start, g.event))),
        tuple(sorted(entries, key=lambda e: (e.day, e.event))),
        tuple(sorted(withdrawals.values())),
    )


def _group(
    projector: Projector,
    reader: LogReader,
    player: str,
    info: EventInfo,
    games: Sequence[GameVersion],
    entrants: Iterable[str],
    on: str,
    rules: str,
    known: Knowledge | None,
) -> iecg_entry.Group:
    """One of his groups on ``on``: rank, tie and score read only once it has ended (D §2.4c, §2.5f)."""
    record = event_record(reader, info.event, known)
    players = {p for v in games for p in (v.row.white, v.row.black)}
    players |= {p for _, w, b in record.pairings for p in (w, b)}
    size = _size(info, len(players | set(entrants)))
    end = None if info.end is None else _day(info.end)
    rank: int | None = None
    tied = False
    score: Fraction | None = None
    if info.end is not None and info.end <= on and info.rating_class is not None and player in players:
        ratings = start_ratings(projector, rules, info.start, players, None if known is None else known.known_at)
        table = event_crosstable(record, games, ratings)
        row = next(r for r in table.rows if r.player == player)
        rank = row.rank
        top = table.rows[0].points2
        tied = row.points2 == top and sum(r.points2 == top for r in table.rows) > 1  # D §2.5f: shared first place
        score = Fraction(row.points2, 2 * row.games) if row.games else None
    return iecg_entry.Group(
        info.event, info.type, info.rating_class or "", _day(info.start), end, rank, tied, size, score
    )


def eligibility(
    projector: Projector,
    reader: LogReader,
    player: str,
    on: str,
    rules: str = DEFAULT_RULES,
    known_at: str | None = None,
) -> PlayerEligibility:
    """What ``player`` may enter on ``on`` by his TER on the list then in force (D §2.4a, §2.5a), the tickets he
    holds (D §2.4c), the groups he plays in (D §2.4d) and his bans (C §9C–D), as known at ``known_at``."""
    ter, period, listed = entry_rating(projector, rules, player, on, known_at)
    history = player_history(projector, reader, player, on, rules, known_at)
    answer = iecg_entry.eligibility(ter, history, _day(on))
    return PlayerEligibility(player, rules, period, listed, answer)


def may_enter(
    projector: Projector,
    reader: LogReader,
    player: str,
    event: str,
    on: str,
    rules: str = DEFAULT_RULES,
    known_at: str | None = None,
) -> iecg_entry.Decision:
    """May ``player`` enter the group ``event`` on ``on``, as known at ``known_at``? His own entry into it is left
    out of his history (module docstring); the decision names the ticket the entry would use."""
    view = projector.view(known_at)
    info = view.events.get(event)
    if info is None:
        void = " is void" if event in view.void_events else " is not registered"
        raise LookupError(f"event {event!r}{void}" + ("" if known_at is None else f" as known at {known_at}"))
    if info.type not in GROUP_TYPES:
        raise InvalidValueError(
            f"event {event!r} is a {info.type} event: only IECG class, quad and invitational groups are entered "
            "(D §2.4, §2.5, §2.8)"
        )
    if info.rating_class is None:
        raise InvalidValueError(f"event {event!r} has no class (D §2.4a, §2.5a): correct it with --class")
    ter, _, _ = entry_rating(projector, rules, player, on, known_at)
    history = player_history(projector, reader, player, on, rules, known_at)
    others = iecg_entry.History(
        tuple(g for g in history.groups if g.event != event),
        tuple(e for e in history.entries if e.event != event),
        history.withdrawals,
    )
    record = event_record(reader, event, None if known_at is None else Knowledge(known_at))
    seen = {p for _, w, b in record.pairings for p in (w, b)} | {player}
    return iecg_entry.may_enter(ter, others, info.type, info.rating_class, _day(on), players=_size(info, len(seen)))
