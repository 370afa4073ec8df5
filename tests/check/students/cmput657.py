# mypy: disable-error-code="no-untyped-def,no-untyped-call"
# (a student's code, left untyped as a student writes it)
"""A student's CMPUT 657 searches, written from the solvers' companion: the boolean OR/AND
solver, its proof tree, negamax, and alpha-beta in negamax form, fail-hard and fail-soft."""

from __future__ import annotations

import math

from gamelib import Done, Playing, Side, Winner, flip
from gamelib.search.proofs import ProofNode


def can_win(game, state):
    """MinimaxBooleanOR at the root: can the side to move force a win?"""
    me = game.player(state)

    def wins(status, prover_moves):
        if isinstance(status, Done):
            return status.outcome == Winner(me)
        return or_node(status.state) if prover_moves else and_node(status.state)

    def or_node(s):
        return any(wins(game.play(s, m), False) for m in game.moves(s))

    def and_node(s):
        return all(wins(game.play(s, m), True) for m in game.moves(s))

    return or_node(state)


def prove(game, state):
    """The winner's proof tree: the mover's if it can win, else the opponent's."""

    def proof(prover, status):
        if isinstance(status, Done):
            return ProofNode(status, "end") if status.outcome == Winner(prover) else None
        s = status.state
        if game.player(s) is prover:
            for m in game.moves(s):
                child = proof(prover, game.play(s, m))
                if child is not None:
                    return ProofNode(status, "or", ((m, child),))
            return None
        kept = []
        for m in game.moves(s):
            child = proof(prover, game.play(s, m))
            if child is None:
                return None
            kept.append((m, child))
        return ProofNode(status, "and", tuple(kept))

    mover = game.player(state)
    return proof(mover, Playing(state)) or proof(flip(mover), Playing(state))


def prove_for_the_mover(game, state):
    """A slip: always the mover's tree, with every OR node keeping its first move."""

    def proof(status):
        if isinstance(status, Done):
            return ProofNode(status, "end")
        s = status.state
        moves = list(game.moves(s))
        if game.player(s) is game.player(state):
            return ProofNode(status, "or", ((moves[0], proof(game.play(s, moves[0]))),))
        return ProofNode(status, "and", tuple((m, proof(game.play(s, m))) for m in moves))

    return proof(Playing(state))


def _player(settings, search):
    """A player of the negamax `search(depth, state, alpha, beta)`: its root, in Maxie's
    terms, and `search(state, alpha, beta)` at the search's depth, in the mover's."""
    game = settings.estimator.game

    def root(state):
        sign = 1 if game.player(state) is Side.Maxie else -1
        best = None
        alpha = -math.inf
        for move in game.moves(state):
            x = -search(settings.search_depth - 1, game.play(state, move).state, -math.inf, -alpha)
            if best is None or x > best[1]:
                best = (move, x)
                alpha = max(alpha, x)
        assert best is not None  # a game goes on with at least one move
        return best[0], sign * best[1]

    class Player:
        def next_move(self, state):
            return root(state)[0]

        def analyse(self, state):
            return root(state)

        def search(self, state, alpha, beta):
            return search(settings.search_depth, state, alpha, beta)

    return Player()


def _mover_estimate(settings, state):
    est = settings.estimator
    value = est.estimate(state)
    return value if est.game.player(state) is Side.Maxie else -value


def Negamax(settings):
    game = settings.estimator.game

    def negamax(depth, state, alpha, beta):
        if depth == 0:
            return _mover_estimate(settings, state)
        return max(-negamax(depth - 1, game.play(state, m).state, 0, 0) for m in game.moves(state))

    return _player(settings, negamax)


def NegamaxAlphaBeta(settings, soft=None):
    """Alpha-beta in negamax form, fail-soft or fail-hard as the settings say (or `soft`)."""
    game = settings.estimator.game
    soft = settings.fail_soft if soft is None else soft

    def alphabeta(depth, state, alpha, beta):
        if depth == 0:
            return _mover_estimate(settings, state)
        best = -math.inf
        for move in game.moves(state):
            x = -alphabeta(depth - 1, game.play(state, move).state, -beta, -alpha)
            best = max(best, x)
            alpha = max(alpha, x)
            if alpha >= beta:
                return best if soft else beta
        return best if soft else alpha

    return _player(settings, alphabeta)


def AlwaysFailSoft(settings):
    """Fail-soft whatever the settings say."""
    return NegamaxAlphaBeta(settings, soft=True)


def AlwaysFailHard(settings):
    """Fail-hard whatever the settings say."""
    return NegamaxAlphaBeta(settings, soft=False)


def NoWindowedSearch(settings):
    """A player with a root but no `search(state, alpha, beta)` to ask."""
    player = NegamaxAlphaBeta(settings)

    class Player:
        def analyse(self, state):
            return player.analyse(state)

        def next_move(self, state):
            return player.next_move(state)

    return Player()


def MaxN(settings):
    est = settings.estimator
    game = est.game

    def value(depth, status):
        if not isinstance(status, Playing):
            return status.utilities
        if depth == 0:
            return est.estimate(status.state)
        return best(depth, status.state)[1]

    def best(depth, state):
        me = game.player(state)
        found = None
        for move in game.moves(state):
            vector = value(depth - 1, game.play(state, move))
            if found is None or vector[me] > found[1][me]:
                found = (move, vector)
        return found

    class Player:
        def next_move(self, state):
            return best(settings.search_depth, state)[0]

        def analyse(self, state):
            return best(settings.search_depth, state)

    return Player()


def _pvs_player(settings, research_from_alpha=False, root_tests=True):
    """NegaScout: the first move with the whole window, each later one first tested with the
    null window (α, α + 1) and searched again, from the value the test found up to β, only
    when it beats α; fail-soft, on whole-number values.  (The two flags are slips.)"""
    game = settings.estimator.game

    def pvs(depth, state, alpha, beta, root=False):
        if depth == 0:
            return None, _mover_estimate(settings, state)
        best = (None, -math.inf)
        for i, move in enumerate(game.moves(state)):
            child = game.play(state, move).state
            if i == 0 or (root and not root_tests):
                x = -pvs(depth - 1, child, -beta, -alpha)[1]
            else:
                x = -pvs(depth - 1, child, -alpha - 1, -alpha)[1]
                if alpha < x < beta:
                    low = alpha if research_from_alpha else x
                    x = -pvs(depth - 1, child, -beta, -low)[1]
            if x > best[1]:
                best = (move, x)
            alpha = max(alpha, x)
            if alpha >= beta:
                break
        return best

    class Player:
        def analyse(self, state):
            move, x = pvs(settings.search_depth, state, -math.inf, math.inf, root=True)
            return move, x if game.player(state) is Side.Maxie else -x

        def next_move(self, state):
            return self.analyse(state)[0]

    return Player()


def PrincipalVariation(settings):
    return _pvs_player(settings)


def PVSResearchesFromAlpha(settings):
    """A slip: the re-search starts again from α instead of from what the test found."""
    return _pvs_player(settings, research_from_alpha=True)


def PVSPlainAtTheRoot(settings):
    """A slip: the root's moves are searched with the whole window, never tested."""
    return _pvs_player(settings, root_tests=False)


def MaxNFirstComponent(settings):
    """A slip: every player maximises the first player's utility."""
    est = settings.estimator
    game = est.game

    def value(depth, status):
        if not isinstance(status, Playing):
            return status.utilities
        if depth == 0:
            return est.estimate(status.state)
        return best(depth, status.state)[1]

    def best(depth, state):
        found = None
        for move in game.moves(state):
            vector = value(depth - 1, game.play(state, move))
            if found is None or vector[0] > found[1][0]:
                found = (move, vector)
        return found

    class Player:
        def next_move(self, state):
            return best(settings.search_depth, state)[0]

    return Player()


def contrary(game, state):
    """A slip: the answer turned over."""
    return not can_win(game, state)
