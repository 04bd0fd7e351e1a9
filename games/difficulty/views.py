"""The builder's "how hard is it?" line: ``POST /g/<code>/builder/difficulty/``.

For the writing seat only, on its own rate limit and the writer's CPU budget for estimates
(:data:`BUDGET`, apart from the builder's other requests): the estimate
of the draft alone, from the background runner; until it is ready the answer asks again.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.authoring.forms import check, form_from_data
from games.builder.views import Writer, budget_key, writer_view
from games.difficulty import runner

PARTIAL = "games/builder/difficulty.html"
#: Seconds after which the page asks again while the estimate runs (its answer often
#: comes within a second), and while the estimator is too busy to take it.
AGAIN_RUNNING = 0.5
AGAIN_BUSY = 3.0
#: The writer's CPU budget the estimates and their requests are charged to.
BUDGET = "estimates"


#: Asked a moment after each preview: one still on its way when the rule is written gets 204,
#: which htmx leaves unswapped (an error status would be an error in the writer's console).
@writer_view("difficulty", one_at_a_time=False, after_writing=204, budget=BUDGET)
def difficulty(request: HttpRequest, w: Writer) -> HttpResponse:
    """How hard the draft is to guess, or that the estimate is on its way."""
    checked = check(form_from_data(request.POST), author=w.seat)
    if not checked.ok or checked.rule is None:
        return render(request, PARTIAL, {"unfinished": True, "code": w.game.code})
    answer = runner.request(f"{w.game.code}:{w.seat}", checked.spec, w.state.settings,
                            charge_to=budget_key(request, w.game, BUDGET))
    return render(request, PARTIAL, {"answer": answer, "code": w.game.code,
                                     "again_ms": round(1000 * (AGAIN_BUSY if answer.busy
                                                               else AGAIN_RUNNING))})
