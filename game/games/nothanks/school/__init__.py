"""The number school: No Thanks' playing-card edition as the place-value lesson its seed was written for
(issue 39). One child (keyboard or any pad) climbs a ladder of steps: which card is worth more, what a card
is worth, is it a run, count a hand, other bases.

Pure parts: questions (made from the engine's values, runs and scoring), round (answers, pace, stars),
mastery (stars per step and deck size from the kept rounds), sim (`python -m game practice numbers`).
Screens: setup (the ladder, the deck, who plays), lesson (the questions, the rows of cards, the round's
stars, "Play it"), summary (a parent's one screen); the navigator opens them by name
("practice", "nothanks", "numbers", screen, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.games.base import PracticeMode, PracticeSim
from game.games.nothanks.school.names import GAME, MODE
from game.screen import Screen

if TYPE_CHECKING:
    import pygame

    from game.games.base import PracticeReader
    from game.render.card_art import CardArt



class NumberSchool(PracticeMode):
    id = MODE
    sim_name = "numbers"  # `python -m game practice numbers`: the questions, for checking
    progress_screen = "summary"

    def title(self) -> str:
        from game.games.nothanks.school import text

        return text.title()

    def blurb(self) -> list[str]:
        from game.games.nothanks.school import text

        return text.blurb()

    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]:
        return [art.nt_card(3, width, "C", "3"), art.nt_card(12, width, "D", "3"), art.nt_card(28, width, "S", "A")]

    def scene(self, screen: str, *args: object, **kwargs: object) -> Screen:
        if screen == "setup":
            from game.games.nothanks.school.setup import SetupScene

            return SetupScene(*args, **kwargs)  # type: ignore[arg-type]
        if screen == "lesson":
            from game.games.nothanks.school.lesson import LessonScene

            return LessonScene(*args, **kwargs)  # type: ignore[arg-type]
        if screen == "summary":
            from game.games.nothanks.school.summary import SummaryScene

            return SummaryScene(*args, **kwargs)  # type: ignore[arg-type]
        raise ValueError(f"the number school has no screen {screen!r}; known: setup, lesson, summary")

    def lobby_entry(self) -> str:
        from game.games.nothanks.school import text

        return text.lobby_entry()

    def progress_line(self, kept: PracticeReader) -> str:
        """What the player has mastered: steps by number, at each deck size."""
        from game.games.nothanks.school import mastery, text

        return text.mastered_short(mastery.mastered(mastery.step_stars(kept(GAME, mastery.KIND))))

    def sim(self) -> PracticeSim:
        from game.games.nothanks.school import sim

        return sim


SCHOOL = NumberSchool()
