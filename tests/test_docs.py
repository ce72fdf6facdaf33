"""The documentation runs, and prints what it shows: ``README.md`` and every file of ``docs/``.

**Console blocks.** Every ``console`` block is run command by command (``$ ratings …``), with
``RATINGS_DB=federation.db`` and the OS user ``officer``, as the docs say, in a fresh folder holding
``examples/``; each command's output must be exactly the lines that follow it (``<sha256>`` and
``<hex>`` stand for the hex digits of a log hash, which differ from run to run).

**How state flows.** The README's tour is a session of its own: a reader runs it in a new folder
after the set-up, so it runs in a fresh folder of its own. The topic guides follow one rating office
through one story (its players, games, corrections, events, imports, site and move to PostgreSQL),
and each guide's commands act on the ledger the guides before it left: a correction needs the game
recorded before it, the audit the publication, the crosstable the imported tournament report. So the
guides of :data:`READING_ORDER` are one session, run in that order in one shared folder, and each of
them says at its top which guide it continues. We chose this over a fresh folder per guide because a
guide that set up its own ledger would repeat the officer's guide before every topic (and its figures
would differ from guide to guide for the same players); the cost is that a guide read alone must be
run after those before it, which each guide says. Any other file of ``docs/`` with console blocks
is a session of its own, in a fresh folder.

**PostgreSQL.** The steps that name the central ledger (:data:`CENTRAL`, in the guide to several
offices) run against a fresh database of the test server (:func:`tests.pg_support.fresh_database`;
``RATINGS_TEST_POSTGRES``), put in its place; without a server they are skipped, named (under CI they
fail). Every session runs a second time with its ledger a PostgreSQL database from its first step, up
to the steps that move it there: the same commands print the same bytes, the projections file's path
aside.

**Python.** The ``pycon`` blocks of a file run as one doctest session and its ``python`` blocks are
executed, in the file's order and one namespace, in a fresh folder holding ``examples/``.

**Commands.** Every command has help with an example and is named in the hand-written docs, and
``docs/cli.md`` is what :mod:`tests.cli_reference` generates from every command's ``--help``.
"""

from __future__ import annotations

import doctest
import re
import shlex
import shutil
import unicodedata
from contextlib import ExitStack
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from commands.cli import cli
from projections.api import cache_file
from tests.cli_reference import REFERENCE, REGENERATE, reference
from tests.pg_support import fresh_database

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

READING_ORDER = (
    "docs/officer.md",
    "docs/corrections.md",
    "docs/rules.md",
    "docs/events.md",
    "docs/real-input.md",
    "docs/publishing.md",
    "docs/offices.md",
)
"""The topic guides that tell one story: their console blocks run in this order, in one folder."""

README_LINES = 400
"""The README is the front door, not the manual: at most this many lines."""

CENTRAL = "postgresql://ratings@db.example.org:5432/federation"
"""The docs' central ledger: each run puts a fresh database of the test server in its place."""


def doc_files() -> list[str]:
    """Every documentation file, relative to the repository: the README, then ``docs/`` by name."""
    return ["README.md", *sorted(f"docs/{path.name}" for path in DOCS.glob("*.md"))]


def text(doc: str) -> str:
    return (ROOT / doc).read_text(encoding="utf-8")


def blocks(doc: str, language: str) -> list[str]:
    """The fenced blocks of ``language`` in ``doc``, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```", text(doc), flags=re.S | re.M)


def console_steps(doc: str) -> list[tuple[str, str]]:
    """``(command, expected output)`` for every ``$ ratings`` line of ``doc``, in order."""
    steps: list[tuple[str, str]] = []
    for block in blocks(doc, "console"):
        command: str | None = None
        expected: list[str] = []
        for line in block.splitlines(keepends=True):
            if line.startswith("$ "):
                if command is not None:
                    steps.append((command, "".join(expected)))
                command, expected = line[2:].strip(), []
            else:
                expected.append(line)
        if command is not None:
            steps.append((command, "".join(expected)))
    return steps


def sessions() -> dict[str, list[str]]:
    """Each session of console blocks (run in one fresh folder) and its files, in order."""
    found: dict[str, list[str]] = {"reading order": list(READING_ORDER)}
    for doc in doc_files():
        if doc not in READING_ORDER and console_steps(doc):
            found[doc] = [doc]
    return found


PLACEHOLDERS = {"<sha256>": "[0-9a-f]{64}", "<hex>": "[0-9a-f]+"}
"""Where the docs show a log hash (which covers each event's timestamp, so differs from run to run):
``<sha256>`` stands for 64 hex digits and ``<hex>`` for some. Everything else must match exactly."""


def matches(expected: str, output: str) -> bool:
    pattern = re.escape(expected)
    for placeholder, digits in PLACEHOLDERS.items():
        pattern = pattern.replace(re.escape(placeholder), digits)
    return re.fullmatch(pattern, output) is not None


def test_placeholders_match_only_hex_digits() -> None:
    assert matches("head 14:<sha256>\n", "head 14:" + "0a" * 32 + "\n")
    assert not matches("head 14:<sha256>\n", "head 14:" + "0g" * 32 + "\n")
    assert not matches("head 14:<hex>…\n", "head 15:ab…\n")
    assert matches("a (b) [c]\n", "a (b) [c]\n") and not matches("a (b)\n", "a b\n")


def test_the_readme_is_short_and_has_a_tour() -> None:
    lines = text("README.md").count("\n")
    assert lines <= README_LINES, f"README.md has {lines} lines: move some of it into docs/"
    steps = console_steps("README.md")
    assert len(steps) >= 10
    assert all(command.startswith("ratings ") for doc in doc_files() for command, _ in console_steps(doc))


def test_the_reading_order_is_every_guide_that_exists() -> None:
    assert all((ROOT / doc).exists() for doc in READING_ORDER)
    assert sum(len(console_steps(doc)) for doc in READING_ORDER) >= 80  # the story: none of it lost


def test_the_readme_and_the_index_link_every_doc() -> None:
    index = text("docs/README.md")
    for doc in doc_files()[1:]:
        name = doc.removeprefix("docs/")
        if name != "README.md":
            assert f"]({doc})" in text("README.md"), f"README.md does not link {doc}"
            assert f"]({name})" in index, f"docs/README.md does not link {doc}"


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    words = "".join(c for c in heading.strip().lower() if c in " -_" or unicodedata.category(c)[0] in "LN")
    return words.replace(" ", "-")


def anchors(doc: str) -> set[str]:
    prose = re.sub(r"^```.*?^```", "", text(doc), flags=re.S | re.M)
    return {anchor(heading) for heading in re.findall(r"^#+ (.+)$", prose, flags=re.M)}


def test_anchor_is_githubs() -> None:
    assert anchor("Several offices, one ledger: PostgreSQL") == "several-offices-one-ledger-postgresql"
    assert anchor("The Irish Chess Union's grading (`icu-1980`)") == "the-irish-chess-unions-grading-icu-1980"


@pytest.mark.parametrize("doc", doc_files())
def test_every_link_between_the_docs_leads_somewhere(doc: str) -> None:
    prose = re.sub(r"^```.*?^```", "", text(doc), flags=re.S | re.M)
    for target in re.findall(r"\]\(([^)\s]+)\)", prose):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, fragment = target.partition("#")
        linked = (ROOT / doc).parent.joinpath(path).resolve() if path else (ROOT / doc)
        assert linked.exists(), f"{doc} links {target}: no such file"
        if fragment and linked.suffix == ".md":
            assert fragment in anchors(str(linked.relative_to(ROOT))), f"{doc} links {target}: no such heading"


def fresh_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A fresh folder holding ``examples/``, made the working directory; the environment the docs assume."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    env = {"RATINGS_DB": "federation.db", "USER": "officer", "LOGNAME": "officer", "LNAME": "", "USERNAME": ""}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # where the central ledger's projections file goes
    return env


@pytest.mark.parametrize("session", sessions())
def test_the_docs_print_what_they_show(session: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = fresh_folder(tmp_path, monkeypatch)
    runner = CliRunner()
    with ExitStack() as stack:
        central: str | None = None
        for doc in sessions()[session]:
            for command, expected in console_steps(doc):
                if CENTRAL in command and central is None:
                    # The steps of the central ledger come last: without a server they are skipped, named.
                    central = stack.enter_context(fresh_database("ratings_docs"))
                if central is not None:
                    command, expected = command.replace(CENTRAL, central), expected.replace(CENTRAL, central)
                check_step(runner, doc, command, expected, env)


@pytest.mark.parametrize("session", sessions())
def test_the_docs_print_the_same_on_postgresql(session: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same commands, the same refusals, the same bytes, with the ledger a PostgreSQL database from
    the first step (up to the steps that move it there)."""
    env = fresh_folder(tmp_path, monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", env["XDG_CACHE_HOME"])
    runner = CliRunner()
    steps = [(doc, *step) for doc in sessions()[session] for step in console_steps(doc)]
    before_central = next((i for i, (_, command, _) in enumerate(steps) if CENTRAL in command), len(steps))
    assert before_central > 0
    with fresh_database("ratings_docs") as central:
        env["RATINGS_DB"] = central
        projections = cache_file(central)  # on this machine, not beside the ledger
        assert projections is not None
        for doc, command, expected in steps[:before_central]:
            expected = expected.replace("federation.projections.db", projections)
            check_step(runner, doc, command, expected.replace("federation.db", central), env)


def check_step(runner: CliRunner, doc: str, command: str, expected: str, env: dict[str, str]) -> None:
    """Run one step of ``doc`` and compare its output with what ``doc`` shows."""
    result = runner.invoke(cli, shlex.split(command)[1:], env=env, prog_name="ratings")
    assert matches(expected, result.output), f"{doc}: `{command}` printed:\n{result.output}"
    assert (result.exit_code != 0) == expected.startswith("Error:"), f"{doc}: `{command}`"


@pytest.mark.parametrize("doc", [doc for doc in doc_files() if blocks(doc, "pycon") or blocks(doc, "python")])
def test_the_python_sessions_run(doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_folder(tmp_path, monkeypatch)
    namespace: dict[str, object] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    for language, block in re.findall(r"^```(pycon|python)\n(.*?)^```", text(doc), flags=re.S | re.M):
        if language == "python":
            exec(compile(block, doc, "exec"), namespace)
            continue
        test = doctest.DocTestParser().get_doctest(block, namespace, doc, str(ROOT / doc), 0)
        runner.run(test, out=failures.append, clear_globs=False)
    assert runner.failures == 0, "".join(failures)
    if doc == "docs/api.md":  # the API's whole story: a ledger made, facts recorded, a list published
        assert runner.tries >= 10 and (tmp_path / "club.db").exists()


def test_the_python_api_is_shown() -> None:
    (session,) = blocks("docs/api.md", "pycon")
    assert "Ratings.open(" in session and "publish(" in session and "RatingLedger" in session


def all_commands(group: click.Group, prefix: str = "ratings") -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):  # a lazy group imports each command as it is asked for
        command = group.get_command(ctx, name)
        assert command is not None
        path = f"{prefix} {name}"
        if isinstance(command, click.Group):
            found += all_commands(command, path)
        else:
            found.append((path, command))
    return found


def hand_written_docs() -> str:
    """The README and every doc but the generated reference."""
    return "".join(text(doc) for doc in doc_files() if ROOT / doc != REFERENCE)


@pytest.mark.parametrize("path,command", all_commands(cli), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_has_help_with_an_example_and_is_in_the_docs(path: str, command: click.Command) -> None:
    assert command.help and "Example:" in command.help, f"{path} --help has no example"
    assert f"`{path}" in hand_written_docs(), f"{path} is not documented in README.md or docs/"


def test_the_cli_reference_is_generated_from_the_code() -> None:
    checked_in = REFERENCE.read_text(encoding="utf-8") if REFERENCE.exists() else ""
    assert checked_in == reference(), f"{REFERENCE.relative_to(ROOT)} is out of date: run `{REGENERATE}`"
    assert all(f"\n## {path}\n" in checked_in for path, _ in all_commands(cli))


def test_every_kind_of_fact_is_in_the_docs() -> None:
    """docs/facts.md names every event class of the log (each recorded kind of fact), with what it records."""
    import inspect

    from eventsourcing.domain import Aggregate

    from ledger import events

    kinds = {
        name
        for name, value in vars(events).items()
        if inspect.isclass(value)
        and issubclass(value, Aggregate.Event)
        and value.__module__ == events.__name__
        and not issubclass(value, Aggregate)
    }
    text = (DOCS / "facts.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `(\w+)` \| \S", text, flags=re.M))
    assert kinds == named, f"not in docs/facts.md: {sorted(kinds - named)}; not facts: {sorted(named - kinds)}"
    assert len(kinds) >= 29
