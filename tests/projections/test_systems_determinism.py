"""Determinism of every system of issue 5 (project spec): the JSON list is a pure function of the log.

A small synthetic federation (the demo's generator: dates of birth, standard,
rapid and blitz games, forfeits, adjudications, inactive players, FIDE and
ECF priors) is recorded twice, the second time with players, priors and games
in another order; every registered system's lists must be the same bytes in
both ledgers, cold and from a cache, and on a second run.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from ledger.application import RatingLedger
from ledger.synthetic import Federation, federation
from projections.registry import RULES, get_rules, system_for
from projections.replay import Projector
from tests.projections.federation import TODAY

SYSTEMS = [name for name, params in RULES.items() if system_for(params).family not in ("iecg", "icu")]
"""The systems of issue 5 (the IECG and the ICU have their own tests of the same)."""
LAST_DAY = "2020-12-31"


@cache
def small() -> Federation:
    return federation(seed=7, players=40, games=900, first_year=2019, years=2, special_every=25)


def record(path: Path, shuffle: random.Random | None) -> RatingLedger:
    fed = small()
    players, games, priors = list(fed.players), list(fed.games), list(fed.priors)
    if shuffle is not None:
        shuffle.shuffle(players)
        shuffle.shuffle(games)
        shuffle.shuffle(priors)
    make = RatingLedger if Path(path).exists() else RatingLedger.create
    ledger = make(str(path), clock=lambda: TODAY, user="test")
    ledger.import_players(enumerate(players, start=2))
    for prior in priors:
        ledger.record_prior(
            prior["player"],
            system=prior["system"],
            rating=float(prior["rating"]),
            games=int(prior["games"]) if prior["games"] else None,
            as_of=prior["as_of"],
        )
    ledger.import_games(enumerate(games, start=2))
    for adj in fed.adjudications:
        ledger.adjudicate_game(adj["game"], result=adj["result"], on=adj["on"])
    for mark in fed.inactive:
        ledger.mark_inactive(mark["player"], on=mark["on"], reason=mark["reason"])
    return ledger


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> tuple[RatingLedger, RatingLedger, Path]:
    folder = tmp_path_factory.mktemp("systems")
    return record(folder / "a.db", None), record(folder / "b.db", random.Random(5)), folder


def labels(rules: str) -> list[str]:
    periods = get_rules(rules).periods
    first, last = periods.index_of_day("2019-01-01"), periods.index_of_day(LAST_DAY)
    return [periods.label(i) for i in range(first, last + 1)]


@pytest.mark.parametrize("rules", SYSTEMS)
def test_same_bytes_in_any_order_cold_cached_and_twice(
    rules: str, ledgers: tuple[RatingLedger, RatingLedger, Path]
) -> None:
    first, second, folder = ledgers
    periods = labels(rules)
    cold = Projector(first.reader())
    lists = {label: cold.rating_list(rules, label).as_json() for label in periods}
    assert any('"player"' in text for text in lists.values()), f"{rules}: every list is empty"
    shuffled = Projector(second.reader())
    assert {label: shuffled.rating_list(rules, label).as_json() for label in periods} == lists
    cache = folder / f"{rules}.projections.db"
    warm = Projector(first.reader(), str(cache))
    latest = periods[-1]
    assert warm.rating_list(rules, latest).as_json() == lists[latest]  # every period run and cached on the way
    warm.close()
    again = Projector(first.reader(), str(cache))
    assert {label: again.rating_list(rules, label).as_json() for label in reversed(periods)} == lists
    again.close()
