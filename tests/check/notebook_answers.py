"""Model answers to the lecture notebooks' exercises, by notebook and exercise (the cells
tagged `exercise:NAME`): what `tests/test_notebooks.py` puts in place of each exercise cell
to see every check pass.  The searches are the students' files of `tests/check/students/`,
written against gamelib's docs."""

from __future__ import annotations

from pathlib import Path

STUDENTS = Path(__file__).resolve().parent / "students"


def _file(name: str, *aliases: str) -> str:
    text = (STUDENTS / name).read_text(encoding="utf-8")
    return text + "\n" + "\n".join(aliases) + "\n"


ANSWERS: dict[str, dict[str, str]] = {
    "15-150-games": {
        "nim-answer": "answer = 1  # leaves 9, a pile of 4k + 1",
        "big-leaves": "leaves = 6",
        "minimax": _file("minimax.py", "MyMinimax = Minimax"),
        "alphabeta": _file("alphabeta.py", "MyAlphaBeta = AlphaBeta"),
    },
    "cse473-search": {
        "expectiminimax": _file("expectiminimax.py", "MyExpectiminimax = Expectiminimax"),
        "maxn": _file("cmput657.py", "MyMaxN = MaxN"),
        "alphabeta": _file("alphabeta.py", "MyAlphaBeta = AlphaBetaCSE473"),
        "pig-answer": 'answer = "roll"',
    },
    "cmput657-solvers": {
        "boolean": _file("cmput657.py"),
        "proof": _file("cmput657.py"),
        "negamax-ab": _file("cmput657.py", "MyNegamaxAlphaBeta = NegamaxAlphaBeta"),
        "nim-six": "answer = True",
    },
}
"""Each notebook's exercises, by name, with the source of a right answer."""
