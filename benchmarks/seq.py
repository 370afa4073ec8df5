"""Time gamelib.seq's lazy streams: reading chains of map, filter, append, flatten, zip.

Searches read arrays and indexed maps (benchmarks/search.py times them); the
stream cells are what a user's own lazy pipeline reads: `from_iterable` over
an iterator and the transformations over it.  Each job builds a fresh chain
and reads it whole, so every cell is forced once.  Shallow chains (one level
over 100,000 elements) show the cost per cell; deep ones (300 levels over 300
elements) show the cost of the chain's depth.

    python benchmarks/seq.py
    git worktree add /tmp/before HEAD~1
    python benchmarks/seq.py --baseline /tmp/before   # the same chains, timed beside
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from search import load_baseline
from timing import interleaved

from gamelib import seq

Chain = Callable[[ModuleType], object]

WIDE = 100_000
DEEP, DEEP_SIZE = 300, 300


def _wide(build: Callable[[ModuleType, object], object]) -> Chain:
    def run(s: ModuleType) -> object:
        return s.to_list(build(s, s.from_iterable(iter(range(WIDE)))))

    return run


def _deep(level: Callable[[ModuleType, object], object]) -> Chain:
    def run(s: ModuleType) -> object:
        chain = s.from_iterable(iter(range(DEEP_SIZE)))
        for _ in range(DEEP):
            chain = level(s, chain)
        return s.to_list(chain)

    return run


CHAINS: dict[str, Chain] = {
    "stream": _wide(lambda s, xs: xs),
    "map": _wide(lambda s, xs: s.map(abs, xs)),
    "filter": _wide(lambda s, xs: s.filter(bool, xs)),
    "append": _wide(lambda s, xs: s.append(xs, s.singleton(0))),
    "zip": _wide(lambda s, xs: s.zip(xs, xs)),
    "flatten": _wide(lambda s, xs: s.flatten(s.map(s.singleton, xs))),
    "filter of map": _wide(lambda s, xs: s.filter(bool, s.map(abs, xs))),
    "map of filter of map": _wide(lambda s, xs: s.map(abs, s.filter(bool, s.map(abs, xs)))),
    "map 300 deep": _deep(lambda s, xs: s.map(abs, xs)),
    "filter 300 deep": _deep(lambda s, xs: s.filter(bool, xs)),
    "append 300 deep": _deep(lambda s, xs: s.append(xs, s.empty())),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=9, help="rounds of runs (median)")
    parser.add_argument(
        "--baseline",
        metavar="DIR",
        type=Path,
        help="also read the chains with the gamelib.seq of the checkout in DIR, interleaved",
    )
    options = parser.parse_args()
    modules: dict[str, ModuleType] = {"": seq}
    if options.baseline is not None:
        modules[" (before)"] = load_baseline(options.baseline).module("seq")
    jobs: dict[str, Callable[[], object]] = {}
    for name, chain in CHAINS.items():
        expected = chain(seq)
        for suffix, module in modules.items():
            assert chain(module) == expected, f"{name}{suffix} reads differently"
            jobs[name + suffix] = functools.partial(chain, module)
    medians = interleaved(jobs, options.runs)
    print(f"{options.runs} interleaved rounds, median seconds to build and read each chain")
    width = max(map(len, CHAINS))
    for name in CHAINS:
        line = f"  {name:<{width}}  {medians[name]:8.4f} s"
        if options.baseline is not None:
            before = medians[name + " (before)"]
            line += f"   before {before:8.4f} s   ratio {medians[name] / before:5.2f}x"
        print(line)


if __name__ == "__main__":
    main()
