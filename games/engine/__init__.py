"""The Mini Mao game as a pure state machine: pure game engine, no Django.

State, actions, events, ``apply()``, per-seat views, lockup analysis and bots live here.
This package imports ``rules`` and the standard library only (tests/test_architecture.py
checks it), and draws randomness from ``random.Random(seed)``, never the global ``random``.

The small public API (OpenSpiel-like): :func:`new_game` (or :func:`open_game`, with house
rules, laws and the events of a first deal), :func:`apply`,
:func:`player_view` / :func:`spectator_view`, :func:`parse_action`, and
``GameState.to_json``/``from_json``.
"""
