"""``ratings player eligibility`` and ``ratings event enter`` (issue 12 §3): each clause of IECG Rules and
Regulations 5.1a that decides an entry, through the CLI, with the clause named.

The two commands are registered here on ``ratings``'s own groups for the tests only (and removed after):
``commands/cli.py`` is the lead's to change.

Two quads of class 2 (10 January – 20 February 2024), four players each, every one registered with an
established ICCF rating on 100 games (Rating Rules 1.7 §VII.1). In each the first player wins his six games and
the others draw theirs. Worked by hand (§V): k = r·p = 20·1 (Ro ≤ 2000, Pn = 100 ≥ 80); all four start level,
so We = ½ (§I.3) in every game:

- ``Q2`` (W, X, Y, Z at 1600): W 1600 + 6·20·½ = 1660, X 1600 − 2·20·½ = 1580: both class 2 (1400–1799).
- ``Q2b`` (V, A, B, C at 1790): V 1790 + 60 = 1850: class 1 (1800–2199).

These are their TERs on the list of 2024-01, the list in force from March 2024 (§III.7, §II.1). The players
P, S, T, U (1500, no rated game: §III.7's TER is the starting rating, class 2) play no quad.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import cast

import click
import pytest

from commands.cli import cli
from commands.eligibility import event_enter, player_eligibility
from tests.commands.support import Ratings, write_csv

QUADS = {"Q2": ("W", "X", "Y", "Z"), "Q2b": ("V", "A", "B", "C")}


@pytest.fixture(autouse=True)
def commands() -> Iterator[None]:
    """``player eligibility`` and ``event enter`` on ``ratings``'s groups, for these tests only."""
    added: list[tuple[click.Group, str]] = []
    for group_name, command in (("player", player_eligibility), ("event", event_enter)):
        group = cast(click.Group, cli.commands[group_name])
        assert command.name is not None
        if command.name not in group.commands:
            group.add_command(command)
            added.append((group, command.name))
    yield
    for group, name in added:
        del group.commands[name]


def quad_rows(event: str, players: tuple[str, ...]) -> list[str]:
    """The double round of a quad: the first player wins every game, the others draw theirs."""
    rows: list[str] = []
    for first, a in enumerate(players):
        for b in players[first + 1 :]:
            for leg, (white, black) in enumerate(((a, b), (b, a))):
                number = len(rows) + 1
                day = f"2024-01-{10 + number:02d}" if leg == 0 else f"2024-02-{number:02d}"
                result = "1/2-1/2" if players[0] not in (a, b) else ("1-0" if white == players[0] else "0-1")
                rows.append(f"{event}-{number},{white},{black},{result},{day},,,{event},{day}")
    return rows


@pytest.fixture
def federation(ratings: Ratings, tmp_path: Path) -> Ratings:
    for players, rating in ((QUADS["Q2"], 1600), (QUADS["Q2b"], 1790), (("P", "S", "T", "U"), 1500)):
        for player in players:
            ratings.established(player, f"Player {player}", rating)
    groups = [
        ("Q2", "quad", "2", "2024-01-10", "2024-02-20"),
        ("Q2b", "quad", "2", "2024-01-10", "2024-02-20"),
        ("B1", "class", "2", "2024-01-05", "2024-12-31"),
        ("B2", "class", "2", "2024-01-05", "2024-12-31"),
        *((f"C{k}", "class", k, "2024-04-01", None) for k in ("1a", "1b", "3")),
        ("M1", "class", "M", "2024-04-01", None),
        *((f"G{n}", "class", "2", "2024-10-01", None) for n in range(1, 6)),
    ]
    for event, kind, klass, start, end in groups:
        klass = klass[0] if event.startswith("C") else klass
        extra = ["--end", end] if end else []
        ratings.ok(
            "event", "register", event, "--name", f"Group {event}", "--type", kind, "--class", klass,
            "--start", start, *extra, "--reported", "2024-01-01",
        )  # fmt: skip
    header = "game,white,black,result,finished,tournament,forfeit,event,reported"
    rows = [row for event, players in QUADS.items() for row in quad_rows(event, players)]
    ratings.ok("import", "games", write_csv(tmp_path / "quads.csv", header, *rows))
    return ratings


def enter(ratings: Ratings, player: str, event: str, on: str, *extra: str) -> str:
    return ratings.ok("event", "enter", player, "--event", event, "--on", on, "--reported", on, *extra).output


def refused(ratings: Ratings, player: str, event: str, on: str, message: str) -> str:
    result = ratings.refused("event", "enter", player, "--event", event, "--on", on, message=message)
    assert result.stderr.count("\n") == 1, result.stderr  # one line
    return result.stderr


def test_d_2_4a_the_class_of_the_ter(federation: Ratings) -> None:
    shown = federation.ok("player", "eligibility", "P", "--on", "2024-03-05").output
    assert "TER 1500: class 2 (D 2.4a, 2.5a) (not published on that list: his TER is §III.7's)" in shown
    assert "classes and quads: class 2 (D 2.4a)\n" in shown
    refused(federation, "P", "C1a", "2024-03-05", "D 2.4a: class 1 is above his class 2")
    refused(federation, "P", "C3", "2024-03-05", "D 2.4a: class 3 is below his class 2")
    assert "recorded: P entered G1 on 2024-03-05 (D 2.4a: his own class)" in enter(federation, "P", "G1", "2024-03-05")
    # X lost two games of Q2: 1580 on the list of 2024-01, class 2, no ticket: class 1 is above him.
    shown = federation.ok("player", "eligibility", "X", "--on", "2024-03-05").output
    assert "(TER from the iecg-1.7 list of 2024-01):\n  TER 1580: class 2 (D 2.4a, 2.5a)\n" in shown
    refused(federation, "X", "C1a", "2024-03-05", "D 2.4a: class 1 is above his class 2")


def test_d_2_4c_a_ticket_won_used_once_and_lost(federation: Ratings) -> None:
    shown = federation.ok("player", "eligibility", "W", "--on", "2024-03-05").output
    assert "TER 1660: class 2" in shown
    assert "classes and quads: class 2 (D 2.4a), class 1 (D 2.5c, ticket Q2)" in shown
    assert "Q2 (D 2.5c: quad of class 2, won 2024-02-20): to class 1: usable for class 1 (D 2.5c)" in shown
    out = enter(federation, "W", "C1a", "2024-03-05")
    assert "recorded: W entered C1a on 2024-03-05 (D 2.5c: the ticket won in Q2)" in out
    refused(federation, "W", "C1b", "2024-03-06", "D 2.4c: his ticket was already used")
    shown = federation.ok("player", "eligibility", "W", "--on", "2024-03-06").output
    assert "to class 1: used (any qualification may be used only once) (D 2.4c)" in shown
    # V won Q2b too, but his TER is 1850 now: class 1 already, the ticket's class (c.2): lost, and M is above him.
    shown = federation.ok("player", "eligibility", "V", "--on", "2024-03-05").output
    assert "TER 1850: class 1" in shown and "to class 1: lost: his class already reaches the ticket's (D 2.4c)" in shown
    refused(federation, "V", "M1", "2024-03-05", "D 2.4c: class M is above his class 1, and his ticket is lost")
    assert "(D 2.4a: his own class)" in enter(federation, "V", "C1b", "2024-03-05")
    # Before the list of 2024-01 is in force (February), V's TER is still 1790, class 2: the ticket admits class 1.
    assert "(D 2.5c: the ticket won in Q2b)" in enter(federation, "V", "C1a", "2024-02-25")


def test_d_2_4d_four_groups_at_a_time(federation: Ratings) -> None:
    for n in range(1, 5):
        enter(federation, "P", f"G{n}", f"2024-09-0{n}")
    shown = federation.ok("player", "eligibility", "P", "--on", "2024-09-05").output
    assert "groups in play: 4 of 4 (D 2.4d)\n    G1: entered 2024-09-01, not started\n" in shown
    refused(federation, "P", "G5", "2024-09-05", "D 2.4d: he already plays in 4 groups (at most 4 at a time)")


def test_c_9c_announced_withdrawals(federation: Ratings) -> None:
    enter(federation, "S", "B1", "2024-01-02")
    federation.ok("event", "withdraw", "B1", "--player", "S", "--on", "2024-03-15", "--reported", "2024-03-15")
    # C 9C1a: the first, while playing one event: no new events for 6 months, until 15 September 2024.
    ban = "C 9C1a: no new events from 2024-03-15 until 2024-09-15 (announced withdrawal from B1 on 2024-03-15)"
    refused(federation, "S", "G1", "2024-09-14", ban)
    enter(federation, "S", "G1", "2024-09-15")
    # C 9C2: a second one within a year of the first (10 October 2024 ≤ 15 March 2025): 12 months, from all.
    federation.ok("event", "withdraw", "G1", "--player", "S", "--on", "2024-10-10", "--reported", "2024-10-10")
    suspended = "C 9C2: suspended from 2024-10-10 until 2025-10-10 (announced withdrawal from G1 on 2024-10-10)"
    shown = federation.ok("player", "eligibility", "S", "--on", "2024-10-11").output
    assert f"    {suspended}; withdrawn from all tournaments\n" in shown
    assert "may enter: nothing while barred by C 9C2" in shown
    refused(federation, "S", "G2", "2025-10-09", suspended)
    enter(federation, "S", "G2", "2025-10-10")


def test_c_9d_silent_withdrawals(federation: Ratings) -> None:
    enter(federation, "U", "B1", "2024-01-02")
    enter(federation, "U", "B2", "2024-01-02")
    federation.ok(
        "event", "withdraw", "B1", "--player", "U", "--on", "2024-02-01", "--silent", "--reported", "2024-02-01"
    )
    # C 9D1: the first silent withdrawal: suspended 12 months (until 1 February 2025), withdrawn from all.
    refused(federation, "U", "G1", "2025-01-31", "C 9D1: suspended from 2024-02-01 until 2025-02-01")
    federation.ok(
        "event", "withdraw", "B2", "--player", "U", "--on", "2024-03-01", "--silent", "--reported", "2024-03-01"
    )
    # C 9D2: the second: membership cancelled, for good.
    refused(
        federation, "U", "G1", "2026-01-01", "C 9D2: membership cancelled (silent withdrawal from B2 on 2024-03-01)"
    )


def test_known_at_could_he_enter_on_the_day_he_entered(federation: Ratings) -> None:
    enter(federation, "T", "B1", "2024-01-02")
    enter(federation, "T", "G2", "2024-04-01")  # nothing known against him on 1 April
    # His silent withdrawal from B1 on 1 March is reported on 1 May only.
    federation.ok(
        "event", "withdraw", "B1", "--player", "T", "--on", "2024-03-01", "--silent", "--reported", "2024-05-01"
    )
    asked = ("player", "eligibility", "T", "--on", "2024-04-01", "--event", "G2")
    then = federation.ok(*asked, "--known-at", "2024-04-01").output
    assert "bans (C 9C-D): none" in then
    assert "may enter G2: yes: D 2.4a: class 2 is his own class by TER" in then
    now = federation.ok(*asked).output
    assert "may enter G2: no: C 9D1: suspended from 2024-03-01 until 2025-03-01 (silent withdrawal from B1" in now


def test_refusals_of_the_ledger_and_of_the_query(federation: Ratings) -> None:
    enter(federation, "P", "G1", "2024-09-01")
    federation.refused(
        "event", "enter", "P", "--event", "G1", "--on", "2024-09-02", message="already entered event 'G1'"
    )
    federation.refused("event", "enter", "P", "--event", "NOPE", "--on", "2024-09-02", message="event 'NOPE' is not")
    federation.refused("player", "eligibility", "NOBODY", "--on", "2024-09-02", message="unknown player 'NOBODY'")
    federation.refused("player", "eligibility", "P", "--on", "2024-9-2", message="--on date '2024-9-2' is not a date")
    federation.refused(
        "event", "enter", "P", "--event", "Q2", "--on", "2024-09-02", message="is after event 'Q2' ended on 2024-02-20"
    )
