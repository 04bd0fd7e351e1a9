"""Attack 5: guessing the admin's password at ``/admin/login/``.

Each attempt is a real login form posted with its CSRF token, as a browser posts it; each
costs the server a password hash (Django hashes even for an unknown user, so that the
answer's timing tells nothing). An attempt is *answered* when the server shows the login
form again ("Please enter the correct username and password"); a throttle answers 429
(or hides the page: 404) instead.
"""

from __future__ import annotations

import re
from collections import Counter

from scripts.hostile.report import Finding
from scripts.hostile.staging import need
from scripts.hostile.target import Target
from scripts.loadtest.http import HttpError, Session

LOGIN = "/admin/login/"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
#: The product's bound: a handful of guesses before the throttle, per address.
BOUND = 10


async def admin_login(target: Target, quick: bool) -> Finding:
    """Post ``attempts`` wrong passwords; count those answered before the first refusal."""
    attempts = 12 if quick else 30
    browser = Session(target.base)
    page = await need(browser, "GET", LOGIN, expect=(200, 404, 429))
    token = TOKEN.search(page.text)
    before = target.cpu()
    statuses: Counter[int] = Counter()
    answered = 0
    throttled_at: int | None = None
    for attempt in range(attempts):
        form = {"csrfmiddlewaretoken": token.group(1) if token else "",
                "username": "admin", "password": f"guess-{attempt}", "next": "/admin/"}
        try:
            answer = await browser.post(LOGIN, form)
        except HttpError:
            statuses[0] += 1
            continue
        statuses[answer.status] += 1
        shown = answer.status == 200 and 'name="password"' in answer.text
        if shown and throttled_at is None:
            answered += 1
        elif not shown and throttled_at is None:
            throttled_at = attempt + 1
    after = target.cpu()
    cpu = None if before is None or after is None else after - before
    per = f", {1000 * cpu / attempts:.0f} ms per attempt" if cpu is not None else ""
    line = (f"{answered} of {attempts} attempts answered before the throttle "
            f"(statuses {dict(sorted(statuses.items()))}); server CPU "
            f"{'-' if cpu is None else f'{cpu:.1f} s'}{per}")
    return Finding("admin login", line,
                   {"attempts": attempts, "answered": answered, "throttled_at": throttled_at,
                    "statuses": dict(statuses), "cpu_seconds": cpu},
                   ok=throttled_at is not None and answered <= BOUND,
                   bound=f"a throttle after <= {BOUND} per address")
