"""Published lists and their audits: digests, differences, and their causes.

A list's digest is the SHA-256 of its canonical JSON (:meth:`RatingList.as_json`),
the bytes ``list --format json`` prints. A publication records it with the
log's head and the fingerprint of the rules version's code
(:mod:`projections.fingerprint`); an audit proves that the log as it stood at
the publication, as known at its date, still gives the list (:func:`prove`:
without replaying when it can), and names the events since then that changed
each player's line.

The proof without a replay. The list as published is, by the
ledger's own definition (:func:`as_published`), a function of three things
only: the events up to the head the publication recorded (events entered
after it do not count, whatever date they were reported on), the publication
date, and the code and parameters of the rules version. ``publish`` computed
the digest from exactly these, from the log itself (never from a projections
file). So when the log up to the head still hashes to the recorded head (the
chain recomputed from the events, :func:`ledger.chain.recompute`), the
publication event itself still matches the chain's witness, and the rules
version's fingerprint is the one recorded, a replay would give the recorded
digest: the audit says so, and why, without replaying. Otherwise it replays
the log up to the head, as every audit did before, and says why; a log that no
longer hashes to the head is never called reproduced, whatever the replay
gives. Facts appended after the head need no scan for the verdict: none of
them counts in the list as published (:func:`as_published` leaves each out by
its position); the audit names those that change the list since
(:func:`causes`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from ledger import chain
from ledger.events import game_key, player_key
from ledger.store import LogReader, LogRecord
from projections.facts import Facts, Knowledge, game_row, month_of, touched_months
from projections.lists import RatingList
from projections.registry import get_rules
from projections.replay import Projector


def digest(rating_list: RatingList) -> str:
    """The SHA-256 (hex) of the list's canonical JSON."""
    return hashlib.sha256(rating_list.as_json().encode("utf-8")).hexdigest()


class Publication(NamedTuple):
    """A ``ListPublished`` event."""

    position: int
    rules: str
    period: str
    on: str
    digest: str
    players: int
    log_position: int
    log_hash: str
    rules_fingerprint: str | None = None
    """The fingerprint of the rules version's code and parameters (None: published before it was recorded)."""


class DamagedPublicationError(LookupError):
    """A stored ``ListPublished`` event that cannot be read as one (edited, truncated, garbage)."""


_PUBLICATION_TYPES = (str, str, str, str, int, int, str)
"""The type of each fact of a :class:`Publication` after its position, in order, up to its optional
``rules_fingerprint`` (text or None)."""

_REQUIRED = Publication._fields[1 : 1 + len(_PUBLICATION_TYPES)]
"""The facts every ``ListPublished`` has (``rules_fingerprint`` came with version 2)."""


def publication(record: LogRecord) -> Publication:
    """The :class:`Publication` of a stored ``ListPublished`` event, or :class:`DamagedPublicationError`."""
    try:
        s = record.facts()
        facts = [s[name] for name in _REQUIRED]
        fingerprint = s.get("rules_fingerprint")
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        reason = f"lacks {error.args[0]}" if isinstance(error, KeyError) else "is not a JSON object"
        raise DamagedPublicationError(
            f"the ListPublished event at position {record.position} is damaged: it {reason}"
        ) from None
    for name, value, kind in (
        *zip(_REQUIRED, facts, _PUBLICATION_TYPES, strict=True),
        ("rules_fingerprint", fingerprint, str | None),
    ):
        if not isinstance(value, kind) or isinstance(value, bool):
            raise DamagedPublicationError(
                f"the ListPublished event at position {record.position} is damaged: its {name} is {value!r}"
            )
    return Publication._make([record.position, *facts, fingerprint])


def publications(reader: LogReader, damaged: list[str] | None = None) -> list[Publication]:
    """Every publication in the log, in log order.

    A damaged one (:func:`publication`) is refused, or with ``damaged`` given
    left out and described there (``verify`` reports it by position).
    """
    found = []
    for record in reader.records_of(("ListPublished",)):
        try:
            found.append(publication(record))
        except DamagedPublicationError as error:
            if damaged is None:
                raise
            damaged.append(str(error.args[0]))
    return found


def latest_publication(reader: LogReader, rules: str, period: str, on: str | None = None) -> Publication:
    """The latest publication of the list (the one on ``on``, if given), or :class:`LookupError`."""
    found = [p for p in publications(reader) if p.rules == rules and p.period == period]
    if on is not None:
        found = [p for p in found if p.on == on]
    if not found:
        when = f" on {on}" if on is not None else ""
        raise LookupError(f"the {rules} list of {period} was never published{when}: publish it first (ratings publish)")
    return max(found, key=lambda p: (p.on, p.position))


def as_published(reader: LogReader, publication: Publication) -> Knowledge:
    """The facts as they stood at a publication: reported by its date and entered before it.

    Events entered after the publication do not count even if their reported
    date is on or before it (a result typed in late, or on the same day).
    """
    games: set[str] = set()
    months: set[str] = set()
    players: set[str] = set()
    for record in reader.records_of(("GameRecorded", "PlayerRegistered"), after=publication.log_position):
        if record.type == "GameRecorded":
            row = game_row(record.state)
            games.add(row.game)
            months.add(month_of(row.finished))
        else:
            players.add(record.facts()["player"])
    return Knowledge(publication.on, publication.log_position, frozenset(games), frozenset(months), frozenset(players))


class Line(NamedTuple):
    """A player's line on a list: what a difference compares."""

    position: int
    rating: int
    status: str


class Change(NamedTuple):
    """A player whose rating, status or position differs between two lists (None: not on that list)."""

    player: str
    name: str
    old: Line | None
    new: Line | None

    @property
    def delta(self) -> int | None:
        """The rating change, when the player is on both lists."""
        return None if self.old is None or self.new is None else self.new.rating - self.old.rating


def _lines(rating_list: RatingList) -> dict[str, tuple[str, Line]]:
    return {
        row["player"]: (row["name"], Line(row["position"], row["rating"], row["status"])) for row in rating_list.rows
    }


def compare(old: RatingList, new: RatingList) -> list[Change]:
    """Every player whose rating, status or position differs, in the new list's order (then the dropped)."""
    before, after = _lines(old), _lines(new)
    changes = []
    for player in list(after) + [p for p in before if p not in after]:
        name = (after.get(player) or before[player])[0]
        old_line = before.get(player, (name, None))[1]
        new_line = after.get(player, (name, None))[1]
        if old_line != new_line:
            changes.append(Change(player, name, old_line, new_line))
    return changes


class Cause(NamedTuple):
    """An event since a publication, as the audit shows it."""

    position: int
    type: str
    reported_on: str
    reason: str
    players: frozenset[str]


def causes(reader: LogReader, facts: Facts, known: Knowledge, last_month: str, last_day: str) -> list[Cause]:
    """The events that count now but did not count as ``known``, and that can change a list up to ``last_month``.

    Games (recorded, amended) rated in a month up to ``last_month`` in any
    version, registrations and corrections of players, and inactivity markers
    up to ``last_day``. Each names the players it concerns.
    """
    games: set[str] = set()
    for month in sorted(m for m in facts.game_months() if m <= last_month):
        if facts.marks.get(month, "") > known.known_at or month in known.late_months:
            games.update(row.game for row in facts.month(month) if not known.knows_game(row))
    for game, amendments in facts.amendments.items():
        original = facts.amended[game]
        if min(touched_months(original, amendments)) > last_month:
            continue
        if not known.knows_game(original) or not all(map(known.knows, amendments)):
            games.add(game)
    players = {p for p, day in facts.registered_on.items() if day > known.known_at or p in known.late_players} | {
        p for p, cs in facts.player_corrections.items() if not all(map(known.knows, cs))
    }
    players |= {
        p for p, markers in facts.markers.items() if any(m.on <= last_day and not known.knows(m) for m in markers)
    }
    # A player's void or restoration, or the void of one of his priors.
    players |= {
        u.player for u in facts.undos if u.player is not None and u.kind != "adjustment voided" and not known.knows(u)
    }
    found: list[Cause] = []
    for game in sorted(games):
        found.extend(_game_causes(reader.aggregate_records(game_key(game)), known))
    for player in sorted(players):
        found.extend(_player_causes(reader.aggregate_records(player_key(player)), known, last_day))
    return sorted(found)


def _late(record: LogRecord, state: Mapping[str, Any], known: Knowledge) -> bool:
    entered_late = known.entered_by is not None and record.position > known.entered_by
    return entered_late or str(state.get("reported_on", "")) > known.known_at


def _game_causes(records: Iterable[LogRecord], known: Knowledge) -> Iterator[Cause]:
    named: set[str] = set()
    late: list[tuple[LogRecord, dict[str, Any]]] = []
    for record in records:
        s = record.facts()
        named.update(v for k, v in (s.get("changes") or s).items() if k in ("white", "black"))
        if _late(record, s, known):
            late.append((record, s))
    for record, s in late:
        reason = s.get("reason") or ("late result" if record.type == "GameRecorded" else "")
        yield Cause(record.position, f"{record.type} {s['game']}", s["reported_on"], reason, frozenset(named))


def _player_causes(records: Iterable[LogRecord], known: Knowledge, last_day: str) -> Iterator[Cause]:
    for record in records:
        s = record.facts()
        if record.type in ("PlayerMarkedInactive", "PlayerReactivated") and s["on"] > last_day:
            continue
        if record.type == "PlayerWithdrew" or not _late(record, s, known):
            continue
        reason = s.get("reason") or ("late registration" if record.type == "PlayerRegistered" else "")
        yield Cause(record.position, f"{record.type} {s['player']}", s["reported_on"], reason, frozenset({s["player"]}))


class Proof(NamedTuple):
    """How an audit reached its verdict on reproduction, in words."""

    replayed: bool
    """Whether the list was recomputed by replaying the log up to the publication's head."""
    why: str
    """What proved the reproduction without a replay, or why the log was replayed."""
    broken: str | None = None
    """Why the log up to the head no longer is what the publication recorded (it no longer hashes to the
    head, or the publication event no longer matches the chain's witness): then nothing is reproduced,
    whatever a replay gives. None: the log is as recorded."""


@dataclass(frozen=True)
class Audit:
    """One report on a published list."""

    publication: Publication
    reproduced: RatingList
    now: RatingList
    changes: list[Change]
    causes: list[Cause]
    through: dict[str, list[str]] = field(default_factory=dict)
    """For a changed player with no event of his own: his opponents who changed."""
    proof: Proof | None = None
    """How the verdict was reached; None for a report of what changed that is no verdict (``from_log=False``)."""

    @cached_property
    def reproduced_digest(self) -> str:
        return self.now_digest if self.reproduced is self.now else digest(self.reproduced)

    @cached_property
    def now_digest(self) -> str:
        return digest(self.now)

    @property
    def reproduces(self) -> bool:
        intact = self.proof is None or self.proof.broken is None
        return intact and self.reproduced_digest == self.publication.digest

    def causes_of(self, player: str) -> list[Cause]:
        """The events since the publication that concern ``player`` himself."""
        return [cause for cause in self.causes if player in cause.players]


def prove(db: str | None, publication: Publication) -> Proof:
    """Whether the log still gives ``publication``'s list, proved without replaying it, else why it must be
    replayed (the module's docstring): the fingerprint first (free), then the chain, recomputed from the
    events of the ledger ``db`` up to the publication event (~2 µs an event)."""
    from projections import fingerprint  # only audit and publish compute one: `list` does not import it

    rules, recorded = publication.rules, publication.rules_fingerprint
    if recorded is None:
        return Proof(True, "published before rules fingerprints were recorded")
    current = fingerprint.rules_fingerprint(rules)
    if current != recorded:
        return Proof(
            True,
            f"the code or parameters of {rules} changed since the publication "
            f"(fingerprint {recorded[:12]}… then, {current[:12]}… now)",
        )
    if db is None:
        return Proof(True, "the ledger's chain cannot be recomputed here (no ledger named)")
    head = chain.Head(publication.log_position, publication.log_hash)
    found = chain.recompute(db, (head.position, publication.position))
    at_head = found.get(head.position)
    if at_head is None or at_head.head != head:
        broken = _head_broken(head, None if at_head is None else at_head.head)
        return Proof(True, "the log up to the head no longer hashes to it", broken)
    event = found.get(publication.position)
    if event is None or event.witnessed != event.head.hash:
        if event is not None and event.witnessed is None:
            position = publication.position
            return Proof(
                True, f"the publication event (position {position}) is not witnessed yet (`ratings verify` does)"
            )
        return Proof(
            True,
            "the publication event no longer matches the chain's witness",
            f"the publication event (position {publication.position}), or an event between it and the head, "
            "no longer matches the chain's witness: it was edited, removed or inserted",
        )
    return Proof(
        False,
        f"the log up to the head {head.short()} still hashes to it (the chain recomputed over its "
        f"{head.position:,} positions), the publication event matches the chain's witness, and the code "
        f"and parameters of {rules} are those it was published with (fingerprint {recorded[:12]}…)",
    )


def _head_broken(head: chain.Head, now: chain.Head | None) -> str:
    """Why the log no longer is what ``head`` vouches for: ``now`` is its head at that position (None: the log
    no longer holds the position)."""
    hashes = "the log no longer holds that position" if now is None else f"it hashes to {now.short()} now"
    return (
        f"the log up to the head {head.short()} recorded with the publication no longer hashes to it ({hashes}): "
        f"an event at or before position {head.position} was edited, removed or inserted"
    )


REPLAY_ASKED = "asked for (--replay)"
"""Why an audit replayed the log when the caller asked it to."""


def _reproduction(
    projector: Projector,
    db: str | None,
    publication: Publication,
    known: Knowledge,
    now: RatingList,
    replay: bool = False,
) -> tuple[Proof, RatingList]:
    """The verdict's proof, and the list as published: on the proved path from ``projector`` (the list now when
    nothing changed since, else as ``known``) when its digest is the one recorded, else replayed from the log
    (always, with ``replay``)."""
    proof = Proof(True, REPLAY_ASKED) if replay else prove(db, publication)
    if not proof.replayed:
        if digest(now) == publication.digest:  # nothing changed since: the list now is the one published
            return proof, now
        found = projector.rating_list(publication.rules, publication.period, known)
        if digest(found) == publication.digest:
            return proof, found
        proof = Proof(True, "the projections file's list as known then is not the one published")
    upto = publication.log_position
    log = Projector(projector.reader, None, projector.notice, upto=upto, progress=projector.progress)
    found = log.rating_list(publication.rules, publication.period, known)
    if proof.broken is None:  # the replay hashed the chain as it read the log: the head is checked for free
        head = chain.Head(publication.log_position, publication.log_hash)
        position = log.facts().position
        folded = chain.Head(position, (log.cache.chain() or chain.ZERO).hex()) if position == head.position else None
        if folded != head:
            proof = proof._replace(broken=_head_broken(head, folded))
    return proof, found


def run_audit(
    projector: Projector,
    rules: str,
    period: str,
    on: str | None = None,
    *,
    from_log: bool = True,
    db: str | None = None,
    replay: bool = False,
) -> Audit:
    """Audit the latest publication of a list (the one on ``on``, if given): its digest, differences and their causes.

    The verdict on reproduction comes from the log alone, never from the
    projections file: proved without a replay from the chain of
    the ledger ``db`` and the rules version's fingerprint when they allow
    (:func:`prove`), else by folding the log up to the publication's head in
    memory (always, with ``replay``). ``projector`` (which may use the projections file) answers what
    the list is now and what changed; on the proved path it also gives the
    list as published, taken only when its digest is the one recorded (else
    the log is replayed). ``from_log=False`` takes the reproduction from
    ``projector``, with no proof: for a report of what changed that is not a
    verdict (``explain --since-published``, which points to ``ratings audit``).
    """
    reader = projector.reader
    publication = latest_publication(reader, rules, period, on)
    known = as_published(reader, publication)
    now = projector.rating_list(rules, period)
    proof: Proof | None = None
    if from_log:
        proof, reproduced = _reproduction(projector, db, publication, known, now, replay)
    else:
        reproduced = projector.rating_list(rules, period, known)
    params = get_rules(rules)
    index = params.periods.index(period)
    last_month = params.periods.month_names(index)[-1]
    last_day = params.periods.last_day(index).isoformat()
    found = causes(reader, projector.facts(), known, last_month, last_day)
    changes = compare(reproduced, now)
    direct = {p for cause in found for p in cause.players}
    indirect = [c.player for c in changes if c.player not in direct]
    through = _opponents(projector, rules, known, index, set(indirect), direct | {c.player for c in changes})
    return Audit(publication, reproduced, now, changes, found, through, proof)


def _opponents(
    projector: Projector, rules: str, known: Knowledge, period: int, players: set[str], changed: set[str]
) -> dict[str, list[str]]:
    """For each of ``players``: his opponents, from the first period that can differ up to ``period``,
    who changed themselves (the way a change reaches a player with no event of his own)."""
    if not players:
        return {}
    params = get_rules(rules)
    start = projector.divergence(params, known)
    if start is None:
        return {}
    view = projector.view()
    found: dict[str, set[str]] = {p: set() for p in players}
    for index in range(start, period + 1):
        for game in view.rated_games(params.periods.month_names(index)):
            for one, other in ((game.white, game.black), (game.black, game.white)):
                if one in found and other in changed:
                    found[one].add(other)
    return {p: sorted(opponents) for p, opponents in found.items()}
