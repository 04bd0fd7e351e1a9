"""The Mini Mao game as a pure state machine: no Django, randomness from ``Random(seed)``.

The public API: :func:`new_game` (or :func:`open_game`), :func:`apply`,
:func:`player_view` / :func:`spectator_view`, :func:`parse_action`, and
``GameState.to_json`` / ``from_json``.
"""
