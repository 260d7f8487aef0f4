"""The number school's names for the navigator: its screens open as ("practice", GAME, MODE, screen, ...)."""

GAME = "nothanks"
MODE = "numbers"
