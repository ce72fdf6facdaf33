"""FIDE and national ids of players (issue 13 §4): given at registration, corrected, released, never shared."""

from __future__ import annotations

from tests.commands.support import Ratings


def identity_lines(ratings: Ratings) -> list[str]:
    """The identity events of the log, as ``type scheme number player``."""
    lines = []
    for line in ratings.ok("log").output.splitlines():
        words = line.split()
        if words[1].startswith("Identity"):
            lines.append(" ".join(word.split("=", 1)[-1] for word in words[1:5]))
    return lines


def test_ids_are_recorded_with_the_registration(ratings: Ratings) -> None:
    result = ratings.register("1", "Anna Adler", "--fide-id", "02500001", "--national-id", "ECF:123456A")
    assert result.output == ("registered 1 Anna Adler: starting rating 800 (none), FIDE id 2500001, ecf id 123456A\n")
    assert identity_lines(ratings) == ["IdentityClaimed ecf 123456A 1", "IdentityClaimed fide 2500001 1"]


def test_an_id_held_by_another_player_is_refused(ratings: Ratings) -> None:
    ratings.register("1", "Anna Adler", "--fide-id", "2500001", "--national-id", "icu:77")
    ratings.refused("player", "register", "2", "--name", "Bob", "--fide-id", "2500001",
                    message="FIDE id 2500001 is already held by player '1'")  # fmt: skip
    ratings.refused("player", "register", "2", "--name", "Bob", "--national-id", "icu:77",
                    message="icu id 77 is already held by player '1'")  # fmt: skip
    ratings.register("2", "Bob Byrne")
    ratings.refused("player", "correct", "2", "--fide-id", "2500001", "--reason", "typo",
                    message="FIDE id 2500001 is already held by player '1'")  # fmt: skip


def test_bad_ids_are_refused(ratings: Ratings) -> None:
    for value, message in (
        ("0", "FIDE id '0' is not a whole number from 1 to 999,999,999"),
        ("1000000000", "FIDE id '1000000000' is not a whole number from 1 to 999,999,999"),
        ("12a", "FIDE id '12a' is not a whole number from 1 to 999,999,999"),
    ):
        ratings.refused("player", "register", "1", "--name", "A", "--fide-id", value, message=message)
    ratings.refused("player", "register", "1", "--name", "A", "--national-id", "ecf", status=2,
                    message="'ecf' is not SCHEME:ID (e.g. ecf:123456A)")  # fmt: skip
    ratings.refused("player", "register", "1", "--name", "A", "--national-id", "ecf:1", "--national-id", "ecf:2",
                    status=2, message="two ecf ids given: one per scheme")  # fmt: skip
    ratings.refused("player", "register", "1", "--name", "A", "--national-id", "e c f:1",
                    message="id scheme 'e c f' is not a lower-case name")  # fmt: skip
    ratings.refused("player", "register", "1", "--name", "A", "--national-id", "ecf:12 3",
                    message="ecf id '12 3' is not 1 to 32 letters, digits")  # fmt: skip
    ratings.refused("player", "register", "1", "--name", "A", "--fide-id", "none", status=2,
                    message="'none' releases an id in `player correct`, not at registration")  # fmt: skip


def test_a_correction_moves_an_id_and_frees_the_old_one(ratings: Ratings) -> None:
    ratings.register("1", "Anna Adler", "--fide-id", "2500001")
    ratings.register("2", "Bob Byrne")
    assert ratings.ok("player", "correct", "1", "--fide-id", "2500009", "--reason", "mistyped").output == (
        "recorded: 1 corrected (FIDE id 2500009)\n"
    )
    # 2500001 is free again: Bob can hold it (a released number is claimed again, not created twice).
    ratings.ok("player", "correct", "2", "--fide-id", "2500001", "--reason", "his id")
    ratings.ok("player", "correct", "2", "--national-id", "ecf:9", "--reason", "joined the ECF")
    ratings.ok("player", "correct", "2", "--national-id", "ecf:none", "--reason", "left the ECF")
    assert identity_lines(ratings) == [
        "IdentityClaimed fide 2500001 1",
        "IdentityReleased fide 2500001 1",
        "IdentityClaimed fide 2500009 1",
        "IdentityReclaimed fide 2500001 2",
        "IdentityClaimed ecf 9 2",
        "IdentityReleased ecf 9 2",
    ]
    ratings.refused("player", "correct", "1", "--fide-id", "2500009", "--reason", "again",
                    message="the correction of player '1' changes nothing: FIDE id 2500009 as held")  # fmt: skip


def test_a_correction_of_facts_and_ids_is_one_dry_run(ratings: Ratings) -> None:
    ratings.register("1", "Anna Adler")
    before = ratings.ok("log").output
    result = ratings.ok("player", "correct", "1", "--name", "Anna Adler-Byrne", "--fide-id", "2500001",
                        "--reason", "married; FIDE id", "--dry-run")  # fmt: skip
    assert result.output == "dry run: nothing was recorded. Under iecg-1.7, no list would change.\n"
    assert ratings.ok("log").output == before
