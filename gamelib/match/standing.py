"""What a match found: each game as it was played, and the match as a whole.

A game's [`Played`][gamelib.match.standing.Played] keeps each player's score by the match's
numbering (the model's result for its seat, or a fault's share); the
[`Match`][gamelib.match.standing.Match] ranks the players in a table for any number of
them, and for two weighs A against B: wins, losses and draws, the pairs, the Elo
difference with its error bar, and the SPRT.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Generic, Literal, TypeVar, final

from gamelib.match.stats import (
    EloEstimate,
    Hypothesis,
    Pentanomial,
    Sprt,
    Trinomial,
    elo_words,
    estimate,
)

__all__ = ["Match", "Played", "Standing"]

M = TypeVar("M")


@final
@dataclass(frozen=True)
class Played(Generic[M]):
    """One game of a match, as it was played."""

    index: int
    rotation: int
    """Its rotation (for two players, its pair)."""
    seats: tuple[int, ...]
    """`seats[i]`: the player (numbered as the match names them) in seat `i`."""
    opening: tuple[M, ...]
    moves: tuple[M, ...]
    """Every move from the start, the opening's included."""
    scores: tuple[float, ...]
    """Each player's result (by the match's numbering, not the seat's)."""
    outcome: str
    """How it ended, in words (`Maxie wins!`), or the fault that ended it."""
    fault: str | None = None
    """What the player that lost by a fault did, in one sentence (None: no fault)."""
    faulted: int | None = None
    """Which player lost by a fault, if one did."""
    rolls: tuple[int, ...] = ()
    """What chance decided, in order (a game of chance)."""

    @property
    def ranks(self) -> tuple[float, ...]:
        """Each player's place: 1 for the best score; players who tie share the mean of the
        places they cover."""
        ranks = []
        for mine in self.scores:
            above = sum(1 for s in self.scores if s > mine)
            level = sum(1 for s in self.scores if s == mine)
            ranks.append(above + (level + 1) / 2)
        return tuple(ranks)

    @property
    def pair(self) -> int:
        """Its pair, in a match of two players (its rotation)."""
        return self.rotation

    @property
    def a_first(self) -> bool:
        """Whether A has the first seat (Maxie)."""
        return self.seats[0] == 0

    @property
    def result(self) -> Literal["win", "loss", "draw"]:
        """How it ended for A, in a match of two players."""
        a, b = self.scores[0], self.scores[1]
        return "win" if a > b else "loss" if a < b else "draw"

    @property
    def points(self) -> float:
        """A's points, in a match of two players: 1, ½ or 0."""
        return {"win": 1.0, "draw": 0.5, "loss": 0.0}[self.result]


@final
@dataclass(frozen=True)
class Standing:
    """One player's line of the table of a match."""

    player: int
    name: str
    games: int
    points: float
    """The sum of its results."""
    mean_rank: float
    wins: int
    """Games it won alone (the best score, no one level with it)."""
    faults: int

    @property
    def score(self) -> float:
        """Its mean result a game."""
        return self.points / self.games if self.games else 0.0


@final
@dataclass(frozen=True)
class Match(Generic[M]):
    """What a match found."""

    names: tuple[str, ...]
    """The players' names, player 0 (A) first."""
    games: tuple[Played[M], ...]
    """The games played, in order."""
    planned: int
    """The games the match was to play."""
    sprt: Sprt | None = None
    """The SPRT it ran, if any (two players)."""
    verdict: Hypothesis | None = None
    """The hypothesis the SPRT accepted, if it stopped the match."""
    interrupted: bool = False
    """Whether Ctrl-C stopped it."""

    @property
    def a(self) -> str:
        """A's name."""
        return self.names[0]

    @property
    def b(self) -> str:
        """B's name."""
        return self.names[1]

    @property
    def trinomial(self) -> Trinomial:
        """A's wins, losses and draws against B."""
        results = [g.result for g in self.games]
        return Trinomial(results.count("win"), results.count("loss"), results.count("draw"))

    @property
    def pentanomial(self) -> Pentanomial:
        """The finished pairs, by A's points in each (0, ½, 1, 1½, 2)."""
        counts = [0, 0, 0, 0, 0]
        by_pair: dict[int, list[Played[M]]] = {}
        for game in self.games:
            by_pair.setdefault(game.pair, []).append(game)
        for games in by_pair.values():
            if len(games) == 2:
                counts[round(2 * sum(g.points for g in games))] += 1
        return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))

    @property
    def estimate(self) -> EloEstimate:
        """The Elo difference of A over B, its error bar and the LOS, from the finished
        pairs (the games one by one while no pair is finished)."""
        pairs = self.pentanomial
        return estimate(pairs) if pairs.pairs else estimate(self.trinomial)

    @property
    def faults(self) -> tuple[Played[M], ...]:
        """The games lost by a fault."""
        return tuple(g for g in self.games if g.fault is not None)

    def table(self) -> tuple[Standing, ...]:
        """Each player's standing, the best (most points, then the better mean rank) first."""
        rows = []
        for p, name in enumerate(self.names):
            games = len(self.games)
            points = sum(g.scores[p] for g in self.games)
            ranks = [g.ranks[p] for g in self.games]
            wins = sum(
                1
                for g in self.games
                if g.scores[p] == max(g.scores) and g.scores.count(g.scores[p]) == 1
            )
            faults = sum(1 for g in self.games if g.faulted == p)
            mean_rank = sum(ranks) / games if games else 0.0
            rows.append(Standing(p, name, games, points, mean_rank, wins, faults))
        return tuple(sorted(rows, key=lambda r: (-r.points, r.mean_rank, r.player)))

    def _repr_html_(self) -> str:
        """The match as a notebook shows it: for two players, a table of the score, the
        pairs, the Elo difference with its interval, the LOS and the draw ratio; for more,
        the players' table, the best first."""
        if len(self.names) != 2:
            return self._table_html()
        t, found = self.trinomial, self.estimate
        rows = [
            ("games", f"{t.games} of {self.planned}"),
            (f"{self.a}: wins - losses - draws", f"{t.wins} - {t.losses} - {t.draws}"),
            ("score", f"{found.score:.3f}"),
            ("pairs scoring 0, ½, 1, 1½, 2", ", ".join(map(str, self.pentanomial.counts))),
            ("Elo difference", elo_words(found).replace("+/-", "±")),
            ("LOS", f"{100 * found.los:.1f} %"),
            ("draw ratio", f"{100 * t.draw_ratio:.1f} %"),
        ]
        if self.sprt is not None:
            verdict = self.verdict or "none yet"
            rows.append(("SPRT accepted", verdict))
        if self.faults:
            rows.append(("games lost by a fault", str(len(self.faults))))
        return _html_table(f"{self.a} vs {self.b}", ("", ""), rows)

    def _table_html(self) -> str:
        rows = [
            (
                str(place),
                row.name,
                str(row.games),
                f"{row.points:g}",
                f"{row.score:.3f}",
                f"{row.mean_rank:.2f}",
                str(row.wins),
                str(row.faults),
            )
            for place, row in enumerate(self.table(), 1)
        ]
        head = ("rank", "player", "games", "points", "score", "mean rank", "wins", "faults")
        return _html_table(f"{len(self.games)} games of {self.planned}", head, rows)

    def score_line(self) -> str:
        """`Score of A vs B: W - L - D  [ratio] N`, as engine testers print it."""
        t = self.trinomial
        ratio = t.points / t.games if t.games else 0.0
        return (
            f"Score of {self.a} vs {self.b}: {t.wins} - {t.losses} - {t.draws}  "
            f"[{ratio:.3f}] {t.games}"
        )


def _html_table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A small HTML table, every text escaped."""
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    header = f"<thead><tr>{cells}</tr></thead>" if any(head) else ""
    return f"<table><caption>{escape(caption)}</caption>{header}<tbody>{body}</tbody></table>"
