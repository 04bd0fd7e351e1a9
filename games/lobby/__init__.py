"""The lobby: the home page, opening a table, taking seats, bots, and starting the game."""
