"""`gamelib replay FILE`: step through a saved game with each position's value."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TextIO, TypeVar

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
from gamelib.core.controller import Turns
from gamelib.core.model import Ended, Nature, number_to_string
from gamelib.errors import InputError

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")
R = TypeVar("R")


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
        `value`, each roll of chance said."""
        out, saved = self.out, self.saved
        self._check_seats(model.seats)
        self._check_end_first(model)
        moves, rolls = list(saved.moves), list(saved.rolls)
        count = plural(len(moves), "move")
        out.write(f"Replaying {saved.game}: {count}, valued by {player}.\n\n")
        state, made, rolled = model.start, 0, 0
        while True:
            out.write(model.state_to_string(state) + "\n")
            mover = model.mover(state)
            last: M | None = None
            if isinstance(mover, Nature):
                if rolled == len(rolls):
                    return self._stops_here(moves[made:], "roll")
                chances = model.rolls(state)
                index, rolled = rolls[rolled], rolled + 1
                if index >= len(chances):
                    raise UsageError(
                        f"roll {rolled} of the saved game, {index}, is not one of the "
                        f"{len(chances)} things that can happen in the position above "
                        f"(counted from 0: 0 to {len(chances) - 1})"
                    )
                chosen = chances[index]
                out.write(f"Chance: {chosen.label} ({number_to_string(chosen.probability)})\n\n")
                after = chosen.after
            else:
                if made == len(moves):
                    return self._stops_here(rolls[rolled:], "move")
                text, made = moves[made], made + 1
                best, shown = value(state)
                last = model.parse_move(state, text)
                if last is None or last not in model.moves(state):
                    raise UsageError(
                        f"move {made} of the saved game, '{echo(text)}', is not legal in the "
                        "position above"
                    )
                other = (
                    "" if last == best else f"; {player} would play {model.move_to_string(best)}"
                )
                out.write(f"Value: {shown}.  {model.seats[mover]} played {text}{other}.\n")
                if self._stopped():
                    return 0
                out.write("\n")
                after = model.play(state, last)
            if isinstance(after, Ended):
                out.write(model.ended(state, last, after.outcome))
                left = [plural(len(moves) - made, "more move")] if made < len(moves) else []
                left += [plural(len(rolls) - rolled, "more roll")] if rolled < len(rolls) else []
                if left:
                    raise UsageError(
                        f"the saved game ended at move {made}, but it lists {' and '.join(left)}"
                    )
                self._check_end(model.seats, model.results(after.outcome))
                return 0
            state = after

    def _stops_here(self, rest: Sequence[object], needed: str) -> int:
        """The end of a saved game that stops before the game's end, at the position just
        written, which needs a `needed` (a roll, a move) the file does not give: fine when
        nothing else is left, else a UsageError (the rest cannot be placed)."""
        if rest:
            other = "move" if needed == "roll" else "roll"
            raise UsageError(
                f"the saved game lists {plural(len(rest), f'more {other}')} but no {needed} for "
                "the position above: its moves and rolls do not fit each other"
            )
        self._check_unfinished()
        self.out.write("The saved game stops here, before the end.\n")
        return 0

    def _check_unfinished(self) -> None:
        """UsageError when the file says the game was finished, and its moves and rolls
        stop before the end."""
        if self.saved.finished:
            raise UsageError(
                f"the saved game {self._where()} says the game was finished, but its moves and "
                "rolls stop before the end"
            )

    def _check_end_first(self, model: Turns[S, M, R]) -> None:
        """What the file says of the end (finished, results, winner), held before anything
        is printed: its moves and rolls played silently, with no search.  A file whose
        moves and rolls do not play (an illegal move, a roll that cannot happen, one too
        many) is left to the walk, which prints the game up to the fault and names it."""
        moves, rolls = self.saved.moves, self.saved.rolls
        state, made, rolled = model.start, 0, 0
        while True:
            if isinstance(model.mover(state), Nature):
                if rolled == len(rolls):
                    if made == len(moves):
                        self._check_unfinished()
                    return
                chances = model.rolls(state)
                if rolls[rolled] >= len(chances):
                    return
                after, rolled = chances[rolls[rolled]].after, rolled + 1
            else:
                if made == len(moves):
                    if rolled == len(rolls):
                        self._check_unfinished()
                    return
                move, made = model.parse_move(state, moves[made]), made + 1
                if move is None or move not in model.moves(state):
                    return
                after = model.play(state, move)
            if isinstance(after, Ended):
                if (made, rolled) == (len(moves), len(rolls)):
                    self._check_end(model.seats, model.results(after.outcome))
                return
            state = after

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
