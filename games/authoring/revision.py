"""The draft's revision: a short fingerprint of the rule a preview shows.

"Write this rule" posts it back, and a rule is written only if the form builds a rule of
that fingerprint, so the rule written is the one last previewed. No server state.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def revision(spec: dict[str, Any]) -> str:
    """The fingerprint of a rule's spec JSON (canonical: keys sorted, no spaces).

    >>> revision({"kind": "restriction"}) == revision({"kind": "restriction"})
    True
    >>> len(revision({"kind": "restriction"}))
    16
    """
    text = json.dumps(spec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
