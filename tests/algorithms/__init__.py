"""Tests of gamelib.algorithms: negamax, null windows, tables, solvers, deepening."""
