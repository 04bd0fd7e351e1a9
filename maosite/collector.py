"""The cyclic garbage collector of a server process: what startup made is frozen, and full
collections come often.

A closed socket (daphne's, autobahn's and twisted's objects for it) and a served page leave
reference cycles that only a full collection frees. CPython runs one only once the objects
that survived since the last exceed a quarter of all the long-lived ones, and a Django
process starts with about 200,000 of those: hundreds of players' garbage waited, and the
memory it held was taken from the system instead of reused. Frozen, startup's objects are
neither counted nor scanned again, so full collections come often and cost less
(docs/performance.md, "Memory").
"""

from __future__ import annotations

import gc


def settle(full_every: int) -> bool:
    """Freeze every object alive now and run a full collection after every ``full_every``
    collections of the middle generation (0: leave CPython's collector as it is).

    Call it once startup is over. True when it changed anything.
    """
    if full_every <= 0:
        return False
    gc.collect()
    gc.freeze()
    # With nothing left unfrozen, this resets the count of long-lived objects a full
    # collection waits on a quarter of (else startup's would still hold it off).
    gc.collect()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, full_every)
    return True
