"""Ratscrew table: the fanned centre pile, burned cards, seats with their stacks; tweens from match events.

Each event handler `_on_<EventClass>` starts animations and returns the sounds to play. The view keeps
a mirror of the pile's faces (the engine's PileWon carries only a count) to sweep it to its winner.
"""

from __future__ import annotations

import math
import random

import pygame

from game import cards
from game.commands import PLAY
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.i18n import t
from game.render import colors, hud
from game.render.anim import Anchor, Flyer
from game.render.card_art import card_height
from game.render.fonts import wrap
from game.games.ratscrew.layout import LAYOUT
from game.render.table_view import MS, TableView
from game.render.tween import Tween, ease_out, lerp

FLIP_MS = 180  # a card from a stack to the pile; the face shows from the first frame
SWEEP_MS = 350
SLAP_HOLD_MS = 420  # a won pile stays put this long so everyone sees why (the framed cards), then sweeps
HAND_MS = 380
PHOTO_MS = 1500
MAX_BURN_SHOWN = 8
JITTER = 6  # degrees either way a pile card is turned by chance
BOTTOM_DY = 0.06  # of a card's height: how far the peeking bottom card sits below the top ones
BOTTOM_ANGLE = -14
BURN_DY = 0.14  # burned cards lie crosswise under the pile's right side, no lower than the bottom card
BURN_ROW_DY = 0.07
BURN_ANGLE = 78


SLAP_BANNER_SCALE = 0.065  # a slap's banner ("Sandwich!"): its text height as a share of the window's


class RatscrewView(TableView):
    """View-model and drawing for one Ratscrew table."""

    layout_hints = LAYOUT
    text_aspect = 1.6

    def __init__(self, rules: rs.Rules, names: list[str], controls: list[str], seed: int, **kw) -> None:
        super().__init__(names, controls, seed, **kw)
        self.rules = rules
        self.pile: list[str] = []  # mirror of the engine pile (faces), bottom first
        self.burned = 0
        self.pile_gen = 0  # counts piles won: the jitter of a new pile differs from the last one
        self._state: rs.State | None = None  # the state while an event is handled
        self._photo_areas: dict[tuple, pygame.Rect] = {}
        self._clear: tuple[tuple, list[pygame.Rect]] | None = None  # what the seats' notes keep off
        self.badges: dict[int, tuple[pygame.Rect, pygame.Rect]] = {}  # seat: (its count, its badge) in the panel

    def relayout(self, size: tuple[int, int]) -> None:
        super().relayout(size)
        # Draw every face now, not in the middle of a game (a new card would cost a frame its budget).
        for code in cards.full_deck():
            self.art.card(code, self.L.card_w)
        self.art.back(self.L.card_w)
        self.art.back(self.L.seat_card_w)

    # -- geometry -----------------------------------------------------------------------------------
    def jitter(self, index: int, gen: int | None = None) -> int:
        """A small fixed rotation (degrees) for card `index` of pile number `gen`, from the table's seed."""
        gen = self.pile_gen if gen is None else gen
        return random.Random(self.seed * 1_000_003 + gen * 7_919 + index).randint(-JITTER, JITTER)

    def slot(self, index: int, size: int, gen: int | None = None) -> tuple[float, float, int]:
        """(dx, dy, angle) of card `index` in a pile of `size`: the top three fanned, the bottom peeking."""
        cw, ch = self.L.card_w, self.L.card_h
        from_top = size - 1 - index
        if from_top <= 2:
            return ((0.3 - 0.3 * from_top) * cw, 0.0, self.jitter(index, gen))
        if index == 0:  # the bottom card, for top-bottom
            return (-0.95 * cw, BOTTOM_DY * ch, BOTTOM_ANGLE + self.jitter(index, gen) // 2)
        return (-0.6 * cw, 0.0, self.jitter(index, gen))  # the rest, under the third card

    def burn_slot(self, i: int, gen: int | None = None) -> tuple[float, float, int]:
        """(dx, dy, angle) of burned card `i`: crosswise, sticking out right of the pile (a second row of
        them a little higher), never below the pile's bottom card, so the prompt under the pile is clear."""
        cw, ch = self.L.card_w, self.L.card_h
        k = i % MAX_BURN_SHOWN
        return (
            0.55 * cw + (k % 4) * 0.06 * cw,
            (BURN_DY - (k // 4) * BURN_ROW_DY) * ch,
            BURN_ANGLE + self.jitter(1000 + i, gen),
        )

    def pile_floor(self) -> float:
        """How far below the pile's centre its lowest card can reach (the peeking bottom card, the top
        three, the burned cards), whatever their chance turns."""
        cw, ch = self.L.card_w, self.L.card_h

        def reach(dy: float, angle: int, jitter: int) -> float:
            return dy * ch + max(
                (abs(math.sin(math.radians(a))) * cw + abs(math.cos(math.radians(a))) * ch) / 2
                for a in range(angle - jitter, angle + jitter + 1)
            )

        return max(
            reach(0.0, 0, JITTER),
            reach(BOTTOM_DY, BOTTOM_ANGLE, JITTER // 2),
            reach(BURN_DY, BURN_ANGLE, JITTER),
        )

    def status_size(self) -> int:
        """The prompt's text size."""
        return max(12, round(self.L.card_h * 0.12))

    def status_top(self) -> int:
        """The top of the prompt under the pile: below the lowest card with a little felt between."""
        return round(self.L.centre[1] + self.pile_floor() + max(3, self.status_size() * 0.3))

    def anchor(self, a: Anchor) -> tuple[float, float]:
        cx, cy = self.L.centre
        if a[0] == "pile_slot":
            dx, dy, _ = self.slot(a[1], max(a[1] + 1, len(self.pile)))
            return (cx + dx, cy + dy)
        if a[0] == "burn_slot":
            dx, dy, _ = self.burn_slot(a[1])
            return (cx + dx, cy + dy)
        if a[0] == "pile":
            return (cx, cy)
        return super().anchor(a)

    # -- events -> animations -----------------------------------------------------------------------
    def sync(self, state: rs.State) -> None:
        """After a batch of events: the mirror must match the engine (it always does; this keeps it so)."""
        if self.pile != state.pile:
            self.pile = list(state.pile)
        self.burned = len(state.burned)

    def on_event(self, event: object, t_ns: int, state: rs.State) -> list[str]:
        """Start the animations for one engine or driver event; the sounds to play."""
        handler = getattr(self, "_on_" + type(event).__name__, None)
        if handler is None:
            return []
        self._state = state
        return handler(event, t_ns)

    def _on_Ignored(self, e, t_ns: int) -> list[str]:
        seat = e.seat
        if e.action != PLAY or seat is None or not 0 <= seat < self.n or not self._state.in_game(seat):
            return []
        keys = self.keys_of(seat)
        if self._state.hands[seat]:
            text = t("Not your turn")
        elif keys is None:
            text = t("No cards: slap to get back in!")
        else:
            text = t("No cards: slap ({key}) to get back in!", key=keys.second)
        self.anim.effect("note", t_ns, 900 * MS, seat=seat, text=text, color=colors.TEXT_DIM)
        return []

    def _on_CardPlayed(self, e: rs.CardPlayed, t_ns: int) -> list[str]:
        self.pile.append(e.card)
        index = len(self.pile) - 1
        self.fly(
            Flyer(
                Tween(t_ns, self.dur(FLIP_MS)),
                ("seat", e.seat),
                ("pile_slot", index),
                ("flip", ("card", e.card, False)),
                hides=("pile", index),
                scale=(self.L.seat_card_w / self.L.card_w, 1.0),
                angle=(0.0, float(self.jitter(index))),
            )
        )
        return ["flip"]

    def _on_SlapWon(self, e: rs.SlapWon, t_ns: int) -> list[str]:
        # Which pile cards made the rule (faces of live burned cards are not mirrored: only indexes matter).
        view = (["??"] * self.burned + self.pile) if self.rules.burned_live else self.pile
        offset = len(view) - len(self.pile)
        marked = (
            tuple(i - offset for i in rs.slap_cards(view, e.rule) if i >= offset) if len(view) >= 2 else ()
        )
        self.anim.effect("hand", t_ns, HAND_MS * MS, seat=e.seat)
        if not self.reduced_motion:
            self.anim.effect("flash", t_ns + 60 * MS, 120 * MS)
        self.anim.effect(
            "banner",
            t_ns,
            1000 * MS,
            text=t("{rule}!", rule=rs_text.slap_label(e.rule)),
            color=colors.banner_color(e.seat),
            at=self.slap_banner_at(),
            scale=SLAP_BANNER_SCALE,
            plate=True,  # on a dark plate: every seat colour reads on the felt
        )
        self.anim.effect("marked", t_ns, (SLAP_HOLD_MS + 120) * MS, cards=marked)
        return ["slap_win"]

    def _on_PileWon(self, e: rs.PileWon, t_ns: int) -> list[str]:
        snapshot = (tuple(self.pile), self.burned, self.pile_gen)
        hold = self.dur(SLAP_HOLD_MS) if e.by == "slap" else 0
        self.anim.flyers = [f for f in self.anim.flyers if not (f.hides and f.hides[0] in ("pile", "burn"))]
        self.anim.fly(
            Flyer(
                Tween(t_ns + hold, max(1, self.dur(SWEEP_MS))),
                ("pile",),
                ("seat", e.seat),
                ("sweep", snapshot),
                scale=(1.0, self.L.seat_card_w / self.L.card_w),
            )
        )
        self.pile = []
        self.burned = 0
        self.pile_gen += 1
        if e.by == "claim":
            self.anim.effect(
                "note", t_ns, 900 * MS, seat=e.seat, text=t("Claimed {n}!", n=e.cards), color=colors.GOLD
            )
        return ["pile_won"]

    def _on_WrongSlap(self, e: rs.WrongSlap, t_ns: int) -> list[str]:
        if not self.reduced_motion:
            self.anim.effect("shake", t_ns, 380 * MS, seat=e.seat)
        for k in range(e.burned):
            i = self.burned + k
            self.fly(
                Flyer(
                    Tween(t_ns + k * 50 * MS, self.dur(260)),
                    ("seat", e.seat),
                    ("burn_slot", i),
                    ("back",),
                    hides=("burn", i),
                    scale=(self.L.seat_card_w / self.L.card_w, 1.0),
                    angle=(0.0, float(self.burn_slot(i)[2])),
                )
            )
        self.burned += e.burned
        text = t("Wrong slap! Burns {n}", n=e.burned) if e.burned else t("Wrong slap!")
        self.anim.effect("note", t_ns, 1100 * MS, seat=e.seat, text=text, color=colors.WARN)
        self.anim.effect("hand", t_ns, HAND_MS * MS, seat=e.seat)
        return ["slap", "wrong"]

    def _on_ChallengeStarted(self, e: rs.ChallengeStarted, t_ns: int) -> list[str]:
        self.anim.effect("note", t_ns, 900 * MS, seat=e.seat, text=t("Owes {n}", n=e.owed), color=colors.GOLD)
        return []

    _on_ChallengePassed = _on_ChallengeStarted
    _on_PaymentPassed = _on_ChallengeStarted

    def _on_PileAwaitingClaim(self, e: rs.PileAwaitingClaim, t_ns: int) -> list[str]:
        self.anim.effect(
            "note",
            t_ns,
            900 * MS,
            seat=e.challenger,
            text=t("{name} wins the challenge!", name=self.names[e.challenger]),
            color=colors.GOLD,
        )
        return []

    def _on_RanOut(self, e: rs.RanOut, t_ns: int) -> list[str]:
        keys = self.keys_of(e.seat)
        text = (
            t("Out of cards: slap to stay in!")
            if keys is None
            else t("Out of cards: slap ({key}) to stay in!", key=keys.second)
        )
        self.anim.effect("note", t_ns, 1200 * MS, seat=e.seat, text=text, color=colors.TEXT)
        return []

    def _on_PlayerOut(self, e: rs.PlayerOut, t_ns: int) -> list[str]:
        self.anim.effect("note", t_ns, 1400 * MS, seat=e.seat, text=t("Out!"), color=colors.WARN)
        return []

    def _on_PlayerBackIn(self, e: rs.PlayerBackIn, t_ns: int) -> list[str]:
        self.anim.effect("note", t_ns, 1200 * MS, seat=e.seat, text=t("Back in!"), color=colors.GOLD)
        return []

    def _on_GameOver(self, e: rs.GameOver, t_ns: int) -> list[str]:
        if e.reason == "limit":  # the card limit: most cards in hand wins
            text = (
                t("Card limit reached: a draw!")
                if e.winner is None
                else t("Card limit reached: {name} wins!", name=self.names[e.winner])
            )
        elif e.winner is None:
            text = t("A draw!")
        else:
            text = t("{name} wins!", name=self.names[e.winner])
        self.anim.effect("banner", t_ns + 400 * MS, 2500 * MS, text=text, scale=0.09)
        return ["game_over"]

    def _on_TooLate(self, e, t_ns: int) -> list[str]:
        self.anim.effect(
            "note",
            t_ns,
            1100 * MS,
            seat=e.seat,
            text=t("Too late by {ms} ms", ms=round(e.after_ms)),
            color=colors.TEXT_DIM,
        )
        return []

    def _on_Tie(self, e, t_ns: int) -> list[str]:
        names = " & ".join(self.names[s] for s in e.seats)
        self.anim.effect(
            "banner",
            t_ns + 200 * MS,
            1400 * MS,
            text=t("Tie: {names}!", names=names),
            scale=0.05,
            color=colors.TEXT,
            at=(self.L.centre[0], self.L.centre[1] + self.L.card_h),
        )
        return []

    def _on_PhotoFinish(self, e, t_ns: int) -> list[str]:
        self.anim.clear(("photo",))
        lines = e.lines(lambda seat: self.names[seat])
        self.anim.effect(
            "photo", t_ns, PHOTO_MS * MS, lines=tuple(lines), seats=tuple(x[0] for x in e.entries)
        )
        return []

    # -- drawing ------------------------------------------------------------------------------------
    def draw(
        self, surface: pygame.Surface, state: rs.State, now: float, claim_left: float | None = None
    ) -> None:
        """The whole table at `now`; `claim_left` is the claim window's remaining share (1..0) if open."""
        self.draw_table(surface, state, now)
        self.poll()
        under = [f for f in self.anim.flyers if f.hides and f.hides[0] == "burn"]
        for f in under:  # burned cards slide in under the pile
            self.draw_flying_card(surface, f, now, self.L.card_w)
        self._draw_pile(surface, state, now)
        self._draw_pile_count(surface, state)
        self.poll()
        for f in self.anim.flyers:
            if f.art[0] == "sweep":
                self._draw_sweep(surface, f, now)
            elif f not in under:
                self.draw_flying_card(surface, f, now, self.L.card_w)
        self.poll()
        self._draw_slaps(surface, now)
        self.poll()
        self._draw_status(surface, state, claim_left)
        self.poll()
        self.draw_notes(surface, now)
        self._draw_photo(surface, now)

    def corner_text(self) -> str:
        return rs_text.summary(self.rules)

    def seat_key(self, seat: int, state: rs.State, now: float) -> tuple:
        count = len(state.hands[seat])
        out = not state.in_game(seat)
        active = seat == state.current_player and not state.is_over and not out
        owed = state.owed if active and state.owed else 0
        claim = state.awaiting_claim and seat == state.challenger
        keys = self.keys_of(seat)
        return (
            active,
            count,
            out,
            owed,
            claim,
            self.controls[seat] if seat < len(self.controls) else "",
            keys,
        )

    def build_panel(self, seat: int, content: tuple) -> pygame.Surface:
        count, out, owed, claim, _, _ = content
        return self._build_panel(seat, count, out, owed, claim)

    def panel_hint(self, seat: int, count: int, out: bool) -> str:
        """A human seat that ran out of cards (but is still in) is told which key gets it back in."""
        keys = self.keys_of(seat)
        if count or out or keys is None:
            return ""
        return t("slap ({key}) to get back in", key=keys.second)

    def _build_panel(self, seat: int, count: int, out: bool, owed: int, claim: bool) -> pygame.Surface:
        box = self.L.seats[seat]
        ox, oy = box.rect.topleft
        surf, y = self.panel_base(seat)
        stack = box.stack.move(-ox, -oy)
        sw = self.L.seat_card_w
        back = self.art.back(sw)
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
        u = self.text_unit(seat)
        keys = self.keys_of(seat)
        small = max(9, round(u * 0.11))
        hint = self.panel_hint(seat, count, out)
        if hint:
            for line in wrap(hint, self.texts.font(small, True), info.w):
                img = self.texts.fit(line, info.w, small, colors.GOLD, bold=True)
                surf.blit(img, (info.x, y + 2))
                y += img.get_height()
        badge_text, badge_color = "", colors.GOLD
        if out:
            badge_text, badge_color = t("out"), colors.WARN
        elif claim:
            badge_text = t("claims the pile") if keys is None else t("{key} to claim", key=keys.first)
        elif owed:
            badge_text = t("owes {n}", n=owed)
        tag = img = None
        if badge_text:
            img = self.texts.fit(badge_text, info.w - 8, max(9, round(u * 0.12)), colors.INK, bold=True)
            tag = img.get_rect(bottomleft=(info.x, box.rect.h - max(4, box.rect.h // 14))).inflate(10, 4)
            tag.left = info.x
        if not hint:
            # "12 cards" under the name; with a badge in a small panel: the badge beside "12 cards", else
            # beside "12" (the word left out), else the count in a smaller font above the badge.
            word_px = small
            for big in range(max(14, round(u * 0.26)), 8, -1):
                digits = self.texts.render(str(count), big, colors.TEXT, bold=True)
                digits_rect = digits.get_rect(topleft=(info.x, y))
                word = self.texts.render(t("cards"), min(word_px, big), colors.TEXT_DIM)
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
            surf.blit(digits, digits_rect)
            if word is not None:
                surf.blit(word, word_at)
            if tag is not None:
                self.badges[seat] = (count_row, tag)
        if tag is not None:
            pygame.draw.rect(surf, badge_color, tag, border_radius=tag.h // 2)
            surf.blit(img, img.get_rect(center=tag.center))
        if tag is None or hint:
            self.badges.pop(seat, None)
        if out:
            hud.shade(surf, surf.get_rect(), 110, (0, 0, 0), radius=max(6, box.rect.h // 8))
        return surf

    def _draw_pile_cards(
        self,
        surface: pygame.Surface,
        pile: tuple[str, ...] | list[str],
        burned: int,
        centre: tuple[float, float],
        now: float,
        scale: float = 1.0,
        hide: bool = True,
        gen: int | None = None,
    ) -> None:
        """Burned backs sticking out, the bottom card peeking, the top three fanned."""
        cx, cy = centre
        w = max(12, round(self.L.card_w * scale))
        for i in range(min(burned, MAX_BURN_SHOWN)):
            if hide and self.anim.hidden(("burn", i), now):
                continue
            dx, dy, angle = self.burn_slot(i, gen)
            img = self.card_image(("back",), self.L.card_w, angle, scale)
            surface.blit(img, img.get_rect(center=(round(cx + dx * scale), round(cy + dy * scale))))
        n = len(pile)
        shown = sorted({0, *range(max(0, n - 3), n)}) if n else []  # the bottom card and the top three
        marked: tuple[int, ...] = ()
        if not hide:  # a won pile, held still: the cards that made the slap are framed
            for e in self.anim.active_effects("marked", now):
                marked = e.data["cards"]
        for i in shown:
            if hide and self.anim.hidden(("pile", i), now):
                continue
            dx, dy, angle = self.slot(i, n, gen)
            img = self.card_image(("card", pile[i], False), self.L.card_w, angle, scale)
            rect = img.get_rect(center=(round(cx + dx * scale), round(cy + dy * scale)))
            surface.blit(img, rect)
            if i in marked:
                pygame.draw.rect(
                    surface,
                    colors.GOLD,
                    rect.inflate(-rect.w // 8, -rect.h // 10),
                    width=max(2, w // 30),
                    border_radius=w // 12,
                )

    def _draw_pile(self, surface: pygame.Surface, state: rs.State, now: float) -> None:
        L = self.L
        if not state.pile and not state.burned:
            ring = pygame.Rect(0, 0, L.card_w, L.card_h)
            ring.center = L.centre
            pygame.draw.rect(
                surface,
                colors.mix(colors.FELT, colors.TEXT, 0.25),
                ring,
                width=2,
                border_radius=max(3, L.card_w // 16),
            )
            return
        self._draw_pile_cards(surface, state.pile, len(state.burned), L.centre, now)

    def _draw_sweep(self, surface: pygame.Surface, f: Flyer, now: float) -> None:
        pile, burned, gen = f.art[1]
        raw = f.tween.raw(now)
        p = ease_out(raw) if f.tween.started(now) else 0.0
        a, b = self.anchor(f.src), self.anchor(f.dst)
        pos = (lerp(a[0], b[0], p), lerp(a[1], b[1], p))
        scale = lerp(f.scale[0], f.scale[1], p)
        self._draw_pile_cards(surface, pile, burned, pos, now, scale=scale, hide=False, gen=gen)

    def _draw_slaps(self, surface: pygame.Surface, now: float) -> None:
        L = self.L
        for e in self.anim.effects:
            if not e.tween.started(now):
                continue
            if e.kind == "flash":
                glow = hud.glow(round(L.card_w * 3.2), round(L.card_h * 1.9))
                hud.blit_alpha(surface, glow, glow.get_rect(center=L.centre), 1.0 - e.tween.raw(now))
            elif e.kind == "hand":
                seat = e.data["seat"]
                elapsed = (now - e.tween.start_ns) / MS
                land = 1.0 if self.reduced_motion else min(1.0, elapsed / 60)
                fade = 1.0 - max(0.0, (e.tween.raw(now) - 0.55) / 0.45)
                sx, sy = self.anchor(("seat", seat))
                cx, cy = L.centre
                start = (lerp(sx, cx, 0.55), lerp(sy, cy, 0.55))
                x, y = lerp(start[0], cx, ease_out(land)), lerp(start[1], cy, ease_out(land))
                angle = round(math.degrees(math.atan2(sx - cx, sy - cy)) / 10) * 10
                img = hud.hand(round(L.card_w * 0.95), colors.seat_color(seat), angle)
                hud.blit_alpha(surface, img, img.get_rect(center=(round(x), round(y))), fade * 0.85)

    def claim_text(self, seat: int) -> str:
        """The line under the pile while `seat`'s won challenge waits for its claim."""
        name = self.names[seat]
        keys = self.keys_of(seat)
        if keys is None:
            return t("{name} wins the pile unless someone slaps", name=name)
        return t("{name}: press {key} to claim (or wait)", name=name, key=keys.first)

    def status_text(self, state: rs.State) -> str:
        """The line under the pile: who must press which key now, the owed count, or the pending claim."""
        if state.is_over:
            return ""
        if state.awaiting_claim and state.challenger is not None:
            return self.claim_text(state.challenger)
        seat = state.current_player
        if seat is None or not state.in_game(seat):
            return ""
        name = self.names[seat]
        keys = self.keys_of(seat)
        if state.owed and state.challenger is not None:
            if keys is None:
                return t("{name} owes {n}", name=name, n=state.owed)
            return t("{name} owes {n}: press {key}", name=name, n=state.owed, key=keys.first)
        if keys is None:
            return ""
        return t("{name}: press {key} to play", name=name, key=keys.first)

    def _draw_status(self, surface: pygame.Surface, state: rs.State, claim_left: float | None) -> None:
        """Under the pile: whose turn and which key, the owed count, or the claim window's countdown."""
        L = self.L
        small = self.status_size()
        top = self.status_top()
        text = self.status_text(state)
        bar_y = top + small * 0.5
        if text:
            urgent = state.awaiting_claim or state.owed
            color = colors.GOLD if urgent else colors.TEXT
            img, at = self.centre_label(text, small, color, (L.centre[0], top), below=True)
            surface.blit(img, at)
            bar_y = at.bottom + small * 0.5
        if state.awaiting_claim and state.challenger is not None and claim_left is not None:
            hud.bar(surface, self.claim_bar(bar_y), claim_left, colors.seat_color(state.challenger))

    def claim_bar(self, y: float) -> pygame.Rect:
        """The claim countdown bar, centred on row `y`."""
        bar = pygame.Rect(0, 0, round(self.L.card_w * 2.2), max(6, self.status_size() // 2))
        bar.center = (self.L.centre[0], round(y))
        return bar

    def slap_banner_at(self) -> tuple[float, float]:
        return (self.L.centre[0], self.L.centre[1] - self.L.card_h * 0.72)

    def keep_clear(self) -> list[pygame.Rect]:
        """The pile and the prompt under it (as tall as the longest claim prompt and its countdown bar):
        the seats' notes stay off them when there is room."""
        key = (self.L.size, tuple(self.names), tuple(self.keys), frozenset(self.bots))
        if self._clear is None or self._clear[0] != key:
            font = self.texts.font(self.status_size(), True)
            text = max((self.claim_text(s) for s in range(self.n)), key=lambda x: font.size(x)[0])
            _, at = self.centre_label(
                text, self.status_size(), colors.GOLD, (self.L.centre[0], self.status_top()), True
            )
            zone = at.union(self.claim_bar(at.bottom + self.status_size() * 0.5))
            self._clear = (key, [self.L.pile.copy(), zone])
        return self._clear[1]

    def _draw_pile_count(self, surface: pygame.Surface, state: rs.State) -> None:
        """Small print above the pile: how many cards it holds (under cards flying over it)."""
        if not state.pile:
            return
        L = self.L
        small = self.status_size()
        img = self.texts.render(
            t("{n} in the pile", n=len(state.pile)), max(10, small * 3 // 4), colors.TEXT_DIM
        )
        surface.blit(img, img.get_rect(center=(L.centre[0], round(L.centre[1] - L.card_h * 0.68))))

    def photo_area(self, need_w: int, need_h: int) -> pygame.Rect:
        """The widest free stretch of felt, `need_h` tall, beside the pile (or under it) for the photo
        finish: it never covers the pile or a seat, and keeps clear of the seats' rising notes too
        when there is room for that."""
        L = self.L
        key = (L.size, need_w, need_h)
        if key in self._photo_areas:
            return self._photo_areas[key]
        best = pygame.Rect(0, 0, 0, 0)
        for blocked in (
            [s.rect.union(self.note_zone(s.seat)).inflate(12, 8) for s in L.seats],
            [s.rect.inflate(12, 8) for s in L.seats],
        ):
            best = self._widest_free(blocked, need_h)
            if best.w >= need_w:
                break
        self._photo_areas[key] = best
        return best

    def _widest_free(self, blocked: list[pygame.Rect], need_h: int) -> pygame.Rect:
        L = self.L
        cx, cy = L.centre
        cw, ch = L.card_w, L.card_h
        w, h = L.size

        def widest(x0: int, x1: int, grow_right: bool, y0: int) -> pygame.Rect:
            area = pygame.Rect(x0, y0, max(0, x1 - x0), need_h)
            for r in blocked:
                if r.colliderect(area):
                    if grow_right:
                        area.width = max(0, r.left - area.left)
                    else:
                        area.width = max(0, area.right - r.right)
                        area.left = r.right
            return area

        ys = range(round(cy - ch * 0.75), max(round(cy - ch * 0.75), round(cy + ch * 0.75) - need_h) + 1, 6)
        candidates = [widest(round(cx + cw * 1.55), w, True, y) for y in ys]
        candidates += [widest(0, round(cx - cw * 1.6), False, y) for y in ys]
        top = self.status_top() + self.status_size() * 2  # under the status line
        candidates.append(
            widest(cx - w // 5, cx + w // 5, True, top) if top + need_h <= h else pygame.Rect(0, 0, 0, 0)
        )
        return max(candidates, key=lambda r: (min(r.w, w // 3), -abs(r.centery - cy)))

    def _draw_photo(self, surface: pygame.Surface, now: float) -> None:
        """The photo finish: the hands in order, by how many ms (the winner and the next two at most)."""
        for e in self.anim.active_effects("photo", now):
            size = max(10, round(self.L.size[1] * 0.02))
            lines = [t("Photo finish")] + list(e.data["lines"])
            seats = [None] + list(e.data["seats"])
            if len(lines) > 4:
                lines = lines[:3] + [t("+{n} more", n=len(lines) - 3)]
            row_h = self.texts.font(size).get_linesize()
            need_w = max(self.texts.font(size, True).size(line)[0] for line in lines) + size * 2
            area = self.photo_area(need_w, row_h * len(lines) + size)
            rows = []
            for i, line in enumerate(lines):
                seat = seats[i] if i < len(seats) and not line.startswith("+") else None
                color = (
                    colors.GOLD if i == 0 else colors.TEXT_DIM if seat is None else colors.banner_color(seat)
                )
                # Never cut: the times are the point. Where the felt is narrower, the box is wider than it.
                rows.append(self.texts.fit(line, max(40, area.w - size * 2, need_w - size * 2), size, color,
                                           bold=i <= 1))
            box = pygame.Rect(0, 0, max(r.get_width() for r in rows) + size * 2, row_h * len(rows) + size)
            box.center = area.center
            if area.left > self.L.centre[0]:  # beside the pile: keep close to it
                box.left = min(box.left, area.left + size)
            elif area.right < self.L.centre[0]:
                box.right = max(box.right, area.right - size)
            box.clamp_ip(pygame.Rect((0, 0), self.L.size))
            fade = min(1.0, (1.0 - e.tween.raw(now)) * 6)
            hud.shade(surface, box, round(215 * fade), (8, 12, 10), radius=size // 2)
            y = box.y + size // 2
            for r in rows:
                hud.blit_alpha(surface, r, (box.x + size, y), fade)
                y += row_h
