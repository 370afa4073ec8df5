"""Progress bars: drawn when asked (or on a terminal), quiet otherwise, told the work's
count by a solve and a match."""

from __future__ import annotations

import io
import re

from gamelib.algorithms.exact import solve
from gamelib.core.progress import in_notebook, progress_bar
from gamelib.games.connect4 import ConnectFour
from gamelib.match.play import play_match
from tests.match.test_play import GAMES


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_on_a_terminal_counts_a_solves_positions() -> None:
    screen = Terminal()
    game = ConnectFour(cols=4, rows=4)
    with progress_bar("solving", file=screen) as bar:
        found = solve(game, progress=bar, every=1000)
    assert bar.shown
    assert bar.count == found.positions // 1000 * 1000  # told every 1,000 positions
    last = screen.getvalue().split("\r")[-1]
    assert re.match(rf"solving: {bar.count} positions \[", last.replace(",", "")), last


def test_a_bar_is_quiet_off_a_terminal_and_when_asked() -> None:
    piped = io.StringIO()
    with progress_bar("solving", file=piped) as off:
        solve(ConnectFour(cols=4, rows=4), progress=off, every=1000)
    assert (off.shown, piped.getvalue()) == (False, "")
    assert off.count > 0  # still told, for whoever asks
    with progress_bar("solving", file=Terminal(), show=False) as asked:
        asked(5)
    assert not asked.shown
    assert not in_notebook()  # the tests run in no kernel


def test_a_match_tells_its_bar_each_game() -> None:
    screen = Terminal()
    with progress_bar("match", total=6, unit="games", file=screen) as bar:
        play_match(GAMES, [()], 3, seed=1, progress=bar)
    assert bar.count == 6
    assert "6/6" in screen.getvalue()


def test_a_batch_tells_its_bar_each_result() -> None:
    from gamelib.parallel.batch import run_batch

    screen = Terminal()
    with progress_bar("batch", total=5, unit="positions", file=screen) as bar:
        squares = [r.value for r in run_batch(_square, range(5), progress=bar)]
    assert squares == [0, 1, 4, 9, 16]
    assert bar.count == 5
    assert "5/5" in screen.getvalue()


def _square(n: int) -> int:
    return n * n
