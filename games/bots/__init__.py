"""Bots at a live table: the driver that lets a due bot act after each change."""
