"""Issue 25 §2: the byes of a TRF and its pseudo-players, read by the import plan (:mod:`ledger.trf_import`).

The rules (the module's docstring): a bye line has no FIDE id and a bye name ("spielfrei", "BYE"...) or no game
and no point; a game against it becomes the real player's bye (a win U, a draw H, a loss Z); every ``H F U Z + -``
without an opponent is a bye; a single ``U`` worth ½ or 0 in the file's points is recorded with them.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from ledger.trf import parse
from ledger.trf_import import Known, PlannedBye, is_pseudo_player, plan


def line(rank: int, name: str, fide: str, points: str, *rounds: str) -> str:
    head = f"001 {rank:>4} m    {name:<33} {'':>4} IRL {fide:>11} {'':<10} {points:>4} {rank:>4}"
    return head + "".join(f"  {r}" for r in rounds)


HEAD = "012 Club Open\n042 2024/03/01\n052 2024/03/02\n"
NOBODY = Known({}, {}, set(), {}, "2024-03-10")


@pytest.mark.parametrize(
    ("name", "fide", "rounds", "pseudo"),
    [
        ("spielfrei", "", ("0000 - -",), True),
        ("BYE", "", ("0003 w 0",), True),
        ("Bye", "", ("0003 b =",), True),
        ("free", "", (), True),
        ("Frei", "", ("0000 - Z",), True),
        ("Nobody, Never", "", ("0000 - -", "0000 - Z"), True),  # no game, no point
        ("Bye, Free", "2500009", ("0000 - -",), False),  # a FIDE id is a person
        ("Late, Larry", "", ("0000 - H",), False),  # a half-point bye is a point
        ("Byers, Bob", "", ("0003 w 1",), False),
    ],
)
def test_pseudo_players(name: str, fide: str, rounds: tuple[str, ...], pseudo: bool) -> None:
    parsed = parse(HEAD + line(1, name, fide, "0.0", *rounds) + "\n")
    assert is_pseudo_player(parsed.players[0]) is pseudo


def test_a_game_against_a_bye_line_is_a_bye_of_the_real_player() -> None:
    text = HEAD + "\n".join(
        [
            line(1, "Adler, Anna", "", "2.0", "0002 w 1", "0003 b 1"),
            line(2, "Byrne, Bob", "", "0.5", "0001 b 0", "0000 - H"),
            line(3, "BYE", "", "0.0", "0000 - -", "0001 w 0"),
        ]
    )
    done = plan(parse(text + "\n"), "ev", NOBODY, register_new=True)
    assert [p.name for p in done.new_players] == ["Adler, Anna", "Byrne, Bob"]
    assert done.pseudo == (6,)
    # Anna's round-2 win over the bye line: a pairing-allocated bye U; Bob's H is his own.
    assert list(done.byes) == [PlannedBye("ev-1", 2, "U", None, 4), PlannedBye("ev-2", 2, "H", None, 5)]
    assert [g.game for g in done.games] == ["ev-R1-1-2"]
    assert done.mismatches == []
    assert "line 4: round 2 against 'BYE' (a bye line) recorded as a bye U" in done.notes


def test_a_pairing_allocated_bye_scored_a_half_is_recorded_with_its_points() -> None:
    """C.04.1 (d): a PAB scores a win "unless the regulations of the tournament say otherwise": Bob's file points
    (1.0 = a win + ½) give his U ½; TRF-2026's 162 P gives every U's."""
    text = HEAD + "\n".join(
        [
            line(1, "Adler, Anna", "", "0.0", "0002 w 0", "0000 - Z"),
            line(2, "Byrne, Bob", "", "1.5", "0001 b 1", "0000 - U"),
        ]
    )
    done = plan(parse(text + "\n"), "ev", NOBODY, register_new=True)
    assert [(b.player, b.kind, b.points) for b in done.byes] == [("ev-1", "Z", None), ("ev-2", "U", "0.5")]
    assert done.mismatches == []
    scored = text.replace("052 2024/03/02\n", "052 2024/03/02\n162  W 1.0    P 0.0\n").replace("1.5    2", "1.0    2")
    again = plan(parse(scored + "\n"), "ev", NOBODY, register_new=True)
    assert parse(scored + "\n").event.bye_points == Decimal(0)
    assert [(b.player, b.kind, b.points) for b in again.byes] == [("ev-1", "Z", None), ("ev-2", "U", "0")]
