"""Stored facts a replay cannot use are withheld by the fold, named, and neutralised by later facts."""

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
    """A correction makes a withheld game usable, as a correction of a withheld registration does."""
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
    """A forfeit is a win for one player (IECG §VIII.3); a drawn one broke every crosstable."""
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
    """Game g1 is drawn; a correction to 1-0 (reported 2024-03-01), then, entered later but reported
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


def test_game_facts_that_cannot_be_rated_are_withheld() -> None:
    bad = [
        game(3, "g\n1", "A", "B"),
        game(4, "g2", "A", "Z"),  # never registered
        game(5, "g3", "A", "A"),
        game(6, "g4", "A", "B", result="2-0"),
        game(7, "g5", "A", "B", finished="2024-02-01"),  # after its report
        game(8, "g6", "A", "B", time_control="forty moves"),
        game(9, "g7", "A", "B", tournament="t" * 201),
        game(10, "g8", "A", "B", forfeit="maybe"),
        record(11, "GameRecorded", game="g9", white=["A"], black="B"),
    ]
    facts = folded(*BASE, *bad, game(12, "ok", "A", "B"))
    problems = facts.unusable
    assert sorted(problems) == list(range(3, 12))
    assert "game id 'g\\n1' holds a control character (U+000A)" in problems[3]
    assert "player 'Z' is not registered" in problems[4]
    assert "plays against himself" in problems[5]
    assert "result '2-0' is not one of" in problems[6]
    assert "finished date 2024-02-01 is after the reported date 2024-01-05" in problems[7]
    assert "time control 'forty moves'" in problems[8]
    assert "has 201 characters" in problems[9]
    assert "forfeit 'maybe'" in problems[10]
    assert "cannot be read" in problems[11]
    assert all("\n" not in text for text in problems.values())
    assert [g.game for g in facts.view().rated_games(["2024-01"])] == ["ok"]


def test_priors_adjustments_and_markers_out_of_bounds_and_their_voids() -> None:
    prior = record(3, "PriorRatingRecorded", player="A", system="glicko", rating=1500.0, games=None, status=None,
                   deviation=1e9, volatility=None, as_of="2020-01-01", source="", reported_on="2024-01-01")  # fmt: skip
    adjustment = record(4, "RatingAdjusted", system="icu-1980", player="B", points=10**6, on="2024-01-01",
                        reason="feedback", reported_on="2024-01-02")  # fmt: skip
    marker = record(5, "PlayerMarkedInactive", player="A", on="1800-01-01", reason="r", reported_on="2024-01-02")
    facts = folded(*BASE, prior, adjustment, marker)
    assert sorted(facts.unusable) == [3, 4, 5]
    assert "deviation 1e+09 is outside 0..500" in facts.unusable[3]
    assert "`ratings player prior void A --system glicko --as-of 2020-01-01 --reason TEXT`" in facts.unusable[3]
    assert "points 1000000 is outside -500..500" in facts.unusable[4]
    assert "`ratings adjust void --system icu-1980 --player B --on 2024-01-01" in facts.unusable[4]
    assert "date 1800-01-01 is before 1900-01-01" in facts.unusable[5]
    assert facts.priors == {} and facts.adjustments == [] and facts.markers == {}
    facts.fold(
        [
            record(6, "PriorRatingVoided", player="A", system="glicko", as_of="2020-01-01", reason="r",
                   reported_on="2024-01-03"),
            record(7, "AdjustmentVoided", system="icu-1980", player="B", on="2024-01-01", adjustment="feedback",
                   reason="r", reported_on="2024-01-03"),
        ]
    )  # fmt: skip
    assert sorted(facts.unusable) == [5]
    assert facts.undos == []  # the voids were of withheld facts: nothing else to undo


def test_a_later_correction_of_the_same_facts_neutralises_a_bad_one() -> None:
    bad = record(3, "PlayerCorrected", player="A", changes={"rated_games": 2**63}, reason="r", reported_on="2024-01-02")
    good = record(4, "PlayerCorrected", player="A", changes={"rated_games": 20}, reason="r", reported_on="2024-01-03")
    facts = folded(*BASE, bad)
    assert "rated games 9223372036854775808 is outside 0..10000" in facts.unusable[3]
    assert "`ratings player correct A --rated-games N --reason TEXT`" in facts.unusable[3]
    facts.fold([good])
    assert facts.unusable == {}
    assert facts.players["A"].rated_games == 20


def test_unreadable_json_is_withheld() -> None:
    facts = folded(
        *BASE, LogRecord(3, "PlayerRegistered", b'{"player": "Q", "starting_rating": 1' + b"0" * 5000 + b"}")
    )
    assert "not readable JSON" in facts.unusable[3]


def test_the_same_log_withholds_the_same_facts_in_one_fold_or_many() -> None:
    log = [
        *BASE,
        registration(3, "X", 10**30, "iccf"),
        game(4, "g1", "X", "A"),
        game(5, "g2", "A", "B", finished="1066-10-14"),
        record(6, "PlayerCorrected", player="A", changes={"country": "ie"}, reason="r", reported_on="2024-01-02"),
    ]
    whole = folded(*log)
    parts = Facts()
    for item in log:
        parts.fold([item])
    assert whole.unusable == parts.unusable
    assert sorted(whole.unusable) == [3, 5, 6]


def test_the_cache_keeps_the_withheld_facts(tmp_path: Path) -> None:
    cache = ProjectionCache(str(tmp_path / "p.db"))
    cache.begin()
    facts = cache.load_facts()
    facts.fold(
        [
            *BASE,
            registration(3, "X", 10**30, "iccf"),
            game(4, "g1", "X", "A"),
            game(5, "g2", "A", "B", finished="0001-01-01"),
        ]
    )
    cache.store_facts(facts, "2024-01", b"\x00" * 32)
    cache.commit()
    cache.close()
    cache = ProjectionCache(str(tmp_path / "p.db"))
    cache.begin()
    loaded = cache.load_facts()
    assert loaded.unusable == facts.unusable
    assert loaded.withheld_players == {"X"} and loaded.withheld_games == {"g2"}
    # a correction folded into the loaded facts releases the player, as it would have in one fold
    loaded.fold([record(6, "PlayerCorrected", player="X", changes={"starting_rating": 2000}, reason="r",
                        reported_on="2024-01-06")])  # fmt: skip
    assert list(loaded.unusable) == [5]
    assert loaded.players["X"].starting_rating == 2000
    cache.close()


def event(position: int, event_id: str, **more: Any) -> LogRecord:
    facts = {"event": event_id, "name": "Open", "type": "swiss", "start": "2024-01-01", "end": None,
             "rate_of_play": None, "mode": None, "rating_class": None, "rounds": None, "site": None,
             "federation": None, "reported_on": "2024-01-01"}  # fmt: skip
    return record(position, "TournamentRegistered", **{**facts, **more})


def test_an_event_out_of_bounds_is_withheld_and_its_void_neutralises_it_and_its_games() -> None:
    """A stored event whose facts the ledger would refuse is withheld, named with
    its remedy; its games are rated as no event's until a void neutralises it, and then not at all."""
    bad = event(3, "E", type="blitz-open", end="2023-12-31")
    played = game(4, "g1", "A", "B", event="E", mode=None, class_version=2)
    facts = folded(*BASE, bad, played, game(5, "g2", "A", "B"))
    assert facts.unusable == {
        3: "position 3 (TournamentRegistered E): event type 'blitz-open' is not one of round-robin, swiss, match, "
        "team, class, quad, cup, two-game-match, friendly-match, thematic, championship, invitational; "
        "neutralise it with `ratings event void E --reason TEXT`"
    }
    assert "E" not in facts.view().events
    void = record(6, "TournamentVoided", event="E", reason="r", reported_on="2024-01-02")
    facts = folded(*BASE, bad, played, game(5, "g2", "A", "B"), void)
    assert facts.unusable == {}
    assert [g.game for g in facts.view().games(["2024-01"])] == ["g2"]


def test_an_event_correction_out_of_bounds_is_withheld_and_the_registration_stands() -> None:
    wrong = record(4, "TournamentCorrected", event="E", changes={"end": "2023-06-01"}, reason="r",
                   reported_on="2024-01-02")  # fmt: skip
    facts = folded(*BASE, event(3, "E"), wrong)
    assert list(facts.unusable) == [4]
    assert "ends on 2023-06-01, before it starts on 2024-01-01" in facts.unusable[4]
    assert facts.view().events["E"].end is None
