"""The floor each system's cold replay is measured against: ``python -m benchmarks.floors --data DIR``.

For every system family, the straightforward script a rating officer would
write over the benchmark federation's CSV files: read the games, sort them by
date, and for each rating period apply the system's own formula to plain
dicts of ratings, every player rated from the start-of-period values. No
event log, no cache, no explanation, no corrections: the floor sets what the
arithmetic alone costs in plain Python. It leaves out what only changes a few
figures (adjudications, withdrawals, inactivity; the IECG's §VII.4 and
§VIII.5, the I.C.U.'s bonuses and order of grading, FIDE's 26-month pooling)
and keeps every step that touches every game or every player. Each floor is
timed as a whole (reading and sorting the CSV included, as the script would
run) and the reading alone is reported beside it.

Time controls as the systems read them: a game with none recorded is standard;
``M/S`` gives ``S`` seconds (for ``M`` moves); ``B+I`` gives ``B + 60·I``
seconds (increments over 60 moves). Standard is 60 minutes or more, rapid more
than 10 and less than 60, blitz 3 to 10.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Game = tuple[str, str, str, float, str]
"""(finished, white, black, white's score, kind: ``standard``, ``rapid``, ``blitz`` or ``other``)."""


@dataclass(frozen=True)
class Inputs:
    """The CSV files as the floors read them."""

    games: list[Game]
    """Every game that was played (forfeits left out), sorted by the day it finished."""
    starting: dict[str, float]
    """Each player's registered starting rating (players without one are left out)."""
    born: dict[str, str]
    """Each player's date of birth."""
    priors: dict[str, dict[str, dict[str, str]]]
    """system → player → the prior's row of ``priors.csv``."""


SCORES = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def time_control_kind(time_control: str, kinds: dict[str, str]) -> str:
    """``standard``, ``rapid``, ``blitz`` or ``other`` (see the module's docstring); ``kinds`` caches the answers."""
    known = kinds.get(time_control)
    if known is not None:
        return known
    if not time_control:
        seconds = 3600.0
    elif "/" in time_control:
        seconds = float(time_control.split("/")[1])
    else:
        base, _, increment = time_control.partition("+")
        seconds = float(base) + 60 * float(increment or 0)
    minutes = seconds / 60
    kind = "standard" if minutes >= 60 else "rapid" if minutes > 10 else "blitz" if minutes >= 3 else "other"
    kinds[time_control] = kind
    return kind


def read_inputs(folder: Path) -> Inputs:
    """The federation's players, priors and games (sorted by date) from ``folder``."""
    starting: dict[str, float] = {}
    born: dict[str, str] = {}
    with open(folder / "players.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["starting_rating"]:
                starting[row["player"]] = float(row["starting_rating"])
            born[row["player"]] = row["born"]
    priors: dict[str, dict[str, dict[str, str]]] = defaultdict(dict)
    with open(folder / "priors.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            priors[row["system"]][row["player"]] = row
    kinds: dict[str, str] = {}
    games: list[Game] = []
    with open(folder / "games.csv", newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        columns = ("white", "black", "result", "finished", "forfeit", "time_control")
        w, b, r, f, x, t = (header.index(name) for name in columns)
        for line in reader:
            if not line[x]:
                games.append((line[f], line[w], line[b], SCORES[line[r]], time_control_kind(line[t], kinds)))
    games.sort(key=lambda game: game[0])
    return Inputs(games, starting, born, dict(priors))


def by_period(games: list[Game], key: Callable[[str], str], kind: str | None) -> list[list[Game]]:
    """The games of ``kind`` (every kind: None), in runs of one period each, in date order."""
    periods: list[list[Game]] = []
    current = ""
    for game in games:
        if kind is not None and game[4] != kind:
            continue
        label = key(game[0])
        if label != current or not periods:
            periods.append([])
            current = label
        periods[-1].append(game)
    return periods


def month(day: str) -> str:
    return day[:7]


def _expected(difference: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))


# --- IECG 1.7 ----------------------------------------------------------------------


def iecg(data: Inputs) -> dict[str, float]:
    """IECG 1.7: two-month periods; established (15 games): Rn = Ro + Σ k·(W − We), k = r·p (§V);
    provisional: Rp = Rc + D(p)·F over all games (§IV.1); opponents at their previous TER, cut at 400 (§III.8)."""
    rating = dict(data.starting)
    for player, prior in data.priors.get("iccf", {}).items():
        rating[player] = float(prior["rating"])
    games_of: dict[str, int] = defaultdict(int)
    opp_sum: dict[str, float] = defaultdict(float)
    points2: dict[str, float] = defaultdict(float)
    for period in by_period(data.games, lambda d: f"{d[:4]}-{(int(d[5:7]) - 1) // 2}", None):
        start = dict(rating)
        changes: dict[str, float] = defaultdict(float)
        counts: dict[str, int] = defaultdict(int)
        for _, white, black, score, _ in period:
            for me, them, s in ((white, black, score), (black, white, 1 - score)):
                own = start.get(me, 1200.0)
                used = min(max(start.get(them, 1200.0), own - 400), own + 400)
                counts[me] += 1
                if games_of[me] >= 15:
                    changes[me] += s - _expected(own - used)
                else:
                    opp_sum[me] += used
                    points2[me] += 2 * s
        for player, n in counts.items():
            old = start.get(player, 1200.0)
            if games_of[player] >= 15:
                pn = games_of[player]
                r = 10 if old >= 2400 else 70 - old / 40 if old > 2000 else 20
                p = 1 if pn >= 80 else 1.4 - pn / 200 if pn > 30 else 1.25 if pn > 15 else 1.5
                rating[player] = round(old + r * p * changes[player])
            else:
                total = games_of[player] + n
                p = min(max(points2[player] / (2 * total), 0.0), 1.0)
                d = 800.0 if p == 1 else -800.0 if p == 0 else -400 * math.log10((1 - p) / p)
                rating[player] = round(opp_sum[player] / total + d * (-2 * p * p + 2 * p + 0.5))
            games_of[player] += n
    return rating


# --- ICU 1980 ----------------------------------------------------------------------


def icu(data: Inputs) -> dict[str, float]:
    """I.C.U. 1980, a year a run: graded players + 16·(W − L) + 4% of the capped differences (half rate
    from 2000 when active); provisional and new players (Σ opponents ± 400)/games over all their games;
    ungraded players who met each other by successive approximation."""
    grade: dict[str, float] = {}
    held: dict[str, int] = {}
    for player, prior in data.priors.get("icu", {}).items():
        grade[player], held[player] = float(prior["rating"]), int(prior["games"] or 0)
    for period in by_period(data.games, lambda d: d[:4], None):
        start = dict(grade)
        mine: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for _, white, black, score, _ in period:
            mine[white].append((black, score))
            mine[black].append((white, 1 - score))
        ungraded = [p for p in mine if p not in start]
        estimate = {p: 1400.0 for p in ungraded}
        for _ in range(30):  # successive approximation of the ungraded who met each other
            moved = 0.0
            nxt = {}
            for player in ungraded:
                total = sum(start.get(o, estimate.get(o, 1400.0)) + 400 * (2 * s - 1) for o, s in mine[player])
                nxt[player] = total / len(mine[player])
                moved = max(moved, abs(nxt[player] - estimate[player]))
            estimate = nxt
            if moved < 0.5:
                break
        for player, results in mine.items():
            n = len(results)
            if player not in start:
                grade[player], held[player] = round(estimate[player]), n
                continue
            old, old_games = start[player], held[player]
            if old_games < 12:
                batch = sum(start.get(o, estimate.get(o, 1400.0)) + 400 * (2 * s - 1) for o, s in results)
                grade[player] = round((batch + old * old_games) / (old_games + n))
            else:
                wins_less_losses = sum(2 * s - 1 for _, s in results)
                diffs = sum(min(max(start.get(o, estimate.get(o, 1400.0)) - old, -350), 350) for o, _ in results)
                gain = 16 * wins_less_losses + 0.04 * diffs
                grade[player] = round(old + (gain / 2 if old >= 2000 and n >= 16 else gain))
            held[player] = old_games + n
    return grade


# --- ECF grading -------------------------------------------------------------------


def ecf_grading(data: Inputs) -> dict[str, float]:
    """ECF grading (Clarke), standard play: annual lists before 2012, six-monthly from; points = the
    opponent's grade ± 50 (differences over 40 taken as 40), averaged over the period's games made up to
    30 with the previous period's latest; 10 results needed; juniors' bonus; ungraded players by
    successive approximation."""
    grade = {p: float(row["rating"]) for p, row in data.priors.get("ecf", {}).items()}
    last: dict[str, list[float]] = {}

    def key(day: str) -> str:
        return day[:4] if day < "2012" else f"{day[:4]}-{1 if day[5:7] <= '06' else 2}"

    for period in by_period(data.games, key, "standard"):
        end_year = int(period[-1][0][:4])
        start = dict(grade)
        mine: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for _, white, black, score, _ in period:
            mine[white].append((black, score))
            mine[black].append((white, 1 - score))
        ungraded = [p for p in mine if p not in start]
        estimate = {p: 100.0 for p in ungraded}
        for _ in range(50):  # successive approximation of the ungraded who met each other
            nxt = {}
            moved = 0.0
            for player in ungraded:
                results = mine[player]
                nxt[player] = sum(start.get(o, estimate.get(o, 100.0)) + 100 * s - 50 for o, s in results) / len(
                    results
                )
                moved = max(moved, abs(nxt[player] - estimate[player]))
            estimate = nxt
            if moved < 0.5:
                break
        for player, results in mine.items():
            if player not in start:
                grade[player] = round(estimate[player])
                continue
            own = start[player]
            points = [
                max(0.0, min(max(start.get(o, estimate.get(o, 100.0)), own - 40), own + 40) + 100 * s - 50)
                for o, s in results
            ]
            made_up = points + last.get(player, [])[: max(0, 30 - len(points))]
            last[player] = points[::-1]
            if len(made_up) < 10:
                continue
            age = end_year - int(data.born[player][:4])
            bonus = 10 if age < 11 else 8 if age < 15 else 6 if age < 18 else 0
            grade[player] = math.floor(sum(made_up) / len(made_up) + 0.5) + bonus
    return grade


# --- ECF online --------------------------------------------------------------------


def ecf_online(data: Inputs) -> dict[str, float]:
    """ECF online, standard list: monthly, Rnew = R + 20·(W − We) after every game from the
    start-of-month ratings; seeded from the ECF grade (7.5·ECF + 700), else FIDE, else 1500 (a choice)."""
    rating: dict[str, float] = {}
    for system in ("fide", "ecf-rapid", "ecf"):
        for player, row in data.priors.get(system, {}).items():
            value = float(row["rating"])
            rating[player] = value if system == "fide" else 7.5 * value + 700
    for period in by_period(data.games, month, "standard"):
        start = dict(rating)
        change: dict[str, float] = defaultdict(float)
        for _, white, black, score, _ in period:
            rw, rb = start.get(white, 1500.0), start.get(black, 1500.0)
            expected = _expected(rw - rb)
            change[white] += 20 * (score - expected)
            change[black] -= 20 * (score - expected)
        for player, delta in change.items():
            rating[player] = start.get(player, 1500.0) + delta
    return rating


# --- FIDE 2024 ---------------------------------------------------------------------


def fide(data: Inputs) -> dict[str, float]:
    """FIDE 2024, standard: monthly; rated players ΔR = K·(W − We) a game, differences over 400 as 400,
    K 40 (under 30 games, or junior under 2300), 20 under 2400, else 10, K·n at most 700; an unrated
    player rated from 5 games against rated players: Ru = Ra + dp with two 1800 draws, at most 2200,
    published from 1400."""
    rating = {p: float(row["rating"]) for p, row in data.priors.get("fide", {}).items()}
    played = {p: int(row["games"] or 0) for p, row in data.priors.get("fide", {}).items()}
    pool: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for period in by_period(data.games, month, "standard"):
        start = dict(rating)
        year = int(period[0][0][:4])
        change: dict[str, float] = defaultdict(float)
        count: dict[str, int] = defaultdict(int)
        for _, white, black, score, _ in period:
            for me, them, s in ((white, black, score), (black, white, 1 - score)):
                own, other = start.get(me), start.get(them)
                if other is None:
                    continue
                if own is None:
                    pool[me].append((other, s))
                    continue
                change[me] += s - _expected(min(max(own - other, -400), 400))
                count[me] += 1
        for player, n in count.items():
            own = start[player]
            junior = year - int(data.born[player][:4]) <= 18
            k = 40.0 if played[player] < 30 or (junior and own < 2300) else 20.0 if own < 2400 else 10.0
            rating[player] = own + min(k, 700 / n) * change[player]
            played[player] += n
        for player, results in list(pool.items()):
            if player in start or len(results) < 5:
                continue
            ra = (sum(r for r, _ in results) + 3600) / (len(results) + 2)
            p = (sum(s for _, s in results) + 1) / (len(results) + 2)
            dp = 800.0 if p >= 1 else -800.0 if p <= 0 else max(-800.0, min(800.0, -400 * math.log10(1 / p - 1)))
            ru = min(ra + dp, 2200.0)
            if ru >= 1400:
                rating[player], played[player] = ru, len(results)
                del pool[player]
    return rating


# --- Glicko ------------------------------------------------------------------------

Q = math.log(10) / 400
C2 = 44.72**2
"""Step 1(b): c², the growth of RD² a period without play (the registry's c = 44.72)."""
NEW = (1500.0, 350.0)
"""Step 1(a): an unrated player's rating and RD."""


def glicko(data: Inputs) -> dict[str, float]:
    """Glicko (Glickman 1995): monthly; RD grows by c = 44.72 a period without play (at most 350);
    r′ = r + q/(1/RD² + 1/d²)·Σ g(RDj)(sj − E), RD′ = √(1/(1/RD² + 1/d²))."""
    state: dict[str, tuple[float, float, int]] = {}
    for player, row in data.priors.get("glicko", {}).items():
        state[player] = (float(row["rating"]), float(row["deviation"]), 0)
    for index, period in enumerate(by_period(data.games, month, None), start=1):
        # Step 1(b): every player's RD at the start of the period, grown for the periods without play.
        start: dict[str, tuple[float, float]] = {}
        for player, (r, rd, last) in state.items():
            idle = index - last - 1  # a prior counts as rated in period 0, before the first
            start[player] = (r, min(math.sqrt(rd * rd + C2 * idle), 350.0))
        mine: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for _, white, black, score, _ in period:
            mine[white].append((black, score))
            mine[black].append((white, 1 - score))
        for player, results in mine.items():
            r, rd = start.get(player, NEW)
            d_inv = 0.0
            total = 0.0
            for opponent, s in results:
                rj, rdj = start.get(opponent, NEW)
                g = 1 / math.sqrt(1 + 3 * Q * Q * rdj * rdj / (math.pi * math.pi))
                e = 1 / (1 + 10 ** (-g * (r - rj) / 400))
                d_inv += g * g * e * (1 - e)
                total += g * (s - e)
            d_inv *= Q * Q
            denominator = 1 / (rd * rd) + d_inv
            state[player] = (r + Q / denominator * total, math.sqrt(1 / denominator), index)
    return {player: r for player, (r, _, _) in state.items()}


# --- Glicko-2 ----------------------------------------------------------------------

SCALE = 173.7178
TAU = 0.5
EPSILON = 1e-6


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """Glickman (2013), step 5: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(big_c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = big_c, fc
    return math.exp(big_a / 2)


def glicko2(data: Inputs) -> dict[str, float]:
    """Glicko-2 (Glickman 2013), steps 1–8: monthly, τ = 0.5; a player who does not play keeps μ and σ
    and φ grows to √(φ² + σ²)."""
    state: dict[str, tuple[float, float, float]] = {}
    for player, row in data.priors.get("glicko2", {}).items():
        r, rd, sigma = float(row["rating"]), float(row["deviation"]), float(row["volatility"])
        state[player] = ((r - 1500) / SCALE, rd / SCALE, sigma)
    new = (0.0, 350 / SCALE, 0.06)
    for period in by_period(data.games, month, None):
        start = dict(state)
        mine: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for _, white, black, score, _ in period:
            mine[white].append((black, score))
            mine[black].append((white, 1 - score))
        for player, (mu, phi, sigma) in start.items():  # step 6 for those who do not play
            if player not in mine:
                state[player] = (mu, math.sqrt(phi * phi + sigma * sigma), sigma)
        for player, results in mine.items():
            mu, phi, sigma = start.get(player, new)
            v_inv = 0.0
            total = 0.0
            for opponent, s in results:
                mu_j, phi_j, _ = start.get(opponent, new)
                g = 1 / math.sqrt(1 + 3 * phi_j * phi_j / (math.pi * math.pi))
                e = 1 / (1 + math.exp(-g * (mu - mu_j)))
                v_inv += g * g * e * (1 - e)
                total += g * (s - e)
            v = 1 / v_inv
            sigma_new = _volatility(phi, sigma, v * total, v)
            phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
            phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
            state[player] = (mu + phi_new * phi_new * total, phi_new, sigma_new)
    return {player: SCALE * mu + 1500 for player, (mu, _, _) in state.items()}


FLOORS: dict[str, Callable[[Inputs], dict[str, float]]] = {
    "iecg": iecg,
    "icu": icu,
    "ecf-grading": ecf_grading,
    "ecf-online": ecf_online,
    "fide": fide,
    "glicko": glicko,
    "glicko2": glicko2,
}
"""Each system family's floor, by the family's key in :data:`benchmarks.run.FAMILIES`: the ratings
(grades) after the last period, by player."""


@dataclass(frozen=True)
class Floor:
    """A floor's run: the whole script's seconds, the reading's alone, and the players it rated; the
    CPU seconds (user + sys) of the whole and of the reading."""

    seconds: float
    read_seconds: float
    players: int
    cpu_seconds: float = 0.0
    read_cpu_seconds: float = 0.0


def run_floor(family: str, folder: Path) -> Floor:
    """Run the floor of ``family`` over the CSV files in ``folder`` once, reading included."""
    cpu, start = time.process_time(), time.perf_counter()
    data = read_inputs(folder)
    read, read_cpu = time.perf_counter() - start, time.process_time() - cpu
    players = len(FLOORS[family](data))
    return Floor(time.perf_counter() - start, read, players, time.process_time() - cpu, read_cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, required=True, help="A folder that benchmarks.federation wrote.")
    parser.add_argument("--systems", default=",".join(FLOORS), help="Comma-separated families.")
    args = parser.parse_args(argv)
    for family in args.systems.split(","):
        floor = run_floor(family, args.data)
        print(json.dumps({"family": family, **floor.__dict__}))


if __name__ == "__main__":
    main()
