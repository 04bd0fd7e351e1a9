"""Database models for games (none yet: Game and LogEntry come with the lobby)."""
