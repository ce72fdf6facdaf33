"""Which of a period's games a system rates, by mode, rate of play and event: what every selection shares.

A system's :attr:`~projections.rules.common.System.select` is made here from
the clauses of its rules texts; each function names the clause that leaves a
game out as a :class:`~projections.rules.common.Statement`, a message key and its values
(``icu.left.rate``, the time control), whose words ``explain`` and ``event status`` print. A game recorded before events
existed says no mode and no event (its upcast, :class:`ledger.events.GameRecorded`):
every system rates it as it always did.

Choices where the texts are silent, as a rating officer would expect:

- A game that does not say its mode (nor its event's) is rated by every system,
  as before events existed; one whose time control is unknown (none, ``?``) is
  rated by its rate-of-play rules as today.
- The over-the-board systems (the ICU's grading, the ECF's grading, FIDE) rate
  over-the-board games only: an ``online`` or ``email`` game is left out (seed 003:
  online ratings "are completely separate from ECF OTB ratings which will not be
  impacted by internet games"; the ICU and FIDE rate tournaments played over the
  board). ECF online rates ``online`` games only (seed 003, "based on internet
  club/team games and registered online events only"). The IECG and the Glicko
  systems rate every mode.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from projections.rules.common import (
    Game,
    Info,
    Select,
    Selected,
    Statement,
    TimeControlError,
    keep_if,
    seconds_for_moves,
    split_by_mode_and_control,
)

OVER_THE_BOARD = frozenset({"otb"})
ONLINE = frozenset({"online"})


def mode_excluded(game: Game, modes: frozenset[str], key: str, rules: str) -> Statement | None:
    """``key`` (its words cite the clause) with the rules version and the game's mode, when the game says a mode
    (its own or its event's) not in ``modes``; else None."""
    if game.mode is not None and game.mode not in modes:
        return Statement(key, (("rules", rules), ("mode", game.mode)))
    return None


def over_the_board(key: str) -> Callable[[Any, Game], Statement | None]:
    """A test leaving out the games that say they were played online or by email, said by ``key``
    (``ecf_grading.left.mode``: "ecf-grading (seed 003: …): online games are not rated")."""
    return lambda params, game: mode_excluded(game, OVER_THE_BOARD, key, params.name)


def online_only(key: str) -> Callable[[Any, Game], Statement | None]:
    """A test leaving out the games that say they were played over the board or by email, said by ``key``."""
    return lambda params, game: mode_excluded(game, ONLINE, key, params.name)


def both(*tests: Callable[[Any, Game], Statement | None]) -> Callable[[Any, Game], Statement | None]:
    """The first clause of ``tests`` that leaves the game out, or None."""

    def test(params: Any, game: Game) -> Statement | None:
        for one in tests:
            found = one(params, game)
            if found is not None:
                return found
        return None

    return test


def by_category(
    params: Any,
    games: Sequence[Game],
    mode: Callable[[Any, Game], Statement | None],
    category: Callable[[str | None], str | None],
    keys: tuple[str, str, str],
) -> Selected:
    """The select of a system of several lists by rate of play (the ECF's grading, its online ratings): a game
    of a mode it does not rate is left out; a game of another list (``category`` of its time control is not
    ``params.category``) is given to the run, which counts it as played elsewhere, and named as left off this
    one by the first of ``keys`` (its words cite the clause), which says where it goes: the second (another
    list, by its category) or the third (too fast for any)."""
    other, on_list, too_fast = keys

    def decide(game: Game) -> tuple[bool, Statement | None]:
        why = mode(params, game)
        if why is not None:
            return False, why
        on = category(game.time_control)
        if on == params.category:
            return True, None
        where = Statement(on_list, (("list", on),)) if on else Statement(too_fast)
        control = game.time_control or Statement("left.no_control")
        return True, Statement(other, (("rules", params.name), ("control", control), ("where", where)))

    return split_by_mode_and_control(games, decide)


# --- ICU 1980, "Graded Tournaments" (seed 001) ----------------------------------------------------------------

ICU_RATE = 3600 / 45
"""Seed 001: "The fastest rate of play acceptable for graded tournaments is 45/60 - forty-five moves in an hour":
at least 80 seconds a move under a move control."""

ICU_ADD_ON = 15 * 60
"""Seed 001: "Allegro finish is acceptable where the minimum add-on is 15 minutes per player"."""

ICU_SESSION = 3 * 60 * 60 / 2
"""Seed 001: "... and the total playing session, including allegro, at least three hours" (both players'
clocks: an hour and a half each, over 60 moves). "Pure allegros of this length without an intermediate
time check may also be considered for grading": taken as accepted."""


@cache
def icu_graded_rate(time_control: str | None) -> bool:
    """Whether a game of ``time_control`` may be graded under ICU 1980 ("Graded Tournaments").

    A first control of moves in seconds must give 80 seconds a move or more (45/60); a sudden-death finish
    after it at least 15 minutes, and the whole session three hours (90 minutes a player for 60 moves); a
    pure allegro (one sudden-death control, increments included over 60 moves) the same three hours. No
    clock (``-``) is slower than any rate; an unknown time control (none, ``?``) is graded, as before events.

    >>> [icu_graded_rate(tc) for tc in ("40/7200:3600", "45/3600:1800", "50/3600", "180+2", "5400", "?", None)]
    [True, True, False, False, True, True, True]
    >>> icu_graded_rate("40/7200:600"), icu_graded_rate("45/3600:900")  # a short add-on; a session of 2½ hours
    (False, False)
    """
    if time_control is None or time_control in ("", "?", "-"):
        return True
    fields = time_control.split(":")
    first = fields[0]
    if "/" in first and not first.startswith("*"):
        moves, seconds = first.split("/", 1)
        if not moves.isdigit() or not seconds.isdigit() or int(moves) == 0:
            return True  # not PGN text the ledger would have taken: rated as unknown
        if int(seconds) / int(moves) < ICU_RATE:
            return False
        last = fields[-1]
        if "/" not in last:  # an allegro finish: its add-on (the base of the last, sudden-death field)
            base = last.lstrip("*").split("+", 1)[0]
            if base.isdigit() and int(base) < ICU_ADD_ON:
                return False
    try:
        return seconds_for_moves(time_control, 60) >= ICU_SESSION
    except TimeControlError:
        return True


def icu_excluded(params: Any, game: Game) -> Statement | None:
    """ICU 1980: the clause that leaves ``game`` ungraded, or None."""
    found = mode_excluded(game, OVER_THE_BOARD, "icu.left.mode", params.name)
    if found is not None:
        return found
    if not icu_graded_rate(game.time_control):
        return Statement("icu.left.rate", (("rules", params.name), ("control", game.time_control)))
    return None


ICU_SELECT: Select = keep_if(icu_excluded)

# --- The IECG's Rules and Regulations 5.1a (seed 002) ---------------------------------------------------------

EVENT_OF = itemgetter(8)
"""A :class:`Game`'s event, at C speed."""

FRIENDLY_GAP = 250
"""D §2.7: friendly matches are rated "only ... if the rating difference between the players does not exceed
250 points"."""


def iecg_select(ter: Callable[[Any, int, Mapping[str, Any], Info, str], int]) -> Select:
    """The IECG's select, given how to read a player's TER from the states before the period.

    D §2.9.2: thematic tournaments' "games are not rated". D §2.7: a friendly match is rated only when the two
    TERs differ by 250 points or less, and "victories scored by forfeit will not count". The TERs are those on
    the list before the period the game is rated in (the list in force when a match of that period started;
    for a match started in an earlier period, the ledger keeps no older list beside the run: this is the
    choice, named in the note).
    """

    def select(params: Any, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Info) -> Selected:
        kept: list[Game] = []
        left: list[tuple[Game, Statement]] = []
        if not any(map(EVENT_OF, games)):  # the usual period: no game of an event, nothing to look at
            return games, ()
        for game in games:
            event = game.event
            if event is None:
                kept.append(game)
                continue
            reason: Statement | None = None
            if event is not None and event.type == "thematic":
                reason = Statement("iecg.left.thematic")
            elif event is not None and event.type == "friendly-match":
                if game.forfeit:
                    reason = Statement("iecg.left.friendly_forfeit")
                else:
                    gap = abs(
                        ter(params, index, states, info, game.white) - ter(params, index, states, info, game.black)
                    )
                    if gap > FRIENDLY_GAP:
                        reason = Statement("iecg.left.friendly_gap", (("gap", gap), ("limit", FRIENDLY_GAP)))
            if reason is None:
                kept.append(game)
            else:
                left.append((game, reason))
        return (games, ()) if not left else (kept, left)

    return select
