"""Each refusal of the application raises its typed error and writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ledger import errors
from ledger.application import RatingLedger
from tests.ledger.support import stored_rows

Command = Callable[[RatingLedger], Any]


@pytest.fixture
def busy(two_players: RatingLedger) -> RatingLedger:
    app = two_players
    app.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-10")
    app.record_game(
        "G2", white="B", black="A", result="1-0", finished="2024-02-10", forfeit="withdrawal", reported_on="2024-02-10"
    )
    app.adjudicate_game("G2", result="0-1", on="2024-03-01", reported_on="2024-03-01")
    app.withdraw_player("A", tournament="Cup", on="2024-03-02", reported_on="2024-03-02")
    app.mark_inactive("B", on="2024-05-01", reason="a break", reported_on="2024-05-01")
    return app


def game(game_id: str = "G9", white: str = "A", black: str = "B", result: str = "1-0", **extra: str) -> Command:
    finished = extra.pop("finished", "2024-01-05")
    return lambda app: app.record_game(game_id, white=white, black=black, result=result, finished=finished, **extra)


def register(player: str = "N", name: str = "Nora", **extra: Any) -> Command:
    return lambda app: app.register_player(player, name, **extra)


REFUSALS: list[Any] = [
    pytest.param(game(black="Z"), errors.UnknownPlayerError, "unknown player 'Z'", id="unknown-black"),
    pytest.param(game(white="Z"), errors.UnknownPlayerError, "unknown player 'Z'", id="unknown-white"),
    pytest.param(
        lambda app: app.withdraw_player("Z", tournament="Cup", on="2024-03-01"),
        errors.UnknownPlayerError,
        "unknown player 'Z'",
        id="withdraw-unknown",
    ),
    pytest.param(
        lambda app: app.mark_inactive("Z", on="2024-03-01", reason="x"),
        errors.UnknownPlayerError,
        "unknown player 'Z'",
        id="inactive-unknown",
    ),
    pytest.param(
        lambda app: app.reactivate("Z", on="2024-03-01"),
        errors.UnknownPlayerError,
        "unknown player 'Z'",
        id="reactivate-unknown",
    ),
    pytest.param(game(black="A"), errors.SelfPlayError, "'A' cannot play against himself", id="self-play"),
    pytest.param(game(white=" A ", black="A"), errors.SelfPlayError, "against himself", id="self-play-spaces"),
    pytest.param(game("G1"), errors.DuplicateGameError, "game 'G1' is already recorded", id="duplicate-game"),
    pytest.param(game(" G1 "), errors.DuplicateGameError, "game 'G1' is already recorded", id="duplicate-game-spaces"),
    pytest.param(register("A"), errors.DuplicatePlayerError, "player 'A' is already registered", id="duplicate-player"),
    pytest.param(game(result="2-0"), errors.InvalidResultError, "result '2-0' is not one of", id="invalid-result"),
    pytest.param(game(result="1/2"), errors.InvalidResultError, "result '1/2' is not one of", id="half"),
    pytest.param(
        lambda app: app.adjudicate_game("G1", result="0-0", on="2024-03-01"),
        errors.InvalidResultError,
        "adjudicated result '0-0'",
        id="invalid-adjudicated-result",
    ),
    pytest.param(
        game(finished="2026-01-02"),
        errors.FutureDateError,
        "finished date 2026-01-02 is after today 2026-01-01",
        id="future-finished",
    ),
    pytest.param(
        game(finished="2024-01-05", reported_on="2024-01-04"),
        errors.FutureDateError,
        "finished date 2024-01-05 is after the reported date 2024-01-04",
        id="finished-after-reported",
    ),
    pytest.param(
        game(reported_on="2026-01-02"),
        errors.FutureDateError,
        "reported date 2026-01-02 is after today",
        id="reported-future",
    ),
    pytest.param(
        lambda app: app.adjudicate_game("G404", result="1-0", on="2024-03-01"),
        errors.UnknownGameError,
        "unknown game 'G404'",
        id="adjudicate-unknown",
    ),
    pytest.param(
        register(source="tutor", starting_rating=1701),
        errors.StartingRatingError,
        "a tutor's estimate of 1701 exceeds 1700 (IECG §VII.3)",
        id="tutor-1701",
    ),
    pytest.param(
        register(source="other", starting_rating=1900, rated_games=5),
        errors.StartingRatingError,
        "at least 6 games, not 5 (IECG §VII.2)",
        id="other-5",
    ),
    pytest.param(
        register(source="none", starting_rating=1200),
        errors.StartingRatingError,
        "needs a source",
        id="none-with-rating",
    ),
    pytest.param(
        register(source="tutor"), errors.StartingRatingError, "needs --starting-rating", id="tutor-without-rating"
    ),
    pytest.param(
        register(source="iccf", starting_rating=1900),
        errors.StartingRatingError,
        "needs --rated-games",
        id="iccf-without-games",
    ),
    pytest.param(
        register(source="iccf", starting_rating=1900, rated_games=-1),
        errors.OutOfRangeError,
        "rated games -1 is outside 0..10000",
        id="negative-games",
    ),
    pytest.param(
        register(source="tutor", starting_rating=0),
        errors.OutOfRangeError,
        "starting rating 0 is outside 100..3500",
        id="zero-rating",
    ),
    pytest.param(register(source="fide"), errors.InvalidValueError, "source 'fide' is not one of", id="source"),
    pytest.param(register(name=" "), errors.InvalidValueError, "name must not be empty", id="empty-name"),
    pytest.param(register(player=""), errors.InvalidValueError, "player id must not be empty", id="empty-id"),
    pytest.param(register(born="1990-02-30"), errors.InvalidDateError, "not a calendar date", id="born-feb-30"),
    pytest.param(
        register(born="2026-06-01"), errors.FutureDateError, "born 2026-06-01 is after today", id="born-future"
    ),
    pytest.param(game(finished="2024-13-01"), errors.InvalidDateError, "not a calendar date", id="month-13"),
    pytest.param(game(finished="5 Jan 2024"), errors.InvalidDateError, "of the form YYYY-MM-DD", id="words"),
    pytest.param(game(finished="2024-1-5"), errors.InvalidDateError, "of the form YYYY-MM-DD", id="short"),
    pytest.param(
        game(time_control="40 in 2h"), errors.InvalidValueError, "not in PGN TimeControl form", id="time-control"
    ),
    pytest.param(game(forfeit="resigned"), errors.InvalidValueError, "forfeit 'resigned' is not one of", id="forfeit"),
    pytest.param(
        lambda app: app.adjudicate_game("G2", result="1-0", on="2024-03-05"),
        errors.AlreadyAdjudicatedError,
        "game 'G2' was already adjudicated on 2024-03-01",
        id="second-adjudication",
    ),
    pytest.param(
        lambda app: app.adjudicate_game("G1", result="1-0", on="2024-01-09"),
        errors.NotAdjudicableError,
        "game 'G1' finished normally (1-0 on 2024-01-10): only a forfeited or unfinished game is adjudicated",
        id="adjudicated-normal-game",
    ),
    pytest.param(
        lambda app: app.adjudicate_game("G1", result="1-0", on="2024-03-05", reported_on="2024-03-04"),
        errors.FutureDateError,
        "adjudication date 2024-03-05 is after the reported date 2024-03-04",
        id="adjudicated-after-reported",
    ),
    pytest.param(
        lambda app: app.mark_inactive("B", on="2024-06-01", reason="again"),
        errors.MarkerError,
        "player 'B' is already inactive on 2024-06-01",
        id="inactive-twice",
    ),
    pytest.param(
        lambda app: app.reactivate("A", on="2024-06-01"),
        errors.MarkerError,
        "player 'A' is already active on 2024-06-01",
        id="reactivate-active",
    ),
    pytest.param(
        lambda app: app.mark_inactive("A", on="2024-06-01", reason=" "),
        errors.InvalidValueError,
        "reason must not be empty",
        id="empty-reason",
    ),
    pytest.param(
        lambda app: app.withdraw_player("A", tournament="Cup", on="2024-04-01"),
        errors.DuplicateWithdrawalError,
        "player 'A' already withdrew from 'Cup'",
        id="second-withdrawal",
    ),
    pytest.param(
        lambda app: app.withdraw_player("A", tournament="League", on="2026-02-01"),
        errors.FutureDateError,
        "withdrawal date 2026-02-01 is after today",
        id="withdrawal-future",
    ),
]


@pytest.mark.parametrize(("command", "error", "message"), REFUSALS)
def test_refusal_raises_its_error_and_writes_nothing(
    busy: RatingLedger, command: Command, error: type[errors.LedgerError], message: str
) -> None:
    before = stored_rows(busy)
    assert len(before) == 7
    with pytest.raises(error) as raised:
        command(busy)
    assert message in str(raised.value)
    assert isinstance(raised.value, errors.LedgerError)
    assert isinstance(raised.value, ValueError)
    assert stored_rows(busy) == before


def test_the_limits_themselves_are_accepted(ledger: RatingLedger) -> None:
    """IECG §VII.3 "should not exceed 1700": 1700 is allowed; §VII.2 "at least six games": 6 is allowed."""
    assert ledger.register_player("T", "Tess", source="tutor", starting_rating=1700).starting_rating == 1700
    assert ledger.register_player("O", "Otto", source="other", starting_rating=1900, rated_games=6).rated_games == 6
    assert ledger.register_player("N", "Nina", starting_rating=800).starting_rating == 800
    assert len(stored_rows(ledger)) == 3


def test_a_game_finished_today_is_accepted(two_players: RatingLedger) -> None:
    facts = two_players.record_game("G1", white="A", black="B", result="1-0", finished="2026-01-01")
    assert (facts.finished, facts.reported_on) == ("2026-01-01", "2026-01-01")


def test_a_withdrawal_dated_after_it_was_reported_is_refused(two_players: RatingLedger) -> None:
    before = stored_rows(two_players)
    with pytest.raises(errors.FutureDateError, match="after the reported date"):
        two_players.withdraw_player("A", tournament="Cup", on="2024-03-05", reported_on="2024-03-01")
    assert stored_rows(two_players) == before


@pytest.mark.parametrize("mark", ["inactive", "reactivate"])
def test_a_marker_dated_after_it_was_reported_is_refused(two_players: RatingLedger, mark: str) -> None:
    if mark == "reactivate":
        two_players.mark_inactive("A", on="2024-01-01", reason="break", reported_on="2024-01-02")
    before = stored_rows(two_players)
    with pytest.raises(errors.FutureDateError, match="after the reported date"):
        if mark == "inactive":
            two_players.mark_inactive("A", on="2024-03-05", reason="break", reported_on="2024-03-01")
        else:
            two_players.reactivate("A", on="2024-03-05", reported_on="2024-03-01")
    assert stored_rows(two_players) == before
