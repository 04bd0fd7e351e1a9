"""A process that reads Django's settings afresh for each environment it is sent, for the
deploy-settings tests: a fork a case instead of a new interpreter a case.

Run as ``python -m tests.hardening.settings_reader``, it imports what the settings module
imports (Django's configuration, django-environ, django-stubs-ext: most of a process's
start), never the settings themselves. For each request line on its input (JSON: an
environment and code to run) it forks a child that takes that environment as its whole
environment and runs the code, which loads the settings for the first time in that process;
its answer line gives the child's exit status, output and error output, as
``subprocess.run([python, "-c", code])`` would (an uncaught exception's traceback ends the
error output, exit status 1).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]


class SettingsReader:
    """The reader process, started in ``env`` (its children replace it with their own)."""

    def __init__(self, env: dict[str, str]) -> None:
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tests.hardening.settings_reader"], cwd=ROOT, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        """``code`` run by a fresh child whose whole environment is ``env``."""
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps({"code": code, "env": env}) + "\n")
        stdin.flush()
        line = stdout.readline()
        assert line, "the settings reader ended"
        done = json.loads(line)
        return subprocess.CompletedProcess(["-c", code], done["returncode"], done["stdout"],
                                           done["stderr"])

    def close(self) -> None:
        """End the reader (it ends when its input does)."""
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait(timeout=30)


def _child(code: str, env: dict[str, str], out: IO[bytes], err: IO[bytes]) -> None:
    """In the forked child: take ``env``, run ``code`` with its output in ``out`` and
    ``err``, and exit as ``python -c`` would."""
    status = 1
    try:
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        os.environ.clear()
        os.environ.update(env)
        try:
            exec(compile(code, "<string>", "exec"), {"__name__": "__main__"})
            status = 0
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
        except BaseException:
            traceback.print_exc()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(status)


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:
            _child(request["code"], request["env"], out, err)
        _, status = os.waitpid(pid, 0)
        out.seek(0)
        err.seek(0)
        return {"returncode": os.waitstatus_to_exitcode(status),
                "stdout": out.read().decode(), "stderr": err.read().decode()}


def main() -> None:
    """Answer each request line until the input ends."""
    import django.conf
    import django.core.exceptions  # noqa: F401
    import django_stubs_ext  # noqa: F401
    import environ  # noqa: F401

    # Imported, never configured: each child reads the settings as a new process would.
    assert not django.conf.settings.configured
    for line in sys.stdin:
        sys.stdout.write(json.dumps(_answer(json.loads(line))) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
