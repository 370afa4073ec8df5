"""Collection for the whole checkout: after `make accelerate`, a compiled module's source
is not collected for doctests (it cannot be imported from its file while the compiled
copy is what `import` finds); the whole suite still runs against the compiled copy."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent

collect_ignore = [
    str(source.relative_to(HERE))
    for source in sorted(HERE.glob("gamelib/**/*.py"))
    if any(source.parent.glob(f"{source.stem}.*.so"))
]
