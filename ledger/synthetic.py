"""A synthetic federation: seeded, so the same every time.

Used by ``ratings demo`` (a few hundred players) and by ``benchmarks/``
(a million games). It makes the rows an import takes — the same dicts a CSV
file gives — plus adjudications, withdrawals and inactivity markers.
Players have a hidden strength; results follow the logistic curve of
IECG §I.3 with a share of draws, so ratings spread the way real ones do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Federation:
    """The rows and extra facts of a synthetic federation."""

    players: list[dict[str, str]]
    games: list[dict[str, str]]
    adjudications: list[dict[str, str]] = field(default_factory=list)
    withdrawals: list[dict[str, str]] = field(default_factory=list)
    inactive: list[dict[str, str]] = field(default_factory=list)
    reactivated: list[dict[str, str]] = field(default_factory=list)


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
    are marked inactive, and some of them reactivated.
    """
    rng = random.Random(seed)
    strengths: list[float] = []
    joined: list[int] = []
    player_rows: list[dict[str, str]] = []
    for i in range(players):
        pid = f"{10001 + i}"
        strength = rng.gauss(1500, 300)
        strengths.append(strength)
        joined.append(rng.randrange(years * 12 * 2 // 3 + 1) if i >= players // 3 else 0)
        kind = rng.random()
        if kind < 0.15:
            source, rating, rated = "iccf", str(round(strength + rng.gauss(0, 60))), str(rng.randrange(15, 120))
        elif kind < 0.25:
            source, rating, rated = "other", str(round(strength + rng.gauss(0, 100))), str(rng.randrange(6, 40))
        elif kind < 0.55:
            source, rating, rated = "tutor", str(min(1700, round(strength + rng.gauss(0, 150)))), ""
        else:
            source, rating, rated = "none", "", ""
        player_rows.append(
            {
                "player": pid,
                "name": f"{FIRST[i % len(FIRST)]} {LAST[(i * 7 + i // len(FIRST)) % len(LAST)]}",
                "country": COUNTRIES[rng.randrange(len(COUNTRIES))],
                "starting_rating": rating,
                "source": source,
                "rated_games": rated,
            }
        )
    months = years * 12
    fed = Federation(player_rows, [])
    for g in range(games):
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
        finished = f"{year}-{mon:02d}-{day:02d}"
        fed.games.append(
            {
                "game": game_id,
                "white": player_rows[a]["player"],
                "black": player_rows[b]["player"],
                "result": result,
                "finished": finished,
                "tournament": tournament,
                "forfeit": forfeit,
                "time_control": "40/7200" if g % 3 else "",
                "reported": "",
            }
        )
        if forfeit == "withdrawal":
            loser = player_rows[a if result == "0-1" else b]["player"]
            fed.withdrawals.append({"player": loser, "tournament": tournament, "on": finished})
            if (g // special_every) % 4 == 1 and month + 3 < months:
                later = month + rng.randrange(1, 4)
                fed.adjudications.append(
                    {
                        "game": game_id,
                        "result": rng.choice(("1-0", "1/2-1/2", "0-1")),
                        "on": f"{first_year + later // 12}-{later % 12 + 1:02d}-10",
                    }
                )
    withdrawn: set[tuple[str, str]] = set()
    unique: list[dict[str, str]] = []
    for w in fed.withdrawals:
        if (w["player"], w["tournament"]) not in withdrawn:
            withdrawn.add((w["player"], w["tournament"]))
            unique.append(w)
    fed.withdrawals[:] = unique
    for i in range(0, players, max(1, players // 6)):
        month = rng.randrange(months // 2, months)
        on = f"{first_year + month // 12}-{month % 12 + 1:02d}-01"
        fed.inactive.append({"player": player_rows[i]["player"], "on": on, "reason": "requested a break"})
        if i % 2 and month + 6 < months:
            back = month + 6
            fed.reactivated.append(
                {"player": player_rows[i]["player"], "on": f"{first_year + back // 12}-{back % 12 + 1:02d}-01"}
            )
    return fed
