"""Re-runnable benchmarks of the rating ledger (``python -m benchmarks.run``)."""
