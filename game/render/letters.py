"""Court and ace letters as players know them: international (J Q K A), Danish (B D K E), Swedish
(Kn D K E). The card art draws its corner index with the chosen letters; texts that name cards by letter
follow (no pygame here: the games' words use it too). The choice in force is the render context's
(game.render.scale: `letters`), so a frame drawn with other letters or in another language (`using`) changes
no other."""

from __future__ import annotations

import re

from game import i18n
from game.render import scale

# Court and ace letters as players know them (the corner index; the figures stay the same).
LETTERS: dict[str, dict[str, str]] = {
    "international": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
    "danish": {"J": "B", "Q": "D", "K": "K", "A": "E"},  # bonde, dame, konge, es
    "swedish": {"J": "Kn", "Q": "D", "K": "K", "A": "E"},  # knekt, dam, kung, ess
}
LANGUAGE_LETTERS = {"da": "danish", "sv": "swedish"}  # any other language: international
AUTO = "auto"


def set_letters(style: str) -> None:
    """Draw every card from now on with `style`'s letters (a key of LETTERS, or "auto": the language's):
    installed in the render context, as the settings' are."""
    scale.install(letters=style if style in LETTERS else AUTO)


def letters() -> str:
    """The letters in force: the chosen ones, or on "auto" those of the language in force."""
    return letters_for(scale.current().letters, i18n.language())


def letters_for(choice: str, language: str) -> str:
    """The letters a player's setting means: "auto" follows the language (da, sv), else the chosen one."""
    if choice in LETTERS:
        return choice
    return LANGUAGE_LETTERS.get(language, "international")


def letter(rank: str) -> str:
    """The corner letter of `rank` ('J', 'Q', 'K', 'A'; any other label as it is) in the chosen letters."""
    return LETTERS[letters()].get(rank, rank)


def rank_words(text: str) -> str:
    """A text naming cards by their letters ("J1 Q2 K3 A4") in the chosen letters: each J, Q, K or A right
    before a digit becomes its letter."""
    style = letters()
    if style == "international":
        return text
    table = LETTERS[style]
    return re.sub(r"(?<![A-Za-z])([JQKA])(?=\d)", lambda m: table[m.group(1)], text)
