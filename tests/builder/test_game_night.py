"""The builder's examples: each offered once, no two showing the same sentence."""

from __future__ import annotations

from games.authoring.examples import templates


def test_no_two_examples_show_the_same_sentence() -> None:
    sentences = [t.sentence for t in templates()]
    assert len(sentences) == len(set(sentences))
    assert "Pip" in [t.jargon for t in templates()]
