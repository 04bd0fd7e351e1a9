"""The guesser's notebook: the evidence by jargon, private notes, hypotheses checked against
the table, experiments, and sealed guesses scored at the reveal (the deduction itself is
the pure :mod:`games.deduction`)."""
