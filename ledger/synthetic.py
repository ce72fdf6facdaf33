"""A synthetic federation: seeded, so the same every time.

Used by ``ratings demo`` (a few hundred players) and by ``benchmarks/``
(a million games, streamed by :class:`FederationStream`). It makes the rows an
import takes — the same dicts a CSV file gives — plus adjudications,
withdrawals and inactivity markers.
Players have a hidden strength; results follow the logistic curve of
IECG §I.3 with a share of draws, so ratings spread the way real ones do.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date


def _elo(rating: float) -> str:
    """A starting rating drawn near a strength, kept on the Elo scale the ledger accepts (100..3500): a
    federation of 200,000 players draws some more than four deviations out.

    >>> _elo(1523.4), _elo(73.2), _elo(3612.0)
    ('1523', '100', '3500')
    """
    return str(min(3500, max(100, round(rating))))


@dataclass(frozen=True)
class Federation:
    """The rows and extra facts of a synthetic federation."""

    players: list[dict[str, str]]
    games: list[dict[str, str]]
    adjudications: list[dict[str, str]] = field(default_factory=list)
    withdrawals: list[dict[str, str]] = field(default_factory=list)
    inactive: list[dict[str, str]] = field(default_factory=list)
    reactivated: list[dict[str, str]] = field(default_factory=list)
    priors: list[dict[str, str]] = field(default_factory=list)
    """Prior ratings of other systems (FIDE, ECF) of the players rated elsewhere."""


COUNTRIES = ("DE", "IE", "GB", "US", "NL", "IT", "ES", "FR", "BR", "SE", "PL", "AR")
FIRST = (
    "Anna",
    "Brendan",
    "Carla",
    "Dieter",
    "Eva",
    "Fergus",
    "Greta",
    "Hugo",
    "Ines",
    "Jan",
    "Karin",
    "Liam",
    "Mara",
    "Niall",
    "Olga",
    "Pavel",
    "Quinn",
    "Rosa",
    "Sean",
    "Tanja",
)
LAST = (
    "Adler",
    "Byrne",
    "Costa",
    "Doyle",
    "Engel",
    "Fischer",
    "Gallo",
    "Hayes",
    "Ivanov",
    "Jansen",
    "Keane",
    "Lorenz",
    "Moreau",
    "Nowak",
    "Ortiz",
    "Petrov",
    "Quinlan",
    "Rossi",
    "Silva",
    "Tormey",
)


TIME_CONTROLS = ("", "40/7200", "40/7200", "5400+30", "40/7200", "", "900+10", "40/7200", "180+2")
"""The games' time controls, in turn: mostly standard (or not recorded), one game in nine rapid and
one blitz, for the systems with a list a category (FIDE's and the ECF's). No random draw: the games stay the same."""


def _born(first_year: int, i: int) -> str:
    """Player ``i``'s date of birth: aged 8 to 67 at the start of ``first_year``, one in six under 18."""
    age = 8 + (i * 37) % 60
    return f"{first_year - age}-{i % 12 + 1:02d}-{i % 28 + 1:02d}"


def _day(first_year: int, month: int, day: int) -> str:
    """The ISO date of ``day`` in the ``month``-th month (from 0) counted from January of ``first_year``."""
    return f"{first_year + month // 12}-{month % 12 + 1:02d}-{day:02d}"


class FederationStream:
    """A synthetic federation, made as it is read: the players at once, the games one at a time.

    :meth:`games` yields the game rows in order without holding them; the
    extra facts (adjudications, withdrawals, inactivity markers) are complete
    once it is exhausted. The same seed gives the same rows as :func:`federation`.
    """

    def __init__(
        self,
        seed: int = 1997,
        players: int = 300,
        games: int = 6_000,
        first_year: int = 2019,
        years: int = 5,
        special_every: int = 40,
    ) -> None:
        self.rng = random.Random(seed)
        self.count = games
        self.first_year = first_year
        self.years = years
        self.special_every = special_every
        self.strengths: list[float] = []
        self.joined: list[int] = []
        self.players: list[dict[str, str]] = []
        self.adjudications: list[dict[str, str]] = []
        self.withdrawals: list[dict[str, str]] = []
        self.inactive: list[dict[str, str]] = []
        self.reactivated: list[dict[str, str]] = []
        self.priors: list[dict[str, str]] = []
        self._started = False
        rng = self.rng
        for i in range(players):
            pid = f"{10001 + i}"
            strength = rng.gauss(1500, 300)
            self.strengths.append(strength)
            self.joined.append(rng.randrange(years * 12 * 2 // 3 + 1) if i >= players // 3 else 0)
            kind = rng.random()
            if kind < 0.15:
                source, rating, rated = "iccf", _elo(strength + rng.gauss(0, 60)), str(rng.randrange(15, 120))
            elif kind < 0.25:
                source, rating, rated = "other", _elo(strength + rng.gauss(0, 100)), str(rng.randrange(6, 40))
            elif kind < 0.55:
                source, rating, rated = "tutor", _elo(min(1700, strength + rng.gauss(0, 150))), ""
            else:
                source, rating, rated = "none", "", ""
            self.players.append(
                {
                    "player": pid,
                    "name": f"{FIRST[i % len(FIRST)]} {LAST[(i * 7 + i // len(FIRST)) % len(LAST)]}",
                    "country": COUNTRIES[rng.randrange(len(COUNTRIES))],
                    "starting_rating": rating,
                    "source": source,
                    "rated_games": rated,
                    "born": _born(first_year, i),
                }
            )
            if source in ("iccf", "other"):
                # Players rated elsewhere also bring a FIDE rating and English grades (seed 004:
                # ECF = (FIDE − 700) / 7.5), for the systems that seed from them (FIDE's and the ECF's).
                grade = str(round((int(rating) - 700) / 7.5))
                as_of = f"{first_year - 1}-12-31"
                self.priors.append({"player": pid, "system": "fide", "rating": rating, "games": rated, "as_of": as_of})
                for system in ("ecf", "ecf-rapid"):
                    self.priors.append({"player": pid, "system": system, "rating": grade, "games": "", "as_of": as_of})

    def games(self) -> Iterator[dict[str, str]]:
        """The game rows, in order; the extra facts are complete when this is exhausted (once only)."""
        if self._started:
            raise RuntimeError("the games of a federation stream can be read only once")
        self._started = True
        rng, strengths, joined, first_year = self.rng, self.strengths, self.joined, self.first_year
        ids = [p["player"] for p in self.players]
        players = len(ids)
        special_every = self.special_every
        months = self.years * 12
        withdrawn: set[tuple[str, str]] = set()
        for g in range(self.count):
            month = rng.randrange(months)
            while True:
                a, b = rng.randrange(players), rng.randrange(players)
                if a != b and joined[a] <= month and joined[b] <= month:
                    break
            year, mon = first_year + month // 12, month % 12 + 1
            day = rng.randrange(1, 29)
            expected = 1.0 / (1.0 + 10.0 ** (-(strengths[a] - strengths[b]) / 400.0))
            draw = 0.3 * (1 - abs(expected - 0.5) * 2)
            roll = rng.random()
            result = "1/2-1/2" if roll < draw else ("1-0" if roll < draw + (1 - draw) * expected else "0-1")
            game_id = f"G{g + 1:07d}"
            tournament = f"T{year}-{mon:02d}-{rng.randrange(1, 6)}"
            forfeit = ""
            if special_every and g % special_every == special_every - 1:
                forfeit = "withdrawal" if (g // special_every) % 2 else "arbiter"
                result = "1-0" if rng.random() < 0.5 else "0-1"
            finished = _day(first_year, month, day)
            yield {
                "game": game_id,
                "white": ids[a],
                "black": ids[b],
                "result": result,
                "finished": finished,
                "tournament": tournament,
                "forfeit": forfeit,
                "time_control": TIME_CONTROLS[g % len(TIME_CONTROLS)],
                "reported": "",
            }
            if forfeit == "withdrawal":
                loser = ids[a if result == "0-1" else b]
                if (loser, tournament) not in withdrawn:
                    withdrawn.add((loser, tournament))
                    self.withdrawals.append({"player": loser, "tournament": tournament, "on": finished})
                if (g // special_every) % 4 == 1 and month + 3 < months:
                    later = month + rng.randrange(1, 4)
                    self.adjudications.append(
                        {
                            "game": game_id,
                            "result": rng.choice(("1-0", "1/2-1/2", "0-1")),
                            "on": _day(first_year, later, 10),
                        }
                    )
        for i in range(0, players, max(1, players // 6)):
            month = rng.randrange(months // 2, months)
            on = _day(first_year, month, 1)
            self.inactive.append({"player": ids[i], "on": on, "reason": "requested a break"})
            if i % 2 and month + 6 < months:
                back = month + 6
                self.reactivated.append({"player": ids[i], "on": _day(first_year, back, 1)})


def federation(
    seed: int = 1997,
    players: int = 300,
    games: int = 6_000,
    first_year: int = 2019,
    years: int = 5,
    special_every: int = 40,
) -> Federation:
    """A federation of ``players`` over ``years`` years from ``first_year`` with ``games`` games.

    Every ``special_every``-th game is a forfeit: arbiter forfeits, and
    withdrawal forfeits of which half are later adjudicated. A few players
    are marked inactive, and some of them reactivated. Every row is held in
    memory; :class:`FederationStream` makes the same rows one at a time.
    """
    stream = FederationStream(seed, players, games, first_year, years, special_every)
    rows = list(stream.games())
    return Federation(
        stream.players,
        rows,
        stream.adjudications,
        stream.withdrawals,
        stream.inactive,
        stream.reactivated,
        stream.priors,
    )


EVENT_KINDS = (
    ("class", "email", None),
    ("swiss", "otb", "5400+30"),
    ("quad", "email", None),
    ("round-robin", "otb", "40/7200:1800"),
    ("swiss", "online", "900+10"),
)
"""The events of the demo federation, by the last digit of a tournament's name (``T2021-03-4``): its type, its
mode and its rate of play (a game's own time control overrides it)."""


def events_of(games: list[dict[str, str]]) -> list[dict[str, str | None]]:
    """An event for each tournament the games name: a month long (the games' month), of the type and mode
    :data:`EVENT_KINDS` gives (the demo has events of several types and modes)."""
    found: dict[str, dict[str, str | None]] = {}
    for row in games:
        name = row["tournament"]
        if name in found:
            continue
        year, month = int(name[1:5]), int(name[6:8])
        kind, mode, rate = EVENT_KINDS[(int(name[9:]) - 1) % len(EVENT_KINDS)]
        last = 31 if month == 12 else (date(year, month + 1, 1) - date(year, month, 1)).days
        found[name] = {
            "event": name,
            "name": f"{kind.replace('-', ' ').title()} {year}-{month:02d} #{name[9:]}",
            "type": kind,
            "start": f"{year}-{month:02d}-01",
            "end": f"{year}-{month:02d}-{last:02d}",
            "mode": mode,
            "rate_of_play": rate,
            "rating_class": "2" if kind in ("class", "quad") else None,
        }
    return [found[name] for name in sorted(found)]
