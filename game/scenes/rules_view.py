"""How to play: the game's rules in short, then this table's house rules; ↑ ↓ scroll, Back closes."""

from __future__ import annotations

from typing import Any

import pygame

from game.commands import DOWN, UP, Command
from game.games.base import GameDef
from game.i18n import t
from game.render.fonts import wrap
from game.scenes import ui
from game.scenes.base import Scene


def option_lines(definition: GameDef, rules: Any) -> list[tuple[str, str]]:
    """(label, chosen value) for every rule option of this table."""
    values = definition.option_values(rules)
    return [(opt.label, opt.label_of(values.get(opt.name, opt.default))) for opt in definition.rule_options(rules)]


class RulesScene(Scene):
    def __init__(self, game: str, rules: Any) -> None:
        self.game = game
        self.rules = rules
        self.scroll = 0

    def handle(self, cmd: Command) -> None:
        if ui.is_back(cmd) or cmd.action == "confirm":
            self.app.pop()
        elif cmd.action in (UP, DOWN):
            step = ui.px(self.app.size, 60) * (1 if cmd.action == DOWN else -1)
            self.scroll = max(0, min(self.max_scroll, self.scroll + step))

    def enter(self) -> None:
        self.definition = self.app.games.get(self.game)

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, min(w - ui.px(size, 60), ui.px(size, 1000)), h - ui.px(size, 190))
        self.rect.midtop = (w // 2, ui.px(size, 120))
        self.page = self._render_page(size)
        self.max_scroll = max(0, self.page.get_height() - (self.rect.h - ui.px(size, 40)))
        self.scroll = min(self.scroll, self.max_scroll)

    def _render_page(self, size: tuple[int, int]) -> pygame.Surface:
        """The whole text laid out once per size; drawing blits the visible part."""
        width = self.rect.w - ui.px(size, 60)
        body = ui.px(size, 22)
        font = ui.TEXTS.font(body)
        blocks: list[tuple[str, int, tuple[int, int, int], bool]] = []
        for para in self.definition.rules_text(self.rules):
            blocks += [(line, body, ui.TEXT, False) for line in wrap(para, font, width)]
            blocks.append(("", body // 2, ui.TEXT, False))
        blocks.append((t("This table"), ui.px(size, 26), ui.GOLD, True))
        summary_font = ui.TEXTS.font(ui.px(size, 20))
        summary = self.definition.rules_summary(self.rules)
        blocks += [(line, ui.px(size, 20), ui.TEXT_DIM, False) for line in wrap(summary, summary_font,
                                                                                 width)]
        for label, value in option_lines(self.definition, self.rules):
            blocks.append((f"{label}: {value}", ui.px(size, 20), ui.TEXT, False))
        line_h = [round(s * 1.45) if s > body // 2 else s for _, s, _, _ in blocks]
        page = pygame.Surface((width, sum(line_h) + 4), pygame.SRCALPHA)
        y = 0
        for (line, s, colour, bold), lh in zip(blocks, line_h):
            if line:
                page.blit(ui.fit_text(line, width, s, colour, bold), (0, y))
            y += lh
        return page

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = w, _ = surface.get_size()
        surface.blit(ui.backdrop(size), (0, 0))
        ui.shadow_text(surface, t("How to play {game}", game=self.definition.title()), ui.px(size, 44), ui.TEXT,
                       "center", (w // 2, ui.px(size, 64)))
        ui.panel(surface, self.rect)
        pad = ui.px(size, 30)
        view = pygame.Rect(0, self.scroll, self.page.get_width(), self.rect.h - 2 * pad + pad // 2)
        surface.blit(self.page, (self.rect.x + pad, self.rect.y + pad), view.clip(self.page.get_rect()))
        if self.max_scroll:
            frac = self.scroll / self.max_scroll
            bar = pygame.Rect(self.rect.right - ui.px(size, 14), 0, ui.px(size, 6), self.rect.h // 5)
            bar.y = self.rect.y + pad + round(frac * (self.rect.h - 2 * pad - bar.h))
            pygame.draw.rect(surface, ui.GOLD, bar, border_radius=3)
        ui.hint(surface, t("↑ ↓ scroll   Enter / Backspace / B close"))
