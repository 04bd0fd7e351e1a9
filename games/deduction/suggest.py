"""What the notebook suggests trying for one jargon: the viewer's hypotheses weighed
against the simplest rivals their own public record allows, on the table they see now."""

from __future__ import annotations

from collections.abc import Sequence

from games.deduction.detective import rivals
from games.deduction.experiments import Experiment, Table, experiments
from games.deduction.record import PublicRecord
from rules.context import Settings
from rules.spec import Call, Restriction, Rule, Trigger


def suggest(jargon: str, held: Sequence[tuple[str, Rule]], record: PublicRecord,
            tables: Sequence[Table], settings: Settings) -> tuple[Experiment, ...]:
    """What to try from the hand to test ``held`` (the viewer's hypotheses for ``jargon``
    the table has not contradicted, with their names) against each other and the simplest
    rivals ``record`` (the viewer's) allows."""
    plays = any(isinstance(r.spec, Restriction | Trigger | Call) for _, r in held)
    others = rivals(record, jargon, settings) if plays else ()
    return experiments(held, tables, settings, rivals=others, jargon=jargon)
