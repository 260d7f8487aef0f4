"""How to play: the game's rules in short, then this table's house rules; ↑ ↓ scroll, Back closes."""

from __future__ import annotations

from typing import Any

import pygame

from game.commands import DOWN, UP, Command
from game.games.nothanks.engine import tie_break_note
from game.i18n import t
from game.render.fonts import wrap
from game.scenes import ui
from game.scenes.base import Scene
from game.scenes.config import game_title, option_label, option_values, rule_options


def rules_text(game: str, rules: Any) -> list[str]:
    """Paragraphs of the rules, for people who have never played."""
    if game == "nothanks":
        return [
            t("One card lies face up. On your turn, take it — with every match lying on it — "
              "or pay one of your matches onto it to pass the problem on."),
            t("A player with no matches left must take the card."),
            t("Some cards are set aside unseen at the start, so nobody knows which cards will come."),
            t("At the end, every card counts minus its value, but in a run of consecutive values only the "
              "lowest card counts. Every match left is worth plus one. The highest total wins."),
            t("Playing-card edition: a card's value is its place across the suits. With 9 cards per suit, "
              "♣1–9 are 1–9, ♦1–9 are 10–18, ♥1–9 are 19–27 and ♠1–9 are 28–36, so ♥9 and ♠1 are a run."),
            tie_break_note(),
        ]
    return [
        t("In turn, each player turns the top card of their stack face up onto the centre pile."),
        t("A jack, queen, king or ace is a challenge: the next player must pay 1, 2, 3 or 4 cards. "
          "If they turn a challenge card while paying, the challenge passes on; if they pay in full without "
          "one, the challenger claims the pile."),
        t("Anyone may slap the pile at any moment. The first valid slap wins the whole pile — "
          "even during a challenge. At this table you may slap on:"),
        *(slap_explanations(rules) or [t("nothing: slaps are switched off.")]),
        t("A wrong slap burns cards face down under the pile. They go to whoever wins the pile."),
        t("Out of cards? You stay in until the next chance to slap has passed — slap in to come back."),
        t("The last player with cards wins."),
    ]


def slap_explanations(rules: Any) -> list[str]:
    """One line per slap rule switched on at this table."""
    either = getattr(rules, "marriage_either_order", False)
    texts = {
        "double": t("• Double: the top two cards have the same rank."),
        "sandwich": t("• Sandwich: the top card has the rank of the third card from the top."),
        "top_bottom": t("• Top-bottom: the top card has the rank of the bottom card of the pile."),
        "marriage": t("• Marriage: a king and a queen next to each other.") if either
        else t("• Marriage: a queen directly on a king."),
        "tens": t("• Tens: the top two cards add up to ten (ace = 1; J, Q, K count nothing)."),
        "divorce": t("• Divorce: a king and a queen with exactly one card between them."),
        "run": t("• Run: the top three cards are consecutive ranks, up or down."),
        "six_nine": t("• Six-nine: a 6 and a 9 next to each other."),
    }
    return [text for rule, text in texts.items() if rule in rules.slaps]


def option_lines(game: str, rules: Any) -> list[tuple[str, str]]:
    """(label, chosen value) for every rule option of this table."""
    values = option_values(game, rules)
    return [(opt.label, option_label(opt, values.get(opt.name, opt.default))) for opt in rule_options(game, rules)]


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
        for para in rules_text(self.game, self.rules):
            blocks += [(line, body, ui.TEXT, False) for line in wrap(para, font, width)]
            blocks.append(("", body // 2, ui.TEXT, False))
        blocks.append((t("This table"), ui.px(size, 26), ui.GOLD, True))
        summary_font = ui.TEXTS.font(ui.px(size, 20))
        blocks += [(line, ui.px(size, 20), ui.TEXT_DIM, False) for line in wrap(self.rules.summary(), summary_font,
                                                                                 width)]
        for label, value in option_lines(self.game, self.rules):
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
        ui.shadow_text(surface, t("How to play {game}", game=game_title(self.game)), ui.px(size, 44), ui.TEXT,
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
