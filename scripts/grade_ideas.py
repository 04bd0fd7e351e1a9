"""Grade the builder's gallery again: ``python -m scripts.grade_ideas``.

Runs the detective's estimate on every example rule (about half a second each) and writes
``games/builder/ideas.json``, which the builder's gallery reads; run it after changing an
example or the estimate (``tests/builder/test_gallery.py`` says when).
"""

from __future__ import annotations

import json

from games.authoring.examples import templates
from games.builder.gallery import GRADES_FILE, grade_of, grades_json


def main() -> None:
    """Grade every example and write the file."""
    grades = tuple(grade_of(t) for t in templates())
    text = json.dumps(grades_json(grades), indent=1, ensure_ascii=False) + "\n"
    GRADES_FILE.write_text(text, encoding="utf-8")
    for g in grades:
        print(f"{g.id:6} {g.grade or '-':7} {g.verdict:12} {g.plays}")


if __name__ == "__main__":
    main()
