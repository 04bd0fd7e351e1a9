"""The Mini Mao game as a pure state machine: pure game engine, no Django.

State, actions, events, ``apply()``, per-seat views, lockup analysis and bots live here.
This package imports ``rules`` and the standard library only (tests/test_architecture.py
checks it), and draws randomness from ``random.Random(seed)``, never the global ``random``.
"""
