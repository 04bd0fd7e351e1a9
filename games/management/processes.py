"""Child processes of the tools: ``manage.py loadtest``'s load test and the load test's own
daphnes (``scripts/loadtest/serve.py``), which import this from below.

Plain standard library, no Django: a child told to end when its parent dies, and a child
run in a session of its own to which the parent passes Ctrl-C and SIGTERM on exactly once.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import subprocess
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType

PR_SET_PDEATHSIG = 1
#: What :func:`run_forwarding` passes on to its child.
FORWARDED = (signal.SIGINT, signal.SIGTERM)


def die_with_parent() -> None:
    """In a child, before it runs (``preexec_fn``): SIGTERM when its parent dies (Linux only;
    elsewhere nothing), so that a parent killed outright leaves no child behind."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def exit_status(returncode: int) -> int:
    """A child's exit status as a shell gives it: 128 + N when signal N ended it.

    >>> exit_status(0), exit_status(130), exit_status(-9)
    (0, 130, 137)
    """
    return 128 - returncode if returncode < 0 else returncode


def run_forwarding(command: Sequence[str], cwd: Path, env: Mapping[str, str]) -> int:
    """Run ``command`` to its end and return its exit status (:func:`exit_status`).

    The child runs in a session of its own, so a terminal's Ctrl-C reaches this process
    only, and every SIGINT or SIGTERM this process gets is passed on to the child once (a
    second SIGINT would make the child's asyncio loop abort instead of cleaning up). The
    child gets SIGTERM if this process dies (:func:`die_with_parent`). Outside the main
    thread, where no handler can be set, signals are not passed on.
    """
    started: list[subprocess.Popen[bytes]] = []
    pending: list[int] = []

    def pass_on(signum: int, frame: FrameType | None) -> None:
        if started:
            started[0].send_signal(signum)
        else:  # before the child exists: passed on as soon as it does
            pending.append(signum)

    main = threading.current_thread() is threading.main_thread()
    previous = {sig: signal.signal(sig, pass_on) for sig in FORWARDED} if main else {}
    try:
        process = subprocess.Popen(list(command), cwd=cwd, env=dict(env),
                                   start_new_session=True, preexec_fn=die_with_parent)
        started.append(process)
        for signum in pending:
            process.send_signal(signum)
        return exit_status(process.wait())
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
