"""A load test that plays Mini Mao against a server the way real players do.

``python -m scripts.loadtest`` (:mod:`scripts.loadtest.__main__`) opens G tables of P
players. Every player is an HTTP session (a cookie jar: CSRF, the session that is its seat)
plus a real WebSocket, all on one asyncio loop. They open, join and start the tables over
HTTP, write rules with the rule builder's submit endpoint, and play over the socket's
``act`` frame (the table's play form, as the browser sends it) at a set pace. Then the same
clients, with the same pacing, drive a minimal broadcast server
(:mod:`scripts.loadtest.baseline`) so our latency and CPU per action can be given as ratios.

Modules: :mod:`.http` (a tiny HTTP/1.1 client with cookies), :mod:`.pages` (reading the
fragments a player receives), :mod:`.clients` (the players and the pacing),
:mod:`.runner` (a whole run and its report), :mod:`.stats` (percentiles, the report's
figures, the ratios to the baseline), :mod:`.memory` (the server's RSS and CPU),
:mod:`.baseline` (the broadcast server), :mod:`.serve` (the servers of ``--serve N``).
``manage.py loadtest`` runs this command (``games/management/commands/loadtest.py``).
"""
