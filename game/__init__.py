"""Couch Cards: card games for one screen and many hands; the games themselves live in game/games/."""

__version__ = "0.1.0"
