"""A replay after new facts re-rates only the players they reach (audit issue §5), and equals a cold replay.

``Projector._rerun`` keeps the superseded run of every player the new facts
cannot reach. Here a federation of established, provisional and new players
plays a year; then, step by step, a seeded random stream of new facts
arrives — corrected results, dates and players, voids and restorations,
adjudications, late games in old periods, corrected starting ratings, prior
ratings — and after every step the lists of every period, from the cache,
must be the bytes of a cold replay's, under 1.7, 1.4 (no §III.8) and the
timeline. A spy checks the re-rating path ran and re-rated fewer games than
a whole run.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

from ledger.errors import LedgerError
from projections.registry import get_rules
from projections.replay import Projector
from projections.rules.common import RatedGame
from projections.rules.iecg import formulas as iecg
from projections.rules.iecg import system as iecg_system
from projections.rules.iecg.formulas import IecgParams, PlayerState
from tests.projections.federation import Federation

LABELS = [f"2021-{m:02d}" for m in range(1, 13, 2)]
RULES = ["iecg-1.7", "iecg-1.4", "iecg"]


def day(rng: random.Random) -> str:
    return f"2021-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"


def federation(path: Path, rng: random.Random) -> tuple[Federation, list[str], list[str]]:
    fed = Federation(path)
    players = [fed.iccf(f"E{i:02d}", 1500 + 37 * i, rated_games=15 + i) for i in range(14)]
    players += [fed.player(f"N{i:02d}", rating=1100 + 60 * i, source="tutor") for i in range(10)]
    players += [fed.player(f"Z{i:02d}") for i in range(6)]
    games = []
    for _ in range(260):
        white, black = rng.sample(players, 2)
        games.append(fed.score(white, black, rng.choice((1.0, 0.5, 0.0)), day(rng)))
    return fed, players, games


def lists(projector: Projector, rules: str) -> list[str]:
    try:
        return [projector.rating_list(rules, label).as_json() for label in LABELS]
    finally:
        projector.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_step_equals_a_cold_replay(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    fed, players, games = federation(tmp_path / "l.db", rng)
    cache = tmp_path / "l.projections.db"
    rated: list[int] = []
    whole = iecg.rate_period

    def spy(
        params: IecgParams,
        period: int,
        previous: Mapping[str, PlayerState],
        period_games: Sequence[RatedGame],
        new: Callable[[str], PlayerState],
    ) -> dict[str, PlayerState]:
        rated.append(len(period_games))
        return whole(params, period, previous, period_games, new)

    monkeypatch.setattr(iecg_system, "rate_period", spy)
    for rules in RULES:
        assert lists(fed.projector(cache), rules) == lists(fed.projector(), rules)
    voided: list[str] = []
    reruns = 0
    original = Projector._rerun

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal reruns
        reruns += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Projector, "_rerun", counting)
    for step in range(14):
        with contextlib.suppress(LedgerError):  # refused (it would change nothing, say): the ledger is as it was
            change(step % 7, rng, fed, players, games, voided)
        for rules in RULES:
            assert lists(fed.projector(cache), rules) == lists(fed.projector(), rules), (seed, step, rules)
    assert reruns >= 10  # the re-rating path ran after (nearly) every step
    assert min(rated) < max(rated)  # and rated only part of some period's games


def change(
    kind: int, rng: random.Random, fed: Federation, players: list[str], games: list[str], voided: list[str]
) -> None:
    """One new fact of kind ``kind``."""
    ledger = fed.ledger
    game = rng.choice([g for g in games if g not in voided])
    if kind == 0:
        ledger.correct_game(game, changes={"result": rng.choice(("1-0", "0-1", "1/2-1/2"))}, reason="t")
    elif kind == 1:
        ledger.correct_game(game, changes={"finished": day(rng)}, reason="t")
    elif kind == 2:
        white, black = rng.sample(players, 2)
        ledger.correct_game(game, changes={"white": white, "black": black}, reason="t")
    elif kind == 3:
        ledger.void_game(game, reason="t")
        voided.append(game)
    elif kind == 4:
        if voided:
            ledger.restore_game(voided.pop(0), reason="t")
        white, black = rng.sample(players, 2)
        late = fed.game(white, black, "1-0", day(rng), forfeit="withdrawal")
        ledger.adjudicate_game(late, result="1/2-1/2", on="2021-12-30")
    elif kind == 5:
        white, black = rng.sample(players, 2)
        games.append(fed.score(white, black, rng.choice((1.0, 0.0)), day(rng)))
    else:
        player = rng.choice([p for p in players if p.startswith("N")])
        ledger.correct_player(player, changes={"starting_rating": rng.randrange(900, 1700)}, reason="t")
        ledger.record_prior(rng.choice(players), system="iecg", rating=1650.0, games=20, as_of="1996-12-31",
                            status="established")  # fmt: skip


def test_a_change_reaches_the_opponents_of_the_opponents(tmp_path: Path) -> None:
    """Two hops: the correction of A–X (2021-01) changes X's rating; X plays Y in 2021-03, so Y (a
    provisional player past ten games, whose TER is his provisional rating, §III.7) changes; Y plays
    Z in 2021-05. Z is neither touched nor an opponent of a touched player, yet his start of 2021-05
    (Y's TER) differs, so he must be rated again: his provisional rating is Y's TER + D(p) (§IV.1)."""
    fed = Federation(tmp_path / "l.db")
    fed.iccf("A", 1800, rated_games=20)
    fed.iccf("X", 1700, rated_games=15)
    fed.player("Y", rating=1500, source="tutor")
    fed.player("Z", rating=1500, source="tutor")  # his §III.8 bounds (1100–1900) do not clip Y
    corrected = fed.score("X", "A", 1.0, "2021-01-10")
    for i in range(10):  # Y's ten games of 2021-01: his TER is his provisional rating from then on
        fed.score("Y", fed.fresh(1400 + 20 * i), 0.5, f"2021-01-{i + 11}")
    fed.score("X", "Y", 1.0, "2021-03-10")
    fed.score("Z", "Y", 0.5, "2021-05-10")
    cache = tmp_path / "l.projections.db"
    may = registry_index("2021-05")
    warm = fed.projector(cache)
    before = warm.states("iecg-1.7", may)["Z"]
    warm.close()
    fed.ledger.correct_game(corrected, changes={"result": "0-1"}, reason="t")
    again = fed.projector(cache)
    after = again.states("iecg-1.7", may)
    again.close()
    cold = fed.projector().states("iecg-1.7", may)
    assert after == cold
    assert after["Z"].rating != before.rating  # the change did reach Z, two hops away


def registry_index(label: str) -> int:
    return get_rules("iecg-1.7").periods.index(label)
