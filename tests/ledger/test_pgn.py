"""The PGN header reader: real files from python-chess's test data, and a made-up case for each rule and refusal.

Line numbers and expected values are written out by hand from the texts (or, for the real files, read
from their text with a regular expression independent of the reader).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from ledger.pgn import PgnError, PgnFile, PgnGame, event_key, game_id, game_ids, parse_date, read, read_one

DATA = Path(__file__).parent.parent / "data" / "pgn"
KASPAROV = DATA / "kasparov-deep-blue-1997.pgn"
NEPO = DATA / "nepomniachtchi-liren-game1.pgn"
BOM = DATA / "utf8-bom.pgn"


def pgn(*lines: str) -> PgnFile:
    """Read a PGN text given line by line (line 1 first)."""
    return read(io.StringIO("\n".join(lines) + "\n"))


def one(*tags: str, moves: str = "1. e4 e5 *") -> PgnGame:
    """The game of White "A", Black "B", Result "1-0" (lines 1-3) and ``tags`` (lines 4...), then moves."""
    (game,) = pgn('[White "A"]', '[Black "B"]', '[Result "1-0"]', *tags, "", moves).games
    return game


def refused(*lines: str) -> PgnError:
    with pytest.raises(PgnError) as caught:
        pgn(*lines)
    return caught.value


def refused_tag(tag: str) -> PgnError:
    """The refusal of a game whose 4th line is ``tag``."""
    return refused('[White "A"]', '[Black "B"]', '[Result "1-0"]', tag, "", "1. e4 *")


# --- the real files (tests/data/pgn/README.md) -------------------------------------------------


def lines_of(path: Path, pattern: str) -> list[int]:
    """1-based numbers of the lines of ``path`` matching ``pattern`` (an independent reading of the file)."""
    text = path.read_text(encoding="utf-8-sig")
    return [number for number, line in enumerate(text.splitlines(), 1) if re.match(pattern, line)]


def test_real_kasparov_deep_blue() -> None:
    with KASPAROV.open(encoding="utf-8") as handle:
        file = read(handle)
    starts = lines_of(KASPAROV, r'\[Event "')
    assert len(lines_of(KASPAROV, r'\[White "')) == len(starts) == len(file.games) == 6
    assert starts == [1, 24, 47, 70, 95, 119]  # by eye, too
    assert [game.line for game in file.games] == starts
    assert [game.number for game in file.games] == [1, 2, 3, 4, 5, 6]
    # Written out from the file: Site holds the game number; Date 1997.??.??, EventDate ?, Round ?.
    assert [game.site for game in file.games] == ["01", "02", "03", "04", "05", "06"]
    assert [game.result for game in file.games] == ["1-0", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1-0"]
    kasparov, deep_blue = "Garry Kasparov", "Deep Blue (Computer)"
    assert [(game.white, game.black) for game in file.games] == [(kasparov, deep_blue), (deep_blue, kasparov)] * 3
    for game in file.games:
        assert game.event == "IBM Man-Machine, New York USA"
        assert (game.date, game.event_date, game.round) == (None, None, "?")
        assert (game.white_fide_id, game.black_fide_id, game.time_control, game.mode) == (None, None, None, None)
        assert (game.game_id, game.board) == (None, None)
    assert file.unfinished == 0
    assert file.finished_games == file.games
    # Rounds unknown: ids from the place in the file. Site differs per game, so six event keys.
    assert game_ids(file.games, "KDB97") == tuple(f"KDB97-G{n}" for n in range(1, 7))
    assert len({event_key(game) for game in file.games}) == 6
    # The sixth game's Result tag is on line 124 ("[Result "1-0"]").
    assert file.games[5].line_of("Result") == 124


def test_real_world_championship_game() -> None:
    with NEPO.open(encoding="utf-8") as handle:
        (game,) = read(handle).games
    assert len(lines_of(NEPO, r'\[White "')) == 1
    # Lines 1-12 of the file, by eye.
    assert game.line == 1
    assert (game.event, game.site, game.date, game.event_date) == (
        "FIDE World Championship 2023",
        "Astana KAZ",
        "2023-04-09",
        None,
    )
    assert (game.round, game.white, game.black, game.result) == ("1", "Nepomniachtchi, Ian", "Liren, Ding", "1/2-1/2")
    assert (game.white_fide_id, game.black_fide_id) == (4168119, 8603677)
    assert game.time_control == "40/7200:20/3600:900+30"
    assert (game.mode, game.game_id, game.board) == (None, None, None)
    assert (game.line_of("TimeControl"), game.line_of("WhiteFideId"), game.line_of("BlackFideId")) == (8, 9, 10)
    assert game_id(game, "WCC2023") == "WCC2023-R1"
    assert event_key(game) == ("FIDE World Championship 2023", "Astana KAZ", None)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"])
def test_real_file_with_byte_order_mark_and_unfinished_games(encoding: str) -> None:
    assert BOM.read_bytes().startswith(b"\xef\xbb\xbf")
    with BOM.open(encoding=encoding) as handle:
        file = read(handle)
    starts = lines_of(BOM, r'\[Event "')
    assert starts == [1, 14]
    assert [game.line for game in file.games] == starts
    assert len(lines_of(BOM, r'\[Result "\*"\]')) == file.unfinished == 2
    assert file.finished_games == ()
    assert [(game.event, game.date, game.white, game.black) for game in file.games] == [
        ("A", "2024-04-25", "White vs 1...c5", "?"),
        ("B", "2024-04-25", "White vs 1...c5", "?"),
    ]
    assert [game.finished for game in file.games] == [False, False]


# --- line numbers and tags ---------------------------------------------------------------------


def test_every_tag_read() -> None:
    game = one(
        '[Event "Leinster Open"]',
        '[Site "Dublin IRL"]',
        '[Date "2024.05.04"]',
        '[EventDate "2024.05.03"]',
        '[Round "3.1"]',
        '[WhiteFideId "2500001"]',
        '[BlackFideId "2500002"]',
        '[TimeControl "5400+30"]',
        '[Mode "OTB"]',
        '[GameId "LO24-17"]',
        '[Board "4"]',
        '[ECO "C42"]',
    )
    assert game == PgnGame(
        line=1,
        number=1,
        event="Leinster Open",
        site="Dublin IRL",
        date="2024-05-04",
        event_date="2024-05-03",
        round="3.1",
        white="A",
        black="B",
        result="1-0",
        white_fide_id=2500001,
        black_fide_id=2500002,
        time_control="5400+30",
        mode="otb",
        game_id="LO24-17",
        board=4,
        tag_lines=(
            ("White", 1),
            ("Black", 2),
            ("Result", 3),
            ("Event", 4),
            ("Site", 5),
            ("Date", 6),
            ("EventDate", 7),
            ("Round", 8),
            ("WhiteFideId", 9),
            ("BlackFideId", 10),
            ("TimeControl", 11),
            ("Mode", 12),
            ("GameId", 13),
            ("Board", 14),
            ("ECO", 15),
        ),
    )


def test_absent_optional_tags() -> None:
    game = one()
    assert (game.event, game.site, game.round) == ("?", "?", "?")
    assert (game.date, game.event_date, game.white_fide_id, game.black_fide_id) == (None, None, None, None)
    assert (game.time_control, game.mode, game.game_id, game.board) == (None, None, None, None)
    assert game.line_of("Board") == 1  # no Board tag: the game's first line


def test_line_numbers_skip_comments_blank_lines_and_movetext() -> None:
    file = pgn(
        "% a comment line",  # 1
        "",  # 2
        '[White "A"]',  # 3: game 1
        '[Black "B"]',  # 4
        "",  # 5: one blank line inside the tags is allowed
        '[Result "0-1"]',  # 6
        "",  # 7
        "1. e4 { a comment over",  # 8
        "[%clk 0:10:00] lines } e5 0-1",  # 9: a line of a comment, not a tag pair
        "",  # 10
        "; another comment",  # 11
        '[White "C"]',  # 12: game 2
        '[Black "D"]',  # 13
        '[Result "1/2-1/2"]',  # 14
        "",  # 15
        "1. d4 d5 1/2-1/2",  # 16
    )
    assert [(game.line, game.number, game.white, game.result) for game in file.games] == [
        (3, 1, "A", "0-1"),
        (12, 2, "C", "1/2-1/2"),
    ]
    assert file.games[0].line_of("Result") == 6


def test_empty_text_has_no_games() -> None:
    assert read(io.StringIO("")).games == ()
    assert read(io.StringIO("\n\n% only a comment\n")).games == ()


def test_tag_values_unescaped_and_stripped() -> None:
    game = one('[Event " The \\"Open\\" \\\\ 2024 "]')
    assert game.event == 'The "Open" \\ 2024'


def test_game_without_moves_then_two_blank_lines() -> None:
    file = pgn('[White "A"]', '[Black "B"]', '[Result "*"]', "", "", '[White "C"]', '[Black "D"]', '[Result "1-0"]')
    assert [(game.line, game.white) for game in file.games] == [(1, "A"), (6, "C")]


# --- dates ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (('[Date "2024.05.04"]',), ("2024-05-04", None)),
        (('[Date "2024.05.04"]', '[EventDate "2024.05.01"]'), ("2024-05-04", "2024-05-01")),
        (('[Date "2024.05.??"]', '[EventDate "2024.05.01"]'), ("2024-05-01", "2024-05-01")),
        (('[Date "????.??.??"]', '[EventDate "2024.05.01"]'), ("2024-05-01", "2024-05-01")),
        (('[Date "?"]', '[EventDate "2024.05.01"]'), ("2024-05-01", "2024-05-01")),
        (('[EventDate "2024.05.01"]',), ("2024-05-01", "2024-05-01")),
        (('[Date "2024.??.??"]', '[EventDate "2024.05.??"]'), (None, None)),
        (('[Date "-"]', '[EventDate ""]'), (None, None)),
        (('[Date "2024.02.29"]',), ("2024-02-29", None)),
    ],
)
def test_dates(tags: tuple[str, ...], expected: tuple[str | None, str | None]) -> None:
    game = one(*tags)
    assert (game.date, game.event_date) == expected


@pytest.mark.parametrize(
    "value",
    ["2024-05-04", "2024/05/04", "24.05.04", "2024.5.4", "2024.13.01", "2024.00.10", "2023.02.29", "2024.04.31"],
)
def test_bad_date(value: str) -> None:
    error = refused_tag(f'[Date "{value}"]')
    assert error.line == 4
    assert str(error).startswith(f"line 4: Date '{value}' is not a")


def test_bad_event_date_names_its_line() -> None:
    error = refused('[White "A"]', '[Black "B"]', '[EventDate "2024.??.32"]', '[Result "1-0"]')
    assert str(error) == "line 3: EventDate '2024.??.32' is not a calendar date"


def test_parse_date() -> None:
    assert parse_date("1997.??.??") is None
    assert parse_date("2023.04.09") == "2023-04-09"


# --- results and required tags ---------------------------------------------------------------------


@pytest.mark.parametrize("result", ["1-0", "0-1", "1/2-1/2", "*"])
def test_results(result: str) -> None:
    (game,) = pgn('[White "A"]', '[Black "B"]', f'[Result "{result}"]').games
    assert game.result == result
    assert game.finished is (result != "*")


@pytest.mark.parametrize("result", ["1-1", "½-½", "0-0", "", "?", "1/2"])
def test_bad_result(result: str) -> None:
    error = refused('[Event "E"]', '[White "A"]', '[Black "B"]', f'[Result "{result}"]', "", "1. e4 *")
    assert error.line == 4
    assert f"Result {result!r} is not one of 1-0, 0-1, 1/2-1/2, *" in str(error)


def test_unfinished_games_counted_and_kept() -> None:
    file = pgn(
        *('[White "A"]', '[Black "B"]', '[Result "*"]', "", "1. e4 *", ""),
        *('[White "A"]', '[Black "C"]', '[Result "1-0"]', "", "1. e4 1-0", ""),
        *('[White "C"]', '[Black "B"]', '[Result "*"]', "", "*"),
    )
    assert len(file.games) == 3
    assert file.unfinished == 2
    assert [(game.line, game.black) for game in file.finished_games] == [(7, "C")]


@pytest.mark.parametrize(
    ("missing", "lines"), [("White", ('[Black "B"]', '[Result "1-0"]')), ("Result", ('[White "A"]', '[Black "B"]'))]
)
def test_required_tag_missing(missing: str, lines: tuple[str, ...]) -> None:
    error = refused("", '[Event "E"]', *lines, "", "1. e4 1-0")
    assert str(error) == f"line 2: the game from this line has no {missing} tag"


def test_movetext_without_tags() -> None:
    error = refused('[White "A"]', '[Black "B"]', '[Result "1-0"]', "", "1. e4 1-0", "", "", "1. d4 1-0")
    # issue 22 §3: refused at its first line, before python-chess would skip a movetext of any length
    assert str(error) == (
        "line 8: the game from this line has no tag pairs ('1. d4 1-0'): a PGN game starts with [Name \"value\"] lines"
    )


# --- FIDE ids, time control, mode, board, GameId ---------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"), [("", None), ("0", None), ("?", None), ("-", None), ("04168119", 4168119)]
)
def test_fide_ids(value: str, expected: int | None) -> None:
    game = one(f'[WhiteFideId "{value}"]', f'[BlackFideId "{value}"]')
    assert (game.white_fide_id, game.black_fide_id) == (expected, expected)


@pytest.mark.parametrize("value", ["stockfish", "-5", "1000000000", "12 34", "2.5"])
def test_bad_fide_id(value: str) -> None:
    error = refused_tag(f'[BlackFideId "{value}"]')
    assert error.line == 4
    assert str(error).startswith(f"line 4: BlackFideId: FIDE id {value!r} is not a whole number")


@pytest.mark.parametrize(
    ("value", "expected"),
    [("?", None), ("-", None), ("", None), ("5400+30", "5400+30"), ("40/7200:3600", "40/7200:3600"), ("*180", "*180")],
)
def test_time_control(value: str, expected: str | None) -> None:
    assert one(f'[TimeControl "{value}"]').time_control == expected


@pytest.mark.parametrize("value", ["10+0.05", "90 min", "G/60", "40/7200:"])
def test_bad_time_control(value: str) -> None:
    error = refused_tag(f'[TimeControl "{value}"]')
    assert str(error).startswith(f"line 4: TimeControl: time control {value!r} is not in PGN TimeControl form")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("OTB", "otb"),
        ("PM", "email"),
        ("EM", "email"),
        ("TC", "email"),
        ("ICS", "online"),
        ("otb", "otb"),
        ("?", None),
        ("-", None),
        ("", None),
    ],
)
def test_mode(value: str, expected: str | None) -> None:
    assert one(f'[Mode "{value}"]').mode == expected


@pytest.mark.parametrize("value", ["CORR", "blitz", "O.T.B."])
def test_unknown_mode(value: str) -> None:
    error = refused_tag(f'[Mode "{value}"]')
    assert str(error) == f"line 4: Mode {value!r} is not one of OTB, PM, EM, TC, ICS (PGN standard §9.9.2)"


@pytest.mark.parametrize("value", ["Standard", "standard", "Chess", "Normal", "?", "-", ""])
def test_standard_chess_variant(value: str) -> None:
    assert one(f'[Variant "{value}"]').white == "A"


@pytest.mark.parametrize("value", ["Crazyhouse", "Chess960", "From Position", "Atomic", "Three-check", "Suicide"])
def test_a_variant_is_refused(value: str) -> None:
    """Lichess writes the variant of every game it exports (``[Variant "Crazyhouse"]``), chess.com its Chess960
    games; none is rated here (before, they were rated as chess)."""
    error = refused_tag(f'[Variant "{value}"]')
    assert str(error) == f"line 4: Variant {value!r} is not standard chess: the ledger rates standard chess games only"


@pytest.mark.parametrize(("value", "expected"), [("7", 7), ("?", None), ("-", None), ("", None)])
def test_board(value: str, expected: int | None) -> None:
    assert one(f'[Board "{value}"]').board == expected


@pytest.mark.parametrize("value", ["0", "x", "-3", "1.5"])
def test_bad_board(value: str) -> None:
    assert str(refused_tag(f'[Board "{value}"]')) == f"line 4: Board {value!r} is not a whole number from 1"


@pytest.mark.parametrize(("value", "expected"), [("ab-12", "ab-12"), ("?", None), ("-", None), ("", None)])
def test_game_id_tag(value: str, expected: str | None) -> None:
    assert one(f'[GameId "{value}"]').game_id == expected


# --- tag pairs the reader cannot take; not UTF-8 --------------------------------------------------


@pytest.mark.parametrize("line", ['[Event "unterminated]', "[Event Open]", '[ "no name"]', '[Event "a"] [Site "b"'])
def test_malformed_tag_pair(line: str) -> None:
    error = refused('[White "A"]', '[Black "B"]', line, '[Result "1-0"]')
    assert error.line == 3
    assert str(error).endswith('is not a tag pair [Name "value"]')


def test_tag_given_twice_names_both_lines() -> None:
    # A game without movetext and one blank line: python-chess would merge it with the next.
    error = refused('[White "A"]', '[Black "B"]', '[Result "*"]', "", '[White "C"]', '[Black "D"]', '[Result "*"]')
    assert (error.line, error.other_line) == (1, 5)
    assert str(error).startswith("lines 1 and 5: tag White given twice in one game")


def test_tag_pair_inside_movetext() -> None:
    error = refused('[White "A"]', '[Black "B"]', '[Result "1-0"]', "", "1. e4 1-0", '[White "C"]', '[Black "D"]')
    assert str(error).startswith("line 6: tag pair White inside the movetext of the game from line 1")


def test_not_utf8() -> None:
    data = b'[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n\n[White "M\xfcller"]\n[Black "B"]\n[Result "*"]\n'
    handle = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    with pytest.raises(PgnError) as caught:
        read(handle)
    assert caught.value.line == 1  # the stream decodes in blocks: this small file fails on its first read
    assert "is not UTF-8 text" in str(caught.value)
    # Opened as Latin-1 by the caller, the same bytes read.
    latin = read(io.TextIOWrapper(io.BytesIO(data), encoding="latin-1"))
    assert latin.games[1].white == "Müller"


# --- game ids and event keys ------------------------------------------------------------------------


def test_game_id_rules() -> None:
    base = one('[Event "Open"]', '[Round "3"]')
    assert game_id(base, "OPEN") == "OPEN-R3"
    assert game_id(base._replace(board=12), "OPEN") == "OPEN-R3-B12"
    assert game_id(base._replace(round="3.1"), "OPEN") == "OPEN-R3.1"
    assert game_id(base._replace(round="-", number=9), "OPEN") == "OPEN-G9"
    assert game_id(base._replace(round="?", number=2, board=5), "OPEN") == "OPEN-G2"
    assert game_id(base._replace(game_id="X-1", board=5), "OPEN") == "X-1"


def test_game_ids_refuse_two_games_with_one_id() -> None:
    file = pgn(
        *('[White "A"]', '[Black "B"]', '[Result "1-0"]', '[Round "1"]', '[Board "1"]', "", "1-0", ""),  # 1-8
        *('[White "C"]', '[Black "D"]', '[Result "1-0"]', '[Round "1"]', '[Board "2"]', "", "1-0", ""),  # 9-16
        *('[White "E"]', '[Black "F"]', '[Result "0-1"]', '[Round "1"]', '[Board "1"]', "", "0-1"),  # 17-23
    )
    assert game_ids(file.games[:2], "E") == ("E-R1-B1", "E-R1-B2")
    with pytest.raises(PgnError) as caught:
        game_ids(file.games, "E")
    assert (
        str(caught.value) == "lines 1 and 17: two games would have the id 'E-R1-B1' (give each a GameId or a Board tag)"
    )


def test_event_key() -> None:
    game = one('[Event "Open"]', '[Site "Cork"]', '[EventDate "2024.06.01"]', '[Date "2024.06.02"]')
    assert event_key(game) == ("Open", "Cork", "2024-06-01")
    assert event_key(one('[Event "Open"]')) == ("Open", "?", None)


def test_read_one() -> None:
    assert read_one('[White "A"]\n[Black "B"]\n[Result "1-0"]\n').white == "A"
    with pytest.raises(PgnError, match="0 games where one was expected"):
        read_one("")
