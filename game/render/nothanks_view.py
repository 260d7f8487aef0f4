"""No Thanks table: the face-up card and its matches, the stack, seats with runs; tweens from events."""

from __future__ import annotations

import math

import pygame

from game.engines import nothanks as nt
from game.i18n import t
from game.match.common import Ignored
from game.render import colors, hud
from game.render.anim import Anchor, Flyer
from game.render.card_art import RATIO, card_height
from game.render.table_view import MS, TableView
from game.render.tokens import CHIP, STICK
from game.render.tween import Tween

CENTRE_SCALE = 1.2  # the face-up card is a little larger than a pile card


class NothanksView(TableView):
    """View-model and drawing for one No Thanks table; `on_event` returns the sounds to play."""

    game = "nothanks"
    text_aspect = 1.9

    def __init__(self, rules: nt.Rules, names: list[str], controls: list[str], seed: int, **kw) -> None:
        super().__init__(names, controls, seed, **kw)
        self.rules = rules
        self.token_kind = STICK if rules.edition == "cards" else CHIP
        self.teaching_aid = True

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
        return (box.info.right - s * 0.9, box.info.centery + s * 0.12)

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
            self.anim.effect(
                "note", t_ns, 900 * MS, seat=event.seat, text=t("Not your turn"), color=colors.TEXT_DIM
            )
            return []
        return []

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
        if keys is None:
            return t("{name}: take it or pay a match?", name=name)
        return t(
            "{name}: take it ({take}) or pay a match ({pay})?", name=name, take=keys.first, pay=keys.second
        )

    def corner_text(self) -> str:
        return self.rules.summary() + "\n" + t("\u2191 / \u2193: teaching aid")

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

    def panel_extras(self, seat: int, content: tuple, image: pygame.Surface, rect: pygame.Rect) -> bool:
        score = content[2]
        if score is None:
            return False
        # Teaching aid: the running score on a tag at the panel's corner.
        img = self.texts.render(
            t("score {n}", n=_signed(score)),
            max(10, round(self.text_unit(seat) * 0.12)),
            colors.INK,
            bold=True,
        )
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
        left = state.cards_left
        for i in range(min(left, 6)):  # a stack with some thickness
            img = self.art.back(L.card_w)
            surface.blit(img, deck.move(-i * 2, -i * 2))
        small = max(12, round(L.card_h * 0.12))
        label = self.texts.outlined(t("{n} left", n=left), small, colors.TEXT)
        surface.blit(label, label.get_rect(midtop=(deck.centerx, deck.bottom + 6)))
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
        word = self.texts.render(t("on the card"), small, colors.TEXT_DIM)
        surface.blit(word, word.get_rect(topleft=(spot[0], spot[1] + digits.get_height() // 2)))
        if state.is_over:
            return
        prompt, at = self.centre_label(
            self.prompt_text(state), small, colors.TEXT, (centre.centerx, centre.top - 8)
        )
        surface.blit(prompt, at)
        if (
            self.teaching_aid
            and self.rules.edition == "cards"
            and state.card is not None
            and not self.anim.hidden(("centre",), now)
        ):
            text = nt.value_explanation(self.rules, state.card)
            img = self.texts.outlined(text, round(small * 1.25), colors.GOLD)
            surface.blit(img, img.get_rect(midtop=(centre.centerx, centre.bottom + 8)))

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


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"
