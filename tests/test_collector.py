"""maosite/collector.py: with startup's objects frozen, cyclic garbage is freed as it comes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from maosite.collector import settle

ROOT = Path(__file__).resolve().parent.parent

# A process holding 200,000 long-lived objects (a Django server's startup holds as many) makes
# cyclic garbage with a few survivors, and counts its full collections.
PROBE = """
import gc, sys
from maosite.collector import settle
startup = [[[] for _ in range(10)] for _ in range(20000)]
gc.collect()
settle(int(sys.argv[1]))
full = []
gc.callbacks.append(lambda phase, info: phase == "stop" and info["generation"] == 2
                    and full.append(1))
survivors = []
for i in range(400_000):
    a = {}
    a["self"] = {"a": a}
    if i % 50 == 0:
        survivors.append([i])
print(gc.get_freeze_count() >= 200_000, len(full))
"""


def full_collections(full_every: int) -> tuple[str, int]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(full_every)], cwd=ROOT,
                          env=os.environ | {"PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, timeout=120, check=True)
    frozen, count = done.stdout.split()
    return frozen, int(count)


def test_settled_full_collections_come_often() -> None:
    frozen, count = full_collections(1)
    assert frozen == "True" and count >= 5


def test_left_alone_startup_holds_full_collections_off() -> None:
    """The probe can tell: CPython's collector runs at most a couple of full collections."""
    frozen, count = full_collections(0)
    assert frozen == "False" and count <= 2


def test_zero_changes_nothing() -> None:
    assert settle(0) is False


def test_the_server_settles_once_started() -> None:
    probe = ("import gc, maosite.asgi; "
             "print(gc.get_freeze_count() > 10_000, gc.get_threshold()[2])")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          env=os.environ | {"PYTHONPATH": str(ROOT), "MAO_GC_FULL_EVERY": "1"},
                          text=True, timeout=120, check=True)
    assert done.stdout.split() == ["True", "1"]
