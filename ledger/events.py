"""The facts of the ledger, as eventsourcing aggregates and their events.

One aggregate per player, per game, per tournament (the CLI's "event"), per
adjustment, per publication and per identity number. Their ids are derived
from the natural keys (the membership number, the game id...), so the store
itself refuses a second recording of the same player or game: two
``version 1`` events for one id break the store's primary key.

Every event is a fact in the past tense, with ``reported_on`` (the date the
rating office received it) and ``recorded_by`` (who typed it in). No event
ever holds a computed rating.

A fact recorded in error is never edited: it is corrected, voided and
restored by new events. Every aggregate that can be is a :class:`Correctable`,
which declares those events in its :class:`Amendments`; the application
corrects, voids and restores every kind by one path
(:mod:`ledger.corrections`).

The stored events (their class names, fields and topics) are the log's
format: they are never renamed. A tournament's events keep their ``event``
field; the aggregate calls it ``tournament``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

NAMESPACE = UUID("6f1d8c2e-58a4-4c59-9d0f-6a3c1b7e2d10")
"""The uuid5 namespace of this ledger's aggregate ids."""


def player_key(player: str) -> UUID:
    """The aggregate id of a player, from the membership number."""
    return uuid5(NAMESPACE, "player:" + player)


def game_key(game: str) -> UUID:
    """The aggregate id of a game, from the game id."""
    return uuid5(NAMESPACE, "game:" + game)


@dataclass(frozen=True)
class Amendments:
    """The events that correct, void and restore one kind of aggregate (each a new event: nothing is edited).

    Each names the aggregate by the facts of :meth:`Correctable.names`; ``voided`` and ``restored`` add
    ``reason``, ``reported_on`` and ``recorded_by``, ``corrected`` adds ``changes`` too (only facts of
    ``fields``, with their corrected values).
    """

    voided: type[Aggregate.Event]
    restored: type[Aggregate.Event] | None = None
    """None: a void is final (the same fact is recorded again, under another key)."""
    corrected: type[Aggregate.Event] | None = None
    """None: its facts are not corrected (it is voided and recorded again)."""
    fields: tuple[str, ...] = ()
    """The facts ``corrected`` can change."""
    acts: tuple[str, str] = ("void", "restoration")
    """How a refusal names a void and a restoration reported before the fact ("the void is reported on...")."""


class Correctable(Aggregate):
    """An aggregate that is voided, restored and corrected by the events its :attr:`amendments` declare.

    Each kind keeps ``voided`` (whether its latest void or restoration is a void) and ``reported_on`` (when its
    first fact was reported); what a void, a restoration or a correction may be, and when it is refused, is the
    application's (:mod:`ledger.corrections`).
    """

    if TYPE_CHECKING:  # not annotations at runtime: eventsourcing would make a dataclass of the aggregate
        amendments: ClassVar[Amendments]
        voided: bool
        reported_on: str

    def names(self) -> dict[str, Any]:
        """The facts that name it in each of its amending events (``{"game": "G1"}``)."""
        raise NotImplementedError

    def title(self) -> str:
        """How a refusal names it (``game 'G1'``)."""
        raise NotImplementedError

    def recording(self) -> str:
        """How a refusal names its first report (``player 'A''s registration``)."""
        return self.title()

    def correctable(self) -> Mapping[str, Any]:
        """Its facts of :attr:`Amendments.fields` as recorded and corrected so far."""
        return {}

    def record_void(self, void: bool, *, reason: str, reported_on: str, recorded_by: str) -> None:
        """Void it (``void``) or restore it, for a stated reason."""
        kind = self.amendments.voided if void else self.amendments.restored
        assert kind is not None, f"a void of a {type(self).__name__} is final"
        self.trigger_event(kind, **self.names(), reason=reason, reported_on=reported_on, recorded_by=recorded_by)

    def record_correction(self, changes: Mapping[str, Any], *, reason: str, reported_on: str, recorded_by: str) -> None:
        """Correct its facts: ``changes`` holds the corrected facts with their values, in :attr:`Amendments.fields`
        order (as stored)."""
        kind = self.amendments.corrected
        assert kind is not None, f"a {type(self).__name__} is not corrected"
        self.trigger_event(
            kind, **self.names(), changes=dict(changes), reason=reason, reported_on=reported_on, recorded_by=recorded_by
        )


class PlayerRegistered(Aggregate.Created):
    """A player joined the federation, with a starting rating and its source (IECG §VII).

    Version 2 adds the facts FIDE's tournament report asks of a player: ``sex`` (``M`` or ``F``), ``title``
    (``GM`` … ``WCM``) and ``federation`` (FIDE's three-letter code), each None when not said
    (:data:`ledger.fields.PLAYER`).
    """

    class_version = 2

    player: str
    name: str
    country: str
    born: str | None
    starting_rating: int
    source: str
    rated_games: int
    sex: str | None
    title: str | None
    federation: str | None
    reported_on: str
    recorded_by: str

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A player registered before these facts existed said none of them: each is None (nothing stored is
        edited; his federation is still read from his country where it maps, ``Registration.fide_federation``)."""
        state["sex"] = None
        state["title"] = None
        state["federation"] = None

    def apply(self, aggregate: Any) -> None:
        aggregate.player = self.player
        aggregate.registration = {field: getattr(self, field) for field in REGISTRATION_FIELDS}
        aggregate.reported_on = self.reported_on


REGISTRATION_FIELDS = (
    "name",
    "country",
    "born",
    "starting_rating",
    "source",
    "rated_games",
    "sex",
    "title",
    "federation",
)
"""The registration facts a :class:`PlayerCorrected` can correct."""


class PlayerCorrected(Aggregate.Event):
    """The rating office corrected registration facts of a player, for a stated reason.

    ``changes`` holds only the corrected facts (of :data:`REGISTRATION_FIELDS`),
    with their corrected values; the registration itself is never edited.
    """

    player: str
    changes: dict[str, Any]
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.registration.update(self.changes)


class PriorRatingRecorded(Aggregate.Event):
    """A rating the player brought from another system, or from before the ledger began.

    ``rating`` is as that system published it, with the games behind it and
    its status there; ``as_of`` is the date it was valid. Each rules system
    reads the priors of its own system, or converts one where its rules say so.
    """

    player: str
    system: str
    rating: float
    games: int | None
    status: str | None
    deviation: float | None
    volatility: float | None
    as_of: str
    source: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.priors.add((self.system, self.as_of))
        aggregate.prior_reported[(self.system, self.as_of)] = self.reported_on


class PlayerWithdrew(Aggregate.Event):
    """A player withdrew from a tournament, announced or silently (IECG §VIII.2)."""

    player: str
    tournament: str
    on: str
    silent: bool
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.withdrawals.add(self.tournament)


class PlayerMarkedInactive(Aggregate.Event):
    """The rating office marked a player inactive from a date."""

    player: str
    on: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.markers.append((self.on, True))


class PlayerReactivated(Aggregate.Event):
    """The rating office ended a player's inactivity from a date."""

    player: str
    on: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.markers.append((self.on, False))


class PlayerVoided(Aggregate.Event):
    """A registration recorded in error: the player and every game he played no longer count.

    Nothing is removed: the registration, his games and everything else
    about him stay in the log, and a :class:`PlayerRestored` undoes the void.
    """

    player: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.voided = True


class PlayerRestored(Aggregate.Event):
    """A voided player counts again, with his games, for a stated reason."""

    player: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.voided = False


class PlayerMerged(Aggregate.Event):
    """The player was a duplicate registration of ``into``: from this fact on, his games,
    priors and events count as ``into``'s in every list; as known before it, they do not."""

    player: str
    into: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.merged_into = self.into


class PlayerUnmerged(Aggregate.Event):
    """A merge recorded in error is undone: the player counts as himself again, for a stated reason."""

    player: str
    into: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.merged_into = None


class PriorRatingVoided(Aggregate.Event):
    """A prior rating recorded in error no longer counts.

    It names the prior by its natural key (``system``, ``as_of``): the latest
    :class:`PriorRatingRecorded` of that key before it. A new prior of the
    same key may be recorded afterwards (a void, then the right value).
    """

    player: str
    system: str
    as_of: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.priors.discard((self.system, self.as_of))


class Player(Correctable):
    """A registered player, the tournaments he withdrew from, and his inactivity markers."""

    amendments = Amendments(
        voided=PlayerVoided, restored=PlayerRestored, corrected=PlayerCorrected, fields=REGISTRATION_FIELDS
    )

    def __init__(self) -> None:
        self.player = ""
        self.registration: dict[str, Any] = {}
        self.reported_on = ""
        self.voided = False
        self.merged_into: str | None = None
        self.priors: set[tuple[str, str]] = set()
        self.prior_reported: dict[tuple[str, str], str] = {}
        self.withdrawals: set[str] = set()
        self.markers: list[tuple[str, bool]] = []

    @staticmethod
    def create_id(*, player: str, **_: Any) -> UUID:
        return player_key(player)

    def names(self) -> dict[str, Any]:
        return {"player": self.player}

    def title(self) -> str:
        return f"player {self.player!r}"

    def recording(self) -> str:
        return f"player {self.player!r}'s registration"

    def correctable(self) -> Mapping[str, Any]:
        return self.registration

    def inactive_on(self, on: str) -> bool:
        """Whether the markers recorded so far leave the player inactive on ``on``.

        Markers take effect in date order; markers of one date in the order recorded.
        """
        state = False
        for day, inactive in sorted(self.markers, key=lambda marker: marker[0]):
            if day <= on:
                state = inactive
        return state


class GameRecorded(Aggregate.Created):
    """A game finished, with its result as reported (IECG §VIII.1–2 for forfeits).

    Version 2 adds ``event``, the registered event the game belongs
    to, and ``mode`` (``otb``, ``email``, ``online``), both None when not said:
    a game's mode and rate of play are its event's unless it says otherwise.
    ``tournament`` stays the free-text name it always was.
    """

    class_version = 2

    game: str
    white: str
    black: str
    result: str
    finished: str
    tournament: str | None
    time_control: str | None
    event: str | None
    mode: str | None
    forfeit: str
    reported_on: str
    recorded_by: str

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A game recorded before events existed belongs to no event and says no mode: it keeps its meaning
        (every system rates it as it did), and nothing stored is edited."""
        state["event"] = None
        state["mode"] = None

    def apply(self, aggregate: Any) -> None:
        aggregate.game = self.game
        aggregate.facts = {field: getattr(self, field) for field in GAME_FIELDS}
        aggregate.reported_on = self.reported_on
        aggregate.recorded = dict(aggregate.facts)


GAME_FIELDS = ("white", "black", "result", "finished", "forfeit", "tournament", "time_control", "event", "mode")
"""The facts of a game a :class:`GameCorrected` can correct."""


class GameCorrected(Aggregate.Event):
    """The rating office corrected facts of a recorded game, for a stated reason.

    ``changes`` holds only the corrected facts (of :data:`GAME_FIELDS`), with
    their corrected values; the recording itself is never edited.
    """

    game: str
    changes: dict[str, Any]
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.facts.update(self.changes)
        aggregate.corrections.append((self.reported_on, self.changes))


class GameVoided(Aggregate.Event):
    """A game recorded in error, or annulled: it no longer counts, for a stated reason."""

    game: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.voided = True


class GameRestored(Aggregate.Event):
    """A voided game counts again, for a stated reason."""

    game: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.voided = False


class GameAdjudicated(Aggregate.Event):
    """An adjudicator decided a game's result for rating (IECG §VIII.3)."""

    game: str
    result: str
    on: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.adjudicated_on = self.on


class Game(Correctable):
    """A recorded game and its adjudication."""

    # A void or restoration of a game reported before the game was is refused as "the correction is reported
    # on ...", as it always was.
    amendments = Amendments(
        voided=GameVoided,
        restored=GameRestored,
        corrected=GameCorrected,
        fields=GAME_FIELDS,
        acts=("correction", "correction"),
    )

    def __init__(self) -> None:
        self.game = ""
        self.facts: dict[str, Any] = {}
        self.reported_on = ""
        self.voided = False
        self.adjudicated_on: str | None = None
        self.recorded: dict[str, Any] = {}
        """The facts as recorded, before any correction."""
        self.corrections: list[tuple[str, dict[str, Any]]] = []
        """Each correction's reported date and changes, in log order: what a view of the game as known at a
        date applies (a correction is seen from its reported date on)."""

    @property
    def finished(self) -> str:
        """The game's finished date, as corrected."""
        return str(self.facts["finished"])

    @staticmethod
    def create_id(*, game: str, **_: Any) -> UUID:
        return game_key(game)

    def names(self) -> dict[str, Any]:
        return {"game": self.game}

    def title(self) -> str:
        return f"game {self.game!r}"

    def correctable(self) -> Mapping[str, Any]:
        return self.facts


def tournament_key(tournament: str) -> UUID:
    """The aggregate id of a tournament (a match, a group: the CLI's event), from its id."""
    return uuid5(NAMESPACE, "event:" + tournament)


event_key = tournament_key
"""The former name of :func:`tournament_key` (:mod:`projections.log` and :mod:`projections.events` still use it)."""


TOURNAMENT_FIELDS = (
    "name",
    "type",
    "start",
    "end",
    "rate_of_play",
    "mode",
    "rating_class",
    "rounds",
    "site",
    "federation",
    "chief_arbiter",
    "deputy_arbiters",
    "round_dates",
)
"""The facts of a tournament a :class:`TournamentCorrected` can correct."""

EVENT_FIELDS = TOURNAMENT_FIELDS
"""The former name of :data:`TOURNAMENT_FIELDS` (:mod:`projections.withheld` still uses it)."""


class TournamentRegistered(Aggregate.Created):
    """An event (tournament, match) was registered: what the rules ask of it.

    ``type`` one of :data:`ledger.values.EVENT_TYPES`; ``rate_of_play`` PGN
    ``TimeControl`` text, every game's unless the game says its own; ``mode``
    ``otb``, ``email`` or ``online``; ``rating_class`` the IECG class of a class
    or quad group (D §2.4a, §2.5a). Optional facts are None when not said.

    Version 2 adds what FIDE's tournament report asks (C.04 Annex 2, TRF16 lines 102, 112, 132):
    ``chief_arbiter``, ``deputy_arbiters`` (a list of names) and ``round_dates`` (a list of ISO dates, one a
    round, None where not said).
    """

    class_version = 2

    event: str
    name: str
    type: str
    start: str
    end: str | None
    rate_of_play: str | None
    mode: str | None
    rating_class: str | None
    rounds: int | None
    site: str | None
    federation: str | None
    chief_arbiter: str | None
    deputy_arbiters: list[str] | None
    round_dates: list[str | None] | None
    reported_on: str
    recorded_by: str

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """An event registered before version 2 says no arbiters and no round dates (nothing stored is edited)."""
        state["chief_arbiter"] = None
        state["deputy_arbiters"] = None
        state["round_dates"] = None

    def apply(self, aggregate: Any) -> None:
        aggregate.tournament = self.event
        aggregate.facts = {field: getattr(self, field) for field in TOURNAMENT_FIELDS}
        aggregate.reported_on = self.reported_on


class TournamentCorrected(Aggregate.Event):
    """The rating office corrected facts of an event, for a stated reason (only the corrected facts)."""

    event: str
    changes: dict[str, Any]
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.facts.update(self.changes)


class TournamentVoided(Aggregate.Event):
    """An event registered in error: it and every game naming it no longer count, for a stated reason."""

    event: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.voided = True


class TournamentRestored(Aggregate.Event):
    """A voided event counts again, with its games, for a stated reason."""

    event: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.voided = False


class TournamentPaired(Aggregate.Event):
    """The event paired two players in a round: a game to be played, with no result yet.

    A pairing with no game recorded for it is unfinished: a withdrawal forfeits it (IECG C §9A).
    """

    event: str
    round: int
    white: str
    black: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.pairings.append((self.round, self.white, self.black))


class TournamentWithdrawn(Aggregate.Event):
    """A player withdrew from the event, announced or silently (IECG Rules and Regulations 5.1a, C §9)."""

    event: str
    player: str
    on: str
    silent: bool
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.withdrawn.add(self.player)


class TournamentEntered(Aggregate.Event):
    """A player entered the event, an IECG group, on ``on`` (IECG Rules and Regulations 5.1a,
    D §2.4–2.5). ``ticket`` is the id of the group whose promotion ticket the entry used (D §2.4c, §2.5c,
    §2.5f, §2.8.5: "any qualification may be used only once"), None for an entry by his own class."""

    event: str
    player: str
    on: str
    ticket: str | None
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.entries.append((self.player, self.on, self.ticket))


BYE_KINDS = ("H", "F", "U", "Z", "+", "-")
"""The kinds of a bye, as TRF16 codes them (FIDE C.04 Annex 2, player section, column 99): ``H`` half-point
bye, ``F`` full-point bye, ``U`` pairing-allocated bye, ``Z`` zero-point bye (a known absence), ``+``/``-`` a
round won/lost unplayed with no opponent (``0000 - +``)."""


class TournamentByeRecorded(Aggregate.Event):
    """A player of the event had no game in a round: a bye of ``kind`` (:data:`BYE_KINDS`). Counted in the score
    table (``points``: the points the event gave it, as text ``"0"``, ``"0.5"``, ``"1"``; None: the kind's
    own), never rated: no rating system sees a bye."""

    event: str
    player: str
    round: int
    kind: str
    points: str | None
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.byes[(self.player, self.round)] = (self.kind, self.points)


class TournamentByeVoided(Aggregate.Event):
    """A bye recorded in error no longer counts, for a stated reason (a bye is neutralised, never edited: a bye of
    another kind is recorded again after this)."""

    event: str
    player: str
    round: int
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.byes.pop((self.player, self.round), None)


class Tournament(Correctable):
    """A registered tournament: a tournament, a match, a group (the CLI calls it an event).

    Its events name it by their ``event`` field (the log's format); here it is :attr:`tournament`.
    """

    # A restoration of a tournament reported before it was is refused as "the void is reported on ...", as it
    # always was.
    amendments = Amendments(
        voided=TournamentVoided,
        restored=TournamentRestored,
        corrected=TournamentCorrected,
        fields=TOURNAMENT_FIELDS,
        acts=("void", "void"),
    )

    def __init__(self) -> None:
        self.tournament = ""
        self.facts: dict[str, Any] = {}
        self.reported_on = ""
        self.voided = False
        self.pairings: list[tuple[int, str, str]] = []
        self.withdrawn: set[str] = set()
        self.entries: list[tuple[str, str, str | None]] = []
        """(player, day, ticket) of each entry (:class:`TournamentEntered`), in log order."""
        self.byes: dict[tuple[str, int], tuple[str, str | None]] = {}
        """(player, round) → (kind, points) of each bye that counts (:class:`TournamentByeRecorded`)."""

    @staticmethod
    def create_id(*, event: str, **_: Any) -> UUID:  # ``event``: the field of TournamentRegistered
        return tournament_key(event)

    def names(self) -> dict[str, Any]:
        return {"event": self.tournament}

    def title(self) -> str:
        return f"event {self.tournament!r}"

    def correctable(self) -> Mapping[str, Any]:
        return self.facts


def adjustment_key(system: str, player: str | None, on: str, reason: str) -> UUID:
    """The aggregate id of a grading committee's adjustment."""
    return uuid5(NAMESPACE, f"adjustment:{system}:{player or '*'}:{on}:{reason}")


class RatingAdjusted(Aggregate.Created):
    """A grading committee adjusted ratings by decision, not formula (ICU 1980, "Feedback Points").

    ``player`` None: every player with a rating in ``system`` (a global
    adjustment). The adjustment takes effect in the rating period of ``on``.
    """

    system: str
    player: str | None
    points: int
    on: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.system = self.system
        aggregate.player = self.player
        aggregate.on = self.on
        aggregate.reason = self.reason
        aggregate.reported_on = self.reported_on


class AdjustmentVoided(Aggregate.Event):
    """An adjustment recorded in error no longer counts, for a stated reason.

    It repeats the adjustment's natural key (``system``, ``player``, ``on`` and
    its reason, ``adjustment``), so that the log names what it voids.
    """

    system: str
    player: str | None
    on: str
    adjustment: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.voided = True


class Adjustment(Correctable):
    """One adjustment decided by a grading committee; a void is final (its key cannot be recorded again)."""

    amendments = Amendments(voided=AdjustmentVoided)

    def __init__(self) -> None:
        self.voided = False
        self.reported_on = ""
        self.system = ""
        self.player: str | None = None
        self.on = ""
        self.reason = ""

    @staticmethod
    def create_id(*, system: str, player: str | None, on: str, reason: str, **_: Any) -> UUID:
        return adjustment_key(system, player, on, reason)

    def names(self) -> dict[str, Any]:
        return {"system": self.system, "player": self.player, "on": self.on, "adjustment": self.reason}

    def title(self) -> str:
        who = "every player" if self.player is None else f"player {self.player!r}"
        return f"the {self.system} adjustment of {who} on {self.on} ({self.reason!r})"

    def recording(self) -> str:
        return "the adjustment"


def publication_key(rules: str, period: str, on: str) -> UUID:
    """The aggregate id of a list's publication, from the rules version, the period and the date."""
    return uuid5(NAMESPACE, f"publication:{rules}:{period}:{on}")


class ListPublished(Aggregate.Created):
    """A rating list was published: which one, when, its digest, and the log it came from.

    ``digest`` is the SHA-256 of the list's canonical JSON as known at ``on``;
    ``log_position`` and ``log_hash`` are the head of the log's hash chain
    just before this event. ``rules_fingerprint`` is the
    fingerprint of the code and parameters that computed the list
    (:mod:`projections.fingerprint`; version 2): with the head,
    what lets an audit prove the list reproduced without replaying it.
    """

    class_version = 2

    rules: str
    period: str
    on: str
    digest: str
    players: int
    log_position: int
    log_hash: str
    rules_fingerprint: str | None
    reported_on: str
    recorded_by: str

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A list published before fingerprints were recorded has none: its audit replays the log."""
        state["rules_fingerprint"] = None


class Publication(Aggregate):
    """One publication of one rating list."""

    @staticmethod
    def create_id(*, rules: str, period: str, on: str, **_: Any) -> UUID:
        return publication_key(rules, period, on)


def identity_key(scheme: str, number: str) -> UUID:
    """The aggregate id of an identity number (a FIDE id, a national id), from its scheme and number."""
    return uuid5(NAMESPACE, f"identity:{scheme}:{number}")


class IdentityClaimed(Aggregate.Created):
    """A player was given an identity number of a scheme (``fide``, or a national scheme like ``ecf``).

    One aggregate per number, its id derived from (scheme, number): the store itself refuses a second
    first claim of the same number, so two offices cannot give it to two players.
    """

    scheme: str
    number: str
    player: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.scheme = self.scheme
        aggregate.number = self.number
        aggregate.holder = self.player


class IdentityReleased(Aggregate.Event):
    """The number no longer identifies ``player`` (it was wrong, or corrected to another), for a stated reason."""

    scheme: str
    number: str
    player: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.holder = None


class IdentityReclaimed(Aggregate.Event):
    """A released number was given to a player again (the same one, or another)."""

    scheme: str
    number: str
    player: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.holder = self.player


class Identity(Aggregate):
    """One identity number and the player who holds it (None once released)."""

    def __init__(self) -> None:
        self.scheme = ""
        self.number = ""
        self.holder: str | None = None

    @staticmethod
    def create_id(*, scheme: str, number: str, **_: Any) -> UUID:
        return identity_key(scheme, number)


IDENTITY_TYPES = ("IdentityClaimed", "IdentityReleased", "IdentityReclaimed")
"""The events of identity numbers, in the order a fold reads them (:mod:`ledger.identities`)."""


EVENT_TYPES: dict[str, type[Aggregate.Event]] = {
    cls.__name__: cls
    for cls in (
        PlayerRegistered,
        PlayerWithdrew,
        PlayerMarkedInactive,
        PlayerReactivated,
        PlayerCorrected,
        PlayerVoided,
        PlayerRestored,
        PlayerMerged,
        PlayerUnmerged,
        PriorRatingRecorded,
        PriorRatingVoided,
        GameRecorded,
        GameAdjudicated,
        GameCorrected,
        GameVoided,
        GameRestored,
        TournamentRegistered,
        TournamentCorrected,
        TournamentVoided,
        TournamentRestored,
        TournamentPaired,
        TournamentWithdrawn,
        TournamentEntered,
        TournamentByeRecorded,
        TournamentByeVoided,
        ListPublished,
        RatingAdjusted,
        AdjustmentVoided,
        IdentityClaimed,
        IdentityReleased,
        IdentityReclaimed,
    )
}
"""Every event type of the log, by name."""
