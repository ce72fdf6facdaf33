"""The layers of the project, read from every module's imports (``ast``, nothing is imported).

- ``projections/rules/`` imports only itself, the standard library and the value modules of ``ledger``
  (:data:`RULES_MAY_IMPORT`): a rules version is a pure function over values, and never touches storage.
- ``ledger/`` imports neither ``projections/`` nor ``commands/``; ``projections/`` never imports ``commands/``.
- ``commands/`` reaches the projections through their public API (``projections`` and ``projections.api``), and
  the few other modules of :data:`COMMANDS_MAY_IMPORT`, each with its reason.
- The store is chosen in one place: only :mod:`ledger.stores` imports the PostgreSQL store or asks whether
  ``--db`` is a URL.
- No first-party module imports, directly or through others, one that imports it back.

An import is every ``import x`` and ``from x import y`` (relative ones resolved), at module level, inside a
function or method, or under ``if TYPE_CHECKING:``; ``importlib.import_module("x")`` with a literal name; and a
string ``"package.module:attribute"`` naming a first-party module (how ``commands.cli`` names a command it imports
when it runs, and how eventsourcing is told a recorder's topic).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("ledger", "projections", "commands")

RULES_MAY_IMPORT = {
    "ledger.values": "the values a rules version is given (dates, result and rating scales)",
    "ledger.errors": "the refusals those values raise, typed once for the whole project",
    "ledger.federations": "FIDE's federation codes, a table the values check a player's federation against",
}
"""What ``projections/rules/`` may import of ``ledger``: its value modules, which import nothing else of it."""

PUBLIC_PROJECTIONS = ("projections", "projections.api")
"""The public API of the projections: :class:`projections.Ratings` and what :mod:`projections.api` exports."""

COMMANDS_MAY_IMPORT = {
    "projections.registry": "the one registry of rules versions and systems: --rules and --system offer its "
    "names, and an unknown one lists them",
    "projections.rules.conversions": "`ratings convert` is the published conversion table itself, a pure "
    "function over values, and ConversionError its refusal",
    "projections.rules.explanation": "the Explanation value every system gives, which the text and the site render",
    "projections.rules.periods": "PeriodError, a refusal the command line turns into exit status 1",
}
"""The projections modules besides :data:`PUBLIC_PROJECTIONS` that ``commands/`` may import, and why."""

COMMANDS_IMPORT_TODAY = {
    "projections.audit": "audit, publish and verify format Audit, Change, Line, Publication: export them from api",
    "projections.cache_check": "verify --cache calls check_cache: a Ratings method should",
    "projections.game_view": "game show calls game_view: a Ratings method should",
    "projections.lists": "list and players format RatingList: export it from api",
    "projections.log": "log calls log_entries and check_subjects: a Ratings method should",
    "projections.players_view": "players calls player_lines and select: a Ratings method should",
    "projections.pool": "pool and the chart call pool_of: a Ratings method should",
    "projections.replay": "Projector, knowledge and cache_path_for: Ratings and api.cache_file should be enough",
    "projections.site_data": "the site's data: a Ratings method should build it",
    "projections.span": "check_span of --from/--to: a Ratings method should check it",
    "projections.systems": "the system of a list, for its columns: export what the formatter needs from api",
    "projections.trf_export": "export trf: a Ratings method should write the TRF text",
}
"""Other projections modules ``commands/`` imports today, each to go: what it is for, and what should replace it.
An entry no command uses any more fails :func:`test_no_allowance_outlives_its_import`: delete it then."""

_LAZY = re.compile(r"((?:ledger|projections|commands)(?:\.\w+)*):\w+")


class Import(NamedTuple):
    """One import of a first-party module: who imports, what, where, and how."""

    importer: str
    imported: str
    line: int
    statement: str
    in_function: bool
    type_only: bool

    def __str__(self) -> str:
        where = " (inside a function)" if self.in_function else " (under TYPE_CHECKING)" if self.type_only else ""
        path = _modules()[self.importer].relative_to(ROOT)
        return f"{path}:{self.line}: {self.importer} imports {self.imported}: `{self.statement}`{where}"


@cache
def _modules() -> dict[str, Path]:
    """Every first-party module by its dotted name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _top(name: str) -> str:
    return name.partition(".")[0]


class _Reader(ast.NodeVisitor):
    """The imports of one module, with whether each is inside a function and whether only for type checking."""

    def __init__(self, module: str, package: bool) -> None:
        self.module = module
        self.package = package
        self.found: list[tuple[str, int, str, bool, bool]] = []
        self.functions = 0
        self.type_only = 0

    def _add(self, name: str, node: ast.AST, statement: str) -> None:
        line = getattr(node, "lineno", 0)
        self.found.append((name, line, statement, self.functions > 0, self.type_only > 0))

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.functions += 1
        self.generic_visit(node)
        self.functions -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_If(self, node: ast.If) -> None:
        if "TYPE_CHECKING" in ast.unparse(node.test):
            self.type_only += 1
            for child in node.body:
                self.visit(child)
            self.type_only -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node, f"import {alias.name}")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.module.split(".")
            if not self.package:
                base.pop()
            base = base[: len(base) - (node.level - 1)]
            source = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source = node.module or ""
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            statement = f"from {'.' * node.level}{node.module or ''} import {alias.name}"
            self._add(submodule if submodule in _modules() else source, node, statement)

    def visit_Call(self, node: ast.Call) -> None:
        function = node.func
        name = function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")
        if name == "import_module" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                self._add(first.value, node, f'import_module("{first.value}")')
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            lazy = _LAZY.fullmatch(node.value)
            if lazy is not None and lazy.group(1) in _modules():
                self.functions += 1  # imported when it is used, as a function-level import is
                self._add(lazy.group(1), node, f'"{node.value}"')
                self.functions -= 1


@cache
def imports_of(module: str) -> tuple[Import, ...]:
    """Every import in ``module`` (first-party or not), in the order written."""
    path = _modules()[module]
    reader = _Reader(module, path.name == "__init__.py")
    reader.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return tuple(Import(module, *found) for found in reader.found)


def all_imports() -> Iterator[Import]:
    for module in _modules():
        yield from imports_of(module)


def first_party(name: str) -> bool:
    return _top(name) in PACKAGES


def _failures(found: list[Import], rule: str) -> str:
    return f"{rule}; {len(found)} import(s) break it:\n" + "\n".join(f"  {each}" for each in found)


# --- the reader -------------------------------------------------------------------------


def test_the_reader_finds_every_kind_of_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = """
from __future__ import annotations
import json
from typing import TYPE_CHECKING
from . import values
from .errors import LedgerError
if TYPE_CHECKING:
    from projections.api import Ratings
def later():
    import projections.replay
    from importlib import import_module
    return import_module("commands.cli"), "commands.audit:verify"
class Thing:
    def method(self):
        from ..projections import lists
"""
    path = tmp_path / "ledger" / "example.py"
    path.parent.mkdir()
    path.write_text(source)
    monkeypatch.setitem(_modules(), "ledger.example", path)
    found = {(i.imported, i.in_function, i.type_only) for i in imports_of.__wrapped__("ledger.example")}
    assert {
        ("__future__", False, False),
        ("json", False, False),
        ("ledger.values", False, False),
        ("ledger.errors", False, False),
        ("projections.api", False, True),
        ("projections.replay", True, False),
        ("commands.cli", True, False),
        ("commands.audit", True, False),
        ("projections.lists", True, False),
    } <= found


# --- the layers -------------------------------------------------------------------------


def test_rules_import_only_themselves_the_standard_library_and_ledger_values() -> None:
    found = [
        i
        for i in all_imports()
        if i.importer.startswith("projections.rules")
        and not i.imported.startswith("projections.rules")
        and i.imported not in RULES_MAY_IMPORT
        and (first_party(i.imported) or _top(i.imported) not in (*sys.stdlib_module_names, "__future__"))
    ]
    assert not found, _failures(
        found, f"projections/rules/ imports only itself, the standard library and {', '.join(RULES_MAY_IMPORT)}"
    )


def test_the_ledger_values_rules_use_import_nothing_else_of_the_project() -> None:
    found = [
        i
        for module in RULES_MAY_IMPORT
        for i in imports_of(module)
        if first_party(i.imported) and i.imported not in RULES_MAY_IMPORT
    ]
    assert not found, _failures(found, "the ledger modules rules may import are values: they import nothing else")


def test_the_ledger_imports_neither_projections_nor_commands() -> None:
    found = [
        i for i in all_imports() if _top(i.importer) == "ledger" and _top(i.imported) in ("projections", "commands")
    ]
    assert not found, _failures(found, "ledger/ is below projections/ and commands/: it imports neither")


def test_projections_import_no_commands() -> None:
    found = [i for i in all_imports() if _top(i.importer) == "projections" and _top(i.imported) == "commands"]
    assert not found, _failures(found, "projections/ is below commands/: it never imports them")


def test_commands_reach_projections_through_its_public_api() -> None:
    allowed = {*PUBLIC_PROJECTIONS, *COMMANDS_MAY_IMPORT, *COMMANDS_IMPORT_TODAY}
    found = [
        i
        for i in all_imports()
        if _top(i.importer) == "commands" and _top(i.imported) == "projections" and i.imported not in allowed
    ]
    assert not found, _failures(
        found,
        "commands/ imports projections through projections and projections.api only (besides the modules of "
        "COMMANDS_MAY_IMPORT in tests/test_layers.py, each with its reason): export what the command needs from "
        "projections/api.py",
    )


def test_no_allowance_outlives_its_import() -> None:
    used = {i.imported for i in all_imports() if _top(i.importer) == "commands"}
    stale = sorted(name for name in (*COMMANDS_MAY_IMPORT, *COMMANDS_IMPORT_TODAY) if name not in used)
    assert not stale, f"no command imports {', '.join(stale)} any more: delete it from tests/test_layers.py"
    both = sorted(set(COMMANDS_MAY_IMPORT) & set(COMMANDS_IMPORT_TODAY))
    assert not both, f"{', '.join(both)}: either kept (COMMANDS_MAY_IMPORT) or to go (COMMANDS_IMPORT_TODAY)"


def test_the_store_is_chosen_in_one_place() -> None:
    """Only :mod:`ledger.stores` tells a SQLite file from a PostgreSQL URL, and makes the PostgreSQL store:
    every other module asks the :class:`ledger.stores.Store` it made (type annotations aside)."""
    found = [
        i
        for i in all_imports()
        if i.importer not in ("ledger.stores", "ledger.postgres")
        and not i.type_only
        and (i.imported == "ledger.postgres" or (i.imported == "ledger.urls" and "is_url" in i.statement))
    ]
    assert not found, _failures(found, "ledger.stores alone chooses the store (and imports ledger.postgres)")


# --- cycles -----------------------------------------------------------------------------


def _graph() -> dict[str, dict[str, Import]]:
    """Who imports whom among first-party modules (the first import of each pair)."""
    graph: dict[str, dict[str, Import]] = {module: {} for module in _modules()}
    for i in all_imports():
        if i.imported in graph and i.imported != i.importer:
            graph[i.importer].setdefault(i.imported, i)
    return graph


def _cycles(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import() -> None:
    a = Import("a", "b", 1, "import b", False, False)
    b = Import("b", "c", 1, "from c import x", True, False)
    c = Import("c", "a", 1, '"a:f"', True, False)
    assert _cycles({"a": {"b": a}, "b": {"c": b}, "c": {"a": c}, "d": {"a": a}}) == [["a", "b", "c"]]


def test_no_first_party_module_imports_itself_back() -> None:
    graph = _graph()
    cycles = _cycles(graph)
    lines = []
    for members in cycles:
        inside = set(members)
        lines.append(f"  a cycle among {', '.join(members)}:")
        lines += [f"    {i}" for module in members for name, i in sorted(graph[module].items()) if name in inside]
    assert not cycles, (
        "first-party modules import each other in a cycle (imports inside functions and under "
        "TYPE_CHECKING count: they only hide the loop):\n" + "\n".join(lines)
    )
