"""The bottom layer every game's engine builds on (no pygame, no I/O): the engine protocol and its refusals
(game.core.engine) and the one description of rule options (game.core.options). Everything else in game/
may import it; it imports nothing of game/."""
