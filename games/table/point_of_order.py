"""What the table shows one viewer of points of order (games/engine/point_of_order.py): the panel
with its call button, or, while one lasts, its banner, the rules that judge its words, its
chat and the button that ends it (or agrees to), for whoever may press it.

Built from the viewer's :class:`~games.engine.visibility.PlayerView` alone (everything shown is
public: who called, what was said, who agrees; a secret third-person rule is never listed)
and the one thing the engine does not know, whether the viewer is the host.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.visibility import PlayerView
from games.presets.display import HouseRuleRow
from rules.spec import ThirdPerson


@dataclass(frozen=True, slots=True)
class ChatRow:
    """A line of the point of order's chat: who said it, and what."""

    name: str
    words: str


@dataclass(frozen=True, slots=True)
class OrderPanel:
    """The point of order's panel for one viewer. ``active``: one is under way (called by
    ``caller``; ``to_play`` plays when it ends); the viewer ``may_call`` one (none under
    way), ``may_end`` it outright, ``may_agree`` to end it (where everyone else together
    may), or already ``agreed``;
    ``agreed_names`` are everyone who agrees so far, ``rules`` the public rules that judge
    its words, ``chat`` the latest lines said in it."""

    active: bool = False
    caller: str = ""
    #: Who plays when it ends ("you" for the viewer).
    to_play: str = ""
    may_call: bool = False
    may_end: bool = False
    may_agree: bool = False
    agreed: bool = False
    agreed_names: tuple[str, ...] = ()
    #: Public rules (house rules, rules disclosed) that judge its words, as everyone reads
    #: them.
    rules: tuple[HouseRuleRow, ...] = ()
    chat: tuple[ChatRow, ...] = ()
    #: Who ends it besides its caller and the host, in words ("" for nobody else).
    others_end: str = ""
    #: Its number in the game, which the form to end it sends: a late form cannot end the
    #: next one.
    number: int = 0
    #: It is the host's pause (no rule judges words; only the host resumes), or the viewer,
    #: the host of a game with pauses, ``may_pause`` it (none under way).
    pause: bool = False
    may_pause: bool = False


def order_panel(view: PlayerView, is_host: bool) -> OrderPanel:
    """The panel of ``view``'s viewer (``is_host``: they hold the table's host powers)."""
    settings, me, order = view.settings, view.viewer, view.order
    seated = me is not None and view.phase == "playing"
    if order is None:
        allowed = settings.order_callers == "anyone" or (
            settings.order_callers == "host" and is_host)
        return OrderPanel(may_call=seated and allowed and me not in view.order_barred,
                          may_pause=seated and is_host and settings.host_pause)
    if order.pause:
        return OrderPanel(
            active=True, caller=view.names[order.caller], pause=True,
            to_play="you" if me == view.current else view.names[view.current],
            may_end=seated and (me == order.caller or is_host),
            chat=tuple(ChatRow(view.names[line.seat], line.words) for line in order.chat),
            number=order.number)
    may_end = seated and (me == order.caller or is_host or settings.order_enders == "anyone")
    agreed = me in order.agreed
    others = ("any player" if settings.order_enders == "anyone" else
              "everyone else together" if settings.order_agree else "")
    return OrderPanel(
        active=True, caller=view.names[order.caller],
        to_play="you" if me == view.current else view.names[view.current], may_end=may_end,
        may_agree=seated and not may_end and settings.order_agree and not agreed,
        agreed=agreed, agreed_names=tuple(view.names[s] for s in order.agreed),
        rules=_order_rules(view),
        chat=tuple(ChatRow(view.names[line.seat], line.words) for line in order.chat),
        others_end=others, number=order.number)


def _order_rules(view: PlayerView) -> tuple[HouseRuleRow, ...]:
    """The public rules in force that judge words said during a point of order."""
    return tuple(HouseRuleRow(r.jargon, r.text) for r in (*view.house_rules, *view.disclosed)
                 if r.retired is None and isinstance(r.rule.spec, ThirdPerson)
                 and r.rule.spec.during in ("order", "always"))
