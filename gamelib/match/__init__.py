"""Matches between two players: is this one stronger than that one, and by how much?"""
