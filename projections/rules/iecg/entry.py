"""Which IECG Class and Quad tournaments a player may enter on a given day: IECG Rules and Regulations
5.1a (12 January 2000), D §2.4 (Class tournaments), §2.5 (Quads), §2.8 (Friends Invitational) and
C §9 (withdrawals), with the Tournament Entry Rating of the Rating Rules 1.7 §III.6–7 (seeds
``002_8243987ea7ba85e3.txt`` and ``000_3dba7590a193faaf.txt``).

Pure functions over frozen values. The TER is an input (§III.7 is computed by
:mod:`projections.rules.iecg.formulas`); so are the player's groups, entries and withdrawals. Every answer
carries the clause it rests on ("D 2.4c", "C 9C1a", …) and a message key, never English prose.

What the text decides, and what this module chooses where it does not (the choices that a rules
version might make otherwise are fields of :class:`EntryRules`):

- E §III.6, D §2.4a/2.5a: the class a player may enter is the one his TER falls in. The bands are
  closed on both sides ("class 1  1800 - 2199"), and the only exception §III.6 names is
  "qualifications", which D §2.4c/2.5c/2.8.5 only ever grant *upwards*; §2.4c's example c.1 lets a
  player whose TER dropped to N enter Class 3 only *with* his ticket. So the text does **not** let a
  player enter a lower class, and this module refuses it (``below-class``). Whether the TER is
  established or provisional does not matter (§III.6 uses the TER as such), so it is not an input;
  a player with no TER has no class and may enter nothing (``no-ter``).
- D §2.4c, §2.5c: the winner of a class 1/2/3/N group or quad, and the second of a 15-player class
  group, get a ticket for one tournament one class up; the winner of a class M group or quad gets a
  Semifinal Championship entry instead (§2.4b/2.5b), which is not a class ticket and is not
  modelled here. "Winner" is rank 1 after the tiebreaks of C §14 (the input's ``rank``).
- D §2.5f (ties for first, "Class/Quad events"): a player tied on points for first who did not win
  the tiebreak gets the ticket if he scored at least 75% of the available points. The tiebreak
  winner keeps §2.4c's ticket whatever his score (§2.5f is read as granting the co-leaders a right,
  not as taking the winner's away): ``EntryRules.tiebreak_winner_promoted``; with False, a tied
  rank-1 player needs the 75% too.
- D §2.8.5: the winner of a Friends Invitational *final* gets a ticket two classes above the
  event's class, the second of a 15-player final one class above. "This rule is obviously not
  applicable in class 1": the class 1 event gives neither ticket (a second promoted to M while the
  winner gets nothing would be absurd). Preparatory groups give no ticket. A player cannot ask to
  enter an Invitational (§2.8.3: by invitation), so :func:`may_enter` refuses ``invitational``.
- D §2.4c, the loss of a ticket and its practical examples: a ticket is judged on the day it is
  exercised. It is lost when the TER's class is already the ticket's class or above (c.2: a Class 3
  winner now in Class 1 may not enter M, "more than one class above his original"). Otherwise it
  admits to the classes above his present class up to one class above it (a two-class ticket: two)
  and never above the ticket's class (c.1: a Class 3 winner now in Class N may enter Class 3, not
  Class 2). Since the text ties the loss to "the time of exercise", a ticket that is lost today
  because the TER rose is usable again if the TER falls back; the text sets no expiry otherwise
  (§2.8.8's one-year limit concerns Invitational qualifications only).
- "Any qualification may be used only once": an entry naming the ticket consumes it. When several
  tickets admit to a class, :func:`may_enter` spends the one with the lowest class (then the
  earliest), keeping the stronger ones. A ticket won in a quad admits to class tournaments and the
  reverse (§2.5c says "promoted to the next higher class", not "quad"): ``tickets_cross_kinds``.
  A group the player withdrew from gives no ticket.
- D §2.4 (preamble): a 15-player group needs a *completed* 7-player class group or quad (finished,
  not withdrawn from).
- D §2.4d, §2.5d: at most four groups at once, counting every group (class, quad, invitational) and
  every entry made but not yet started, until it ends or he withdraws from it; the "permission in
  special cases" is the ``allowed_groups`` argument of :func:`may_enter`.
- C §9C–D, each withdrawal in date order, announced and silent ones counted apart:
  - 9C1a, the first announced withdrawal while playing one event: no new events for 6 months from
    the withdrawal day.
  - 9C1b, while playing in more (other started groups unfinished that day): 6 months from the end of
    his last finished event, read as the last of those other events to end (an event's end is its
    end date, or the day he withdrew from it); while one of them is still unfinished the ban has no
    end yet (``until`` is None). The inputs allow this, so it is implemented.
  - 9C2, an announced withdrawal within one year (the anniversary included) after the previous
    announced one: suspended 12 months from its day and withdrawn from all tournaments. An announced
    withdrawal more than a year after the previous one counts as a first again (the text is silent).
  - 9D1, the first silent withdrawal: suspended 12 months, withdrawn from all; 9D2, a second silent
    withdrawal (at any distance): membership cancelled, for good.
  - 9E (the Arbiter Commission may change a suspension) is outside the text's arithmetic.
  A ban runs from its start day up to the day before ``until``: "6 months" from 15 March is over on
  15 September, when he may enter again; a day missing in the target month is its last day
  (31 August + 6 months = 28 February).
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import NamedTuple

from projections.rules.iecg.formulas import rating_class

CLASSES: tuple[str, ...] = ("N", "3", "2", "1", "M")
"""D §2.4a/2.5a: the tournament classes, lowest first."""

KINDS: tuple[str, ...] = ("class", "quad", "invitational")
"""The group types: D §2.4 Class tournaments, §2.5 Quads, §2.8 Friends Invitational."""


@dataclass(frozen=True)
class EntryRules:
    """The numbers and readings of D §2.4–2.8 and C §9 that a rules version may set otherwise."""

    name: str = "iecg-5.1a"
    max_groups: int = 4
    """D §2.4d, §2.5d: groups at the same time without special permission."""
    tie_share: Fraction = Fraction(3, 4)
    """D §2.5f: the share of the available points a player tied for first needs for a ticket."""
    tiebreak_winner_promoted: bool = True
    """D §2.4c vs §2.5f: the rank-1 player of a tie for first gets §2.4c's ticket whatever his score."""
    tickets_cross_kinds: bool = True
    """D §2.5c: a ticket from a quad admits to class tournaments and the reverse."""
    ban_months: int = 6
    """C §9C1: months without new events after a first announced withdrawal."""
    suspension_months: int = 12
    """C §9C2a, §9D1a: months of suspension."""
    repeat_months: int = 12
    """C §9C2: "within one year after the first announced withdrawal"."""


IECG_5_1A = EntryRules()
"""IECG Rules and Regulations 5.1a (12 January 2000)."""


class Group(NamedTuple):
    """A group the player has played or is playing."""

    event: str
    kind: str
    """One of :data:`KINDS`."""
    klass: str
    """One of :data:`CLASSES`: the group's tournament class."""
    start: date
    end: date | None
    """The day the group finished; None while it is still being played."""
    rank: int | None
    """His final rank after the tiebreaks of C §14; None while the group is being played."""
    tied_first: bool
    """He finished equal on points with the first place (D §2.5f), whether or not he won the tiebreak."""
    players: int
    score: Fraction | None
    """His points over the points available to him; None while the group is being played."""
    final: bool = True
    """For an Invitational (D §2.8.4): the final, not a preparatory group."""


class Entry(NamedTuple):
    """An entry the player made."""

    event: str
    day: date
    klass: str
    ticket: str | None
    """The ticket it used (its :attr:`Ticket.origin`), or None."""


class Withdrawal(NamedTuple):
    """C §9: the player withdrew from ``event`` on ``day``, announced or silently."""

    day: date
    announced: bool
    event: str


class History(NamedTuple):
    """Everything the rules read of a player besides his TER."""

    groups: tuple[Group, ...] = ()
    entries: tuple[Entry, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()


class Ticket(NamedTuple):
    """A promotion for one tournament (D §2.4c, §2.5c, §2.5f, §2.8.5), named by the group it was won in."""

    origin: str
    clause: str
    earned: date
    source: str
    """The class of the group it was won in."""
    target: str
    """The class it promotes to."""
    levels: int
    """Classes above the player's present class it may admit to (1, or 2 for §2.8.5's winner)."""
    kind: str
    """The kind of group it was won in."""


class TicketStatus(NamedTuple):
    """A ticket on a given day: ``reason`` is ``usable``, ``used`` or ``lost`` (D §2.4c)."""

    ticket: Ticket
    usable: bool
    admits: tuple[str, ...]
    """The classes it admits to that day (lowest first); empty unless usable."""
    reason: str
    clause: str


class ClassRight(NamedTuple):
    """A class the player may enter, by his TER (``ticket`` None) or with a ticket."""

    klass: str
    clause: str
    ticket: str | None


class InPlay(NamedTuple):
    """A group he plays in, or an entry made and not started yet (``pending``), counted by D §2.4d."""

    event: str
    since: date
    pending: bool
    clause: str = "D 2.4d"


class Ban(NamedTuple):
    """A C §9 sanction: no new events from ``start`` until the day before ``until``."""

    kind: str
    """``no-new-events`` (9C1), ``suspended`` (9C2, 9D1) or ``cancelled`` (9D2)."""
    start: date
    until: date | None
    """The first day he may enter again; None: not known yet (9C1b) or never (cancelled)."""
    withdraws_all: bool
    """9C2b, 9D1b, 9D2b: he is withdrawn from all tournaments on ``start``."""
    clause: str
    withdrawal: Withdrawal


class Eligibility(NamedTuple):
    """What the player may enter on ``on``."""

    on: date
    ter: int | None
    own_class: str | None
    classes: tuple[ClassRight, ...]
    tickets: tuple[TicketStatus, ...]
    in_play: tuple[InPlay, ...]
    bans: tuple[Ban, ...]
    """Every sanction incurred up to ``on``."""
    barred: Ban | None
    """The sanction that bars new entries on ``on``, if any."""


class Decision(NamedTuple):
    """The answer of :func:`may_enter`."""

    allowed: bool
    clause: str
    reason: str
    ticket: str | None = None
    """The ticket the entry would consume."""


def add_months(day: date, months: int) -> date:
    """``day`` plus ``months`` calendar months, the last day of the month where the day is missing.

    >>> add_months(date(2000, 8, 31), 6)
    datetime.date(2001, 2, 28)
    """
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def own_class(ter: int | None) -> str | None:
    """E §III.6, D §2.4a: the class his TER falls in; None without a TER.

    >>> own_class(1799), own_class(1800), own_class(None)
    ('2', '1', None)
    """
    return None if ter is None else rating_class(ter)


def _up(klass: str, levels: int) -> str | None:
    index = CLASSES.index(klass) + levels
    return CLASSES[index] if index < len(CLASSES) else None


def _withdrawn(history: History, event: str, on: date) -> bool:
    return any(w.event == event and w.day <= on for w in history.withdrawals)


def tickets_earned(history: History, on: date, rules: EntryRules = IECG_5_1A) -> tuple[Ticket, ...]:
    """The tickets won in groups finished by ``on``, in the order they were earned."""
    found: list[Ticket] = []
    for g in history.groups:
        if g.end is None or g.end > on or g.rank is None or _withdrawn(history, g.event, on):
            continue
        clause: str | None = None
        levels = 1
        if g.kind in ("class", "quad") and g.klass != "M":  # D §2.4b/2.5b: M's winner goes to the semifinal
            won = "D 2.4c" if g.kind == "class" else "D 2.5c"
            strong = g.score is not None and g.score >= rules.tie_share
            if g.rank == 1 and (not g.tied_first or rules.tiebreak_winner_promoted):
                clause = won  # D §2.4c, §2.5c: the winner
            elif g.tied_first and strong:
                clause = "D 2.5f"  # tied for first with at least 75% of the points
            elif g.kind == "class" and g.players == 15 and g.rank == 2:
                clause = "D 2.4c"  # "also applies to the second ranked in a 15-player group"
        elif g.kind == "invitational" and g.final and g.klass not in ("1", "M"):
            # D §2.8.5: two classes up for the winner, one for the second of a 15-player final
            if g.rank == 1:
                clause, levels = "D 2.8.5", 2
            elif g.rank == 2 and g.players == 15:
                clause = "D 2.8.5"
        target = _up(g.klass, levels)
        if clause is not None and target is not None:
            found.append(Ticket(g.event, clause, g.end, g.klass, target, levels, g.kind))
    return tuple(sorted(found, key=lambda t: (t.earned, t.origin)))


def ticket_status(ticket: Ticket, ter: int | None, history: History, on: date) -> TicketStatus:
    """D §2.4c: ``ticket`` on ``on`` for a player whose TER is ``ter``.

    Used once ("Any qualification may be used only once"); lost if his class already reaches the
    ticket's (c.2); else it admits to the classes above his own, up to ``levels`` above, never above
    the ticket's class (c.1).
    """
    if any(e.ticket == ticket.origin and e.day <= on for e in history.entries):
        return TicketStatus(ticket, False, (), "used", "D 2.4c")
    klass = own_class(ter)
    if klass is None:
        return TicketStatus(ticket, False, (), "no-ter", "E III.6")
    own, target = CLASSES.index(klass), CLASSES.index(ticket.target)
    if own >= target:
        return TicketStatus(ticket, False, (), "lost", "D 2.4c")
    top = min(target, own + ticket.levels)
    return TicketStatus(ticket, True, CLASSES[own + 1 : top + 1], "usable", ticket.clause)


def _sanction_days(bans: tuple[Ban, ...]) -> list[date]:
    return [b.start for b in bans if b.withdraws_all]


def _in_play(history: History, on: date, cut: list[date]) -> tuple[InPlay, ...]:
    groups = {g.event: g for g in history.groups}
    since: dict[str, date] = {}
    for g in history.groups:
        if g.start <= on:
            since[g.event] = g.start
    for e in history.entries:
        if e.day <= on:
            since[e.event] = min(e.day, since.get(e.event, e.day))
    found: list[InPlay] = []
    for event, day in since.items():
        group = groups.get(event)
        if group is not None and group.end is not None and group.end <= on:
            continue  # finished
        if _withdrawn(history, event, on) or any(day <= c <= on for c in cut):
            continue  # withdrawn from it, or from all tournaments (C §9C2b, §9D1b, §9D2b)
        found.append(InPlay(event, day, group is None or group.start > on))
    return tuple(sorted(found, key=lambda p: (p.since, p.event)))


def _event_end(history: History, group: Group) -> date | None:
    """The day the event ended for him: its end, or the day he withdrew from it, if earlier."""
    days = [w.day for w in history.withdrawals if w.event == group.event]
    if group.end is not None:
        days.append(group.end)
    return min(days) if days else None


def bans(history: History, on: date, rules: EntryRules = IECG_5_1A) -> tuple[Ban, ...]:
    """C §9C–D: the sanctions of his withdrawals up to ``on``, in date order."""
    found: list[Ban] = []
    last_announced: date | None = None
    silent = 0
    for w in sorted(history.withdrawals):
        if w.day > on:
            break
        if w.announced:
            if last_announced is not None and w.day <= add_months(last_announced, rules.repeat_months):
                until = add_months(w.day, rules.suspension_months)
                found.append(Ban("suspended", w.day, until, True, "C 9C2", w))  # second within a year
            else:
                ends = [_event_end(history, g) for g in history.groups if g.event != w.event and g.start <= w.day]
                ends = [e for e in ends if e is None or e > w.day]  # the other events he is playing in
                if not ends:
                    until = add_months(w.day, rules.ban_months)
                    found.append(Ban("no-new-events", w.day, until, False, "C 9C1a", w))
                else:
                    last = None if any(e is None for e in ends) else max(e for e in ends if e is not None)
                    until_b = None if last is None else add_months(last, rules.ban_months)
                    found.append(Ban("no-new-events", w.day, until_b, False, "C 9C1b", w))
            last_announced = w.day
        else:
            silent += 1
            if silent == 1:
                until = add_months(w.day, rules.suspension_months)
                found.append(Ban("suspended", w.day, until, True, "C 9D1", w))
            else:
                found.append(Ban("cancelled", w.day, None, True, "C 9D2", w))
    return tuple(found)


def _barring(found: tuple[Ban, ...], on: date) -> Ban | None:
    """The ban in force on ``on`` that lasts longest (a cancellation above all)."""
    active = [b for b in found if b.start <= on and (b.until is None or on < b.until)]
    if not active:
        return None
    return max(active, key=lambda b: (b.kind == "cancelled", b.until is None, b.until or b.start))


def eligibility(ter: int | None, history: History, on: date, rules: EntryRules = IECG_5_1A) -> Eligibility:
    """What the player with TER ``ter`` (on the list in force on ``on``) may enter on ``on``."""
    klass = own_class(ter)
    statuses = tuple(ticket_status(t, ter, history, on) for t in tickets_earned(history, on, rules))
    rights: list[ClassRight] = []
    if klass is not None:
        rights.append(ClassRight(klass, "D 2.4a", None))  # E §III.6: his own class, and no lower one
        for status in statuses:
            rights.extend(ClassRight(k, status.ticket.clause, status.ticket.origin) for k in status.admits)
    found = bans(history, on, rules)
    in_play = _in_play(history, on, _sanction_days(found))
    return Eligibility(on, ter, klass, tuple(rights), statuses, in_play, found, _barring(found, on))


def may_enter(
    ter: int | None,
    history: History,
    kind: str,
    klass: str,
    on: date,
    *,
    players: int = 7,
    allowed_groups: int | None = None,
    rules: EntryRules = IECG_5_1A,
) -> Decision:
    """May the player enter a ``kind`` group (``class`` or ``quad``) of class ``klass`` with
    ``players`` players on ``on``? ``allowed_groups`` is a special permission above D §2.4d's four.

    >>> may_enter(1850, History(), "class", "1", date(2000, 1, 10))
    Decision(allowed=True, clause='D 2.4a', reason='own-class', ticket=None)
    >>> may_enter(1850, History(), "quad", "2", date(2000, 1, 10))
    Decision(allowed=False, clause='D 2.5a', reason='below-class', ticket=None)
    """
    if kind not in KINDS or klass not in CLASSES:
        raise ValueError(f"unknown group {kind!r} of class {klass!r}: kinds {KINDS}, classes {CLASSES}")
    found = bans(history, on, rules)
    barred = _barring(found, on)
    if barred is not None:
        return Decision(False, barred.clause, barred.kind)
    if kind == "invitational":
        return Decision(False, "D 2.8.3", "by-invitation")  # "A player cannot by himself request a start"
    section = "D 2.4" if kind == "class" else "D 2.5"
    own = own_class(ter)
    if own is None:
        return Decision(False, "E III.6", "no-ter")
    if kind == "class" and players == 15:
        # D §2.4: "restricted to those who have already completed at least one seven-player tournament or quad"
        completed = any(
            g.end is not None
            and g.end <= on
            and ((g.kind == "class" and g.players == 7) or g.kind == "quad")
            and not _withdrawn(history, g.event, on)
            for g in history.groups
        )
        if not completed:
            return Decision(False, "D 2.4", "fifteen-needs-completed-seven")
    limit = rules.max_groups if allowed_groups is None else allowed_groups
    if len(_in_play(history, on, _sanction_days(found))) >= limit:
        return Decision(False, section + "d", "too-many-groups")
    wanted, mine = CLASSES.index(klass), CLASSES.index(own)
    if wanted == mine:
        return Decision(True, section + "a", "own-class")
    if wanted < mine:
        return Decision(False, section + "a", "below-class")
    statuses = [
        ticket_status(t, ter, history, on)
        for t in tickets_earned(history, on, rules)
        if rules.tickets_cross_kinds or t.kind == kind or t.kind == "invitational"
    ]
    fitting = [s for s in statuses if klass in s.admits]
    if fitting:
        best = min(fitting, key=lambda s: (CLASSES.index(s.ticket.target), s.ticket.earned, s.ticket.origin))
        return Decision(True, best.ticket.clause, "ticket", best.ticket.origin)
    if any(s.reason == "lost" for s in statuses):
        return Decision(False, "D 2.4c", "ticket-lost")  # c.2
    if any(s.usable for s in statuses):
        return Decision(False, "D 2.4c", "beyond-ticket")  # c.1: not above his present class + levels
    if any(s.reason == "used" for s in statuses):
        return Decision(False, "D 2.4c", "ticket-used")
    return Decision(False, section + "a", "above-class")
