"""The front door after the first hour (issue 42): every family of search is importable
from `gamelib`, and the README's first screen names each with its page."""

from __future__ import annotations

from pathlib import Path

import gamelib
from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.algorithms.exact import solve
from gamelib.algorithms.mcts import MCTS, MCTSSettings
from gamelib.algorithms.pns import dfpn_goal, pns_goal
from gamelib.catalog import CATALOGS

README = Path(__file__).resolve().parents[1] / "README.md"
FIRST_SCREEN = 40  # lines


def test_mcts_and_the_solvers_come_from_the_front_door() -> None:
    exported = {
        "MCTS": MCTS,
        "MCTSSettings": MCTSSettings,
        "Goal": Goal,
        "solve": solve,
        "solve_goal": solve_goal,
        "pns_goal": pns_goal,
        "dfpn_goal": dfpn_goal,
    }
    for name, thing in exported.items():
        assert getattr(gamelib, name) is thing
        assert name in gamelib.__all__


def test_the_readme_first_screen_names_every_family_with_its_page() -> None:
    first = "\n".join(README.read_text(encoding="utf-8").splitlines()[:FIRST_SCREEN])
    pages = [
        "docs/search-players.md",
        "docs/beyond-the-lectures.md",
        "docs/mcts.md",
        "docs/proof-numbers.md",
        "docs/connect-four-solved.md",
        "docs/chance.md",
        "docs/many-players.md",
        "docs/matches.md",
        "docs/parallel-search.md",
        "docs/notebooks.md",
    ]
    for page in pages:
        assert f"]({page})" in first, page
        assert (README.parent / page).is_file(), page
    kinds = {kind.name for kind in CATALOGS.two_player}
    kinds |= {kind.name for kind in CATALOGS.chance} | {kind.name for kind in CATALOGS.n_player}
    kinds |= {method.name for method in CATALOGS.solve}
    for kind in sorted(kinds):
        assert f"`{kind}`" in first or f"/{kind}`" in first or f"{kind}/" in first, kind
