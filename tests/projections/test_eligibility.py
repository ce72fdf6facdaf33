"""Eligibility read from the log (issue 12 §3): the TER on the list in force, the groups and their results, the
entries and withdrawals, as known at a date (:mod:`projections.eligibility`, through :class:`projections.Ratings`).

The quad ``Q`` (class 2, 10 January – 20 February 2024): W, X, Y and Z, each registered with an established
ICCF rating of 1600 on 100 games (IECG Rating Rules 1.7 §VII.1: established at once). W wins his six games;
every other game is drawn. Worked by hand:

- crosstable: W 6 points of 6 (score 1), rank 1; X, Y and Z 2 points each (4 draws), so W is alone in first.
- ratings on the list of 2024-01 (§V): k = r·p = 20·1 (Ro ≤ 2000, Pn = 100 ≥ 80); every opponent's TER is
  1600, a difference of 0, so We = ½ (§I.3). W: 1600 + 6·20·(1 − ½) = 1660. X: two losses to W,
  2·20·(0 − ½) = −20, four draws 0: 1580. Both class 2 (1400–1799, D §2.4a).
- W's ticket (D §2.5c, the winner of a class 2 quad): one tournament of class 1; his class is 2, below the
  ticket's, so it is usable and admits class 1 only.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from ledger import RatingLedger
from ledger.errors import InvalidValueError
from projections import Ratings

QUAD = ("W", "X", "Y", "Z")


def quad_games(ledger: RatingLedger) -> None:
    """The double round of ``Q``: W wins every game, the others draw theirs."""
    number = 0
    for first, a in enumerate(QUAD):
        for b in QUAD[first + 1 :]:
            for leg, (white, black) in enumerate(((a, b), (b, a))):
                number += 1
                day = f"2024-01-{10 + number:02d}" if leg == 0 else f"2024-02-{number:02d}"
                result = "1/2-1/2" if "W" not in (a, b) else ("1-0" if white == "W" else "0-1")
                ledger.record_game(
                    f"q{number}", white=white, black=black, result=result, finished=day, event="Q", reported_on=day
                )


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    path = str(tmp_path / "iecg.db")
    ledger = RatingLedger.create(path, user="officer", clock=lambda: date(2026, 1, 1))
    try:
        for player in (*QUAD, "S"):
            ledger.register_player(
                player, f"Player {player}", starting_rating=1600 if player != "S" else 1500, source="iccf",
                rated_games=100, reported_on="2024-01-01",
            )  # fmt: skip
        ledger.register_tournament(
            "Q", name="Quad 2", type="quad", start="2024-01-10", end="2024-02-20", rating_class="2", rounds=6,
            reported_on="2024-01-01",
        )  # fmt: skip
        for event, klass in (("C1", "1"), ("C1b", "1"), ("C2", "2")):
            ledger.register_tournament(
                event, name=f"Class {klass}", type="class", start="2024-04-01", rating_class=klass,
                reported_on="2024-03-01",
            )  # fmt: skip
        quad_games(ledger)
        yield path
    finally:
        ledger.close()


def record(db: str, action: str, *args: str, **kwargs: str | bool | None) -> None:
    ledger = RatingLedger(db, user="officer", clock=lambda: date(2026, 1, 1))
    try:
        getattr(ledger, action)(*args, **kwargs)
    finally:
        ledger.close()


def test_the_ter_on_the_list_in_force_and_the_quad_won(db: str) -> None:
    with Ratings.open(db, cache=False) as ratings:
        found = ratings.eligibility("W", "2024-03-05")
        assert (found.rules, found.period, found.listed) == ("iecg-1.7", "2024-01", True)
        answer = found.answer
        assert (answer.ter, answer.own_class) == (1660, "2")  # 1600 + 60, worked above
        assert [(r.klass, r.clause, r.ticket) for r in answer.classes] == [("2", "D 2.4a", None), ("1", "D 2.5c", "Q")]
        (status,) = answer.tickets
        assert (status.ticket.origin, status.ticket.target, status.usable, status.admits) == ("Q", "1", True, ("1",))
        assert ratings.eligibility("X", "2024-03-05").answer.ter == 1580  # 1600 − 20
        # On 2024-02-25 the list in force is still 2023-11's: he has no rated game on it (§III.7: his TER is his
        # starting rating, 1600); the quad has ended on 20 February, so its ticket is already his.
        before = ratings.eligibility("W", "2024-02-25")
        assert (before.period, before.listed, before.answer.ter) == ("2023-11", False, 1600)
        assert [t.ticket.origin for t in before.answer.tickets] == ["Q"]


def test_the_group_as_the_rules_read_it(db: str) -> None:
    from projections.eligibility import player_history

    with Ratings.open(db, cache=False) as ratings:
        history = player_history(ratings.projector, ratings.reader, "W", "2024-03-05")
        (group,) = history.groups
        assert (group.event, group.kind, group.klass, group.rank, group.tied_first) == ("Q", "quad", "2", 1, False)
        assert (group.players, group.score, group.end) == (4, Fraction(1), date(2024, 2, 20))
        # X, Y and Z share second place on 2 points (four draws each: 2 of 6, a third): no tie for first.
        x = player_history(ratings.projector, ratings.reader, "X", "2024-03-05").groups[0]
        assert (x.rank, x.tied_first, x.score) == (2, False, Fraction(1, 3))
        # Before its end the quad is being played: no rank yet (D §2.4c reads the final rank).
        during = player_history(ratings.projector, ratings.reader, "W", "2024-02-19")
        assert (during.groups[0].rank, during.groups[0].score) == (None, None)


def test_a_ticket_is_used_once_and_the_entry_asked_about_is_left_out(db: str) -> None:
    record(db, "enter_tournament", "W", tournament="C1", on="2024-03-05", ticket="Q", reported_on="2024-03-10")
    with Ratings.open(db, cache=False) as ratings:
        used = ratings.may_enter("W", "C1b", "2024-03-06")
        assert (used.allowed, used.clause, used.reason) == (False, "D 2.4c", "ticket-used")
        # "Could he enter C1 on the day he entered?": his own entry into C1 is not counted against it.
        again = ratings.may_enter("W", "C1", "2024-03-05")
        assert (again.allowed, again.clause, again.ticket) == (True, "D 2.5c", "Q")
        # As known on 2024-03-06 the entry (reported on the 10th) is not known: the ticket is still usable.
        then = ratings.eligibility("W", "2024-03-06", known_at="2024-03-06").answer
        assert [(t.usable, t.reason) for t in then.tickets] == [(True, "usable")]
        now = ratings.eligibility("W", "2024-03-06").answer
        assert [(t.usable, t.reason) for t in now.tickets] == [(False, "used")]
        assert [(p.event, p.pending) for p in now.in_play] == [("C1", True)]  # entered, starts 1 April (D 2.4d)


def test_withdrawals_of_every_kind_and_void_events(db: str) -> None:
    # A free-text withdrawal recorded before events existed is a C §9 withdrawal too: silent, the first → 9D1.
    record(db, "withdraw_player", "S", tournament="Old cup", on="2024-01-15", silent=True, reported_on="2024-01-16")
    # A withdrawal from an event registered in error does not count once the event is void.
    record(db, "withdraw_from_tournament", "S", tournament="C2", on="2024-04-02", silent=True, reported_on="2024-04-02")
    with Ratings.open(db, cache=False) as ratings:
        bans = ratings.eligibility("S", "2024-05-01").answer.bans
        assert [(b.clause, b.kind) for b in bans] == [("C 9D1", "suspended"), ("C 9D2", "cancelled")]
    record(db, "void_tournament", "C2", reason="registered in error", reported_on="2024-05-02")
    with Ratings.open(db, cache=False) as ratings:
        answer = ratings.eligibility("S", "2024-05-01").answer
        # 15 January 2024 + 12 months: he may enter again on 15 January 2025.
        assert [(b.clause, b.until) for b in answer.bans] == [("C 9D1", date(2025, 1, 15))]
        assert answer.barred is not None and answer.barred.clause == "C 9D1"
        # A newcomer's TER is his starting rating (§III.7), not published (§III.3): 1500, class 2.
        found = ratings.eligibility("S", "2024-05-01")
        assert (found.answer.ter, found.answer.own_class, found.listed) == (1500, "2", False)


def test_refusals(db: str) -> None:
    with Ratings.open(db, cache=False) as ratings:
        with pytest.raises(InvalidValueError, match="not an IECG rules version"):
            ratings.eligibility("W", "2024-03-05", "fide-2024")
        with pytest.raises(LookupError, match="unknown player 'NOBODY'"):
            ratings.eligibility("NOBODY", "2024-03-05")
        with pytest.raises(LookupError, match="event 'NOPE' is not registered"):
            ratings.may_enter("W", "NOPE", "2024-03-05")
