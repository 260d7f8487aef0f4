"""Slap school: Ratscrew's practice mode, where 1–4 players learn to *see* slappable piles.

Cards are dealt onto one pile at a pace; players slap patterns (judged by the engine's own slap rules),
leave near misses alone, and get feedback per slap (right, wrong, missed, the rule, the reaction time
from the frame the card was shown). A drill ladder goes from doubles to every house rule; each drill
opens with an animated example; a session ends with stars, a table per rule and a reaction chart.

Pure parts: drills (ladder, examples, near misses), deal (the dealer), pace, session (the model),
scoring, sim (a bot as the student), history (what a finished session leaves in a profile's history).
Screens: setup, drill (with its untimed first step, quiz), stars, summary (a parent's one screen, from
mastery: stars per pattern, progress by day and week) (with paint for the pictures; who: each player's
profile, name and colour);
the navigator opens them by name ("practice", "ratscrew", "school", screen, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.games.base import PracticeMode, PracticeSim
from game.games.ratscrew.school.names import MODE
from game.screen import Screen

if TYPE_CHECKING:
    import pygame

    from game.render.card_art import CardArt


class SlapSchool(PracticeMode):
    id = MODE
    sim_name = "practice"
    progress_screen = "summary"  # progress by day and week, and a parent's one-screen summary

    def title(self) -> str:
        from game.games.ratscrew.school import text

        return text.title()

    def blurb(self) -> list[str]:
        from game.games.ratscrew.school import text

        return text.blurb()

    def showcase(self, art: CardArt, width: int) -> list[pygame.Surface]:
        return [art.card("4C", width), art.card("9H", width), art.card("9S", width)]

    def scene(self, screen: str, *args: Any, **kwargs: Any) -> Screen:
        if screen == "setup":
            from game.games.ratscrew.school.setup import SetupScene

            return SetupScene(*args, **kwargs)
        if screen == "drill":
            from game.games.ratscrew.school.drill import DrillScene

            return DrillScene(*args, **kwargs)
        if screen == "stars":
            from game.games.ratscrew.school.stars import StarsScene

            return StarsScene(*args, **kwargs)
        if screen == "summary":
            from game.games.ratscrew.school.summary import SummaryScene

            return SummaryScene(*args, **kwargs)
        raise ValueError(f"the slap school has no screen {screen!r}; known: setup, drill, stars, summary")

    def sim(self) -> PracticeSim:
        from game.games.ratscrew.school import sim

        return sim


SCHOOL = SlapSchool()
