"""Determinism (project spec): the JSON list of (rules, period) is a pure function of the log's facts.

The same bytes whatever order the facts were recorded in, cold or from a
cache (also after more games, some in earlier periods, were appended to a
cached ledger), and on every run.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.application import RatingLedger
from projections.lists import RatingList
from projections.replay import Projector
from projections.rules.common import RatedGame
from projections.rules.iecg import IECG_VERSIONS
from projections.rules.iecg.formulas import (
    PlayerState,
    entries_of_period,
    initial_state,
    rate_period,
    settle,
)
from tests.projections.federation import RULES, TODAY, Federation

FIRST_DAY = date(2021, 1, 1)
SPAN_DAYS = 540  # nine periods: 2021-01 … 2022-05
LABELS = [f"{y}-{m:02d}" for y in (2021, 2022) for m in range(1, 13, 2)]


@dataclass
class Log:
    """The facts of a small federation, as rows the ledger's commands take."""

    players: list[dict[str, str]] = field(default_factory=list)
    games: list[dict[str, str]] = field(default_factory=list)
    adjudications: list[tuple[str, str, str]] = field(default_factory=list)
    markers: list[tuple[str, str, bool]] = field(default_factory=list)


def write(path: Path, log: Log, order: random.Random | None = None) -> RatingLedger:
    """A ledger holding ``log``; with ``order``, every kind of fact is recorded in a shuffled order."""
    players, games, adjudications = list(log.players), list(log.games), list(log.adjudications)
    if order is not None:
        order.shuffle(players)
        order.shuffle(games)
        order.shuffle(adjudications)
    make = RatingLedger if Path(path).exists() else RatingLedger.create
    ledger = make(str(path), clock=lambda: TODAY, user="test")
    ledger.import_players(enumerate(players, start=2))
    append(ledger, games, adjudications, log.markers)
    return ledger


def append(
    ledger: RatingLedger,
    games: Iterable[dict[str, str]],
    adjudications: Iterable[tuple[str, str, str]] = (),
    markers: Iterable[tuple[str, str, bool]] = (),
) -> None:
    ledger.import_games(enumerate(games, start=2))
    for game, result, on in adjudications:
        ledger.adjudicate_game(game, result=result, on=on)
    for player, on, inactive in markers:
        if inactive:
            ledger.mark_inactive(player, on=on, reason="test")
        else:
            ledger.reactivate(player, on=on)


def lists(ledger: RatingLedger, cache: Path | None = None, labels: Iterable[str] = LABELS) -> dict[str, bytes]:
    projector = Projector(ledger.reader(), str(cache) if cache is not None else None)
    try:
        return {label: projector.rating_list(RULES, label).as_json().encode() for label in labels}
    finally:
        projector.close()


def day(offset: int) -> str:
    return (FIRST_DAY + timedelta(days=offset)).isoformat()


@st.composite
def federations(draw: st.DrawFn, prefix: str = "g") -> Log:
    """A federation of 3–8 players (all three kinds of start) and 8–40 games over nine periods,
    with forfeits of both kinds, some adjudications and inactivity markers."""
    log = Log()
    count = draw(st.integers(3, 8))
    ids = [f"p{i}" for i in range(count)]
    for pid in ids:
        source = draw(st.sampled_from(["none", "tutor", "iccf"]))
        row = {"player": pid, "name": f"Player {pid}", "country": "IE", "source": source}
        if source == "tutor":
            row["starting_rating"] = str(draw(st.integers(600, 1700)))
        elif source == "iccf":
            row["starting_rating"] = str(draw(st.integers(1000, 2500)))
            row["rated_games"] = str(draw(st.integers(0, 100)))
        log.players.append(row)
    log.games = draw(games(ids, prefix))
    for row in log.games:
        # Only a forfeited game is adjudicated (issue 10 §3).
        if row.get("forfeit") and draw(st.integers(0, 2)) == 0:
            on = day(min((date.fromisoformat(row["finished"]) - FIRST_DAY).days + draw(st.integers(0, 90)), SPAN_DAYS))
            log.adjudications.append((row["game"], draw(st.sampled_from(["1-0", "0-1", "1/2-1/2"])), on))
    if draw(st.booleans()):
        player = draw(st.sampled_from(ids))
        start = draw(st.integers(0, SPAN_DAYS - 100))
        log.markers.append((player, day(start), True))
        if draw(st.booleans()):
            log.markers.append((player, day(start + draw(st.integers(1, 99))), False))
    return log


def games(ids: list[str], prefix: str, least: int = 8, most: int = 40) -> st.SearchStrategy[list[dict[str, str]]]:
    """Games between the players ``ids``, with ids ``prefix0``, ``prefix1``, …"""
    game = st.tuples(
        st.sampled_from(ids),
        st.sampled_from(ids),
        st.sampled_from(["1-0", "0-1", "1/2-1/2"]),
        st.integers(0, SPAN_DAYS),
        st.sampled_from(["", "", "", "", "arbiter", "withdrawal"]),
    )

    def rows(drawn: list[tuple[str, str, str, int, str]]) -> list[dict[str, str]]:
        return [
            {
                "game": f"{prefix}{n}",
                "white": white,
                "black": black,
                "result": "1-0" if forfeit and result == "1/2-1/2" else result,  # a forfeit is a win (issue 22 §4)
                "finished": day(offset),
                "tournament": "",
                "forfeit": forfeit,
            }
            for n, (white, black, result, offset, forfeit) in enumerate(drawn)
            if white != black
        ]

    return st.lists(game, min_size=least, max_size=most).map(rows)


PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(log=federations(), seed=st.integers(0, 2**32 - 1))
def test_recording_order_does_not_change_the_bytes(log: Log, seed: int) -> None:
    """Project spec (determinism): the same facts recorded in another order give the same bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        in_order = write(Path(tmp) / "a.db", log)
        shuffled = write(Path(tmp) / "b.db", log, random.Random(seed))
        assert lists(in_order) == lists(shuffled)


@PROPERTY
@given(data=st.data(), log=federations())
def test_cached_incremental_equals_cold(data: st.DataObject, log: Log) -> None:
    """Project spec (determinism): query some lists through a cache, append a batch of games (some in
    periods already computed) and adjudications of games recorded before, query again through the
    cache: the bytes equal a cold run over the same log."""
    ids = [row["player"] for row in log.players]
    batch = data.draw(games(ids, "late", least=1, most=12), label="batch")
    adjudicated = {game for game, _, _ in log.adjudications}
    open_games = [row for row in log.games if row["game"] not in adjudicated and row.get("forfeit")]
    late_adjudications: list[tuple[str, str, str]] = []
    if open_games:
        decided = data.draw(st.lists(st.sampled_from(open_games), max_size=3, unique_by=lambda row: row["game"]))
        late_adjudications = [(row["game"], "1/2-1/2", row["finished"]) for row in decided]
    queried = data.draw(st.lists(st.sampled_from(LABELS), min_size=1, max_size=4), label="queried")
    with tempfile.TemporaryDirectory() as tmp:
        ledger = write(Path(tmp) / "l.db", log)
        cache = Path(tmp) / "l.projections.db"
        before = lists(ledger, cache, queried)
        assert before == lists(ledger, None, queried)
        append(ledger, batch, late_adjudications)
        assert lists(ledger, cache) == lists(ledger)


def test_same_bytes_twice_in_a_row_cold_and_warm(tmp_path: Path) -> None:
    """Project spec (determinism): two cold runs, and two warm runs, give the same bytes."""
    fed = Federation(tmp_path / "l.db")
    players = [fed.iccf(f"E{i}", 1500 + 100 * i) for i in range(4)] + [fed.player(f"N{i}") for i in range(4)]
    for n in range(24):
        white, black = players[n % 8], players[(3 * n + 1) % 8]
        if white != black:
            fed.score(white, black, (1.0, 0.5, 0.0)[n % 3], day(n * 20))
    cold = lists(fed.ledger)
    assert lists(fed.ledger) == cold
    cache = tmp_path / "c.db"
    assert lists(fed.ledger, cache) == cold
    assert lists(fed.ledger, cache) == cold  # now entirely from the cache


def test_two_ledgers_recorded_in_different_orders(tmp_path: Path) -> None:
    """Project spec (determinism): a period's games recorded in reverse give the same bytes,
    including players registered in reverse and an adjudication."""
    log = Log()
    for i in range(6):
        log.players.append(
            {
                "player": f"q{i}",
                "name": f"Q {i}",
                "country": "IE",
                "source": "tutor",
                "starting_rating": str(1000 + 90 * i),
            }
        )
    n = 0
    for offset in (5, 40, 70, 100):
        for i in range(6):
            for j in range(i + 1, 6):
                n += 1
                result = ("1-0", "1/2-1/2", "0-1")[(i + j + offset) % 3]
                log.games.append(
                    {
                        "game": f"x{n:03d}",
                        "white": f"q{i}",
                        "black": f"q{j}",
                        "result": result,
                        "finished": day(offset),
                        "tournament": "",
                        "forfeit": "withdrawal" if n == 7 else "",
                    }
                )
    log.adjudications.append(("x007", "0-1", day(45)))
    forward = write(tmp_path / "f.db", log)
    reverse_log = Log(log.players[::-1], log.games[::-1], log.adjudications, log.markers)
    backward = write(tmp_path / "b.db", reverse_log)
    labels = LABELS[:4]
    assert lists(forward, None, labels) == lists(backward, None, labels)
    assert lists(forward, tmp_path / "f.cache", labels) == lists(backward, None, labels)
    assert all(b'"q5"' in text for text in lists(forward, None, labels).values())


# --- the rating run: rate_period is settle over entries_of_period ---------------------------------

PERIOD = 100


@st.composite
def period_runs(
    draw: st.DrawFn,
) -> tuple[int, dict[str, PlayerState], list[RatedGame], dict[str, PlayerState]]:
    """A version of the IECG rules (its index), the previous list, a period's games and each
    player's state when new: players on the list (established or provisional, some last rated long
    enough ago to start again, §VIII.5) and players new in the period, ratings far enough apart for
    §III.8's cut-off to bite."""
    version = draw(st.integers(0, len(IECG_VERSIONS) - 1))
    ids = [f"p{i}" for i in range(draw(st.integers(2, 9)))]
    rating = st.integers(600, 2700)
    new = {
        pid: initial_state(draw(rating), draw(st.sampled_from(["none", "tutor", "iccf"])), draw(st.integers(0, 90)))
        for pid in ids
    }
    previous: dict[str, PlayerState] = {}
    for pid in ids:
        if not draw(st.booleans()):
            continue
        established = draw(st.booleans())
        state = initial_state(draw(rating), "iccf" if established else "none", draw(st.integers(0, 120)))
        played = draw(st.integers(1, 60))
        wins = draw(st.integers(0, played))
        draws = draw(st.integers(0, played - wins))
        previous[pid] = state._replace(
            ter=state.ter if established else draw(rating),
            games=played,
            wins=wins,
            draws=draws,
            losses=played - wins - draws,
            opp_sum=0 if established else played * draw(rating),
            points2=0 if established else 2 * wins + draws,
            last_period=PERIOD - draw(st.integers(1, 35)),
        )
    pairs = st.tuples(st.sampled_from(ids), st.sampled_from(ids), st.sampled_from([0, 1, 2]))
    drawn = draw(st.lists(pairs, min_size=1, max_size=30))
    order = draw(st.permutations(range(len(drawn))))
    games = [RatedGame(f"g{n:02d}", white, black, points2) for n, (white, black, points2) in enumerate(drawn)]
    games = [games[i] for i in order if games[i].white != games[i].black]
    return version, previous, games, new


@settings(max_examples=300, deadline=None)
@given(run=period_runs())
def test_a_run_settles_each_player_from_his_entries(
    run: tuple[int, dict[str, PlayerState], list[RatedGame], dict[str, PlayerState]],
) -> None:
    """Project spec (determinism): :func:`rate_period`, the run a list is made of, gives every player of
    the period exactly what :func:`settle` of his :func:`entries_of_period` gives, the run an
    explanation shows, in the same order of players, under every version of the rules."""
    version, previous, games, new = run
    params = IECG_VERSIONS[version].params
    starts, entries = entries_of_period(params, PERIOD, previous, games, new.__getitem__)
    expected = {who: settle(params, PERIOD, starts[who], entries[who]) for who in starts}
    got = rate_period(params, PERIOD, previous, games, new.__getitem__)
    assert list(got.items()) == list(expected.items())
    assert [list(map(type, state)) for state in got.values()] == [list(map(type, s)) for s in expected.values()]
    assert all(type(state) is PlayerState for state in got.values())


def test_the_json_of_names_that_read_like_the_break_between_two_rows() -> None:
    """Project spec (determinism): the canonical JSON is ``json.dumps(..., indent=2)`` whatever a
    name holds: braces, commas, quotes, line breaks and the indentation of a row among them."""
    names = ['"},\n      {"', "},\n      {", "}, {", "a\nb", 'Zoë \\ "Ž"', "", "\u2028"]
    rows = tuple(
        {"position": n, "player": f"p{n}", "name": name, "country": "IE", "rating": None}
        for n, name in enumerate(names, start=1)
    )
    rating_list = RatingList("iecg-1.7", "2024-01", rows)
    document = {"rules": "iecg-1.7", "period": "2024-01", "players": list(rows)}
    assert rating_list.as_json() == json.dumps(document, ensure_ascii=False, indent=2) + "\n"
