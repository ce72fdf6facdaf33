"""Stored facts a replay cannot use, and the later facts that neutralise them.

"The replay never fails on a stored fact": a fact recorded before the bounds
of :mod:`ledger.values` existed, or stored by another version, may hold a
rating of 1e30, a game count beyond 64 bits, a date of year 1, a newline in
an id, or JSON that does not read. :meth:`Facts.fold` checks every fact it
folds with the same bound functions the application records through; a fact
that fails is *withheld*: not folded, and kept here with its log position and
a one-line description naming the event, its subject, the problem and the
command that neutralises it. Lists are computed without it; the CLI refuses
to compute while an open one exists, unless the officer passes
``--skip-unusable``.

What neutralises a withheld fact (the entry is then closed, and the fact stays
out of every list):

- a registration: ``player void`` (the player and his games leave every list),
  or a ``player correct`` that makes it valid: the player then counts from the
  correction's reported date, as corrected (before it he is not known);
- a player correction: a later correction of the same facts, or ``player void``;
- a prior rating: ``player prior void`` of its system and date, or ``player void``;
- an adjustment: ``adjust void`` of it, or ``player void`` of its player;
- an inactivity marker: ``player void``;
- a game: ``game void`` (its later amendments are ignored: the game is not there), or a ``game correct``
  that makes it usable: the game then counts from the correction's reported date, as corrected
  (before it, it is not known), as a corrected registration does;
- a game correction: a later correction of the same facts, or ``game void``; one that some view as known at a
  date would see as a drawn forfeit or a player against himself is withheld too
  (:func:`projections.facts.version_problem`); an adjudication: ``game void``.

A drawn forfeit is withheld: a forfeit is a win for one player (IECG §VIII.3), and no crosstable
can score a drawn one (``event show``, ``site`` and ``publish-db`` ended in a traceback on one).

Choices where the rules are silent: a game naming a player whose registration
is withheld is folded but not rated (as a void player's game); a game, prior,
adjustment or marker naming a player who was never registered is withheld; the
three-year rule between birth and games is checked when facts are recorded,
not here (it cannot make a replay fail). Everything is a function of the log
alone, so the same log withholds the same facts, with or without the cache.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple, Protocol

from ledger import decoding, values
from ledger.errors import InvalidTextError, InvalidValueError, LedgerError
from ledger.events import EVENT_FIELDS
from ledger.fields import GAME_ROW

Touch = Callable[[str], None]


class Withheld(NamedTuple):
    """A stored fact that is not folded.

    ``subject``: the player or game it is about ("" if none can be read);
    ``detail``: JSON of what a neutralising event must match (a registration's
    raw facts, the bad facts of a correction, a prior's system and date, an
    adjustment's key); ``text``: the one-line description; ``open``: not yet
    neutralised (the CLI refuses while one is open).
    """

    position: int
    kind: str
    subject: str
    detail: str
    text: str
    open: bool


class Facts(Protocol):
    """What this module reads and changes of the facts a fold fills (:class:`projections.facts.Facts`, which
    imports this module: this one names what it needs instead of importing it back)."""

    withheld: dict[int, Withheld]
    withheld_players: set[str]
    withheld_games: set[str]
    withheld_changed: bool
    touched: set[str]

    @property
    def registrations(self) -> Mapping[str, values.Registration]:
        """Each player as registered, his registration folded."""

    def registered_or_withheld(self, player: str) -> bool:
        """Whether ``player`` was registered (his registration folded, or withheld)."""

    def first_month_of(self, players: set[str], before: str | None = None) -> str | None:
        """The earliest month (before ``before``) with a game of one of ``players``."""

    def release(self, player: str, facts: dict[str, Any], reported: str) -> None:
        """Register a player whose withheld registration a correction made valid, as known from ``reported``."""

    def release_game(self, fields: tuple[Any, ...], track: bool) -> str:
        """Fold a game whose withheld recording a correction made usable, as corrected; its month."""


REGISTRATION_FLAGS = {
    "name": "--name NAME",
    "country": "--country CODE",
    "born": "--born YYYY-MM-DD",
    "starting_rating": "--starting-rating N",
    "source": "--source SOURCE",
    "rated_games": "--rated-games N",
    "sex": "--sex M|F",
    "title": "--title TITLE",
    "federation": "--federation CODE",
}
GAME_FLAGS = {
    "white": "--white P",
    "black": "--black P",
    "result": "--result R",
    "finished": "--finished YYYY-MM-DD",
    "forfeit": "--forfeit KIND",
    "tournament": "--tournament T",
    "time_control": "--time-control TC",
    "event": "--event E",
    "mode": "--mode MODE",
}
CHECKED = frozenset(
    {
        "PlayerRegistered",
        "PlayerCorrected",
        "PriorRatingRecorded",
        "RatingAdjusted",
        "PlayerMarkedInactive",
        "PlayerReactivated",
        "GameCorrected",
        "GameAdjudicated",
        "GameVoided",
        "GameRestored",
        "PlayerVoided",
        "PriorRatingVoided",
        "AdjustmentVoided",
        "PlayerMerged",
        "PlayerUnmerged",
    }
)
"""The event types :func:`withhold` looks at before they are folded (``GameRecorded`` is checked in the fold)."""


def description(position: int, kind: str, subject: str, problem: str, remedy: str) -> str:
    """``position 5 (PlayerRegistered 2001): <problem>; neutralise it with <remedy>``."""
    head = f"{kind} {shown_id(subject)}" if subject else kind
    return " ".join(f"position {position} ({head}): {problem}; neutralise it with {remedy}".split("\n"))


def shown_id(subject: str) -> str:
    """An id as a description shows it: as it is if it is a valid id, else quoted with escapes."""
    return (
        subject
        if subject.isprintable() and subject == subject.strip() and len(subject) <= values.ID_MAXIMUM
        else repr(subject)[:70]
    )


def _problem(check: Callable[[], object]) -> str | None:
    """The refusal of ``check`` as text, or None if it passes."""
    try:
        check()
    except LedgerError as error:
        return str(error)
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        return f"unreadable fact ({type(error).__name__}: {error})"
    return None


def _date(value: object, what: str, reported: object = None) -> None:
    limit = reported if isinstance(reported, str) else None
    values.check_fact_date(value, what, limit)


def _reported(state: Mapping[str, Any]) -> None:
    _date(state.get("reported_on"), "reported date")


def _subject(state: object, key: str) -> str:
    value = state.get(key) if isinstance(state, dict) else None
    return value if isinstance(value, str) else ""


# --- checks of one fact ----------------------------------------------------------------------------------


def registration_problem(facts: Mapping[str, Any]) -> str | None:
    """The first fact of a registration (or a registration as corrected) out of bounds, or None."""

    def check() -> None:
        for field in ("player", *REGISTRATION_FLAGS):
            reported = facts.get("reported_on")
            values.check_registration_fact(field, facts.get(field), reported if isinstance(reported, str) else None)
        _reported(facts)

    return _problem(check)


def correction_problems(changes: Mapping[str, Any], reported: object) -> dict[str, str]:
    """Each corrected registration fact out of bounds, and why."""
    found = {}
    limit = reported if isinstance(reported, str) else None
    for field, value in changes.items():
        problem = _problem(lambda f=field, v=value: values.check_registration_fact(f, v, limit))  # type: ignore[misc]
        if problem is not None:
            found[field] = problem
    return found


def game_problem(row: Iterable[str], registered: Callable[[str], bool]) -> str:
    """Why a recorded game (a :class:`GameRow`'s fields) cannot be folded."""
    return row_problem(row, registered) or "unreadable fact"


def row_problem(row: Iterable[str], registered: Callable[[str], bool]) -> str | None:
    """Why a game's facts (a :class:`GameRow`'s fields) cannot be folded, or None."""
    game, white, black, result, finished, forfeit, reported, tournament, time_control, event, mode = row

    def check() -> None:
        values.check_id(game, "game id")
        if game != game.strip():
            raise InvalidTextError(f"game id {game!r} is not trimmed")
        for who in (white, black):
            if not registered(who):
                raise InvalidValueError(f"player {who!r} is not registered")
        if white == black:
            raise InvalidValueError(f"player {white!r} plays against himself")
        values.check_result(result)
        values.check_choice(forfeit, values.FORFEIT_KINDS, "forfeit")
        values.check_forfeit_result(result, forfeit)  # a drawn forfeit has no crosstable
        _date(reported, "reported date")
        _date(finished, "finished date", reported)
        if tournament:
            values.check_name(tournament, "tournament")
        if time_control:
            values.check_time_control(time_control)
        if event:
            values.check_id(event, "event")
        if mode:
            values.check_choice(mode, values.MODES, "mode")

    return _problem(check)


def amendment_problems(kind: str, state: Mapping[str, Any], registered: Callable[[str], bool]) -> dict[str, str]:
    """Each amended game fact out of bounds, and why (a correction's facts; an adjudication's result and date)."""
    reported = state.get("reported_on")
    if kind == "GameAdjudicated":
        checks: dict[str, Callable[[], object]] = {
            "result": lambda: values.check_result(state.get("result"), "adjudicated result"),  # type: ignore[arg-type]
            "on": lambda: _date(state.get("on"), "adjudication date", reported),
        }
    elif kind == "GameCorrected":
        changes = state.get("changes")
        if not isinstance(changes, dict):
            return {"changes": f"unreadable fact: changes {values.shown(changes)}"}
        checks = {field: _game_fact(field, value, reported, registered) for field, value in changes.items()}
    else:
        checks = {}
    checks["reported_on"] = lambda: _reported(state)
    found = {}
    for field, check in checks.items():
        problem = _problem(check)
        if problem is not None:
            found[field] = problem
    return found


def _game_fact(field: str, value: Any, reported: object, registered: Callable[[str], bool]) -> Callable[[], object]:
    def check() -> None:
        if field in ("white", "black"):
            if not isinstance(value, str) or not registered(value):
                raise InvalidValueError(f"{field} {values.shown(value)} is not a registered player")
        elif field == "result":
            values.check_result(value)
        elif field == "finished":
            _date(value, "finished date", reported)
        elif field == "forfeit":
            values.check_choice(value, values.FORFEIT_KINDS, "forfeit")
        elif field == "tournament":
            if value is not None:
                values.check_name(value, "tournament", required=False)
        elif field == "time_control":
            if value is not None:
                values.check_time_control(value)
        elif field == "event":
            if value is not None:
                values.check_id(value, "event")
        elif field == "mode":
            if value is not None:
                values.check_choice(value, values.MODES, "mode")
        else:
            raise InvalidValueError(f"a game has no fact {field!r}")

    return check


def event_problem(kind: str, state: Mapping[str, Any], current: Mapping[str, Any] | None = None) -> str | None:
    """Why a stored fact about an event cannot be folded (a registration's or a correction's facts out of
    bounds, an end before the start, an unreadable id or reported date), or None; ``current``: the event's
    facts before a correction."""

    def check() -> None:
        values.check_id(state["event"], "event")
        _reported(state)
        if kind == "TournamentRegistered":
            facts = state
        elif kind == "TournamentCorrected":
            facts = state["changes"]
            if not isinstance(facts, dict) or not set(facts) <= set(EVENT_FIELDS):
                raise InvalidValueError(f"an event correction of {values.shown(facts)}")
        else:
            return
        for field in EVENT_FIELDS:  # the checks the ledger records through
            if kind == "TournamentRegistered" or field in facts:
                values.check_event_fact(field, facts.get(field))
        merged = {**(current or {}), **facts}
        end, start = merged.get("end"), merged.get("start")
        if isinstance(end, str) and isinstance(start, str) and end < start:
            raise InvalidValueError(f"the event ends on {end}, before it starts on {start}")

    return _problem(check)


def prior_problem(state: Mapping[str, Any], registered: Callable[[str], bool]) -> str | None:
    """Why a prior rating cannot be folded, or None."""

    def check() -> None:
        player = state["player"]
        if not registered(player):
            raise InvalidValueError(f"player {values.shown(player)} is not registered")
        values.check_prior(state["system"], state["rating"], state["games"], state["deviation"], state["volatility"])
        status = state["status"]
        if status is not None:
            values.check_choice(status, values.PRIOR_STATUSES, "status")
        _reported(state)
        _date(state["as_of"], "as-of date", state["reported_on"])

    return _problem(check)


def adjustment_problem(state: Mapping[str, Any], registered: Callable[[str], bool]) -> str | None:
    """Why an adjustment cannot be folded, or None."""

    def check() -> None:
        values.check_choice(state["system"], values.ADJUSTABLE_SYSTEMS, "system")
        player = state["player"]
        if player is not None and not registered(player):
            raise InvalidValueError(f"player {values.shown(player)} is not registered")
        values.check_points(state["points"])
        values.check_name(state["reason"], "reason")
        _reported(state)
        _date(state["on"], "adjustment date", state["reported_on"])

    return _problem(check)


def marker_problem(state: Mapping[str, Any], registered: Callable[[str], bool]) -> str | None:
    """Why an inactivity marker cannot be folded, or None."""

    def check() -> None:
        player = state["player"]
        if not registered(player):
            raise InvalidValueError(f"player {values.shown(player)} is not registered")
        _reported(state)
        _date(state["on"], "date", state["reported_on"])

    return _problem(check)


def merge_problem(state: Mapping[str, Any], registered: Callable[[str], bool]) -> str | None:
    """Why a merge of a duplicate registration cannot be folded, or None."""

    def check() -> None:
        player, into = state["player"], state["into"]
        for who in (player, into):
            if not registered(who):
                raise InvalidValueError(f"player {values.shown(who)} is not registered")
        if player == into:
            raise InvalidValueError(f"player {values.shown(player)} is merged into himself")
        _reported(state)

    return _problem(check)


# --- withholding and neutralising, as the fold meets each event -----------------------------------------------


def remedy(kind: str, subject: str, detail: str = "", fields: Iterable[str] = ()) -> str:
    """The command that neutralises a withheld fact of ``kind`` about ``subject``."""
    who = shown_id(subject) if subject else "P"
    if kind == "PlayerRegistered":
        flags = " ".join(REGISTRATION_FLAGS[f] for f in fields if f in REGISTRATION_FLAGS)
        correct = f"`ratings player correct {who} {flags} --reason TEXT` or " if flags else ""
        return f"{correct}`ratings player void {who} --reason TEXT`"
    if kind == "PlayerCorrected":
        flags = " ".join(REGISTRATION_FLAGS[f] for f in fields if f in REGISTRATION_FLAGS)
        return f"`ratings player correct {who} {flags} --reason TEXT` or `ratings player void {who} --reason TEXT`"
    if kind == "PriorRatingRecorded":
        system, as_of = json.loads(detail) if detail else ("S", "YYYY-MM-DD")
        return f"`ratings player prior void {who} --system {system} --as-of {as_of} --reason TEXT`"
    if kind == "RatingAdjusted":
        system, player, on, _ = json.loads(detail) if detail else ("S", None, "YYYY-MM-DD", "")
        whom = "--all" if player is None else f"--player {player}"
        return f"`ratings adjust void --system {system} {whom} --on {on} --reason REASON ...`"
    if kind in ("PlayerMarkedInactive", "PlayerReactivated"):
        return f"`ratings player void {who} --reason TEXT`"
    if kind == "PlayerMerged":
        return f"`ratings player unmerge {who} --reason TEXT`"
    if kind.startswith("Tournament"):
        event = shown_id(subject) if subject else "E"
        return f"`ratings event void {event} --reason TEXT`"
    game = shown_id(subject) if subject else "G"
    if kind in ("GameCorrected", "GameRecorded"):
        flags = " ".join(GAME_FLAGS[f] for f in fields if f in GAME_FLAGS)
        correct = f"`ratings game correct {game} {flags} --reason TEXT` or " if flags else ""
        return f"{correct}`ratings game void {game} --reason TEXT`"
    return f"`ratings game void {game} --reason TEXT`"


def keep(
    facts: Facts, position: int, kind: str, subject: str, problem: str, detail: str = "", fields: Iterable[str] = ()
) -> None:
    """Withhold the fact at ``position``: record it, open, with its description."""
    text = description(position, kind, subject, problem, remedy(kind, subject, detail, fields))
    facts.withheld[position] = Withheld(position, kind, subject, detail, text, True)
    if kind == "PlayerRegistered" and subject:
        facts.withheld_players.add(subject)
    elif kind == "GameRecorded" and subject:
        facts.withheld_games.add(subject)
    facts.withheld_changed = True


def close(facts: Facts, position: int, entries: Iterable[Withheld]) -> None:
    """Neutralise ``entries`` (by the event at ``position``)."""
    for entry in list(entries):
        if entry.open:
            facts.withheld[entry.position] = entry._replace(open=False)
            facts.withheld_changed = True


def withhold(facts: Facts, position: int, kind: str, state: bytes, touch: Touch, track: bool) -> bool:
    """Check an event before it is folded; True if it must not be folded (withheld, or consumed here).

    Also closes the withheld facts the event neutralises.
    """
    try:
        s = decoding.facts(kind, state)
    except decoding.NewerEventError as error:
        keep(facts, position, kind, "", f"the stored event cannot be read ({error})")
        return True
    except ValueError as error:
        keep(facts, position, kind, "", f"the stored event is not readable JSON ({str(error)[:80]})")
        return True
    registered = facts.registered_or_withheld
    held = facts.withheld.values
    problem: str | None
    if kind == "PlayerRegistered":
        problem = registration_problem(s)
        if problem is None:
            return False
        subject = _subject(s, "player")
        bad = [
            f
            for f in REGISTRATION_FLAGS
            if registration_problem({**_valid_registration(), f: s.get(f), "reported_on": s.get("reported_on")})
        ]
        detail = json.dumps({f: s.get(f) for f in ("player", *REGISTRATION_FLAGS)}, sort_keys=True)
        keep(facts, position, kind, subject, problem, detail, bad)
        return True
    if kind == "PlayerCorrected":
        player, changes = s.get("player"), s.get("changes")
        if not isinstance(player, str) or not isinstance(changes, dict):
            keep(facts, position, kind, _subject(s, "player"), "unreadable fact: no player or changes")
            return True
        if player in facts.withheld_players:
            return _correct_withheld(facts, position, player, changes, s.get("reported_on"), touch, track)
        if player not in facts.registrations:
            keep(facts, position, kind, player, f"player {player!r} is not registered")
            return True
        problems = correction_problems(changes, s.get("reported_on"))
        reported = _problem(lambda: _reported(s))
        if reported is not None:
            problems["reported_on"] = reported
        if problems:
            fields = sorted(problems)
            keep(facts, position, kind, player, "; ".join(problems.values()), json.dumps(fields), fields)
            return True
        close(
            facts,
            position,
            (
                w
                for w in held()
                if w.kind == kind and w.subject == player and w.open and set(json.loads(w.detail)) <= set(changes)
            ),
        )
        return False
    if kind == "PriorRatingRecorded":
        problem = prior_problem(s, registered)
        if problem is None:
            return False
        detail = (
            json.dumps([s.get("system"), s.get("as_of")])
            if _problem(lambda: json.dumps([s["system"], s["as_of"]])) is None
            else ""
        )
        keep(facts, position, kind, _subject(s, "player"), problem, detail)
        return True
    if kind == "RatingAdjusted":
        problem = adjustment_problem(s, registered)
        if problem is None:
            return False
        detail = json.dumps([s.get("system"), s.get("player"), s.get("on"), s.get("reason")])
        keep(facts, position, kind, _subject(s, "player"), problem, detail)
        return True
    if kind in ("PlayerMarkedInactive", "PlayerReactivated"):
        problem = marker_problem(s, registered)
        if problem is None:
            return False
        keep(facts, position, kind, _subject(s, "player"), problem)
        return True
    if kind == "PlayerMerged":
        problem = merge_problem(s, registered)
        if problem is None:
            return False
        keep(facts, position, kind, _subject(s, "player"), problem)
        return True
    if kind == "PlayerUnmerged":
        matching = [w for w in held() if w.kind == "PlayerMerged" and w.open and w.subject == s.get("player")]
        close(facts, position, matching[-1:])
        return bool(matching) or merge_problem(s, registered) is not None
    if kind == "PlayerVoided":
        player = _subject(s, "player")
        close(facts, position, (w for w in held() if w.subject == player and w.kind in _PLAYER_KINDS))
        return False
    if kind == "PriorRatingVoided":
        key = json.dumps([s.get("system"), s.get("as_of")])
        matching = [
            w
            for w in held()
            if w.kind == "PriorRatingRecorded" and w.open and w.detail == key and w.subject == s.get("player")
        ]
        close(facts, position, matching[-1:])
        return bool(matching)
    if kind == "AdjustmentVoided":
        key = json.dumps([s.get("system"), s.get("player"), s.get("on"), s.get("adjustment")])
        matching = [w for w in held() if w.kind == "RatingAdjusted" and w.open and w.detail == key]
        close(facts, position, matching[-1:])
        return bool(matching)
    # the amendments of a game
    game = _subject(s, "game")
    if kind == "GameVoided":
        close(facts, position, (w for w in held() if w.subject == game and w.kind in _GAME_KINDS))
    if game in facts.withheld_games:
        if kind == "GameCorrected":  # a correction may make the withheld game usable
            _correct_withheld_game(facts, game, s, touch, track)
        return True  # the game is not folded: nothing else amends it
    problems = amendment_problems(kind, s, registered)
    if problems:
        fields = sorted(problems)
        keep(facts, position, kind, game, "; ".join(problems.values()), json.dumps(fields), fields)
        return True
    if kind == "GameCorrected":
        changes = s["changes"]
        close(
            facts,
            position,
            (
                w
                for w in held()
                if w.kind == kind and w.subject == game and w.open and set(json.loads(w.detail)) <= set(changes)
            ),
        )
    return False


_PLAYER_KINDS = frozenset(
    {
        "PlayerRegistered",
        "PlayerCorrected",
        "PriorRatingRecorded",
        "RatingAdjusted",
        "PlayerMarkedInactive",
        "PlayerReactivated",
    }
)
_GAME_KINDS = frozenset({"GameRecorded", "GameCorrected", "GameAdjudicated"})


def _valid_registration() -> dict[str, Any]:
    """A registration every check passes, to find which facts of another one fail."""
    return {
        "player": "P",
        "name": "N",
        "country": "",
        "born": None,
        "starting_rating": 800,
        "source": "none",
        "rated_games": 0,
    }


def _correct_withheld(
    facts: Facts, position: int, player: str, changes: Mapping[str, Any], reported: object, touch: Touch, track: bool
) -> bool:
    """A correction of a player whose registration is withheld: merged into it; if that makes it valid, the player
    is registered as corrected, known from the correction's reported date."""
    entry = next(
        w for w in reversed(list(facts.withheld.values())) if w.kind == "PlayerRegistered" and w.subject == player
    )
    merged = {**json.loads(entry.detail), **changes, "reported_on": reported}
    problem = registration_problem(merged)
    if problem is not None:
        bad = [
            f
            for f in REGISTRATION_FLAGS
            if registration_problem({**_valid_registration(), f: merged.get(f), "reported_on": reported})
        ]
        detail = json.dumps({f: merged.get(f) for f in ("player", *REGISTRATION_FLAGS)}, sort_keys=True)
        text = description(entry.position, entry.kind, player, problem, remedy(entry.kind, player, detail, bad))
        facts.withheld[entry.position] = entry._replace(detail=detail, text=text)
        facts.withheld_changed = True
        return True
    facts.release(player, merged, str(reported))
    del facts.withheld[entry.position]  # no longer withheld: folded, as corrected
    facts.withheld_players.discard(player)
    facts.withheld_changed = True
    if track:
        facts.touched.add(player)
    first = facts.first_month_of({player})
    if first is not None:
        touch(first)
    return True


# --- a withheld game, and the correction that makes it usable ------------------------------

ROW_FIELDS = GAME_ROW
"""The fields of :class:`projections.facts.GameRow`, in order (:data:`ledger.fields.GAME_ROW`)."""


def game_fields(row: tuple[Any, ...], registered: Callable[[str], bool]) -> list[str]:
    """The facts of a recorded game a correction must change to make it usable (none: only a void can)."""
    facts = dict(zip(ROW_FIELDS, row, strict=True))
    reported = facts["reported"]
    bad = {f for f in GAME_FLAGS if _problem(_game_fact(f, facts[f] or None, reported, registered)) is not None}
    if facts["result"] == "1/2-1/2" and facts["forfeit"] in ("arbiter", "withdrawal"):
        bad |= {"result", "forfeit"}  # a forfeit is a win for one player
    if facts["white"] == facts["black"]:
        bad |= {"white", "black"}
    return [f for f in GAME_FLAGS if f in bad]


def keep_game(facts: Facts, position: int, row: tuple[Any, ...], problem: str) -> None:
    """Withhold a readable recorded game: its facts kept as ``detail``, for a correction that makes it usable."""
    fields = game_fields(row, facts.registered_or_withheld)
    detail = json.dumps(dict(zip(ROW_FIELDS, row, strict=True)), sort_keys=True) if fields else ""
    keep(facts, position, "GameRecorded", row[0], problem, detail, fields)


def corrected_row(detail: Mapping[str, Any], changes: Mapping[str, Any], reported: object) -> tuple[Any, ...] | None:
    """A withheld game's facts with a correction's ``changes``, known from its ``reported`` date (None: the
    correction names a fact a game does not have)."""
    if not set(changes) <= set(GAME_FLAGS):
        return None
    merged = {**detail, **{f: "" if v is None else v for f, v in changes.items()}, "reported": reported}
    return tuple(merged.get(f) for f in ROW_FIELDS)


def _correct_withheld_game(facts: Facts, game: str, state: Mapping[str, Any], touch: Touch, track: bool) -> None:
    """A correction of a game whose recording is withheld: if the game as corrected is usable, it is folded as
    corrected, known from the correction's reported date (as a player whose registration a correction makes
    valid), and its entry is gone; else the entry names what is still wrong."""
    entry = next((w for w in reversed(facts.withheld.values()) if w.kind == "GameRecorded" and w.subject == game), None)
    changes = state.get("changes")
    if entry is None or not entry.open or not entry.detail or not isinstance(changes, dict):
        return
    row = corrected_row(json.loads(entry.detail), changes, state.get("reported_on"))
    if row is None:
        return
    problem = row_problem(row, facts.registered_or_withheld)
    if problem is not None:
        fields = game_fields(row, facts.registered_or_withheld)
        detail = json.dumps(dict(zip(ROW_FIELDS, row, strict=True)), sort_keys=True) if fields else ""
        text = description(entry.position, entry.kind, game, problem, remedy(entry.kind, game, detail, fields))
        facts.withheld[entry.position] = entry._replace(detail=detail, text=text)
        facts.withheld_changed = True
        return
    del facts.withheld[entry.position]
    facts.withheld_games.discard(game)
    facts.withheld_changed = True
    touch(facts.release_game(row, track))


def released_row(
    records: Iterable[tuple[str, Mapping[str, Any]]], registered: Callable[[str], bool]
) -> tuple[Any, ...]:
    """The game a replay folds from its records (type, facts) in log order, as the fold takes them: as
    recorded if usable, else as corrected by the first correction that makes it usable
    (:func:`_correct_withheld_game`); LookupError if none does."""
    row: tuple[Any, ...] | None = None
    for kind, state in records:
        if kind == "GameRecorded" and row is None:
            row = tuple(
                state.get("reported_on") if f == "reported" else "" if i >= 7 and state.get(f) is None else state.get(f)
                for i, f in enumerate(ROW_FIELDS)
            )
            if row_problem(row, registered) is None:
                return row
        elif row is None:
            continue
        elif kind == "GameVoided":
            break  # a withheld game voided: its entry is closed, it is never released
        elif kind == "GameCorrected" and isinstance(state.get("changes"), dict) and game_fields(row, registered):
            corrected = corrected_row(
                dict(zip(ROW_FIELDS, row, strict=True)), state["changes"], state.get("reported_on")
            )
            if corrected is not None:
                row = corrected
                if row_problem(row, registered) is None:
                    return row
    raise LookupError("the game is withheld")


# --- the fold's fast checks of a recorded game ----------------------------------------------------------

FORFEITS = frozenset(values.FORFEIT_KINDS)


class _Memo(dict[str, bool]):
    """``memo[text]``: whether ``text`` passes a check, computed once per distinct text."""

    def __init__(self, check: Callable[[str], object]) -> None:
        super().__init__()
        self.check = check

    def __missing__(self, text: str) -> bool:
        ok = self[text] = _problem(lambda: self.check(text)) is None
        return ok


def memos() -> tuple[dict[str, bool], dict[str, bool], dict[str, bool]]:
    """Memos of the checks of a game's dates, its tournament ("" passes) and its time control ("" passes)."""
    return (
        _Memo(lambda day: values.check_fact_date(day, "date")),
        _Memo(lambda text: values.check_name(text, "tournament", required=False)),
        _Memo(lambda text: text == "" or values.check_time_control(text)),
    )


MODES = frozenset({"", *values.MODES})
"""A folded game's own mode: none ("") or one of :data:`ledger.values.MODES`."""


def valid_game_id(game: str) -> bool:
    """Whether ``game`` is a valid id: 1..64 printable characters, trimmed (:func:`ledger.values.check_id`)."""
    return 0 < len(game) <= values.ID_MAXIMUM and game.isprintable() and game == game.strip()


def readable_row(row: tuple[Any, ...]) -> tuple[str, ...]:
    """A game row decoded from JSON, if every fact is text (the optional ones may be None, read as "")."""
    texts = tuple("" if value is None and index >= 7 else value for index, value in enumerate(row))
    if not all(isinstance(value, str) for value in texts):
        raise TypeError("a game fact is not text")
    return texts


def load(facts: Facts, rows: Iterable[tuple[Any, ...]]) -> None:
    """Fill ``facts`` with withheld facts as a cache stored them (rows of :class:`Withheld`, ``open`` an integer)."""
    for position, kind, subject, detail, text, is_open in rows:
        facts.withheld[position] = Withheld(position, kind, subject, detail, text, bool(is_open))
        if kind == "PlayerRegistered" and subject:
            facts.withheld_players.add(subject)
        elif kind == "GameRecorded" and subject:
            facts.withheld_games.add(subject)
