"""Tests of gamelib.cli: the command line, run as a user runs it."""
