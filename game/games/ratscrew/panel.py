"""A Ratscrew seat's panel: its stack of backs, its card count, a hint for a seat that ran out, and a badge
("out", "Q to claim", "owes 3") placed where it never covers the count."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.games.ratscrew.view_model import RatscrewModel
from game.i18n import t
from game.render import colors, hud
from game.render.card_art import CardArt, card_height
from game.render.fonts import TextCache, wrap
from game.render.layout import TableLayout
from game.render.panels import Panels
from game.render.scale import text_min


class Table(Protocol):
    """What a panel is built from (game.games.ratscrew.view.RatscrewView); `badges` is written to."""

    L: TableLayout
    model: RatscrewModel
    panels: Panels
    art: CardArt
    texts: TextCache
    badges: dict[int, tuple[pygame.Rect, pygame.Rect]]

    def text_unit(self, seat: int) -> float: ...


def build_panel(v: Table, seat: int, count: int, out: bool, owed: int, claim: bool) -> pygame.Surface:
    """The panel of `seat` holding `count` cards (`out` of the game, owing `owed`, its pile to `claim`);
    where its count and badge went is left in `v.badges`."""
    box = v.L.seats[seat]
    ox, oy = box.rect.topleft
    surf, y = v.panels.base(seat)
    stack = box.stack.move(-ox, -oy)
    sw = v.L.seat_card_w
    back = v.art.back(sw)
    layers = 0 if count == 0 else min(6, 1 + count // 6)
    top = stack.centery - card_height(sw) // 2
    for i in range(layers):
        surf.blit(back, (stack.x + i * 2, top - i * 2))
    if count == 0:
        pygame.draw.rect(
            surf,
            colors.TEXT_DIM,
            pygame.Rect(stack.x, top, sw, card_height(sw)),
            width=1,
            border_radius=max(2, sw // 16),
        )
    info = box.info.move(-ox, -oy)
    u = v.text_unit(seat)
    small = max(9, text_min(v.L.size), round(u * 0.11))
    hint = v.model.panel_hint(seat, count, out)
    if hint:
        for line in wrap(hint, v.texts.font(small, True), info.w):
            img = v.texts.fit(line, info.w, small, colors.GOLD, bold=True)
            surf.blit(img, (info.x, y + 2))
            y += img.get_height()
    badge_text, badge_color = v.model.badge(seat, out, owed, claim)
    tag = img = None
    if badge_text:
        img = v.texts.fit(badge_text, info.w - 8, max(9, text_min(v.L.size), round(u * 0.12)), colors.INK, bold=True)
        tag = img.get_rect(bottomleft=(info.x, box.rect.h - max(4, box.rect.h // 14))).inflate(10, 4)
        tag.left = info.x
    if not hint:
        # "12 cards" under the name; with a badge in a small panel: the badge beside "12 cards", else
        # beside "12" (the word left out), else the count in a smaller font above the badge.
        word_px = small
        for big in range(max(14, round(u * 0.26)), 8, -1):
            digits = v.texts.render(str(count), big, colors.TEXT, bold=True)
            digits_rect = digits.get_rect(topleft=(info.x, y))
            word = v.texts.render(t("cards"), min(word_px, big), colors.TEXT_DIM)
            word_at = word.get_rect(bottomleft=(digits_rect.right + 4, digits_rect.bottom - 3))
            count_row = digits_rect.union(word_at)
            if tag is None or not tag.colliderect(count_row):
                break
            placed = False
            for row in (count_row, digits_rect):
                beside = tag.copy()
                beside.midleft = (row.right + 6, row.centery)
                if beside.right <= box.rect.w - 2:
                    tag, placed = beside, True
                    if row is digits_rect:
                        word, count_row = None, digits_rect
                    break
            if placed:
                break
        if tag is not None and tag.colliderect(count_row):  # a tiny panel: tucked under the count, or
            if count_row.bottom + 1 + tag.h <= box.rect.h - 1:  # else over its own cards, made to fit
                tag.top = count_row.bottom + 1
            else:
                room = max(8, count_row.left - max(2, stack.x) - 2)
                img = v.texts.fit(badge_text, max(4, room - 10), max(9, text_min(v.L.size), round(u * 0.12)), colors.INK, bold=True)
                tag = img.get_rect().inflate(10, 4)
                tag.bottomleft = (max(2, stack.x), box.rect.h - 2)
        surf.blit(digits, digits_rect)
        if word is not None:
            surf.blit(word, word_at)
        if tag is not None:
            v.badges[seat] = (count_row, tag)
    if tag is not None:
        pygame.draw.rect(surf, badge_color, tag, border_radius=tag.h // 2)
        surf.blit(img, img.get_rect(center=tag.center))
    if tag is None or hint:
        v.badges.pop(seat, None)
    if out:
        hud.shade(surf, surf.get_rect(), 110, (0, 0, 0), radius=max(6, box.rect.h // 8))
    return surf
