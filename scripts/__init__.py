"""Development tools of Mini Mao: benchmarks and the load test (never shipped in the wheel).

Run from the repository root with the project's virtualenv, e.g.
``.venv/bin/python -m scripts.bench rules`` or ``.venv/bin/python -m scripts.loadtest --help``.
"""
