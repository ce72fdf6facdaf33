"""The ``ratings`` command line: parse, call the ledger or the projections, format.

:mod:`commands.cli` is the group and the registry of every command;
:mod:`commands.context` the context and the refusals, :mod:`commands.options`
the shared options, :mod:`commands.output` the one emitter of tables, CSV and
JSON; the other modules hold the commands of one topic each.
"""
