"""Tests of gamelib.games: Nim, tic-tac-toe, Connect Four, Pig, explicit trees, outside games."""
