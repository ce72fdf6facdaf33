"""Explanations and histories are the same from a warm projections file as cold.

A regression test: a warm cache holds the months of games it has folded
without loading them, and the replay once took the first period from the
loaded months only, so a warm ``explain`` called an established player new.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ledger.application import RatingLedger
from ledger.synthetic import federation
from projections.replay import Projector, cache_path_for

RULES = "iecg-1.7"


def build(tmp_path: Path) -> RatingLedger:
    fed = federation(seed=7, players=40, games=600, first_year=2020, years=2, special_every=15)
    ledger = RatingLedger.create(str(tmp_path / "l.db"), clock=lambda: date(2026, 1, 1), user="t")
    ledger.import_players(enumerate(fed.players, start=2))
    ledger.import_games(enumerate(fed.games, start=2))
    for adj in fed.adjudications:
        ledger.adjudicate_game(adj["game"], result=adj["result"], on=adj["on"])
    return ledger


def test_explain_and_history_warm_equal_cold(tmp_path: Path) -> None:
    ledger = build(tmp_path)
    cache = cache_path_for(ledger.path)
    Projector(ledger.reader(), cache).rating_list(RULES, "2021-11")  # fill the cache
    players = sorted(Projector(ledger.reader(), None).facts().players)
    for period in ("2020-03", "2021-01", "2021-11"):
        for player in players[:12]:
            warm = Projector(ledger.reader(), cache)  # a new process's view: months not loaded
            cold = Projector(ledger.reader(), None)
            assert warm.explain(RULES, player, period) == cold.explain(RULES, player, period)
    for player in players[:12]:
        warm_history = Projector(ledger.reader(), cache).history(RULES, player)
        assert warm_history == Projector(ledger.reader(), None).history(RULES, player)
        assert warm_history, f"{player} played in the federation and has a history"
