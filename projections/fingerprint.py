"""The fingerprint of a rules version: what a publication records so that an audit can tell, without
replaying, that the code which computed the list is the code it would replay with.

It is the SHA-256 of a canonical JSON document of three parts:

- the rules version's parameters (:func:`projections.registry.get_rules`) and the :class:`System` that
  rates it (:func:`projections.registry.system_for`), as values: every field of every dataclass and
  named tuple, sets sorted, floats by ``repr``, and each function by its module and qualified name, with
  the values its closure and defaults hold;
- the source of every module of this project (``ledger``, ``projections``) that the replay of a list
  runs: the modules of those functions and classes, :data:`ROOTS`, and every module they import, and
  so on (read from the ``import`` statements of the source, wherever they stand). An import of the
  registry (:data:`SKIPPED`) is not followed: it holds every rules version, and its values for this
  one are the first part;
- :data:`FORMAT`, the version of this document.

Source is hashed as bytes read from the files (line endings as ``\\n``), never bytecode, so the
fingerprint is the same on every machine and Python version that runs the same source. It is read
when the fingerprint is first asked for in a process (``publish`` asks before it computes the list):
a file replaced on disk while a process runs is not the code that process runs. What it does
not cover: Python itself and the libraries outside this project (the standard library's ``math``, the
SQLite or PostgreSQL driver). A change there that changed a list (a platform whose ``math.exp`` rounds
otherwise) would be found only by a replay, the audit's other path.

Any change to a covered module, even one no list depends on (a docstring), changes the fingerprint:
the audit then replays, and says why. That is the price of never claiming a reproduction the code
cannot vouch for.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import importlib
import json
from collections.abc import Iterator
from datetime import date
from enum import Enum
from functools import cache, partial
from pathlib import Path
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

from projections.registry import get_rules, system_for

FORMAT = 1
"""The version of the fingerprinted document: changed when what it covers changes."""

PACKAGES = ("ledger", "projections")
"""The packages whose modules are this project's code (``commands`` never computes a list)."""

ROOTS = ("projections.replay", "projections.audit")
"""The replay of a list (the projector, the facts, the runs, the list's rows) and its digest: where the
covered modules start, besides the rules version's own."""

SKIPPED = frozenset({"projections.registry"})
"""Modules not followed: the registry's values for the version are fingerprinted as values."""


class FingerprintError(ValueError):
    """A value or module the fingerprint cannot cover deterministically (a fault of the code, not of a file)."""


def rules_fingerprint(rules: str) -> str:
    """The fingerprint (64 hex digits) of the rules version ``rules``, as of the code running now."""
    return _fingerprint(rules)


@cache
def _fingerprint(rules: str) -> str:
    document, covered = _values(rules)
    document["modules"] = {name: hashlib.sha256(_source(name)).hexdigest() for name in sorted(covered)}
    text = json.dumps(document, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def covered_modules(rules: str) -> list[str]:
    """The modules whose source the fingerprint of ``rules`` covers, by name."""
    return sorted(_values(rules)[1])


def _values(rules: str) -> tuple[dict[str, Any], set[str]]:
    """The fingerprinted document of ``rules`` but its modules' sources, and the modules it covers."""
    params = get_rules(rules)
    modules: set[str] = set()
    document = {
        "format": FORMAT,
        "rules": _canonical(params, modules),
        "system": _canonical(system_for(params), modules),
    }
    return document, _closure(modules | set(ROOTS))


# --- values ------------------------------------------------------------------------


def _own(module: str | None) -> bool:
    return module is not None and module.split(".")[0] in PACKAGES


def _named(thing: Any, modules: set[str]) -> str:
    module = getattr(thing, "__module__", None)
    if _own(module):
        modules.add(str(module))
    return f"{module}:{getattr(thing, '__qualname__', getattr(thing, '__name__', '?'))}"


def _canonical(value: Any, modules: set[str]) -> Any:
    """``value`` as JSON that is the same in every process: ``modules`` gets the project's modules it names."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, Enum):
        return {"enum": _named(type(value), modules), "value": _canonical(value.value, modules)}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, type):
        return {"class": _named(value, modules)}
    if dataclasses.is_dataclass(value):
        fields = {f.name: _canonical(getattr(value, f.name), modules) for f in dataclasses.fields(value)}
        return {"dataclass": _named(type(value), modules), "fields": fields}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        fields = {name: _canonical(getattr(value, name), modules) for name in value._fields}
        return {"namedtuple": _named(type(value), modules), "fields": fields}
    if isinstance(value, tuple | list):
        return [_canonical(item, modules) for item in value]
    if isinstance(value, dict):
        items = [[_canonical(k, modules), _canonical(v, modules)] for k, v in value.items()]
        return {"dict": sorted(items, key=_sort_key)}
    if isinstance(value, set | frozenset):
        return {"set": sorted((_canonical(item, modules) for item in value), key=_sort_key)}
    if isinstance(value, partial):
        return {
            "partial": _canonical(value.func, modules),
            "args": _canonical(value.args, modules),
            "keywords": _canonical(value.keywords, modules),
        }
    if isinstance(value, MethodType):
        return {"method": _canonical(value.__func__, modules), "of": _canonical(value.__self__, modules)}
    if isinstance(value, FunctionType):
        cells = [cell.cell_contents for cell in value.__closure__ or ()]
        return {
            "function": _named(value, modules),
            "closure": _canonical(cells, modules),
            "defaults": _canonical(value.__defaults__ or (), modules),
            "kwdefaults": _canonical(value.__kwdefaults__ or {}, modules),
        }
    if callable(value) and callable(getattr(value, "__wrapped__", None)):  # functools.cache, functools.wraps
        return {
            "wrapper": f"{type(value).__module__}:{type(value).__qualname__}",
            "of": _canonical(value.__wrapped__, modules),
        }
    if isinstance(value, BuiltinFunctionType | ModuleType):
        return {"builtin": getattr(value, "__qualname__", value.__name__)}
    if callable(value) and not _own(type(value).__module__) and " at 0x" not in repr(value):
        return {"callable": repr(value)}  # e.g. operator.itemgetter(1): its repr says what it does
    raise FingerprintError(f"the rules fingerprint cannot cover a {type(value).__qualname__}: {value!r}")


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


# --- modules -------------------------------------------------------------------------


def _closure(starts: set[str]) -> set[str]:
    """``starts`` and every module of the project they import, and so on: a module of :data:`SKIPPED` only
    when it is one of ``starts`` (a value names a function or class of it), never through an import."""
    seen: set[str] = set()
    todo = sorted(starts)
    while todo:
        name = todo.pop()
        if name in seen or (name in SKIPPED and name not in starts):
            continue
        seen.add(name)
        todo.extend(_imports(name))
    return seen


@cache
def _path(name: str) -> Path | None:
    """The source file of the project's module ``name`` (found in its package's folder, importing nothing);
    None when ``name`` is not one (a class, a function, another package's module)."""
    top, _, rest = name.partition(".")
    if top not in PACKAGES:
        return None
    for folder in importlib.import_module(top).__path__:
        base = Path(folder).joinpath(*rest.split(".")) if rest else Path(folder)
        for candidate in (base.parent / f"{base.name}.py", base / "__init__.py") if rest else (base / "__init__.py",):
            if candidate.is_file():
                return candidate
    return None


@cache
def _source(name: str) -> bytes:
    path = _path(name)
    if path is None:
        raise FingerprintError(f"the source of module {name} cannot be found")
    try:
        return path.read_bytes().replace(b"\r\n", b"\n")
    except OSError as error:
        raise FingerprintError(f"the source of module {name} cannot be read ({error})") from None


@cache
def _imports(name: str) -> tuple[str, ...]:
    """The project's modules that ``name``'s source imports, anywhere in it (``from a import b`` of a
    module ``a.b`` is that module, not the package ``a``)."""
    path = _path(name)
    assert path is not None
    tree = ast.parse(_source(name), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        for module in _imported(node, package):
            if _path(module) is not None:
                found.add(module)
    return tuple(sorted(found))


def _imported(node: ast.AST, package: str) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        submodules = [f"{base}.{alias.name}" for alias in node.names if _path(f"{base}.{alias.name}") is not None]
        yield from submodules
        if len(submodules) < len(node.names):
            yield base
