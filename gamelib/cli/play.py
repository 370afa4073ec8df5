"""`gamelib play`: one game on the terminal, of two players, with dice or of n players."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from gamelib.catalog import (
    Catalog,
)
from gamelib.cli._common import (
    UsageError,
    _BeyondOptions,
    _Defaults,
    _rule,
    _shown,
    _spec_text,
    _writable,
)
from gamelib.cli.batch import JsonValue, json_line
from gamelib.cli.beyond import (
    ChanceKit,
    NKit,
    play_chance,
    play_n,
)
from gamelib.cli.colour import Coloured, takes_colour
from gamelib.cli.games import (
    GameKit,
)
from gamelib.cli.players import Streams, advise, build_player
from gamelib.cli.specs import (
    PlayerSpec,
)
from gamelib.cli.status import outcome_status, outcome_word
from gamelib.cli.thinking import Pondering
from gamelib.core.checks import echo
from gamelib.core.controller import referee
from gamelib.core.datatypes import Outcome, outcome_to_string
from gamelib.core.game import Game
from gamelib.core.player import Player
from gamelib.search.counting import RecordingEstimator
from gamelib.trace import (
    write_file,
)

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")


class _Play:
    def __init__(
        self,
        options: argparse.Namespace,
        streams: Streams,
        catalog: Catalog,
        extra: Sequence[str],
        json_out: TextIO | None,
        *,
        summary: str,
    ) -> None:
        defaults = _Defaults(options, catalog)
        self.maxie = defaults.spec(_spec_text(options.maxie, "--maxie", "human"), catalog)
        self.minnie = defaults.spec(_spec_text(options.minnie, "--minnie", "alphabeta"), catalog)
        defaults.check_used([self.maxie, self.minnie], catalog)
        self.streams = streams
        self.catalog = catalog
        self.name: str = options.game
        self.summary = summary
        self.extra = tuple(extra)
        self.json_out = json_out
        self.exit_code: bool = options.exit_code
        self.save: Path | None = None if options.save is None else _writable(options.save)

    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        maxie = self._player(kit, self.maxie)
        minnie = self._player(kit, self.minnie)
        advise(kit, maxie, minnie, self.catalog)
        out = self.streams.output
        out.write(f"Playing {self.name}: {_rule(self.summary)}.\n")
        out.write(f"Maxie: {maxie}.  Minnie: {minnie}.\n\n")
        shown: Game[S, M] = Coloured(kit.game) if takes_colour(out) else kit.game
        made: list[M] = []

        def document(outcome: Outcome | None) -> dict[str, JsonValue]:
            return {
                "game": self.name,
                "options": list(self.extra),
                "players": {"Maxie": str(maxie), "Minnie": str(minnie)},
                "moves": [kit.game.move_to_string(m) for m in made],
                "outcome": None if outcome is None else outcome_to_string(outcome),
                "winner": None if outcome is None else outcome_word(outcome),
                "finished": outcome is not None,
            }

        try:
            record = referee(shown, maxie, minnie, out=out, made=made)
        except BaseException:  # quit, end of input, Ctrl-C, SIGTERM, a faulty player
            # Keep what was played: the moves so far, marked unfinished, for replay.
            if self.json_out is not None:
                self.json_out.write(json_line(document(None)))
            self._keep(document(None), out, "The unfinished game")
            raise
        if self.json_out is not None:
            self.json_out.write(json_line(document(record.outcome)))
        self._keep(document(record.outcome), out)
        return outcome_status(record.outcome) if self.exit_code else 0

    def _keep(self, document: dict[str, JsonValue], out: TextIO, what: str = "The game") -> None:
        """Save `document` in the file of `--save`, if one was given."""
        if self.save is None:
            return
        # An OSError names the file (a full disk: /dev/full).
        write_file(self.save, (json.dumps(document, indent=1) + "\n").encode())
        saved = echo(str(self.save), 200)
        out.write(f"{what} is saved in {saved}: gamelib replay {saved}\n")

    def _player(self, kit: GameKit[S, M, G], spec: PlayerSpec) -> Player[S, M]:
        """The player `spec` names; on a terminal a search player says it is thinking."""
        status = self.streams.status
        if status is None or spec.kind not in self.catalog or spec.kind == "id":
            return _shown(build_player(kit, spec, self.streams, self.catalog), self.streams)
        counted = RecordingEstimator(kit.estimator, keep=False)
        player = build_player(
            dataclasses.replace(kit, estimator=counted), spec, self.streams, self.catalog
        )
        return Pondering(player, counted, status)


class _BeyondPlay(_BeyondOptions):
    def __init__(
        self,
        options: argparse.Namespace,
        seats: dict[int, str],
        streams: Streams,
        catalog: Catalog,
        *,
        summary: str,
    ) -> None:
        super().__init__(options, catalog)
        self.seats = seats
        self.streams = streams
        self.summary = summary

    def chance(self, kit: ChanceKit[S, M], /) -> int:
        if self.seats:
            raise UsageError(
                f"--player{min(self.seats)} is for games of n players; {kit.title}'s players "
                "are Maxie and Minnie: name them with --maxie and --minnie"
            )
        self.check_flags(kit.title)
        texts = (
            _spec_text(self.options.maxie, "--maxie", "expectiminimax"),
            _spec_text(self.options.minnie, "--minnie", "expectiminimax"),
        )
        maxie, minnie = (self.spec(text, "chance", kit.title, None) for text in texts)
        self.check_depth_used([maxie, minnie])
        self.say_the_rule()
        io = (self.streams.input, self.streams.output)
        status = play_chance(kit, (maxie, minnie), io, self.streams.seed)
        return status if self.options.exit_code else 0

    def nplayer(self, kit: NKit[S, M], /) -> int:
        names = kit.game.names
        n = len(names)
        for flag, given in (("--maxie", self.options.maxie), ("--minnie", self.options.minnie)):
            if given is not None:
                raise UsageError(
                    f"{kit.title} has no {flag[2:].capitalize()}: its players are "
                    f"{', '.join(names[:-1])} and {names[-1]}; name them with --player1 .. "
                    f"--player{n}"
                )
        for seat in sorted(self.seats):
            if not 1 <= seat <= n:
                raise UsageError(
                    f"--player{seat} names no player: {kit.title} has {n} players, "
                    f"--player1 to --player{n}"
                )
        self.check_flags(kit.title)
        specs = [
            self.spec(
                _spec_text(self.seats.get(i + 1), f"--player{i + 1}", "maxn"),
                "n-player",
                kit.title,
                n,
                kit.default_depth,
            )
            for i in range(n)
        ]
        self.check_depth_used(specs)
        self.say_the_rule()
        io = (self.streams.input, self.streams.output)
        status = play_n(kit, specs, io, self.streams.seed)
        return status if self.options.exit_code else 0

    def say_the_rule(self) -> None:
        name: str = self.options.game
        self.streams.output.write(f"Playing {name}: {_rule(self.summary)}.\n")
