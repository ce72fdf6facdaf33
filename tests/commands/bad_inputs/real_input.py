"""Bad inputs of issue 13: tournament reports, PGN files, FIDE lists, ids, merges, and the log views.

Every file is written by the case (:attr:`BadInput.files`) in the working directory; the template's
players A, B, C hold no FIDE id.
"""

from __future__ import annotations

from tests.commands.bad_inputs import BadInput

WHY = ("--reason", "x")


def player_line(rank: int, name: str, fide: str, points: str, *rounds: str) -> str:
    """A TRF16 001 line (columns as in tests/commands/test_import_trf.py)."""
    head = f"001 {rank:>4} m    {name:<33} 1800 IRL {fide:>11} 1990/01/01 {points:>4} {rank:>4}"
    return head + "".join(f"  {r}" for r in rounds)


HEAD = "012 Open\n042 2024/03/01\n052 2024/03/02\n"
TRF_OK = HEAD + "\n".join(
    (
        player_line(1, "Adler, Anna", "2500001", "1.0", "0002 w 1"),
        player_line(2, "Byrne, Bob", "2500002", "0.0", "0001 b 0"),
    )
)
PGN_GAME = (
    '[Event "E"]\n[Site "S"]\n[Date "2024.03.01"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n'
)
FIDE_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
    "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def trf(text: str) -> dict[str, str]:
    return {"t.trf": text}


CASES = [
    # import trf
    BadInput(("import", "trf", "t.trf"), "2 player(s) of the file are not registered", files=trf(TRF_OK)),
    BadInput(("import", "trf", "missing.trf"), "does not exist", status=2),
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "no start date (line 042) and no round dates",
        files=trf(TRF_OK.replace("042 2024/03/01\n052 2024/03/02\n", "")),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "lines 4 and 5: round 1: results 1 and 1",
        files=trf(TRF_OK.replace("0001 b 0", "0001 b 1")),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "lines 4 and 5: round 1: colours w and w",
        files=trf(TRF_OK.replace("0001 b 0", "0001 w 0")),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "line 4: round 1: opponent 3 has no 001 line",
        files=trf(TRF_OK.replace("0002 w 1", "0003 w 1")),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "line 2",
        id="trf bad start date",
        files=trf(TRF_OK.replace("2024/03/01", "2024/13/01")),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "start date 2999-03-01 is more than 366 days after today",
        id="trf future dates",
        files=trf(TRF_OK.replace("2024/03/01", "2999/03/01").replace("2024/03/02", "2999/03/02")),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "the file gives no tournament name (line 012)",
        files=trf(TRF_OK.replace("012 Open\n", "")),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new", "--event", "x" * 70),
        "event 'xxxxxxxxxxxxxxxxxxxx'",
        files=trf(TRF_OK),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new", "--reported", "2024-02-01"),
        "after the reported date",
        files=trf(TRF_OK),
    ),
    BadInput(
        ("import", "trf", "t.trf", "--register-new", "--event", "E1"),
        "line 5",
        id="trf duplicate start rank",
        files=trf(TRF_OK.replace("001    2 m", "001    1 m")),
    ),
    # import pgn
    BadInput(
        ("import", "pgn", "g.pgn"),
        "2 player(s) of the file are not registered, nor in the --players mapping",
        files={"g.pgn": PGN_GAME},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "the first line must be the header name,player",
        files={"g.pgn": PGN_GAME, "m.csv": "pgn,player\nA,A\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "'A' is mapped twice",
        files={"g.pgn": PGN_GAME, "m.csv": "name,player\nA,A\nA,B\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "names player 'Z', who is not registered",
        files={"g.pgn": PGN_GAME, "m.csv": "name,player\nA,Z\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "line 7",
        id="pgn bad result",
        files={"g.pgn": PGN_GAME.replace('"1-0"]', '"2-0"]'), "m.csv": "name,player\nA,A\nB,B\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "no complete Date or EventDate",
        files={"g.pgn": PGN_GAME.replace("2024.03.01", "2024.??.??"), "m.csv": "name,player\nA,A\nB,B\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "player 'A' cannot play against himself",
        files={"g.pgn": PGN_GAME, "m.csv": "name,player\nA,A\nB,A\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv", "--date", "2024-13-01"),
        "not a calendar date",
        files={"g.pgn": PGN_GAME, "m.csv": "name,player\nA,A\nB,B\n"},
    ),
    # issue 22 §5: the template's G1 (A 1-0 B on 2024-01-10, of no event) imported again; an unknown --event
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "g.pgn: its one game is recorded already, as game G1 of no event: give --again to import it again",
        id="pgn game recorded already",
        files={"g.pgn": PGN_GAME.replace("2024.03.01", "2024.01.10"), "m.csv": "name,player\nA,A\nB,B\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv", "--event", "E99"),
        "unknown event 'E99': register it first (ratings event register), or give --create-event",
        files={"g.pgn": PGN_GAME, "m.csv": "name,player\nA,A\nB,B\n"},
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv", "--create-event"),
        "--create-event needs --event",
        status=2,
        files={"g.pgn": PGN_GAME, "m.csv": "name,player\nA,A\nB,B\n"},
    ),
    # import fide-list
    BadInput(("import", "fide-list", "l.txt"), "Missing option '--as-of'", status=2, files={"l.txt": FIDE_HEADER}),
    BadInput(
        ("import", "fide-list", "l.txt", "--as-of", "2024-02-30"),
        "not a calendar date",
        files={"l.txt": FIDE_HEADER + "\n"},
    ),
    BadInput(
        ("import", "fide-list", "l.txt", "--as-of", "2024-02-01"),
        "line 2",
        files={"l.txt": FIDE_HEADER + "\n" + "12x4" + " " * 150 + "\n"},
        id="fide list bad id",
    ),
    BadInput(
        ("import", "fide-list", "l.xml", "--as-of", "2024-02-01"),
        "XML",
        files={"l.xml": "<playerslist><player><fideid>1</fideid>"},
        id="fide list broken xml",
    ),
    # issue 22 §3: files that are not of the reader's kind, refused at their first lines; issue 22 §5
    BadInput(
        ("import", "trf", "t.trf", "--register-new"),
        "line 4: a player line (001) that ends at column 60, without its points (columns 81-84) and rounds",
        files=trf("\n".join(line[:60] for line in TRF_OK.splitlines())),
        id="trf cut at column 60",
    ),
    BadInput(
        ("import", "trf", "t.trf"),
        "line 2: the line holds a NUL byte: not a text file",
        files={"t.trf": b"012 Open\n\x00\x9c\xff\x01\n"},
        id="trf binary",
    ),
    BadInput(
        ("import", "trf", "t.trf"),
        "line 2: no line of the file is a TRF record (012, 001...): not a tournament report (TRF)",
        files=trf("Dear officer,\nthe results follow.\n"),
        id="trf not a report",
    ),
    BadInput(
        ("import", "pgn", "g.pgn"),
        "line 1: the game from this line has no tag pairs ('1. e4 e5 1-0')",
        files={"g.pgn": "1. e4 e5 1-0\n"},
        id="pgn without tags",
    ),
    BadInput(
        ("import", "pgn", "g.pgn", "--players", "m.csv"),
        "m.csv line 2: not UTF-8 text (invalid continuation byte)",
        files={"g.pgn": PGN_GAME, "m.csv": b"name,player\nJos\xe9,A\n"},
        id="pgn names not utf-8",
    ),
    BadInput(
        ("import", "fide-list", "l.xml", "--as-of", "2024-02-01"),
        "XML line 2: a <!DOCTYPE> declaration: FIDE's list has none, and its entities are not expanded",
        files={
            "l.xml": '<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY a "aaaaaaaaaa">'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<playerslist><player><name>&b;</name></player>'
            "</playerslist>\n"
        },
        id="fide list billion laughs",
    ),
    BadInput(
        ("import", "fide-list", "l.txt", "--as-of", "2024-02-01"),
        "line 1: the line is longer than 4,096 bytes: not FIDE's rating list",
        files={"l.txt": FIDE_HEADER + " " * 5000 + "\n"},
        id="fide list long line",
    ),
    # ids
    BadInput(("player", "register", "D", "--name", "Dora", "--fide-id", "-5"), "FIDE id '-5' is not a whole number"),
    BadInput(("player", "register", "D", "--name", "Dora", "--national-id", "ecf:"), "ecf id", id="national id empty"),
    BadInput(
        ("player", "correct", "A", "--fide-id", "2500001", "--national-id", "fide:2500002", *WHY),
        "two fide ids given",
        status=2,
    ),
    # merges
    BadInput(("player", "merge", "A", "--into", "A", *WHY), "player 'A' cannot be merged into himself"),
    BadInput(("player", "merge", "A", "--into", "B", *WHY), "players 'A' and 'B' both played game 'G1'"),
    BadInput(("player", "merge", "Z", "--into", "A", *WHY), "unknown player 'Z'"),
    BadInput(("player", "merge", "A", *WHY), "Missing option '--into'", status=2),
    BadInput(("player", "unmerge", "A", *WHY), "player 'A' is not merged"),
    # the log views, and export
    BadInput(("game", "show", "G99"), "G99"),
    BadInput(("log", "--game", "G99"), "G99"),
    BadInput(("log", "--event", "E99"), "E99"),
    BadInput(("players", "--event", "E99"), "E99"),
    BadInput(("export", "trf", "--event", "E99"), "E99"),
]
