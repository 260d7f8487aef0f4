"""How to play: the game's rules in short, small card pictures (each slap pattern, the scoring examples),
then this table's house rules; ↑ ↓ scroll, Back closes."""

from __future__ import annotations

from typing import Any

import pygame

from game.commands import DOWN, UP, Command
from game.games.base import SomeGame
from game.i18n import t
from game.render.card_art import CardArt
from game.render.text import wrap
from game.ui import widgets as ui
from game.ui.scene import Scene


def option_lines(definition: SomeGame, rules: object) -> list[tuple[str, str]]:
    """(label, chosen value) for every rule option of this table."""
    values = definition.option_values(rules)
    return [(opt.label, opt.label_of(values.get(opt.name, opt.default))) for opt in definition.rule_options(rules)]


class RulesScene(Scene):
    def __init__(self, game: str, rules: object) -> None:
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
        self.art = CardArt(self.app.settings["four_colour_suits"])

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, min(w - ui.px(size, 60), ui.px(size, 1000)), h - ui.px(size, 190))
        self.rect.midtop = (w // 2, ui.px(size, 120))
        self.page = self._render_page(size)
        self.max_scroll = max(0, self.page.get_height() - (self.rect.h - ui.px(size, 40)))
        self.scroll = min(self.scroll, self.max_scroll)

    def _render_page(self, size: tuple[int, int]) -> pygame.Surface:
        """The whole text (and the small pictures) laid out once per size; drawing blits the visible part."""
        width = self.rect.w - ui.px(size, 60)
        body = ui.px(size, 22)
        font = ui.TEXTS.font(body)
        blocks: list[tuple[str, int, tuple[int, int, int], bool]] = []
        for para in self.definition.rules_text(self.rules):
            blocks += [(line, body, ui.TEXT, False) for line in wrap(para, font, width)]
            blocks.append(("", body // 2, ui.TEXT, False))
        rows: list[tuple[int, Any]] = [self._text_block(blocks, width, body)]
        pictures = self.definition.rules_pictures(self.art, ui.px(size, 58), self.rules)
        if pictures:
            rows.append(self._text_block([(t("In pictures"), ui.px(size, 26), ui.GOLD, True)], width, body))
            gap = ui.px(size, 6)
            pics_w = min(width // 2, max(sum(i.get_width() + gap for i in images) for _, images in pictures))
            rows += [self._picture_row(size, caption, images, width, pics_w) for caption, images in pictures]
            rows.append((body, None))
        blocks = [(t("This table"), ui.px(size, 26), ui.GOLD, True)]
        summary_font = ui.TEXTS.font(ui.px(size, 20))
        summary = self.definition.rules_summary(self.rules)
        blocks += [(line, ui.px(size, 20), ui.TEXT_DIM, False) for line in wrap(summary, summary_font,
                                                                                 width)]
        for label, value in option_lines(self.definition, self.rules):
            blocks.append((f"{label}: {value}", ui.px(size, 20), ui.TEXT, False))
        rows.append(self._text_block(blocks, width, body))
        page = pygame.Surface((width, sum(h for h, _ in rows) + 4), pygame.SRCALPHA)
        y = 0
        for h, img in rows:
            if img is not None:
                page.blit(img, (0, y))
            y += h
        self.picture_count = len(pictures)
        return page

    def _text_block(self, blocks: list[tuple[str, int, tuple[int, int, int], bool]], width: int,
                    body: int) -> tuple[int, pygame.Surface]:
        """Lines of text one under another: (height, picture)."""
        line_h = [round(ui.TEXTS.line_height(s) * 1.2) if s > body // 2 else s for _, s, _, _ in blocks]
        img = pygame.Surface((width, max(1, sum(line_h))), pygame.SRCALPHA)
        y = 0
        for (line, s, colour, bold), lh in zip(blocks, line_h):
            if line:
                img.blit(ui.TEXTS.fit(line, width, s, colour, bold), (0, y))
            y += lh
        return sum(line_h), img

    def _picture_row(self, size: tuple[int, int], caption: str, images: list[pygame.Surface],
                     width: int, pics_w: int) -> tuple[int, pygame.Surface]:
        """A small picture (cards, tokens: left to right) in a column `pics_w` wide, and its caption beside
        it, wrapped."""
        gap = ui.px(size, 6)
        text_x = pics_w + ui.px(size, 24)
        size_px = ui.px(size, 20)
        lines = wrap(caption, ui.TEXTS.font(size_px), max(40, width - text_x))
        line_h = ui.TEXTS.line_height(size_px)
        pic_h = max(i.get_height() for i in images)
        h = max(pic_h, line_h * len(lines)) + ui.px(size, 16)
        img = pygame.Surface((width, h), pygame.SRCALPHA)
        x = 0
        for pic in images:
            img.blit(pic, (x, (pic_h - pic.get_height()) // 2))
            x += pic.get_width() + gap
        y = max(0, (pic_h - line_h * len(lines)) // 2)
        for line in lines:
            img.blit(ui.TEXTS.fit(line, width - text_x, size_px, ui.TEXT), (text_x, y))
            y += line_h
        return h, img

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
        ui.hint(surface, t("↑ ↓ scroll   Enter / Backspace / {b} close", **self.app.input.buttons()))
