# mypy: disable-error-code="no-untyped-def,no-untyped-call"
# (a student's code, left untyped as a student writes it)
"""A student's expectiminimax, written from the chance page: Maxie takes the largest child,
Minnie the smallest, and chance the average of its outcomes weighted by their
probabilities; chance positions use no depth."""

from __future__ import annotations

from gamelib import Done, Side


def _expectiminimax(settings, weighted=True):
    est = settings.estimator
    game = est.game

    def value(depth, status):
        if isinstance(status, Done):
            return est.outcome_value(status.outcome)
        state = status.state
        mover = game.player(state)
        if mover is not Side.Maxie and mover is not Side.Minnie:  # chance
            branches = list(game.outcomes(state))
            if weighted:
                return sum(b.probability * value(depth, b.status) for b in branches)
            return sum(value(depth, b.status) for b in branches) / len(branches)
        if depth == 0:
            return est.estimate(state)
        return best(depth, state)[1]

    def best(depth, state):
        maxie = game.player(state) is Side.Maxie
        found = None
        for move in game.moves(state):
            x = value(depth - 1, game.play(state, move))
            if found is None or (x > found[1] if maxie else x < found[1]):
                found = (move, x)
        return found

    class Player:
        def next_move(self, state):
            return best(settings.search_depth, state)[0]

        def analyse(self, state):
            return best(settings.search_depth, state)

    return Player()


def Expectiminimax(settings):
    return _expectiminimax(settings)


def Unweighted(settings):
    """Averages the outcomes as if they were equally likely."""
    return _expectiminimax(settings, weighted=False)
