"""The ``ratings`` command line: parse, call the ledger or the projections, format.

:mod:`commands.cli` is the group and the registry of every command;
:mod:`commands.context` the context and the refusals, :mod:`commands.options`
the shared options, :mod:`commands.output` the one emitter of tables, CSV and
JSON; the other modules hold the commands of one topic each.
"""

__version__ = "0.1.0"
"""The package's version: ``pyproject.toml`` reads it from here, and ``ratings --version`` prints it without
asking the installed distributions (which costs more than importing click)."""
