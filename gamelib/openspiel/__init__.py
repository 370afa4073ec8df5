"""OpenSpiel's games on gamelib's searches, and gamelib's players in OpenSpiel."""
