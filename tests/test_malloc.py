"""maosite/malloc.py: the arena limit holds in a process whose threads allocate together."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from maosite.malloc import limit_arenas

ROOT = Path(__file__).resolve().parent.parent

# Eight threads each hold a block over Python's small-object size (so malloc's) while all of
# them allocate at once; glibc's malloc_stats() then lists one "Arena n:" per arena.
PROBE = """
import sys, threading, ctypes
from maosite.malloc import limit_arenas
print(limit_arenas(int(sys.argv[1])), flush=True)
barrier = threading.Barrier(8)
def work():
    barrier.wait()
    blocks = [bytearray(4096) for _ in range(2000)]
    barrier.wait()
    del blocks
threads = [threading.Thread(target=work) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
ctypes.CDLL(None).malloc_stats()
"""

glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's mallopt only")


def arenas(limit: int) -> tuple[str, int]:
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}  # glibc's own knob
    done = subprocess.run([sys.executable, "-c", PROBE, str(limit)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip(), done.stderr.count("Arena ")


@glibc
def test_two_arenas_at_most_when_limited() -> None:
    taken, count = arenas(2)
    assert taken == "True" and 1 <= count <= 2


@glibc
def test_without_a_limit_threads_take_arenas_of_their_own() -> None:
    """The probe can tell: left alone, glibc gives the threads more arenas than two."""
    taken, count = arenas(0)
    assert taken == "False" and count > 2


def test_zero_leaves_the_default() -> None:
    assert limit_arenas(0) is False


@glibc
@pytest.mark.parametrize(("setting", "most"), [("1", 1), ("2", 2)])
def test_the_asgi_module_applies_the_setting(setting: str, most: int, tmp_path: Path) -> None:
    """Importing the ASGI application (as daphne does) sets the limit before its threads."""
    probe = PROBE.replace("print(limit_arenas(int(sys.argv[1])), flush=True)",
                          "import maosite.asgi")
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    env |= {"DEBUG": "1", "MAO_TIMERS": "0", "MAO_MALLOC_ARENAS": setting,
            "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=True)
    assert 1 <= done.stderr.count("Arena ") <= most
