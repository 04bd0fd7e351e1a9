"""The solo table's views: opening one, the prophecy, giving up, the end page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import DetectiveResult, Game, LogEntry, Prophecy, SoloRun
from games.solo import prophecy as services
from games.store.errors import ServiceError
from tests.factories import arranged_table, holder_client, stored_state
from tests.notebook.helpers import form_of
from tests.solo.helpers import GRONK, NO_HEARTS, open_puzzle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]
HANDS = [["2H", "3H", "5C", "6C"], ["4S", "7S", "8S"], ["9S", "10S", "JS"]]


def refused_once(client: Client) -> Game:
    """A solo table where Ana's 2♥ was refused by Pip, and Ana is to play again."""
    game = open_puzzle(client)
    arranged_table(game, HANDS, [["7C"]], current=0)
    response = client.post(f"/g/{game.code}/act/",
                           {"type": "play", "cards": "2H", "version": game.version})
    assert response.status_code == 200, response.content
    game.refresh_from_db()
    return arranged_table(game, HANDS, [["7C"]], current=0)


def refused(response: Any) -> bool:
    """Whether an htmx answer is a refusal (answered 200, so that htmx shows it)."""
    return bool(response.status_code == 200 and response["X-Mao-Accepted"] == "0")


def prophesy(client: Client, game: Game, spec: dict[str, Any], **extra: Any) -> Any:
    data = form_of(spec) | {"jargon": "Pip", "version": str(game.version)} | extra
    return client.post(f"/g/{game.code}/solo/prophesy/", data, HTTP_HX_REQUEST="true")


def test_play_alone_opens_a_dealt_table_with_two_bots() -> None:
    client, holder = holder_client()
    game = open_puzzle(client)
    seats = list(game.seats.order_by("index"))
    assert [s.is_bot for s in seats] == [False, True, True] and seats[0].holder == holder
    assert game.phase == "playing" and game.version == 1
    page = client.get(f"/g/{game.code}/").content.decode()
    assert "Puzzle: Test" in page and "Give up" in page
    # Nobody else plays: there is nobody to hand the seat to.
    assert "Leave my seat" not in page


def test_the_player_cannot_leave_the_seat_to_a_stranger() -> None:
    client, _ = holder_client()
    game = open_puzzle(client)
    response = client.post(f"/g/{game.code}/act/", {"type": "leave_seat",
                                                    "version": game.version})
    assert response["X-Mao-Accepted"] == "0"
    after = Game.objects.get()
    assert after.version == game.version and not stored_state(after).vacant


def test_a_forged_puzzle_opens_nothing() -> None:
    client, _ = holder_client()
    response = client.post("/solo/start/", {"puzzle": "../etc", "name": "Ana"}, follow=True)
    assert "There is no such puzzle" in response.content.decode()
    assert not Game.objects.exists()


def test_a_rule_not_seen_yet_cannot_be_prophesied() -> None:
    client, _ = holder_client()
    game = arranged_table(open_puzzle(client), HANDS, [["7C"]], current=0)
    response = prophesy(client, game, NO_HEARTS)
    assert refused(response)
    assert "No rule called “Pip” has shown itself" in response.content.decode()
    assert Game.objects.get().version == game.version


def test_a_wrong_prophecy_costs_a_penalty_card_and_only_one_a_turn() -> None:
    client, _ = holder_client()
    game = refused_once(client)
    response = prophesy(client, game, GRONK)
    assert response.status_code == 200
    assert "Not Pip" in response.content.decode() and "penalty card" in response.content.decode()
    after = Game.objects.get()
    assert len(stored_state(after).hands[0]) == len(HANDS[0]) + 1
    assert LogEntry.objects.filter(game=after, action__type="prophesy").count() == 1
    again = prophesy(client, after, NO_HEARTS)
    assert refused(again) and "prophesied this turn already" in again.content.decode()
    assert Game.objects.get().version == after.version and Prophecy.objects.count() == 1


#: "No heart", with a clause always true that counts the round's red cards: the same rule,
#: which the analysis could only sample.
COUNTED_HEARTS: dict[str, Any] = {"kind": "restriction", "must_not": {"type": "all", "of": [
    NO_HEARTS["must_not"],
    {"type": "any", "of": [{"type": "count", "where": {"type": "colour", "is": "red"},
                            "with_played": True, "mod": 2, "op": "==", "value": v}
                           for v in (0, 1)]}]}}


def test_a_guess_the_prophet_cannot_settle_alone_is_refused_free() -> None:
    client, _ = holder_client()
    game = refused_once(client)
    response = prophesy(client, game, COUNTED_HEARTS)
    assert refused(response)
    assert "without counting" in response.content.decode()
    after = Game.objects.get()
    assert after.version == game.version and not Prophecy.objects.exists()
    assert len(stored_state(after).hands[0]) == len(HANDS[0])


def test_an_exact_prophecy_cracks_the_puzzle_and_the_end_shows_the_rule() -> None:
    client, _ = holder_client()
    game = refused_once(client)
    response = prophesy(client, game, NO_HEARTS)
    assert response["HX-Redirect"] == f"/g/{game.code}/solo/end/"
    run = SoloRun.objects.get()
    assert run.outcome == "cracked" and run.plays == 1 and run.penalties == 1
    assert run.game.phase == "ended"
    end = client.get(f"/g/{game.code}/solo/end/").content.decode()
    assert "Cracked in 1 play" in end and "You prophesied Pip" in end and "heart" in end
    client.get(f"/g/{game.code}/solo/end/")
    assert DetectiveResult.objects.count() == 1
    # The whole game's reveal leads back to the puzzle's own end.
    # The table sends every screen to the reveal at the end: the player's goes to the end.
    assert client.get(f"/g/{game.code}/reveal/")["Location"] == f"/g/{game.code}/solo/end/"
    assert f'href="/g/{game.code}/reveal/?whole"' in end
    reveal = client.get(f"/g/{game.code}/reveal/?whole").content.decode()
    assert f'href="/g/{game.code}/solo/end/"' in reveal
    # The engine ended it by the player's own EndGame: the reveal says what happened.
    assert "Cracked: every hidden rule named" in reveal and "Ana named every" in reveal
    assert "Ended by the host" not in reveal


def test_a_prophecy_out_of_turn_changes_nothing() -> None:
    client, _ = holder_client()
    game = refused_once(client)
    game = arranged_table(game, HANDS, [["7C"]], current=1)
    response = prophesy(client, game, NO_HEARTS)
    assert refused(response) and "only on your turn" in response.content.decode()
    assert Game.objects.get().version == game.version and not Prophecy.objects.exists()


@pytest.mark.parametrize("extra", [{"version": "x"}, {"version": "0"}, {"jargon": "Zog"}])
def test_bad_prophecies_are_refused_plainly(extra: dict[str, str]) -> None:
    client, _ = holder_client()
    game = refused_once(client)
    response = prophesy(client, game, NO_HEARTS, **extra)
    assert refused(response)
    assert Game.objects.get().version == game.version


def test_an_invalid_spec_is_refused_plainly() -> None:
    client, holder = holder_client()
    game = refused_once(client)
    with pytest.raises(ServiceError) as refused:
        services.prophesy(game, holder, "Pip", {"kind": "nonsense"}, game.version)
    assert refused.value.code == "solo/bad_rule"
    assert Game.objects.get().version == game.version


def test_someone_else_cannot_prophesy_or_give_up() -> None:
    client, _ = holder_client()
    game = refused_once(client)
    other, _ = holder_client()
    assert refused(prophesy(other, game, NO_HEARTS))
    response = other.post(f"/g/{game.code}/solo/give-up/", {"confirm": "yes"},
                          HTTP_HX_REQUEST="true")
    assert refused(response)
    assert Game.objects.get().version == game.version


def test_giving_up_needs_the_confirmation_then_shows_the_rule() -> None:
    client, _ = holder_client()
    game = open_puzzle(client)
    assert client.get(f"/g/{game.code}/solo/end/")["Location"] == f"/g/{game.code}/"
    answer = client.post(f"/g/{game.code}/solo/give-up/", {}, HTTP_HX_REQUEST="true")
    assert refused(answer) and Game.objects.get().phase == "playing"
    response = client.post(f"/g/{game.code}/solo/give-up/", {"confirm": "yes"})
    assert response["Location"] == f"/g/{game.code}/solo/end/"
    assert SoloRun.objects.get().outcome == "gave_up"
    end = client.get(response["Location"]).content.decode()
    assert "Given up" in end and "The detective on the same deal" in end
    # The whole game's reveal, linked from the end, shows a solo game as any other, but
    # says it was given up rather than ended by a host.
    reveal = client.get(f"/g/{game.code}/reveal/?whole").content.decode()
    assert "Given up: the rules revealed" in reveal and "Ana gave up the puzzle." in reveal
    assert "Ended by the host" not in reveal


def test_the_choice_lists_the_puzzles() -> None:
    page = Client().get("/solo/").content.decode()
    assert "hearts" in page and "red" in page


def test_a_prophecy_cannot_be_forged_through_the_table_form() -> None:
    client, _ = holder_client()
    game = refused_once(client)
    response = client.post(f"/g/{game.code}/act/", {"type": "prophesy", "missed": "false",
                                                    "version": game.version})
    assert response["X-Mao-Accepted"] == "0"
    assert Game.objects.get().version == game.version


@pytest.mark.parametrize("data", [{"name": ""}, {"name": "x" * 41}, {"name": "   "},
                                  {"puzzle": ""}, {"name": "A\x00"}])
def test_a_bad_start_opens_nothing_and_says_why(data: dict[str, str]) -> None:
    client, _ = holder_client()
    response = client.post("/solo/start/", {"puzzle": "hearts", "name": "Ana"} | data,
                           follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == "/solo/"
    assert not Game.objects.exists()


@pytest.mark.parametrize("data", [{"jargon": "Pip\x00"}, {"version": "9" * 40},
                                  {"jargon": "x" * 5000}])
def test_odd_prophecies_are_plain_refusals(data: dict[str, str]) -> None:
    client, _ = holder_client()
    game = refused_once(client)
    response = prophesy(client, game, NO_HEARTS, **data)
    assert refused(response)
    assert Game.objects.get().version == game.version


def test_solo_urls_answer_plainly_to_the_wrong_method_or_code() -> None:
    client, _ = holder_client()
    assert client.get("/g/NOSUCH/solo/end/").status_code == 404
    assert client.post("/g/NOSUCH/solo/prophesy/", {}).status_code == 404
    assert client.get("/solo/start/").status_code == 405
    game = open_puzzle(client)
    assert client.get(f"/g/{game.code}/solo/give-up/").status_code == 405
