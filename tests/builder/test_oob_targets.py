"""An answer of the table's rule builder swaps out of band only what the panel holds: no
"Auto" for the round's controls while the rules do not read the round (htmx reports
``oobErrorNoTarget`` otherwise, a console error on every preview)."""

from __future__ import annotations

import re

import pytest

from games.authoring.spec_form import spec_to_form
from tests.builder.helpers import HX, post_form, seated_game
from tests.builder.test_views import MORE_THAN_3, post, url

pytestmark = pytest.mark.django_db

OOB = re.compile(r'<[^>]*\bid="([^"]+)"[^>]*\bhx-swap-oob=')


def test_a_preview_swaps_only_what_the_panel_holds() -> None:
    game, clients = seated_game()
    # The page as it stands with a rule of both lists (an idea of the gallery adopted).
    panel = clients[0].get(url(game, "panel") + "?template=09-2", headers=HX).content.decode()
    data = post_form(spec_to_form(MORE_THAN_3, ""), **{"sit-hand": "", "sit-depth": "1",
                                                          "sit-rounds": "0"})
    answer = post(clients[0], game, "preview", data).content.decode()
    targets = OOB.findall(answer)
    assert "auto-sit-hand" in targets
    missing = [t for t in targets if f'id="{t}"' not in panel]
    assert missing == [], missing
