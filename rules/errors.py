"""Errors of the rule language: values with stable codes, never bare exceptions."""

from __future__ import annotations


class RuleError(ValueError):
    """A rule spec is malformed or contradictory.

    ``path`` names the field (``rule.when.of[1].in``) and ``code`` is a stable
    identifier the UI can map to words (``spec/unknown_type``).
    """

    def __init__(self, message: str, *, path: str = "rule", code: str = "spec/invalid") -> None:
        self.path = path
        self.code = code
        self.detail = message
        super().__init__(f"{path}: {message}")


class CardError(ValueError):
    """A card's text or fields are not a card; the message quotes the input."""

    code = "card/invalid"
