"""Deduction: what a player can work out from the table, and nothing else.

Pure Python, like the engine: every tool here reads a
:class:`~games.deduction.record.PublicRecord` (the game as one viewer saw it) and a
player's own hypotheses, never a game state or a secret rule; an architecture contract
keeps it so. :mod:`.record` builds the record from events; :mod:`.evidence` turns what the
table saw into situations a rule can judge; :mod:`.notebook` gathers the evidence by
jargon; :mod:`.hypotheses` checks a hypothesis against it; :mod:`.experiments` suggests
plays that would test or split hypotheses; :mod:`.scoring` scores a sealed guess against
the real rule once the game is over.
"""
