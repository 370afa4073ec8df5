"""gamelib: a typed Python port of the CMU 15-150 games library."""

__version__ = "0.1.0"

__all__ = ["__version__"]
