"""Issue 22 §3: every reader of a user's file streams, refuses a line over its limit after reading no more than
the limit, and refuses a file not of its kind within its first lines; issue 22 §5: a TRF cut before its points,
a FIDE id listed twice.

The fast tests read files of a few hundred KiB in memory and check how far the reader read before refusing
(``tell()``); the slow ones run the CLI on a gigabyte (``benchmarks.readers``) and measure it.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from benchmarks import readers as bench
from ledger import fide_list, imports, lines, pgn, trf
from ledger.errors import FileLineError, ImportRowError
from ledger.fide_list import FideListError
from ledger.lines import LineReader

RANDOM = random.Random(22).randbytes(300_000)
"""Seeded random bytes: ``\\x08`` is the first control byte of the first line (line 1 holds no NUL)."""
LONG = b"a" * 200_000
"""One line of 200,000 bytes, no newline."""


def endless(head: str, block: str, size: int = 10_000_000) -> io.BytesIO:
    """``head`` then ``block`` repeated to ``size`` bytes: a file the reader must refuse long before its end."""
    return io.BytesIO((head + block * (size // len(block))).encode())


# --- the line reader -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [b"", b"a", b"a\n", b"a\r\nb", b"a\rb\r", b"\r\n\r\n", b"abcdef\r\nabcdef\rabcdef\n", b"\xef\xbb\xbfab\n\rc"],
)
def test_lines_are_those_of_a_text_file(data: bytes) -> None:
    """Universal newlines, endings kept, a leading BOM dropped: as ``open(..., newline="")`` reads them."""
    expected = list(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig", newline=""))
    assert list(LineReader(io.BytesIO(data), limit=6)) == expected


def test_a_cr_lf_cut_by_a_read_is_one_ending() -> None:
    # The limit is 4: the first read takes "abcd\r" (limit + 2 = 6 bytes at most: "abcd\r\n" would fit).
    assert list(LineReader(io.BytesIO(b"abc\r\nxyz\r\n"), limit=3)) == ["abc\r\n", "xyz\r\n"]


def test_a_long_line_is_refused_after_the_limit_is_read() -> None:
    handle = io.BytesIO(b"ok\n" * 2 + LONG)
    reader = LineReader(handle, limit=4096, kind="a test file")
    with pytest.raises(FileLineError, match=r"^line 3: the line is longer than 4,096 bytes: not a test file$"):
        list(reader)
    assert handle.tell() <= 6 + 4098


def test_a_long_line_of_lone_crs_is_still_lines() -> None:
    assert len(list(LineReader(io.BytesIO(b"ab\r" * 100_000), limit=8))) == 100_000


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"fine\nnul \x00 here\n", "line 2: the line holds a NUL byte: not a text file"),
        (b"\x1b[0m\n", "line 1: the line holds the control byte 0x1b: not a text file"),
        (b"ok\nCaf\xe9\n", "line 2: not UTF-8 text (invalid continuation byte)"),
    ],
)
def test_bytes_that_are_not_text_are_refused_with_their_line(data: bytes, message: str) -> None:
    with pytest.raises(FileLineError, match=f"^{re.escape(message)}$"):
        list(LineReader(io.BytesIO(data), limit=100))


def test_tab_form_feed_and_dos_end_of_file_are_text() -> None:
    assert list(LineReader(io.BytesIO(b"a\tb\x0c\x1a\n"), limit=100)) == ["a\tb\x0c\x1a\n"]


def test_a_file_over_its_size_is_refused() -> None:
    with pytest.raises(FileLineError, match=r"^line 3: the file is longer than 10 bytes: not a report$"):
        list(LineReader(io.BytesIO(b"1234\n1234\n1234\n"), limit=100, max_bytes=10, kind="a report"))


# --- TRF -------------------------------------------------------------------------------------------------------

TRF_HEAD = "012 Open\n042 2024/03/01\n"
PLAYER = "001    1 w    " + "Doe, Jane".ljust(33) + " 1500 IRL     4100011 1990/01/01  1.0    1     2 w 1"


def test_trf_random_bytes_are_refused_at_line_1() -> None:
    handle = io.BytesIO(RANDOM)
    with pytest.raises(trf.TrfError, match=r"^line 1: the line holds the control byte 0x08: not a text file$"):
        trf.read(handle)
    assert handle.tell() < 4098


def test_trf_one_long_line_is_refused_after_4_kib() -> None:
    handle = io.BytesIO(b"012 " + LONG)
    with pytest.raises(trf.TrfError, match=r"^line 1: the line is longer than 4,096 bytes: not a tournament report"):
        trf.read(handle)
    assert handle.tell() <= trf.MAX_LINE + 2


def test_trf_error_at_line_3_is_refused_as_read() -> None:
    handle = endless(TRF_HEAD + "001 oops\n", PLAYER + "\n")
    with pytest.raises(trf.TrfError, match=r"^line 3: a player line \(001\) that ends at column 8, without its"):
        trf.read(handle)
    assert handle.tell() < 65536


def test_trf_not_a_report_is_refused_within_its_first_20_lines() -> None:
    prose = "".join(f"This is line {n} of a letter.\n" for n in range(1, 40))
    with pytest.raises(trf.TrfError, match=r"^line 20: none of the first 20 lines is a TRF record \(012, 001...\)"):
        trf.read(io.BytesIO(prose.encode()))
    with pytest.raises(trf.TrfError, match=r"^line 3: no line of the file is a TRF record"):
        trf.read(io.BytesIO(b"Dear officer,\n\nthe results follow.\n"))
    # Records after a few lines of something else (comments, a blank start) are read.
    assert trf.read(io.BytesIO(("### Swiss-Manager\n\n" + TRF_HEAD + PLAYER + "\n").encode())).event.name == "Open"


def test_trf_over_4_mib_is_refused() -> None:
    handle = endless(TRF_HEAD, "### a comment line, repeated\n", 5 * 1048576)
    with pytest.raises(trf.TrfError, match=r"the file is longer than 4 MiB: not a tournament report \(TRF\)$"):
        trf.read(handle)


def test_trf_latin_1_lines_are_read_as_such() -> None:
    data = "012 Café Open\n".encode("latin-1") + PLAYER.replace("Doe, Jane ", "Doe, Chloë").encode() + b"\n"
    parsed = trf.read(io.BytesIO(data))
    assert (parsed.event.name, parsed.players[0].name) == ("Café Open", "Doe, Chloë")


def test_trf_cut_at_column_60_is_refused() -> None:
    """Issue 22 §5: every 001 line without its results registered the players and recorded no game."""
    text = (Path(__file__).parents[2] / "examples" / "summer-open.trf").read_text()
    cut = "\n".join(line[:60] for line in text.splitlines())
    first = next(number for number, line in enumerate(text.splitlines(), start=1) if line.startswith("001"))
    with pytest.raises(trf.TrfError, match=rf"^line {first}: a player line \(001\) that ends at column 60, without"):
        trf.parse(cut)


def test_trf_player_line_with_blank_points_is_refused() -> None:
    blank = PLAYER[:80] + "    " + PLAYER[84:]
    with pytest.raises(trf.TrfError, match=r"^line 2: a player line \(001\) that has no points"):
        trf.parse(TRF_HEAD.split("\n")[0] + "\n" + blank)


# --- PGN -------------------------------------------------------------------------------------------------------

GAME = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'


def test_pgn_random_bytes_are_refused_at_line_1() -> None:
    with pytest.raises(pgn.PgnError, match=r"^line 1: the line holds the control byte 0x08: not a text file$"):
        pgn.read_binary(io.BytesIO(RANDOM))


def test_pgn_one_long_line_is_refused_after_1_mib() -> None:
    handle = io.BytesIO(b"[Event " + b"x" * (2 * 1048576))
    with pytest.raises(pgn.PgnError, match=r"^line 1: the line is longer than 1 MiB: not a PGN file$"):
        pgn.read_binary(handle)
    assert handle.tell() <= pgn.MAX_LINE + 2


def test_pgn_error_at_line_3_is_refused_as_read() -> None:
    handle = endless('[Event "E"]\n[Site "S"]\n[Round "1" oops\n', GAME)
    with pytest.raises(pgn.PgnError, match=r"^line 3: '\[Round \"1\" oops' is not a tag pair"):
        pgn.read_binary(handle)
    assert handle.tell() < 65536


def test_pgn_text_without_tags_is_refused_at_its_first_line() -> None:
    handle = endless("\n% a comment\n", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n")
    with pytest.raises(pgn.PgnError, match=r"^line 3: the game from this line has no tag pairs \('1. e4 e5"):
        pgn.read_binary(handle)
    assert handle.tell() < 65536


def test_pgn_a_game_over_its_size_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pgn, "MAX_GAME", 1000)
    handle = endless(GAME + '[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n', "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n")
    with pytest.raises(pgn.PgnError, match=r"^line 7: the game from this line is longer than 1,000 characters$"):
        pgn.read_binary(handle)
    assert handle.tell() < 2000


def test_pgn_more_games_than_its_bound_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pgn, "MAX_GAMES", 3)
    assert len(pgn.read_binary(endless("", GAME, 3 * len(GAME))).games) == 3
    handle = endless("", GAME)
    with pytest.raises(pgn.PgnError, match=r"^line 19: a game after the first 3: split the file \(at most 3 games\)$"):
        pgn.read_binary(handle)
    assert handle.tell() < 1000


def test_pgn_binary_reads_as_text() -> None:
    games = pgn.read_binary(io.BytesIO(("\ufeff" + GAME + GAME.replace('"A"', '"Zoë"')).encode())).games
    assert [(game.line, game.white) for game in games] == [(1, "A"), (7, "Zoë")]


# --- CSV -------------------------------------------------------------------------------------------------------

HEADER = ",".join(imports.PLAYER_COLUMNS)


def rows(handle: io.BytesIO) -> list[tuple[int, dict[str, str]]]:
    return list(imports.read_rows(imports.csv_lines(handle), imports.PLAYER_COLUMNS, imports.PLAYER_OPTIONAL))


def test_csv_random_bytes_are_refused_at_line_1() -> None:
    with pytest.raises(ImportRowError, match=r"^line 1: not UTF-8 text \(invalid start byte\)$"):
        rows(io.BytesIO(RANDOM))
    with pytest.raises(ImportRowError, match=r"^line 1: the file is not UTF-8 text; save it as UTF-8"):
        imports.count_lines(io.BytesIO(RANDOM))


def test_csv_one_long_line_is_refused_after_1_mib() -> None:
    handle = io.BytesIO(HEADER.encode() + b"\n" + b"a" * (2 * 1048576))
    with pytest.raises(ImportRowError, match=r"^line 2: the line is longer than 1 MiB: not a CSV file$"):
        rows(handle)
    assert handle.tell() <= len(HEADER) + 1 + imports.MAX_LINE + 2


def test_csv_a_long_cell_is_still_named_as_such() -> None:
    with pytest.raises(ImportRowError, match=r"^line 2: a cell holds more than 131,072 characters"):
        rows(io.BytesIO(f"{HEADER}\nP1,{'x' * 200_000},IE,,,\n".encode()))


def test_csv_error_at_line_3_is_refused_as_read() -> None:
    handle = endless(f"{HEADER}\nP1,Anna,IE,,,\nP2,Bob\n", "P3,Carla,IE,,,\n")
    with pytest.raises(ImportRowError, match=r"^line 3: 2 cells where the header has 6$"):
        rows(handle)
    assert handle.tell() < 65536


def test_csv_without_its_header_is_refused_at_line_1() -> None:
    with pytest.raises(ImportRowError, match=r"^line 1: missing columns: player"):
        rows(endless("", "P3,Carla,IE,1500,fide,10\n"))


def test_count_lines_reads_in_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(imports, "_BLOCK", 4)  # "é" and "€" are cut by the blocks
    assert imports.count_lines(io.BytesIO("\ufeffab\ncé\n€€€\nlast".encode())) == 4
    assert imports.count_lines(io.BytesIO(b"")) == 0
    with pytest.raises(ImportRowError, match=r"^line 3: the file is not UTF-8 text"):
        imports.count_lines(io.BytesIO(b"ab\ncd\nef\xff\n"))
    with pytest.raises(ImportRowError, match=r"^line 2: the file is not UTF-8 text"):
        imports.count_lines(io.BytesIO(b"ab\n\xc3"))  # a character cut by the end of the file


# --- FIDE lists ------------------------------------------------------------------------------------------------


def fide_file(tmp_path: Path, data: bytes, name: str = "list.txt") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_fide_txt_random_and_long_lines_are_refused(tmp_path: Path) -> None:
    with pytest.raises(FideListError, match=r": line 1: the line holds the control byte 0x08: not a text file$"):
        list(fide_list.read(fide_file(tmp_path, RANDOM)))
    with pytest.raises(FideListError, match=r": line 1: the line is longer than 4,096 bytes: not FIDE's rating list$"):
        list(fide_list.read(fide_file(tmp_path, b"ID Number " + LONG)))


def test_fide_txt_error_at_line_3(tmp_path: Path) -> None:
    data = endless(bench.TXT_HEADER + "\n" + bench._fide_line("4100011") + "\nnotanid\n", "x" * 161 + "\n")
    with pytest.raises(FideListError, match=r": line 3: FIDE id 'notanid' is not a positive whole number$"):
        list(fide_list.read(fide_file(tmp_path, data.getvalue())))


def test_fide_id_listed_twice_is_refused_naming_both_lines(tmp_path: Path) -> None:
    """Issue 22 §5: the second of two lines of one id silently replaced the first."""
    lines_of = [bench._fide_line(fide_id) for fide_id in ("4100011", "4100029", "4100011")]
    path = fide_file(tmp_path, "\n".join([bench.TXT_HEADER, *lines_of]).encode())
    with pytest.raises(FideListError, match=r": lines 2 and 4: FIDE id 4100011 is on the list twice$"):
        list(fide_list.read(path, once={4100011}))
    assert len(list(fide_list.read(path, once={4100029}))) == 3  # only the ids asked for are remembered
    xml = "<playerslist>\n" + "".join(bench._xml_player(i) for i in ("4100011", "4100029", "4100029"))
    with pytest.raises(FideListError, match=r": players 2 and 3: FIDE id 4100029 is on the list twice$"):
        list(fide_list.read(fide_file(tmp_path, (xml + "</playerslist>\n").encode(), "list.xml"), once={4100029}))


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE playerslist [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<playerslist><player><fideid>1</fideid><name>&lol9;</name></player></playerslist>
"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE playerslist [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<playerslist><player><fideid>1</fideid><name>&secret;</name></player></playerslist>
"""


@pytest.mark.parametrize("data", [BILLION_LAUGHS, EXTERNAL])
def test_fide_xml_refuses_a_dtd_at_once(data: bytes) -> None:
    with pytest.raises(FideListError, match=r"^XML line 2: a <!DOCTYPE> declaration: FIDE's list has none"):
        list(fide_list.read_xml(io.BytesIO(data)))


def test_fide_xml_refuses_an_undeclared_entity() -> None:
    data = b"<playerslist><player><fideid>1</fideid><name>&lol9;</name></player></playerslist>"
    with pytest.raises(FideListError, match=r"^XML line 1: column \d+: not well-formed XML \(undefined entity\)$"):
        list(fide_list.read_xml(io.BytesIO(data)))


def test_fide_xml_refuses_a_long_value_as_it_is_read() -> None:
    handle = io.BytesIO(b"<playerslist><player><fideid>1</fideid><name>" + b"a" * 10_000_000)
    with pytest.raises(FideListError, match=r"^XML line 1: a value longer than 1,000 characters$"):
        list(fide_list.read_xml(handle))
    assert handle.tell() == 65536


@pytest.mark.parametrize(
    "data",
    [
        b"<playerslist><player><" + b"a" * 10_000_000,  # a name without end
        b"<playerslist>" + b"<other>text</other>" * 500_000,  # no player at all
        b"<playerslist><player>" + b"<x>1</x>" * 2_000_000,  # a player without end
    ],
)
def test_fide_xml_refuses_64_kib_without_a_player(data: bytes) -> None:
    handle = io.BytesIO(data)
    with pytest.raises(FideListError, match=r"^player 1: over 64 KiB of XML without the end of a <player>"):
        list(fide_list.read_xml(handle))
    assert handle.tell() <= fide_list.MAX_XML_PLAYER + 65536


def test_fide_xml_random_bytes() -> None:
    with pytest.raises(FideListError, match=r"^XML line 1: column 2: not well-formed XML"):
        list(fide_list.read_xml(io.BytesIO(b"<" + RANDOM)))


def test_fide_xml_refuses_a_nested_player() -> None:
    with pytest.raises(FideListError, match=r"^XML line 1: a <player> inside another element$"):
        list(fide_list.read_xml(io.BytesIO(b"<playerslist><group><player></player></group></playerslist>")))


def test_line_limits_are_documented() -> None:
    assert (trf.MAX_LINE, pgn.MAX_LINE, imports.MAX_LINE, fide_list.MAX_TXT_LINE) == (4096, 1048576, 1048576, 4096)
    assert lines.megabytes(1048576) == "1 MiB" and lines.megabytes(4096) == "4,096 bytes"


# --- a gigabyte, through the CLI -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind", bench.KINDS)
@pytest.mark.parametrize("reader", bench.READERS, ids=[reader.name for reader in bench.READERS])
def test_a_gigabyte_is_refused_in_bounded_memory(tmp_path: Path, reader: bench.Reader, kind: str) -> None:
    """Issue 22 §3: 1 GiB of random bytes, of one line, of lines of the reader's kind wrong at line 3."""
    row = bench.run_case(tmp_path, reader, kind, bench.SIZE)
    assert row["status"] == 1
    assert isinstance(row["message"], str) and reader.messages[kind] in row["message"]
    assert "Traceback" not in row["message"] and len(row["message"].splitlines()) == 1
    assert isinstance(row["peak_mb"], float) and row["peak_mb"] <= 300
    assert isinstance(row["seconds"], float) and row["seconds"] <= 30
    assert not list(tmp_path.glob("*.dat"))
