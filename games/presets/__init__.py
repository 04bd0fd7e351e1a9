"""Presets: ways to play Mao as data, from Mini Mao (the default) to classic Mao.

Settings, public house rules and optional secret laws as versioned JSON
(:mod:`games.presets.format`); the engine knows no preset. Pure: no Django.
:func:`~games.presets.registry.presets`, :func:`~games.presets.opening.settings_for` and
:func:`~games.presets.opening.open_preset` are the entry points.
"""
