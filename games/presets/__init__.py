"""Presets: ways to play Mao as data, from Mini Mao (the default) to classic Mao.

Classic Mao is an already-begun game of Mini Mao: a preset is game settings, public house
rules, optional secret laws and lifecycle settings (rule making, reveal, match, dealer,
penalties), stored as versioned JSON (``data/<name>.json``) and validated like rules
(:mod:`games.presets.format`). The engine knows nothing of any particular preset: every
behaviour is a setting or a rule feature. Pure, like the engine: no Django import
(tests/test_architecture.py).

- :func:`~games.presets.registry.presets` / :func:`~games.presets.registry.preset`: the
  presets offered;
- :func:`~games.presets.opening.settings_for`: a game's settings from a preset and the host's
  choices;
- :func:`~games.presets.opening.open_preset`: the game's first state and events.
"""
