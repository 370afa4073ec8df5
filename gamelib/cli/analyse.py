"""`gamelib analyse`: the best move and its value, for one position or a batch of them."""

from __future__ import annotations

import argparse
import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    _Defaults,
    _Parser,
    _Report,
    _search_options,
    build_kit,
)
from gamelib.cli._workers import (
    SentEstimator,
    SentGame,
    SentKinds,
    SentRules,
    flags,
    sent_game,
    sent_kind,
    sent_kinds,
)
from gamelib.cli.batch import BatchOptions, add_batch_options, check_batch_options, json_line
from gamelib.cli.beyond import FamilyKit
from gamelib.cli.book_players import (
    BookAnalysis,
    book_analysis,
    book_game,
    book_words,
    booked_name,
    unanswered,
)
from gamelib.cli.games import GameKit, game_choices
from gamelib.cli.players import search_player
from gamelib.cli.positions import (
    BadPositionError,
    line_after,
    line_title,
    lines_of,
    move_json,
    moves_position,
    run_lines,
    split_moves,
)
from gamelib.cli.specs import (
    FamilyAnswer,
    PlayerSpec,
    SpecError,
    too_deep,
)
from gamelib.core.checks import echo
from gamelib.core.datatypes import Side
from gamelib.core.estimator import (
    Definitely,
    Est,
    Estimator,
    Guess,
    est_to_string,
)
from gamelib.core.jsondata import JSON
from gamelib.core.model import Model, Nature
from gamelib.errors import InputError
from gamelib.parallel.book import Book, BookError, kept_book
from gamelib.parallel.recipes import Analysis, GivenGame, SearchRecipe, analysed
from gamelib.search.anytime import Pondered, Thinks
from gamelib.search.player import (
    SearchPlayer,
)

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")
R = TypeVar("R")


class _Analyse(_Report):
    """`analyse` on a game of any family."""

    def beyond(self, kit: FamilyKit[S, M, R], /) -> int:
        """`analyse` of a game of chance or of n players: at the start, after `--moves`, or
        each line of `--positions` (here or on workers)."""
        options, model = self.options, kit.model
        if options.book is not None:
            raise BookError(f"--book is for Connect Four, not {options.game}")
        read = _Defaults(options, self.catalogs, kit)
        if options.positions is None:
            check_batch_options(options, None)  # a batch flag alone is a mistake
            state, moves = model.start, options.moves or ""
            if options.moves is not None:
                if kit.tree:
                    raise SpecError(f"--moves is for games; analyse {kit.title} looks at its root")
                try:
                    state = _player_at(model, moves, "--moves ", SpecError)
                except BadPositionError as bad:
                    raise SpecError(f"--moves: {bad}") from None
            found = kit.answer(read.search_spec("analyse", options.player), state)
            return self._say(model.state_to_string(state), found)
        spec = read.search_spec("analyse", options.player)
        if kit.tree:
            raise SpecError(f"--positions is for games; analyse {kit.title} looks at its root")
        if options.moves is not None:
            raise SpecError("give --moves or --positions, not both")
        batch = check_batch_options(options, options.positions)
        task: Callable[[S], FamilyAnswer] = functools.partial(kit.answer, spec)
        if batch.workers is not None:
            assert self.context is not None  # given by _run, which batches come through
            game = sent_game(self.context, options.game, self.game_args, batch.workers)
            kinds = sent_kinds(self.catalogs, [spec.kind], batch.workers)
            task = _SentAnalysis(game, kinds, spec.text, flags(options, self.catalogs))
        read_line = functools.partial(_player_at, model, said="", error=BadPositionError)
        return self._lines(read_line, batch, task, _as_said)

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        options = self.options
        book = None
        if options.book is not None:  # read at once: a file that is no book is said first
            book = kept_book(options.book, book_game(kit.game, options.game), options.game)
        if options.positions is not None:
            spec = _Defaults(options, self.catalogs, kit).search_spec("analyse", options.player)
            player = search_player(kit, spec)
            if options.moves is not None:
                raise SpecError("give --moves or --positions, not both")
            return self._batch(kit, spec, player, book)
        state = kit.game.start
        below = "the root"
        if options.moves is not None:
            state = moves_position(kit.game, options.moves, kit.digit_moves, "analyse")
            if kit.depth_limit_at is not None:  # a tree: search no deeper than is left of it
                kit = dataclasses.replace(kit, depth_limit=kit.depth_limit_at(state))
                below = f"the position after --moves {echo(options.moves)}"
                if kit.depth_limit == 0:
                    raise SpecError(
                        f"nothing to analyse: after --moves {echo(options.moves)} the tree ends "
                        f"at the leaf {kit.game.state_to_string(state)}"
                    )
        spec = _Defaults(options, self.catalogs, kit).search_spec("analyse", options.player)
        player = search_player(kit, spec, below)
        check_batch_options(options, None)  # a batch flag without --positions is a mistake
        out = self.out
        name = str(player) if book is None else booked_name(player, options.book)
        if book is not None:
            answered: Analysis[M, G] | None = book_analysis(book, kit.game, state)
            if answered is not None:
                return self._say(
                    kit.game.state_to_string(state), _answer(kit, name, state, answered)
                )
            if self.err is not None:
                self.err.write(f"gamelib: {unanswered(book, state)}\n")
        say: Callable[[str], None] | None = None
        if not options.json:
            out.write(f"{kit.game.state_to_string(state)}\n")

            def say(line: str) -> None:  # a thinking player's lines, as it tells them
                out.write(line + "\n")
                out.flush()

        pondered: Pondered[M, G] | None = None
        if isinstance(player, Thinks):
            thinks: Thinks[S, M, G] = player
            pondered = thinks.ponder(state, say)
            searched = Analysis(pondered.move, pondered.value, pondered.facts)
        else:
            searched = Analysis(*player.analyse(state))
        own = _sampled_value(searched.facts, searched.value, kit.game.player(state))
        past = {} if book is None else {"book": None}  # past the book: the player searched
        found = _answer(kit, name, state, searched, own, past)
        if options.json:
            return self._say("", found)
        out.write(found.text + "\n")
        if pondered is not None:
            out.write(pondered.summary + "\n")
            if pondered.note is not None:
                out.write(f"({pondered.note})\n")
        return 0

    def _say(self, position: str, found: FamilyAnswer) -> int:
        """One position's answer: as JSON, or the position and the answer's line."""
        if self.options.json:
            self.out.write(json_line({"moves": self.options.moves or "", **found.found}))
        else:
            self.out.write(f"{position}\n{found.text}\n")
        return 0

    def _lines(
        self,
        read: Callable[[str], S],
        batch: BatchOptions,
        task: Callable[[S], R],
        record: Callable[[S, R], FamilyAnswer],
        refuse: Callable[[S], str | None] | None = None,
    ) -> int:
        """`--positions` of any family: `task` on each line's position (`read` makes it),
        its answer written as `record` says, as a line of JSON or of text."""
        json = bool(self.options.json)

        def answer(number: int, text: str, state: S, found: R) -> None:
            said = record(state, found)
            if json:
                self.out.write(json_line({"line": number, "moves": text, **said.found}))
            else:
                self.out.write(f"{line_title(number, text)}\n{said.text}\n\n")

        lines, io = self.options.positions, (self.stdin, self.out, self.err)
        return run_lines(read, lines, *io, batch, task, answer, json_output=json, refuse=refuse)

    def _batch(
        self,
        kit: GameKit[S, M, G],
        spec: PlayerSpec,
        player: SearchPlayer[S, M, G],
        book: Book | None,
    ) -> int:
        """`--positions`: each line's position analysed, an answer a line."""
        options = self.options
        batch = check_batch_options(options, options.positions)
        task: Callable[[S], Analysis[M, G]]
        maker: Callable[[], object] = GivenGame(kit.game, shared=True)
        if batch.workers is None:
            task = functools.partial(analysed, player)  # here: the player itself
        else:
            # What a worker gets: how to find the game, the kind, depth and options.
            assert self.context is not None  # given by _run, which batches come through
            game = sent_game(self.context, options.game, self.game_args, batch.workers)
            estimator = cast(Callable[[], Estimator[S, M, G]], SentEstimator(game))
            kind = sent_kind(self.catalogs, spec.kind, batch.workers)
            task = SearchRecipe(estimator, kind, spec.depth, tuple(sorted(spec.options.items())))
            maker = SentRules(game)
        name = str(player)
        if book is not None:  # the path travels, and each worker reads the file once
            path = str(Path(options.book).resolve())
            task = BookAnalysis(task, maker, path, options.game)
            name = booked_name(name, options.book)
        record = functools.partial(_answer, kit, name)
        return self._lines(
            lines_of(kit, "analyse"), batch, task, record, _beyond_the_tree(kit, spec)
        )


def _beyond_the_tree(kit: GameKit[S, M, G], spec: PlayerSpec) -> Callable[[S], str | None] | None:
    """For a tree, why a batch's position cannot be searched `spec.depth` deep (None when
    it can); None for a game without a depth limit."""
    limit_at = kit.depth_limit_at
    if limit_at is None:
        return None

    def refuse(state: S) -> str | None:
        limit = limit_at(state)
        if limit == 0:
            return (
                f"nothing to analyse: the tree ends at the leaf {kit.game.state_to_string(state)}"
            )
        if limit is None or spec.depth <= limit:
            return None
        return too_deep(spec.depth, spec.depth_from, limit, "this position")

    return refuse


def _sampled_value(facts: Mapping[str, JSON], value: Est[G], side: Side) -> str | None:
    """The value a sampling search (MCTS) found itself, in words, when it has not proven
    the outcome: its mean score for the side to move.  Its `value` is then only the
    estimator's guess at the move chosen, which is not what the search found.  None for
    any other search."""
    score = facts.get("score")
    if not isinstance(value, Guess) or not isinstance(score, float | int):
        return None
    return f"MCTS's mean score {score:.1%} for {side}"


def _as_said(state: object, found: FamilyAnswer) -> FamilyAnswer:
    """A chance or n-player search's answer, which is written as it came."""
    return found


def _answer(
    kit: GameKit[S, M, G],
    name: str,
    state: S,
    found: Analysis[M, G],
    own: str | None = None,
    first: Mapping[str, JSON] | None = None,
) -> FamilyAnswer:
    """A two-player analysis as the answer every family's `analyse` writes: the fields
    `first` then the facts after the move and value (never over them), and the value as
    the search's `own` words where it has them (its estimator's guess then kept apart)."""
    side = kit.game.player(state)
    fields = {"player": name, "to_move": str(side)} | _edge_json(kit, found.move, found.value)
    fields.update(first or {})
    if own is not None:  # the estimator's guess only under its own name
        fields["value"] = own
        fields["estimator_guess"] = fields.pop("guess", None)
    for key, fact in found.facts.items():  # never over the answer's own keys
        fields.setdefault(key, fact)
    shown = est_to_string(kit.estimator, found.value) if own is None else own
    move = kit.game.move_to_string(found.move)
    words = book_words(found.facts)
    return FamilyAnswer(fields, f"{name} chooses {move} for {side}; value: {shown}{words}")


def _edge_json(kit: GameKit[S, M, G], move: M, value: Est[G]) -> dict[str, JSON]:
    found: dict[str, JSON] = {
        "best": move_json(kit.game.move_to_string(move)),
        "value": est_to_string(kit.estimator, value),
    }
    match value:
        case Definitely(outcome):
            found["outcome"] = str(outcome)
        case Guess(guess):
            found["guess"] = (
                guess
                if isinstance(guess, int | float) and not isinstance(guess, bool)
                else kit.estimator.guess_to_string(guess)
            )
    return found


@dataclass(frozen=True)
class _SentAnalysis:
    """A batch's task on a worker: the game found again, the player's spec read again with
    the caller's kinds (`--depth` and the options' flags as given), the position analysed."""

    game: SentGame
    kinds: SentKinds
    text: str
    """The `--player` spec as typed."""
    flags: tuple[tuple[str, str | None], ...]
    """`--depth` and the search options' flags as typed, by their names in the options."""

    def __call__(self, state: object, /) -> FamilyAnswer:
        kit = self.game.kit()
        assert isinstance(kit, FamilyKit)  # a two-player game's batch goes its own way
        options = argparse.Namespace(**dict(self.flags))
        return kit.answer(_Defaults(options, self.kinds.catalogs(), kit).spec(self.text), state)


def _player_at(model: Model[S, M, R], text: str, said: str, error: type[InputError]) -> S:
    """The position after the moves `text` (a word at a chance position names what
    happened), which must be a player's: `error` when chance decides there."""
    state, _ = line_after(model, split_moves(text, False), "analyse", rolls=True)
    if isinstance(model.mover(state), Nature):
        raise error(
            f"nothing to analyse after {said}{echo(text)}: chance decides there, not a player"
        )
    return state


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    analyse = commands.add_parser("analyse", help="print the best move and its value")
    analyse.add_argument("game", metavar="GAME", help=game_choices(parsing.games.names()))
    analyse.add_argument(
        "--player",
        help="search player (default: alphabeta; id when --time or --nodes is given; "
        "expectiminimax for a game of chance, maxn for a game of n players)",
    )
    _search_options(analyse, parsing)
    analyse.add_argument(
        "--moves",
        metavar="SEQ",
        help="analyse the position after these moves from the start, written as for solve "
        "(default: the start)",
    )
    analyse.add_argument(
        "--positions",
        metavar="FILE",
        help="analyse every position in FILE ('-': standard input), one SEQ a line; blank "
        "lines and lines starting with # are skipped",
    )
    analyse.add_argument(
        "--json", action="store_true", help="print each answer as JSON, one object a line"
    )
    analyse.add_argument(
        "--book",
        metavar="FILE",
        help="Connect Four: answer a position at or before an opening book's plies from the "
        "book in FILE (made by gamelib book build), exactly; one past them is searched",
    )
    add_batch_options(analyse)
    return analyse


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    job = _Analyse(
        options,
        context.stdout,
        context.catalogs,
        tuple(extra),
        context.stdin,
        context.stderr,
        context,
    )
    return build_kit(context.games, options.game, extra, playing=False).run(job)


ANALYSE = Command("analyse", _add, _run, game_help="all")
"""`gamelib analyse GAME`."""
