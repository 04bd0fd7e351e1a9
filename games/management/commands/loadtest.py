"""``manage.py loadtest``: runs ``python -m scripts.loadtest`` as a subprocess with the
same arguments (``--serve 1`` unless ``--url`` or ``--serve`` is given) and exits with its
status. Offline, like ``judge``."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.management.processes import run_forwarding

#: The checkout, whose ``scripts/`` holds the load test (it is not part of the installed
#: package).
ROOT = Path(__file__).resolve().parents[3]
#: What the load test needs in the command's environment that ``manage.py`` changed for the
#: command itself.
NOT_FORWARDED = ("MAO_OFFLINE",)
HELP = ("Run the load test (python -m scripts.loadtest) with the same options: G games of P "
        "WebSocket players against Mini Mao, then the same against a bare broadcast server, "
        "reporting actions/s, fan-out latency, errors, lost updates, memory and server CPU, "
        "with Mini Mao's p95 and CPU per action as multiples of the baseline's. Given "
        "neither --url nor --serve it starts its own server (--serve 1: a fresh daphne on a "
        "fresh SQLite file, DEBUG=0, stopped at the end). `manage.py loadtest --help` lists "
        "the options; docs/performance.md, \"The live table\", explains the figures.")


def arguments(given: Sequence[str]) -> list[str]:
    """The load test's arguments: ``given``, with ``--serve 1`` first unless it names the
    servers (``--url`` or ``--serve``).

    >>> arguments(["--games", "20"])
    ['--serve', '1', '--games', '20']
    >>> arguments(["--url=http://127.0.0.1:8000"])
    ['--url=http://127.0.0.1:8000']
    """
    names_servers = any(arg.split("=", 1)[0] in ("--url", "--serve") for arg in given)
    return list(given) if names_servers else ["--serve", "1", *given]


def run_loadtest(given: Sequence[str]) -> int:
    """Run the load test with ``given`` (see :func:`arguments`); its exit status.

    The load test runs in a session of its own: a Ctrl-C or SIGTERM this command gets is
    passed on to it once, and it stops its servers and ends (status 130 or 143); it gets
    SIGTERM if this command is killed (:func:`~games.management.processes.run_forwarding`).
    """
    if not (ROOT / "scripts" / "loadtest").is_dir():
        raise CommandError(f"the load test is not here: it lives in a checkout's "
                           f"scripts/loadtest/, not in the installed package ({ROOT})")
    env = {k: v for k, v in os.environ.items() if k not in NOT_FORWARDED}
    return run_forwarding([sys.executable, "-m", "scripts.loadtest", *arguments(given)],
                          cwd=ROOT, env=env)


class ForwardingParser(CommandParser):
    """Takes every argument as the load test's: it parses them itself."""

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: Any = None) -> Any:
        """Django's own options at their defaults, and in ``args`` every argument given
        (from the command line when ``args`` is ``None``), unparsed."""
        options = super().parse_args([], namespace)
        options.args = list(sys.argv[2:] if args is None else args)
        return options


class Command(BaseCommand):
    """``manage.py loadtest [options of python -m scripts.loadtest]``."""

    help = HELP
    # Offline (manage.py sets MAO_OFFLINE): nothing here reads the database.
    requires_system_checks = []

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        """A parser that keeps every argument for the load test (``call_command`` uses it)."""
        parser = ForwardingParser(
            prog=f"{os.path.basename(prog_name)} {subcommand}", description=self.help,
            usage="%(prog)s [the options of python -m scripts.loadtest]", add_help=False,
            called_from_command_line=getattr(self, "_called_from_command_line", None))
        # What BaseCommand.execute reads of Django's own options, none of which it takes.
        parser.set_defaults(verbosity=1, settings=None, pythonpath=None, traceback=False,
                            no_color=False, force_color=False, skip_checks=True)
        return parser

    def run_from_argv(self, argv: list[str]) -> None:
        """From the command line: the load test's exit status is this command's."""
        sys.exit(run_loadtest(argv[2:]))

    def handle(self, *args: str, **options: Any) -> None:
        """From ``call_command("loadtest", "--games", "2", ...)``: a failed load test is a
        :class:`CommandError` carrying its exit status."""
        status = run_loadtest(args)
        if status:
            raise CommandError(f"the load test ended with exit status {status}",
                               returncode=status)
