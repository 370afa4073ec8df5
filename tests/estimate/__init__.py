"""Tests of gamelib.estimate: the lectures' Minimax, AlphaBeta and Jamboree, against the model."""
