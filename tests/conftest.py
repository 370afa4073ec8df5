"""Test settings shared by the whole suite."""

from hypothesis import HealthCheck, settings

# Machines running CI are noisy: no per-example deadline, and a fixed budget.
settings.register_profile(
    "gamelib",
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("gamelib")
