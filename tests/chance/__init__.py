"""Tests of gamelib.chance: games of chance and their searches."""
