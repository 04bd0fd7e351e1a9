"""The Mini Mao rule language: cards, rule specs, evaluation, English and analysis.

The core modules of this package are plain Python with no Django import (an
architecture test keeps it so); ``rules.apps`` and ``rules.management`` are the
thin Django side that exposes the ``judge`` command.
"""

# The counting nodes register themselves with the condition readers when imported.
from rules import counting as _counting  # noqa: E402, F401
