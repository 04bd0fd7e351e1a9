"""Solo puzzles, pure: a library of graded puzzles against hidden rules, the prophet's check,
the detective's run, the daily choice and the statistics of a puzzle's players."""
