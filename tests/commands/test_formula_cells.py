"""Free text a spreadsheet would run as a formula (issue 22 §5).

A player registered as ``=HYPERLINK("http://x","c")`` was written as is into ``list --format csv``,
``export`` and the site's CSV downloads. Now such text (beginning with ``=``, ``+``, ``-`` or ``@``),
and any control character, is refused at the door in every free-text value, ``--by`` included; and
every CSV the ledger writes neutralises such a cell with a leading ``'`` (OWASP), so that a log
recorded before the rule is safe too. The HTML and SVG outputs escape the name (a test says so here).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from commands import output
from ledger import values
from tests.commands.support import RULES, Ratings, stored_rows

FORMULA = '=HYPERLINK("http://x","c")'
NEUTRALISED = "'" + FORMULA


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("player", "register", "Q", "--name", FORMULA), f"name {FORMULA!r} begins with '='"),
        (("player", "register", "Q", "--name", "@Bob"), "name '@Bob' begins with '@'"),
        (("player", "register", "Q", "--name", "+1 Club"), "name '+1 Club' begins with '+'"),
        (("player", "register", "Q", "--name", "-Bob"), "name '-Bob' begins with '-'"),
        (("game", "void", "G1", "--reason", "=1+1"), "reason '=1+1' begins with '='"),
        (("game", "correct", "G1", "--tournament", "@cup", "--reason", "typo"), "tournament '@cup' begins with '@'"),
        (("player", "correct", "A", "--name", "=A", "--reason", "typo"), "name '=A' begins with '='"),
        (("--by", "a\nb", "game", "void", "G1", "--reason", "x"), "--by 'a\\nb' holds a control character (U+000A)"),
        (("--by", "=cmd", "game", "void", "G1", "--reason", "x"), "--by '=cmd' begins with '='"),
        (("--by", "a\tb", "game", "void", "G1", "--reason", "x"), "--by 'a\\tb' holds a control character (U+0009)"),
    ],
    ids=["name-formula", "name-at", "name-plus", "name-minus", "reason", "tournament", "correct-name", "by-newline",
         "by-formula", "by-tab"],
)  # fmt: skip
def test_free_text_that_begins_a_formula_or_holds_a_control_character_is_refused(
    ratings: Ratings, args: tuple[str, ...], message: str
) -> None:
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    result = ratings.refused(*args, message=message)
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_name_with_a_minus_inside_and_a_negative_number_are_fine(ratings: Ratings) -> None:
    ratings.ok("player", "register", "Q", "--name", "Anne-Marie O'Neill", "--reported", "2024-01-01")
    ratings.ok("player", "register", "R", "--name", "Rory", "--reported", "2024-01-01")
    ratings.game("G1", "Q", "R", "1-0", "2024-01-10")
    ratings.ok("adjust", "--system", "icu-1980", "--player", "R", "--points", "-10", "--on", "2024-02-01",
               "--reason", "feedback", "--reported", "2024-02-01")  # fmt: skip


@pytest.fixture
def old_log(ratings: Ratings, monkeypatch: pytest.MonkeyPatch) -> Ratings:
    """A log recorded before the rule: player F is named ``=HYPERLINK("http://x","c")``, plays A in January
    2024 (and loses: a negative change) in the tournament ``@Cup``."""
    ratings.established("A", "Anna Adler", 2000)
    with monkeypatch.context() as before_the_rule:
        before_the_rule.setattr(values, "FORMULA_STARTS", ())
        ratings.register("F", FORMULA, "--source", "iccf", "--starting-rating", "1900", "--rated-games", "100")
        ratings.game("G1", "A", "F", "1-0", "2024-01-10", "--tournament", "@Cup")
    assert any(b"=HYPERLINK(" in bytes(row[4]) for row in stored_rows(ratings.db))
    return ratings


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_every_csv_neutralises_a_formula_of_an_old_log_and_keeps_negative_numbers(
    old_log: Ratings, tmp_path: Path
) -> None:
    listed = old_log.ok("list", *RULES, "--period", "2024-01", "--format", "csv").stdout
    rows = cells(listed)
    assert rows[0][:4] == ["position", "class_position", "player", "name"]
    assert [row[2:4] for row in rows[1:]] == [["A", "Anna Adler"], ["F", NEUTRALISED]]
    assert FORMULA not in listed.replace(NEUTRALISED.replace('"', '""'), "")
    old_log.ok("export", *RULES, "--from", "2024-01", "--to", "2024-01", "--format", "csv", "--out",
               str(tmp_path / "lists"))  # fmt: skip
    assert (tmp_path / "lists" / "iecg-1.7_2024-01.csv").read_text(encoding="utf-8") == listed
    players = cells(old_log.ok("players", "--format", "csv").stdout)
    assert [row[1] for row in players if row[0] == "F"] == [NEUTRALISED]


def test_a_csv_cell_is_neutralised_unless_it_is_a_number() -> None:
    rows = [
        {"name": FORMULA, "change": -12, "shown": "-12", "gain": "+10", "note": "@Cup", "tab": "\tx", "plain": "Ann"},
        {"name": "-", "change": 0.5, "shown": "-7.05", "gain": "+", "note": "a=b", "tab": "x\ty", "plain": None},
    ]
    text = output.csv_text(rows, list(rows[0]))
    assert cells(text) == [
        ["name", "change", "shown", "gain", "note", "tab", "plain"],
        [NEUTRALISED, "-12", "-12", "+10", "'@Cup", "'\tx", "Ann"],
        ["'-", "0.5", "-7.05", "'+", "a=b", "x\ty", ""],
    ]


def test_the_site_csv_is_neutralised_and_its_html_and_svg_escape_the_name(old_log: Ratings, tmp_path: Path) -> None:
    old_log.ok("site", *RULES, "--from", "2024-01", "--to", "2024-01", "--out", str(tmp_path / "site"))
    listed = old_log.ok("list", *RULES, "--period", "2024-01", "--format", "csv").stdout
    downloads = sorted((tmp_path / "site").rglob("*.csv"))
    assert downloads and all(p.read_text(encoding="utf-8") == listed for p in downloads)
    pages = [p for p in (tmp_path / "site").rglob("*") if p.suffix in (".html", ".svg")]
    assert pages
    escaped = "=HYPERLINK(&quot;http://x&quot;,&quot;c&quot;)"
    shown = [p for p in pages if escaped in p.read_text(encoding="utf-8")]
    assert shown, "the name is on some page"
    for page in pages:
        assert FORMULA not in page.read_text(encoding="utf-8"), page


def test_a_history_chart_escapes_the_name(old_log: Ratings, tmp_path: Path) -> None:
    chart = tmp_path / "f.svg"
    old_log.ok("history", "F", *RULES, "--plot", str(chart))
    text = chart.read_text(encoding="utf-8")
    assert FORMULA not in text
    assert "=HYPERLINK(&quot;http://x&quot;,&quot;c&quot;)" in text or "HYPERLINK" not in text
