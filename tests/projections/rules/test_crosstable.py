"""The crosstable of an event (projections.rules.iecg.crosstable): C §9A, C §14 and rating rules §VIII.3.

Every expected value is worked by hand in the comments, from the IECG Rules and Regulations 5.1a
(seed 002) and the rating rules' D(p) = −400·log10((1−p)/p) (seed 000 §I.4), with the logarithms
log10 2 = 0.30103, log10 3 = 0.47712, log10 7/5 = 0.14613, log10 7 = 0.84510.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from projections.rules.iecg.crosstable import (
    CrosstableParams,
    EventGame,
    GridGame,
    InvalidGameError,
    ScoredGame,
    _direct,
    cell_text,
    crosstable,
    score_game,
    score_games,
)

# A class group of seven, single round robin (21 games). Row against column, 1 a win, ½ a draw:
#
#        A  B  C  D  E  F  G   points  start rating
#   A    x  1  ½  ½  1  1  ½   4½      1800
#   B    0  x  1  1  ½  1  1   4½      1750
#   C    ½  0  x  1  ½  0  1   3       1700
#   D    ½  0  0  x  1  0  1   2½      1600
#   E    0  ½  ½  0  x  1  ½   2½      1600
#   F    0  0  1  1  0  x  0   2       1500
#   G    ½  0  0  0  ½  1  x   2       1550   (sum of the ratings 11500; of the points 21)
#
# Sonneborn-Berger (C §14: 100% of the opponent's points for a win, 50% for a draw):
#   A: B 4½ + ½·C 3 + ½·D 2½ + E 2½ + F 2 + ½·G 2 = 4.5 + 1.5 + 1.25 + 2.5 + 2 + 1 = 12¾
#   B: C 3 + D 2½ + ½·E 2½ + F 2 + G 2             = 3 + 2.5 + 1.25 + 2 + 2        = 10¾
#   C: ½·A 4½ + D 2½ + ½·E 2½ + G 2                 = 2.25 + 2.5 + 1.25 + 2         = 8
#   D: ½·A 4½ + E 2½ + G 2                          = 2.25 + 2.5 + 2                = 6¾
#   E: ½·B 4½ + ½·C 3 + F 2 + ½·G 2                 = 2.25 + 1.5 + 2 + 1            = 6¾
#   F: C 3 + D 2½                                   = 3 + 2.5                       = 5½
#   G: ½·A 4½ + ½·E 2½ + F 2                        = 2.25 + 1.25 + 2               = 5½
#
# Performance (C §14.2): average start rating of the six opponents + D(p), rounded half up:
#   A: (11500 − 1800)/6 = 1616.667, p = 4½/6 = ¾, D = 400·log10 3 = 190.849     → 1807.52 → 1808
#   B: (11500 − 1750)/6 = 1625.000, D = 190.849                                 → 1815.85 → 1816
#   C: (11500 − 1700)/6 = 1633.333, p = ½, D = 0                                → 1633
#   D: (11500 − 1600)/6 = 1650.000, p = 5/12, D = −400·log10 7/5 = −58.451      → 1591.55 → 1592
#   E: the same opponents' sum and points as D                                  → 1592
#   F: (11500 − 1500)/6 = 1666.667, p = ⅓, D = −400·log10 2 = −120.412          → 1546.25 → 1546
#   G: (11500 − 1550)/6 = 1658.333, D = −120.412                                → 1537.92 → 1538
#
# The ties: A and B on 4½ — SB 12¾ > 10¾, A first although B's performance is higher (SB comes first).
# D and E on 2½, SB 6¾ each, performance 1592 each — D beat E: direct match.
# F and G on 2, SB 5½ each — performance 1546 > 1538: F, although G beat F (performance comes first).
CLASS_TABLE = [
    "x1½½11½",
    "0x11½11",
    "½0x1½01",
    "½00x101",
    "0½½0x1½",
    "00110x0",
    "½000½1x",
]
CLASS_PLAYERS = "ABCDEFG"
CLASS_RATINGS = {"A": 1800, "B": 1750, "C": 1700, "D": 1600, "E": 1600, "F": 1500, "G": 1550}
HALF_POINTS = {"0": 0, "½": 1, "1": 2}


def class_games() -> list[EventGame]:
    """The 21 games, the player earlier in the alphabet white."""
    games = []
    for i, white in enumerate(CLASS_PLAYERS):
        for j in range(i + 1, len(CLASS_PLAYERS)):
            black = CLASS_PLAYERS[j]
            games.append(EventGame(f"{white}{black}", white, black, HALF_POINTS[CLASS_TABLE[i][j]]))
    return games


def test_class_group_of_seven_rows() -> None:
    table = crosstable(class_games(), CLASS_RATINGS)
    rows = [(r.rank, r.player, r.points2, r.points, r.games, r.sb4, r.performance, r.decided_by) for r in table.rows]
    assert rows == [
        (1, "A", 9, "4½", 6, 51, 1808, ""),  # SB 12¾ = 51 quarters
        (2, "B", 9, "4½", 6, 43, 1816, "sonneborn-berger"),  # 10¾
        (3, "C", 6, "3", 6, 32, 1633, "points"),  # 8
        (4, "D", 5, "2½", 6, 27, 1592, "points"),  # 6¾
        (5, "E", 5, "2½", 6, 27, 1592, "direct"),
        (6, "F", 4, "2", 6, 22, 1546, "points"),  # 5½
        (7, "G", 4, "2", 6, 22, 1538, "performance"),
    ]
    assert table.rows[0].sonneborn_berger == Fraction(51, 4)
    assert not any(row.withdrew for row in table.rows)


def test_class_group_of_seven_grid() -> None:
    table = crosstable(class_games(), CLASS_RATINGS)
    # The grid in final order A B C D E F G is the table above, row by row.
    texts = [
        "".join("x" if i == j else cell_text(cell) for j, cell in enumerate(line)) for i, line in enumerate(table.grid)
    ]
    assert texts == CLASS_TABLE
    assert table.against("G", "F") == (GridGame(2, ""),)


def test_performance_comes_before_direct_match() -> None:
    # The class group with E rated 1650 instead of 1600 (the sum of the ratings 11550):
    # D's opponents 11550 − 1600 = 9950, /6 = 1658.333, − 58.451 → 1599.88 → 1600;
    # E's 11550 − 1650 = 9900, /6 = 1650.000, − 58.451 → 1591.55 → 1592. E is below D by performance,
    # before the direct match is looked at (D beat E either way; E's SB is unchanged).
    ratings = {**CLASS_RATINGS, "E": 1650}
    rows = {row.player: row for row in crosstable(class_games(), ratings).rows}
    assert (rows["D"].rank, rows["D"].performance) == (4, 1600)
    assert (rows["E"].rank, rows["E"].performance, rows["E"].decided_by) == (5, 1592, "performance")


# A quad, double round robin (12 games, two per pair), start ratings P 1600, Q 1500, R 1400, S 1700.
#
#        P    Q    R    S    points
#   P    x    1½   11   ½0   4
#   Q    ½0   x    10   1½   3
#   R    00   01   x    ½1   2½
#   S    ½1   0½   ½0   x    2½
#
# SB: P: Q 3 + ½·Q 3 + R 2½ + R 2½ + ½·S 2½       = 3 + 1.5 + 2.5 + 2.5 + 1.25 = 10¾ (43 quarters)
#     Q: ½·P 4 + R 2½ + S 2½ + ½·S 2½              = 2 + 2.5 + 2.5 + 1.25       = 8¼  (33)
#     R: Q 3 + ½·S 2½ + S 2½                       = 3 + 1.25 + 2.5             = 6¾  (27)
#     S: ½·P 4 + P 4 + ½·Q 3 + ½·R 2½               = 2 + 4 + 1.5 + 1.25         = 8¾  (35)
# R and S tie on 2½: S first by SB.
# Performance of P: opponents (2·1500 + 2·1400 + 2·1700)/6 = 1533.333, p = 4/6, D = 400·log10 2 = 120.412
#   → 1653.75 → 1654.
QUAD = [
    EventGame("1", "P", "Q", 2),
    EventGame("2", "Q", "P", 2 - 1),  # P's ½ with black
    EventGame("3", "P", "R", 2),
    EventGame("4", "R", "P", 0),
    EventGame("5", "P", "S", 1),
    EventGame("6", "S", "P", 2),  # S's 1 against P
    EventGame("7", "Q", "R", 2),
    EventGame("8", "R", "Q", 2),  # R's 1 against Q
    EventGame("9", "Q", "S", 2),
    EventGame("10", "S", "Q", 1),
    EventGame("11", "R", "S", 1),
    EventGame("12", "S", "R", 0),  # R's 1 against S
]
QUAD_RATINGS = {"P": 1600, "Q": 1500, "R": 1400, "S": 1700}


def test_quad_double_round_robin() -> None:
    table = crosstable(QUAD, QUAD_RATINGS)
    rows = [(r.rank, r.player, r.points, r.games, r.sb4, r.decided_by) for r in table.rows]
    assert rows == [
        (1, "P", "4", 6, 43, ""),
        (2, "Q", "3", 6, 33, "points"),
        (3, "S", "2½", 6, 35, "points"),
        (4, "R", "2½", 6, 27, "sonneborn-berger"),
    ]
    assert table.rows[0].performance == 1654
    # Two games in every cell, in the order played.
    assert cell_text(table.against("P", "Q")) == "1½"
    assert cell_text(table.against("Q", "P")) == "0½"
    assert cell_text(table.against("S", "P")) == "½1"
    assert cell_text(table.against("R", "S")) == "½1"
    assert all(len(cell) == 2 for i, line in enumerate(table.grid) for j, cell in enumerate(line) if i != j)


def test_performance_leaves_out_unrated_opponents_or_uses_a_given_rating() -> None:
    ratings = {"P": 1600, "Q": 1500, "R": 1400}  # S unrated
    # Choice 5: P's games against S leave the performance: 4 games, 3½ points, p = 7/8,
    # average (2·1500 + 2·1400)/4 = 1450, D = 400·log10 7 = 338.04 → 1788.04 → 1788.
    assert crosstable(QUAD, ratings).rows[0].performance == 1788
    # With 800 in S's place (rating rules §VII.3): (3000 + 2800 + 1600)/6 = 1233.333 + 120.412 → 1353.75 → 1354.
    assert crosstable(QUAD, ratings, params=CrosstableParams(unrated_rating=800)).rows[0].performance == 1354


def test_clean_scores_are_the_average_plus_or_minus_800() -> None:
    # Rating rules §I.4: D(1) = +800, D(0) = −800.
    table = crosstable([EventGame("1", "X", "Y", 2), EventGame("2", "Y", "X", 0)], {"X": 1500, "Y": 1700})
    assert [(row.player, row.performance) for row in table.rows] == [("X", 2500), ("Y", 700)]


def test_nine_a_example() -> None:
    # C §9A: "A wins against B, then A withdraws. B's result will be 1-0 forfeited, adjudicated 0-1."
    scored = score_game(EventGame("1", "B", "A", 0), withdrawn={"A"})
    assert scored == ScoredGame("1", "B", "A", 2, 0, 0, "withdrawal")  # table 1-0 for B; rated 0-1


def test_withdrawal_class() -> None:
    # Four players, single round robin. A beat B and drew with C, then withdrew with his game
    # against D unfinished; D asked for an adjudication and got a draw (rating rules §VIII.3).
    games = [
        EventGame("AB", "A", "B", 2),
        EventGame("AC", "A", "C", 1),
        EventGame("DA", "D", "A", None, adjudicated=1),
        EventGame("BC", "B", "C", 2),
        EventGame("BD", "B", "D", 1),
        EventGame("CD", "C", "D", 2),
    ]
    scored = score_games(games, withdrawn={"A"})
    # §9A: every game of A is a forfeit lost by A; the rating keeps the played results, D's adjudication.
    assert [(g.white_points2, g.black_points2, g.rating_points2, g.forfeit) for g in scored[:3]] == [
        (0, 2, 2, "withdrawal"),
        (0, 2, 1, "withdrawal"),
        (2, 0, 1, "withdrawal"),
    ]
    assert [(g.white_points2, g.rating_points2, g.forfeit) for g in scored[3:]] == [(2, 2, ""), (1, 1, ""), (2, 2, "")]
    # Score table: B 1 (A, forfeit) + 1 (C) + ½ (D) = 2½; C 1 + 0 + 1 = 2; D 1 + ½ + 0 = 1½; A 0.
    # SB: B: A 0 + C 2 + ½·D 1½ = 2¾ (11 quarters); C: A 0 + D 1½ = 1½ (6); D: A 0 + ½·B 2½ = 1¼ (5); A 0.
    table = crosstable(games, {"A": 1500, "B": 1500, "C": 1500, "D": 1500}, withdrawn={"A"})
    rows = [(r.rank, r.player, r.points, r.games, r.sb4, r.withdrew) for r in table.rows]
    assert rows == [
        (1, "B", "2½", 3, 11, False),
        (2, "C", "2", 3, 6, False),
        (3, "D", "1½", 3, 5, False),
        (4, "A", "0", 3, 0, True),
    ]
    assert cell_text(table.against("B", "A")) == "+"
    assert cell_text(table.against("A", "D")) == "-"


def test_both_players_withdrew() -> None:
    # Choice 1: §9A for each of them: lost by both; the finished game keeps its result for the rating.
    assert score_game(EventGame("1", "A", "B", 1), withdrawn={"A", "B"})[3:] == (0, 0, 1, "withdrawal")
    assert score_game(EventGame("2", "A", "B", None), withdrawn={"A", "B"})[3:] == (0, 0, None, "withdrawal")


def test_arbiter_forfeit_is_rated_as_played_and_pending_games_are_not_scored() -> None:
    # Rating rules §VIII.1: an arbiter's forfeit is rated as a normal finished game.
    assert score_game(EventGame("1", "A", "B", 0, forfeit="arbiter"))[3:] == (0, 2, 0, "arbiter")
    assert score_game(EventGame("2", "A", "B", None))[3:] == (None, None, None, "")


def test_recorded_withdrawal_forfeit_keeps_its_adjudication() -> None:
    # Recorded as a forfeit already (B withdrew): the score table has A's win, the rating the adjudicated draw.
    assert score_game(EventGame("1", "A", "B", 2, forfeit="withdrawal", adjudicated=1))[3:] == (2, 0, 1, "withdrawal")


def test_everyone_level_shares_the_first_rank() -> None:
    # X beat Y, Y beat Z, Z beat X, nobody rated: 1 point and SB 1 each, no performance (choice 5:
    # criterion 2 is skipped), 1 point each among the three: tied, rank 1 for all.
    games = [EventGame("1", "X", "Y", 2), EventGame("2", "Y", "Z", 2), EventGame("3", "Z", "X", 2)]
    rows = [(r.rank, r.player, r.sb4, r.performance, r.decided_by) for r in crosstable(games, {}).rows]
    assert rows == [(1, "X", 4, None, ""), (1, "Y", 4, None, "tied"), (1, "Z", 4, None, "tied")]


def test_direct_match_applied_again_among_those_still_level() -> None:
    # Choice 6. Among W, X, Y, Z: W beat X, lost to Y, drew Z (1½); X beat Y, drew Z (1½);
    # Y beat W, lost to X and Z (1); Z drew W and X, beat Y (2). Z first, Y last; W and X level on 1½,
    # then W's win over X, their own game, puts W above X.
    games = [
        ScoredGame("1", "W", "X", 2, 0, 2, ""),
        ScoredGame("2", "W", "Y", 0, 2, 0, ""),
        ScoredGame("3", "W", "Z", 1, 1, 1, ""),
        ScoredGame("4", "X", "Y", 2, 0, 2, ""),
        ScoredGame("5", "X", "Z", 1, 1, 1, ""),
        ScoredGame("6", "Y", "Z", 0, 2, 0, ""),
    ]
    assert _direct(["W", "X", "Y", "Z"], games) == [["Z"], ["W"], ["X"], ["Y"]]


@pytest.mark.parametrize(
    "game",
    [
        EventGame("1", "A", "A", 2),
        EventGame("2", "A", "B", 3),
        EventGame("3", "A", "B", 1, forfeit="arbiter"),  # a forfeit is a win for one player
        EventGame("4", "A", "B", 2, forfeit="claimed"),
        EventGame("5", "A", "B", 2, adjudicated=1),  # a finished game is not adjudicated
        EventGame("6", "A", "B", None, adjudicated=1),  # no one withdrew
    ],
)
def test_invalid_games_are_refused(game: EventGame) -> None:
    with pytest.raises(InvalidGameError):
        score_game(game)
