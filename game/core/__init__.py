"""The bottom layer every game builds on (no pygame, no I/O): the engine protocol and its refusals
(game.core.engine_protocol), the one description of rule options (game.core.options), and the contract's value
types the shell and the data layer read a game by (game.core.contract). Everything else in game/ may import it;
it imports only the leaf modules below it (jsonsafe, commands, match, i18n, screen), never a game, the drawing
or a screen."""
