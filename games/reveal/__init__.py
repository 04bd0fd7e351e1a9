"""The reveal of a game: the post-game page showing every rule with the guesses sealed for
it, the winners, each player's record, a hand-size chart (:mod:`games.display.hand_chart`) and
the whole log; data in :mod:`games.reveal.context`, guesses scored in
:mod:`games.reveal.guesses`, the players' table in :mod:`games.reveal.players`."""
