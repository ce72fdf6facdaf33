"""``ratings publish`` refuses an empty list and warns of one that lost more than a tenth of its players
(issue 22 §5): a ``--known-at``/``--on`` before the facts were reported made an empty list, published
silently."""

from __future__ import annotations

from tests.commands.support import RULES, Ratings, record


def ten_players(ratings: Ratings, reported: str = "2024-01-10") -> None:
    """Ten players (ICCF 1500 to 1590 on 100 games) and five games finished on 2024-01-10, every player in
    one, all reported on ``reported``."""
    iccf = ("--source", "iccf", "--rated-games", "100", "--reported", "2024-01-01")
    for i in range(10):
        ratings.ok("player", "register", f"P{i}", "--name", f"Player {i}", "--starting-rating", str(1500 + 10 * i),
                   *iccf)  # fmt: skip
    for i in range(0, 10, 2):
        ratings.ok(*record(f"G{i}", f"P{i}", f"P{i + 1}", "1-0", "2024-01-10", "--reported", reported))


def test_an_empty_list_is_refused(ratings: Ratings) -> None:
    ten_players(ratings, reported="2024-03-05")  # the list of 2024-01 as known on 2024-03-01: no game yet
    ratings.refused(
        "publish", *RULES, "--period", "2024-01", "--on", "2024-03-01",
        message="Error: the iecg-1.7 list of 2024-01 as known on 2024-03-01 has no players: nothing was published "
        "(were its facts reported after that date?)",
    )  # fmt: skip
    published = ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-05")
    assert published.stdout.startswith("published the iecg-1.7 list of 2024-01 on 2024-03-05: 10 players\n")


def test_a_list_that_lost_more_than_a_tenth_is_published_with_a_warning(ratings: Ratings) -> None:
    ten_players(ratings)
    first = ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01")
    assert first.stdout.startswith("published the iecg-1.7 list of 2024-01 on 2024-03-01: 10 players\n")
    assert first.stderr == ""
    for i in (0, 1):  # two of ten players leave the list: 8 < 9 = nine tenths of 10
        ratings.ok("player", "void", f"P{i}", "--reason", "registered in error", "--reported", "2024-03-02")
    second = ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-03")
    assert second.stdout.startswith("published the iecg-1.7 list of 2024-01 on 2024-03-03: 8 players\n")
    assert second.stderr == (
        "warning: the iecg-1.7 list of 2024-01 has 8 players, fewer than nine tenths of the 10 of the "
        "iecg-1.7 list of 2024-01 published on 2024-03-01\n"
    )


def test_a_list_that_lost_a_tenth_is_published_silently(ratings: Ratings) -> None:
    ten_players(ratings)
    ratings.game("G10", "P8", "P0", "1-0", "2024-01-12")  # P8 stays listed without his game with P9
    ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01")
    ratings.ok("player", "void", "P9", "--reason", "registered in error", "--reported", "2024-03-02")
    second = ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-03")
    assert "9 players" in second.stdout and second.stderr == ""
