"""Random histories of a small federation for the bitemporal tests, and their oracle.

A :class:`History` is a list of :class:`Fact` commands in log order, each with
its own ``reported_on`` date, as the ledger's public commands take them. The
oracle of "the facts as known at D" is a second ledger holding only the facts
reported on or before D, recorded in the same relative order with the same
arguments (:func:`known_at`). Nothing here computes a rating.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Literal, get_args

from hypothesis import strategies as st

from ledger.application import RatingLedger
from ledger.errors import LedgerError
from projections.replay import Projector

RULES = "iecg-1.7"
TODAY = date(2026, 1, 1)
"""The ledgers' clock: later than every generated date."""
FIRST_DAY = date(2021, 1, 1)
SPAN_DAYS = 540
"""Games finish in the 18 months from :data:`FIRST_DAY` (2021-01 … 2022-06)."""
LABELS = [f"{y}-{m:02d}" for y in (2020, 2021, 2022, 2023) for m in range(1, 13, 2)][5:21]
"""Every IECG period a generated game can be rated in, and a few after (2020-11 … 2023-05):
corrections move games up to two months earlier, adjudications up to four months later."""
RESULTS = ("1-0", "0-1", "1/2-1/2")
AMENDMENT_KINDS = ("result", "finished", "colours", "forfeit", "two", "void", "restore", "adjudicate")
"""The kinds of :func:`amendments`."""

Command = Literal[
    "register_player",
    "record_game",
    "adjudicate_game",
    "correct_game",
    "void_game",
    "restore_game",
    "correct_player",
    "mark_inactive",
    "reactivate",
]
COMMANDS: tuple[Command, ...] = get_args(Command)


def day(offset: int) -> str:
    """The ISO date ``offset`` days after :data:`FIRST_DAY`."""
    return (FIRST_DAY + timedelta(days=offset)).isoformat()


def later(iso: str, days: int) -> str:
    """The ISO date ``days`` after ``iso`` (before it, for a negative count)."""
    return (date.fromisoformat(iso) + timedelta(days=days)).isoformat()


@dataclass(frozen=True)
class Fact:
    """One command of :class:`RatingLedger`: ``ledger.<command>(subject, **arguments, reported_on=reported)``.

    ``players`` are the players a recorded game names (the oracle needs them).
    """

    command: Command
    subject: str
    reported: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[str, ...] = ()

    def record(self, ledger: RatingLedger) -> None:
        """Record the fact in ``ledger`` (or :class:`LedgerError`)."""
        getattr(ledger, self.command)(self.subject, **self.arguments, reported_on=self.reported)

    def __repr__(self) -> str:  # short, for hypothesis' falsifying examples
        args = ", ".join(f"{k}={v!r}" for k, v in self.arguments.items())
        return f"Fact({self.command} {self.subject} reported {self.reported}: {args})"


@dataclass(frozen=True)
class History:
    """Facts in log order, and the date D of the view under test."""

    facts: tuple[Fact, ...]
    known_at: str

    @property
    def players(self) -> list[str]:
        """The players registered (or refused a registration) in the history."""
        return [f.subject for f in self.facts if f.command == "register_player"]


def ledger_at(path: Path) -> RatingLedger:
    """A new ledger file whose "today" is :data:`TODAY`."""
    make = RatingLedger if path.exists() else RatingLedger.create
    return make(str(path), clock=lambda: TODAY, user="test")


def record_all(ledger: RatingLedger, facts: Iterable[Fact]) -> list[tuple[Fact, dict[str, Any] | None]]:
    """Record ``facts`` in order, skipping the ones the ledger refuses.

    Returns each fact with the state of the event it wrote (None if refused).
    """
    written: list[tuple[Fact, dict[str, Any] | None]] = []
    for fact in facts:
        try:
            fact.record(ledger)
        except LedgerError:
            written.append((fact, None))
        else:
            written.append((fact, last_event(ledger)))
    return written


def stored_rows(ledger: RatingLedger) -> list[tuple[Any, ...]]:
    """Every row of ``stored_events``, raw, in log order."""
    with closing(sqlite3.connect(f"file:{ledger.path}?mode=ro", uri=True)) as conn:
        return list(
            conn.execute(
                "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events ORDER BY rowid"
            )
        )


def last_event(ledger: RatingLedger) -> dict[str, Any]:
    """The state of the last stored event, without its timestamp."""
    with closing(sqlite3.connect(f"file:{ledger.path}?mode=ro", uri=True)) as conn:
        (state,) = conn.execute("SELECT state FROM stored_events ORDER BY rowid DESC LIMIT 1").fetchone()
    decoded: dict[str, Any] = json.loads(state)
    decoded.pop("timestamp", None)
    return decoded


@dataclass(frozen=True)
class Oracle:
    """The facts as known at a date, as recorded in their own ledger.

    ``ambiguous`` names a known fact the oracle's ledger refused, or wrote
    otherwise than the full ledger, though the full ledger took it: then the
    second ledger is no oracle of the view (see :func:`known_at`).
    """

    facts: tuple[Fact, ...]
    ambiguous: str | None


def known_at(written: list[tuple[Fact, dict[str, Any] | None]], day: str, ledger: RatingLedger) -> Oracle:
    """Record in ``ledger`` the facts of ``written`` (the full ledger's) known at ``day``, in log order.

    A fact counts if the full ledger took it and it was reported on or before
    ``day``, with two exceptions the oracle's ledger could not even record:
    - a game (and every later fact about it) is known only if both its
      players' registrations are known too (the view's rule, facts.py's
      docstring): the oracle skips a game reported by ``day`` whose player is
      registered after it;
    - a fact about a game or player not known at ``day`` (a correction is
      never reported before its game, but an adjudication can be) is skipped,
      as the view skips it.
    Any other refusal by the oracle's ledger, or an event written with other
    facts than the full ledger wrote (a correction's ``changes`` hold only
    the facts that differ from the game as it stood *in log order*, which
    includes facts reported after ``day``), makes the oracle ambiguous.
    """
    players: set[str] = set()
    games: set[str] = set()
    taken: list[Fact] = []
    for fact, event in written:
        if event is None or fact.reported > day:
            continue  # refused by the full ledger, or not yet reported
        if fact.command == "register_player":
            players.add(fact.subject)
        elif fact.command == "record_game":
            if not set(fact.players) <= players:
                # Reported by D, but a player's registration is reported after D: not known at D (both
                # players must be known), and the oracle's ledger could not record it anyway. Skipped,
                # with every later fact about it (below).
                continue
            games.add(fact.subject)
        elif fact.command in ("correct_player", "mark_inactive", "reactivate"):
            if fact.subject not in players:
                continue  # a fact about a player not known at D
        elif fact.subject not in games:
            continue  # a fact about a game not known at D (an adjudication can be reported before its game)
        try:
            fact.record(ledger)
        except LedgerError as error:
            return Oracle(tuple(taken), f"{fact!r} refused by the oracle: {error}")
        mine = last_event(ledger)
        if mine.get("changes") != event.get("changes"):
            changes = f"{mine.get('changes')} here, {event.get('changes')} in full"
            return Oracle(tuple(taken), f"{fact!r} wrote {changes}")
        taken.append(fact)
    return Oracle(tuple(taken), None)


@contextmanager
def projector(ledger: RatingLedger, cache: Path | None = None) -> Iterator[Projector]:
    """A projector of ``ledger`` (cold without ``cache``), closed afterwards."""
    reader = ledger.reader()
    made = Projector(reader, str(cache) if cache is not None else None)
    try:
        yield made
    finally:
        made.close()
        reader.close()


def lists(
    ledger: RatingLedger, cache: Path | None = None, known: str | None = None, labels: Iterable[str] = LABELS
) -> dict[str, str]:
    """The JSON list of every period of ``labels``, as known at ``known`` (or now), from one new projector."""
    with projector(ledger, cache) as made:
        return {label: made.rating_list(RULES, label, known_at=known).as_json() for label in labels}


@contextmanager
def scratch() -> Iterator[Path]:
    """A temporary directory, in memory where the system has one: every recorded fact is a commit, and
    a commit's sync to disk costs ten times the rest of recording it."""
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() and os.access(shm, os.W_OK) else None) as tmp:
        yield Path(tmp)


# --- the strategy ------------------------------------------------------------------


_ONE_IN_TWENTY = (False,) * 10 + (True,) + (False,) * 9
"""One True in twenty, in the middle: hypothesis favours the first and last of a sample."""


def _delay(draw: st.DrawFn, early: bool = False, prompt: bool = False) -> int:
    """Days between a fact and its report: mostly a few, sometimes months (``prompt``: always a few);
    with ``early``, one time in twenty the day before (a correction reported before the fact it
    corrects: refused)."""
    if early and draw(st.sampled_from(_ONE_IN_TWENTY)):
        return -1
    if prompt:
        return draw(st.integers(0, 10))
    return draw(st.one_of(st.integers(0, 10), st.integers(11, 400)))


@st.composite
def histories(draw: st.DrawFn, least_games: int = 5, most_games: int = 40, prompt: bool = False) -> History:
    """A federation of 4–10 players and 5–40 games over 18 months, with late reports, adjudications,
    corrections of result / finished date / colours / forfeit kind, voids and restorations, player
    corrections of starting rating or name, and inactivity markers; each fact with its own reported
    date, in a log order where every fact comes after the facts it is about. Some facts are refused
    by the ledger (a correction reported before its game, a restoration of a game that is not void,
    an adjudication before the game's date…): :func:`record_all` skips them.

    ``prompt``: every fact is reported within ten days, and every player before the games start."""
    keyed: list[tuple[int, Fact]] = []
    registered: dict[str, int] = {}
    sources: dict[str, str] = {}
    reports: dict[str, str] = {}
    for n in range(draw(st.integers(4, 10))):
        pid = f"p{n}"
        source = draw(st.sampled_from(["none", "tutor", "iccf", "iccf"]))  # an ICCF player is listed at once
        arguments: dict[str, Any] = {"name": f"Player {n}", "country": "IE", "source": source}
        if source == "tutor":
            arguments["starting_rating"] = draw(st.integers(600, 1700))
        elif source == "iccf":
            arguments["starting_rating"] = draw(st.integers(1000, 2500))
            arguments["rated_games"] = draw(st.integers(0, 100))
        # Most players are registered before the games start; some are reported in the middle of them.
        reported = day(
            draw(st.integers(-300, -1) if prompt else st.one_of(st.integers(-300, -1), st.integers(0, SPAN_DAYS)))
        )
        key = draw(st.integers(0, 40))
        registered[pid], sources[pid], reports[pid] = key, source, reported
        keyed.append((key, Fact("register_player", pid, reported, arguments)))
    ids = list(registered)
    for n in range(draw(st.integers(least_games, most_games))):
        gid = f"g{n:02d}"
        white = draw(st.sampled_from(ids))
        black = draw(st.sampled_from([p for p in ids if p != white]))
        finished = day(draw(st.integers(0, SPAN_DAYS)))
        forfeit = draw(st.sampled_from(["none", "none", "none", "none", "arbiter", "withdrawal"]))
        reported = later(finished, _delay(draw, prompt=prompt))
        key = max(registered[white], registered[black]) + draw(st.integers(0, 40))
        arguments = {
            "white": white,
            "black": black,
            "result": draw(st.sampled_from(RESULTS)),
            "finished": finished,
            "forfeit": forfeit,
        }
        keyed.append((key, Fact("record_game", gid, reported, arguments, (white, black))))
        for _ in range(draw(st.sampled_from([0, 0, 0, 0, 1, 1, 2, 3]))):
            amendment = draw(amendments(gid, white, black, finished, reported, prompt=prompt))
            keyed.append((key + draw(st.integers(1, 40)), amendment))
    for pid in ids:
        for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
            fact = draw(player_facts(pid, sources[pid], reports[pid], prompt))
            keyed.append((registered[pid] + draw(st.integers(1, 60)), fact))
    keyed.sort(key=lambda item: item[0])  # stable: a fact drawn after another of the same key stays after it
    facts = tuple(fact for _, fact in keyed)
    # D: the report of a fact, the day before one, or any day of the games and the year after them.
    dates = sorted({f.reported for f in facts})
    known = draw(
        st.one_of(
            st.sampled_from(dates),
            st.sampled_from(dates).map(lambda d: later(d, -1)),
            st.integers(0, SPAN_DAYS + 300).map(day),
        )
    )
    return History(facts, known)


@st.composite
def amendments(
    draw: st.DrawFn,
    game: str,
    white: str,
    black: str,
    finished: str,
    reported: str,
    kinds: Sequence[str] = AMENDMENT_KINDS,
    prompt: bool = False,
) -> Fact:
    """A later fact about a recorded game, of one of ``kinds``, reported on or (rarely, refused) before the
    game's report: a correction of its ``result``, ``finished`` date, ``colours`` (White and Black swapped),
    ``forfeit`` kind, or ``two`` facts at once (result and date); a ``void``, a ``restore``, or an
    ``adjudicate`` decision."""
    kind = draw(st.sampled_from(kinds))
    when = later(reported, _delay(draw, early=True, prompt=prompt))
    changes: dict[str, str]
    if kind == "adjudicate":
        on = later(finished, draw(st.integers(0, 120)))
        result = draw(st.sampled_from(RESULTS))
        return Fact("adjudicate_game", game, later(on, _delay(draw, prompt=prompt)), {"result": result, "on": on})
    if kind in ("void", "restore"):
        return Fact("void_game" if kind == "void" else "restore_game", game, when, {"reason": kind})
    if kind == "result":
        changes = {"result": draw(st.sampled_from(RESULTS))}
    elif kind == "finished":
        changes = {"finished": later(finished, draw(st.integers(-60, 60)))}
    elif kind == "colours":
        changes = {"white": black, "black": white}
    elif kind == "forfeit":
        changes = {"forfeit": draw(st.sampled_from(["none", "arbiter", "withdrawal"]))}
    else:
        changes = {"result": draw(st.sampled_from(RESULTS)), "finished": later(finished, draw(st.integers(-60, 60)))}
    return Fact("correct_game", game, when, {"changes": changes, "reason": kind})


@st.composite
def player_facts(draw: st.DrawFn, player: str, source: str, registered: str, prompt: bool = False) -> Fact:
    """A correction of a player's starting rating or name (reported on or, rarely, before his
    registration's report), or an inactivity marker."""
    kind = draw(st.sampled_from(["rating", "name", "inactive", "reactivate"]))
    if kind in ("inactive", "reactivate"):
        on = day(draw(st.integers(0, SPAN_DAYS + 120)))
        command: Command = "mark_inactive" if kind == "inactive" else "reactivate"
        return Fact(command, player, later(on, _delay(draw, prompt=prompt)), {"on": on, "reason": kind})
    when = later(registered, _delay(draw, early=True, prompt=prompt))
    if kind == "name":
        changes: dict[str, Any] = {"name": f"Renamed {player} {draw(st.integers(0, 3))}"}
    elif source == "none":
        changes = {"source": "tutor", "starting_rating": draw(st.integers(600, 1700))}
    else:
        changes = {"starting_rating": draw(st.integers(600, 1700 if source == "tutor" else 2500))}
    return Fact("correct_player", player, when, {"changes": changes, "reason": kind})


@st.composite
def one_late_fact(draw: st.DrawFn, command: Command) -> History:
    """A history whose facts are all reported promptly but one, a ``command``, reported after D; D is on or
    after every other report: the views as known at D and now differ by that one fact only. Without a
    ``command`` in the history, its ``known_at`` is empty."""
    history = draw(histories(prompt=True))
    facts = history.facts
    of_kind = [i for i, f in enumerate(facts) if f.command == command]
    if not of_kind:
        return History(facts, "")
    index = of_kind[draw(st.integers(0, 2**16), label="which") % len(of_kind)]  # a sample favours its first
    known = later(max(f.reported for i, f in enumerate(facts) if i != index), draw(st.integers(0, 30)))
    late = replace(facts[index], reported=later(known, draw(st.integers(1, 300))))
    return History((*facts[:index], late, *facts[index + 1 :]), known)
