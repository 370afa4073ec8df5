"""Options shortened on a command line that takes a game's options beside the command's.

argparse reads a flag's unique beginning as the flag (`--pi 7` for nim's `--pile 7`).
A command that takes a game (`play`, `analyse`, `solve`, `trace`, `match`, ...) reads
the game's options apart from its own, so argparse alone would read a beginning two
options share in a different way in each command: `analyse takeaway --pl 3` as the
command's `--player`, `match --game takeaway --pl 3` as ambiguous.  Here one rule
holds for all of them: a beginning names the one option, of the command or of the
game, it begins; one that begins options of both is refused, naming them
(`check_shortened`).  The command's options are only those that apply to the game:
the options of search kinds that none of the game's players takes are no flags,
unless written in full (`unfit_options`), so `play nim --to 3` is an unknown option,
not `--total`, which Nim's players do not take.

In a match, whose players follow the game with nothing to mark them, a game's option
whose value may be left out (`nargs='?'`) takes a value only written with `=`
(`--fast=2`): bare, it takes none, and the word after it stays a player
(`bare_words`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from gamelib.catalog import Catalogs
from gamelib.cli._common import BARE, UsageError, _KeptWords, _Parser
from gamelib.cli.games import AnyEntry
from gamelib.cli.specs import spellings
from gamelib.core.checks import in_words

__all__ = [
    "BARE",
    "bare_words",
    "check_shortened",
    "game_flags",
    "optional_flags",
    "shortened_options",
    "unfit_options",
]


def game_flags(entry: AnyEntry) -> dict[str, argparse.Action]:
    """The flags of the game `entry`'s options (`--pile`), each with its action."""
    parser = _Parser(prog=f"gamelib {entry.name}", add_help=False)
    entry.add_options(parser)
    return {flag: action for action in parser._actions for flag in action.option_strings}


def optional_flags(entry: AnyEntry) -> frozenset[str]:
    """The flags of `entry`'s options whose value may be left out (`nargs='?'`)."""
    return frozenset(flag for flag, action in game_flags(entry).items() if action.nargs == "?")


def _own_flags(command: argparse.ArgumentParser) -> list[str]:
    """The flags `command` has itself (not those it keeps for a game), in its order."""
    return [
        flag
        for action in command._actions  # argparse keeps no public list of them
        if not isinstance(action, _KeptWords)
        for flag in action.option_strings
    ]


def _words(argv: Sequence[str]) -> Sequence[str]:
    """The words of `argv` up to a `--` (after it, none is an option)."""
    return argv[: argv.index("--")] if "--" in argv else argv


def check_shortened(
    command: argparse.ArgumentParser, argv: Sequence[str], entry: AnyEntry | None
) -> None:
    """UsageError for a shortened option in `argv` that begins options both of `command`
    and of the game `entry`: argparse would read it as the command's in one command and
    call it ambiguous in another.  A beginning of only one side's is left to that side,
    which reads it (or says it is ambiguous among its own)."""
    if entry is None:
        return
    game = list(game_flags(entry))  # some commands take them as their own (trace --game)
    own = [flag for flag in _own_flags(command) if flag not in game]
    for word in _words(argv):
        flag = word.partition("=")[0]
        if not flag.startswith("--") or flag in own or flag in game:
            continue
        mine = [f for f in own if f.startswith(flag)]
        its = [f"{entry.name}'s {f}" for f in game if f.startswith(flag)]
        if mine and its:
            raise UsageError(
                f"{flag} could be {in_words([*mine, *its], 'or')}: write the option you "
                "mean in full"
            )


def unfit_options(
    catalogs: Catalogs, entry: AnyEntry | None, words: Sequence[str]
) -> frozenset[str]:
    """The options of search kinds that no kind of the game `entry`'s family takes, but
    those `words` write in full: the command then has no flag for them, so a beginning
    never stands for one (`play nim --to 3` is an unknown option, not `--total`, which
    no player of Nim takes).  Written in full, one stays a flag, refused as no player's
    of the game.  The `tree` game's family is the tree's, known once it is read, so it
    leaves out none."""
    if entry is None or entry.name == "tree":
        return frozenset()
    fit = {option.name for kind in spellings(catalogs, entry.family) for option in kind.options}
    typed = {word.partition("=")[0] for word in _words(words)}
    return frozenset(
        option.name
        for option in catalogs.options()
        if option.name not in fit and f"--{option.name}" not in typed
    )


def shortened_options(catalogs: Catalogs, words: Sequence[str]) -> dict[str, str]:
    """The search options `words` give only by a beginning (`--to` for `--total`), each
    with the word that gave it.  When the game's family is known only once a file or a
    tree is read (`replay`, `trace dice`), such a beginning may have been read as an
    option no player of the game takes: it is then answered as the unknown option it
    was typed as, not by the name of an option never written."""
    typed = [word.partition("=")[0] for word in _words(words) if word.startswith("--")]
    return {
        option.name: word
        for option in catalogs.options()
        for word in typed
        if word != f"--{option.name}"
        and f"--{option.name}".startswith(word)
        and f"--{option.name}" not in typed
    }


def bare_words(command: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """`argv` with each game option `command` keeps whose value may be left out, when it
    is given bare (`--fast`, or a beginning only it has), written `--fast=BARE`, so that
    argparse gives it no word of the players'."""
    optional = {
        flag: action
        for action in command._actions
        if isinstance(action, _KeptWords) and action.nargs == "?"
        for flag in action.option_strings
    }
    if not optional:
        return list(argv)
    every = [flag for action in command._actions for flag in action.option_strings]
    words = _words(argv)
    said: list[str] = []
    for word in words:
        named = [f for f in every if f == word] or [f for f in every if f.startswith(word)]
        if word.startswith("--") and len(named) == 1 and named[0] in optional:
            said.append(f"{named[0]}={BARE}")
        else:
            said.append(word)
    return [*said, *argv[len(words) :]]
