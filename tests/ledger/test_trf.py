"""The TRF16 / TRF-2026 reader: a real tournament's file, and a made-up case for each refusal."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from ledger.trf import Pairing, RoundEntry, TrfError, pairings, parse, parse_date

REAL = Path(__file__).parent.parent / "data" / "trf" / "san_viator_2018_b.trf"


def player_line(rank: str, name: str = "Doe,John", rounds: tuple[str, ...] = (), rating: str = "2000") -> str:
    """A 001 line laid out by the TRF16 columns (5-8 rank, 15-47 name, 49-52 rating, ... 92- rounds)."""
    head = f"001 {rank:>4} m    {name:<33} {rating:>4} IRL     2500000 1990/01/02  1.0    1"
    assert len(head) == 89
    return head + "".join(f"  {entry}" for entry in rounds)


def trf(*players: str, header: str = "012 Made Up\n") -> str:
    return header + "\n".join(players) + "\n"


# --- the real file (tests/data/trf/README.md) -------------------------------------------------


def test_real_event_lines() -> None:
    event = parse(REAL.read_text()).event
    # Lines 1-12 of the file as read by eye; 042/052 are written DD/MM/YYYY ("08/04/2018").
    assert event.name == "XXX Torneo San Viator - Memorial Pepe Domaica (B)"
    assert event.site == "Madrid"
    assert event.federation == "ESP"
    assert (event.start, event.end) == ("2018-04-08", "2018-06-10")
    assert event.type == "Individual: Swiss-System Dutch (JaVaFo)"
    assert event.rate_of_play == "90 minutes + 30 seconds per move"
    # Line 132, YY/MM/DD from column 92: 18/04/08 18/04/15 18/04/22 18/05/06 18/05/13 18/05/20 18/05/27.
    assert event.round_dates == (
        "2018-04-08",
        "2018-04-15",
        "2018-04-22",
        "2018-05-06",
        "2018-05-13",
        "2018-05-20",
        "2018-05-27",
    )


def test_real_players() -> None:
    players = parse(REAL.read_text()).players
    assert len(players) == 137  # line 062 says 137; start ranks 1..137
    assert [player.start_rank for player in players] == list(range(1, 138))
    first = players[0]
    # Line 14: "001    1 m    Sarabia Utrilla, Joaquin   1750 ESP     2268957 1981   2.0  118  0000 - Z  0000 - F ..."
    assert first.line == 14
    assert (first.sex, first.title, first.name) == ("m", "", "Sarabia Utrilla, Joaquin")
    assert (first.rating, first.federation, first.fide_id, first.birth) == (1750, "ESP", 2268957, "1981")
    assert (first.points, first.rank) == (Decimal("2.0"), 118)
    assert first.rounds[:3] == (
        RoundEntry(1, None, "-", "Z"),
        RoundEntry(2, None, "-", "F"),
        RoundEntry(3, 76, "w", "1"),
    )
    # Line 131: "001  118 m    Rodriguez Arribas, Pedro      0 ESP ..." -> unrated.
    assert players[117].name == "Rodriguez Arribas, Pedro"
    assert players[117].rating is None
    # Line 122: "001  109 w    Alvarez Garcia, Jose Javier   1190 ... 51 w 0    76 b -   129 b + ..."
    assert players[108].sex == "w"
    assert players[108].rounds[3] == RoundEntry(4, 76, "b", "-")


def test_real_pairings() -> None:
    text = REAL.read_text()
    games = pairings(parse(text))
    # Independent count: every round field with an opponent other than 0000, read by regex, halved.
    fields = [line[91:].rstrip() for line in text.splitlines() if line.startswith("001")]
    with_opponent = sum(1 for row in fields for opponent in re.findall(r"(\d{1,4}) [wb-] .", row) if opponent != "0000")
    assert len(games) == with_opponent // 2
    # Line 21 (player 8) round 7 "46 w 1"; line 59 (player 46) round 7 "8 b 0".
    assert Pairing(7, 8, 46, "1", "0", 21, 59, True) in games
    # Line 18 (player 5) round 1 "68 b +"; line 81 (player 68) round 1 "5 w -": a forfeit won by Black.
    assert Pairing(1, 68, 5, "-", "+", 81, 18, True) in games
    # Each game once.
    assert len({(game.round, game.white, game.black) for game in games}) == len(games)


# --- dates -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2025/09/01", "2025-09-01"),  # TRF16/TRF26 042: YYYY/MM/DD
        ("25/09/01", "2025-09-01"),  # TRF16/TRF26 132: YY/MM/DD, YY read as 20YY
        ("01/09/2025", "2025-09-01"),  # DD/MM/YYYY, as Swiss-Manager and the real file write it
        ("28. 07. 2005", "2005-07-28"),  # FIDE's example1.txt
        ("   ", None),
    ],
)
def test_dates(text: str, expected: str | None) -> None:
    assert parse_date(text, 1) == expected


def test_year_only_and_full_birth_dates() -> None:
    head = player_line("1")
    assert parse(trf(head)).players[0].birth == "1990-01-02"
    year_only = head[:69] + "1990      " + head[79:]
    assert parse(trf(year_only)).players[0].birth == "1990"


def test_colourless_forfeit_and_double_forfeit() -> None:
    text = trf(
        player_line("1", rounds=("   2 - +", "   3 w -")),
        player_line("2", rounds=("   1 - -", "0000 - U")),
        player_line("3", rounds=("0000 - H", "   1 b -")),
    )
    assert pairings(parse(text)) == [
        Pairing(1, 1, 2, "+", "-", 2, 3, False),
        Pairing(2, 1, 3, "-", "-", 2, 4, True),
    ]


def test_short_player_is_padded_with_blank_rounds() -> None:
    players = parse(trf(player_line("1", rounds=("0000 - H", "0000 - H")), player_line("2"))).players
    assert players[1].rounds == (RoundEntry(1, None, "-", ""), RoundEntry(2, None, "-", ""))


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (trf(player_line("x")), "line 2: start rank 'x' is not a number"),
        (trf(player_line("1", name="")), "line 2: name (columns 15-47) is missing"),
        (trf(player_line("1", rating="20a0")), "line 2: rating '20a0' is not a number"),
        (trf(player_line("1", rounds=("   2 x 1",))), "line 2: round 1 colour 'x' is not w, b or -"),
        (
            trf(player_line("1", rounds=("   2 w H",))),
            "line 2: round 1 result 'H' is not one of 1 0 = + - W D L",
        ),
        (trf(player_line("1", rounds=("0000 - 1",))), "line 2: round 1 result '1' needs an opponent"),
        (trf(player_line("1", rounds=("0000 w H",))), "line 2: round 1 colour 'w' without an opponent"),
        (
            trf(player_line("1", rounds=("   2 - 1",))),
            "line 2: round 1 against 2 has no colour but is not a forfeit",
        ),
        (trf(player_line("1"), player_line("1")), "line 3: start rank 1 is also on line 2"),
        (trf(header="042 2025/13/01\n"), "line 1: date '2025/13/01' is not a calendar date"),
        (
            trf(header="052 September 2025\n"),
            "line 1: date 'September 2025' is not YYYY/MM/DD, YY/MM/DD or DD/MM/YYYY",
        ),
        (
            trf(header="132" + " " * 88 + "25/02/30\n"),
            "line 1: date '25/02/30' is not a calendar date",
        ),
    ],
)
def test_parse_refusals(text: str, message: str) -> None:
    with pytest.raises(TrfError) as caught:
        parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("rounds_1", "rounds_2", "message"),
    [
        ("   3 w 1", "0000 - H", "line 2: round 1: opponent 3 has no 001 line"),
        ("   1 w 1", "0000 - H", "line 2: round 1: player 1 is paired with himself"),
        ("   2 w 1", "0000 - H", "lines 2 and 3: round 1: 1 plays 2, whose line has no opponent"),
        ("   2 w 1", "   1 w 0", "lines 2 and 3: round 1: colours w and w do not match"),
        ("   2 w 1", "   1 b 1", "lines 2 and 3: round 1: results 1 and 1 are not complementary"),
        ("   2 w =", "   1 b 0", "lines 2 and 3: round 1: results = and 0 are not complementary"),
        ("   2 w +", "   1 b 0", "lines 2 and 3: round 1: results + and 0 are not complementary"),
        ("   2 w  ", "   1 b 0", "lines 2 and 3: round 1: the game has no result"),
    ],
)
def test_pairing_refusals(rounds_1: str, rounds_2: str, message: str) -> None:
    text = trf(player_line("1", rounds=(rounds_1,)), player_line("2", rounds=(rounds_2,)))
    with pytest.raises(TrfError) as caught:
        pairings(parse(text))
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


# --- TRF-2026 (tests/data/trf/README.md, trf2026_example.trf) ---------------------------------

TRF2026 = Path(__file__).parent.parent / "data" / "trf" / "trf2026_example.trf"


def test_trf2026_event_lines() -> None:
    event = parse(TRF2026.read_text()).event
    # Lines 2-17 as read by eye; 122 stays free text, 222 holds the encoded time control.
    assert (event.name, event.site, event.federation) == ("Ledger Autumn Rapidplay", "Galway", "IRL")
    assert (event.start, event.end) == ("2025-10-04", "2025-10-05")
    assert event.type == "Individual: Swiss-System Dutch"
    assert event.rate_of_play == "90 minutes + 30 seconds per move"
    assert event.time_control == "5400+30"
    assert event.type_code == "FIDE_DUTCH_2025"
    assert event.round_dates == ("2025-10-04", "2025-10-05", "2025-10-05")


def test_trf2026_players_and_byes() -> None:
    players = parse(TRF2026.read_text()).players
    # Five 001 lines (18-22); the IRL national record (line 23) is not a player.
    assert [(player.line, player.start_rank) for player in players] == [(18, 1), (19, 2), (20, 3), (21, 4), (22, 5)]
    first = players[0]
    # Line 18: "001    1 wWIM Abbott, Anne ... 2310 IRL     2500001 1990/03/14  2.5    1     4 w 1 ..."
    assert (first.sex, first.title, first.name, first.rating) == ("w", "WIM", "Abbott, Anne", 2310)
    assert (first.fide_id, first.birth, first.points, first.rank) == (2500001, "1990-03-14", Decimal("2.5"), 1)
    # Line 22: unrated, no FIDE id; round 2 blank on the line, "240 H 002  005" (line 24) makes it H.
    fifth = players[4]
    assert (fifth.rating, fifth.fide_id, fifth.points) == (None, None, Decimal("2.0"))
    assert fifth.rounds[1] == RoundEntry(2, None, "-", "H")
    # Line 21 has two rounds; "240 Z 003  004" (line 25) gives round 3.
    assert players[3].rounds == (RoundEntry(1, 1, "b", "0"), RoundEntry(2, 2, "w", "-"), RoundEntry(3, None, "-", "Z"))
    assert players[2].rounds[0] == RoundEntry(1, None, "-", "U")


def test_trf2026_pairings() -> None:
    games = pairings(parse(TRF2026.read_text()))
    # By hand from the round columns: r1 1-4 1-0, 5-2 =; r2 3-1 0-1, 4-2 forfeit; r3 1-2 =, 5-3 1-0.
    assert [(game.round, game.white, game.black, game.white_result, game.black_result) for game in games] == [
        (1, 1, 4, "1", "0"),
        (1, 5, 2, "=", "="),
        (2, 3, 1, "0", "1"),
        (2, 4, 2, "-", "+"),
        (3, 1, 2, "=", "="),
        (3, 5, 3, "1", "0"),
    ]


def test_letter_codes_are_case_insensitive() -> None:
    # TRF26, note to the result table: "Letter codes are case-insensitive."
    text = trf(
        player_line("1", rounds=("   2 W w", "0000 - h")),
        player_line("2", rounds=("   1 B l", "0000 - z")),
    )
    players = parse(text).players
    assert players[0].rounds == (RoundEntry(1, 2, "w", "W"), RoundEntry(2, None, "-", "H"))
    assert players[1].rounds == (RoundEntry(1, 1, "b", "L"), RoundEntry(2, None, "-", "Z"))


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ("240 Q 001  001", "line 3: bye type 'Q' (column 5) is not F, H or Z"),
        ("240 H 001", "line 3: bye record needs a round and at least one start rank"),
        ("240 H 001  009", "line 3: bye for start rank 9, which has no 001 line"),
        ("240 H 001  001", "lines 3 and 2: round 1: bye H for 1, whose line has 1"),
        ("240 H x01  001", "line 3: bye round 'x01' is not a number"),
    ],
)
def test_bye_record_refusals(records: str, message: str) -> None:
    text = trf(player_line("1", rounds=("   2 w 1",)), header="012 Made Up\n") + records + "\n"
    with pytest.raises(TrfError) as caught:
        parse(text)
    assert str(caught.value) == message
