"""The C allocator's arenas: a few for the whole process, not eight per core.

glibc gives each thread that allocates while another holds an arena a new arena, up to
eight per core, and memory freed in one arena serves only that arena. A daphne process runs
Django's synchronous work on a thread per HTTP request besides Channels' worker thread, so
its larger blocks (anything over 512 bytes, which Python's own allocator hands to malloc:
rendered pages, query results, parsed states) were spread over a dozen arenas, each keeping
its freed memory resident. Two arenas cost the connected players about 12 KiB less each at
100 games x 5 (docs/performance.md, issue 16's memory); Python's GIL already serialises
those threads, so they hardly contend for the allocator's locks.
"""

from __future__ import annotations

import ctypes

#: glibc's ``mallopt`` parameter for the most arenas (malloc.h).
M_ARENA_MAX = -8


def limit_arenas(count: int) -> bool:
    """Allow at most ``count`` malloc arenas from now on (0: leave the C library's default).

    Call it before the process starts threads: glibc fixes its limit when a thread first
    needs an arena of its own. True when the C library took the setting (glibc); False
    elsewhere (another C library, or none that ``ctypes`` can reach), which changes nothing.
    """
    if count <= 0:
        return False
    try:
        libc = ctypes.CDLL(None)  # the C library this process already runs on
    except OSError:
        return False
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is None:
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, count))
