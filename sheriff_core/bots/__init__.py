"""Bots: strategies that choose among the legal actions (outside the rules core)."""

from sheriff_core.bots.random_bot import RandomBot, play_game

__all__ = ["RandomBot", "play_game"]
