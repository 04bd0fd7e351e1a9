"""The reveal page over HTTP: a 404 that gives nothing away, then everything."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games.engine.actions import EndGame, Pass, WriteRule
from games.engine.events import Hand
from games.engine.settings import GameSettings
from games.models import Game, Hypothesis, Note
from games.store.reads import game_log, load_state
from games.store.writes import submit_action
from rules.english import describe
from tests.factories import create_game, holder_client
from tests.reveal.helpers import (
    FIVER,
    LOCK,
    TANGLE,
    TANGLE_EXACT,
    TANGLE_NARROW,
    TANGLE_WIDE,
    play,
    seal,
    start,
)

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"


def page(client: Client, game: Game, code: str | None = None) -> tuple[int, str]:
    response = client.get(f"/g/{code or game.code}/reveal/")
    return response.status_code, response.content.decode()


def section(html: str, ident: str) -> str:
    start_at = html.index(f'id="{ident}"')
    return html[start_at:html.index("</section>", start_at)]


def test_the_reveal_has_a_stable_url(locked: Game) -> None:
    assert reverse("reveal", args=[locked.code]) == f"/g/{locked.code}/reveal/"


def test_before_the_end_the_page_is_a_404_that_reveals_nothing(client: Client) -> None:
    game = start()
    states = []
    status, html = page(client, game)
    states.append((status, html))
    game = submit_action(game, WriteRule(0, TANGLE), game.version).game
    state = load_state(game)
    submit_action(game, Pass(state.current), game.version)
    states.append(page(client, game))

    for status, html in states:
        assert status == 404
        assert "This game is still being played — the rules are revealed when it ends" in html
        assert f'href="/g/{game.code}/"' in html
        assert "Tangle" not in html
        assert escape(describe(load_state(game).rules[0].rule)) not in html


def test_an_unknown_game_is_a_404(client: Client) -> None:
    response = client.get("/g/NOSUCH/reveal/")

    assert response.status_code == 404
    assert "No such game" in response.content.decode()


def test_the_code_may_be_typed_in_lower_case(client: Client, locked: Game) -> None:
    status, _ = page(client, locked, locked.code.lower())

    assert status == 200


def test_the_page_says_why_the_game_ended(client: Client, locked: Game) -> None:
    status, html = page(client, locked)
    end = section(html, "end")

    assert status == 200
    assert "Locked up: no card can be played" in end
    ending = load_state(locked).end
    assert ending is not None
    assert escape(ending.text) in end


def test_a_game_ended_by_the_host_says_so(client: Client, hosted: Game) -> None:
    end = section(page(client, hosted)[1], "end")

    assert "Ended by the host" in end and "Ann ended the game." in end


def test_every_rule_is_shown_with_its_author_round_sentence_and_counts(
        client: Client, locked: Game) -> None:
    state = load_state(locked)
    html = page(client, locked)[1]
    rules = section(html, "rules")

    cards = rules.split('<li class="rule ')[1:]
    for entry in state.rules:
        card = next(c for c in cards if f'id="rule-{entry.id}"' in c)
        stats = state.stats[entry.id]
        assert f'<h3 class="jargon">{entry.jargon}</h3>' in card
        assert f'<strong class="author">{state.author_name(entry.author)}</strong>' in card
        assert f"in round {entry.round}" in card
        assert escape(describe(entry.rule)) in card
        assert f"Broken <strong>{stats.broken}</strong>" in card
        assert "Fired" not in card  # a restriction never fires: no count of firings
        if stats.first_broken:
            assert escape(stats.first_broken) in card
        else:
            assert "Never broken." in card
    assert rules.index('id="rule-1"') < rules.index('id="rule-2"')
    assert "Rule of the game" in rules


def test_the_winners_are_listed_by_round(client: Client, hosted: Game) -> None:
    rounds = section(page(client, hosted)[1], "rounds")

    assert re.findall(r"Round (\d+)</span>\s*<span class=\"result-text\">"
                      r"<strong class=\"winner\">(\w+)</strong> ([^<.]+)\.", rounds) == [
        ("1", "Cy", "emptied their hand"), ("2", "Cy", "emptied their hand")]


def test_the_chart_is_inline_svg_with_a_line_per_player(client: Client, locked: Game) -> None:
    html = page(client, locked)[1]
    svg = html[html.index("<svg"):html.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)
    state = load_state(locked)

    paths = [p for p in root.iter(f"{SVG}path") if "series" in p.attrib.get("class", "")]
    assert [p.attrib["data-seat"] for p in paths] == [str(s) for s in range(len(state.names))]
    width = float(root.attrib["viewBox"].split()[2])
    for path in paths:
        xs = [float(x) for x in re.findall(r"[ML](-?[\d.]+),", path.attrib["d"])]
        assert len(xs) >= 2 and xs == sorted(xs) and all(0 < x < width for x in xs)
        assert path.attrib["d"].count("M") == 2  # one stretch per round dealt
    assert "<script" not in svg
    assert all(src.startswith("/static/") for src in re.findall(r'<script[^>]*src="([^"]*)"', html))
    assert "Cards in hand at the end of each round" in section(html, "chart")


def test_the_log_shows_every_public_event_in_order(client: Client, locked: Game) -> None:
    log = section(page(client, locked)[1], "log")

    position = 0
    for event in game_log(locked):
        if isinstance(event, Hand):
            continue  # "X picks up their hand" is said at every deal: left out
        found = log.find(f">{escape(event.text)}</p>", position)
        assert found >= 0, event.text
        position = found
    assert "Your hand" not in log


def test_names_are_escaped_everywhere(client: Client) -> None:
    game = play(start(2, seed=3, names=["<b>Bold</b>", "Amp & co"]), [TANGLE, FIVER, LOCK],
                ("oracle",), max_actions=40)

    status, html = page(client, game)

    assert status == 200
    assert "<b>Bold</b>" not in html and "&lt;b&gt;Bold&lt;/b&gt;" in html
    ET.fromstring(html[html.index("<svg"):html.index("</svg>") + len("</svg>")])


def test_the_page_links_to_itself_for_sharing(client: Client, locked: Game) -> None:
    html = page(client, locked)[1]

    assert f'href="http://testserver/g/{locked.code}/reveal/"' in html


def test_a_game_ended_before_its_first_rule_has_a_plain_reveal(client: Client) -> None:
    game = start()
    submit_action(game, EndGame(0), game.version)

    status, html = page(client, game)

    assert status == 200
    assert "Ended by the host" in html and "Ann ended the game." in html
    assert "Nobody wrote a rule" in html and "No round was dealt." in html
    ET.fromstring(html[html.index("<svg"):html.index("</svg>") + len("</svg>")])


def card_of_rule(html: str, jargon: str) -> str:
    cards = section(html, "rules").split('<li class="rule ')[1:]
    return next(c for c in cards if f'<h3 class="jargon">{jargon}</h3>' in c)


def test_a_trigger_card_says_how_often_it_fired(client: Client, hosted: Game) -> None:
    state = load_state(hosted)
    fiver = card_of_rule(page(client, hosted)[1], "Fiver")
    fired = state.stats[2].fired

    assert fired > 0
    assert f"Fired <strong>{fired}</strong> time{'s' if fired != 1 else ''}" in fiver
    assert "First fired:" in fiver
    assert "Never broken." not in fiver and "Broken <strong>" not in fiver


def test_no_one_picks_up_their_hand_in_the_log(client: Client, hosted: Game) -> None:
    log = section(page(client, hosted)[1], "log")

    assert any(isinstance(e, Hand) for e in game_log(hosted))
    assert "picks up their hand" not in log and "log-hand" not in log


def test_the_header_and_the_end_agree_on_the_rounds(client: Client, hosted: Game,
                                                    locked: Game) -> None:
    for game, ended in ((hosted, "after round 2, while the next rule was being written"),
                        (locked, "in round 2")):
        html = page(client, game)[1]
        (rounds,) = re.findall(r"· (\d+) rounds? ·", html)
        (last,) = re.findall(r"The game ended (?:in|after) round (\d+)", section(html, "end"))

        assert rounds == last == "2"
        assert f"The game ended {ended}" in html


def test_guesses_are_shown_on_their_rule_with_who_cracked_it(client: Client,
                                                             hosted: Game) -> None:
    start_version = hosted.log.order_by("seq").values_list("seq", flat=True)[0] - 1
    seal(hosted, 2, "Tangle", TANGLE_EXACT, start_version + 3)
    seal(hosted, 1, "Tangle", TANGLE_NARROW, start_version + 2)
    seal(hosted, 1, "Fiver", TANGLE_WIDE, start_version + 60)

    html = page(client, hosted)[1]
    tangle, fiver = card_of_rule(html, "Tangle"), card_of_rule(html, "Fiver")

    assert "Cracked by <strong>Cy</strong> in round 1, turn 2</p>" in tangle
    assert "Cracked by" not in fiver
    assert re.search(r"Cy</strong>, sealed in round 1, turn 2:\s*<span class=\"verdict "
                     r"verdict-exact\"><span aria-hidden=\"true\">✓</span> Exact", tangle)
    assert "Bob</strong>, sealed in round 1, turn 1:" in tangle
    assert "the guess would refuse it." in tangle
    assert "Bob</strong>, sealed" in fiver and "verdict-wrong" in fiver
    detective = html[html.index('aria-label="Detective of the game"'):]
    assert re.match(r'[^<]*>\s*<p class="kicker">Detective of the game</p>\s*<p><strong '
                    r'class="detective-name">Cy</strong> cracked 1 rule: Tangle\.', detective)
    players = section(html, "players")
    assert "Tangle: <span class=\"verdict verdict-exact\">" in players


def test_a_game_without_guesses_names_no_detective(client: Client, hosted: Game) -> None:
    html = page(client, hosted)[1]

    assert "Detective of the game" not in html and "Sealed guess" not in html
    assert "Rule of the game" in html


def test_the_players_table_shows_bots_with_their_kind(client: Client) -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), ["Ann", "Bob", "Cy"], 7,
                       bots={1: "experimenter", 2: "oracle"})
    game = play(game, [TANGLE, FIVER], ("oracle", "experimenter"), max_actions=60)

    players = section(page(client, game)[1], "players")

    assert players.count('<tr class="player">') == 3
    assert '<span class="bot-label">bot</span>' in players
    assert '<span class="bot-label">bot · knows every rule</span>' in players


def test_own_notes_are_shown_to_their_writer_alone(hosted: Game) -> None:
    writer, holder = holder_client()
    Note.objects.create(game=hosted, holder=holder, jargon="", text="Cy <b>wins</b> a lot")
    Note.objects.create(game=hosted, holder=holder, jargon="Tangle", text="Suit or rank?")
    Hypothesis.objects.create(game=hosted, holder=holder, jargon="Tangle", spec=TANGLE_WIDE)

    response = writer.get(f"/g/{hosted.code}/reveal/")
    html = response.content.decode()

    # The page depends on the session: no shared cache may hand it to someone else.
    assert "Cookie" in response["Vary"]
    assert "Your note on the game" in html
    assert "Cy &lt;b&gt;wins&lt;/b&gt; a lot" in html
    tangle = card_of_rule(html, "Tangle")
    assert "Your notebook on Tangle" in tangle and "Suit or rank?" in tangle
    assert "Your hypothesis:" in tangle and "Right on every play seen" in tangle
    assert "Your notebook" not in card_of_rule(html, "Fiver")
    for other in (holder_client()[0], Client()):
        theirs = page(other, hosted)[1]
        assert "Your note" not in theirs and "Your notebook" not in theirs
        assert "wins</b>" not in theirs and "wins&lt;" not in theirs
        assert "Suit or rank?" not in theirs and "Your hypothesis" not in theirs


def test_a_rule_cracked_by_several_says_who_was_first_and_when(client: Client,
                                                               hosted: Game) -> None:
    start_version = hosted.log.order_by("seq").values_list("seq", flat=True)[0] - 1
    seal(hosted, 1, "Tangle", TANGLE_EXACT, start_version + 9)
    seal(hosted, 2, "Tangle", TANGLE_EXACT, start_version + 3)

    tangle = card_of_rule(page(client, hosted)[1], "Tangle")

    assert ("Cracked by <strong>Cy and Bob</strong>, first by Cy in round 1, turn 2</p>"
            in tangle)
