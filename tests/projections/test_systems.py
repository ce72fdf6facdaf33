"""The projection of the systems of issue 5 (``projections/systems.py``), with a toy system.

The toy system ("ten points a win") is simple enough that every figure below
is worked out by hand: everyone starts at 1000, a win moves 10 points from
the loser to the winner, a draw moves nothing. It shows what the projection
gives a system (the period's games with their day, tournament and time
control, in (day, game) order; the players' registrations and priors as known
in the view) and what it does with the answers (lists, the cache, known-at
views), independently of any real system.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from projections import registry
from projections.rules.common import Game, PeriodRun, PlayerInfo, System, Working, points
from projections.rules.explanation import Explanation, from_system
from projections.rules.periods import PeriodScheme
from tests.projections.federation import Federation


@dataclass(frozen=True)
class ToyParams:
    name: str
    periods: PeriodScheme


class ToyState(NamedTuple):
    rating: int
    games: int
    seen: tuple[str, ...]
    """The (day, game, tournament, time control) of each game, as the system was given them."""


SEEN: list[tuple[Game, ...]] = []
INFOS: dict[str, PlayerInfo] = {}


def toy_run(
    params: Any, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> PeriodRun:
    SEEN.append(tuple(games))
    changed: dict[str, ToyState] = {}
    for game in games:
        for player in (game.white, game.black):
            INFOS[player] = info(player)
            state = changed.get(player) or states.get(player) or ToyState(1000, 0, ())
            delta = {1.0: 10, 0.5: 0, 0.0: -10}[points(game, player)]
            seen = f"{game.day} {game.game} {game.tournament} {game.time_control}"
            changed[player] = ToyState(state.rating + delta, state.games + 1, (*state.seen, seen))
    return PeriodRun(changed, (tuple(sorted(changed)),) if games else ())


def toy_notes(params: Any, index: int, unrated: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    return tuple(f"toy note: {', '.join(group)}" for group in unrated)


def toy_row(params: Any, index: int, player: str, state: Any, info: PlayerInfo) -> dict[str, Any] | None:
    return None if state.games < 2 else {"rating": state.rating, "status": "rated", "games": state.games}


def toy_explain(
    params: Any,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    mine = [g for g in games if player in (g.white, g.black)]
    if not mine:
        raise LookupError(f"{player} played no toy game")
    before = states.get(player)
    found = Working(
        (("rating", None if before is None else before.rating),),
        ("game", "score"),
        tuple((g.game, points(g, player)) for g in mine),
        (("games", len(mine)),),
        (),
    )
    return from_system(found, params.name, params.periods.label(index), player)


def toy_make(fields: Iterable[Any]) -> ToyState:
    rating, games, seen = fields
    return ToyState(rating, games, tuple(seen))


TOY = System("toy", ("rating", "status", "games"), toy_run, toy_row, toy_explain, toy_make, "qqj", notes=toy_notes)


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    params = ToyParams("toy", PeriodScheme(months=1, rules_clause="toy"))
    monkeypatch.setitem(registry.RULES, "toy", params)
    monkeypatch.setitem(registry.SYSTEMS, "toy", TOY)
    SEEN.clear()
    INFOS.clear()


@pytest.fixture
def fed(tmp_path: Path) -> Federation:
    fed = Federation(tmp_path / "ledger.db")
    led = fed.ledger
    for player in ("A", "B", "C"):
        led.register_player(player, f"Player {player}", country="IE", reported_on="2024-01-01")  # fmt: skip

    def game(gid: str, white: str, black: str, result: str, finished: str, **facts: str) -> None:
        facts.setdefault("reported_on", finished)
        led.record_game(gid, white=white, black=black, result=result, finished=finished, **facts)

    game("g2", "A", "B", "1-0", "2024-01-20", tournament="Cup", time_control="5400+30")
    game("g1", "B", "C", "1/2-1/2", "2024-01-20", time_control="300")
    game("g0", "C", "A", "0-1", "2024-01-05", tournament="League")
    game("w1", "A", "C", "1-0", "2024-01-07", forfeit="withdrawal")
    game("f1", "A", "C", "1-0", "2024-01-08", forfeit="arbiter")
    game("late", "B", "A", "1-0", "2024-01-25", reported_on="2024-03-01")
    led.record_prior("C", system="fide", rating=1800.0, games=12, as_of="2023-12-31", reported_on="2024-01-02")
    return fed


def test_games_in_day_then_game_order_with_their_facts(fed: Federation) -> None:
    projector = fed.projector()
    projector.rating_list("toy", "2024-01")
    (games,) = SEEN
    # g0 (5 Jan), f1 (8 Jan: an arbiter's forfeit is rated; the withdrawal w1 is not), g1 then g2 (20 Jan), late.
    assert [(g.game, g.day, g.tournament, g.time_control, g.white_points2) for g in games] == [
        ("g0", "2024-01-05", "League", None, 0),
        ("f1", "2024-01-08", None, None, 2),
        ("g1", "2024-01-20", None, "300", 1),
        ("g2", "2024-01-20", "Cup", "5400+30", 2),
        ("late", "2024-01-25", None, None, 2),
    ]
    assert INFOS["C"].prior("fide") is not None and INFOS["C"].prior("fide").rating == 1800.0  # type: ignore[union-attr]
    assert INFOS["A"].priors == () and INFOS["A"].source == "none"


def test_list_rows_sorted_by_rating_then_player(fed: Federation) -> None:
    rows = fed.projector().rating_list("toy", "2024-01").rows
    # A: +10 (g0) +10 (f1) +10 (g2) −10 (late) = 1020 on 4 games; B: 0 (g1) −10 (g2) +10 (late) = 1000 on 3;
    # C: −10 (g0) −10 (f1) 0 (g1) = 980 on 3.
    assert [(r["position"], r["player"], r["name"], r["country"], r["rating"], r["games"]) for r in rows] == [
        (1, "A", "Player A", "IE", 1020, 4),
        (2, "B", "Player B", "IE", 1000, 3),
        (3, "C", "Player C", "IE", 980, 3),
    ]
    assert list(rows[0]) == ["position", "player", "name", "country", "rating", "status", "games"]


def test_known_at_leaves_out_the_late_game_and_the_cache_changes_nothing(fed: Federation, tmp_path: Path) -> None:
    cold = fed.projector().rating_list("toy", "2024-01", "2024-02-01")
    # Without "late" (reported on 1 March): A 1030 on 3 games, B 990 on 2, C 980 on 3.
    assert [(r["player"], r["rating"], r["games"]) for r in cold.rows] == [("A", 1030, 3), ("B", 990, 2), ("C", 980, 3)]
    warm = fed.projector(tmp_path / "cache.db")
    now = warm.rating_list("toy", "2024-01").as_json()
    assert warm.rating_list("toy", "2024-01", "2024-02-01").as_json() == cold.as_json()
    again = fed.projector(tmp_path / "cache.db")
    assert (
        again.rating_list("toy", "2024-01").as_json() == now == fed.projector().rating_list("toy", "2024-01").as_json()
    )
    assert again.states("toy", again.first_period(registry.get_rules("toy")) or 0) == fed.projector().states(
        "toy", registry.get_rules("toy").periods.index("2024-01")
    )


def test_a_correction_of_the_time_control_reaches_the_system(fed: Federation) -> None:
    fed.ledger.correct_game(
        "g1", changes={"time_control": "1800", "tournament": "Rapid"}, reason="misread", reported_on="2024-02-01"
    )
    fed.projector().rating_list("toy", "2024-01")
    assert [(g.game, g.tournament, g.time_control) for g in SEEN[-1] if g.game == "g1"] == [("g1", "Rapid", "1800")]


def test_an_adjudicated_game_is_given_on_its_decision_day(fed: Federation) -> None:
    fed.ledger.record_game(
        "adj", white="A", black="B", result="1-0", finished="2024-01-28", forfeit="withdrawal", reported_on="2024-01-28"
    )
    fed.ledger.adjudicate_game("adj", result="0-1", on="2024-02-03", reported_on="2024-02-03")
    fed.projector().rating_list("toy", "2024-02")
    assert [(g.game, g.day, g.white_points2) for g in SEEN[-1]] == [("adj", "2024-02-03", 0)]


def test_inactive_players_are_not_listed_and_notes_and_explanations(fed: Federation) -> None:
    fed.ledger.mark_inactive("B", on="2024-01-31", reason="break", reported_on="2024-01-31")
    projector = fed.projector()
    assert [r["player"] for r in projector.rating_list("toy", "2024-01").rows] == ["A", "C"]
    assert projector.notes("toy", "2024-01") == ("toy note: A, B, C",)  # kept with the run, read back
    explained = projector.explain("toy", "B", "2024-01")
    assert explained.rows == (("g1", 0.5), ("g2", 0.0), ("late", 1.0))  # B drew g1, lost g2 to A, won "late"
    with pytest.raises(LookupError, match="unknown player 'Z'"):
        projector.explain("toy", "Z", "2024-01")


def test_a_player_who_did_not_play_is_explained_as_carried_over(fed: Federation) -> None:
    fed.ledger.register_player("D", "Player D", reported_on="2024-01-01")
    projector = fed.projector()
    explained = projector.explain("toy", "A", "2024-02")
    # A's January: 1020 on 4 games (see above), carried over to February, when he did not play.
    assert explained.before == explained.after == (("rating", 1020), ("status", "rated"), ("games", 4))
    assert explained.rows == ()
    notes = [s.get("text") for s in explained.statements if s.key == "note"]
    assert notes == ["A played no toy game: carried over from the list before"]
    with pytest.raises(LookupError, match="D played no toy game; and D has no rating under toy before it"):
        projector.explain("toy", "D", "2024-02")
