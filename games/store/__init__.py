"""The stored game: reading it, the one write path, who holds which seat.

:mod:`.writes` is the only code that changes a started game (:func:`~.writes.submit_action`),
with its statements in plain SQL (:mod:`.statements`) and the games this process wrote kept
in memory (:mod:`.owned`);
:mod:`.subscribers` is what runs after a commit (registered by the features above, so the
write path imports nothing above it); :mod:`.reads` reads games and their logs;
:mod:`.identity` ties a browser to a seat; :mod:`.errors` holds :class:`~.errors.ServiceError`.
"""
