"""Painting Ratscrew's table: the fanned pile with its peeking bottom card and burned backs, a won pile
held still with its framed cards and swept away, the slap's hand and flash, the prompt under the pile
with the claim countdown, and the photo finish. Each function draws what the state, the view-model and
the time say, and changes none of them."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from game.games.ratscrew import engine as rs
from game.games.ratscrew.geometry import MAX_BURN_SHOWN, RatscrewGeometry
from game.games.ratscrew.view_model import Flash, Framed, PhotoFinish, RatscrewModel, SlapHand, Sweep
from game.i18n import t
from game.render import colors, hud
from game.render.effects import Anchor, Flyer
from game.render.fonts import TextCache
from game.render.layout import TableLayout
from game.render.room import stretch
from game.render.tween import ease_out, lerp
from game.render.view_model import MS


class Table(Protocol):
    """What the painting reads of its table view (game.games.ratscrew.view.RatscrewView)."""

    L: TableLayout
    geo: RatscrewGeometry
    model: RatscrewModel
    texts: TextCache

    def card_image(
        self, key: tuple, width: int, angle: float = 0.0, scale: float = 1.0, squash: float = 1.0
    ) -> pygame.Surface: ...

    def anchor(self, a: Anchor, pile_size: int = 0) -> tuple[float, float]: ...

    def card_scale(self, a: Anchor) -> float: ...

    def centre_label(
        self, text: str, size: int, color: colors.Color, pos: tuple[int, int], below: bool = False
    ) -> tuple[pygame.Surface, pygame.Rect]: ...

    def photo_area(self, need_w: int, need_h: int) -> pygame.Rect: ...


def pile_cards(
    v: Table,
    surface: pygame.Surface,
    pile: tuple[str, ...] | list[str],
    burned: int,
    centre: tuple[float, float],
    now: float,
    scale: float = 1.0,
    hide: bool = True,
    gen: int | None = None,
) -> None:
    """Burned backs sticking out, the bottom card peeking, the top three fanned; with `hide`, leaving out
    the cards still in the air. Pile number `gen` (the current one if None) turns them."""
    gen = v.model.pile_gen if gen is None else gen
    cx, cy = centre
    w = max(12, round(v.L.card_w * scale))
    for i in range(min(burned, MAX_BURN_SHOWN)):
        if hide and v.model.anim.hidden(("burn", i), now):
            continue
        dx, dy, angle = v.geo.burn_slot(i, gen)
        img = v.card_image(("back",), v.L.card_w, angle, scale)
        surface.blit(img, img.get_rect(center=(round(cx + dx * scale), round(cy + dy * scale))))
    n = len(pile)
    shown = sorted({0, *range(max(0, n - 3), n)}) if n else []  # the bottom card and the top three
    framed: tuple[str, ...] = ()
    if not hide:  # a won pile, held still: the cards that made the slap are framed
        for e in v.model.anim.active(Framed, now):
            framed = e.cards
    for i in shown:
        if hide and v.model.anim.hidden(("pile", i), now):
            continue
        dx, dy, angle = v.geo.slot(i, n, gen)
        img = v.card_image(("card", pile[i], False), v.L.card_w, angle, scale)
        rect = img.get_rect(center=(round(cx + dx * scale), round(cy + dy * scale)))
        surface.blit(img, rect)
        if pile[i] in framed:
            pygame.draw.rect(
                surface,
                colors.GOLD,
                rect.inflate(-rect.w // 8, -rect.h // 10),
                width=max(2, w // 30),
                border_radius=w // 12,
            )


def pile(v: Table, surface: pygame.Surface, state: rs.State, now: float) -> None:
    """The pile as it lies (an empty pile: its place outlined)."""
    L = v.L
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
    pile_cards(v, surface, state.pile, len(state.burned), L.centre, now)


def sweep(v: Table, surface: pygame.Surface, f: Flyer, now: float) -> None:
    """A won pile on its way to its winner (held still first, its framed cards showing)."""
    art: Sweep = f.art  # type: ignore[assignment]
    raw = f.tween.raw(now)
    p = ease_out(raw) if f.tween.started(now) else 0.0
    a, b = v.anchor(f.src), v.anchor(f.dst)
    pos = (lerp(a[0], b[0], p), lerp(a[1], b[1], p))
    grow = f.scale if f.scale is not None else (v.card_scale(f.src), v.card_scale(f.dst))
    scale = lerp(grow[0], grow[1], p)
    pile_cards(v, surface, art.pile, art.burned, pos, now, scale=scale, hide=False, gen=art.gen)


def slaps(v: Table, surface: pygame.Surface, now: float) -> None:
    """The slap's flash over the pile and the hands landing on it."""
    L = v.L
    for e in v.model.anim.effects:
        if not e.tween.started(now):
            continue
        if isinstance(e, Flash):
            glow = hud.glow(round(L.card_w * 3.2), round(L.card_h * 1.9))
            hud.blit_alpha(surface, glow, glow.get_rect(center=L.centre), 1.0 - e.tween.raw(now))
        elif isinstance(e, SlapHand):
            elapsed = (now - e.tween.start_ns) / MS
            land = 1.0 if v.model.reduced_motion else min(1.0, elapsed / 60)
            fade = 1.0 - max(0.0, (e.tween.raw(now) - 0.55) / 0.45)
            sx, sy = v.anchor(("seat", e.seat))
            cx, cy = L.centre
            start = (lerp(sx, cx, 0.55), lerp(sy, cy, 0.55))
            x, y = lerp(start[0], cx, ease_out(land)), lerp(start[1], cy, ease_out(land))
            angle = round(math.degrees(math.atan2(sx - cx, sy - cy)) / 10) * 10
            img = hud.hand(round(L.card_w * 0.95), colors.seat_color(e.seat), angle)
            hud.blit_alpha(surface, img, img.get_rect(center=(round(x), round(y))), fade * 0.85)


def status(v: Table, surface: pygame.Surface, state: rs.State, claim_left: float | None) -> None:
    """Under the pile: whose turn and which key, the owed count, or the claim window's countdown."""
    geo = v.geo
    small = geo.status_size
    text = v.model.status_text(state)
    bar_y = geo.status_top + small * 0.5
    if text:
        urgent = state.awaiting_claim or state.owed
        color = colors.GOLD if urgent else colors.TEXT
        img, at = v.centre_label(text, small, color, (v.L.centre[0], geo.status_top), below=True)
        surface.blit(img, at)
        bar_y = at.bottom + small * 0.5
    if state.awaiting_claim and state.challenger is not None and claim_left is not None:
        hud.bar(surface, geo.claim_bar(bar_y), claim_left, colors.seat_color(state.challenger))


def pile_count(v: Table, surface: pygame.Surface, state: rs.State) -> None:
    """Small print above the pile: how many cards it holds (under cards flying over it)."""
    if not state.pile:
        return
    small = v.geo.status_size
    img = v.texts.render(t("{n} in the pile", n=len(state.pile)), max(10, small * 3 // 4), colors.TEXT_DIM)
    surface.blit(img, img.get_rect(center=v.geo.count_at()))


def widest_free(v: Table, blocked: list[pygame.Rect], need_h: int) -> pygame.Rect:
    """The widest stretch of felt `need_h` tall beside the pile (right or left of it, level with it) or
    under the prompt, off `blocked`; the nearest to the pile's row among the widest."""
    L = v.L
    cx, cy = L.centre
    cw, ch = L.card_w, L.card_h
    w, h = L.size
    ys = range(round(cy - ch * 0.75), max(round(cy - ch * 0.75), round(cy + ch * 0.75) - need_h) + 1, 6)
    candidates = [stretch(blocked, round(cx + cw * 1.55), w, y, need_h, True) for y in ys]
    candidates += [stretch(blocked, 0, round(cx - cw * 1.6), y, need_h, False) for y in ys]
    top = v.geo.status_top + v.geo.status_size * 2  # under the status line
    under = stretch(blocked, cx - w // 5, cx + w // 5, top, need_h, True)
    candidates.append(under if top + need_h <= h else pygame.Rect(0, 0, 0, 0))
    return max(candidates, key=lambda r: (min(r.w, w // 3), -abs(r.centery - cy)))


def photo(v: Table, surface: pygame.Surface, now: float) -> None:
    """The photo finish: the hands in order, by how many ms (the winner and the next two at most)."""
    for e in v.model.anim.active(PhotoFinish, now):
        size = max(10, round(v.L.size[1] * 0.02))
        lines = [t("Photo finish")] + list(e.lines)
        seats = [None] + list(e.seats)
        if len(lines) > 4:
            lines = lines[:3] + [t("+{n} more", n=len(lines) - 3)]
        row_h = v.texts.font(size).get_linesize()
        need_w = max(v.texts.font(size, True).size(line)[0] for line in lines) + size * 2
        area = v.photo_area(need_w, row_h * len(lines) + size)
        rows = []
        for i, line in enumerate(lines):
            seat = seats[i] if i < len(seats) and not line.startswith("+") else None
            color = colors.GOLD if i == 0 else colors.TEXT_DIM if seat is None else colors.banner_color(seat)
            # Never cut: the times are the point. Where the felt is narrower, the box is wider than it.
            width = max(40, area.w - size * 2, need_w - size * 2)
            rows.append(v.texts.fit(line, width, size, color, bold=i <= 1))
        box = pygame.Rect(0, 0, max(r.get_width() for r in rows) + size * 2, row_h * len(rows) + size)
        box.center = area.center
        if area.left > v.L.centre[0]:  # beside the pile: keep close to it
            box.left = min(box.left, area.left + size)
        elif area.right < v.L.centre[0]:
            box.right = max(box.right, area.right - size)
        box.clamp_ip(pygame.Rect((0, 0), v.L.size))
        fade = min(1.0, (1.0 - e.tween.raw(now)) * 6)
        hud.shade(surface, box, round(215 * fade), (8, 12, 10), radius=size // 2)
        y = box.y + size // 2
        for r in rows:
            hud.blit_alpha(surface, r, (box.x + size, y), fade)
            y += row_h
