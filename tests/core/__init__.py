"""Tests of gamelib.core: sides, outcomes, the controller, the human player, contracts."""
