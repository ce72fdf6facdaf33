"""Rules modules: pure functions over frozen values, one module per rating system.

They never touch storage or the command line; :mod:`projections.registry`
names their versions.
"""
