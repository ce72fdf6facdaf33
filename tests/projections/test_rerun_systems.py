"""After new facts, every system's lists from the cache are the bytes of a cold replay (issue 11 §1).

Re-rating after new facts is a property of the machinery, not of the IECG
(``test_rerun.py`` holds the IECG's test). For every registered system — the
ICU, ECF grading (standard and rapidplay), ECF online (standard, rapid,
blitz), the FIDE versions, Glicko and Glicko-2 — a federation the system
rates plays over a few of its periods: players with prior ratings of the
kinds it reads (``fide``, ``ecf``, ``ecf-rapid``, ``ecf-online``, ``icu``,
``glicko``, ``glicko2``, ``internet``), juniors with dates of birth, newcomers,
standard, rapid and blitz games in tournaments, arbiter's forfeits,
adjudicated withdrawals, groups of unrated players who meet only each other
(the ICU and ECF grading solve ungraded players together), and the ICU grading
committee's adjustments. Then a seeded random stream of new facts arrives —
corrected results, dates, players and time controls, voids and restorations,
adjudications, late games in old periods, corrected registrations, priors
recorded and voided, adjustments and their voids, players voided and
restored — and after every step the list of every period and the history of a
few players must be, byte for byte, a cold replay's (``Projector(reader,
None)``): from a new projector on the projections file, which re-rates what
the new facts reach, and from a projector kept open on that file across the
steps.

Only the public :class:`~projections.replay.Projector` API is used
(``rating_list``, ``history``, ``close``), so the test holds through a rewrite
of the replay; :func:`spy_on_reratings` is the one place that looks inside.
"""

from __future__ import annotations

import contextlib
import difflib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from ledger.application import RatingLedger
from ledger.errors import LedgerError
from projections import systems
from projections.registry import RULES, get_rules
from projections.replay import Projector
from tests.projections.federation import Federation

SEEDS: dict[str, tuple[int, ...]] = {
    "icu-1980": (1, 2, 3),
    "ecf-grading": (1, 2),
    "ecf-grading-rapid": (3,),
    "ecf-online": (1,),
    "ecf-online-rapid": (2,),
    "ecf-online-blitz": (3,),
    "fide-2014": (4,),
    "fide-2022": (1,),
    "fide-2024": (2,),
    "fide-2025": (3,),
    "fide": (1, 2),
    "fide-2017": (1,),
    "fide-2024-rapid": (1,),
    "fide-2024-blitz": (2,),
    "fide-2025-rapid": (3,),
    "fide-2025-blitz": (4,),
    "glicko": (1,),
    "glicko2": (2,),
}
"""The seeds each registered system is tested with: more for the ones with few periods (cheap to
replay) that solve groups of ungraded players together."""

WINDOWS: dict[str, tuple[str, str]] = {
    "icu-1980": ("2022-01-01", "2024-12-31"),  # yearly runs: three of them
    "ecf-grading": ("2023-01-01", "2024-12-31"),  # six-monthly lists from 2012: four of them
    "monthly": ("2023-11-01", "2024-06-30"),  # ECF online, FIDE (with the compression of 2024-03), Glicko
}
"""The days the federation plays on: a few periods of the system under test, each with games."""

PRIORS: dict[str, tuple[str, ...]] = {
    "icu-1980": ("icu",),
    "ecf-grading": ("ecf",),
    "ecf-grading-rapid": ("ecf-rapid", "ecf"),
    "ecf-online": ("ecf", "ecf-online", "fide"),
    "ecf-online-rapid": ("ecf-rapid", "ecf", "internet"),
    "ecf-online-blitz": ("ecf-rapid", "ecf-online", "fide"),
    "glicko": ("glicko",),
    "glicko2": ("glicko2",),
}
"""The prior systems the federation of each system records (the ones it reads, its own first); the
FIDE versions read ``fide``."""

STANDARD = ("5400+30", "40/7200:3600", None, "-", "?")
"""Standard play under every system (60 minutes or more; no time control recorded, or an unknown
one, counts as standard for the ECF's lists)."""
RAPID = ("900+10", "1500", "1800+5")
"""ECF rapidplay, and the ECF online rapid list (above 10 and below 60 minutes)."""
BLITZ = ("300+2", "180", "420", "60+1")
"""The ECF online blitz list (3 to 10 minutes; ``60+1`` is on no list), graded by neither ECF grading list."""

STEPS = 15
"""New facts a test records, checking every list after each."""

KINDS = 15
"""The kinds of new fact :func:`change` records; step ``s`` records kind ``(7s + seed) % KINDS``, so
each test records every kind once."""


def window(rules: str) -> tuple[str, str]:
    """The first and last day the federation of ``rules`` plays on."""
    if rules in WINDOWS:
        return WINDOWS[rules]
    return WINDOWS["ecf-grading"] if rules.startswith("ecf-grading") else WINDOWS["monthly"]


def labels(rules: str) -> list[str]:
    """Every period of ``rules`` the window covers."""
    periods = get_rules(rules).periods
    first, last = window(rules)
    return [periods.label(i) for i in range(periods.index_of_day(first), periods.index_of_day(last) + 1)]


def prior_terms(rng: random.Random, system: str, strength: int) -> tuple[float, dict[str, Any]]:
    """A prior rating of ``system`` for a player of about ``strength`` on the Elo scale, with its terms."""
    if system in ("ecf", "ecf-rapid"):
        grade = max(0, (strength - 700) // 8 + rng.randrange(-10, 10))  # about the ECF's 7.5 × grade + 700
        return float(grade), {"games": rng.randrange(5, 40)}
    if system == "icu":
        status = rng.choice(("graded", "provisional", "established"))
        return float(strength - 100), {"games": rng.randrange(3, 30), "status": status}
    if system in ("glicko", "glicko2"):
        terms: dict[str, Any] = {"deviation": float(rng.randrange(40, 200))}
        if system == "glicko2":
            terms["volatility"] = rng.choice((0.05, 0.06, 0.09))
        return float(strength), terms
    return float(strength), {"games": rng.choice((None, 8, 25, 60))}


def registration(player: str, born: str = "", rating: str = "", source: str = "none") -> dict[str, str]:
    """A row of a players file."""
    return {
        "player": player,
        "name": f"Player {player}",
        "country": "IE",
        "born": born,
        "starting_rating": rating,
        "source": source,
        "rated_games": "6" if source == "other" else "",  # IECG §VII.2: at least six games
    }


@dataclass
class Club:
    """A federation on a ledger file, and what the stream of new facts draws on."""

    fed: Federation
    rng: random.Random
    first: str
    last: str
    systems: tuple[str, ...]
    """The prior systems recorded (:data:`PRIORS`)."""
    players: list[str] = field(default_factory=list)
    """Everyone registered, the groups included."""
    rated: list[str] = field(default_factory=list)
    """The players who meet one another (with priors, juniors, newcomers): not the groups."""
    groups: list[list[str]] = field(default_factory=list)
    """Unrated players who meet only the players of their own group."""
    games: list[str] = field(default_factory=list)
    voided: list[str] = field(default_factory=list)
    priors: list[tuple[str, str, str]] = field(default_factory=list)
    """(player, system, as-of date) of the priors recorded and not voided."""
    adjustments: list[tuple[str | None, str, str]] = field(default_factory=list)
    """(player or None for all, on, reason) of the ICU adjustments recorded and not voided."""
    void_players: list[str] = field(default_factory=list)
    events: list[tuple[str, str, str]] = field(default_factory=list)
    """(event, start, end) of the events registered (issue 12): games of the window are played in them."""
    void_events: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)
    """The duplicate registrations merged into another player (issue 13 §4) and not unmerged."""
    count: int = 0
    """Games made so far (their ids are numbered)."""
    decisions: int = 0
    """Adjustments recorded so far (their reasons are numbered)."""

    @property
    def ledger(self) -> RatingLedger:
        return self.fed.ledger

    def day(self) -> str:
        """A day of the window."""
        first, last, rng = self.first, self.last, self.rng
        year = rng.randrange(int(first[:4]), int(last[:4]) + 1)
        months = [m for m in range(1, 13) if first[:7] <= f"{year}-{m:02d}" <= last[:7]]
        return f"{year}-{rng.choice(months):02d}-{rng.randrange(1, 29):02d}"

    def time_control(self) -> str | None:
        """Standard half the time, then rapid, then blitz."""
        kind = self.rng.random()
        return self.rng.choice(STANDARD if kind < 0.5 else RAPID if kind < 0.78 else BLITZ)

    def pair(self) -> tuple[str, str]:
        """White and Black of a game: two of the players who meet one another, or two of one group."""
        if self.rng.random() < 0.15:
            white, black = self.rng.sample(self.rng.choice(self.groups), 2)
        else:
            white, black = self.rng.sample(self.rated, 2)
        return white, black

    def game_row(self, white: str, black: str, *, forfeit: str = "", result: str = "") -> dict[str, str]:
        """A new game of the window between ``white`` and ``black``, as a row of a games file: a third of them
        in an event (on a day within its dates), naming no time control of their own half the time."""
        self.count += 1
        event, day, control = "", self.day(), self.time_control() or ""
        live = [e for e in self.events if e[0] not in self.void_events]
        if live and self.rng.random() < 0.35:
            event, start, end = self.rng.choice(live)
            first, last = date.fromisoformat(start), date.fromisoformat(end)
            day = (first + timedelta(days=self.rng.randrange((last - first).days + 1))).isoformat()
            control = "" if self.rng.random() < 0.5 else control
        return {
            "game": f"g{self.count:04d}",
            "white": white,
            "black": black,
            "result": result or self.rng.choice(("1-0", "0-1") if forfeit else ("1-0", "1/2-1/2", "0-1")),
            "finished": day,
            "tournament": f"T{self.rng.randrange(6)}",
            "forfeit": forfeit,
            "time_control": control,
            "event": event,
        }

    def game(self, white: str, black: str, *, forfeit: str = "", result: str = "") -> str:
        """Record a new game of the window (a late one, once the federation has played)."""
        row = self.game_row(white, black, forfeit=forfeit, result=result)
        self.ledger.record_game(
            row["game"],
            white=white,
            black=black,
            result=row["result"],
            finished=row["finished"],
            tournament=row["tournament"],
            time_control=row["time_control"] or None,
            forfeit=forfeit or None,
            event=row["event"] or None,
        )
        self.games.append(row["game"])
        return row["game"]

    def event(self, number: int) -> None:
        """Register an event of the window: five to seven weeks long, across a month end, of a type, mode and
        rate of play each system reads (issue 12 §2)."""
        first, last = date.fromisoformat(self.first), date.fromisoformat(self.last)
        start = first + timedelta(days=self.rng.randrange(max(1, (last - first).days - 50)))
        end = min(last, start + timedelta(days=self.rng.randrange(35, 50)))
        kind = self.rng.choice(("swiss", "round-robin", "thematic", "friendly-match", "match"))
        self.ledger.register_tournament(
            f"E{number}",
            name=f"Event {number}",
            type=kind,
            start=start.isoformat(),
            end=end.isoformat(),
            mode=self.rng.choice(("otb", "otb", "online", "email", None)),
            rate_of_play=self.rng.choice(STANDARD[:2] + RAPID[:1] + BLITZ[:1]),
            reported_on=self.first,
        )
        self.events.append((f"E{number}", start.isoformat(), end.isoformat()))

    def prior(self, player: str, system: str, rating: float, as_of: str, **terms: Any) -> None:
        self.ledger.record_prior(player, system=system, rating=rating, as_of=as_of, **terms)
        self.priors.append((player, system, as_of))

    def adjust(self, player: str | None) -> None:
        """An ICU grading committee's adjustment ("Feedback Points") of ``player``, or of all."""
        self.decisions += 1
        reason = f"feedback {self.decisions}"
        on = self.day()
        points = self.rng.choice((-30, -12, -5, 7, 15, 40))
        self.ledger.adjust_ratings(system="icu-1980", player=player, points=points, on=on, reason=reason)
        self.adjustments.append((player, on, reason))


def club(path: Path, rules: str, rng: random.Random) -> Club:
    """A federation of 41 players and about three hundred games over the window of ``rules``."""
    first, last = window(rules)
    made = Club(Federation(path), rng, first, last, PRIORS.get(rules, ("fide",)))
    rows: list[dict[str, str]] = []
    strengths: dict[str, int] = {}
    for i in range(22):
        player, junior = f"R{i:02d}", i % 4 == 1
        if junior:  # FIDE's K 40, the ECF's junior enhancement
            born = f"{rng.randrange(2009, 2016)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
        else:
            born = f"{rng.randrange(1950, 2000)}-0{rng.randrange(1, 10)}-1{rng.randrange(0, 9)}" if i % 3 else ""
        source = ("none", "tutor", "other")[i % 3]
        rows.append(registration(player, born, "" if source == "none" else str(1000 + 30 * i), source))
        made.rated.append(player)
        strengths[player] = rng.randrange(1200, 2450) - (300 if junior else 0)  # some below FIDE's floors
    for i in range(6):  # newcomers with no rating anywhere, who meet rated players and each other
        rows.append(registration(f"N{i:02d}"))
        made.rated.append(f"N{i:02d}")
    for g in range(3):  # unrated players who meet only each other: no anchor to grade them from
        made.groups.append([f"U{g}{i}" for i in range(3 + g)])
        rows.extend(registration(player) for player in made.groups[-1])
    made.ledger.import_players(enumerate(rows, start=2))
    made.players = [row["player"] for row in rows]
    for number in range(4):
        made.event(number)
    before = f"{int(first[:4]) - 1}-12-31"
    for i, (player, strength) in enumerate(strengths.items()):
        for n, system in enumerate(made.systems):  # most have the system's own prior, fewer the others
            if (i + n) % (3 + n) != 2:
                rating, terms = prior_terms(rng, system, strength)
                made.prior(player, system, rating, before, **terms)
    rows = [made.game_row(*made.pair(), forfeit="arbiter" if rng.random() < 0.03 else "") for _ in range(300)]
    made.ledger.import_games(enumerate(rows, start=2))
    made.games = [row["game"] for row in rows]
    for _ in range(3):  # withdrawals, adjudicated (IECG §VIII.3)
        game = made.game(*made.pair(), forfeit="withdrawal", result="1-0")
        made.ledger.adjudicate_game(game, result=rng.choice(("1-0", "1/2-1/2", "0-1")), on=made.last)
    if rules == "icu-1980":
        made.adjust(None)
        for player in rng.sample(made.rated, 3):
            made.adjust(player)
    return made


def change(kind: int, club: Club) -> None:
    """One new fact of kind ``kind``; a refusal (it would change nothing, say) leaves the ledger as it was."""
    rng, ledger = club.rng, club.ledger
    game = rng.choice([g for g in club.games if g not in club.voided])
    if kind == 0:
        ledger.correct_game(game, changes={"result": rng.choice(("1-0", "0-1", "1/2-1/2"))}, reason="t")
    elif kind == 1:
        ledger.correct_game(game, changes={"finished": club.day()}, reason="t")
    elif kind == 2:
        white, black = club.pair()
        ledger.correct_game(game, changes={"white": white, "black": black}, reason="t")
    elif kind == 3:  # the game moves to another list (ECF rapidplay, the online categories), or off them
        ledger.correct_game(game, changes={"time_control": club.time_control()}, reason="t")
    elif kind == 4:
        ledger.void_game(game, reason="t")
        club.voided.append(game)
    elif kind == 5:
        if club.voided:
            ledger.restore_game(club.voided.pop(0), reason="t")
        late = club.game(*club.pair(), forfeit="withdrawal", result="0-1")
        ledger.adjudicate_game(late, result="1/2-1/2", on=club.last)
    elif kind == 6:  # late games in old periods
        for _ in range(3):
            club.game(*club.pair())
    elif kind == 7:
        changes: dict[str, Any] = rng.choice(
            (
                {"born": f"{rng.randrange(2008, 2016)}-06-15"},  # a junior now
                {"born": None},
                {"starting_rating": rng.randrange(900, 1700), "source": "tutor"},
            )
        )
        ledger.correct_player(rng.choice(club.rated), changes=changes, reason="t")
    elif kind == 8:
        system = rng.choice(club.systems)
        rating, terms = prior_terms(rng, system, rng.randrange(1100, 2400))
        as_of = club.day() if rng.random() < 0.5 else f"{int(club.first[:4]) - 1}-{rng.randrange(1, 13):02d}-01"
        club.prior(rng.choice(club.players), system, rating, as_of, **terms)
    elif kind == 9:
        player, system, as_of = club.priors.pop(rng.randrange(len(club.priors)))
        ledger.void_prior(player, system=system, as_of=as_of, reason="t")
    elif kind == 10:  # only the ICU reads them; every other system must ignore them
        if club.adjustments and rng.random() < 0.5:
            who, on, reason = club.adjustments.pop(rng.randrange(len(club.adjustments)))
            ledger.void_adjustment(system="icu-1980", player=who, on=on, reason=reason, because="t")
        else:
            club.adjust(rng.choice((None, *club.players)))
    elif kind == 12:  # an event's end, mode or rate of play corrected: its games move, or change lists
        event = rng.choice(club.events)[0]
        if event in club.void_events:
            ledger.restore_tournament(event, reason="t")
            club.void_events.remove(event)
        fact = rng.choice(("end", "mode", "rate_of_play", "type"))
        value: Any = {
            "end": club.last,
            "mode": rng.choice(("otb", "online", "email")),
            "rate_of_play": rng.choice(STANDARD[:2] + RAPID + BLITZ),
            "type": rng.choice(("swiss", "thematic", "friendly-match")),
        }[fact]
        ledger.correct_tournament(event, changes={fact: value}, reason="t")
    elif kind == 13:  # an event voided (its games no longer count), or one restored
        if club.void_events and rng.random() < 0.5:
            ledger.restore_tournament(club.void_events.pop(0), reason="t")
        else:
            event = rng.choice([e for e, _, _ in club.events if e not in club.void_events])
            ledger.void_tournament(event, reason="t")
            club.void_events.append(event)
    elif kind == 14:  # a group's player merged into a rated one (his games become the other's), or unmerged
        if club.merged and rng.random() < 0.4:
            ledger.unmerge_player(club.merged.pop(0), reason="t")
        else:
            group = max(club.groups, key=len)
            player = group[-1]
            ledger.merge_player(player, into=rng.choice(club.rated), reason="t")
            club.merged.append(player)
            if len(group) > 2:  # no new game names him
                group.remove(player)
    elif club.void_players and rng.random() < 0.5:
        ledger.restore_player(club.void_players.pop(0), reason="t")
    else:
        player = rng.choice(club.players)
        ledger.void_player(player, reason="t")
        club.void_players.append(player)


Answers = tuple[dict[str, bytes], dict[str, str]]
"""The JSON list of every period, by label, and the history of a few players, by player."""


def answers(projector: Projector, rules: str, order: list[str], players: list[str]) -> Answers:
    """The list of every period, asked for in ``order``, then each player's history as text (``repr``
    of his states: every digit), or the refusal."""
    lists = {label: projector.rating_list(rules, label).as_json().encode() for label in order}
    histories: dict[str, str] = {}
    for player in players:
        try:
            histories[player] = repr(projector.history(rules, player))
        except LookupError as error:  # a void player
            histories[player] = f"refused: {error}"
    return lists, histories


def first_difference(got: Answers, expected: Answers) -> str:
    """The first list or history that differs from the cold replay's, as a diff."""
    for kind, mine, cold in (("list", got[0], expected[0]), ("history", got[1], expected[1])):
        for key in sorted(cold):
            if mine.get(key) != cold[key]:
                texts = [v.decode() if isinstance(v, bytes) else v for v in (cold[key], mine.get(key, ""))]
                lines = [text.replace("), (", "),\n(").splitlines() for text in texts]
                diff = difflib.unified_diff(lines[0], lines[1], "cold replay", "from the cache", lineterm="")
                return f"the {kind} of {key} differs:\n" + "\n".join(diff)
    return "no difference"


@contextlib.contextmanager
def spy_on_reratings(rules: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """While the block runs, one entry for each period of ``rules`` run again after new facts in part
    (``systems.run_period`` given ``only``, the players to rate again): True when the players chosen
    played fewer games than the whole period has, so that the run rated only part of it."""
    runs: list[bool] = []
    whole = systems.run_period

    def spy(params: Any, system: Any, index: int, states: Any, view: Any, only: Any = None, lists: Any = None) -> Any:
        if params.name != rules or only is None:
            return whole(params, system, index, states, view, only, lists)

        def counting(games: Any, info: Any) -> Any:
            chosen = only(games, info)
            runs.append(sum(1 for g in games if g.white in chosen or g.black in chosen) < len(games))
            return chosen

        return whole(params, system, index, states, view, counting, lists)

    with monkeypatch.context() as patch:
        patch.setattr(systems, "run_period", spy)
        yield runs


def test_every_registered_system_is_tested() -> None:
    """Every registered name but the IECG's has its seeds here: a new system joins the test."""
    assert set(SEEDS) == {name for name in RULES if not name.startswith("iecg")}


@pytest.mark.parametrize(("rules", "seed"), [(rules, seed) for rules, seeds in SEEDS.items() for seed in seeds])
def test_every_step_equals_a_cold_replay(
    tmp_path: Path, rules: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    made = club(tmp_path / "l.db", rules, rng)
    cache = str(tmp_path / "l.projections.db")
    periods = labels(rules)
    watched = [*made.rated[:3], made.rated[-1], made.groups[0][0]]

    def cold() -> Answers:
        projector = Projector(made.ledger.reader(), None)
        try:
            return answers(projector, rules, periods, watched)
        finally:
            projector.close()

    expected = cold()
    listed = sum(b'"player"' in text for text in expected[0].values())
    assert listed >= len(periods) - 1, f"{rules}: the federation's lists are empty"
    # A projector answers from the facts it folded, until another one moves the file on: it is
    # asked after the new projector of each step, and must then answer from the file as it is.
    kept = Projector(made.ledger.reader(), cache)
    assert answers(kept, rules, periods, watched) == expected
    reruns: list[bool] = []
    for step in range(STEPS):
        kind = (7 * step + seed) % KINDS
        with contextlib.suppress(LedgerError):  # refused: the ledger is as it was
            change(kind, made)
        expected = cold()
        # The order the lists are asked in decides how far the first question re-rates: the
        # first period first (one period at a time), the latest first (all at once), or any.
        order = [list(periods), periods[::-1], rng.sample(periods, len(periods))][step % 3]
        # Asked first, the projector kept open sees the new facts itself (every other step); asked
        # second, it finds the file moved on by the other one.
        fresh = Projector(made.ledger.reader(), cache)
        where = f"{rules}, seed {seed}, step {step}, after a new fact of kind {kind}"
        try:
            with spy_on_reratings(rules, monkeypatch) as runs:
                if step % 2:
                    again = answers(kept, rules, order, watched)
                    got = answers(fresh, rules, order, watched)
                else:
                    got = answers(fresh, rules, order, watched)
                    again = answers(kept, rules, order, watched)
            reruns.extend(runs)
        finally:
            fresh.close()
        assert got == expected, f"{where}: {first_difference(got, expected)}"
        assert again == expected, f"{where}, the projector kept open: {first_difference(again, expected)}"
    kept.close()
    assert reruns  # the projector on the file re-rated periods after the new facts, through System.reach
    assert any(reruns)  # and some period in part: fewer games than its whole run
