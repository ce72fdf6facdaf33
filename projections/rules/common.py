"""What every rating system reads and returns: frozen values, shared by every system.

A system (``ecf-grading``, ``ecf-online``, the FIDE versions, ``glicko`` and
``glicko2``) is a parameter set (a frozen dataclass with ``name`` and
``periods``) and a :class:`System`: five pure functions over these values.
The projection (:mod:`projections.systems`) feeds a system each period's
:class:`Game` values and a :class:`PlayerInfo` for any player, keeps the
states it returns, and asks it for list rows and explanations. Nothing here
touches storage or the command line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from importlib import import_module
from operator import itemgetter
from typing import Any, NamedTuple, Protocol, TypeAlias

from projections.rules.solver import components


class EventInfo(NamedTuple):
    """The event a game belongs to, as known in the view being replayed."""

    event: str
    name: str
    type: str
    """One of :data:`ledger.values.EVENT_TYPES`."""
    start: str
    end: str | None
    rate_of_play: str | None
    mode: str | None
    rating_class: str | None
    rounds: int | None
    site: str | None = None
    federation: str | None = None
    chief_arbiter: str | None = None
    """FIDE C.04 Annex 2 (TRF16) line 102."""
    deputy_arbiters: tuple[str, ...] | None = None
    """TRF16 line 112."""
    round_dates: tuple[str | None, ...] | None = None
    """TRF16 line 132: a date a round, None where not said."""


class RatedGame(NamedTuple):
    """A game as a rating run sees it: who played, and White's score in half points (2, 1 or 0); the first
    four fields of a :class:`Game`."""

    game: str
    white: str
    black: str
    white_points2: int


class Game(NamedTuple):
    """A rated game as a system sees it."""

    game: str
    white: str
    black: str
    white_points2: int
    """White's score in half points: 2 a win, 1 a draw, 0 a loss."""
    day: str
    """The ISO date the game is rated on: its finished date, or an adjudication's decision date."""
    tournament: str | None
    """The event the game belongs to (FIDE's "tournament"), None when not recorded."""
    time_control: str | None
    """The PGN ``TimeControl`` text (e.g. ``"5400+30"``, ``"40/7200:3600"``): the game's own, else its event's
    rate of play; None when neither is recorded."""
    mode: str | None = None
    """``otb``, ``email`` or ``online``: the game's own, else its event's; None when neither says."""
    event: EventInfo | None = None
    """The registered event the game belongs to, None for a game of no event (or recorded before events)."""
    forfeit: str = ""
    """``arbiter`` for an arbiter's forfeit rated as a game (IECG §VIII.1), else ""."""

    def placed(self) -> str:
        """The day a system that rates events whole (:attr:`System.by_event`) rates the game on: its event's
        end when the event ends later, else its own day.

        >>> e = EventInfo("E", "Open", "swiss", "2024-04-28", "2024-05-03", None, "otb", None, 9)
        >>> Game("g", "a", "b", 2, "2024-04-29", None, None, "otb", e).placed()
        '2024-05-03'
        """
        event = self.event
        if event is None or event.end is None or event.end <= self.day or self.day < event.start:
            return self.day
        return event.end


class PriorValue(NamedTuple):
    """A rating the player brought from another system (the ledger's ``PriorRatingRecorded``)."""

    system: str
    """One of ``iecg``, ``iccf``, ``icu``, ``ecf``, ``ecf-rapid``, ``ecf-online``, ``fide``, ``uscf``,
    ``national-elo``, ``glicko``, ``glicko2``, ``internet``."""
    rating: float
    games: int | None
    status: str | None
    deviation: float | None
    volatility: float | None
    as_of: str


class PlayerInfo(NamedTuple):
    """What the ledger knows of a player, as known in the view being replayed."""

    player: str
    born: str | None
    """ISO date of birth, or None."""
    starting_rating: int
    source: str
    priors: tuple[PriorValue, ...]
    """The latest known prior rating of each system (by as-of date), in system order."""
    rated_games: int = 0
    """The rated games the registration says he brought (the IECG's §VII starting rating)."""

    def prior(self, system: str) -> PriorValue | None:
        """The player's prior rating of ``system``, or None."""
        for prior in self.priors:
            if prior.system == system:
                return prior
        return None


Cell = str | int | float | None
"""One value of an explanation: display-ready (rounded as the system publishes it)."""


Terms: TypeAlias = tuple[tuple[str, Cell], ...]
"""Named figures, in order: ``(("rating", 1500), ("RD", 200.0))``; empty when there are none (not rated)."""

Value: TypeAlias = "Cell | Terms | Statement"
"""A statement's value: a figure, named figures, or a statement said inside it (a player's status...)."""


class Statement(NamedTuple):
    """One thing said about the run: a message key and its named values.

    >>> Statement("iecg.new_player", (("rating", 1500),)).get("rating")
    1500
    """

    key: str
    """The message: ``iecg.new_player``, ``icu.after``, ``after``...; its words are the renderer's."""
    values: tuple[tuple[str, Value], ...] = ()
    """The figures the message names, in order."""

    def get(self, name: str) -> Value:
        """The value named ``name`` (:class:`KeyError` if the statement has none)."""
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)


class Working(NamedTuple):
    """Why a player has his rating after one period, in the system's own terms."""

    before: tuple[tuple[str, Cell], ...]
    """The player's terms before the period: ("rating", 1500), ("RD", 200.0), ..."""
    columns: tuple[str, ...]
    """The heading of each game line: ("game", "opponent", "R(opp)", "used", "score", "We", "Δ"), ..."""
    lines: tuple[tuple[Cell, ...], ...]
    """One line a game (or a made-up game), one cell a column."""
    terms: tuple[tuple[str, Cell], ...]
    """The period's summary terms: ("K", 20), ("Σ(W−We)", -0.42), ("v", ...), ..."""
    after: tuple[tuple[str, Cell], ...]
    """The player's terms after the period, as published."""
    notes: tuple[str, ...] = ()
    """The clauses applied, in words (e.g. "§8.3.4: 1063 counted as 1600, 400 points below")."""


Groups = tuple[tuple[str, ...], ...]
"""Groups of players a run could not rate (ungraded players who met only each other), each sorted, sorted."""


class PeriodRun(NamedTuple):
    """One period's run: the players it changed, and the groups it could not rate."""

    changed: dict[str, Any]
    unrated: Groups = ()
    """Kept with the run; the system's ``notes`` says them in words, and ``list`` prints them on stderr."""


class Adjustment(NamedTuple):
    """A rating body's decision taking effect in a period: ``points`` to a player, or to all (``player`` None)."""

    player: str | None
    points: int
    reason: str


class Periods(Protocol):
    """The rating periods of a system (:class:`projections.rules.periods.PeriodScheme` and its dated variant)."""

    def index_of_day(self, day: str) -> int: ...
    def index(self, label: str) -> int: ...
    def label(self, index: int) -> str: ...
    def month_names(self, index: int) -> list[str]: ...
    def last_day(self, index: int) -> date: ...


Info = Callable[[str], PlayerInfo]
RunPeriod = Callable[[Any, int, Mapping[str, Any], Sequence[Game], Info], PeriodRun]


class Begin(NamedTuple):
    """What a system that rates events whole from the lists in force at their starts (:attr:`System.begun`)
    reads of an earlier period in which one of the events it rates began: the list in force during it (every
    player's state after the period before) and the games that period rated (those of events completed before
    the event began count toward K)."""

    states: Mapping[str, Any]
    games: Sequence[Game]


Begun = Mapping[int, Begin]
"""The earlier periods in which the events of a run began, by index (an event that began in the run's own
period reads the run's ``states`` and ``games``)."""
RunBegun = Callable[[Any, int, Mapping[str, Any], Sequence[Game], Info, Begun], PeriodRun]
Reach = Callable[[Any, int, Mapping[str, Any], Sequence[Game], Info, set[str]], set[str]]
Adjust = Callable[
    [Any, int, Mapping[str, Any], Sequence[Adjustment], Info], tuple[dict[str, Any], dict[str, tuple[Any, ...]]]
]
Notes = Callable[[Any, int, Groups], tuple[str, ...]]
Selected = tuple[Sequence[Game], Sequence[tuple[Game, Statement]]]
"""The games the system's run is given, and those its rules leave off the list, each with the message key of
the clause that does (a game may be in both: given to the run, which counts it as played elsewhere, and
named as not rated on this list, as the ECF grading's games of its other list)."""
Select = Callable[[Any, int, Mapping[str, Any], Sequence[Game], Info], Selected]
Row = Callable[[Any, int, str, Any, PlayerInfo], "dict[str, Any] | None"]
Entry = Callable[[Any, int, Any, Info, str], tuple[int, bool]]
Explain = Callable[..., Any]
"""``explain(params, index, states, games, info, player[, adjustments])``: a rules module's gives an
:class:`Explanation`; the registry's systems give the one explanation (:mod:`projections.rules.explanation`)."""


class SystemParams(Protocol):
    """What the projection reads of every system's parameter set."""

    @property
    def name(self) -> str: ...
    @property
    def periods(self) -> Periods: ...


DEFAULT_HEAD = ("position", "player", "name", "country")
"""The keys a list row starts with, unless its system says otherwise."""


def local(
    _params: Any, _index: int, _states: Mapping[str, Any], _games: Sequence[Game], _info: Info, reached: set[str]
) -> set[str]:
    """The reach of a system that rates each player from his own start, his games and his opponents' starts."""
    return reached


def no_notes(_params: Any, _index: int, _unrated: Groups) -> tuple[str, ...]:
    """The notes of a system whose runs rate everyone they are given."""
    return ()


class StateCodec(NamedTuple):
    """How the projections file keeps a system's states: by columns, one a field.

    ``columns`` has a letter a field of the state, in order: ``i`` a whole number within 32 bits,
    ``q`` within 64, ``d`` a float, ``?`` a truth, ``j`` anything else JSON writes (None, text,
    tuples). ``make`` builds a state from its fields as decoded (a ``j`` field's tuples come back
    as lists).
    """

    columns: str
    make: Callable[[Iterable[Any]], Any]


@dataclass(frozen=True)
class System:
    """The pure functions of one rating system.

    - ``run(params, index, states, games, info)``: rate period ``index`` from ``states`` (every
      player's state after the previous period; a player absent has never been rated) over the
      period's ``games`` (in ``(day, game)`` order); ``info(player)`` gives any player's
      registration and priors. Returns the players whose state changed (every player who played,
      at least). Must not mutate ``states``. It runs for every period of a replay: keep it lean,
      and leave the per-game detail to ``explain``.
    - ``row(params, index, player, state, info)``: the system's columns of the player's row on the
      list of period ``index`` (at least ``rating``, ``status`` and ``games``, in ``keys`` order),
      or None when the player is not published.
    - ``explain(params, index, states, games, info, player)``: the player's part of the run of
      period ``index`` over the same inputs ``run`` had (recomputed: explanations are rare).
      Raises ``LookupError`` with a message naming why, for a player the run cannot explain.
    - ``make(fields)``: a state from its fields as the projections file decodes them (lists
      inside must come back as tuples).
    - ``columns``: the state's fields in the file's compact codec (:class:`StateCodec`).
    - ``keys``: the keys of ``row``, in order; the list adds ``position``, ``player``, ``name``
      and ``country`` before them, and sorts by ``rating`` descending, then player id.
    - ``walkovers``: whether an arbiter's forfeit is rated (a withdrawal never is).
    - ``head``: the keys the list puts before ``keys``: ``position``, ``player``, ``name``,
      ``country``, and ``class_position`` (the position within the value of ``ranked_within``)
      for a system whose list numbers each class on its own.
    - ``reach(params, index, states, games, info, reached)``: the players to rate again in period
      ``index`` when ``reached`` must be (new facts touch them, or their start differs), so that
      rating them over their own games alone gives each of them what a run of the whole period
      would: :func:`local` for a system that rates each player from his own start, his games and
      his opponents' starts; one made with :func:`closure` where players are solved together.
    - ``adjust(params, index, states, adjustments, info)``: apply the rating body's adjustments
      taking effect in the period to ``states`` (everyone after the run): the players changed, and
      the adjustments that reached each adjusted player (the system's own values, for its
      explanation); None for a system without adjustments.
    - ``notes(params, index, unrated)``: the run's :attr:`PeriodRun.unrated` groups in words.
    - ``headings``: the heading of a column of the list's table where it is not the key (the
      position's is ``#``).
    - ``history(params, index, player, state, info)``: the player's figures after a run, as
      ``history`` shows them (``history_keys``, in order); None: his list row, or "not published".
    - ``rated``: the system's word for a player's rated games ("graded" for the ICU).
    - ``row_info``: whether ``row`` reads its :class:`PlayerInfo` (the list does not make it if not).
    - ``by_event``: the system rates an event's games in the period in which the event ends (FIDE),
      rather than each in the period of its own day; the games of an event that spans periods are
      given to the run of its last (:meth:`Game.placed`), and the games of an event whose end is not
      recorded to none until it is.
    - ``begun(params, index, states, games, info, begun)``: for a ``by_event`` system that rates each event
      from the list in force at its start, the run, given also what it reads of the earlier periods in which
      its events began (:class:`Begin`); the replay calls it instead of ``run`` (``run`` is it with none).
    - ``select(params, index, states, games, info)``: the period's games the system rates and those
      its rules leave out, each with the message key of its clause (the rate of play,
      the mode, the event's type...); the replay gives ``run``, ``reach`` and ``explain`` only the
      rated ones. None: every game is rated.
    - ``own_games``: a player's part of a run needs his own games only (each player is rated from his
      start, his games and his opponents' starts, IECG 1.7 §VI.1), so one player's explanation, and a
      re-run of the players new facts touch, read only their games.
    - ``entry(params, previous, state, info, player)``: the rating that decides entry to the system's
      tournament groups and whether the list of period ``previous`` publishes the player (the IECG's TER,
      §III.6–7), from his state on that list (None: never rated); None for a system without such entry.
    """

    family: str
    keys: tuple[str, ...]
    run: RunPeriod
    row: Row
    explain: Explain
    make: Callable[[Iterable[Any]], Any]
    columns: str = ""
    walkovers: bool = True
    head: tuple[str, ...] = DEFAULT_HEAD
    ranked_within: str | None = None
    reach: Reach = field(default=local)
    adjust: Adjust | None = None
    notes: Notes = field(default=no_notes)
    headings: tuple[tuple[str, str], ...] = ()
    history: Row | None = None
    history_keys: tuple[str, ...] | None = None
    rated: str = "rated"
    row_info: bool = True
    select: Select | None = None
    by_event: bool = False
    begun: RunBegun | None = None
    own_games: bool = False
    entry: Entry | None = None

    @property
    def codec(self) -> StateCodec:
        """How the projections file keeps this system's states."""
        if len(self.columns) == 0:
            raise ValueError(f"the system {self.family!r} does not say the columns of its states")
        return StateCodec(self.columns, self.make)


GAME_MODE_AND_CONTROL = itemgetter(7, 6)
"""A :class:`Game`'s mode and time control, at C speed: what a test of the rate of play and the mode reads."""


def split_by_mode_and_control(
    games: Sequence[Game], decide: Callable[[Game], tuple[bool, Statement | None]]
) -> Selected:
    """The games a run is given and those left off the list, from ``decide(game)``: (given to the run, the
    clause that leaves it off or None), which must read only the game's mode and time control: it is asked
    once per distinct pair."""
    decided: dict[tuple[Any, ...], tuple[bool, Statement | None]] = {}
    pairs = list(map(GAME_MODE_AND_CONTROL, games))
    for game, pair in zip(games, pairs, strict=True):
        if pair not in decided:
            decided[pair] = decide(game)
    if all(given and reason is None for given, reason in decided.values()):
        return games, ()
    kept: list[Game] = []
    left: list[tuple[Game, Statement]] = []
    for game, pair in zip(games, pairs, strict=True):
        given, reason = decided[pair]
        if given:
            kept.append(game)
        if reason is not None:
            left.append((game, reason))
    return kept, left


def keep_if(excluded: Callable[[Any, Game], Statement | None]) -> Select:
    """A :attr:`System.select` from a test of one game at a time: ``excluded(params, game)`` is the message key
    of the clause that leaves the game out, or None when it is rated. The test must read only the game's mode
    and time control (and its params): it is made once per distinct pair of a run, a million games naming a
    few dozen."""

    def select(params: Any, _index: int, _states: Mapping[str, Any], games: Sequence[Game], _info: Info) -> Selected:
        def decide(game: Game) -> tuple[bool, Statement | None]:
            reason = excluded(params, game)
            return reason is None, reason

        return split_by_mode_and_control(games, decide)

    return select


def follow(links: Mapping[str, Sequence[str]], found: set[str]) -> set[str]:
    """``found`` (changed in place) and every player ``links`` lead to from them, link after link: the reach
    of a system whose runs carry a new figure one way (:func:`closure` is both ways).

    >>> sorted(follow({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}, {"b"}))
    ['a', 'b', 'c']
    """
    stack = list(found)
    while stack:
        for other in links.get(stack.pop(), ()):
            if other not in found:
                found.add(other)
                stack.append(other)
    return found


def closure(games: Sequence[Game], linked: Callable[[Game], bool], reached: set[str]) -> set[str]:
    """``reached`` and every player connected to one of them by a chain of the ``linked`` games (both ways).

    >>> g = [Game("1", "a", "b", 2, "2024-01-01", None, None), Game("2", "b", "c", 1, "2024-01-02", None, None)]
    >>> sorted(closure(g, lambda game: True, {"a"})), sorted(closure(g, lambda game: game.game == "2", {"a"}))
    (['a', 'b', 'c'], ['a'])
    """
    neighbours: dict[str, list[str]] = {}
    for game in games:
        if linked(game):
            neighbours.setdefault(game.white, []).append(game.black)
            neighbours.setdefault(game.black, []).append(game.white)
    return set(reached).union(*components(reached, lambda player: neighbours.get(player, ())))


def everyone_connected(
    _params: Any, _index: int, _states: Mapping[str, Any], games: Sequence[Game], _info: Info, reached: set[str]
) -> set[str]:
    """The reach of a system that rates the period's games one after another (each rating moves with
    every game): every player connected to a reached one by the period's games."""
    return closure(games, lambda _game: True, reached)


def points(game: Game, player: str) -> float:
    """The player's score in the game: 1, 0.5 or 0."""
    white = game.white_points2 / 2
    return white if game.white == player else 1 - white


def opponent(game: Game, player: str) -> str:
    """The player's opponent in the game."""
    return game.black if game.white == player else game.white


def age_on(born: str | None, day: str) -> int | None:
    """Whole years of age on ``day`` (ISO dates), or None without a date of birth."""
    if not born:
        return None
    years = int(day[:4]) - int(born[:4])
    return years - 1 if day[5:10] < born[5:10] else years


class TimeControlError(ValueError):
    """A time control that is not PGN ``TimeControl`` text."""


_TIME_PERIOD = re.compile(r"(?:(\d+)/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?")
"""One field of a PGN ``TimeControl``: ``[moves/]seconds[+increment]``."""


def seconds_for_moves(time_control: str, moves: int = 60) -> float:
    """A player's time for a game of ``moves`` moves under ``time_control`` (PGN standard §9.6.1), in seconds.

    The ECF's rules count a game's duration over 60 moves (seed 003, "Time Controls"):
    each ``moves/seconds`` field is given in full once it is reached and the last one repeats; a
    sudden-death field (``seconds`` or ``seconds+increment``) ends the game; increments count for
    every move played under their field; a sandclock ``*seconds`` is its whole time; ``-`` (no time
    control) is unbounded. Raises :class:`TimeControlError` for ``?`` (unknown), empty or other text.

        >>> seconds_for_moves("5400+30"), seconds_for_moves("40/7200:3600"), seconds_for_moves("*180")
        (7200.0, 10800.0, 180.0)
    """
    text = time_control.strip()
    if text == "-":
        return math.inf
    if text.startswith("*") and text[1:].isdigit():
        return float(text[1:])
    fields: list[tuple[int | None, float, float]] = []
    for part in text.split(":"):
        match = _TIME_PERIOD.fullmatch(part.strip())
        if match is None or match.group(1) == "0":
            raise TimeControlError(
                f"time control {time_control!r} is not PGN TimeControl text with a known duration "
                "(fields 'moves/seconds', 'seconds', 'seconds+increment', '*seconds' joined by ':', or '-')"
            )
        fields.append(
            (int(match.group(1)) if match.group(1) else None, float(match.group(2)), float(match.group(3) or 0))
        )
    left, total, position = moves, 0.0, 0
    while left > 0:
        period_moves, seconds, increment = fields[min(position, len(fields) - 1)]  # the last one repeats
        if period_moves is None:
            return total + seconds + increment * left  # sudden death: the rest of the game
        played = min(period_moves, left)
        total += seconds + increment * played  # a field's time is given in full once it is reached
        left -= played
        position += 1
    return total


def same_call_same_answer(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, answering again its last call's answer for the same argument objects (by identity; they
    are held, so that their ids stay theirs), else calling it.

    For the explanations of many players of one period (``ratings site``): each is given the same games,
    states and facts, and would otherwise rebuild the whole period's sides and starts. Used in explain paths
    only, whose arguments are not changed between calls; a run never goes through it.

    >>> calls = []
    >>> double = same_call_same_answer(lambda xs: calls.append(1) or [2 * x for x in xs])
    >>> games = [1, 2]
    >>> double(games) is double(games), len(calls), double([1, 2]) == [2, 4], len(calls)
    (True, 1, True, 2)
    """
    last: list[tuple[tuple[object, ...], Any]] = []

    def answer(*args: object) -> Any:
        if last and len(last[0][0]) == len(args) and all(a is b for a, b in zip(last[0][0], args, strict=True)):
            return last[0][1]
        found = function(*args)
        last[:] = [(args, found)]
        return found

    return answer


def deferred(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of ``module``, imported when first called: a system's explanation is rare, and
    the commands that never explain (``list``, ``history``) never load it. It carries the function's module and
    name, so that the rules' fingerprint covers that module's source as if it were the function itself."""
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(import_module(module), name))
        return found[0](*args, **kwargs)

    call.__module__, call.__name__, call.__qualname__ = module, name, name
    return call
