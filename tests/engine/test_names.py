"""Players' names are tidied and limited in one place, for the lobby and the table alike."""

from __future__ import annotations

import pytest

from games.engine.errors import EngineError
from games.engine.names import clean_name
from games.engine.setup import MAX_NAME


def test_spaces_are_tidied() -> None:
    assert clean_name("  Ada \t  Lovelace\n") == "Ada Lovelace"


@pytest.mark.parametrize(("name", "message"), [
    ("", "Please choose a name."), (" \t ", "Please choose a name."),
    ("x" * (MAX_NAME + 1), f"Names are at most {MAX_NAME} characters."),
    ("A\x00da", "Names cannot contain that character."),
])
def test_a_bad_name_is_refused_with_the_callers_code(name: str, message: str) -> None:
    for code in ("seat/bad_name", "lobby/bad_name"):
        with pytest.raises(EngineError) as caught:
            clean_name(name, code)
        assert (caught.value.code, str(caught.value)) == (code, message)


def test_the_longest_name_is_kept() -> None:
    assert clean_name("x" * MAX_NAME) == "x" * MAX_NAME
