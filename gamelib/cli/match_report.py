"""What `gamelib match` writes: each game as it ends (JSON, and a file for replay), and
the match at its end, in words or JSON.

A match of two players is reported as engine testers report one: the score, the pairs,
the Elo difference with its error bar, the LOS, the draw ratio and the SPRT.  A match of
more is reported as a table, the best first.  Every game is read through the model, so
games of any family are written the same way.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from gamelib.cli.saved import document
from gamelib.core.checks import plural
from gamelib.core.jsondata import JSON
from gamelib.core.model import Model
from gamelib.match.standing import Match, Played, Standing
from gamelib.match.stats import elo_words
from gamelib.trace import write_file

__all__ = ["game_json", "save_game", "summary_json", "summary_text"]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")


def game_json(model: Model[S, M, R], played: Played[M], names: Sequence[str]) -> dict[str, JSON]:
    """One game as `--json` writes it when it ends: for two players its pair, who had which
    seat and A's result; for more, its rotation, the seats and every player's score."""
    seated = {seat: names[p] for seat, p in zip(model.seats, played.seats, strict=True)}
    common: dict[str, JSON] = {
        "opening": [model.move_to_string(m) for m in played.opening],
        "moves": [model.move_to_string(m) for m in played.moves],
        "rolls": list(played.rolls),
    }
    if len(names) == 2:
        return {
            "game": played.index + 1,
            "pair": played.pair + 1,
            "players": dict(seated),
            **common,
            "result": played.result,
            "outcome": played.outcome,
            "fault": played.fault,
        }
    return {
        "game": played.index + 1,
        "rotation": played.rotation + 1,
        "seats": dict(seated),
        **common,
        "scores": {names[p]: played.scores[p] for p in range(len(names))},
        "outcome": played.outcome,
        "fault": played.fault,
    }


def save_game(
    folder: Path,
    name: str,
    options: Sequence[str],
    model: Model[S, M, R],
    played: Played[M],
    names: Sequence[str],
) -> None:
    """Keep `played` in `folder` (made if need be) as `play --save` keeps a game, for
    replay: `game-0001.json` for the first game."""
    folder.mkdir(exist_ok=True)
    results = [played.scores[p] for p in played.seats]  # seat by seat
    faulted = played.fault is not None
    saved = document(
        name,
        options,
        model.seats,
        [names[p] for p in played.seats],
        [model.move_to_string(m) for m in played.moves],
        played.rolls,
        played.outcome,
        results,
        finished=not faulted,
    )
    file = folder / f"game-{played.index + 1:04d}.json"
    write_file(file, (json.dumps(saved, indent=1) + "\n").encode())


def summary_text(match: Match[M]) -> str:
    """The match in words: for two players, the score, the pairs, the Elo difference and
    the SPRT as engine testers print them; for more, the table; then the faults."""
    lines = _pair_lines(match) if len(match.names) == 2 else _table_lines(match.table())
    faults = match.faults
    if faults:
        lines.append(f"Faults: {plural(len(faults), 'game')} lost by a fault:")
        lines += [f"  game {g.index + 1}: {g.fault}" for g in faults]
    return "\n".join(lines) + "\n"


def _pair_lines(match: Match[M]) -> list[str]:
    t = match.trinomial
    lines = [match.score_line()]
    pairs = match.pentanomial
    if pairs.pairs:
        lines.append(f"Ptnml(0-2): [{', '.join(str(n) for n in pairs.counts)}]")
    if t.games:
        found = match.estimate
        lines.append(
            f"Elo difference: {elo_words(found)}, "
            f"LOS: {100 * found.los:.1f} %, DrawRatio: {100 * t.draw_ratio:.1f} %"
        )
    sprt = match.sprt
    if sprt is not None:
        llr = sprt.llr(pairs)
        lower, upper = sprt.bounds()
        share = 100 * llr / upper if llr >= 0 else 100 * llr / -lower
        verdict = {
            "H1": f" - H1 was accepted (A is at least {sprt.elo1:g} Elo stronger)",
            "H0": f" - H0 was accepted (A is at most {sprt.elo0:g} Elo stronger)",
            None: " - no hypothesis was accepted yet"
            if match.interrupted or len(match.games) < match.planned
            else f" - no hypothesis was accepted within the cap of {match.planned:,} games: a "
            "larger --games plays on",
        }[match.verdict]
        lines.append(
            f"SPRT: llr {llr:.2f} ({share:.1f}%), lbound {lower:.2f}, ubound {upper:.2f}{verdict}"
        )
    return lines


def _table_lines(table: tuple[Standing, ...]) -> list[str]:
    width = max(len("player"), *(len(row.name) for row in table))
    lines = [
        f"{'rank':>4}  {'player':<{width}}  {'games':>5}  {'points':>7}  {'score':>6}  "
        f"{'mean rank':>9}  {'wins':>4}  {'faults':>6}"
    ]
    lines += [
        f"{place:>4}  {row.name:<{width}}  {row.games:>5}  {row.points:>7.2f}  "
        f"{row.score:>6.3f}  {row.mean_rank:>9.2f}  {row.wins:>4}  {row.faults:>6}"
        for place, row in enumerate(table, 1)
    ]
    return lines


def _finite(value: float) -> float | None:
    return round(value, 2) if math.isfinite(value) else None


def summary_json(match: Match[M], seed: int) -> JSON:
    """The match as `--json`'s last line holds it."""
    if len(match.names) != 2:
        return {
            "games": len(match.games),
            "table": [
                {
                    "player": row.name,
                    "games": row.games,
                    "points": round(row.points, 4),
                    "score": round(row.score, 4),
                    "mean_rank": round(row.mean_rank, 4),
                    "wins": row.wins,
                    "faults": row.faults,
                }
                for row in match.table()
            ],
            "seed": seed,
            "interrupted": match.interrupted,
        }
    t, pairs, found = match.trinomial, match.pentanomial, match.estimate
    sprt = match.sprt
    return {
        "a": match.a,
        "b": match.b,
        "games": t.games,
        "wins": t.wins,
        "losses": t.losses,
        "draws": t.draws,
        "points": t.points,
        "score": round(found.score, 4),
        "pentanomial": list(pairs.counts),
        "elo": _finite(found.elo),
        "elo_low": _finite(found.low),
        "elo_high": _finite(found.high),
        "los": round(found.los, 4),
        "draw_ratio": round(t.draw_ratio, 4),
        "sprt": None
        if sprt is None
        else {
            "elo0": sprt.elo0,
            "elo1": sprt.elo1,
            "alpha": sprt.alpha,
            "beta": sprt.beta,
            "llr": round(sprt.llr(pairs), 4),
            "bounds": list(sprt.bounds()),
            "accepted": match.verdict,
        },
        "faults": len(match.faults),
        "seed": seed,
        "interrupted": match.interrupted,
    }
