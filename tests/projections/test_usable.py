"""Stored facts a replay cannot use are withheld by the fold, named, and neutralised by later facts (issue 10 §3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ledger.store import LogRecord
from projections.cache import ProjectionCache
from projections.facts import Facts


def record(position: int, kind: str, **state: Any) -> LogRecord:
    return LogRecord(position, kind, json.dumps(state).encode())


def registration(position: int, player: str, rating: Any = 800, source: str = "none", **more: Any) -> LogRecord:
    facts = {"player": player, "name": f"Player {player}", "country": "IE", "born": None,
             "starting_rating": rating, "source": source, "rated_games": 0, "reported_on": "2024-01-01"}  # fmt: skip
    return record(position, "PlayerRegistered", **{**facts, **more})


def game(position: int, game_id: str, white: str, black: str, finished: str = "2024-01-05", **more: Any) -> LogRecord:
    facts = {"game": game_id, "white": white, "black": black, "result": "1-0", "finished": finished,
             "tournament": None, "time_control": None, "forfeit": "none", "reported_on": "2024-01-05"}  # fmt: skip
    return record(position, "GameRecorded", **{**facts, **more})


def folded(*records: LogRecord) -> Facts:
    facts = Facts()
    facts.fold(records)
    return facts


BASE = (registration(1, "A"), registration(2, "B"))


def test_an_overflowing_starting_rating_is_withheld_and_named_with_its_remedy() -> None:
    facts = folded(*BASE, registration(3, "X", 10**30, "iccf"), game(4, "g1", "X", "A"), game(5, "g2", "A", "B"))
    assert facts.unusable == {
        3: "position 3 (PlayerRegistered X): starting rating 1e+30 is outside 100..3500; neutralise it with "
        "`ratings player correct X --starting-rating N --reason TEXT` or `ratings player void X --reason TEXT`"
    }
    assert "X" not in facts.players
    # the game of the withheld player is kept, but no view rates it; the other game is rated
    assert [g.game for g in facts.view().rated_games(["2024-01"])] == ["g2"]
    assert [g.game for g in facts.view().games(["2024-01"])] == ["g2"]


def test_a_correction_that_makes_the_registration_valid_registers_the_player_from_its_report() -> None:
    correction = record(
        5, "PlayerCorrected", player="X", changes={"starting_rating": 2100}, reason="r", reported_on="2024-02-01"
    )
    facts = folded(*BASE, registration(3, "X", 10**30, "iccf"), game(4, "g1", "X", "A"), correction)
    assert facts.unusable == {}
    assert facts.players["X"].starting_rating == 2100
    assert facts.registered_on["X"] == "2024-02-01"
    assert [g.game for g in facts.view().rated_games(["2024-01"])] == ["g1"]
    from projections.facts import Knowledge

    assert facts.view(Knowledge("2024-01-31")).rated_games(["2024-01"]) == []  # not known before the correction


def test_a_correction_that_leaves_it_invalid_keeps_it_withheld_with_the_new_problem() -> None:
    correction = record(
        4, "PlayerCorrected", player="X", changes={"starting_rating": 5000}, reason="r", reported_on="2024-02-01"
    )
    facts = folded(*BASE, registration(3, "X", 10**30, "iccf"), correction)
    assert list(facts.unusable) == [3]
    assert "starting rating 5000 is outside 100..3500" in facts.unusable[3]


def test_a_player_void_neutralises_his_withheld_facts() -> None:
    void = record(4, "PlayerVoided", player="X", reason="r", reported_on="2024-02-01")
    facts = folded(*BASE, registration(3, "X", 10**30, "iccf"), void)
    assert facts.unusable == {}
    assert "X" not in facts.players
    assert facts.withheld[3].open is False


def test_a_game_dated_year_one_is_withheld_its_amendments_ignored_and_a_void_neutralises_it() -> None:
    restore = record(5, "GameRestored", game="g1", reason="r", reported_on="2024-01-07")
    facts = folded(*BASE, game(3, "g1", "A", "B", finished="0001-01-05"), restore)
    assert facts.unusable == {
        3: "position 3 (GameRecorded g1): finished date 0001-01-05 is before 1900-01-01: dates run from 1900-01-01 "
        "to the reported date 2024-01-05; neutralise it with `ratings game correct g1 --finished YYYY-MM-DD "
        "--reason TEXT` or `ratings game void g1 --reason TEXT`"
    }
    assert facts.amendments == {}
    assert facts.game_months() == set()
    facts.fold([record(6, "GameVoided", game="g1", reason="r", reported_on="2024-01-08")])
    assert facts.unusable == {}
    # voided, it is never released: a later correction is ignored
    facts.fold([record(7, "GameCorrected", game="g1", changes={"finished": "2024-01-06"}, reason="r",
                       reported_on="2024-01-09")])  # fmt: skip
    assert facts.unusable == {} and facts.game_months() == set()


def test_a_correction_that_makes_a_withheld_game_usable_folds_it_from_its_report() -> None:
    """Issue 22 §4: as a correction of a withheld registration does (issue 10 §3)."""
    from projections.facts import Knowledge

    correction = record(4, "GameCorrected", game="g1", changes={"finished": "2024-01-06"}, reason="r",
                        reported_on="2024-01-07")  # fmt: skip
    facts = folded(*BASE, game(3, "g1", "A", "B", finished="0001-01-05"), correction)
    assert facts.unusable == {} and facts.withheld == {}
    assert facts.month("2024-01") == [("g1", "A", "B", "1-0", "2024-01-06", "none", "2024-01-07", "", "", "", "")]
    assert [g.game for g in facts.view().rated_games(["2024-01"])] == ["g1"]
    assert facts.view(Knowledge("2024-01-06")).rated_games(["2024-01"]) == []  # not known before the correction
    # a later amendment amends it as corrected
    facts.fold([record(5, "GameCorrected", game="g1", changes={"result": "0-1"}, reason="r", reported_on="2024-01-08")])
    assert [g.white_points2 for g in facts.view().rated_games(["2024-01"])] == [0]


def test_a_drawn_forfeit_is_withheld_until_a_correction_makes_it_a_win() -> None:
    """Issue 22 §4: a forfeit is a win for one player (IECG §VIII.3); a drawn one broke every crosstable."""
    facts = folded(*BASE, game(3, "g1", "A", "B", result="1/2-1/2", forfeit="arbiter"))
    assert facts.unusable == {
        3: "position 3 (GameRecorded g1): result 1/2-1/2 with forfeit 'arbiter': a forfeit is a win for one player, "
        "1-0 or 0-1 (IECG §VIII.3: a forfeited game is a win in the score table); neutralise it with `ratings game "
        "correct g1 --result R --forfeit KIND --reason TEXT` or `ratings game void g1 --reason TEXT`"
    }
    facts.fold([record(4, "GameCorrected", game="g1", changes={"tournament": "T"}, reason="r",
                       reported_on="2024-01-06")])  # fmt: skip
    assert list(facts.unusable) == [3]  # still drawn
    facts.fold([record(5, "GameCorrected", game="g1", changes={"forfeit": "none"}, reason="r",
                       reported_on="2024-01-07")])  # fmt: skip
    assert facts.unusable == {}
    assert facts.month("2024-01") == [("g1", "A", "B", "1/2-1/2", "2024-01-05", "none", "2024-01-07", "T", "", "", "")]


def test_a_correction_that_would_draw_a_forfeit_in_some_view_is_withheld() -> None:
    """Issue 22 §4: g1 is drawn; a correction to 1-0 (reported 2024-03-01), then, entered later but reported
    earlier (2024-02-01), an arbiter's forfeit: from 2024-03-01 on the game is 1-0 by forfeit, but as known from
    2024-02-01 to 2024-03-01 it would be a drawn forfeit."""
    win = record(4, "GameCorrected", game="g1", changes={"result": "1-0"}, reason="r", reported_on="2024-03-01")
    forfeit = record(5, "GameCorrected", game="g1", changes={"forfeit": "arbiter"}, reason="r",
                     reported_on="2024-02-01")  # fmt: skip
    facts = folded(*BASE, game(3, "g1", "A", "B", result="1/2-1/2"), win, forfeit)
    assert facts.unusable == {
        5: "position 5 (GameCorrected g1): the game would be a drawn forfeit as known on 2024-02-01: a forfeit is a "
        "win for one player (IECG §VIII.3); neutralise it with `ratings game correct g1 --result R --forfeit KIND "
        "--reason TEXT` or `ratings game void g1 --reason TEXT`"
    }
    assert [a.position for a in facts.amendments["g1"]] == [4]
