"""The command line: `gamelib play | analyse | trace | solve | replay | run | list | demo`.

- [`gamelib.cli.commands`][gamelib.cli.commands]: the parser, the path of each command,
  [`main`][gamelib.cli.commands.main] and the console script;
- `play`, `analyse`, `tracing`, `replay`, `listing` and
  [`gamelib.cli.solve`][gamelib.cli.solve]: a module for each command, what they share in
  `_common`;
- [`gamelib.cli.specs`][gamelib.cli.specs]: player specs (`jamboree:4:0.25`) and option values;
- [`gamelib.cli.players`][gamelib.cli.players]: the players that do not search, and building any
  player;
- [`gamelib.cli.games`][gamelib.cli.games]: the catalog of games, with their options, and games
  from outside (`--game-from`, the `gamelib.games` entry points);
- `gamelib.cli.beyond`: games of chance (Pig) and of n players (take-away), their
  kits, player specs and named trees;
- [`gamelib.cli.presets`][gamelib.cli.presets]: the course's named games (`gamelib run C4_HvAB`).

Search players come from [`gamelib.catalog.CATALOG`][gamelib.catalog.CATALOG].
"""

from gamelib.cli.commands import entry_point, main

__all__ = ["entry_point", "main"]
