"""`gamelib solve`: who wins a game from a position, in how many plies, and the proof.

The exact solver ([`gamelib.algorithms.exact.solve`][gamelib.algorithms.exact.solve]) gives the
result and its distance; on request (`--proof`, `--dot`) the boolean solver
gives the tree that proves it, which is checked against the game's rules
before it is shown.  A win is proved by the winner's "force a win" tree,
a draw by both sides' "avoid losing" trees.

On a terminal a progress line counts the positions searched; Ctrl-C stops
the solve and says what was proved so far.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Generic, TextIO, TypeVar, cast, final

from gamelib.algorithms.boolean import check_proof, proof_size
from gamelib.algorithms.exact import (
    Solution,
    SolveInterruptedError,
    describe,
    paused_collector,
    solve,
)
from gamelib.algorithms.goals import (
    GoalInterruptedError,
    Proof,
    Verdict,
    describe_verdict,
    solve_by_goals,
)
from gamelib.algorithms.pns import PnsMemoryError
from gamelib.algorithms.table import TranspositionTable
from gamelib.catalog import Family
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Parser,
    build_kit,
)
from gamelib.cli._proofs import (
    Column,
    ColumnInterruptedError,
    Progress,
    column_json,
    column_words,
    find_proofs,
    goal_columns,
    move_columns,
    stats_json,
    too_long,
    tree_json,
    write_proof,
)
from gamelib.cli._solve_request import (
    DEFAULT_TABLE,
    Request,
    add_solve_options,
    check_request,
)
from gamelib.cli._workers import SentGame, SentRules, sent_game
from gamelib.cli.batch import (
    BatchOptions,
    add_batch_options,
    check_batch_options,
    json_line,
    position_lines,
)
from gamelib.cli.beyond import FamilyKit
from gamelib.cli.games import GameKit, game_choices
from gamelib.cli.positions import (
    BadPositionError,
    line_title,
    lines_of,
    move_json,
    moves_position,
    position_after,
    redraws,
    run_lines,
    split_moves,
    stopped_words,
)
from gamelib.cli.specs import game_is
from gamelib.cli.split_solve import check_split, solve_split
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.parallel.recipes import GoalRecipe, SolveRecipe
from gamelib.trace import write_file
from gamelib.trace.proofs import proofs_to_dot

__all__ = [
    "DEFAULT_TABLE",
    "PROGRESS_EVERY",
    "Request",
    "SolveJob",
    "SolveLine",
    "add_solve_options",
    "check_request",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

PROGRESS_EVERY = 50_000
"""Positions between updates of the progress line."""

PROOF_POSITIONS = 100_000
"""The most positions `--proof` writes out.  A proof shares a position reached along
several lines, but written out as a tree it has that position once for each, and grows
exponentially with the length of the game (Nim from 50: 2,125,763 positions; from 100:
over 10^12); `--dot` writes each position once."""


@final
@dataclass(frozen=True)
class SolveLine(Generic[S, M]):
    """A batch's task: solve one position (and, with `--all`, each of its moves).

    It pickles, so it can run on a worker: the game comes from the recipe's maker.
    """

    recipe: SolveRecipe[S, M] | GoalRecipe[S, M]
    all_moves: bool = False

    def __call__(self, state: S, /) -> tuple[Answer[S, M], dict[str, Column]]:
        began = time.perf_counter()
        solution = self.recipe(state)
        if not self.all_moves:
            return solution, {}
        spent = [0]

        def count(n: int) -> None:
            spent[0] += n

        recipe = self.recipe
        if isinstance(recipe, GoalRecipe):
            columns = goal_columns(recipe.rules(), state, recipe.method, recipe.room, count)
        else:
            columns = move_columns(
                recipe.rules(), state, recipe.shared_table(), recipe.depth, count
            )
        return _with_work(solution, spent[0], time.perf_counter() - began), columns


Answer = Solution[S, M] | Verdict[S, M]
"""What a solve found: the exact solver's `Solution`, or a goal method's `Verdict`."""


def _with_work(answer: Answer[S, M], more: int, seconds: float) -> Answer[S, M]:
    """`answer`, counting `more` positions and taking `seconds` in all (`--all`'s moves)."""
    return replace(answer, positions=answer.positions + more, seconds=seconds)


@dataclass(frozen=True)
class SolveJob:
    """`gamelib solve` on one game kit."""

    request: Request
    stdin: TextIO
    out: TextIO
    err: TextIO
    batch: BatchOptions = field(default_factory=lambda: BatchOptions(None, 1, ordered=True))
    """Where a `--positions` batch runs (None: here, one after another, one table)."""
    sent: SentGame | None = None
    """How a worker finds the game, for a batch on workers."""

    def beyond(self, kit: FamilyKit[S, M, G], /) -> int:
        raise UsageError(_unsolvable(kit.title, kit.family))

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        request = self.request
        if request.positions is not None:
            if self.batch.workers is not None:
                return self._on_workers(kit, request.positions)
            if request.method is not None:  # each goal solve has its own memory, let go
                return self._batch(kit)
            with paused_collector():  # the solves share one table: see paused_collector
                return self._batch(kit)
        state = moves_position(kit.game, request.moves, kit.digit_moves, "solve")
        if self.batch.workers is not None or request.book is not None:
            workers, sent = self.batch.workers, self.sent
            check_split(kit.game, request, workers)
            return solve_split(
                kit.game, state, request, workers, sent, self.out, self.err, redraws(self.err)
            )
        table: TranspositionTable[M, int] | None = (
            TranspositionTable(request.table) if request.table > 0 else None
        )
        answer = self._solve(kit, state, table, redraws(self.err))
        if answer is None:
            return 1
        solution, columns = answer
        game = kit.game
        proofs = (
            _proofs_of(game, state, solution, request.table)
            if (request.proof or request.dot is not None)
            else []
        )
        # The picture is written first, but a file that cannot be written is said only
        # after the answer: the solve's work is not lost to a full disk.
        unwritten: OSError | None = None
        if request.dot is not None:
            shown = [(p.title, p.tree) for p in proofs]
            try:
                write_file(request.dot, proofs_to_dot(game, shown).encode())
            except OSError as error:
                unwritten = error
        wrote = request.dot is not None and unwritten is None
        largest = max((proof_size(p.tree) for p in proofs), default=0)
        trees = request.proof and largest <= PROOF_POSITIONS
        unwritable = None
        if request.proof and not request.json:  # lines of moves, cut to fit; boards if asked
            unwritable = next(filter(None, (too_long(p.tree, request) for p in proofs)), None)
            trees = unwritable is None
        if request.json:
            found = self._answer(game, request.moves, solution, columns, kit.numbered_moves)
            found["game"] = request.game
            found["position"] = game.state_to_string(solution.state)
            found["table"] = (
                None
                if table is None or request.method is not None
                else stats_json(table.stats, request.table)
            )
            if proofs:
                found["proofs"] = [
                    {
                        "side": str(p.side),
                        "goal": p.goal.value,
                        "size": proof_size(p.tree),
                        "checked": True,
                        **({"tree": tree_json(game, p.tree)} if trees else {}),
                    }
                    for p in proofs
                ]
            if wrote:
                found["dot"] = str(request.dot)
            self.out.write(json.dumps(found) + "\n")
        else:
            self._text(game, solution, columns, table, proofs, wrote=wrote, trees=trees)
        untold = request.proof and not trees  # the proof asked for, too big to write out
        if untold:
            self.err.write(
                f"gamelib: the proof was not written out: {unwritable}\n"
                if unwritable is not None
                else f"gamelib: the proof was not written out: as a tree it has {largest:,} "
                "positions (one reached along several lines once for each), more than the "
                f"{PROOF_POSITIONS:,} --proof writes; --dot FILE writes each position once\n"
            )
        if unwritten is not None:
            raise unwritten  # names the file: `main` says it cannot be written
        return 1 if untold else 0

    def _solve(
        self,
        kit: GameKit[S, M, G],
        state: S,
        table: TranspositionTable[M, int] | None,
        show: bool,
    ) -> tuple[Answer[S, M], dict[str, Column]] | None:
        """Solve `state` (and each move, with `--all`), with the progress line when
        `show`; None, having said what was known, when stopped with Ctrl-C (or, for
        proof-number search, by its bound on memory).
        """
        request = self.request
        method = request.method
        progress = Progress(self.err) if show else None
        spent = [0]

        def count(n: int) -> None:
            spent[0] += n

        began = time.perf_counter()
        solution: Answer[S, M] | None = None
        try:
            if method is None:
                solution = solve(
                    kit.game,
                    state,
                    table=table,
                    depth=request.depth,
                    progress=progress,
                    every=PROGRESS_EVERY,
                )
                columns = (
                    move_columns(kit.game, state, table, request.depth, count)
                    if request.all_moves
                    else {}
                )
            else:
                solution = solve_by_goals(
                    kit.game,
                    state,
                    method,
                    room=request.table,
                    report=None if progress is None else progress.numbers,
                    every=PROGRESS_EVERY,
                )
                columns = (
                    goal_columns(kit.game, state, method, request.table, count)
                    if request.all_moves
                    else {}
                )
        except (SolveInterruptedError, GoalInterruptedError) as stopped:
            if progress is not None:
                progress.clear()
            self.err.write(f"gamelib: solve {stopped}\n")
            return None
        except PnsMemoryError as full:
            if progress is not None:
                progress.clear()
            self.err.write(f"gamelib: solve stopped: {full}\n")
            return None
        except ColumnInterruptedError as stopped:
            if progress is not None:
                progress.clear()
            assert solution is not None  # the moves are solved after the position
            self.err.write(
                f"gamelib: solved the position ({_described(kit.game, solution)}), then was "
                f"stopped solving move {stopped.move}: {stopped.stopped}\n"
            )
            return None
        if progress is not None:
            progress.clear()
        if request.all_moves:  # the moves' solves count, in positions and in time
            solution = _with_work(solution, spent[0], time.perf_counter() - began)
        return solution, columns

    def _batch(self, kit: GameKit[S, M, G]) -> int:
        """`--positions`: each line's position solved, an answer a line, in input order."""
        request = self.request
        game = kit.game
        name = request.positions
        assert name is not None
        # One table for the whole batch: its values count from the position stored, so
        # what one solve learned holds in the next.
        table: TranspositionTable[M, int] | None = (
            TranspositionTable(request.table) if request.table > 0 else None
        )
        show = redraws(self.err)
        failed = 0
        answered: list[int] = []  # the line of each position answered
        for number, text in position_lines(name, self.stdin):
            try:
                state, _ = position_after(game, split_moves(text, kit.digit_moves))
            except BadPositionError as bad:
                failed += 1
                self._bad_line(number, text, str(bad))
                continue
            answer = self._solve(kit, state, table, show)
            if answer is None:  # stopped: what was known of this line is said; and the batch
                self.err.write(f"gamelib: {stopped_words(len(answered), answered[-1:], None)}\n")
                return 1
            solution, columns = answer
            if request.json:
                found = {
                    "line": number,
                    **self._answer(game, text, solution, columns, kit.numbered_moves),
                }
                self.out.write(json.dumps(found) + "\n")
            else:
                self.out.write(f"{line_title(number, text)}\n")
                self._text(game, solution, columns, None, [], board=False)
                self.out.write("\n")
            self.out.flush()
            answered.append(number)
        return 1 if failed else 0

    def _on_workers(self, kit: GameKit[S, M, G], name: str) -> int:
        """`--positions` with `--workers` or `--scheduler`: each worker keeps its own
        table, and the answers come as `run_lines` says.
        """
        request = self.request
        assert self.sent is not None  # given by _run with the workers
        game = cast(Callable[[], Game[S, M]], SentRules(self.sent))
        recipe: SolveRecipe[S, M] | GoalRecipe[S, M] = (
            SolveRecipe(game, request.depth, request.table)
            if request.method is None
            else GoalRecipe(game, request.method, request.table)
        )
        task = SolveLine[S, M](recipe, request.all_moves)

        def answer(
            number: int, text: str, state: S, found: tuple[Answer[S, M], dict[str, Column]]
        ) -> None:
            solution, columns = found
            if request.json:
                line = {
                    "line": number,
                    **self._answer(kit.game, text, solution, columns, kit.numbered_moves),
                }
                self.out.write(json_line(line))
            else:
                self.out.write(f"{line_title(number, text)}\n")
                self._text(kit.game, solution, columns, None, [], board=False)
                self.out.write("\n")

        return run_lines(
            lines_of(kit, "solve"),
            name,
            self.stdin,
            self.out,
            self.err,
            self.batch,
            task,
            answer,
            json_output=request.json,
        )

    def _bad_line(self, number: int, text: str, why: str) -> None:
        if self.request.json:
            self.out.write(json.dumps({"line": number, "moves": text, "error": why}) + "\n")
        else:
            self.out.write(f"{line_title(number, text)}\n{why}\n\n")
        self.out.flush()

    def _answer(
        self,
        game: Game[S, M],
        moves: str,
        solution: Answer[S, M],
        columns: dict[str, Column],
        numbered: int | None,
    ) -> dict[str, JSON]:
        winner = solution.winner
        found: dict[str, JSON] = {
            "moves": moves,
            "to_move": str(solution.to_move),
            "method": "exact" if isinstance(solution, Solution) else solution.method,
            "result": solution.result,
            "winner": None if winner is None else str(winner),
        }
        if isinstance(solution, Solution):
            found["plies"] = solution.plies
            found["depth"] = solution.depth
            found["best"] = move_json(game.move_to_string(solution.best))
            found["principal"] = [move_json(game.move_to_string(m)) for m in solution.principal]
        else:  # a goal method finds the result and a move that keeps it, no distance
            best = solution.best
            found["plies"] = None
            found["depth"] = None
            found["best"] = None if best is None else move_json(game.move_to_string(best))
            found["principal"] = None
        found["positions"] = solution.positions
        found["seconds"] = round(solution.seconds, 4)
        if self.request.all_moves:
            if numbered is not None:
                # One entry per number (column), in order; null for one that cannot be played.
                found["columns"] = [
                    column_json(columns.get(str(n))) for n in range(1, numbered + 1)
                ]
            else:
                found["columns"] = {text: column_json(c) for text, c in columns.items()}
        return found

    def _text(
        self,
        game: Game[S, M],
        solution: Answer[S, M],
        columns: dict[str, Column],
        table: TranspositionTable[M, int] | None,
        proofs: list[Proof[S, M]],
        board: bool = True,
        *,
        wrote: bool = False,
        trees: bool = False,
    ) -> None:
        """The answer as text; with `trees`, each proof's tree written out."""
        out = self.out
        if board:
            out.write(f"{game.state_to_string(solution.state)}\n")
        out.write(f"{_described(game, solution)}\n")
        if isinstance(solution, Solution):
            line = " ".join(game.move_to_string(m) for m in solution.principal)
            out.write(f"best line: {line}\n")
        listed = list(columns.values())
        if all(c.move.isdecimal() for c in listed):
            listed.sort(key=lambda c: int(c.move))  # columns (cells) in board order
        for column in listed:
            out.write(f"  {column.move}: {column_words(column)}\n")
        out.write(f"searched {solution.positions:,} positions in {solution.seconds:.2f} s")
        method = self.request.method
        if board and method is not None:
            out.write(f" by {method.name}")
        elif board:  # one position: how much of the table it filled
            used = (
                "no table"
                if table is None
                else f"{len(table):,} of {self.request.table:,} table entries used"
            )
            out.write(f" ({used})")
        out.write("\n")
        for proof in proofs:
            size = proof_size(proof.tree)
            out.write(
                f"\nproof that {proof.title}: {size:,} positions, "
                "checked against the rules of the game\n"
            )
            if trees:
                write_proof(out, game, proof.tree, self.request)
        if wrote:
            out.write(f"wrote {self.request.dot}\n")


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    solving = commands.add_parser(
        "solve",
        help="who wins with perfect play, in how many plies (and the proof)",
        description="Solve a game exactly: who wins from the start (or after --moves), or "
        "that it is a draw, in how many plies with the winner hurrying and the loser "
        "delaying, a best move, and the positions searched.  Options after the game's name "
        "include the game's own, such as --pile 9.",
    )
    games = parsing.games
    solvable = [
        name
        for name in games.names()
        if (entry := games[name]).family == "two-player" and entry.playable
    ]
    solving.add_argument("game", metavar="GAME", help=game_choices(solvable, "two-player"))
    add_solve_options(solving, parsing.methods)
    add_batch_options(solving)
    return solving


def _described(game: Game[S, M], answer: Answer[S, M]) -> str:
    """The answer in words."""
    if isinstance(answer, Verdict):
        return describe_verdict(game, answer)
    return describe(game, answer)


def _proofs_of(game: Game[S, M], state: S, answer: Answer[S, M], entries: int) -> list[Proof[S, M]]:
    """The trees that prove `answer`, each checked against the game's rules: a goal
    method's own, or the boolean solver's for the exact solver's answer."""
    if isinstance(answer, Solution):
        return find_proofs(game, state, answer, entries)
    for proof in answer.proofs:
        check_proof(game, proof.tree, state, proof.goal, proof.side)
    return list(answer.proofs)


def _unsolvable(name: str, family: Family) -> str:
    return (
        f"'{name}' cannot be solved here: solve finds who wins a two-player game without "
        f"dice, and {name} is {game_is(family)}; try gamelib analyse {name}"
    )


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    games = context.games
    named = games.get(str(options.game))
    if named is not None and named.family != "two-player":  # said before the options
        raise UsageError(_unsolvable(named.name, named.family))  # (a two-player game's)
    request = check_request(options, context.catalogs.solve)
    entry = games.get(request.game)
    if entry is not None and not entry.playable:
        raise UsageError(
            f"'{request.game}' cannot be solved: its leaves are estimates, not finished games"
        )
    batch = check_batch_options(options, request.positions, alone=request.method is None)
    if request.split is not None and batch.workers is None and request.book is None:
        raise UsageError("--split splits a solve over workers: give --workers N or --scheduler")
    kit = build_kit(games, request.game, extra, playing=False)
    sent = None
    if batch.workers is not None:
        sent = sent_game(context, request.game, tuple(extra), batch.workers)
    job = SolveJob(request, context.stdin, context.stdout, context.stderr, batch, sent)
    return kit.run(job)


SOLVE = Command("solve", _add, _run, game_help="all")
"""`gamelib solve GAME`."""
