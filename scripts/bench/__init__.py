"""Benchmarks: commands that print the median and p95 of what they time.

``python -m scripts.bench rules|engine|builder`` (see ``--help``); figures go to
docs/performance.md with the command and the date.
"""
