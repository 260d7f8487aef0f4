"""A Ratscrew seat's panel: its stack of backs, its card count, a hint for a seat that ran out, and a badge
("out", "Q to claim", "owes 3", "wait 2 cards") placed where it never covers the count."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.games.ratscrew.view_model import RatscrewModel
from game.i18n import tn
from game.render import colors, hud
from game.render.card_art import RATIO, CardArt, card_height
from game.render.layout import SeatBox, TableLayout
from game.render.panels import Panels
from game.render.scale import big_min, text_for, text_min, text_px, word_min
from game.render.text import TextCache, wrap


class PanelHost(Protocol):
    """What a panel is built from (game.games.ratscrew.view.RatscrewView); `badges` is written to."""

    L: TableLayout
    model: RatscrewModel
    panels: Panels
    art: CardArt
    texts: TextCache
    badges: dict[int, tuple[pygame.Rect, pygame.Rect]]

    def text_unit(self, seat: int) -> float: ...


def count_word(count: int) -> str:
    """The word after a seat's count of cards, in the language's plural ("1 card", "12 cards"): the phrase
    tn gives without its number (drawn apart, larger); the whole phrase where the number is not first."""
    phrase = tn("{n} card", "{n} cards", count)
    digits = str(count)
    return phrase[len(digits):].strip() if phrase.startswith(digits) else phrase


def name_bottom(v: PanelHost, seat: int) -> int:
    """Where the seat's name ends (in the panel's coordinates) when it has a row of its own across the
    panel (0 when it has not): the name as drawn, taller than its row at a bigger text size."""
    box = v.L.seats[seat]
    if box.name is None:
        return 0
    h = v.texts.font(v.panels.name_fit(seat)[1], True).get_height()
    return box.name.centery - box.rect.y - h // 2 + h


def stack_beside(box: SeatBox) -> bool:
    """Whether a mat's stack of backs stands beside its name's row, down its left (a short mat: see
    LayoutHints.stack_beside), not under it."""
    return box.name is not None and box.name.left >= box.stack.right


def stack_place(v: PanelHost, seat: int, layers: int) -> tuple[int, int]:
    """(card width, top of the bottom card) of the seat's stack of backs (`layers` cards, each 2 px up and
    right of the one under it), in the panel's coordinates: centred on the layout's stack, moved down
    clear of the name as drawn (where the name's row is over it), and made smaller where the panel is too low for
    it under the name."""
    box = v.L.seats[seat]
    stack = box.stack.move(-box.rect.x, -box.rect.y)
    sw = v.L.seat_card_w
    lift = 2 * max(0, layers - 1)
    top = stack.centery - card_height(sw) // 2
    clear = stack.top if stack_beside(box) else name_bottom(v, seat) + 1
    if top - lift < clear:
        foot = max(stack.bottom, box.rect.h - max(2, box.rect.h // 40))  # the panel's foot, inside its border
        if clear + lift + card_height(sw) > foot:
            sw = max(10, min(sw, int((foot - clear - lift) / RATIO)))
        top = clear + lift
    return sw, top


COUNT_LEAST = 9  # px: the least size a seat's count is drawn at on its stack's top card
COUNT_OVER = 4  # px: how much wider than the card the count may be (its outline over the card's edges)


def count_fits(v: PanelHost, card_w: int) -> bool:
    """Whether a two-digit count fits on a stack's top card `card_w` px wide at the least size it is drawn at."""
    return v.texts.outlined("88", COUNT_LEAST, colors.TEXT).get_width() <= card_w + COUNT_OVER


def build_panel(v: PanelHost, seat: int, count: int, out: bool, owed: int, claim: bool,
                count_on_cards: bool = False, wait: int = 0, hidden: int = 0, gave_way: bool = False) -> pygame.Surface:
    """The panel of `seat` holding `count` cards (`out` of the game, owing `owed`, its pile to `claim`, in a
    slap timeout for `wait` more cards); where its count and badge went is left in `v.badges`.

    Its words in rows: the name, the keys, then "12 cards". Where the keys take the room of the count's
    row (a big text size in a small panel), or the badge would be cut beside the count (`count_on_cards`),
    the count goes on the seat's stack of backs; a seat told how to get back in shows that instead of its
    keys when both do not fit. `hidden`: what of its words a prompt on a plate over them says this while (see
    RatscrewView.mat_said: 1 its keys rows, 2 its count's too, 3 its name's row too), their rows kept but not drawn; `gave_way`: its keys
    rows are not drawn for its badge, which has their column (no room for it under them, nor over its stack's
    count)."""
    box = v.L.seats[seat]
    ox, oy = box.rect.topleft
    u = v.text_unit(seat)
    low = max(9, word_min(v.L.size) if v.panels.mats else text_min(v.L.size))  # mats: the couch's word size
    small = max(low, round(u * 0.11))
    info = box.info.move(-ox, -oy)
    inner = hud.mat_inner(box.rect.size)  # where a badge may go: clear of the mat's edge and its turn's frame
    hint = v.model.panel_hint(seat, count, out)
    room = v.panels.controls_room(seat)
    hint_lines: list[str] = []
    on_stack = False
    hint_px = small
    if hint:
        for hint_px in range(small, text_for(max(8, int(small * 0.75))) - 1, -1):  # as it fits its room
            font = v.texts.font(hint_px, True)
            hint_lines = wrap(hint, font, info.w)
            if (all(font.size(line)[0] <= info.w for line in hint_lines)
                    and len(hint_lines) * font.get_height() + 2 <= room):
                break
        else:  # no room for it (its note beside the panel says it too): the keys and the count as ever
            hint, hint_lines = "", []
    badge_text, badge_color = v.model.badge(seat, out, owed, claim, wait)
    badge_px = max(low, round(u * 0.12))
    if hint:
        below = len(hint_lines) * v.texts.font(hint_px, True).get_height() + 2
        keys = v.panels.controls_whole(seat, room - below)
        surf, y = v.panels.base(seat, below=below, controls=keys, blank=hidden > 0, named=hidden < 3)
    else:
        below = v.texts.font(low, True).get_height()
        # whether the mat holds its keys at the seat words' floor (as drawn) with the room under them free
        readable = v.panels.controls_whole(seat, room, readable=True)
        # (the count on the cards too where the keys beside its row would be drawn under the tables' floor, or under
        # the seat words' floor where they are not without the count's row: a pad's line at 1920x1080, five seats)
        # (and a badge's, where a prompt's plate stands in for the count's row: the badge goes by the cards)
        on_stack = (count_on_cards or bool(badge_text) and hidden >= 2 or not v.panels.controls_whole(seat, room - below)
                    or v.panels.controls_fit(seat, room - below)[1] < text_min(v.L.size)
                    or readable and not v.panels.controls_whole(seat, room - below, readable=True))
        # on the cards, the count leaves the keys the room; a badge keeps its row under them
        badge_h = v.texts.font(badge_px, True).get_height() + 4 if badge_text else 0
        if (on_stack and badge_text and not gave_way and not hidden and box.name is not None
                and (not v.panels.controls_whole(seat, room - badge_h, strict=False)
                     or text_px(v.panels.controls_fit(seat, room - badge_h, record=False)[1]) < text_min(v.L.size)
                     or readable and not v.panels.controls_whole(seat, room - badge_h, readable=True))):
            # a mat's keys that would be cut over its badge's row (a small window's short mats at a big text size),
            # or drawn there under the tables' floor as drawn (a column of four's mats at 1280x720 in Swedish:
            # "G vänd · Mellanslag slå" at 18 px over "owes 3" by a count of 19), or under the seat words' floor where
            # the mat holds them at it without the badge (150 % text in a long language), give way while the badge
            # shows, as below (the line at the mat says the key to press)
            return build_panel(v, seat, count, out, owed, claim, count_on_cards, wait, hidden=1, gave_way=True)
        surf, y = v.panels.base(seat, below=badge_h if on_stack else below, blank=hidden > 0, named=hidden < 3)
    stack = box.stack.move(-ox, -oy)
    layers = 0 if count == 0 else min(6, 1 + count // 6)
    sw, top = stack_place(v, seat, layers)
    back = v.art.back(sw)
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
    for line in hint_lines:
        img = v.texts.fit(line, info.w, hint_px, colors.GOLD, bold=True)
        surf.blit(img, (info.x, y + 2))
        y += img.get_height()
    tag: pygame.Rect | None = None
    badge: pygame.Surface | None = None
    if badge_text:
        badge = _badge(v, badge_text, min(info.right, inner.right) - info.x - 10, badge_px)  # (its pill 10 px wider)
        if badge is None:  # too long for the info column: along the panel's foot, over its cards
            left, width = _foot(inner, stack.x)
            # (as small as 100 % draws it before it is cut: "Num +: tag bunken" at 150 % text)
            badge = _badge(v, badge_text, width, badge_px) or v.texts.fit(badge_text, width, badge_px, colors.INK,
                                                                        bold=True)
            tag = badge.get_rect().inflate(10, 4)
            tag.bottomleft = (left, inner.bottom)
        else:
            tag = badge.get_rect(bottomleft=(info.x, box.rect.h - max(4, box.rect.h // 14))).inflate(10, 4)
            tag.left = info.x
            tag.bottom = min(tag.bottom, inner.bottom)
            if gave_way:  # in the middle of the keys' column it has
                tag.centery = min(info.centery, tag.centery)
    if not hint and on_stack:
        # the count on the top card of the stack, as big as the card takes
        shown = stack.x + 2 * (layers - 1) if layers else stack.x
        card = pygame.Rect(shown, top - 2 * max(0, layers - 1), sw, card_height(sw))
        room = card.h
        if tag is not None and (tag.colliderect(card) or not gave_way and (tag.top < y or hidden >= 2)):
            # no room under the keys (or a plate over them and the count's row, or a badge along the foot: with the
            # keys given way too, a badge too long for their column, "Num +: tag bunken")
            if hidden and not gave_way:  # a prompt's plate over the mat's words: the badge waits while it shows (its
                # line at the mat says the key to press), the count on its cards
                tag = badge = None
            elif not gave_way and box.name is not None and tag.left >= info.x and tag.right <= inner.right:
                # a mat's keys rows give way while its badge shows (a debt's or a claim's line at the mat says the
                # key to press; out or waiting, none is), the badge in their column, clear of the stack's count
                return build_panel(v, seat, count, out, owed, claim, count_on_cards, wait, hidden=1, gave_way=True)
            else:  # (a badge wider than their column) over the foot of its cards, made to fit, the count above it
                left, width = _foot(inner, stack.x)
                badge = _badge(v, badge_text, width, badge_px) or v.texts.fit(badge_text, width, badge_px, colors.INK,
                                                                            bold=True)
                tag = badge.get_rect().inflate(10, 4)
                tag.bottomleft = (left, inner.bottom)
                room = tag.top - card.top
        start = max(14, round(u * 0.26), big_min(v.L.size) if v.panels.mats else 0)
        on_card = _count_on_card(v, count, start, card.w + COUNT_OVER, room)
        if on_card is None:  # no room for the count over the badge: the badge waits (the line at the mat says the
            # key to press), the count in the card's middle
            tag = badge = None
            room = card.h
        on_card = on_card or _count_on_card(v, count, start, card.w + COUNT_OVER, room) or v.texts.outlined(str(count), COUNT_LEAST,
                                                                                                    colors.TEXT)
        # in the card's middle, or over the badge on its foot
        count_row = on_card.get_rect(center=card.center) if room == card.h else on_card.get_rect(
            midbottom=(card.centerx, card.top + room))
        surf.blit(on_card, count_row)
        if tag is not None:
            v.badges[seat] = (count_row, tag)
    elif not hint:
        # "12 cards" under the name; with a badge in a small panel: the badge beside "12 cards", else
        # beside "12" (the word left out), else the count in a smaller font above the badge.
        word_px = small
        sizes = range(max(14, round(u * 0.26), big_min(v.L.size) if v.panels.mats else 0), 8, -1)
        fitting = [big for big in sizes if y + v.texts.font(big, True).get_height() <= info.bottom] or list(sizes)
        # (with a badge beside it, the count no smaller than the mat's words: else under it, or on the cards)
        for big in [big for big in fitting if big >= low] or fitting:
            digits = v.texts.render(str(count), big, colors.TEXT, bold=True)
            digits_rect = digits.get_rect(topleft=(info.x, y))
            said = v.texts.render(count_word(count), min(word_px, big), colors.TEXT_DIM)
            word: pygame.Surface | None = said  # (None: the word left out)
            word_at = said.get_rect(bottomleft=(digits_rect.right + 4, digits_rect.bottom - 3))
            count_row = digits_rect.union(word_at)
            if tag is None or not tag.colliderect(count_row):
                break
            placed = False
            for row in (count_row, digits_rect):
                beside = tag.copy()
                beside.midleft = (row.right + 6, row.centery)
                beside.top = max(beside.top, y)  # (under the keys' last line)
                if inner.contains(beside):  # (clear of the mat's edge and its turn's frame)
                    tag, placed = beside, True
                    if row is digits_rect:
                        word, count_row = None, digits_rect
                    break
            if placed:
                break
        if tag is not None and tag.colliderect(count_row):  # a tiny panel: tucked under the count, or
            if count_row.bottom + 1 + tag.h <= inner.bottom:  # else over its own cards, made to fit
                tag.top = count_row.bottom + 1
            else:
                left = _foot(inner, stack.x)[0]
                width = max(4, max(8, count_row.left - left - 2) - 10)
                badge = _badge(v, badge_text, width, badge_px)
                if badge is None:  # it would be cut there: the count goes on the cards instead
                    return build_panel(v, seat, count, out, owed, claim, count_on_cards=True, wait=wait, hidden=hidden)
                tag = badge.get_rect().inflate(10, 4)
                tag.bottomleft = (left, inner.bottom)
        if hidden < 2:
            surf.blit(digits, digits_rect)
            if word is not None:
                surf.blit(word, word_at)
        if tag is not None:
            v.badges[seat] = (count_row, tag)
    if tag is not None:
        pygame.draw.rect(surf, badge_color, tag, border_radius=tag.h // 2)
        if badge is not None:  # (a tag is made only round its badge)
            surf.blit(badge, badge.get_rect(center=tag.center))
    if tag is None or hint:
        v.badges.pop(seat, None)
    if out:
        hud.shade(surf, surf.get_rect(), 110, (0, 0, 0), radius=max(6, box.rect.h // 8))
    return surf


def _foot(inner: pygame.Rect, margin: int) -> tuple[int, int]:
    """(left, width of its words) of a badge along a mat's foot, over its cards: as far in from either side as its
    stack of backs (`margin` px) and inside the mat's edge and turn's frame (`inner`, see hud.mat_inner)."""
    left = max(inner.left, margin)
    return left, max(4, min(inner.right, inner.right + inner.left - margin) - left - 10)


def _count_on_card(v: PanelHost, count: int, size: int, width: int, height: int) -> pygame.Surface | None:
    """A seat's count on its top card at the largest size from `size` (down to 9 px) that fits `width` x `height`;
    None if none does."""
    for px in range(size, COUNT_LEAST - 1, -1):
        digits = v.texts.outlined(str(count), px, colors.TEXT)
        if digits.get_width() <= width and digits.get_height() <= height:
            return digits
    return None


def _badge(v: PanelHost, text: str, width: int, size: int) -> pygame.Surface | None:
    """A badge's words at the largest size from `size` (down to 3/4 of it as 100 % draws it) that fits
    `width`; None if none does."""
    for px in range(size, text_for(max(8, int(size * 0.75))) - 1, -1):
        if v.texts.font(px, True).size(text)[0] <= width:
            return v.texts.render(text, px, colors.INK, bold=True)
    return None
