# mypy: disable-error-code="no-untyped-def,no-untyped-call"
# (a student's code, left untyped as a student writes it)
"""A student's AlphaBeta, written from the lecture companion's chart (15-150): Maxie ignores
values at or below α, raises α inside the window, prunes at or above β; Minnie mirrors it.
With `strict`, the CSE 473 projects' rule: prune only past the window."""

from __future__ import annotations

import math

from gamelib import Side


def _alphabeta(settings, prune_ties=True, too_early=False, never=False):
    est = settings.estimator
    game = est.game

    def prunes(value, bound, maxie):
        if never:
            return False
        if too_early:  # prunes as soon as the value is one short of the bound
            return value >= bound - 1 if maxie else value <= bound + 1
        if prune_ties:
            return value >= bound if maxie else value <= bound
        return value > bound if maxie else value < bound

    def value(depth, state, alpha, beta):
        if depth == 0:
            return est.estimate(state)
        maxie = game.player(state) is Side.Maxie
        best = -math.inf if maxie else math.inf
        for move in game.moves(state):
            x = value(depth - 1, game.play(state, move).state, alpha, beta)
            if maxie:
                best = max(best, x)
                if prunes(best, beta, True):
                    return best
                alpha = max(alpha, best)
            else:
                best = min(best, x)
                if prunes(best, alpha, False):
                    return best
                beta = min(beta, best)
        return best

    def root(state):
        maxie = game.player(state) is Side.Maxie
        alpha, beta = -math.inf, math.inf
        best = None
        for move in game.moves(state):
            x = value(settings.search_depth - 1, game.play(state, move).state, alpha, beta)
            if best is None or (x > best[1] if maxie else x < best[1]):
                best = (move, x)
                if maxie:
                    alpha = max(alpha, x)
                else:
                    beta = min(beta, x)
        return best

    class Player:
        def next_move(self, state):
            return root(state)[0]

        def analyse(self, state):
            return root(state)

    return Player()


def AlphaBeta(settings):
    return _alphabeta(settings)


def AlphaBetaCSE473(settings):
    return _alphabeta(settings, prune_ties=False)


def NeverPrunes(settings):
    return _alphabeta(settings, never=True)


def PrunesTooEarly(settings):
    return _alphabeta(settings, too_early=True)
