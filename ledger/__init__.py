"""The ledger: events, aggregates, the application and its store.

Everything here records facts. Nothing here computes a rating.
"""
