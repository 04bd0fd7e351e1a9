"""The builder's "how hard is it?" line: ``POST /g/<code>/builder/difficulty/``.

For the seat writing a rule only (like every builder ``POST``; counted against its own rate
limit, apart from the builder's other requests), with the builder's form as
it stands: the estimate of the draft alone (never of the other rules in force), from the
background runner. Until it is ready, the answer asks again a moment later (a few seconds
later when the estimator is too busy to take it); the author can write the rule without
waiting. The poll runs on the writer's CPU budget, but beside the builder's other
requests: it is not on their queue.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.authoring.forms import check, form_from_data
from games.builder.views import Writer, writer_view
from games.difficulty import runner

PARTIAL = "games/builder/difficulty.html"


@writer_view("difficulty", one_at_a_time=False)
def difficulty(request: HttpRequest, w: Writer) -> HttpResponse:
    """How hard the draft is to guess, or that the estimate is on its way."""
    checked = check(form_from_data(request.POST), author=w.seat)
    if not checked.ok or checked.rule is None:
        return render(request, PARTIAL, {"unfinished": True, "code": w.game.code})
    answer = runner.request(f"{w.game.code}:{w.seat}", checked.spec, w.state.settings)
    return render(request, PARTIAL, {"answer": answer, "code": w.game.code})
