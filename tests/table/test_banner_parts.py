"""The banner puts a refusal's verdict first, so a phone that shortens the rest keeps it."""

from __future__ import annotations

from games.engine.events import Breach, Played, Refused, refusal_verdict
from games.engine.visibility import log_line
from games.table.context import Banner

PIP = Breach("Mr. Pip", 1, "Bob", 1)
ZAP = Breach("Zap", 2, "Cat", 2)


def refused(say: str, *broken: Breach) -> Refused:
    text = f"Ann tries 5♥ on A♠, saying “{say}”. {refusal_verdict(broken)}"
    return Refused(text=text, seat=0, cards=("5H",), stands_for=("5H",), top="AS",
                   broken=broken)


def test_a_refusal_is_drawn_verdict_first_whatever_was_said() -> None:
    event = refused("Stop. Hammer time. Bob: that's a Zap!", PIP, ZAP)
    banner = Banner.of(log_line(event, None))
    assert banner.verdict == "Bob: that's a Mr. Pip! Cat: that's a Zap!"
    assert banner.text == "Ann tries 5♥ on A♠, saying “Stop. Hammer time. Bob: that's a Zap!”."


def test_a_group_no_rule_allows_says_so_first() -> None:
    banner = Banner.of(log_line(refused("Mao"), 1))
    assert (banner.verdict, banner.text) == ("No rule lets those cards go down together.",
                                             "Ann tries 5♥ on A♠, saying “Mao”.")


def test_other_moments_are_drawn_as_they_read() -> None:
    event = Played(text="Ann plays 5♠ on A♠.", seat=0, cards=("5S",), stands_for=("5S",),
                   pile=0)
    assert Banner.of(log_line(event, 2)) == Banner("", "Ann plays 5♠ on A♠.")
