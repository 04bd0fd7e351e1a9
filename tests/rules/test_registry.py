"""Every registered condition type can be read, written, compiled and described."""

from __future__ import annotations

from rules.conditions import NODE_TYPES, CardTest, Relation
from rules.english import CLAUSES
from rules.evaluation import COMPILERS


def test_every_node_type_has_a_compiler() -> None:
    missing = [tag for tag, cls in NODE_TYPES.items() if cls not in COMPILERS]
    assert missing == []


def test_every_leaf_node_type_has_english() -> None:
    structural = {"all", "any", "not", "iff", "cases"}  # said by rules.english.clause itself
    missing = [tag for tag, cls in NODE_TYPES.items()
               if tag not in structural and not issubclass(cls, CardTest | Relation)
               and cls not in CLAUSES]
    assert missing == []


def test_tags_are_the_registry_keys() -> None:
    assert all(cls.tag == tag for tag, cls in NODE_TYPES.items())
    assert len(NODE_TYPES) == 26
