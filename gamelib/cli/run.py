"""`gamelib run PRESET` and `gamelib demo`: command lines the course names, run again."""

from __future__ import annotations

import argparse

from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Parser,
    _reject_extra,
    _rule,
)
from gamelib.cli.presets import DEMO_PRESET, PRESETS, preset_named
from gamelib.cli.specs import shown


def _add_run(commands: Commands, parsing: Parsing) -> _Parser:
    run = commands.add_parser(
        "run",
        help="play a preset game, e.g. C4_HvAB (see list)",
        description="Play a preset game.  Options after its name are added to the preset's "
        "own, and win over them: --depth 3, --seed 7, or a game option such as --pile 9.",
    )
    run.add_argument("preset", metavar="PRESET", help="a preset name from 'gamelib list'")
    return run


def _run_preset(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    preset = preset_named(options.preset)
    if preset is None:
        known = ", ".join(sorted(PRESETS))
        raise UsageError(f"unknown preset '{shown(options.preset)}'; presets: {known}")
    # Options after the name (--seed 3, --depth 4, ...) add to the preset's.
    return context.again([*preset.argv, *extra])


def _add_demo(commands: Commands, parsing: Parsing) -> _Parser:
    return commands.add_parser("demo", help=f"watch two search players play ({DEMO_PRESET})")


def _run_demo(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    _reject_extra(extra)
    demo = PRESETS[DEMO_PRESET]
    context.stdout.write(f"The demo ({demo.name}): {_rule(demo.summary)}.  Ctrl-C stops it.\n")
    context.again(list(demo.argv))
    return 0  # a show, not a contest: the status does not say who won


RUN = Command("run", _add_run, _run_preset)
"""`gamelib run PRESET`."""
DEMO = Command("demo", _add_demo, _run_demo)
"""`gamelib demo`."""
