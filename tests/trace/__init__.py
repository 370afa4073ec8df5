"""Tests of gamelib.trace: the one fold of search events and its formats."""
