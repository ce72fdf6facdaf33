"""Projections: read the log in bulk, replay rating periods through a rules
version, and materialise rating lists. Nothing here writes to the log."""
