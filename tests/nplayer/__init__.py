"""Tests of gamelib.nplayer: games of n players and their searches."""
