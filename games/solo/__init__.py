"""Solo puzzles, the Django side: a table of one against hidden rules, the prophet's guess,
the end and its reveal, and the daily challenge."""
