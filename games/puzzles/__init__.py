"""Solo puzzles: a library of hidden rules, the table they are played at, the prophet's
check of a stated rule, the detective's run that grades them, and the daily choice.

Pure (no Django): the solo table's views and the published puzzles' store build on it.
"""
