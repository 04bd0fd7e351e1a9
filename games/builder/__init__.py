"""builder of a game (see its modules)."""
