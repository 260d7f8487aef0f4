"""No Thanks table: the face-up card and its matches, the stack, seats with runs; tweens from events."""

from __future__ import annotations

import math
import re
from typing import Any

import pygame

from game.games.nothanks import engine as nt
from game.games.nothanks import text as nt_text
from game.i18n import t
from game.match.common import Ignored
from game.games.nothanks.match import NO_MATCHES, NOT_YOUR_TURN, ignored_why
from game.render import colors, hud
from game.render.anim import Anchor, Flyer
from game.render.card_art import RATIO, card_height
from game.render.fonts import wrap
from game.render.layout import TAG_ROOM
from game.games.nothanks.layout import LAYOUT
from game.render.table_view import MS, TableView
from game.render.tokens import CHIP, STICK
from game.render.tween import Tween

CENTRE_SCALE = 1.2  # the face-up card is a little larger than a pile card
MIN_TEXT = 10  # the centre's texts shrink to this size (px) before they would touch a seat
MAX_PROMPT_LINES = 4


class NothanksView(TableView):
    """View-model and drawing for one No Thanks table; `on_event` returns the sounds to play."""

    layout_hints = LAYOUT
    text_aspect = 1.9

    def __init__(self, rules: nt.Rules, names: list[str], controls: list[str], seed: int, **kw) -> None:
        super().__init__(names, controls, seed, **kw)
        self.rules = rules
        self.token_kind = STICK if rules.edition == "cards" else CHIP
        self.teaching_aid = True
        self._fits: dict[tuple, tuple] = {}  # centre text layouts, per window size
        self._centre_drawn: list[pygame.Rect] = []  # where the centre's words were last drawn

    def relayout(self, size: tuple[int, int]) -> None:
        super().relayout(size)
        self._fits.clear()

    # -- card art for values ------------------------------------------------------------------------
    def card_key(self, value: int, mini: bool = False) -> tuple:
        code = nt.card_code(self.rules, value)
        if code is None:
            return ("nt", value, None, "", mini)
        return ("nt", value, code[1], nt.card_label(self.rules, value)[1:], mini)

    # -- geometry -----------------------------------------------------------------------------------
    @property
    def centre_w(self) -> int:
        return round(self.L.card_w * CENTRE_SCALE)

    def centre_rect(self) -> pygame.Rect:
        w = self.centre_w
        r = pygame.Rect(0, 0, w, card_height(w))
        r.center = (self.L.centre[0], self.L.centre[1] - round(self.L.card_h * 0.08))
        return r

    def deck_rect(self) -> pygame.Rect:
        c = self.centre_rect()
        r = pygame.Rect(0, 0, self.L.card_w, self.L.card_h)
        r.midright = (c.left - round(self.L.card_w * 0.35), c.centery)
        return r

    def pot_point(self) -> tuple[float, float]:
        c = self.centre_rect()
        return (c.centerx, c.top + c.h * 0.66)

    def mini_w(self) -> int:
        box = self.L.seats[0]
        return max(14, min(self.L.seat_card_w, int(box.stack.h / RATIO)))

    def match_unit(self, seat: int) -> float:
        """The size the match count and its icon scale with (the info row's height, less if narrow)."""
        return min(self.L.seats[seat].info.h, self.text_unit(seat) * 0.36)

    def matches_point(self, seat: int) -> tuple[float, float]:
        box = self.L.seats[seat]
        s = self.match_unit(seat)
        if self.count_on_name_row(seat):
            # Beside the name, its digits just clear of the score tag on the panel's top edge.
            name_h = self.texts.font(self.name_fit(seat)[1], True).get_height()
            tag_bottom = box.rect.top + self.tag_height(seat) / 2
            digits = max(12, round(s * 0.5))  # a digit's top is about 0.37 of its size above its middle
            return (box.info.right - s * 0.9, max(box.info.y + name_h / 2 + 1, tag_bottom + 1 + digits * 0.37))
        return (box.info.right - s * 0.9, box.info.centery + s * 0.12)

    def count_on_name_row(self, seat: int) -> bool:
        """Whether the match count sits on the name's row, leaving the controls line the panel's full width.

        Only where the controls line would otherwise be cut with "…" (seat 8's "Num + take · Num Enter
        pass" in a small panel): the count normally sits in the middle of the info row, beside both the
        name and the controls, which may take two lines or a slightly smaller font to fit beside it."""
        ctrl = self.controls[seat] if seat < len(self.controls) else ""
        if not ctrl:
            return False
        info = self.L.seats[seat].info
        small = self.controls_size(seat)
        font = self.texts.font(small)
        beside = info.w - self.name_reserve(seat)
        if font.size(ctrl)[0] <= beside:
            return False
        name_h = self.texts.font(self.name_fit(seat)[1], True).get_height()
        lines = wrap(ctrl, font, beside)
        if all(font.size(line)[0] <= beside for line in lines) and name_h + len(lines) * font.get_height() <= info.h:
            return False  # two lines beside the count
        return self.texts.fitted(ctrl, beside, small)[0] != ctrl

    def controls_width(self, seat: int) -> int:
        # With the count moved up to the name's row, the controls run under it: the panel's full width.
        if self.count_on_name_row(seat):
            return self.L.seats[seat].info.w
        return super().controls_width(seat)

    def name_reserve(self, seat: int) -> int:
        return round(self.match_unit(seat) * 1.5) + 4  # the icon starts 1.35 units left of the edge

    def pot_unit(self) -> int:
        """A pot token's size: sticks short enough to stay on the card, clear of the count beside it."""
        return round(self.centre_w * (0.5 if self.token_kind == STICK else 0.3))

    def pot_digits_spot(self) -> tuple[int, int]:
        """Where the pot's big count starts (its left middle)."""
        centre = self.centre_rect()
        return (centre.right + round(self.L.card_w * 0.25), centre.centery)

    def run_positions(self, seat: int, held: list[int]) -> list[tuple[int, int, bool]]:
        """(value, x offset in the stack area, counted?) per held card: runs left to right, lowest first."""
        mw = self.mini_w()
        stack_w = self.L.seats[seat].stack.w
        step = 0.62 if self.rules.edition == "numbered" else 0.42  # enough to read each card's index
        xs, x = [], 0.0
        for run in nt.runs(held):
            for i, v in enumerate(run.cards):
                xs.append((v, x, i == 0))
                x += mw * step
            x += mw * (1.0 - step) + mw * 0.2
        natural = x - mw * 0.2
        squeeze = 1.0 if natural <= stack_w or natural <= mw else (stack_w - mw) / (natural - mw)
        return [(v, round(px * squeeze), counted) for v, px, counted in xs]

    def anchor(self, a: Anchor) -> tuple[float, float]:
        kind = a[0]
        if kind == "centre":
            return self.centre_rect().center
        if kind == "deck":
            return self.deck_rect().center
        if kind == "pot":
            return self.pot_point()
        if kind == "matches":
            return self.matches_point(a[1])
        if kind == "seat_card":  # where a taken card will sit in its seat's runs
            seat, value, held = a[1], a[2], a[3]
            box = self.L.seats[seat]
            mw = self.mini_w()
            for v, x, _ in self.run_positions(seat, list(held)):
                if v == value:
                    return (box.stack.x + x + mw / 2, box.stack.y + card_height(mw) / 2)
            return box.stack.center
        return super().anchor(a)

    # -- events -> animations -----------------------------------------------------------------------
    def on_event(self, event: object, t_ns: int, state: nt.State) -> list[str]:
        """Start the animations for one engine or driver event; the sounds to play."""
        if isinstance(event, nt.MatchPaid):
            self.fly(
                Flyer(
                    Tween(t_ns, self.dur(260)),
                    ("matches", event.seat),
                    ("pot",),
                    ("token",),
                    hides=("pot",),
                    scale=(0.5, 1.0),
                )
            )
            return ["match"]
        if isinstance(event, nt.CardTaken):
            held = tuple(state.cards[event.seat])
            scale_to = self.mini_w() / self.centre_w
            self.fly(
                Flyer(
                    Tween(t_ns, self.dur(360)),
                    ("centre",),
                    ("seat_card", event.seat, event.card, held),
                    ("card", self.card_key(event.card)),
                    hides=("seat_card", event.seat, event.card),
                    scale=(1.0, scale_to),
                )
            )
            if event.matches:
                self.fly(
                    Flyer(
                        Tween(t_ns, self.dur(360)),
                        ("pot",),
                        ("matches", event.seat),
                        ("tokens",),
                        hides=("matches", event.seat),
                        count=event.matches,
                        scale=(1.0, 0.45),
                    )
                )
            return ["take"]
        if isinstance(event, nt.CardTurned):
            self.fly(
                Flyer(
                    Tween(t_ns + self.dur(140), self.dur(220)),
                    ("deck",),
                    ("centre",),
                    ("flip", self.card_key(event.card)),
                    hides=("centre",),
                    scale=(self.L.card_w / self.centre_w, 1.0),
                )
            )
            return ["flip"]
        if isinstance(event, nt.GameOver):
            names = ", ".join(self.names[s] for s in event.winners)
            text = (
                t("{names} wins!", names=names)
                if len(event.winners) == 1
                else t("{names} share the win!", names=names)
            )
            self.anim.effect("banner", t_ns + self.dur(300), 2500 * MS, text=text, scale=0.08)
            return ["game_over"]
        if isinstance(event, Ignored) and event.seat is not None and 0 <= event.seat < self.n:
            note = self.ignored_note(event)
            if note is not None:
                text, color = note
                self.anim.effect("note", t_ns, 900 * MS, seat=event.seat, text=text, color=color)
            return []
        return []

    @staticmethod
    def ignored_note(event: Ignored) -> tuple[str, colors.Color] | None:
        """What the seat is told about a press the match ignored, and in which colour (None: nothing,
        e.g. a press after the last card, while the winner's banner shows)."""
        why = ignored_why(event)
        if why == NO_MATCHES:  # their own turn: say why the pass did nothing, brightly
            return t("No matches left: you must take"), colors.TEXT
        if why == NOT_YOUR_TURN:
            return t("Not your turn"), colors.TEXT_DIM
        return None

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: nt.State, now: float, thinking: int | None = None) -> None:
        rects = self.draw_table(surface, state, now)
        if thinking is not None and not state.is_over:  # three dots breathing while a bot decides
            rect = rects[thinking]
            r = max(2, rect.h // 30)
            for i in range(3):
                a = 0.35 + 0.65 * (0.5 + 0.5 * math.sin(now / 1.6e8 - i * 0.9))
                c = colors.mix(colors.PANEL, colors.TEXT, a)
                pygame.draw.circle(surface, c, (rect.right - r * (9 - 3 * i), rect.bottom - r * 4), r)
        self.poll()
        self._draw_centre(surface, state, now)
        self.poll()
        for f in self.anim.flyers:
            self._draw_flyer(surface, f, now)
        self.poll()
        self.draw_notes(surface, now)

    def _shown_matches(self, state: nt.State, seat: int) -> int | None:
        """A seat's match count as the table shows it (None when hidden from the others)."""
        if self.rules.hidden_matches and not (seat == state.current_player and not state.is_over):
            return None
        return state.matches[seat]

    def prompt_text(self, state: nt.State) -> str:
        """Above the card: whose turn, and (for a human) which key takes and which pays."""
        seat = state.current_player
        name = self.names[seat]
        keys = self.keys_of(seat)
        # No matches: the only move is to take. Under hidden matches this gives nothing away: the table
        # shows the count of the seat whose turn it is (and only theirs) anyway.
        if not state.matches[seat]:
            if keys is None:
                return t("{name}: no matches left \u2014 must take it", name=name)
            return t("{name}: no matches left \u2014 take it ({key})", name=name, key=keys.first)
        if keys is None:
            return t("{name}: take it or pay a match?", name=name)
        return t(
            "{name}: take it ({take}) or pay a match ({pay})?", name=name, take=keys.first, pay=keys.second
        )

    def corner_text(self) -> str:
        return nt_text.summary(self.rules) + "\n" + t("\u2191 / \u2193: teaching aid")

    def seat_key(self, seat: int, state: nt.State, now: float) -> tuple:
        active = seat == state.current_player and not state.is_over
        held = tuple(
            sorted(v for v in state.cards[seat] if not self.anim.hidden(("seat_card", seat, v), now))
        )
        shown = self._shown_matches(state, seat)
        if shown is not None:
            shown -= self.anim.hidden(("matches", seat), now)
        score = nt.score(held, shown) if self.teaching_aid and shown is not None else None
        return (active, shown, held, score, self.controls[seat] if seat < len(self.controls) else "")

    def build_panel(self, seat: int, content: tuple) -> pygame.Surface:
        shown, held, _, _ = content
        return self._build_panel(seat, shown, list(held))

    def tag_size(self, seat: int) -> int:
        return max(10, round(self.text_unit(seat) * 0.12))

    def tag_height(self, seat: int) -> int:
        """The score tag's height (it sits centred on the panel's top edge)."""
        return self.texts.font(self.tag_size(seat), True).get_height() + 4

    def panel_extras(self, seat: int, content: tuple, image: pygame.Surface, rect: pygame.Rect) -> bool:
        score = content[2]
        if score is None:
            return False
        # Teaching aid: the running score on a tag at the panel's corner.
        img = self.texts.render(t("score {n}", n=_signed(score)), self.tag_size(seat), colors.INK, bold=True)
        tag = img.get_rect(midright=(rect.right - rect.h // 10, rect.top)).inflate(12, 4)
        pygame.draw.rect(image, colors.GOLD, tag, border_radius=tag.h // 2)
        image.blit(img, img.get_rect(center=tag.center))
        return True

    def _build_panel(self, seat: int, shown: int | None, held: list[int]) -> pygame.Surface:
        box = self.L.seats[seat]
        surf, _ = self.panel_base(seat)
        ox, oy = box.rect.topleft
        # Matches: a few sticks (or chips) and the count in large digits.
        mx, my = self.matches_point(seat)
        s = self.match_unit(seat)
        unit = s * 0.55
        icon = self.tokens.sprite(
            self.token_kind, round(unit if self.token_kind == STICK else unit * 0.6), 30
        )
        surf.blit(icon, icon.get_rect(center=(round(mx - ox - unit * 0.35), round(my - oy))))
        digits = "?" if shown is None else str(shown)
        img = self.texts.render(digits, max(12, round(s * 0.5)), colors.TEXT, bold=True)
        surf.blit(img, img.get_rect(midleft=(round(mx - ox + unit * 0.2), round(my - oy))))
        # Cards in runs; the counted (lowest) card of each run outlined in gold, the others dimmed.
        mw = self.mini_w()
        mh = card_height(mw)
        sy = box.stack.y - oy + (box.stack.h - mh) // 2
        for value, x, counted in self.run_positions(seat, held):
            img = self.art.surface(self.card_key(value, mini=True), mw)
            card = pygame.Rect(box.stack.x - ox + x, sy, mw, mh)
            surf.blit(img, card)
            if counted:  # the next card of the run covers the rest of the frame: only the strip shows
                pygame.draw.rect(
                    surf,
                    colors.GOLD,
                    card.inflate(2, 2),
                    width=max(2, mw // 22),
                    border_radius=max(3, mw // 14),
                )
            else:
                hud.shade(surf, card, 60, (0, 0, 0), radius=max(2, mw // 16))
        if not held:
            img = self.texts.render(
                t("no cards"), max(9, round(self.text_unit(seat) * 0.11)), colors.TEXT_DIM
            )
            surf.blit(img, img.get_rect(midleft=(box.stack.x - ox, box.stack.centery - oy)))
        return surf

    def _draw_centre(self, surface: pygame.Surface, state: nt.State, now: float) -> None:
        L = self.L
        deck = self.deck_rect()
        for i in range(min(state.cards_left, 6)):  # a stack with some thickness
            img = self.art.back(L.card_w)
            surface.blit(img, deck.move(-i * 2, -i * 2))
        centre = self.centre_rect()
        if state.card is not None and not self.anim.hidden(("centre",), now):
            img = self.art.surface(self.card_key(state.card), self.centre_w)
            hud.shade(surface, centre.move(4, 6), 80, (0, 0, 0), radius=max(4, centre.w // 16))
            surface.blit(img, centre)
        pot = state.pot - self.anim.hidden(("pot",), now)
        if pot > 0:
            self.tokens.draw_pile(
                surface, self.pot_point(), pot, self.pot_unit(), self.token_kind, seed=self.seed
            )
        digits = self.texts.outlined(str(max(0, state.pot)), round(L.card_h * 0.36), colors.TEXT)
        spot = self.pot_digits_spot()
        surface.blit(digits, digits.get_rect(midleft=spot))
        word = self.texts.render(t("on the card"), self.small_size(), colors.TEXT_DIM)
        surface.blit(word, word.get_rect(topleft=(spot[0], spot[1] + digits.get_height() // 2)))
        texts = self.centre_texts(state, now)
        for _, img, rect in texts:
            surface.blit(img, rect)
        self._centre_drawn = [rect for _, _, rect in texts]

    def keep_clear(self) -> list[pygame.Rect]:
        """The stack, the card and the words round them as last drawn: seats' notes stay off them."""
        return [self.deck_rect(), self.centre_rect(), *self._centre_drawn]

    def small_size(self) -> int:
        """The centre's small print ("34 left", the prompt before it has to shrink)."""
        return max(12, round(self.L.card_h * 0.12))

    def centre_texts(self, state: nt.State, now: float) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
        """The centre's words as they are drawn, each with its image and screen rect: "left" (the "N left"
        under the stack), "prompt" (above the card, while the game runs) and "aid" (the teaching aid's
        sum under the card)."""
        small = self.small_size()
        label = self.texts.outlined(t("{n} left", n=state.cards_left), small, colors.TEXT)
        label_rect = self.deck_label_rect(label.get_size())
        out = [("left", label, label_rect)]
        if state.is_over:
            return out
        prompt, at = self.prompt_image(self.prompt_text(state), small)
        out.append(("prompt", prompt, at))
        if (
            self.teaching_aid
            and self.rules.edition == "cards"
            and state.card is not None
            and not self.anim.hidden(("centre",), now)
        ):
            text = nt.value_explanation(self.rules, state.card)
            size, rect = self.aid_fit(text, round(small * 1.25), label_rect)
            out.append(("aid", self.texts.outlined(text, size, colors.GOLD), rect))
        return out

    # -- the centre's texts, clear of the seats and of each other -----------------------------------
    def _remember(self, key: tuple, value: Any) -> Any:
        """Cache a layout of the centre's texts (they change with the window, the text and the card)."""
        if len(self._fits) > 64:
            self._fits.clear()
        self._fits[key] = value
        return value

    def deck_label_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the stack's "N left" label (an image of `size`) goes: under the stack; if a seat is in
        the way there, moved sideways just clear of it (still short of the face-up card), else onto the
        stack's lower edge."""
        key = ("left", size, self.L.size, self._corner is not None)
        cached = self._fits.get(key)
        if cached is not None:
            return cached
        deck = self.deck_rect()
        centre = self.centre_rect()
        blocks = self.keep_out()
        under = pygame.Rect((0, 0), size).move(deck.centerx - size[0] // 2, deck.bottom + 6)
        spots = [under]
        for b in blocks:
            if b.colliderect(under):
                dx = b.right + 1 - under.left if b.centerx < deck.centerx else b.left - 1 - under.right
                spots.append(under.move(dx, 0))
        on = under.copy()
        on.bottom = deck.bottom - 4
        spots.append(on)
        window = pygame.Rect((0, 0), self.L.size)
        best = next(
            (r for r in spots if window.contains(r) and not r.colliderect(centre) and r.collidelist(blocks) < 0),
            under,
        )
        return self._remember(key, best)

    def keep_out(self) -> list[pygame.Rect]:
        """Where the centre's texts must not go: every seat's panel with its glow and its lift when on turn,
        the tag on its top edge, and the corner note once it has been placed."""
        out = []
        for box in self.L.seats:
            r = box.rect
            side = max(3, r.h // 14) + 2
            above = max(side + max(2, r.h // 22), round(r.h * TAG_ROOM) + 2)
            out.append(pygame.Rect(r.x - side, r.y - above, r.w + 2 * side, r.h + above + side))
        if self._corner is not None and self._corner[0][0] == self.L.size:
            out.append(self._corner[2])
        return out

    def _free_span(self, top: int, bottom: int, cx: int, blocks: list[pygame.Rect]) -> int:
        """How wide a text centred on x = `cx` may be in rows top..bottom without touching `blocks`."""
        half = min(cx, self.L.size[0] - cx) - 2
        for r in blocks:
            if r.bottom <= top or r.top >= bottom:
                continue
            if r.right <= cx:
                half = min(half, cx - r.right)
            elif r.left >= cx:
                half = min(half, r.left - cx)
            else:
                return 0  # something straddles the middle: no room at all in these rows
        return max(0, 2 * (half - 2))

    def prompt_fit(self, text: str, size: int) -> tuple[int, list[str], pygame.Rect]:
        """(size, lines, rect) of the prompt ending just above the face-up card, clear of every seat: the
        largest font (from `size` down to MIN_TEXT) at which it fits; at that size one line, else "Ada:"
        on a line of its own and the rest in even lines, else the whole text in even lines, each on as few
        lines as will do. A key label in brackets stays in one piece, and on the line of the word before
        it if that fits at this size. If nothing fits: the smallest size, as wide as the rows just above
        the card allow."""
        texts = (_keep_together(text, True), _keep_together(text, False))
        centre = self.centre_rect()
        bottom = centre.top - max(4, centre.h // 20)
        cx = centre.centerx
        blocks = self.keep_out()
        sizes = range(size, min(size, MIN_TEXT) - 1, -1)
        first: tuple[int, list[str], pygame.Rect] | None = None
        for s in sizes:
            font = self.texts.font(s, True)
            pad = 2 * max(1, s // 14)  # the outline
            lh = font.get_height() + pad
            rooms = [
                self._free_span(bottom - k * lh, bottom, cx, blocks) - pad if bottom >= k * lh else 0
                for k in range(MAX_PROMPT_LINES + 1)
            ]
            lines = _prompt_lines(texts[0], font, rooms) or _prompt_lines(texts[1], font, rooms)
            if lines:
                w = max(font.size(line)[0] for line in lines) + pad
                h = len(lines) * lh
                fit = (s, lines, pygame.Rect(cx - w // 2, bottom - h, w, h))
                first = first or fit
                # A prompt in a tall narrow column reads badly: a little smaller on fewer lines wins.
                if s < size * SHRINK_FOR_FEWER_LINES:
                    return first
                if len(lines) <= SHORT_PROMPT_LINES:
                    return fit
        if first is not None:
            return first
        s = sizes[-1]
        font = self.texts.font(s, True)
        pad = 2 * max(1, s // 14)
        lines = wrap(texts[1], font, max(80, self._free_span(bottom - font.get_height(), bottom, cx, blocks)))
        w = max(font.size(line)[0] for line in lines) + pad
        h = len(lines) * (font.get_height() + pad)
        return s, lines, pygame.Rect(cx - w // 2, max(0, bottom - h), w, h)

    def prompt_image(self, text: str, size: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The prompt drawn as `prompt_fit` lays it out (cached per text, size and window size)."""
        key = ("prompt", text, size, self.L.size, self._corner is not None)
        cached = self._fits.get(key)
        if cached is None:
            s, lines, rect = self.prompt_fit(text, size)
            imgs = [self.texts.outlined(line, s, colors.TEXT) for line in lines]
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            y = 0
            for line in imgs:
                img.blit(line, line.get_rect(midtop=(rect.w // 2, y)))
                y += line.get_height()
            cached = self._remember(key, (img, rect))
        return cached

    def aid_fit(self, text: str, size: int, label: pygame.Rect) -> tuple[int, pygame.Rect]:
        """(size, rect) of the teaching aid's sum under the face-up card, clear of the stack's "N left"
        `label` and of every seat: moved below the label when they would meet, made smaller when it would
        then touch a seat."""
        key = ("aid", text, size, tuple(label), self.L.size, self._corner is not None)
        cached = self._fits.get(key)
        if cached is not None:
            return cached
        centre = self.centre_rect()
        window = pygame.Rect((0, 0), self.L.size)
        blocks = self.keep_out()
        best: tuple[int, pygame.Rect] | None = None
        for s in range(size, min(size, MIN_TEXT) - 1, -1):
            font = self.texts.font(s, True)
            pad = 2 * max(1, s // 14)
            r = pygame.Rect(0, 0, font.size(text)[0] + pad, font.get_height() + pad)
            for y in (centre.bottom + max(4, centre.h // 20), label.bottom + 2):
                r.midtop = (centre.centerx, y)
                if window.contains(r) and not r.colliderect(label) and r.collidelist(blocks) < 0:
                    best = (s, r.copy())
                    break
            if best is not None:
                break
        if best is None:  # no clear spot: the smallest size, below the label
            best = (s, r.copy())
        return self._remember(key, best)

    def _draw_flyer(self, surface: pygame.Surface, f: Flyer, now: float) -> None:
        if not f.tween.started(now):
            return
        kind = f.art[0]
        if kind in ("card", "flip", "back"):
            self.draw_flying_card(surface, f, now, self.centre_w)
            return
        pos, _, scale, _ = self.flyer_pos(f, now)
        unit = round(self.pot_unit() * scale)
        if kind == "token":
            img = self.tokens.sprite(self.token_kind, unit, 20)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        elif kind == "tokens":
            self.tokens.draw_pile(surface, pos, f.count, unit, self.token_kind, seed=self.seed)


SHORT_PROMPT_LINES = 3  # more lines than this: try a slightly smaller font first
SHRINK_FOR_FEWER_LINES = 0.8  # ... down to this share of the normal size


def _prompt_lines(text: str, font: pygame.font.Font, rooms: list[int]) -> list[str] | None:
    """The prompt's lines at one size, `rooms[k]` being the width free for k lines (see `prompt_fit`)."""
    if font.size(text)[0] <= rooms[1]:
        return [text]
    head, sep, rest = text.partition(": ")
    if sep:
        for k in range(2, len(rooms)):
            tail = _balanced(rest, font, rooms[k], k - 1)
            if tail:
                return [head + sep.strip(), *tail]
    for k in range(2, len(rooms)):
        lines = _balanced(text, font, rooms[k], k)
        if lines:
            return lines
    return None


def _keep_together(text: str, glued: bool) -> str:
    """`text` with the spaces inside each bracketed key label made non-breaking, and if `glued` the space
    before it too: "take it (Num Enter)" never breaks inside the brackets (or before them)."""
    pattern = r" \([^()]*\)" if glued else r"\([^()]*\)"
    return re.sub(pattern, lambda m: m.group(0).replace(" ", "\u00a0"), text)


def _balanced(text: str, font: pygame.font.Font, width: int, k: int) -> list[str] | None:
    """`text` wrapped onto at most `k` lines no wider than `width`, as even in length as the words allow
    (None if it takes more lines)."""

    def lines_at(w: int) -> list[str] | None:
        lines = wrap(text, font, w)
        return lines if len(lines) <= k and all(font.size(line)[0] <= w for line in lines) else None

    if width <= 0 or lines_at(width) is None:
        return None
    lo, hi = 1, width  # the narrowest width that still takes at most k lines
    while lo < hi:
        mid = (lo + hi) // 2
        if lines_at(mid) is None:
            lo = mid + 1
        else:
            hi = mid
    return lines_at(lo)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"
