"""The draft's revision: a short fingerprint of the rule a preview shows.

Every response that draws the preview also draws the fingerprint of the rule it previewed
(a hidden input of the form), and "Write this rule" posts it back. The server writes a rule
only when the form it receives builds a rule with that same fingerprint: the rule written is
then exactly the one the writer last saw previewed, however requests were lost, dropped or
answered out of order on the way (a late preview of an older draft carries the older
fingerprint, so the newer form is refused, not written unseen).

A fingerprint rather than a counter: it needs no state on the server, and two drafts that
build the same rule are the same revision.
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
