"""IECG Rules and Regulations 5.1a, D §2.4, §2.5, §2.8.5 and C §9, one test per clause.

Every expected value is worked by hand from the rules text (seed 002) in the comment beside it.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from projections.rules.iecg.entry import (
    ClassRight,
    Decision,
    EntryRules,
    Group,
    History,
    InPlay,
    Withdrawal,
    add_months,
    bans,
    eligibility,
    may_enter,
    ticket_status,
    tickets_earned,
)
from projections.rules.iecg.entry import Entry as EntryMade

D = date
EARLY = D(1999, 1, 1)


def finished(
    event: str,
    klass: str,
    end: date,
    rank: int,
    *,
    kind: str = "class",
    players: int = 7,
    score: Fraction = Fraction(1, 2),
    tied_first: bool = False,
    start: date = EARLY,
    final: bool = True,
) -> Group:
    return Group(event, kind, klass, start, end, rank, tied_first, players, score, final)


def playing(event: str, klass: str, start: date, end: date | None = None, kind: str = "class") -> Group:
    return Group(event, kind, klass, start, end, None, False, 7 if kind == "class" else 4, None)


# D §2.4a / §2.5a: M 2200+, 1 1800-2199, 2 1400-1799, 3 1000-1399, N up to 999.
@pytest.mark.parametrize(
    ("ter", "klass"),
    [(2200, "M"), (2199, "1"), (1800, "1"), (1799, "2"), (1400, "2"), (1399, "3"), (1000, "3"), (999, "N"), (0, "N")],
)
def test_d24a_class_by_ter(ter: int, klass: str) -> None:
    assert may_enter(ter, History(), "class", klass, D(2000, 5, 1)) == Decision(True, "D 2.4a", "own-class")
    assert eligibility(ter, History(), D(2000, 5, 1)).classes == (ClassRight(klass, "D 2.4a", None),)


def test_d24a_no_lower_class() -> None:
    # 1850 is class 1 (1800-2199); class 2 is 1400-1799, below his band, and nothing admits him there.
    assert may_enter(1850, History(), "class", "2", D(2000, 5, 1)) == Decision(False, "D 2.4a", "below-class")
    assert may_enter(1850, History(), "quad", "3", D(2000, 5, 1)) == Decision(False, "D 2.5a", "below-class")


def test_d24a_above_class_without_ticket() -> None:
    # 1799 is class 2; class 1 starts at 1800.
    assert may_enter(1799, History(), "class", "1", D(2000, 5, 1)) == Decision(False, "D 2.4a", "above-class")


def test_e_iii6_no_ter() -> None:
    assert may_enter(None, History(), "class", "N", D(2000, 5, 1)) == Decision(False, "E III.6", "no-ter")
    assert eligibility(None, History(), D(2000, 5, 1)).classes == ()


def test_d24c_winner_one_class_up() -> None:
    # Won Class 3 group C3.1 (ended 1 March 2000); TER 1200 is class 3 → ticket to class 2 (one up).
    history = History(groups=(finished("C3.1", "3", D(2000, 3, 1), 1),))
    on = D(2000, 4, 1)
    assert may_enter(1200, history, "class", "2", on) == Decision(True, "D 2.4c", "ticket", "C3.1")
    # one class only: class 1 is two above.
    assert may_enter(1200, history, "class", "1", on) == Decision(False, "D 2.4c", "beyond-ticket")
    # not before the group has finished: on 29 February 2000 there is no ticket yet.
    assert may_enter(1200, history, "class", "2", D(2000, 2, 29)) == Decision(False, "D 2.4a", "above-class")


def test_d24c_second_of_fifteen() -> None:
    # "this also applies to the second ranked in a 15-player group": class 2, 15 players, rank 2 → class 1.
    fifteen = History(groups=(finished("C2.15", "2", D(2000, 3, 1), 2, players=15),))
    assert may_enter(1500, fifteen, "class", "1", D(2000, 4, 1)) == Decision(True, "D 2.4c", "ticket", "C2.15")
    # second of a 7-player group: no ticket.
    seven = History(groups=(finished("C2.7", "2", D(2000, 3, 1), 2),))
    assert tickets_earned(seven, D(2000, 4, 1)) == ()


def test_d24c_example_c1() -> None:
    # "a Class 3 player wins a tournament, which earns him a ticket to a Class 2 tournament. Suppose that
    # when he wishes to use the ticket his rating c.1) has dropped to Class N: then he may enter a Class 3
    # group, but not a Class 2."  TER 950 is class N (up to 999).
    history = History(groups=(finished("C3.1", "3", D(2000, 3, 1), 1),))
    on = D(2000, 6, 1)
    assert may_enter(950, history, "class", "3", on) == Decision(True, "D 2.4c", "ticket", "C3.1")
    assert may_enter(950, history, "class", "2", on) == Decision(False, "D 2.4c", "beyond-ticket")
    (status,) = eligibility(950, history, on).tickets
    assert (status.usable, status.admits) == (True, ("3",))


def test_d24c_example_c2() -> None:
    # "c.2) has increased to Class 1: then he may *not* enter a Class M, because it is more than one
    # Class above his original". TER 1850 is class 1, which already reaches the ticket's class 2: the
    # right is lost; he enters class 1 by his rating, without the ticket.
    history = History(groups=(finished("C3.1", "3", D(2000, 3, 1), 1),))
    on = D(2000, 6, 1)
    assert may_enter(1850, history, "class", "M", on) == Decision(False, "D 2.4c", "ticket-lost")
    assert may_enter(1850, history, "class", "1", on) == Decision(True, "D 2.4a", "own-class")
    (status,) = eligibility(1850, history, on).tickets
    assert (status.usable, status.reason, status.clause) == (False, "lost", "D 2.4c")


def test_d24c_lost_at_time_of_exercise_only() -> None:
    # TER 1450 (class 2) reaches the ticket's class 2 → lost on that day; at 1390 (class 3) usable.
    history = History(groups=(finished("C3.1", "3", D(2000, 3, 1), 1),))
    (ticket,) = tickets_earned(history, D(2000, 6, 1))
    assert ticket_status(ticket, 1450, history, D(2000, 6, 1)).reason == "lost"
    assert ticket_status(ticket, 1390, history, D(2000, 8, 1)).admits == ("2",)


def test_d24c_used_only_once() -> None:
    # "Any qualification may be used only once": entered C2.9 with the ticket on 10 April 2000.
    won = finished("C3.1", "3", D(2000, 3, 1), 1)
    used = EntryMade("C2.9", D(2000, 4, 10), "2", "C3.1")
    history = History(groups=(won,), entries=(used,))
    assert may_enter(1200, history, "class", "2", D(2000, 4, 9)) == Decision(True, "D 2.4c", "ticket", "C3.1")
    assert may_enter(1200, history, "class", "2", D(2000, 4, 20)) == Decision(False, "D 2.4c", "ticket-used")


def test_d24b_class_m_winner_gets_no_class_ticket() -> None:
    # D §2.4b: an M winner qualifies for the Championship semifinal, not for a class.
    history = History(groups=(finished("CM.14", "M", D(2000, 3, 1), 1),))
    assert tickets_earned(history, D(2000, 4, 1)) == ()


def test_d25c_quad_winner() -> None:
    # Won Quad N Q.N.1; TER 900 (N) → one tournament in class 3, quad or class tournament.
    history = History(groups=(finished("QN.1", "N", D(2000, 3, 1), 1, kind="quad", players=4),))
    assert may_enter(900, history, "quad", "3", D(2000, 4, 1)) == Decision(True, "D 2.5c", "ticket", "QN.1")
    assert may_enter(900, history, "class", "3", D(2000, 4, 1)) == Decision(True, "D 2.5c", "ticket", "QN.1")
    strict = EntryRules(tickets_cross_kinds=False)
    refused = may_enter(900, history, "class", "3", D(2000, 4, 1), rules=strict)
    assert refused == Decision(False, "D 2.4a", "above-class")


def test_d25f_tie_for_first_needs_75_percent() -> None:
    # A quad is a double round robin of 4: 6 games, 6 points available. 4.5/6 = 75% → ticket for the
    # co-leader who lost the tiebreak (rank 2); 4/6 = 66.7% → none.
    end = D(2000, 3, 1)
    at_75 = finished("Q2.1", "2", end, 2, kind="quad", players=4, score=Fraction(9, 12), tied_first=True)
    below = finished("Q2.2", "2", end, 2, kind="quad", players=4, score=Fraction(8, 12), tied_first=True)
    (ticket,) = tickets_earned(History(groups=(at_75, below)), D(2000, 4, 1))
    assert (ticket.origin, ticket.clause, ticket.target) == ("Q2.1", "D 2.5f", "1")


def test_d25f_tiebreak_winner() -> None:
    # The tiebreak winner (rank 1) of a tie at 4/6 keeps D §2.4c's ticket by default; with the reading
    # that §2.5f governs every tie, he needs 75% too and gets nothing.
    win = finished("Q2.3", "2", D(2000, 3, 1), 1, kind="quad", players=4, score=Fraction(8, 12), tied_first=True)
    history = History(groups=(win,))
    assert [t.clause for t in tickets_earned(history, D(2000, 4, 1))] == ["D 2.5c"]
    assert tickets_earned(history, D(2000, 4, 1), EntryRules(tiebreak_winner_promoted=False)) == ()


def test_d285_invitational() -> None:
    # "wins a Friends Invitational in class 3 he gets the right to enter a tournament in class 1";
    # "If the final reach 15 players the second gets the right to start in the class at one level above".
    end = D(2000, 7, 1)
    winner = finished("FI3", "3", end, 1, kind="invitational", players=9)
    second15 = finished("FIN", "N", end, 2, kind="invitational", players=15)
    second9 = finished("FI2", "2", end, 2, kind="invitational", players=9)
    class1 = finished("FI1", "1", end, 1, kind="invitational", players=9)  # "not applicable in class 1"
    prelim = finished("FI3p", "3", end, 1, kind="invitational", players=7, final=False)
    found = tickets_earned(History(groups=(winner, second15, second9, class1, prelim)), D(2000, 8, 1))
    assert [(t.origin, t.target, t.levels) for t in found] == [("FI3", "1", 2), ("FIN", "3", 1)]
    # TER 1200 (class 3): the two-class ticket admits to class 2 and class 1.
    history = History(groups=(winner,))
    assert may_enter(1200, history, "class", "1", D(2000, 8, 1)) == Decision(True, "D 2.8.5", "ticket", "FI3")
    # TER 1500 (class 2) < class 1: still usable, for class 1 only (two up would be above the ticket's class).
    (status,) = eligibility(1500, history, D(2000, 8, 1)).tickets
    assert status.admits == ("1",)


def test_d283_no_entry_to_invitational() -> None:
    assert may_enter(1200, History(), "invitational", "3", D(2000, 3, 1)) == Decision(False, "D 2.8.3", "by-invitation")


def test_d24_fifteen_needs_completed_seven() -> None:
    on = D(2000, 5, 1)
    assert may_enter(1500, History(), "class", "2", on, players=15) == Decision(
        False, "D 2.4", "fifteen-needs-completed-seven"
    )
    # a finished quad (ended 1 April 2000) is enough.
    quad = History(groups=(finished("Q2.1", "2", D(2000, 4, 1), 3, kind="quad", players=4),))
    assert may_enter(1500, quad, "class", "2", on, players=15) == Decision(True, "D 2.4a", "own-class")
    # a 7-player group he withdrew from was not completed.
    left = History(
        groups=(finished("C2.1", "2", D(2000, 4, 1), 7),), withdrawals=(Withdrawal(D(2000, 2, 1), True, "C2.1"),)
    )
    assert may_enter(1500, left, "class", "2", D(2000, 9, 1), players=15).reason == "fifteen-needs-completed-seven"


def test_d24d_four_groups_at_once() -> None:
    # Four groups: three started in January 2000 (one ends 30 June 2000), one entry made 1 March not started.
    history = History(
        groups=(
            playing("A", "2", D(2000, 1, 1)),
            playing("B", "2", D(2000, 1, 5), kind="quad"),
            playing("C", "2", D(2000, 1, 9), D(2000, 6, 30)),
        ),
        entries=(EntryMade("P", D(2000, 3, 1), "2", None),),
    )
    on = D(2000, 4, 1)
    assert [(p.event, p.pending) for p in eligibility(1500, history, on).in_play] == [
        ("A", False),
        ("B", False),
        ("C", False),
        ("P", True),
    ]
    assert may_enter(1500, history, "class", "2", on) == Decision(False, "D 2.4d", "too-many-groups")
    assert may_enter(1500, history, "quad", "2", on) == Decision(False, "D 2.5d", "too-many-groups")
    # special permission (D 2.4d second sentence) for five.
    assert may_enter(1500, history, "class", "2", on, allowed_groups=5).allowed
    # C finished on 30 June: three left on 30 June.
    assert may_enter(1500, history, "class", "2", D(2000, 6, 30)).allowed


def test_c9c1a_first_announced_single_event() -> None:
    # Playing only C2.1; announced withdrawal 15 March 2000 → 6 months: new events from 15 September 2000.
    history = History(
        groups=(playing("C2.1", "2", D(2000, 1, 1)),), withdrawals=(Withdrawal(D(2000, 3, 15), True, "C2.1"),)
    )
    (ban,) = bans(history, D(2000, 4, 1))
    assert (ban.clause, ban.until, ban.withdraws_all) == ("C 9C1a", D(2000, 9, 15), False)
    assert may_enter(1500, history, "class", "2", D(2000, 9, 14)) == Decision(False, "C 9C1a", "no-new-events")
    assert may_enter(1500, history, "class", "2", D(2000, 9, 15)) == Decision(True, "D 2.4a", "own-class")


def test_c9c1b_first_announced_more_events() -> None:
    # Playing A, B, C; withdraws (announced) from A on 15 March 2000. B ends 30 June 2000, C 20 November
    # 2000: the last to end is C → 6 months from 20 November 2000 = 20 May 2001.
    groups = (
        playing("A", "2", D(2000, 1, 1)),
        playing("B", "2", D(2000, 1, 1), D(2000, 6, 30)),
        playing("C", "2", D(2000, 2, 1), D(2000, 11, 20)),
    )
    history = History(groups=groups, withdrawals=(Withdrawal(D(2000, 3, 15), True, "A"),))
    (ban,) = bans(history, D(2001, 1, 1))
    assert (ban.clause, ban.until) == ("C 9C1b", D(2001, 5, 20))
    assert may_enter(1500, history, "class", "2", D(2001, 5, 19)).reason == "no-new-events"
    assert may_enter(1500, history, "class", "2", D(2001, 5, 20)).allowed
    # while C is still unfinished, the end is not known: barred.
    open_c = History(groups=(*groups[:2], playing("C", "2", D(2000, 2, 1))), withdrawals=history.withdrawals)
    (ban,) = bans(open_c, D(2005, 1, 1))
    assert ban.until is None
    assert may_enter(1500, open_c, "class", "2", D(2005, 1, 1)) == Decision(False, "C 9C1b", "no-new-events")


def test_c9c2_second_announced_within_a_year() -> None:
    # Announced 15 March 2000 (first: 9C1a, until 15 September 2000), announced again 1 February 2001,
    # within one year (before 15 March 2001) → suspended 12 months: until 1 February 2002; withdrawn
    # from all: G (entered 1 October 2000) no longer counts as in play.
    history = History(
        groups=(
            playing("A", "2", D(2000, 1, 1)),
            playing("B", "2", D(2000, 10, 1)),
            playing("G", "2", D(2000, 10, 1)),
        ),
        withdrawals=(Withdrawal(D(2000, 3, 15), True, "A"), Withdrawal(D(2001, 2, 1), True, "B")),
    )
    first, second = bans(history, D(2001, 3, 1))
    assert (first.clause, first.until) == ("C 9C1a", D(2000, 9, 15))
    assert (second.clause, second.kind, second.until, second.withdraws_all) == (
        "C 9C2",
        "suspended",
        D(2002, 2, 1),
        True,
    )
    assert may_enter(1500, history, "class", "2", D(2002, 1, 31)) == Decision(False, "C 9C2", "suspended")
    assert eligibility(1500, history, D(2002, 2, 1)).in_play == ()
    assert may_enter(1500, history, "class", "2", D(2002, 2, 1)).allowed


def test_c9c2_second_announced_after_a_year_is_a_first() -> None:
    # 15 March 2000, then 16 March 2001 (one year and a day later): a first again → 6 months, to
    # 16 September 2001, no suspension.
    history = History(withdrawals=(Withdrawal(D(2000, 3, 15), True, "A"), Withdrawal(D(2001, 3, 16), True, "B")))
    assert [(b.clause, b.until) for b in bans(history, D(2001, 4, 1))] == [
        ("C 9C1a", D(2000, 9, 15)),
        ("C 9C1a", D(2001, 9, 16)),
    ]
    # on the anniversary itself, 15 March 2001, it is still "within one year": suspended to 15 March 2002.
    history = History(withdrawals=(Withdrawal(D(2000, 3, 15), True, "A"), Withdrawal(D(2001, 3, 15), True, "B")))
    assert [(b.clause, b.until) for b in bans(history, D(2001, 4, 1))] == [
        ("C 9C1a", D(2000, 9, 15)),
        ("C 9C2", D(2002, 3, 15)),
    ]


def test_c9d1_first_silent() -> None:
    # Silent withdrawal 31 August 2000 → suspended 12 months, to 31 August 2001.
    history = History(withdrawals=(Withdrawal(D(2000, 8, 31), False, "A"),))
    (ban,) = bans(history, D(2000, 9, 1))
    assert (ban.clause, ban.kind, ban.until, ban.withdraws_all) == ("C 9D1", "suspended", D(2001, 8, 31), True)
    assert may_enter(1500, history, "class", "2", D(2001, 8, 30)) == Decision(False, "C 9D1", "suspended")
    assert may_enter(1500, history, "class", "2", D(2001, 8, 31)).allowed


def test_c9d2_second_silent_cancels_membership() -> None:
    # Silent 1 March 2000 (suspended to 1 March 2001), silent again 1 June 2003 → cancelled, for good.
    history = History(withdrawals=(Withdrawal(D(2000, 3, 1), False, "A"), Withdrawal(D(2003, 6, 1), False, "B")))
    assert may_enter(1500, history, "class", "2", D(2003, 5, 31)).allowed
    assert may_enter(1500, history, "class", "2", D(2010, 1, 1)) == Decision(False, "C 9D2", "cancelled")


def test_add_months_end_of_month() -> None:
    # 31 August 2000 + 6 months: February 2001 has 28 days → 28 February 2001; 2000 is a leap year.
    assert add_months(D(2000, 8, 31), 6) == D(2001, 2, 28)
    assert add_months(D(1999, 8, 31), 6) == D(2000, 2, 29)
    assert add_months(D(2000, 3, 15), 12) == D(2001, 3, 15)


def test_in_play_value() -> None:
    history = History(entries=(EntryMade("P", D(2000, 3, 1), "2", None),))
    assert eligibility(1500, history, D(2000, 3, 1)).in_play == (InPlay("P", D(2000, 3, 1), True),)
