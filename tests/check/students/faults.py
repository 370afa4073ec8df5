# mypy: disable-error-code="no-untyped-def,no-untyped-call"
# (a student's code, left untyped as a student writes it)
"""Students' code that never answers well: it recurses for ever, asks for all the memory
there is, or returns something that is not a player."""

from __future__ import annotations


def Recurses(settings):
    def search(state):
        return search(state)

    class Player:
        def next_move(self, state):
            return search(state)

    return Player()


def Hungry(settings):
    class Player:
        def next_move(self, state):
            hoard = bytearray(64 * 2**30)
            return len(hoard)

    return Player()


def NoPlayer(settings):
    return settings.search_depth
