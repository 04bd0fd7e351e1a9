"""The reveal of a game: the post-game page showing every rule, the winners, a hand-size
chart (:mod:`games.reveal.chart`) and the whole log; data in :mod:`games.reveal.context`."""
