"""The C allocator's arenas: a few for the whole process, not eight per core.

glibc gives a thread that allocates while another holds an arena a new arena, and memory
freed in one arena serves only that arena; daphne's thread per HTTP request spread the larger
blocks over a dozen arenas. The GIL already serialises those threads, so two arenas hardly
contend (docs/performance.md, "Memory").
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
