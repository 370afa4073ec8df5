# mypy: disable-error-code="no-untyped-def,no-untyped-call"
# (a student's code, left untyped as a student writes it)
"""A student's Minimax, written from the lecture companion: the 15-150 functor's search and
evaluate, as plain functions over the game and the estimator."""

from __future__ import annotations

from gamelib import Done, Playing, Side


def Minimax(settings):
    est = settings.estimator
    game = est.game

    def evaluate(depth, status):
        if isinstance(status, Done):
            return est.outcome_guess(status.outcome) if hasattr(est, "outcome_guess") else 0
        assert isinstance(status, Playing)
        if depth == 0:
            return est.estimate(status.state)
        return search(depth, status.state)[1]

    def search(depth, state):
        best = None
        maxie = game.player(state) is Side.Maxie
        for move in game.moves(state):
            value = evaluate(depth - 1, game.play(state, move))
            if best is None or (value > best[1] if maxie else value < best[1]):
                best = (move, value)
        return best

    class Player:
        def next_move(self, state):
            return search(settings.search_depth, state)[0]

        def analyse(self, state):
            return search(settings.search_depth, state)

    return Player()


def MinnieMaximises(settings):
    """The classic slip: both sides take the largest value."""
    est = settings.estimator
    game = est.game

    def value(depth, state):
        if depth == 0:
            return est.estimate(state)
        return max(value(depth - 1, game.play(state, m).state) for m in game.moves(state))

    class Player:
        def next_move(self, state):
            moves = list(game.moves(state))
            depth = settings.search_depth - 1
            return max(moves, key=lambda m: value(depth, game.play(state, m).state))

    return Player()


def Forever(settings):
    """An endless loop."""

    class Player:
        def next_move(self, state):
            while True:
                pass

    return Player()


def Crashes(settings):
    """A search that looks up a move that is not there."""

    class Player:
        def next_move(self, state):
            moves = list(settings.estimator.game.moves(state))
            return moves[len(moves)]

    return Player()


NOT_A_FACTORY = 42
