"""Progress of the long commands on stderr (issue 26 §6): click's progress bar on a terminal only, nothing in a
pipe, nothing with ``ratings --quiet``; the answer on stdout the same either way (:mod:`commands.progress`)."""

from __future__ import annotations

import io
import os
import pty
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import commands.context
from tests.commands.support import RULES, Ratings


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> FakeTerminal:
    """stderr as a terminal, for :func:`commands.context.terminal` (click's runner gives the command a pipe)."""
    found = FakeTerminal()
    monkeypatch.setattr(commands.context, "sys", types.SimpleNamespace(stderr=found))
    return found


def bars(terminal: FakeTerminal) -> list[str]:
    """Each bar's last state: its label and percentage (or count), as click drew it last."""
    shown = re.sub(r"\x1b\[\?25[lh]", "", terminal.getvalue())
    lines = shown.split("\n")[:-1]  # each bar ends its line when done (a "\r" draws it again on the same line)
    return [re.sub(r"\s*\[[#-]*\]\s*", " ", line.split("\r")[-1]).strip() for line in lines]


@pytest.fixture
def five_years(two_players: Ratings) -> Ratings:
    """A game in January 2020 and one in November 2024: 30 IECG periods to replay cold."""
    two_players.game("G1", "A", "B", "1-0", "2020-01-10")
    two_players.game("G2", "B", "A", "1/2-1/2", "2024-11-10")
    return two_players


def test_a_cold_replay_shows_its_periods_and_a_warm_one_nothing(five_years: Ratings, terminal: FakeTerminal) -> None:
    piped = five_years.ok("--quiet", "--no-cache", "list", *RULES, "--period", "2024-11").stdout
    shown = five_years.ok("list", *RULES, "--period", "2024-11")
    assert shown.stdout == piped
    assert bars(terminal) == ["replaying iecg-1.7 100%"]
    terminal.seek(0)
    terminal.truncate()
    five_years.ok("list", *RULES, "--period", "2024-11")  # the projections file holds the 30 periods now
    assert terminal.getvalue() == ""


def test_quiet_and_a_pipe_show_nothing(five_years: Ratings, terminal: FakeTerminal, tmp_path: Path) -> None:
    result = five_years.ok("--quiet", "publish-db", *RULES, "--out", str(tmp_path / "q.db"))
    assert terminal.getvalue() == ""
    assert result.stdout.startswith(f"wrote {tmp_path / 'q.db'}: 30 lists")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(commands.context, "sys", types.SimpleNamespace(stderr=io.StringIO()))  # not a terminal
        piped = five_years.ok("publish-db", *RULES, "--out", str(tmp_path / "p.db"))
    assert piped.stderr == "" and piped.stdout == result.stdout.replace("q.db", "p.db").replace("q.meta", "p.meta")


def test_publish_db_shows_its_lists(five_years: Ratings, terminal: FakeTerminal, tmp_path: Path) -> None:
    result = five_years.ok("publish-db", *RULES, "--out", str(tmp_path / "pub.db"))
    assert result.stdout.startswith(f"wrote {tmp_path / 'pub.db'}: 30 lists, ")
    assert bars(terminal) == ["lists 100%"]  # each list's period is run as it is reached: no replay of its own


def test_copy_and_backup_show_what_they_copy(five_years: Ratings, terminal: FakeTerminal, tmp_path: Path) -> None:
    five_years.ok("backup", str(tmp_path / "backup.db"))
    five_years.ok("copy", "--to", str(tmp_path / "copy.db"))
    assert bars(terminal) == ["pages copied 100%", "events copied 100%"]


def test_imports_show_the_games_checked(two_players: Ratings, terminal: FakeTerminal, tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    pgn.write_text(
        "".join(
            f'[Event "Club"]\n[Date "2024.01.{day:02}"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n\n'
            for day in range(1, 11)
        ),
        encoding="utf-8",
    )
    names = tmp_path / "names.csv"
    names.write_text("name,player\nA,A\nB,B\n", encoding="utf-8")
    result = two_players.ok("import", "pgn", str(pgn), "--players", str(names), "--reported", "2024-02-01")
    assert result.stdout.startswith("imported 10 games (0 unfinished skipped)")
    assert bars(terminal) == ["games checked 100%"]


def test_site_counts_its_files(five_years: Ratings, terminal: FakeTerminal, tmp_path: Path) -> None:
    result = five_years.ok("site", *RULES, "--from", "2024-01", "--to", "2024-11", "--out", str(tmp_path / "site"))
    written = int(result.stdout.split()[1])  # "wrote N files into …", the manifest the last of them
    # the first list page runs the 29 periods before it: their bar ends the count's, which goes on after it
    assert bars(terminal) == ["files 2", "replaying iecg-1.7 100%", f"files {written - 1}"]


def on_a_terminal(*args: str) -> tuple[str, bytes]:
    """``ratings ARGS`` run with stderr on a pseudo-terminal: its stdout (a pipe), and what the terminal shows."""
    main, secondary = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-c", "from commands.cli import main; main()", *args],
            stdout=subprocess.PIPE,
            stderr=secondary,
            check=True,
            text=True,
        )
        os.close(secondary)
        shown = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal is closed: everything is read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(main)
    return done.stdout, shown


def test_a_real_terminal(five_years: Ratings, tmp_path: Path) -> None:
    """The bar on a pseudo-terminal, as an officer sees it; nothing with --quiet; stdout the same."""
    stdout, shown = on_a_terminal("--db", str(five_years.db), "backup", str(tmp_path / "b.db"))
    assert stdout == f"backed up {five_years.db} to {tmp_path / 'b.db'}: 4 events\n"
    assert b"pages copied" in shown and b"100%" in shown
    stdout, shown = on_a_terminal("--db", str(five_years.db), "--quiet", "backup", str(tmp_path / "q.db"))
    assert stdout == f"backed up {five_years.db} to {tmp_path / 'q.db'}: 4 events\n"
    assert shown == b""


def test_a_fide_list_shows_the_bytes_read(ratings: Ratings, terminal: FakeTerminal, tmp_path: Path) -> None:
    from tests.commands.test_import_fide_list import ANNA, write_list
    from tests.ledger.test_fide_list import fixed

    ratings.register("A", "Anna", "--fide-id", "4100011")
    others = [fixed(id=str(5000000 + n), name=f"Other, Player {n}", fed="IRL", sr="1500", sk="40") for n in range(2500)]
    result = ratings.ok("import", "fide-list", write_list(tmp_path, ANNA, *others), "--as-of", "2024-06-01",
                        "--reported", "2024-06-02")  # fmt: skip
    assert result.stdout.startswith("read 2501 players, 1 registered here: recorded priors 1 fide")
    shown = bars(terminal)
    assert shown == ["reading the list 100%"]
    assert re.findall(r"reading the list\s+\[[#-]+\]\s+(\d+)%", terminal.getvalue()) == ["0", "40", "79", "100"]


def test_audit_shows_its_replays(five_years: Ratings, terminal: FakeTerminal) -> None:
    five_years.ok("--quiet", "publish", *RULES, "--period", "2024-11", "--on", "2025-01-05")
    five_years.ok("--quiet", "list", *RULES, "--period", "2024-11")  # the projections file warm
    result = five_years.ok("audit", *RULES, "--period", "2024-11", "--replay")
    assert "\n\n1. Reproduced from " in result.stdout
    assert bars(terminal) == ["replaying iecg-1.7 100%"]  # the log up to the publication's head, in memory
