"""The one model of a game, timed where every family goes through it: the controller playing
whole games, a match's games, and MCTS on games of chance and of n players.

    python benchmarks/families.py                       # this checkout
    python benchmarks/families.py --baseline /tmp/before  # ... timed beside another one

With `--baseline DIR` (a `git worktree` of an earlier commit, say) the same jobs run on
that checkout's gamelib in the same process, in turns, and the report gives each job's
median and its ratio to the baseline's.
"""

from __future__ import annotations

import argparse
import io
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from search import Flavour, load_baseline
from timing import interleaved

THIS = Flavour("", "gamelib")


def jobs(flavour: Flavour, games: int, sims: int) -> dict[str, Callable[[], object]]:
    """The timed jobs of one copy of gamelib, by name."""

    def m(name: str) -> ModuleType:
        return flavour.module(name)

    controller, pig, takeaway = m("core.controller"), m("games.pig"), m("games.takeaway")
    chance, nplayer, seq = m("chance.game"), m("nplayer.game"), m("seq")
    tictactoe, play, mcts = m("games.tictactoe"), m("match.play"), m("algorithms.mcts")
    expecti = m("chance.expectiminimax")

    def pig_games() -> None:
        game = pig.Pig(target=30)
        rng = random.Random(1)

        def choose(state: object) -> object:
            return rng.choice(seq.to_tuple(game.moves(state)))

        for i in range(games):
            controller.play_out(
                chance.ChanceTurns(game), [choose, choose], out=io.StringIO(),
                rng=random.Random(i), clock=lambda: 0.0,
            )  # fmt: skip

    def takeaway_games() -> None:
        game = takeaway.TakeAway(pile=40, players=4)
        rng = random.Random(1)

        def choose(state: object) -> object:
            return rng.choice(seq.to_tuple(game.moves(state)))

        for _ in range(games):
            controller.play_out(
                nplayer.NPlayerTurns(game), [choose] * 4, out=io.StringIO(), clock=lambda: 0.0
            )

    def chooser(game: object, seed: int | None) -> object:
        rng = random.Random(seed)
        return lambda state: rng.choice(seq.to_tuple(game.moves(state)))  # type: ignore[attr-defined]  # a tic-tac-toe game

    def tictactoe_match() -> None:
        games_of = play.TwoPlayerGames(tictactoe.TicTacToe, chooser, chooser)
        play.play_match(games_of, [()], games // 2, seed=1)

    def pig_mcts() -> None:
        game = pig.Pig(target=20)
        settings = expecti.ChanceSettings(pig.pig_estimator(game), 6)
        mcts.chance_mcts(settings, sims).analyse(game.start)

    def takeaway_mcts() -> None:
        game = takeaway.TakeAway(pile=15)
        mcts.nplayer_mcts(takeaway.takeaway_estimator(game), 8, sims).analyse(game.start)

    return {
        f"Pig, {games} random games{flavour.label}": pig_games,
        f"take-away for 4, {games} random games{flavour.label}": takeaway_games,
        f"tic-tac-toe match, {games} random games{flavour.label}": tictactoe_match,
        f"Pig, MCTS {sims} simulations{flavour.label}": pig_mcts,
        f"take-away, MCTS {sims} simulations{flavour.label}": takeaway_mcts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7, help="rounds, the jobs in turns")
    parser.add_argument("--games", type=int, default=200, help="games a job plays")
    parser.add_argument("--sims", type=int, default=3000, help="simulations of an MCTS job")
    parser.add_argument("--baseline", type=Path, help="another checkout, timed beside this one")
    options = parser.parse_args()
    flavours = [THIS] if options.baseline is None else [THIS, load_baseline(options.baseline)]
    timed: dict[str, Callable[[], object]] = {}
    for flavour in flavours:
        timed |= jobs(flavour, options.games, options.sims)
    medians = interleaved(timed, options.runs)
    print(f"medians of {options.runs} rounds, the jobs in turns")
    for name, seconds in medians.items():
        line = f"  {name:<58}{seconds:8.3f} s"
        base = medians.get(name + " (before)")
        if flavours[1:] and base is not None:
            line += f"   {seconds / base:.3f}x the baseline"
        print(line)


if __name__ == "__main__":
    main()
