"""Painting No Thanks' table: the stack and the face-up card with its matches and count, the centre's
words, flying cards and matches, a seat's panel (its matches and its cards in runs, the counted card of
each run framed), the teaching aid's score tag and a bot's thinking dots. Each function draws what the
state, the view-model and the time say, and changes none of them."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from game.games.nothanks import engine as nt
from game.games.nothanks.geometry import NothanksGeometry
from game.games.nothanks.view_model import CardKey, NothanksModel, Token, Tokens
from game.games.nothanks.words import CentreWords
from game.i18n import t
from game.render import colors, hud
from game.render.card_art import CardArt, card_height
from game.render.effects import Back, Face, Flip, Flyer
from game.render.layout import TableLayout
from game.render.panels import Panels
from game.render.text import TextBoxes, TextCache
from game.render.tokens import STICK
from game.render.tokens import Tokens as TokenSprites


class NothanksPaintHost(Protocol):
    """What the painting reads of its table view (game.games.nothanks.view.NothanksView)."""

    L: TableLayout
    geo: NothanksGeometry
    model: NothanksModel
    words: CentreWords
    panels: Panels
    art: CardArt
    texts: TextCache
    tokens: TokenSprites
    token_kind: str
    seed: int
    boxes: TextBoxes

    def card_key(self, value: int, mini: bool = False) -> CardKey: ...

    def draw_flying_card(self, surface: pygame.Surface, f: Flyer, now: float, width: int) -> None: ...

    def flyer_pos(self, f: Flyer, now: float) -> tuple[tuple[float, float], float, float, float]: ...

    def tag_fit(self, seat: int) -> tuple[int, int, int]: ...

    def match_unit(self, seat: int) -> float: ...

    def matches_point(self, seat: int) -> tuple[float, float]: ...

    def text_unit(self, seat: int) -> float: ...

    def count_size(self, seat: int) -> int: ...


def thinking(surface: pygame.Surface, rect: pygame.Rect, now: float) -> None:
    """Three dots breathing in the corner of panel `rect` while its bot decides."""
    r = max(2, rect.h // 30)
    for i in range(3):
        a = 0.35 + 0.65 * (0.5 + 0.5 * math.sin(now / 1.6e8 - i * 0.9))
        c = colors.mix(colors.PANEL, colors.TEXT, a)
        pygame.draw.circle(surface, c, (rect.right - r * (9 - 3 * i), rect.bottom - r * 4), r)


def centre(v: NothanksPaintHost, surface: pygame.Surface, state: nt.State, now: float, prompt: bool = True
           ) -> list[pygame.Rect]:
    """The stack, the face-up card, the pot and its count, and the centre's words (the turn prompt over the
    card only if `prompt`: else it is said at its seat's mat, its place here kept all the same, so the seats'
    notes lanes never move with it); where the words go. Every text drawn is entered in the table's text
    boxes."""
    L = v.L
    geo = v.geo
    deck = geo.deck_rect()
    for i in range(min(state.cards_left, 6)):  # a stack with some thickness
        img = v.art.back(L.card_w)
        surface.blit(img, deck.move(-i * 2, -i * 2))
    card = geo.centre_rect()
    if state.card is not None and not v.model.anim.hidden(("centre",), now):
        img = v.art.surface(v.card_key(state.card), geo.centre_w)
        hud.shade(surface, card.move(4, 6), 80, (0, 0, 0), radius=max(4, card.w // 16))
        surface.blit(img, card)
    pot = state.pot - v.model.anim.hidden(("pot",), now)
    if pot > 0:
        v.tokens.draw_pile(surface, geo.pot_point, pot, geo.pot_unit, v.token_kind, seed=v.seed)
    if not state.is_over:  # the last card taken: none is on offer, and "0 on the card" sat under the winner's banner
        (digits, at), (word, under) = pot_count(v, max(0, state.pot))
        surface.blit(digits, at)
        surface.blit(word, under)
        v.boxes.add("count", at.union(under), f"{max(0, state.pot)} {t('on the card')}")
    texts = v.words.centre_texts(state, now)
    for kind, img, rect in texts:
        if kind == "prompt" and not prompt:
            continue
        surface.blit(img, rect)
        v.boxes.add("count" if kind == "left" else kind, rect, kind)
    return [rect for _, _, rect in texts]


def deck_drawn(v: NothanksPaintHost) -> pygame.Rect:
    """Where the stack is drawn at its thickest (six backs, each 2 px up and left of the one under it)."""
    deck = v.geo.deck_rect()
    return deck.union(deck.move(-10, -10))


def pot_count(v: NothanksPaintHost, pot: int) -> tuple[tuple[pygame.Surface, pygame.Rect], tuple[pygame.Surface, pygame.Rect]]:
    """The pot's count beside the card ("7" over "on the card"): its digits and its word, each with where
    it goes."""
    big, small = v.words.pot_sizes()
    digits = v.texts.outlined(str(pot), big, colors.TEXT)
    spot = v.geo.pot_digits_spot
    at = digits.get_rect(midleft=spot)
    word = v.texts.render(t("on the card"), small, colors.on_felt(colors.TEXT_DIM))
    under = word.get_rect(topleft=(spot[0], spot[1] + digits.get_height() // 2))
    return (digits, at), (word, under)


def flyer(v: NothanksPaintHost, surface: pygame.Surface, f: Flyer, now: float) -> None:
    """A card, one match or a handful of them in the air."""
    if not f.tween.started(now):
        return
    if isinstance(f.art, (Face, Flip, Back)):
        v.draw_flying_card(surface, f, now, v.geo.centre_w)
        return
    pos, _, scale, _ = v.flyer_pos(f, now)
    unit = round(v.geo.pot_unit * scale)
    if isinstance(f.art, Token):
        img = v.tokens.sprite(v.token_kind, unit, 20)
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
    elif isinstance(f.art, Tokens):
        v.tokens.draw_pile(surface, pos, f.count, unit, v.token_kind, seed=v.seed)


def score_tag(v: NothanksPaintHost, seat: int, score: int | None, image: pygame.Surface, rect: pygame.Rect) -> bool:
    """The teaching aid's running score on a tag at the panel's top right corner, where the view fits it (see
    NothanksView.tag_fit: clear of the name under it), onto `image`, the panel at `rect` in it; False when
    there is none to show."""
    if score is None:
        return False
    size, top, height = v.tag_fit(seat)
    img = v.texts.render(t("score {n}", n=_signed(score)), size, colors.INK, bold=True)
    letters = v.texts.render("dp", size, colors.INK, bold=True).get_bounding_rect()  # (as tag_fit measures them)
    # its ends round: a third of its height each side keeps a letter's corner inside the curve
    tag = pygame.Rect(0, rect.top + top, img.get_width() + 2 * (height // 3), height)
    tag.right = rect.right - rect.h // 10
    pygame.draw.rect(image, colors.GOLD, tag, border_radius=tag.h // 2)
    image.blit(img, (tag.centerx - img.get_width() // 2, tag.top + (height - letters.h) // 2 - letters.top))
    return True


def cards_row(v: NothanksPaintHost, seat: int, text_bottom: int) -> tuple[int, int, int]:
    """(top, bottom, card width) of a seat's row of cards, in the panel's own coordinates: under the name
    and controls as drawn, which end at `text_bottom` (a bigger text size makes them taller than the
    layout's info row), the cards a little smaller if the rest of the row is too low for them (whole, or
    where the layout made them tabs, for their tabs)."""
    box = v.L.seats[seat]
    top = max(box.stack.y, box.rect.y + text_bottom + 2) - box.rect.y
    bottom = box.stack.bottom - box.rect.y
    mw = v.geo.mini_w
    share = v.geo.tab_share  # (RATIO: whole)
    if bottom - top < mw * share:
        mw = max(10, min(mw, int((bottom - top) / share)))
    return top, bottom, mw


def card_shown(v: NothanksPaintHost, top: int, bottom: int, mw: int) -> int:
    """How high a seat's card `mw` wide shows in its row from `top` to `bottom`: whole, or its top, a tab of
    geo.tab_share: its index, cut above the big suit under it (whose top alone reads as another shape)."""
    if card_height(mw) <= bottom - top:
        return card_height(mw)
    return min(bottom - top, math.ceil(mw * v.geo.tab_share))


PILE_SHOWN = 11  # a seat's pile shows up to this many tokens (the count beside it says the rest)
HIDDEN_PILE = 5  # a hidden count: a covered pile of this many, whatever the seat holds


def pile_tokens(shown: int | None) -> int:
    """How many tokens a seat's pile shows for its count `shown` (None: hidden): one per match up to
    PILE_SHOWN, a covered pile of HIDDEN_PILE for a hidden count."""
    return HIDDEN_PILE if shown is None else min(max(0, shown), PILE_SHOWN)


def seat_pile(v: NothanksPaintHost, surf: pygame.Surface, seat: int, shown: int | None, centre: tuple[int, int],
              unit: float) -> None:
    """A seat's matches (or chips) as a loose pile at `centre` that grows and shrinks with the count (issue
    20 item 7): one token per match up to PILE_SHOWN; a hidden count is a covered pile of HIDDEN_PILE."""
    n = pile_tokens(shown)
    if n == 0:
        return
    kind = v.token_kind
    size = round(unit * 0.95) if kind == STICK else round(unit * 0.5)
    cx, cy = centre
    spread = unit * (0.8 if kind == STICK else 0.25)
    for i, (dx, dy, angle) in enumerate(v.tokens.spots(7919 + seat, kind)[:n]):
        img = v.tokens.sprite(kind, size, 20 + angle % 30 if kind == STICK else 0)  # a loose bundle
        if kind != STICK:  # chips stack up a little with the count
            dy -= i * 0.18
        surf.blit(img, img.get_rect(center=(round(cx + dx * spread), round(cy + dy * spread))))
    if shown is None:  # covered: nobody may count them
        cover = pygame.Rect(0, 0, round(unit * 1.1), round(unit * 0.8))
        cover.center = centre
        hud.shade(surf, cover, 200, colors.PLATE, radius=max(2, cover.h // 4))


def panel(v: NothanksPaintHost, seat: int, shown: int | None, held: list[int], piled: int | None = None) -> pygame.Surface:
    """A seat's panel: its name and controls, its matches (a pile of `piled` sticks or chips, else `shown`:
    fewer while some still fly to it; and the count, `shown`, "?" when hidden) and its cards in runs, the
    counted (lowest) card of each run framed in gold (none yet: an empty place for them)."""
    box = v.L.seats[seat]
    surf, text_bottom = v.panels.base(seat)
    ox, oy = box.rect.topleft
    mx, my = v.matches_point(seat)
    s = v.match_unit(seat)
    unit = s * 0.55
    seat_pile(v, surf, seat, shown if piled is None else piled, (round(mx - ox - unit * 0.35), round(my - oy)), unit)
    digits = "?" if shown is None else str(shown)
    img = v.texts.render(digits, v.count_size(seat), colors.TEXT, bold=True)
    surf.blit(img, img.get_rect(midleft=(round(mx - ox + unit * 0.2), round(my - oy))))
    top, bottom, mw = cards_row(v, seat, text_bottom)
    mh = card_shown(v, top, bottom, mw)
    sy = top + (bottom - top - mh) // 2
    for value, x, counted in v.geo.run_positions(seat, held):  # back to front: the counted card on top
        img = v.art.surface(v.card_key(value, mini=True), mw)
        card = pygame.Rect(box.stack.x - ox + x, sy, mw, mh)
        surf.blit(img, card, pygame.Rect(0, 0, mw, mh))
        if counted:  # whole, bright and framed in gold
            pygame.draw.rect(
                surf,
                colors.GOLD,
                card.inflate(2, 2),
                width=max(2, mw // 22),
                border_radius=max(3, mw // 14),
            )
        else:
            hud.shade(surf, card, 70, (0, 0, 0), radius=max(2, mw // 16))
    if not held:  # an empty place for its cards (a mat's words stay on its top rows)
        slot = pygame.Rect(box.stack.x - ox, sy, mw, mh)
        pygame.draw.rect(surf, colors.TEXT_DIM, slot, width=max(1, mw // 20), border_radius=max(3, mw // 10))
    return surf


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"
