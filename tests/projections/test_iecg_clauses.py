"""IECG Rating Rules 1.7, clause by clause, as this project interprets them.

Each test names the clause it checks. Expected numbers are worked out here,
from the rules' formulas written out with :mod:`math` (the helpers below are
the test's own transcription of §I.3, §I.4 and §IV.1, not the code under
test), or are literals with the arithmetic beside them. Unit tests call the
pure functions of :mod:`projections.rules.iecg.formulas`; replay tests build a ledger
and read lists back through :class:`projections.replay.Projector`.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

from ledger.errors import StartingRatingError
from projections.rules.iecg import IECG_1_7
from projections.rules.iecg.formulas import (
    Entry,
    PlayerState,
    correction_factor,
    expected_score,
    initial_state,
    is_listed,
    opponent_rating_used,
    p_factor,
    provisional_rating,
    r_factor,
    rating_change_of_score,
    rating_class,
    settle,
    start_of_period,
)
from projections.rules.rounding import round_half_up
from tests.projections.federation import RULES, Federation, period_index

PARAMS = IECG_1_7
assert PARAMS.name == RULES


# --- the rules' formulas, transcribed independently --------------------------


def we(own: float, opponent: float) -> float:
    """§I.3/§V.2: P(D) = 1/(1+10^(-D/400)), D = own − opponent."""
    return 1.0 / (1.0 + math.pow(10.0, -(own - opponent) / 400.0))


def d_of_p(p: float) -> float:
    """§I.4: D(p) = −400·log10((1−p)/p); D(0) = −800, D(1) = +800."""
    if p == 0:
        return -800.0
    if p == 1:
        return 800.0
    return -400.0 * math.log10((1.0 - p) / p)


def f_of_p(p: float) -> float:
    """§IV.1: F = −2p² + 2p + 0.5."""
    return -2.0 * p * p + 2.0 * p + 0.5


def half_up(value: float) -> int:
    """§I.5 (project spec): round half up, via exact decimal arithmetic."""
    return int(Decimal(value).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def state(
    *,
    rating: int = 1500,
    ter: int | None = None,
    established: bool = False,
    pn: int = 0,
    games: int = 0,
    last_period: int | None = None,
    starting_rating: int = 1500,
) -> PlayerState:
    return PlayerState(
        rating=rating,
        ter=rating if ter is None else ter,
        established=established,
        pn=pn,
        games=games,
        wins=0,
        draws=games,
        losses=0,
        opp_sum=0,
        points2=games,
        last_period=last_period,
        starting_rating=starting_rating,
    )


# === Unit tests of the pure functions ========================================


@pytest.mark.parametrize(
    ("own", "opponent", "expected"),
    [
        (1500, 1500, 0.5),  # 1/(1+10^0)
        (2000, 1600, 10 / 11),  # 1/(1+10^-1) = 1/1.1
        (1600, 2000, 1 / 11),  # 1/(1+10^1)
        (1700, 1500, 0.7597469266479578),  # 1/(1+10^-0.5) = 1/1.316227766...
    ],
)
def test_i3_v2_expected_score(own: int, opponent: int, expected: float) -> None:
    """IECG 1.7 §I.3, §V.2: We = P(D) = 1/(1+10^(−D/400)) with D = own − opponent."""
    assert expected_score(own, opponent) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("p", "expected"),
    [
        (0.0, -800.0),  # D(0) = −800 by definition
        (1.0, 800.0),  # D(1) = +800 by definition
        (0.5, 0.0),  # −400·log10(1) = 0
        (0.75, 190.84850188786497),  # −400·log10(1/3) = 400·0.47712125471966244
        (0.25, -190.84850188786497),  # −400·log10(3)
        (0.9, 381.6970037757299),  # −400·log10(1/9) = 800·log10(3)
    ],
)
def test_i4_rating_change_of_score_d_of_p(p: float, expected: float) -> None:
    """IECG 1.7 §I.4: D(p) = −400·log10((1−p)/p), D(0) = −800, D(1) = +800."""
    assert rating_change_of_score(p) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize(
    ("p", "expected"),
    [
        (0.0, 0.5),  # −0 + 0 + 0.5
        (0.25, 0.875),  # −0.125 + 0.5 + 0.5
        (0.5, 1.0),  # −0.5 + 1 + 0.5
        (0.75, 0.875),  # −1.125 + 1.5 + 0.5
        (1.0, 0.5),  # −2 + 2 + 0.5
    ],
)
def test_iv1_correction_factor(p: float, expected: float) -> None:
    """IECG 1.7 §IV.1: F = −2p² + 2p + 0.5."""
    assert correction_factor(p) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("ro", "expected"),
    [
        (800, 20.0),
        (2000, 20.0),  # Ro ≤ 2000
        (2001, 19.975),  # 70 − 2001/40 = 70 − 50.025
        (2200, 15.0),  # 70 − 55
        (2399, 10.025),  # 70 − 59.975
        (2400, 10.0),  # Ro ≥ 2400
        (2700, 10.0),
    ],
)
def test_v3_r_factor_table(ro: int, expected: float) -> None:
    """IECG 1.7 §V.3: r = 10 if Ro ≥ 2400; 70 − Ro/40 if 2000 < Ro < 2400; 20 if Ro ≤ 2000."""
    assert r_factor(ro) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("pn", "expected"),
    [
        (0, 1.5),
        (15, 1.5),  # Pn ≤ 15
        (16, 1.25),  # 15 < Pn ≤ 30
        (30, 1.25),
        (31, 1.245),  # 1.4 − 31/200 = 1.4 − 0.155
        (55, 1.125),  # 1.4 − 0.275
        (79, 1.005),  # 1.4 − 0.395
        (80, 1.0),  # Pn ≥ 80
        (500, 1.0),
    ],
)
def test_v3_p_factor_table(pn: int, expected: float) -> None:
    """IECG 1.7 §V.3: p = 1 if Pn ≥ 80; 1.4 − Pn/200 if 30 < Pn < 80; 1.25 if 15 < Pn ≤ 30; 1.5 if Pn ≤ 15."""
    assert p_factor(pn) == pytest.approx(expected, abs=1e-12)


def test_v3_k_is_r_times_p() -> None:
    """IECG 1.7 §V.3: k = r·p — Ro 2200, Pn 40: r = 70 − 55 = 15, p = 1.4 − 0.2 = 1.2, k = 18."""
    assert r_factor(2200) * p_factor(40) == pytest.approx(18.0, abs=1e-12)


def test_iv1_provisional_rating_formula() -> None:
    """IECG 1.7 §IV.1: Rp = Rc + D(p)·F over all games; Rc the mean opponent rating."""
    # Opponents 900, 1000, 1100, 1150: Rc = 4150/4 = 1037.5; 2.5 points of 4: p = 0.625.
    rc = 1037.5
    d = -400.0 * math.log10(0.375 / 0.625)  # D(0.625) = 88.7395...
    f = -2 * 0.625**2 + 2 * 0.625 + 0.5  # F(0.625) = 0.96875
    assert provisional_rating(4150, 5, 4) == pytest.approx(rc + d * f, abs=1e-9)
    assert provisional_rating(4150, 5, 4) == pytest.approx(1123.4664, abs=1e-3)


def test_i4_provisional_rating_at_zero_and_full_score() -> None:
    """IECG 1.7 §I.4, §IV.1: D(0) = −800, D(1) = +800, F(0) = F(1) = 0.5: Rp = Rc ∓ 400."""
    assert provisional_rating(3000, 0, 3) == pytest.approx(1000 - 800 * 0.5)
    assert provisional_rating(3000, 6, 3) == pytest.approx(1000 + 800 * 0.5)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (1788.5, 1789),  # half up (banker's rounding would give 1788)
        (1811.5, 1812),
        (1788.4999999, 1788),
        (1788.5000001, 1789),
        (2.5, 3),
        (1000.0, 1000),
    ],
)
def test_i5_round_half_up(value: float, expected: int) -> None:
    """IECG 1.7 §I.5 (project spec): every published rating is rounded half up."""
    assert round_half_up(value) == expected


@pytest.mark.parametrize(
    ("opponent_ter", "expected"),
    [
        (2399, 2399),  # difference 399: as is
        (2400, 2400),  # difference 400: as is
        (2401, 2400),  # difference 401: cut to +400
        (1601, 1601),
        (1600, 1600),
        (1599, 1600),  # cut to −400
    ],
)
def test_iii8_cutoff_from_established_rating(opponent_ter: int, expected: int) -> None:
    """IECG 1.7 §III.8: an established player's reference is his rating on the previous list (2000)."""
    own = state(rating=2000, ter=2000, established=True, pn=50)
    assert opponent_rating_used(PARAMS, own, opponent_ter) == expected


@pytest.mark.parametrize(
    ("opponent_ter", "expected"),
    [
        (1399, 1399),
        (1400, 1400),
        (1401, 1400),  # 1000 + 400
        (601, 601),
        (600, 600),
        (599, 600),  # 1000 − 400
    ],
)
def test_iii8_cutoff_from_provisional_ter(opponent_ter: int, expected: int) -> None:
    """IECG 1.7 §III.8: a provisional player's reference is his TER (1000), not his rating (1700)."""
    own = state(rating=1700, ter=1000, games=5, starting_rating=1000)
    assert opponent_rating_used(PARAMS, own, opponent_ter) == expected


@pytest.mark.parametrize(
    ("ter", "klass"),
    [
        (2600, "M"),
        (2200, "M"),
        (2199, "1"),
        (1800, "1"),
        (1799, "2"),
        (1400, "2"),
        (1399, "3"),
        (1000, "3"),
        (999, "N"),
        (400, "N"),
    ],
)
def test_d24a_rating_class_boundaries(ter: int, klass: str) -> None:
    """IECG Rules 5.1a §D.2.4a: M ≥ 2200, 1: 1800–2199, 2: 1400–1799, 3: 1000–1399, N ≤ 999."""
    assert rating_class(ter) == klass


@pytest.mark.parametrize(
    ("source", "rated_games", "established", "pn"),
    [
        ("iccf", 40, True, 40),  # §VII.1: established at once, Pn = the games behind it
        ("iccf-provisional", 0, False, 0),  # §VII.2: starting rating only
        ("other", 12, False, 0),  # §VII.2
        ("tutor", 0, False, 0),  # §VII.3
        ("none", 0, False, 0),  # §VII.3
    ],
)
def test_vii_initial_state_by_source(source: str, rated_games: int, established: bool, pn: int) -> None:
    """IECG 1.7 §VII.1–3, §III.7: a new player's rating and TER are his starting rating."""
    new = initial_state(1650, source, rated_games)
    assert (new.rating, new.ter, new.established, new.pn, new.games) == (1650, 1650, established, pn, 0)
    assert new.last_period is None


@pytest.mark.parametrize(("gap", "restarts"), [(29, False), (30, True)])
def test_viii5_start_of_period_restart_after_30_periods(gap: int, restarts: bool) -> None:
    """IECG 1.7 §VIII.5: previous rated game 30 or more periods back: start again as a new player."""
    old = state(rating=1900, established=True, pn=60, games=60, last_period=100, starting_rating=1200)
    fresh = state(rating=1200, starting_rating=1200)
    got = start_of_period(PARAMS, 100 + gap, old, lambda _: fresh, "P")
    assert got == (fresh if restarts else old)


@pytest.mark.parametrize(
    ("established", "games", "since", "listed"),
    [
        (False, 5, 0, False),  # §III.3: five games are not enough
        (False, 6, 0, True),  # six are
        (True, 1, 0, True),  # established: any rated game
        (True, 1, 5, True),  # §VIII.5: a game five periods before
        (True, 1, 6, False),  # six periods before: off the list
        (False, 6, 5, True),
        (False, 6, 6, False),
    ],
)
def test_iii3_viii5_is_listed(established: bool, games: int, since: int, listed: bool) -> None:
    """IECG 1.7 §III.3 (six games), §VIII.5 (a game in the period or the five before)."""
    player = state(established=established, pn=games if established else 0, games=games, last_period=200 - since)
    assert is_listed(PARAMS, 200, player) is listed


def test_iv4_settle_promotes_at_fifteen_games_only() -> None:
    """IECG 1.7 §IV.4, §III.7: 14 games stay provisional (TER = Rp from 10), 15 become established."""
    start = initial_state(1500, "tutor", 0)
    # 14 draws against 1500: Rc = 1500, p = 0.5, D = 0: Rp = 1500.
    fourteen = [Entry(f"g{i}", f"o{i}", 1500, 1500, 1) for i in range(14)]
    after14 = settle(PARAMS, 10, start, fourteen)
    assert (after14.established, after14.rating, after14.ter, after14.games) == (False, 1500, 1500, 14)
    after15 = settle(PARAMS, 10, start, [*fourteen, Entry("g14", "o14", 1500, 1500, 1)])
    assert (after15.established, after15.rating, after15.ter, after15.pn) == (True, 1500, 1500, 15)


# === Replay tests: ledger → Projector ========================================


def test_ii1_game_rated_in_two_month_period_of_its_finished_date(tmp_path: Path) -> None:
    """IECG 1.7 §II.1: periods are two months from 1 January; a game counts in the period of its date."""
    fed = Federation(tmp_path / "l.db")
    a, b = fed.iccf("A", 1800), fed.iccf("B", 1800)
    fed.game(a, b, "1/2-1/2", "2020-12-31")  # period 2020-11 (Nov–Dec)
    fed.game(a, b, "1/2-1/2", "2021-01-01")  # period 2021-01 (Jan–Feb)
    fed.game(a, b, "1/2-1/2", "2021-02-28")  # period 2021-01
    fed.game(a, b, "1/2-1/2", "2021-03-01")  # period 2021-03 (Mar–Apr)
    assert fed.rows("2020-11")["A"]["games"] == 1
    assert fed.rows("2021-01")["A"]["games"] == 3
    assert fed.rows("2021-03")["A"]["games"] == 4
    assert fed.rating_list("2021-03").period == "2021-03"


def test_viii1_arbiter_forfeit_rated_as_normal_game(tmp_path: Path) -> None:
    """IECG 1.7 §VIII.1: a forfeit by arbiter decision is rated as a normal finished game."""
    fed = Federation(tmp_path / "l.db")
    a, b = fed.iccf("A", 1800), fed.iccf("B", 1800)
    fed.game(a, b, "1-0", "2021-01-10", forfeit="arbiter")
    rows = fed.rows("2021-01")
    # k = 20·1 (Ro ≤ 2000, Pn 100); We = 0.5: A +10, B −10.
    assert (rows["A"]["rating"], rows["A"]["wins"], rows["A"]["games"]) == (1810, 1, 1)
    assert (rows["B"]["rating"], rows["B"]["losses"], rows["B"]["games"]) == (1790, 1, 1)


def test_viii2_withdrawal_forfeit_not_rated(tmp_path: Path) -> None:
    """IECG 1.7 §VIII.2: a game forfeited by a withdrawal is not rated (unless adjudicated)."""
    fed = Federation(tmp_path / "l.db")
    a, b = fed.iccf("A", 1800), fed.iccf("B", 1800)
    c, d = fed.iccf("C", 1800), fed.iccf("D", 1800)
    fed.game(a, b, "1-0", "2021-01-10", forfeit="withdrawal")
    fed.game(c, d, "1-0", "2021-01-10")
    assert sorted(fed.rows("2021-01")) == ["C", "D"]
    states = fed.states("2021-01")
    assert "A" not in states
    assert "B" not in states


@pytest.mark.parametrize("forfeit", ["arbiter", "withdrawal"])  # a normal finish is not adjudicated (issue 10 §3)
def test_viii3_adjudicated_game_rated_in_decision_period_with_adjudicated_result(
    tmp_path: Path, forfeit: str | None
) -> None:
    """IECG 1.7 §VIII.3: an adjudicated game counts with the adjudicated result, in the decision's period."""
    fed = Federation(tmp_path / "l.db")
    a, b = fed.iccf("A", 1800), fed.iccf("B", 1800)
    c, d = fed.iccf("C", 1800), fed.iccf("D", 1800)
    gid = fed.game(a, b, "1-0", "2021-02-20", forfeit=forfeit)
    fed.game(c, d, "1/2-1/2", "2021-01-15")
    fed.ledger.adjudicate_game(gid, result="0-1", on="2021-03-10")
    # Not in 2021-01, the period of the finished date.
    assert sorted(fed.rows("2021-01")) == ["C", "D"]
    rows = fed.rows("2021-03")
    # Rated in 2021-03 as Black's win: k = 20, We = 0.5: B 1800 + 10, A 1800 − 10.
    assert (rows["B"]["rating"], rows["B"]["wins"], rows["B"]["losses"]) == (1810, 1, 0)
    assert (rows["A"]["rating"], rows["A"]["wins"], rows["A"]["losses"]) == (1790, 0, 1)


def test_viii3_adjudication_within_the_same_period(tmp_path: Path) -> None:
    """IECG 1.7 §VIII.3: a withdrawal adjudicated as a draw in its own period is rated as a draw."""
    fed = Federation(tmp_path / "l.db")
    a, b = fed.iccf("A", 1800), fed.iccf("B", 1750)
    gid = fed.game(a, b, "1-0", "2021-01-05", forfeit="withdrawal")
    fed.ledger.adjudicate_game(gid, result="1/2-1/2", on="2021-02-27")
    rows = fed.rows("2021-01")
    # A: 1800 + 20·(0.5 − We(1800, 1750)) = 1800 − 1.4293 → 1799; B: 1750 + 1.4293 → 1751.
    assert rows["A"]["rating"] == half_up(1800 + 20 * (0.5 - we(1800, 1750))) == 1799
    assert rows["B"]["rating"] == half_up(1750 + 20 * (0.5 - we(1750, 1800))) == 1751
    assert (rows["A"]["draws"], rows["B"]["draws"]) == (1, 1)


def test_ii3_opponent_rating_is_ter_from_previous_list(tmp_path: Path) -> None:
    """IECG 1.7 §II.3, §VI.1: every game of a period uses the opponent's TER from the previous list."""
    fed = Federation(tmp_path / "l.db")
    b = fed.iccf("B", 1800)
    winners = [fed.iccf(f"A{i}", 1800) for i in range(1, 6)]
    for w in winners:
        fed.score(w, b, 1.0, "2021-01-10")
    c = fed.iccf("C", 1800)
    # 2021-01: B loses five games at k = 20, We = 0.5: 1800 − 5·10 = 1750; each Ai 1810.
    assert fed.rows("2021-01")["B"]["rating"] == 1750
    # 2021-03: B first beats A1 (recorded first), then loses to C. Both games use the previous list:
    # C sees B at 1750 (not 1800, and not B's rating after beating A1).
    fed.score(b, winners[0], 1.0, "2021-03-10")
    fed.score(c, b, 1.0, "2021-03-20")
    rows = fed.rows("2021-03")
    c_new = 1800 + 20 * (1 - we(1800, 1750))  # 1800 + 8.5707 = 1808.57
    b_new = 1750 + 20 * (1 - we(1750, 1810)) + 20 * (0 - we(1750, 1800))  # 1750 + 11.710 − 8.571 = 1753.14
    a1_new = 1810 + 20 * (0 - we(1810, 1750))  # 1810 − 11.710 = 1798.29
    assert rows["C"]["rating"] == half_up(c_new) == 1809
    assert rows["B"]["rating"] == half_up(b_new) == 1753
    assert rows["A1"]["rating"] == half_up(a1_new) == 1798


def test_ii3_opponent_ter_is_starting_rating_until_ten_games(tmp_path: Path) -> None:
    """IECG 1.7 §II.3, §III.7: a never-rated opponent counts with his starting rating, and a
    provisional opponent with fewer than ten games with his TER (the starting rating), not his rating."""
    fed = Federation(tmp_path / "l.db")
    n1 = fed.player("N1")  # none: 800
    t = fed.player("T", rating=1100, source="tutor")
    fed.score(t, n1, 1.0, "2021-01-10")
    s1 = fed.states("2021-01")
    # T sees N1 at his starting rating 800: one win: 800 + 800·0.5 = 1200.
    # N1 sees T at 1100 (300 away, no cut): one loss: 1100 − 400 = 700. TERs stay at starting ratings.
    assert (s1["T"].rating, s1["T"].ter) == (1200, 1100)
    assert (s1["N1"].rating, s1["N1"].ter) == (700, 800)
    m = fed.player("M")
    fed.score(m, n1, 1.0, "2021-03-10")
    s2 = fed.states("2021-03")
    # M sees N1 at his TER 800, not his rating 700: 800 + 400 = 1200 (not 1100).
    assert s2["M"].rating == 1200
    # N1: two games, no points, opponents used 1100 and 800: Rc = 950: 950 − 400 = 550.
    assert (s2["N1"].rating, s2["N1"].games) == (550, 2)


def test_iii8_cutoff_for_established_player_at_large_difference(tmp_path: Path) -> None:
    """IECG 1.7 §III.8: a difference over 400 counts as 400, for both players of an established pair."""
    fed = Federation(tmp_path / "l.db")
    e, o = fed.iccf("E", 2000), fed.iccf("O", 1000)
    fed.score(o, e, 1.0, "2021-01-10")
    rows = fed.rows("2021-01")
    # E: O counts as 1600: We = 10/11: 2000 − 20·10/11 = 1981.82 → 1982 (uncut 1000 would give 1980).
    assert rows["E"]["rating"] == half_up(2000 - 20 * we(2000, 1600)) == 1982
    assert half_up(2000 - 20 * we(2000, 1000)) == 1980
    # O: E counts as 1400: We = 1/11: 1000 + 20·10/11 = 1018.18 → 1018 (uncut: 1020).
    assert rows["O"]["rating"] == half_up(1000 + 20 * (1 - we(1000, 1400))) == 1018


@pytest.mark.parametrize(
    ("opponent", "used"),
    [(1399, 1399), (1400, 1400), (1401, 1400), (601, 601), (600, 600), (599, 600)],
)
def test_iii8_cutoff_boundaries_through_replay(tmp_path: Path, opponent: int, used: int) -> None:
    """IECG 1.7 §III.8: differences 399 and 400 count as they are, 401 as 400 (either side).

    A provisional player (TER 1000) draws once: p = 0.5, D = 0, so Rp is exactly the opponent rating used.
    """
    fed = Federation(tmp_path / "l.db")
    p = fed.player("P", rating=1000, source="tutor")
    o = fed.iccf("O", opponent)
    fed.score(p, o, 0.5, "2021-01-10")
    assert fed.states("2021-01")["P"].rating == used
    projector = fed.projector()
    # The established side is cut the same way around his own rating.
    explained = projector.explain(RULES, "O", "2021-01")
    used = [column.heading for column in explained.columns].index("used")
    expected_for_o = max(opponent - 400, min(opponent + 400, 1000))
    assert explained.rows[0][used] == expected_for_o
    projector.close()


def test_iii8_reference_of_provisional_player_is_his_ter(tmp_path: Path) -> None:
    """IECG 1.7 §III.8 (project spec): a provisional player's cut-off is measured from his TER, an
    established player's from his rating on the previous list."""
    fed = Federation(tmp_path / "l.db")
    p = fed.player("P", rating=1000, source="tutor")
    n = fed.player("N")
    fed.score(p, n, 0.0, "2021-01-10")
    s1 = fed.states("2021-01")
    # P loses to N (800): Rp = 800 − 400 = 400; TER stays 1000.
    assert (s1["P"].rating, s1["P"].ter) == (400, 1000)
    q = fed.iccf("Q", 1450)
    fed.score(p, q, 0.5, "2021-03-10")
    s2 = fed.states("2021-03")
    # P sees Q cut from his TER 1000: 1400 (from his rating 400 it would be 800).
    # Two games: Rc = (800 + 1400)/2 = 1100, p = 0.25: D = −400·log10(3) = −190.85, F = 0.875.
    rp = 1100 + (-400 * math.log10(0.75 / 0.25)) * (-2 * 0.25**2 + 2 * 0.25 + 0.5)  # 933.008
    assert s2["P"].rating == half_up(rp) == 933
    # Q (established) sees P's TER 1000 cut from his own 1450: 1050.
    # 1450 + 20·(0.5 − We(1450, 1050)) = 1450 − 8.18 = 1441.82 → 1442 (uncut 1000: 1441.40 → 1441).
    assert s2["Q"].rating == half_up(1450 + 20 * (0.5 - we(1450, 1050))) == 1442
    assert half_up(1450 + 20 * (0.5 - we(1450, 1000))) == 1441


def test_v1_v4_established_rating_change(tmp_path: Path) -> None:
    """IECG 1.7 §V.1–V.4: Rn = Ro + Σ k·(W − We), k = r(Ro)·p(Pn), Pn including the ICCF games."""
    fed = Federation(tmp_path / "l.db")
    e = fed.iccf("E", 2100, rated_games=40)
    o1, o2, o3 = fed.iccf("O1", 2000), fed.iccf("O2", 2300), fed.iccf("O3", 2150)
    fed.score(e, o1, 1.0, "2021-01-05")
    fed.score(e, o2, 0.5, "2021-01-06")
    fed.score(e, o3, 0.0, "2021-01-07")
    rows = fed.rows("2021-01")
    # E: r = 70 − 2100/40 = 17.5, p = 1.4 − 40/200 = 1.2, k = 21.
    k = (70 - 2100 / 40) * (1.4 - 40 / 200)
    assert k == pytest.approx(21.0)
    e1 = 2100 + k * ((1 - we(2100, 2000)) + (0.5 - we(2100, 2300)) + (0 - we(2100, 2150)))  # 2104.01
    assert rows["E"]["rating"] == half_up(e1) == 2104
    # O1: Ro 2000: r = 20, Pn 100: p = 1.
    assert rows["O1"]["rating"] == half_up(2000 + 20 * (0 - we(2000, 2100))) == 1993
    # O2: Ro 2300: r = 70 − 57.5 = 12.5.
    assert rows["O2"]["rating"] == half_up(2300 + 12.5 * (0.5 - we(2300, 2100))) == 2297
    # O3: Ro 2150: r = 70 − 53.75 = 16.25.
    assert rows["O3"]["rating"] == half_up(2150 + 16.25 * (1 - we(2150, 2100))) == 2157
    # An established player's TER is his rating (§III.7).
    assert all(row["ter"] == row["rating"] and row["status"] == "established" for row in rows.values())
    # 2021-03: E's Ro is 2104 and Pn = 40 + 3 = 43: k = (70 − 2104/40)·(1.4 − 43/200) = 17.4·1.185.
    fed.score(e, o1, 1.0, "2021-03-05")
    rows = fed.rows("2021-03")
    k2 = (70 - 2104 / 40) * (1.4 - 43 / 200)
    assert rows["E"]["rating"] == half_up(2104 + k2 * (1 - we(2104, 1993))) == 2111
    assert rows["E"]["games"] == 4


@pytest.mark.parametrize(
    ("rated_games", "rating"),
    [
        (15, 1815),  # p = 1.5, k = 30: +15
        (16, 1813),  # p = 1.25, k = 25: +12.5 → 1812.5 → 1813
        (30, 1813),  # p = 1.25
        (31, 1812),  # p = 1.245, k = 24.9: +12.45 → 1812.45 → 1812
        (79, 1810),  # p = 1.005, k = 20.1: +10.05 → 1810.05 → 1810
        (80, 1810),  # p = 1, k = 20: +10
    ],
)
def test_v3_pn_from_iccf_registration(tmp_path: Path, rated_games: int, rating: int) -> None:
    """IECG 1.7 §V.3, §VII.1: an ICCF player's Pn starts at the rated games behind his rating."""
    fed = Federation(tmp_path / "l.db")
    x = fed.iccf("X", 1800, rated_games=rated_games)
    fed.score(x, fed.fresh(1800), 1.0, "2021-01-10")  # We = 0.5: dR = k/2
    assert fed.rows("2021-01")["X"]["rating"] == rating


def test_v3_pn_counts_all_rated_games_up_to_previous_list(tmp_path: Path) -> None:
    """IECG 1.7 §V.3: Pn counts the ICCF games plus every game rated up to the previous list."""
    fed = Federation(tmp_path / "l.db")
    g = fed.iccf("G", 1800, rated_games=14)
    h = fed.iccf("H", 1800, rated_games=15)
    # 2021-01: one draw each against an equal, never-rated opponent: no change, Pn 15 and 16.
    fed.score(g, fed.fresh(1800), 0.5, "2021-01-10")
    fed.score(h, fed.fresh(1800), 0.5, "2021-01-10")
    # 2021-03: one win each against 1800: G with Pn 15 (k = 30): +15; H with Pn 16 (k = 25): +12.5.
    fed.score(g, fed.fresh(1800), 1.0, "2021-03-10")
    fed.score(h, fed.fresh(1800), 1.0, "2021-03-10")
    rows = fed.rows("2021-03")
    assert rows["G"]["rating"] == 1815
    assert rows["H"]["rating"] == 1813  # 1812.5 half up


def test_iv1_provisional_rating_over_all_games_with_fixed_opponent_ratings(tmp_path: Path) -> None:
    """IECG 1.7 §IV.1, §I.4 (project spec): Rp over all rated games so far, each game with the
    opponent rating fixed in the run that rated it."""
    fed = Federation(tmp_path / "l.db")
    p = fed.player("P")  # 800
    o1, o2, o3, o4 = fed.iccf("O1", 900), fed.iccf("O2", 1000), fed.iccf("O3", 1100), fed.iccf("O4", 1150)
    fed.score(p, o1, 1.0, "2021-01-05")
    fed.score(p, o2, 0.5, "2021-01-06")
    fed.score(p, o3, 0.0, "2021-01-07")
    fed.score(p, o4, 1.0, "2021-01-08")
    s1 = fed.states("2021-01")
    # Rc = (900 + 1000 + 1100 + 1150)/4 = 1037.5; p = 2.5/4 = 0.625.
    rp1 = 1037.5 + d_of_p(0.625) * f_of_p(0.625)  # 1037.5 + 88.74·0.96875 = 1123.47
    assert s1["P"].rating == half_up(rp1) == 1123
    # O1 lost to P's TER 800: 900 − 20·We(900, 800) = 887.20 → 887.
    assert s1["O1"].ter == half_up(900 - 20 * we(900, 800)) == 887
    o5 = fed.iccf("O5", 1000)
    fed.score(p, o1, 1.0, "2021-03-05")
    fed.score(p, o5, 0.0, "2021-03-06")
    row = fed.rows("2021-03")["P"]
    # The 2021-01 games keep 900, 1000, 1100, 1150; the new ones use 887 (O1's new TER) and 1000.
    rc = (900 + 1000 + 1100 + 1150 + 887 + 1000) / 6  # 1006.17
    rp2 = rc + d_of_p(3.5 / 6) * f_of_p(3.5 / 6)  # 1006.17 + 58.45·0.98611 = 1063.81
    assert row["rating"] == half_up(rp2) == 1064
    # Listed from six games (§III.3), provisional, TER still the starting rating (§III.7).
    assert (row["games"], row["status"], row["ter"], row["class"]) == (6, "provisional", 800, "N")


def test_i4_provisional_d0_and_d1(tmp_path: Path) -> None:
    """IECG 1.7 §I.4, §IV.1: a full score gives Rc + 800·F(1) = Rc + 400; no points Rc − 400."""
    fed = Federation(tmp_path / "l.db")
    w, lo = fed.player("W"), fed.player("L")
    for rating in (900, 1000, 1100):
        opponent = fed.fresh(rating)
        fed.score(w, opponent, 1.0, "2021-01-10")
        fed.score(lo, opponent, 0.0, "2021-01-10")
    s = fed.states("2021-01")
    # Rc = (900 + 1000 + 1100)/3 = 1000.
    assert s["W"].rating == 1000 + 800 * 0.5 == 1400
    assert s["L"].rating == 1000 - 800 * 0.5 == 600


def test_iv4_promotion_at_fifteen_games(tmp_path: Path) -> None:
    """IECG 1.7 §IV.4: 14 games stay provisional; at 15, at the end of the period, the rating
    becomes established with Rp and Pn = 15, and the next period uses §V."""
    fed = Federation(tmp_path / "l.db")
    p = fed.player("P", rating=1500, source="tutor")
    for i in range(14):
        fed.score(p, fed.fresh(1500), 1.0 if i < 10 else 0.0, "2021-01-10")
    row = fed.rows("2021-01")["P"]
    # Rc = 1500, p = 10/14 = 5/7: D = −400·log10(0.4) = 159.18, F = 0.90816: 1644.56 → 1645.
    rp14 = 1500 + d_of_p(10 / 14) * f_of_p(10 / 14)
    assert (row["status"], row["games"], row["rating"]) == ("provisional", 14, half_up(rp14))
    assert row["rating"] == 1645
    assert row["ter"] == 1645  # §III.7: ten games or more: TER = Rp
    fed.score(p, fed.fresh(1500), 1.0, "2021-03-10")
    row = fed.rows("2021-03")["P"]
    # 15 games, 11 points: p = 11/15: D = −400·log10(4/11) = 175.73, F = 0.89111: 1656.60 → 1657.
    rp15 = 1500 + d_of_p(11 / 15) * f_of_p(11 / 15)
    assert (row["status"], row["games"], row["rating"], row["ter"]) == ("established", 15, half_up(rp15), 1657)
    fed.score(p, fed.fresh(1500), 0.5, "2021-05-10")
    row = fed.rows("2021-05")["P"]
    # §V: Ro 1657, r = 20, Pn = 15: p = 1.5, k = 30: 1657 + 30·(0.5 − We(1657, 1500)) = 1650.64 → 1651.
    assert row["rating"] == half_up(1657 + 30 * (0.5 - we(1657, 1500))) == 1651
    # (Were he still provisional: Rc 1500, 11.5/16 points would give a different rating.)
    assert half_up(1500 + d_of_p(11.5 / 16) * f_of_p(11.5 / 16)) != 1651


def test_iv4_promotion_only_at_end_of_period_with_all_its_games_provisional(tmp_path: Path) -> None:
    """IECG 1.7 §IV.4: promotion takes place only at the end of a period; the games past the
    fifteenth in that period count for the provisional rating, and Pn = all of them."""
    fed = Federation(tmp_path / "l.db")
    q = fed.player("Q", rating=1500, source="tutor")
    for i in range(17):
        fed.score(q, fed.fresh(1500), 1.0 if i < 12 else 0.0, "2021-01-10")
    row = fed.rows("2021-01")["Q"]
    # Rc = 1500, p = 12/17: D = −400·log10(5/12) = 152.08, F = 0.91522: 1639.19 → 1639.
    rp = 1500 + d_of_p(12 / 17) * f_of_p(12 / 17)
    assert (row["status"], row["games"], row["rating"]) == ("established", 17, half_up(rp))
    assert row["rating"] == 1639
    fed.score(q, fed.fresh(1639), 1.0, "2021-03-10")
    # Pn = 17: p = 1.25, k = 25; We = 0.5: +12.5 → 1651.5 → 1652 (Pn 15 would give k = 30: 1654).
    assert fed.rows("2021-03")["Q"]["rating"] == 1652


@pytest.mark.parametrize(("games", "wins", "ter_is_rp"), [(9, 6, False), (10, 7, True)])
def test_iii7_ter_of_provisional_player(tmp_path: Path, games: int, wins: int, ter_is_rp: bool) -> None:
    """IECG 1.7 §III.7: a provisional TER is the starting rating until at least 10 games are finished."""
    fed = Federation(tmp_path / "l.db")
    t = fed.player("T", rating=1200, source="tutor")
    for i in range(games):
        fed.score(t, fed.fresh(1200), 1.0 if i < wins else 0.0, "2021-01-10")
    row = fed.rows("2021-01")["T"]
    rp = half_up(1200 + d_of_p(wins / games) * f_of_p(wins / games))
    # 9 games, 6 wins: 1200 + 120.41·0.94444 = 1313.72 → 1314; 10 games, 7 wins: 1200 + 147.19·0.92 → 1335.
    assert rp == (1335 if ter_is_rp else 1314)
    assert row["rating"] == rp
    assert row["ter"] == (rp if ter_is_rp else 1200)
    assert row["class"] == "3"


def test_i5_rounding_half_up_and_next_run_from_published_integers(tmp_path: Path) -> None:
    """IECG 1.7 §I.5 (project spec): ratings are rounded half up, and the next run starts from them."""
    fed = Federation(tmp_path / "l.db")
    a, b = fed.iccf("A", 1800, rated_games=50), fed.iccf("B", 1800, rated_games=50)
    fed.score(a, b, 1.0, "2021-01-10")
    rows = fed.rows("2021-01")
    # k = 20·(1.4 − 50/200) = 23; We = 0.5: A 1811.5 → 1812, B 1788.5 → 1789 (banker's: 1788).
    assert (rows["A"]["rating"], rows["B"]["rating"]) == (1812, 1789)
    fed.score(b, a, 0.5, "2021-03-10")
    rows = fed.rows("2021-03")
    # Pn 51: k = 20·(1.4 − 0.255) = 22.9, from the integers 1812 and 1789.
    k = 20 * (1.4 - 51 / 200)
    b_new = 1789 + k * (0.5 - we(1789, 1812))  # 1789 + 0.757 = 1789.76 → 1790
    a_new = 1812 + k * (0.5 - we(1812, 1789))  # 1811.24 → 1811
    assert (rows["A"]["rating"], rows["B"]["rating"]) == (half_up(a_new), half_up(b_new)) == (1811, 1790)
    # From the unrounded 1788.5 and 1811.5 B would have 1789.26 → 1789: the integers matter.
    assert half_up(1788.5 + k * (0.5 - we(1788.5, 1811.5))) == 1789


def test_i5_provisional_rating_rounded_half_up(tmp_path: Path) -> None:
    """IECG 1.7 §I.5: Rp = 1000.5 exactly (two draws, Rc = (1000 + 1001)/2) is published as 1001."""
    fed = Federation(tmp_path / "l.db")
    p = fed.player("P", rating=1000, source="tutor")
    fed.score(p, fed.fresh(1000), 0.5, "2021-01-10")
    fed.score(p, fed.fresh(1001), 0.5, "2021-01-10")
    assert fed.states("2021-01")["P"].rating == 1001


def test_iii3_provisional_listed_from_six_games(tmp_path: Path) -> None:
    """IECG 1.7 §III.3: a provisional rating is not published until six games are rated;
    an established player is listed with a single game."""
    fed = Federation(tmp_path / "l.db")
    five, six = fed.player("P5"), fed.player("P6")
    for _ in range(5):
        fed.score(five, fed.fresh(800), 0.5, "2021-01-10")
    for _ in range(6):
        fed.score(six, fed.fresh(800), 0.5, "2021-01-10")
    rows = fed.rows("2021-01")
    assert "P5" not in rows
    assert (rows["P6"]["games"], rows["P6"]["status"], rows["P6"]["rating"]) == (6, "provisional", 800)
    # The never-provisional ICCF opponents each have one game and are listed (established).
    assert sum(1 for row in rows.values() if row["status"] == "established") == 11
    fed.score(five, fed.fresh(800), 0.5, "2021-03-10")
    assert fed.rows("2021-03")["P5"]["games"] == 6


@pytest.mark.parametrize(("period", "listed"), [("2021-01", True), ("2021-11", True), ("2022-01", False)])
def test_viii5_listed_while_a_game_in_the_period_or_five_before(tmp_path: Path, period: str, listed: bool) -> None:
    """IECG 1.7 §VIII.5: listed with a rated game in the period or the five before (one year)."""
    fed = Federation(tmp_path / "l.db")
    a, b = fed.iccf("A", 1800), fed.iccf("B", 1800)
    fed.score(a, b, 0.5, "2021-02-27")  # period 2021-01; 2021-11 is five periods later, 2022-01 six
    assert period_index(period) - period_index("2021-01") in (0, 5, 6)
    assert ("A" in fed.rows(period)) is listed
    # Off the list, he keeps his rating (the previous list holds every player).
    assert fed.states(period)["A"].rating == 1800


def test_inactive_marker_at_end_of_period_and_reactivation(tmp_path: Path) -> None:
    """Project spec (§VIII.4–6): a player marked inactive at the end of a period is not listed;
    his games are still rated, and a reactivation puts him back."""
    fed = Federation(tmp_path / "l.db")
    a, b, c = fed.iccf("A", 1800), fed.iccf("B", 1800), fed.iccf("C", 1800)
    fed.score(a, b, 0.5, "2021-01-10")
    fed.ledger.mark_inactive(a, on="2021-02-28", reason="no reply")  # last day of 2021-01
    fed.ledger.mark_inactive(b, on="2021-03-01", reason="no reply")  # first day of 2021-03
    assert sorted(fed.rows("2021-01")) == ["B"]
    # A is inactive but his game of 2021-03 is rated: k = 20, We = 0.5: 1810.
    fed.score(a, c, 1.0, "2021-03-10")
    rows = fed.rows("2021-03")
    assert sorted(rows) == ["C"]
    assert fed.states("2021-03")["A"].rating == 1810
    fed.ledger.reactivate(a, on="2021-04-30")  # last day of 2021-03
    fed.ledger.reactivate(b, on="2021-05-01")  # first day of 2021-05
    assert sorted(fed.rows("2021-03")) == ["A", "C"]
    assert fed.rows("2021-03")["A"]["rating"] == 1810
    assert sorted(fed.rows("2021-05")) == ["A", "B", "C"]


@pytest.mark.parametrize(("later", "restarts"), [("2023-11-15", False), ("2024-01-15", True)])
def test_viii5_restart_after_thirty_periods(tmp_path: Path, later: str, restarts: bool) -> None:
    """IECG 1.7 §VIII.5 (project spec): a player whose previous rated game is 30 or more periods
    back starts again from his registered starting rating, as a new player; 29 periods continue."""
    fed = Federation(tmp_path / "l.db")
    r = fed.player("R")  # 800
    for _ in range(6):
        fed.score(r, fed.fresh(1000), 1.0, "2019-01-15")
    first = fed.rows("2019-01")["R"]
    # Rc 1000 (200 from his TER 800, no cut), p = 1: 1000 + 400.
    assert (first["rating"], first["ter"], first["games"]) == (1400, 800, 6)
    period = later[:4] + ("-11" if later[5:7] == "11" else "-01")
    assert period_index(period) - period_index("2019-01") == (30 if restarts else 29)
    fed.score(r, fed.fresh(1000), 0.0, later)
    after = fed.states(period)["R"]
    if restarts:
        # A new player: one loss against 1000: 1000 − 400 = 600, counts from zero, not listed.
        assert (after.rating, after.games, after.wins, after.losses) == (600, 1, 0, 1)
        assert "R" not in fed.rows(period)
    else:
        # Continued: 7 games, 6 points, Rc 1000: 1000 + D(6/7)·F(6/7) = 1000 + 311.26·0.7449 = 1231.86.
        row = fed.rows(period)["R"]
        assert row["rating"] == half_up(1000 + d_of_p(6 / 7) * f_of_p(6 / 7)) == 1232
        assert (row["games"], row["wins"], row["losses"]) == (7, 6, 1)


def test_d24a_classes_order_and_class_positions(tmp_path: Path) -> None:
    """IECG Rules 5.1a §D.2.4a, project spec: class by TER; order by rating descending then player
    id ascending; class_position counts within the class in the same order."""
    fed = Federation(tmp_path / "l.db")
    ratings = {"m": 2200, "a": 2199, "b": 1800, "c": 1799, "d": 1400, "e": 1399, "f": 1000, "g": 999}
    for prefix, rating in ratings.items():
        # Register and play the higher id first: the order must come from the ids, not the log.
        second, first = fed.iccf(f"{prefix}2", rating), fed.iccf(f"{prefix}1", rating)
        fed.score(second, first, 0.5, "2021-01-10")  # equal ratings, a draw: no change
    got = [
        (row["position"], row["class_position"], row["player"], row["rating"], row["class"])
        for row in fed.rating_list("2021-01").rows
    ]
    assert got == [
        (1, 1, "m1", 2200, "M"),
        (2, 2, "m2", 2200, "M"),
        (3, 1, "a1", 2199, "1"),
        (4, 2, "a2", 2199, "1"),
        (5, 3, "b1", 1800, "1"),
        (6, 4, "b2", 1800, "1"),
        (7, 1, "c1", 1799, "2"),
        (8, 2, "c2", 1799, "2"),
        (9, 3, "d1", 1400, "2"),
        (10, 4, "d2", 1400, "2"),
        (11, 1, "e1", 1399, "3"),
        (12, 2, "e2", 1399, "3"),
        (13, 3, "f1", 1000, "3"),
        (14, 4, "f2", 1000, "3"),
        (15, 1, "g1", 999, "N"),
        (16, 2, "g2", 999, "N"),
    ]


def test_d24a_class_by_ter_order_by_rating(tmp_path: Path) -> None:
    """IECG Rules 5.1a §D.2.4a, §III.7: a provisional player rated 1700 with TER 1000 is in class 3,
    and is ordered by his rating, ahead of the class-3 players rated below him."""
    fed = Federation(tmp_path / "l.db")
    z = fed.player("Z", rating=1000, source="tutor")
    big = fed.iccf("BIG", 1750)
    fed.score(big, fed.iccf("BIG2", 1750), 0.5, "2021-01-05")
    for i in range(6):
        fed.score(z, fed.iccf(f"o{i}", 1300), 1.0, "2021-01-10")
    rows = fed.rating_list("2021-01").rows
    # Z: Rc 1300 (300 from TER 1000), p = 1: 1300 + 400 = 1700. Each o: 1300 − 20·We(1300, 1000) = 1283.02.
    opp = half_up(1300 - 20 * we(1300, 1000))
    assert opp == 1283
    got = [
        (row["position"], row["class_position"], row["player"], row["rating"], row["ter"], row["class"]) for row in rows
    ]
    assert got == [
        (1, 1, "BIG", 1750, 1750, "2"),
        (2, 2, "BIG2", 1750, 1750, "2"),
        (3, 1, "Z", 1700, 1000, "3"),
        *[(4 + i, 2 + i, f"o{i}", opp, opp, "3") for i in range(6)],
    ]


def test_games_wins_draws_losses_count_rated_games(tmp_path: Path) -> None:
    """Project spec, §II.5 h–i: games/wins/draws/losses count the rated games since the (re)start:
    arbiter forfeits and adjudicated games count, unadjudicated withdrawals do not."""
    fed = Federation(tmp_path / "l.db")
    a = fed.iccf("A", 1800)
    fed.score(a, fed.fresh(1800), 1.0, "2021-01-05")
    fed.score(a, fed.fresh(1800), 0.5, "2021-01-06")
    fed.score(a, fed.fresh(1800), 0.0, "2021-01-07")
    fed.game(a, fed.fresh(1800), "1-0", "2021-01-08", forfeit="withdrawal")
    adjudicated = fed.game(fed.fresh(1800), a, "0-1", "2021-03-05", forfeit="withdrawal")
    fed.ledger.adjudicate_game(adjudicated, result="1/2-1/2", on="2021-04-01")
    fed.game(fed.fresh(1800), a, "1-0", "2021-03-09", forfeit="arbiter")
    first = fed.rows("2021-01")["A"]
    assert (first["games"], first["wins"], first["draws"], first["losses"]) == (3, 1, 1, 1)
    row = fed.rows("2021-03")["A"]
    assert (row["games"], row["wins"], row["draws"], row["losses"]) == (5, 1, 2, 2)


def test_vii_registration_sources(tmp_path: Path) -> None:
    """IECG 1.7 §VII: none → 800; tutor ≤ 1700 (§VII.3); other needs ≥ 6 games (§VII.2);
    iccf is established at once (§VII.1); iccf-provisional and other give a starting rating only."""
    fed = Federation(tmp_path / "l.db")
    with pytest.raises(StartingRatingError, match="1700"):
        fed.player("T1", rating=1701, source="tutor")
    with pytest.raises(StartingRatingError, match="800"):
        fed.player("N1", rating=1200, source="none")
    with pytest.raises(StartingRatingError, match="at least 6 games"):
        fed.player("O1", rating=1500, source="other", rated_games=5)
    with pytest.raises(StartingRatingError, match="rated-games"):
        fed.player("I1", rating=1800, source="iccf")
    fed.player("TU", rating=1700, source="tutor")
    fed.player("NO")
    fed.player("OT", rating=1500, source="other", rated_games=6)
    fed.player("IP", rating=1800, source="iccf-provisional")
    fed.iccf("IC", 1800, rated_games=15)
    fed.score("IC", "IP", 0.5, "2021-01-10")
    fed.score("OT", "TU", 0.5, "2021-01-10")
    fed.score("NO", fed.player("NO2"), 0.5, "2021-01-10")
    states = fed.states("2021-01")
    # Draws: a provisional player's Rp is the opponent's TER, an established one's change is 0 at equal ratings.
    assert (states["IC"].established, states["IC"].rating, states["IC"].pn) == (True, 1800, 16)
    assert (states["IP"].established, states["IP"].rating, states["IP"].ter) == (False, 1800, 1800)
    assert (states["OT"].established, states["OT"].rating, states["OT"].ter) == (False, 1700, 1500)
    assert (states["TU"].established, states["TU"].rating, states["TU"].ter) == (False, 1500, 1700)
    assert (states["NO"].rating, states["NO"].ter) == (800, 800)
    # Only the established ICCF player is listed after one game.
    assert sorted(fed.rows("2021-01")) == ["IC"]


def test_viii6_player_back_after_a_year_off_the_list_keeps_his_rating(tmp_path: Path) -> None:
    """IECG 1.7 §VIII.5–6: off the list after six periods without a game, a player who plays again
    (within five years) continues from his rating and Pn on the previous list."""
    fed = Federation(tmp_path / "l.db")
    a = fed.iccf("A", 1800, rated_games=15)
    fed.score(a, fed.fresh(1800), 1.0, "2021-01-10")  # Pn 15: k = 30: 1815, Pn 16
    assert fed.rows("2021-01")["A"]["rating"] == 1815
    assert "A" not in fed.rows("2022-09")  # ten periods later
    fed.score(a, fed.fresh(1815), 1.0, "2022-09-10")
    row = fed.rows("2022-09")["A"]
    # Ro 1815, Pn 16: p = 1.25, k = 25; We = 0.5: 1815 + 12.5 = 1827.5 → 1828; two games in all.
    assert (row["rating"], row["games"], row["wins"]) == (1828, 2, 2)
