"""The UI toolkit below the games and the scenes: the scene base (scene), widgets and key hints (widgets),
menus (menu) and text that fits its room (text). It imports render, input and the shell's words, never a
game or a screen."""
