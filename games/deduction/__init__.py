"""Deduction: what a player can work out from the table, and nothing else.

Pure Python: every tool reads a :class:`~games.deduction.record.PublicRecord` and the
player's own hypotheses, never a game state or a secret rule (an architecture contract
keeps it so).
"""
