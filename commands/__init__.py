"""The ``ratings`` command line: parse, call the ledger or the projections, format."""
