"""`gamelib replay FILE`: step through a saved game with each position's value."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar

from gamelib.catalog import Catalogs
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Defaults,
    _Parser,
    _reject_extra,
    _search_options,
    build_kit,
)
from gamelib.cli.games import GameCatalog, GameKit, KitUser
from gamelib.cli.kits import Kit
from gamelib.cli.positions import is_terminal
from gamelib.cli.saved import SavedGame, _number, _winner, read_saved_game, saved_file
from gamelib.core.checks import echo, plural
from gamelib.core.controller import Turns, roll_line
from gamelib.core.model import Ended, Nature, Roll
from gamelib.errors import InputError

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class _Move(Generic[M]):
    """A move of the saved game: whose it was, its text in the file, and the move."""

    seat: int
    text: str
    move: M


@dataclass(frozen=True, slots=True)
class _Played(Generic[S, M, R]):
    """A saved game played through once: each position and the move or roll made there,
    where the walk stopped, how the game ended (if it did), and what is wrong with the
    file, to be said once the game up to it is written (None: nothing)."""

    steps: list[tuple[S, _Move[M] | Roll[S, R]]]
    at: S
    """The last position: where the file stops or goes wrong, or where the last move or
    roll ended the game."""
    end: Ended[R] | None
    fault: UsageError | None


class _Replay:
    """`replay` on a game of any family: the positions are valued by a search of its
    family, and the game is walked through the model."""

    def __init__(
        self,
        options: argparse.Namespace,
        saved: SavedGame,
        step: TextIO | None,
        out: TextIO,
        catalogs: Catalogs,
    ) -> None:
        self.options = options
        self.saved = saved
        self.step = step
        self.out = out
        self.catalogs = catalogs

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        return self.beyond(kit)

    def beyond(self, kit: Kit[S, M, R], /) -> int:
        """The walk through the saved game on `kit`'s model, valued by `--player`."""
        read = _Defaults(self.options, self.catalogs, kit)
        return self._walk(kit.model, *kit.valuer(read.search_spec("replay", self.options.player)))

    def _walk(self, model: Turns[S, M, R], player: str, value: Callable[[S], tuple[M, str]]) -> int:
        """Step through the saved game on `model`, each player's position valued by
        `value`, each roll of chance said.  The game is played through once, silently,
        so that what the file says of the end is held before anything is printed; then
        its positions are written, up to the end or the fault the walk found."""
        out, saved = self.out, self.saved
        self._check_seats(model.seats)
        played = self._played(model)
        if played.fault is None:
            if played.end is None:
                self._check_unfinished()
            else:
                self._check_end(model.seats, model.results(played.end.outcome))
        count = plural(len(saved.moves), "move")
        out.write(f"Replaying {saved.game}: {count}, valued by {player}.\n\n")
        for state, step in played.steps:
            out.write(model.state_to_string(state) + "\n")
            if isinstance(step, _Move):
                best, shown = value(state)
                other = (
                    ""
                    if step.move == best
                    else f"; {player} would play {model.move_to_string(best)}"
                )
                out.write(f"Value: {shown}.  {model.seats[step.seat]} played {step.text}{other}.\n")
                if self._stopped():
                    return 0
                out.write("\n")
            else:
                out.write(roll_line(step))
        if played.end is None:
            out.write(model.state_to_string(played.at) + "\n")
        else:
            last = played.steps[-1][1]
            move = last.move if isinstance(last, _Move) else None
            out.write(model.ended(played.at, move, played.end.outcome))
        if played.fault is not None:
            raise played.fault
        if played.end is None:
            out.write("The saved game stops here, before the end.\n")
        return 0

    def _played(self, model: Turns[S, M, R]) -> _Played[S, M, R]:
        """The saved game's moves and rolls played on `model`, nothing printed and no
        search: each position and what was done there, up to the end, or to where the file
        stops or cannot be played on (an illegal move, a roll that cannot happen, moves
        and rolls that do not fit each other, one too many after the end)."""
        moves, rolls = self.saved.moves, self.saved.rolls
        steps: list[tuple[S, _Move[M] | Roll[S, R]]] = []
        state, made, rolled = model.start, 0, 0
        while True:
            seat = model.mover(state)
            step: _Move[M] | Roll[S, R]
            if isinstance(seat, Nature):
                if rolled == len(rolls):
                    return _Played(steps, state, None, self._stops_here(moves[made:], "roll"))
                chances = model.rolls(state)
                index, rolled = rolls[rolled], rolled + 1
                if index >= len(chances):
                    fault = UsageError(
                        f"roll {rolled} of the saved game, {index}, is not one of the "
                        f"{len(chances)} things that can happen in the position above "
                        f"(counted from 0: 0 to {len(chances) - 1})"
                    )
                    return _Played(steps, state, None, fault)
                step = chances[index]
                after = step.after
            else:
                if made == len(moves):
                    return _Played(steps, state, None, self._stops_here(rolls[rolled:], "move"))
                text, made = moves[made], made + 1
                move = model.parse_move(state, text)
                if move is None or move not in model.moves(state):
                    fault = UsageError(
                        f"move {made} of the saved game, '{echo(text)}', is not legal in the "
                        "position above"
                    )
                    return _Played(steps, state, None, fault)
                step = _Move(seat, text, move)
                after = model.play(state, move)
            steps.append((state, step))
            if isinstance(after, Ended):
                left = [plural(len(moves) - made, "more move")] if made < len(moves) else []
                left += [plural(len(rolls) - rolled, "more roll")] if rolled < len(rolls) else []
                too_many = (
                    UsageError(
                        f"the saved game ended at move {made}, but it lists {' and '.join(left)}"
                    )
                    if left
                    else None
                )
                return _Played(steps, state, after, too_many)
            state = after

    @staticmethod
    def _stops_here(rest: Sequence[object], needed: str) -> UsageError | None:
        """Why a saved game that stops before the game's end, at a position that needs a
        `needed` (a roll, a move) the file does not give, cannot be replayed: nothing when
        nothing else is left, else that the rest cannot be placed."""
        if not rest:
            return None
        other = "move" if needed == "roll" else "roll"
        return UsageError(
            f"the saved game lists {plural(len(rest), f'more {other}')} but no {needed} for "
            "the position above: its moves and rolls do not fit each other"
        )

    def _check_unfinished(self) -> None:
        """UsageError when the file says the game was finished, and its moves and rolls
        stop before the end."""
        if self.saved.finished:
            raise UsageError(
                f"the saved game {self._where()} says the game was finished, but its moves and "
                "rolls stop before the end"
            )

    def _where(self) -> str:
        file: str = self.options.file
        return saved_file(file)

    def _check_seats(self, seats: Sequence[str]) -> None:
        """UsageError when the file names other seats than its game (with its options)
        has: a file edited by hand, whose players and options disagree."""
        named = self.saved.seats
        if named is None or named == tuple(seats):
            return
        given = " ".join(self.saved.options)
        game = self.saved.game + (f" with the options {echo(given, 200)}" if given else "")
        listed = f"the seats {echo(', '.join(named), 200)}" if named else "no seats"
        raise UsageError(
            f"the saved game {self._where()} names {listed}, but {game} has the seats "
            f"{', '.join(seats)}"
        )

    def _check_end(self, seats: Sequence[str], results: Sequence[float]) -> None:
        """UsageError when what the file says of the end (finished, results, winner)
        is not how its moves and rolls end the game."""
        saved, where = self.saved, self._where()
        if saved.finished is False:
            raise UsageError(
                f"the saved game {where} says the game stopped before its end, but its moves "
                "and rolls play it to the end"
            )
        if saved.results is not None and saved.results != tuple(results):
            raise UsageError(
                f"the saved game {where} gives the results {_numbers(saved.results)}, but its "
                f"moves and rolls end the game with {_numbers(results)}"
            )
        winner = _winner(seats, results)
        if saved.names_winner and saved.winner != winner:
            named = "no winner" if saved.winner is None else f"the winner {echo(saved.winner)}"
            actual = "no one ahead alone" if winner is None else f"{winner} ahead alone"
            raise UsageError(
                f"the saved game {where} names {named}, but its moves and rolls end the game "
                f"with {actual}"
            )

    def _stopped(self) -> bool:
        """On a terminal: wait for Enter; whether the person asked to stop."""
        if self.step is None:
            return False
        self.out.write("Enter: the next move; q: stop. ")
        self.out.flush()
        answer = self.step.readline()
        if not answer or answer.strip().lower() in ("q", "quit"):
            self.out.write("\n" if not answer else "")
            return True
        return False


def _numbers(results: Sequence[float]) -> str:
    """Results as a file writes them: `[1, -1]`."""
    return echo("[" + ", ".join(str(_number(r)) for r in results) + "]", 200)


def _check_replayable(saved: SavedGame, file: str, games: GameCatalog) -> None:
    """UsageError for a saved game replay cannot step through: a game gamelib does not
    know, or one that is analysed, not played (a tree)."""
    entry = games.get(saved.game)
    if entry is not None and getattr(entry, "playable", True):  # any but a tree
        return
    where = saved_file(file)
    if entry is None:
        what = f"'{echo(saved.game)}', a game gamelib does not know"
        own = "; a game of your own replays with the --game-from MODULE:OBJECT it was played with"
    else:
        what, own = f"{entry.name}, which is analysed, not played", ""
    raise UsageError(
        f"{where} names the game {what}; replay steps through the games play --save saves: "
        f"{', '.join(games.playable())}{own}"
    )


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    replay = commands.add_parser(
        "replay",
        help="step through a saved game (play --save FILE) with the value of each position",
        description="Replay a game saved by gamelib play --save FILE (or its --json): each "
        "position, its value and the move played, with the move the search would have made "
        "where it differs.  On a terminal it waits for Enter between moves (q stops).",
    )
    replay.add_argument("file", metavar="FILE", help="the saved game ('-': standard input)")
    replay.add_argument(
        "--player", help="the search that values the positions (default: alphabeta)"
    )
    _search_options(replay, parsing)
    return replay


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    _reject_extra(extra)
    stdin = context.stdin
    saved = read_saved_game(options.file, stdin)
    options.game = saved.game  # what messages about the players call the game
    _check_replayable(saved, options.file, context.games)
    replayed = _built(saved, options.file, context.games)
    step = stdin if is_terminal(stdin) and options.file != "-" else None
    return replayed.run(_Replay(options, saved, step, context.stdout, context.catalogs))


def _built(saved: SavedGame, file: str, games: GameCatalog) -> KitUser:
    """The saved game's game, built from its options; options that cannot be used (a file
    edited by hand, or saved by another version) are named with the file."""
    try:
        return build_kit(games, saved.game, list(saved.options), playing=True)
    except InputError as error:
        why = str(error)
        unknown = "unrecognized arguments: "
        if why.startswith(unknown):
            why = f"{saved.game} takes no option {why[len(unknown) :].split(' ')[0]}"
        given = " ".join(saved.options)
        raise UsageError(
            f"the saved game {saved_file(file)} gives {saved.game} the options "
            f"{echo(given, 200)}, which cannot be used: {why}"
        ) from None


REPLAY = Command("replay", _add, _run)
"""`gamelib replay FILE`."""
