"""A hostile player: every attack we know of, run against fresh daphnes, with what it learned
or cost (``python -m scripts.hostile``; docs/security.md).
"""
