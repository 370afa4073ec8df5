"""The core of the games library: sides, outcomes, GAME, PLAYER, the controller."""

from gamelib.core.controller import GameRecord, IllegalMoveError, play_out, referee
from gamelib.core.datatypes import (
    EQUAL,
    GREATER,
    LESS,
    Done,
    Draw,
    Order,
    Outcome,
    Playing,
    Side,
    Status,
    Winner,
    flip,
    outcome_to_string,
)
from gamelib.core.game import Game
from gamelib.core.human import ExplainsIllegalMoves, HumanPlayer, InputClosedError
from gamelib.core.player import Player
from gamelib.core.random_player import RandomPlayer

__all__ = [
    "EQUAL",
    "GREATER",
    "LESS",
    "Done",
    "Draw",
    "ExplainsIllegalMoves",
    "Game",
    "GameRecord",
    "HumanPlayer",
    "IllegalMoveError",
    "InputClosedError",
    "Order",
    "Outcome",
    "Player",
    "Playing",
    "RandomPlayer",
    "Side",
    "Status",
    "Winner",
    "flip",
    "outcome_to_string",
    "play_out",
    "referee",
]
