"""Publishing a rule as a solo puzzle, after a game's reveal (the Django side of
:mod:`games.puzzles`): who may, the checks, and the published puzzles as a library."""
