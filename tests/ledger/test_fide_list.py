"""FIDE rating list readers: excerpts in the published XML and TXT layouts, values read by eye."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from ledger.fide_list import FideEntry, FideListError, FideRating, read, read_txt, read_xml

# The combined list's header, as in players_list_foa.txt (162 characters; the module docstring names the sources).
HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
    "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
CARLSEN = (
    "1503014        Carlsen, Magnus                                              NOR M   GM                           "
    "2823  0   10 2801  12  10 2860  0   10 1990      "
)
# The legacy header (no FOA) and a real line of it, from gitpan/Chess-FIDE t/02-FIDE.t.
LEGACY_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
    "SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
DOSHTAGIR = (
    "10207538       A E M, Doshtagir                                             BAN M                            "
    "1840  0   40 1836  0   20 1860  0   20 1974      "
)

# 0-based starts of the combined list's columns, from the published layout (not from the reader).
STARTS = {"id": 0, "name": 15, "fed": 76, "sex": 80, "tit": 84, "wtit": 89, "otit": 94, "foa": 109}
STARTS |= {"sr": 113, "sg": 119, "sk": 123, "rr": 126, "rg": 132, "rk": 136, "br": 139, "bg": 145, "bk": 149}
STARTS |= {"bday": 152, "flag": 158}


def fixed(**values: str) -> str:
    """A 162-column line with each value left-aligned at its column's start."""
    line = [" "] * 162
    for key, value in values.items():
        start = STARTS[key]
        line[start : start + len(value)] = value
    return "".join(line)


def test_header_and_lines_are_laid_out_as_published() -> None:
    assert len(HEADER) == len(CARLSEN) == 162
    assert HEADER.index("SRtng") == CARLSEN.index("2823") == 113
    assert (
        fixed(id="1503014", name="Carlsen, Magnus", fed="NOR", sex="M", tit="GM", sr="2823", sg="0", sk="10")[:126]
        == CARLSEN[:126]
    )


# --- TXT ---------------------------------------------------------------------------------------


def txt(*lines: str, header: str = HEADER, newline: str = "\n") -> io.StringIO:
    return io.StringIO(newline.join((header, *lines)) + newline, newline=None)


def test_txt_combined_list() -> None:
    woman = fixed(id="4100011", name="Fictitious, Anna", fed="IRL", sex="F", tit="WIM", wtit="WIM", otit="FA")
    woman = woman[:113] + fixed(sr="2105", sg="9", sk="20", rr="0", rg="0", rk="20", br="0", flag="wi")[113:]
    junior = fixed(id="4100020", name="Byrne, Brendan", fed="IRL", sex="M", sr="1456", sg="7", sk="40", bday="2012")
    entries = list(read_txt(txt(CARLSEN, woman, "", junior)))
    assert entries == [
        FideEntry(
            line=2,
            fide_id=1503014,
            name="Carlsen, Magnus",
            federation="NOR",
            sex="M",
            title="GM",
            born="1990",
            flag=None,
            standard=FideRating(2823, 0, 10),
            rapid=FideRating(2801, 12, 10),
            blitz=FideRating(2860, 0, 10),
        ),
        FideEntry(3, 4100011, "Fictitious, Anna", "IRL", "F", "WIM", None, "wi", FideRating(2105, 9, 20), None, None),
        FideEntry(5, 4100020, "Byrne, Brendan", "IRL", "M", None, "2012", None, FideRating(1456, 7, 40), None, None),
    ]


def test_txt_legacy_list_and_crlf() -> None:
    (entry,) = read_txt(txt(DOSHTAGIR, header=LEGACY_HEADER, newline="\r\n"))
    assert entry == FideEntry(
        2,
        10207538,
        "A E M, Doshtagir",
        "BAN",
        "M",
        None,
        "1974",
        None,
        FideRating(1840, 0, 40),
        FideRating(1836, 0, 20),
        FideRating(1860, 0, 20),
    )


ONE_RATING_HEADER = HEADER[:113] + "OCT26 Gms K  B-day Flag"


def test_txt_one_rating_list_takes_its_kind() -> None:
    line = CARLSEN[:113] + "2823  0   10 1990      "
    (entry,) = read_txt(txt(line, header=ONE_RATING_HEADER), kind="rapid")
    assert (entry.standard, entry.rapid, entry.blitz, entry.born) == (None, FideRating(2823, 0, 10), None, "1990")
    with pytest.raises(FideListError, match=r"^line 1: a one-rating list \(OCT26\): say which rating it holds$"):
        list(read_txt(txt(line, header=ONE_RATING_HEADER)))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (fixed(id="41000X1", name="Doe, John", sr="2000"), "line 3: FIDE id '41000X1' is not a positive whole number"),
        (fixed(id="0", name="Doe, John", sr="2000"), "line 3: FIDE id '0' is not a positive whole number"),
        (fixed(id="4100030", name="Doe, John", sr="3501"), "line 3: standard rating 3501 is outside 0..3500"),
        (fixed(id="4100030", name="Doe, John", rr="2l00"), "line 3: rapid rating '2l00' is not a whole number"),
        (fixed(id="4100030", name="Doe, John", bg="x"), "line 3: blitz games 'x' is not a whole number"),
        (fixed(id="4100030", name="Doe, John", bday="19x0"), "line 3: birth year '19x0' is not a year"),
        (fixed(id="4100030", name="  "), "line 3: FIDE id 4100030 has no name"),
        (fixed(id="4100030", name="Doe, John", sr="20", sg="1 2"), "line 3: standard '1 2' at column 120 runs into"),
    ],
)
def test_txt_refusals_name_the_line(line: str, message: str) -> None:
    entries = read_txt(txt(CARLSEN, line))
    assert next(entries).fide_id == 1503014
    with pytest.raises(FideListError, match="^" + message.replace("(", r"\(").replace(")", r"\)")) as raised:
        next(entries)
    assert raised.value.line == 3


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("Name Fed SRtng", "line 1: not a FIDE rating list: the header has no 'ID Number' and 'Name' columns"),
        ("ID Number      Name      Fed", "line 1: not a FIDE rating list: the header names no rating column"),
    ],
)
def test_txt_refuses_an_unknown_header(header: str, message: str) -> None:
    with pytest.raises(FideListError, match="^" + message):
        list(read_txt(txt(CARLSEN, header=header)))


def test_txt_refuses_an_empty_file() -> None:
    with pytest.raises(FideListError, match=r"^line 1: empty file: no header line$"):
        list(read_txt(io.StringIO("")))


# --- XML ---------------------------------------------------------------------------------------

PLAYER = (
    "<player><fideid>{id}</fideid><name>{name}</name><country>{fed}</country><sex>{sex}</sex>"
    "<title>{title}</title><w_title></w_title><o_title></o_title><foa_title></foa_title>"
    "<rating>{sr}</rating><games>{sg}</games><k>{sk}</k>"
    "<rapid_rating>{rr}</rapid_rating><rapid_games>{rg}</rapid_games><rapid_k>{rk}</rapid_k>"
    "<blitz_rating>{br}</blitz_rating><blitz_games>{bg}</blitz_games><blitz_k>{bk}</blitz_k>"
    "<birthday>{born}</birthday><flag>{flag}</flag></player>\n"
)
DEFAULTS = {"id": "4100011", "name": "Fictitious, Anna", "fed": "IRL", "sex": "F", "title": "", "flag": ""}
DEFAULTS |= {"sr": "0", "sg": "0", "sk": "", "rr": "0", "rg": "0", "rk": "", "br": "0", "bg": "0", "bk": ""}
DEFAULTS |= {"born": "0"}


def player(**values: str) -> str:
    return PLAYER.format(**(DEFAULTS | values))


def xml(*players: str) -> bytes:
    return ("<playerslist>\n" + "".join(players) + "</playerslist>\n").encode()


def test_xml_combined_list() -> None:
    carlsen = player(
        id="1503014",
        name="Carlsen, Magnus",
        fed="NOR",
        sex="M",
        title="GM",
        sr="2823",
        sk="10",
        rr="2801",
        rg="12",
        rk="10",
        br="2860",
        bk="10",
        born="1990",
    )
    anna = player(title="WIM", sr="2105", sg="9", sk="20", flag="wi")
    assert list(read_xml(io.BytesIO(xml(carlsen, anna)))) == [
        FideEntry(
            1,
            1503014,
            "Carlsen, Magnus",
            "NOR",
            "M",
            "GM",
            "1990",
            None,
            FideRating(2823, 0, 10),
            FideRating(2801, 12, 10),
            FideRating(2860, 0, 10),
        ),
        FideEntry(2, 4100011, "Fictitious, Anna", "IRL", "F", "WIM", None, "wi", FideRating(2105, 9, 20), None, None),
    ]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (player(id="41000X1"), "player 2: FIDE id '41000X1' is not a positive whole number"),
        (player(sr="3600"), "player 2: standard rating 3600 is outside 0..3500"),
        (player(bk="ten", br="1500"), "player 2: blitz K 'ten' is not a whole number"),
        (player(id=""), "player 2: FIDE id '' is not a positive whole number"),
    ],
)
def test_xml_refusals_name_the_player(bad: str, message: str) -> None:
    with pytest.raises(FideListError, match="^" + message + "$"):
        list(read_xml(io.BytesIO(xml(player(), bad))))


def test_xml_refuses_malformed_xml_naming_its_line() -> None:
    broken = xml(player(), player(name="Smith & Jones"))  # an unescaped & on the third line
    with pytest.raises(FideListError, match=r"^XML line 3: column \d+: not well-formed XML"):
        list(read_xml(io.BytesIO(broken)))


def test_xml_refuses_another_root() -> None:
    with pytest.raises(FideListError, match=r"^the root element is <players>, not FIDE's <playerslist>$"):
        list(read_xml(io.BytesIO(b"<players>" + player().encode() + b"</players>")))


def test_xml_is_read_as_a_stream() -> None:
    """Issue 22 §3: players are yielded as their block of 64 KiB is parsed; no tree of the file is built."""
    handle = io.BytesIO(xml(*(player(id=str(4100000 + n)) for n in range(1, 2001))))
    entries = read_xml(handle)
    assert next(entries).fide_id == 4100001
    assert handle.tell() == 65536 < len(handle.getvalue())  # 2,000 players take some 900 KiB
    assert sum(1 for _ in entries) == 1999


# --- files and zips ----------------------------------------------------------------------------


def test_read_chooses_by_content(tmp_path: Path) -> None:
    as_txt = tmp_path / "list.dat"
    as_txt.write_text(HEADER + "\n" + CARLSEN + "\n", encoding="utf-8")
    as_xml = tmp_path / "other.dat"
    as_xml.write_bytes(xml(player()))
    assert [(e.line, e.fide_id) for e in read(str(as_txt))] == [(2, 1503014)]
    assert [(e.line, e.fide_id) for e in read(str(as_xml))] == [(1, 4100011)]


def test_read_a_zip_of_either(tmp_path: Path) -> None:
    for member, data in (
        ("players_list_foa.txt", (HEADER + "\r\n" + CARLSEN + "\r\n").encode()),
        ("players_list_xml_foa.xml", xml(player(), player(id="4100012"))),
    ):
        path = tmp_path / (member + ".zip")
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(member, data)
        ids = [entry.fide_id for entry in read(str(path))]
        assert ids == ([1503014] if member.endswith("txt") else [4100011, 4100012])


def test_read_a_one_rating_list_by_its_name(tmp_path: Path) -> None:
    path = tmp_path / "blitz_rating_list.txt"
    path.write_text(ONE_RATING_HEADER + "\n" + CARLSEN[:113] + "2860  0   10 1990      \n", encoding="utf-8")
    (entry,) = read(str(path))
    assert (entry.standard, entry.blitz) == (None, FideRating(2860, 0, 10))


def test_read_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "list.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("players_list_foa.txt", HEADER + "\n" + CARLSEN + "\n" + fixed(id="x", name="Doe"))
    with pytest.raises(FideListError, match=f"^{path}:players_list_foa.txt: line 3: FIDE id 'x' is not"):
        list(read(str(path)))
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("a.txt", HEADER)
        archive.writestr("b.txt", HEADER)
    with pytest.raises(
        FideListError, match=f"^{path}: a zip must hold exactly one list, this one holds: a.txt, b.txt$"
    ):
        list(read(str(path)))
    with pytest.raises(FideListError, match=f"^{tmp_path}/none.txt: cannot read the list: "):
        list(read(str(tmp_path / "none.txt")))
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"  \n")
    with pytest.raises(FideListError, match=f"^{empty}: empty file$"):
        list(read(str(empty)))
    latin = tmp_path / "latin.txt"
    latin.write_bytes(
        (HEADER + "\n" + CARLSEN + "\n").encode() + fixed(id="4100040", name="Gr\xe9goire").encode("latin-1")
    )
    with pytest.raises(FideListError, match=rf"^{latin}: line 3: not UTF-8 text \(invalid continuation byte\)$"):
        list(read(str(latin)))
