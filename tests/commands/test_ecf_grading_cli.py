"""ECF grading (``ecf-grading``, Clarke's system) through the command line: seed 004.

The published examples (seed 004, "For a win the points are the opponent's
Grade plus 50 ... if a difference in Grade is greater than 40 it is assumed
to be exactly 40"; the figures are Wikipedia's, "English Chess Federation
Grading System", from the ECF's grading explanations) are built as a ledger holds them: graded players bring their
ECF grade as a prior (``player prior --system ecf``), the games are recorded
in the six-monthly period 2013-01 (Jan–Jun 2013), and ``explain`` shows each
game's points.
"""

from __future__ import annotations

import pytest

from commands.explanation_text import WORDS
from projections.rules.ecf_grading.explain import MESSAGES
from tests.commands.support import Ratings
from tests.commands.system_support import explain_lines, listed, terms_of

ECF = ("--rules", "ecf-grading")
PERIOD = ("--period", "2013-01")


def graded(ratings: Ratings, player: str, grade: int, *options: str) -> None:
    ratings.ok("player", "register", player, "--name", f"Player {player}", "--country", "GB",
               "--reported", "2012-12-01", *options)  # fmt: skip
    ratings.ok("player", "prior", player, "--system", "ecf", "--rating", str(grade), "--as-of", "2012-12-31",
               "--reported", "2012-12-31")  # fmt: skip


def game(ratings: Ratings, gid: str, white: str, black: str, result: str, day: str, tc: str = "5400+30") -> None:
    ratings.ok("game", "record", gid, "--white", white, "--black", black, "--result", result, "--finished", day,
               "--time-control", tc, "--reported", day)  # fmt: skip


def points_by_game(ratings: Ratings, player: str) -> dict[str, tuple[str, str]]:
    text = ratings.ok("explain", player, *ECF, *PERIOD).stdout
    return {line["game"]: (line["used"], line["points"]) for line in explain_lines(text)}


def test_160_beats_140_and_100(ratings: Ratings) -> None:
    """Seed 004 / Wikipedia: 160 beats 140 → 190 and 110 points; against 100 → 170 and 90 (100 taken as 120)."""
    graded(ratings, "P160", 160)
    graded(ratings, "P140", 140)
    graded(ratings, "P100", 100)
    game(ratings, "g1", "P160", "P140", "1-0", "2013-02-01")
    game(ratings, "g2", "P100", "P160", "0-1", "2013-02-02")
    assert points_by_game(ratings, "P160") == {"g1": ("140", "190"), "g2": ("120", "170")}
    assert points_by_game(ratings, "P140")["g1"] == ("160", "110")
    assert points_by_game(ratings, "P100")["g2"] == ("140", "90")  # 160 taken as 140 from 100's side


def test_the_150_player_against_90_130_and_200(ratings: Ratings) -> None:
    """The ECF Arbiter Seminar's table (https://slideplayer.com./amp/14475192): 150 against 90 (taken as 110),
    130 and 200 (taken as 190): 160/110/60, 180/130/80, 240/190/140 for a win, a draw and a loss."""
    graded(ratings, "P150", 150)
    for grade in (90, 130, 200):
        graded(ratings, f"O{grade}", grade)
    day = 1
    for grade in (90, 130, 200):
        for result in ("1-0", "1/2-1/2", "0-1"):
            game(ratings, f"v{grade}{result[0]}{result[-1]}", "P150", f"O{grade}", result, f"2013-03-{day:02d}")
            day += 1
    found = points_by_game(ratings, "P150")
    assert found == {
        "v9010": ("110", "160"), "v9012": ("110", "110"), "v9001": ("110", "60"),
        "v13010": ("130", "180"), "v13012": ("130", "130"), "v13001": ("130", "80"),
        "v20010": ("190", "240"), "v20012": ("190", "190"), "v20001": ("190", "140"),
    }  # fmt: skip
    # Nine results: fewer than ten, so no grade this period (seed 004: "At least 10 results are required").
    text = ratings.ok("explain", "P150", *ECF, *PERIOD).stdout
    assert "fewer than 10" in text
    # One more game, a draw with 130 (130 points): 10 results,
    # Σ = (160 + 110 + 60) + (180 + 130 + 80) + (240 + 190 + 140) + 130 = 1290 + 130 = 1420, grade 142.
    game(ratings, "v130x", "P150", "O130", "1/2-1/2", "2013-04-01")
    text = ratings.ok("explain", "P150", *ECF, *PERIOD).stdout
    assert "Σ points 1420" in terms_of(text, "terms")
    assert listed(ratings, "ecf-grading", "2013-01")["P150"]["rating"] == 142


def test_rapidplay_games_are_on_the_rapid_list_only(ratings: Ratings) -> None:
    """Seed 004: "There are two sets of grades, one for play using standard time controls and one for Rapidplay",
    chosen by the game's time control (choice 2)."""
    graded(ratings, "P160", 160)
    graded(ratings, "P140", 140)
    ratings.ok("player", "prior", "P160", "--system", "ecf-rapid", "--rating", "155", "--as-of", "2012-12-31",
               "--reported", "2012-12-31")  # fmt: skip
    ratings.ok("player", "prior", "P140", "--system", "ecf-rapid", "--rating", "135", "--as-of", "2012-12-31",
               "--reported", "2012-12-31")  # fmt: skip
    game(ratings, "std", "P160", "P140", "1-0", "2013-02-01", "5400+30")
    game(ratings, "rpd", "P160", "P140", "1-0", "2013-02-02", "1500+10")  # 25 min + 60 × 10 s = 35 min: rapidplay
    assert set(points_by_game(ratings, "P160")) == {"std"}
    text = ratings.ok("explain", "P160", "--rules", "ecf-grading-rapid", *PERIOD).stdout
    assert [(line["game"], line["used"], line["points"]) for line in explain_lines(text)] == [("rpd", "135", "185")]


@pytest.mark.parametrize(
    ("born", "bonus"), [("2003-07-01", 10), ("2002-06-30", 8), ("1998-06-30", 6), ("1995-06-30", 0)]
)
def test_junior_enhancement_by_age_at_the_end_of_the_period(ratings: Ratings, born: str, bonus: int) -> None:
    """Seed 004: +10 under 11, +8 for 11–14, +6 for 15–17, included in the published grade.
    On 30 June 2013 (the period's end) the players are 9, 11, 15 and 18."""
    graded(ratings, "J", 150, "--born", born)
    graded(ratings, "O", 150)
    for n in range(10):
        game(ratings, f"d{n}", "J", "O", "1/2-1/2", f"2013-05-{n + 1:02d}")  # ten draws with 150: average 150
    row = listed(ratings, "ecf-grading", "2013-01")["J"]
    assert (row["rating"], row["junior"]) == (150 + bonus, bonus)


def test_explain_whole(ratings: Ratings) -> None:
    """P160 beats P140 (140 + 50 = 190) and P100 (100 taken as 120, seed 004's proviso: 170), and draws with N,
    new and ungraded, who also loses to P140: N's estimate is the average of his own points, (160 + 90) / 2 = 125
    (choice 9), so P160's draw scores 125. A 5-minute game is on neither list (choice 2). P160 has 3 results,
    (190 + 170 + 125) / 3 = 161.67 but fewer than 10: he keeps his grade 160; N stays ungraded (choice 6)."""
    graded(ratings, "P160", 160)
    graded(ratings, "P140", 140)
    graded(ratings, "P100", 100)
    ratings.ok("player", "register", "N", "--name", "Player N", "--country", "GB", "--reported", "2012-12-01")
    game(ratings, "g1", "P160", "P140", "1-0", "2013-02-01")
    game(ratings, "g2", "P100", "P160", "0-1", "2013-02-02")
    game(ratings, "g3", "P160", "N", "1/2-1/2", "2013-02-03")
    game(ratings, "g4", "P140", "N", "1-0", "2013-02-04")
    game(ratings, "b1", "P160", "P140", "0-1", "2013-02-05", "300")
    assert ratings.ok("explain", "P160", *ECF, *PERIOD).stdout == P160_TEXT
    assert ratings.ok("explain", "N", *ECF, *PERIOD).stdout == N_TEXT


P160_TEXT = "\n".join(
    [
        "P160 Player P160: ecf-grading, period 2013-01",
        "before: grade 160, status prior, category , games 0, junior + 0, list standard",
        "game  day         opponent          grade(opp)  used  cap  score  points",
        "----  ----------  ----------------  ----------  ----  ---  -----  ------",
        "g1    2013-02-01  P140 Player P140  140         140        1      190",
        "g2    2013-02-02  P100 Player P100  100         120   -40  1      170",
        "g3    2013-02-03  N Player N        125         125        0.5    125",
        "left out: b1: ecf-grading choice 2: a game of 300 goes on no list (faster than rapidplay)",
        "terms: games 3, made up 0, results 3, Σ points 485, average 161.67, junior + 0, grade , category ",
        "after: grade 160, status prior, category , games 0, junior + 0, list standard",
        "note: N is ungraded: his estimate 125 from his own results in the period, rounded 125 "
        "(seed 004: 'If the opponent is ungraded, their Grade is estimated')",
        "note: seed 004: an opponent's grade more than 40 from the player's own 160 is taken as exactly 40 away: "
        "g2: 100 taken as 120",
        "note: Fewer than 30 games in the period, and none in 2012-07 to make up",
        "note: 3 results, fewer than 10: not graded this period; he keeps his grade 160 "
        "(seed 004: 'At least 10 results are required to attain a grade')",
        "note: Games of the period not on the standard-play list: 1 neither list (faster than rapidplay)",
        "",
    ]
)

N_TEXT = "\n".join(
    [
        "N Player N: ecf-grading, period 2013-01",
        "before: grade , status ungraded, category , games 0, junior + 0, list standard",
        "game  day         opponent          grade(opp)  used  cap  score  points",
        "----  ----------  ----------------  ----------  ----  ---  -----  ------",
        "g3    2013-02-03  P160 Player P160  160         160        0.5    160",
        "g4    2013-02-04  P140 Player P140  140         140        0      90",
        "terms: games 2, made up 0, results 2, Σ points 250, average 125, junior + 0, grade , category ",
        "after: grade , status estimated, category , games 2, junior + 0, list standard",
        "note: Ungraded: his grade is estimated from his own results in the period, each game the opponent's grade "
        "± 50, without the 40-point proviso (he has no grade to measure it from) "
        "(seed 004: 'If the opponent is ungraded, their Grade is estimated')",
        "note: Fewer than 30 games in the period, and none in 2012-07 to make up",
        "note: 2 results, fewer than 10: not graded this period; he stays ungraded "
        "(seed 004: 'At least 10 results are required to attain a grade')",
        "",
    ]
)


def test_every_key_of_the_explanation_has_words() -> None:
    """Every key the ECF grading's explanation can say has words, and the words have no key it does not say."""
    assert not MESSAGES - set(WORDS), sorted(MESSAGES - set(WORDS))
    assert {key for key in WORDS if key.startswith("ecf_grading.")} == {
        key for key in MESSAGES if key.startswith("ecf_grading.")
    }
