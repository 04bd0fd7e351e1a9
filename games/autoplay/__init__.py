"""Games the bots play without Django: the detective bot, and the difficulty estimate that
seats it at simulated tables."""
