"""The engines' old import paths, kept for scripts written before the games had folders of their own:
`game.engines` re-exports the engine protocol of `game.core.engine_protocol`, and each `game.engines.<id>` re-exports
the engine of `game.games.<id>.engine`. Nothing in game/ imports from here:
this package sits on top of the games, so the folders keep a one-way graph."""

from __future__ import annotations

from game.core.engine_protocol import CODES, EngineState, IllegalAction, digest_of

__all__ = ["CODES", "EngineState", "IllegalAction", "digest_of"]
