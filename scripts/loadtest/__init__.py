"""A load test that plays Mini Mao against a server the way real players do.

``python -m scripts.loadtest`` (:mod:`.__main__`) drives G tables of P players, each an
HTTP session plus a WebSocket on one asyncio loop, then the same clients against a minimal
broadcast server (:mod:`.baseline`) so latency and CPU per action are given as ratios.
"""
