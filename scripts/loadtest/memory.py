"""The server's memory and CPU time from ``/proc``, and finding a server by its port.

Linux only (``/proc/<pid>/status``, ``/proc/net/tcp``); elsewhere the figures are absent.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

PROC = Path("/proc")
LISTEN = "0A"


def rss_kib(pid: int) -> int | None:
    """The resident set size of ``pid`` in KiB (``VmRSS``), or ``None`` if unreadable."""
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def total_rss_kib(pids: Iterable[int]) -> int | None:
    """The summed RSS of ``pids`` in KiB; ``None`` if any cannot be read."""
    total = 0
    for pid in pids:
        rss = rss_kib(pid)
        if rss is None:
            return None
        total += rss
    return total


def _listening_inodes(port: int) -> set[str]:
    inodes: set[str] = set()
    for table in ("tcp", "tcp6"):
        try:
            lines = (PROC / "net" / table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 9 and fields[3] == LISTEN and int(fields[1].rsplit(":", 1)[1],
                                                                 16) == port:
                inodes.add(fields[9])
    return inodes


def pid_listening_on(port: int) -> int | None:
    """The process listening on TCP ``port`` (one we may inspect), or ``None``."""
    inodes = _listening_inodes(port)
    if not inodes:
        return None
    wanted = {f"socket:[{inode}]" for inode in inodes}
    for entry in PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            for fd in (entry / "fd").iterdir():
                if os.readlink(fd) in wanted:
                    return int(entry.name)
        except OSError:
            continue
    return None


def cpu_seconds(pids: Iterable[int]) -> float | None:
    """User plus system CPU seconds used so far by ``pids`` (``None`` if unreadable)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, ValueError, IndexError):
            return None
    return total


def descendants(pids: Iterable[int]) -> list[int]:
    """Every process started by ``pids``, and by those (Linux's ``children`` lists; [] where
    they cannot be read)."""
    found: list[int] = []
    todo = list(pids)
    while todo:
        pid = todo.pop()
        try:
            tasks = list((PROC / str(pid) / "task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
            found += children
            todo += children
    return found
