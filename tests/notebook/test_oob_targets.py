"""Every out-of-band swap an answer of the hypothesis page sends has its target on that
page (htmx reports ``oobErrorNoTarget`` otherwise, a console error on every preview)."""

from __future__ import annotations

import re

import pytest

from games.models import Hypothesis
from tests.notebook.helpers import NO_HEARTS, form_of, gronk_game

pytestmark = pytest.mark.django_db

OOB = re.compile(r'<[^>]*\bid="([^"]+)"[^>]*\bhx-swap-oob=')


def test_the_hypothesis_answers_swap_only_what_the_page_holds() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    base = f"/g/{game.code}/notebook/hypothesis/"
    fields = {**form_of(NO_HEARTS), "jargon": "Gronk"}
    # The page as it stands once the hypothesis holds these rows (it opens blank).
    cat.post(f"{base}save/", fields)
    kept = Hypothesis.objects.get()
    page = cat.get(base, {"jargon": "Gronk", "edit": str(kept.pk)}).content.decode()
    fields["edit"] = str(kept.pk)
    # (A row added brings its own message slot in the area it redraws: not asked here.)
    answers = [cat.post(f"{base}preview/", fields), cat.post(f"{base}form/", fields)]
    for answer in answers:
        targets = OOB.findall(answer.content.decode())
        assert targets
        missing = [t for t in targets if f'id="{t}"' not in page]
        assert missing == [], missing
