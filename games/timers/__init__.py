"""The game clock at a live table: each game's timers fired when they are due."""
