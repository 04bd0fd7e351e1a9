#!/usr/bin/env python
"""Django's command-line utility for Mini Mao."""

from __future__ import annotations

import os
import sys

#: Commands that use only the pure core (rules, the engine), or only start other processes
#: (``loadtest``, whose servers get their settings from it): they run from a fresh clone with
#: no configuration (no DEBUG, no SECRET_KEY) and open no database file (maosite/settings.py,
#: ``MAO_OFFLINE``).
OFFLINE_COMMANDS = frozenset({"judge", "play_bots", "loadtest"})


def main() -> None:
    """Run a Django management command."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    if len(sys.argv) > 1 and sys.argv[1] in OFFLINE_COMMANDS:
        # Before Django reads the settings, which is when MAO_OFFLINE counts.
        os.environ.setdefault("MAO_OFFLINE", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
