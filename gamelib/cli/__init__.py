"""The command line: ``gamelib play | analyse | trace | run | list | demo``.

- :mod:`gamelib.cli.commands`: the commands, :func:`main` and the console script;
- :mod:`gamelib.cli.specs`: player specs (``jamboree:4:0.25``) and option values;
- :mod:`gamelib.cli.players`: the players that do not search, and building any player;
- :mod:`gamelib.cli.games`: the games by name, with their options;
- :mod:`gamelib.cli.beyond`: games of chance (Pig) and of n players (take-away), their
  kits, player specs and named trees;
- :mod:`gamelib.cli.presets`: the course's named games (``gamelib run C4_HvAB``).

Search players come from :data:`gamelib.catalog.CATALOG`.
"""

from gamelib.cli.commands import entry_point, main

__all__ = ["entry_point", "main"]
