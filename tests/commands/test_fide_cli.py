"""FIDE Elo by version (``fide-2014``, ``fide-2022``, ``fide-2024``) through the command line.

The acceptance vectors of FIDE B.02 §8.3 (K, the 400-point rule of §8.3.1), worked by hand from
FIDE's table of expected scores (FIDE Rating Regulations, table 8.1.2: a difference of 400 gives the higher
rated .92, the lower .08; 122–129 .67, 146–153 .70, 316–328 .87, 560–619 .98,
620–735 .99), built as a ledger holds them: every player brings his FIDE
rating as a prior (``player prior --system fide``) as of 30 April 2024 (after
the 2024 compression of 1 March, so that it does not apply), the games are
played in May 2024 (a monthly list, period 2024-05).

- A 1500 player with K 40 (fewer than 30 games: 10) against 1500 wins +20;
  against 1900 (D 400: We .08) wins +36.8 → +37, loses −3.2 → −3, draws +16.8 → +17;
  against 2900 (D 1400 counted as 400) the same as against 1900.
- A 2000 player with K 40 beats 1000 (D 1000 counted as 400: We .92): +3.2 → +3.
- A 2000 player with K 20 (100 games) scores 5½/7 in one tournament against
  1063, 1299, 1413, 1872 (draw), 1851 (loss), 1427, 1682 (the rest wins):
  2014 (every gap over 400 counted as 400): ΣWe = 4 × .92 + .67 + .70 + .87 = 5.92, K·Σ(W − We) = −8.4;
  2022 (one upgrade in the tournament, for the greatest gap: 1063 → 1600): ΣWe = .92 + .99 + .98 + .67 +
  .70 + .98 + .87 = 6.11, K·Σ(W − We) = −12.2.
  Under ``fide-2024`` the same arithmetic gives −8.4 (tests/projections/test_fide.py), but not through a
  ledger: its 1400 floor (§7.1.4) leaves a player with a FIDE rating of 1063 or 1299 unrated, so those
  games are not rated there; the last test shows that instead.
"""

from __future__ import annotations

import pytest

from tests.commands.support import Ratings
from tests.commands.system_support import explain_lines, listed, terms_of

MAY = ("--period", "2024-05")


def fide(ratings: Ratings, player: str, rating: int, games: int = 100) -> None:
    ratings.ok("player", "register", player, "--name", f"Player {player}", "--reported", "2024-01-01")
    ratings.ok("player", "prior", player, "--system", "fide", "--rating", str(rating), "--games", str(games),
               "--as-of", "2024-04-30", "--reported", "2024-04-30")  # fmt: skip


def game(ratings: Ratings, gid: str, white: str, black: str, result: str, day: str, tournament: str = "Open") -> None:
    ratings.ok("game", "record", gid, "--white", white, "--black", black, "--result", result, "--finished", day,
               "--tournament", tournament, "--reported", day)  # fmt: skip


SINGLE = [
    # (player, his rating, his games, opponent's rating, result, change)
    ("W1500", 1500, 10, 1500, "1-0", +20),
    ("W1900", 1500, 10, 1900, "1-0", +37),
    ("L1900", 1500, 10, 1900, "0-1", -3),
    ("D1900", 1500, 10, 1900, "1/2-1/2", +17),
    ("W2900", 1500, 10, 2900, "1-0", +37),
    ("L2900", 1500, 10, 2900, "0-1", -3),
    ("D2900", 1500, 10, 2900, "1/2-1/2", +17),
    ("W1000", 2000, 10, 1000, "1-0", +3),
]


@pytest.mark.parametrize("rules", ["fide-2014", "fide-2022", "fide-2024"])
def test_single_games(ratings: Ratings, rules: str) -> None:
    # Under fide-2024 an opponent rated 1000 is below the 1400 floor (§7.1.4): unrated, the game not rated.
    cases = [case for case in SINGLE if not (rules == "fide-2024" and case[3] < 1400)]
    for number, (player, rating, games, opponent, result, _change) in enumerate(cases, start=1):
        fide(ratings, player, rating, games)
        fide(ratings, f"O{number}", opponent)
        game(ratings, f"g{number}", player, f"O{number}", result, f"2024-05-{number:02d}", f"T{number}")
    rows = listed(ratings, rules, "2024-05")
    for player, rating, _games, _opponent, _result, change in cases:
        assert rows[player]["rating"] - rating == change, (rules, player)
        assert rows[player]["k"] == 40  # still fewer than 30 games (10 + 1)
    text = ratings.ok("explain", "W2900", "--rules", rules, *MAY).stdout
    (line,) = explain_lines(text)
    assert (line["R(opp)"], line["used"], line["We"]) == ("2900", "1900", "0.08")  # 1400 away counted as 400


def seven(ratings: Ratings) -> None:
    fide(ratings, "A", 2000)
    results = [("1063", "1-0"), ("1299", "1-0"), ("1413", "1-0"), ("1872", "1/2-1/2"), ("1851", "0-1"),
               ("1427", "1-0"), ("1682", "1-0")]  # fmt: skip
    for number, (opponent, result) in enumerate(results, start=1):
        fide(ratings, opponent, int(opponent))
        game(ratings, f"s{number}", "A", opponent, result, f"2024-05-{number:02d}")


@pytest.mark.parametrize(("rules", "k_sigma", "rating"), [("fide-2014", "-8.4", 1992), ("fide-2022", "-12.2", 1988)])
def test_the_400_point_rule_in_one_tournament(ratings: Ratings, rules: str, k_sigma: str, rating: int) -> None:
    seven(ratings)
    text = ratings.ok("explain", "A", "--rules", rules, *MAY).stdout
    assert f"K·Σ(W−We) {k_sigma}" in terms_of(text, "terms")
    assert "K 20" in terms_of(text, "terms")
    used = {line["opponent"].split()[0]: line["used"] for line in explain_lines(text)}  # "1063 Player 1063": his id
    if rules == "fide-2022":
        assert used["1063"] == "1600" and used["1299"] == "1299" and used["1413"] == "1413"
        assert "1063 counted as 1600: §8.3.1 400-point rule" in text
    else:
        assert [used[o] for o in ("1063", "1299", "1413", "1427")] == ["1600"] * 4
    assert listed(ratings, rules, "2024-05")["A"]["rating"] == rating


def test_under_2024_the_floor_leaves_the_weakest_opponents_unrated(ratings: Ratings) -> None:
    """fide-2024 §7.1.4 (1400 floor): 1063 and 1299 are below the floor, so A's games against them are not
    rated; the other five give ΣWe = .92 (1413, D 587 counted as 400) + .67 + .70 + .92 (1427) + .87 = 4.08,
    W = 3.5, K·Σ(W − We) = 20 × −.58 = −11.6 → −12."""
    seven(ratings)
    text = ratings.ok("explain", "A", "--rules", "fide-2024", *MAY).stdout
    unrated = sorted(line["opponent"] for line in explain_lines(text) if line["R(opp)"] == "unrated")
    assert unrated == ["1063 Player 1063", "1299 Player 1299"]  # each opponent's id and name
    assert "s1: 1063 was unrated: not rated for A" in text
    assert "K·Σ(W−We) -11.6" in terms_of(text, "terms")
    assert listed(ratings, "fide-2024", "2024-05")["A"]["rating"] == 1988
