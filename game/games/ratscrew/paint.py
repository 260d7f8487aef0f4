"""Painting Ratscrew's table: the fanned pile with its peeking bottom card and burned backs, a won pile
held still with its framed cards and swept away, the slap's hand and flash, the prompt under the pile
with the claim countdown, and the headline lane above it (the slap's banner, the photo finish strip,
or the pile's count). Each function draws what the state, the view-model and the time say, and changes
none of them; every text it draws is entered in the table's text boxes, in its own lane."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.games.ratscrew import engine as rs
from game.games.ratscrew.geometry import MAX_BURN_SHOWN, RatscrewGeometry
from game.games.ratscrew.view_model import (
    Flash,
    Framed,
    Hint,
    Impact,
    PhotoFinish,
    RatscrewModel,
    SlapHand,
    Sweep,
)
from game.i18n import t, tn
from game.render import colors, hud, seat_marks
from game.render.cache import LRU, Bound
from game.render.effects import Anchor, Banner, CardKey, Flyer
from game.render.layout import TableLayout
from game.render.notes import Notes, Pinned
from game.render.scale import looks_key, px, text_for, text_min, text_px
from game.render.text import TextBoxes, TextCache, balanced, name_first, stack
from game.render.tween import ease_out, lerp, shake
from game.render.view_model import MS


class RatscrewPaintHost(Protocol):
    """What the painting reads of its table view (game.games.ratscrew.view.RatscrewView)."""

    L: TableLayout
    geo: RatscrewGeometry
    model: RatscrewModel
    texts: TextCache

    def card_image(
        self, key: CardKey, width: int, angle: float = 0.0, scale: float = 1.0, squash: float = 1.0
    ) -> pygame.Surface: ...

    def anchor(self, a: Anchor, pile_size: int = 0) -> tuple[float, float]: ...

    def card_scale(self, a: Anchor) -> float: ...

    def poll(self) -> None: ...

    notes: Notes
    boxes: TextBoxes

    def headline_lane(self) -> pygame.Rect: ...

    def prompt_lane(self) -> pygame.Rect: ...

    pinned: Pinned


def pile_cards(
    v: RatscrewPaintHost,
    surface: pygame.Surface,
    pile: tuple[str, ...] | list[str],
    burned: int,
    centre: tuple[float, float],
    now: float,
    scale: float = 1.0,
    hide: bool = True,
    gen: int | None = None,
    faces: Sequence[str] = (),
) -> None:
    """Burned cards sticking out (their backs, or with live burned cards their `faces`, in burn order: the
    lowest, the pile's bottom card, is drawn last), the bottom card peeking, the top three fanned; with `hide`,
    leaving out the cards still in the air. Pile number `gen` (the current one if None) turns them."""
    gen = v.model.pile_gen if gen is None else gen
    cx, cy = centre
    w = max(12, round(v.L.card_w * scale))
    framed: tuple[str, ...] = ()
    frame = colors.GOLD
    if not hide:  # a won pile, held still: the cards that made the slap are framed
        for held in v.model.anim.active(Framed, now):
            framed = held.cards
    else:  # a learner's hint: the cards that make the pile slappable, in the learner's colour
        for hint in v.model.anim.active(Hint, now)[:1]:
            framed, frame = hint.cards, colors.seat_color(hint.seat)

    def framing(rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, frame, rect.inflate(-rect.w // 8, -rect.h // 10), width=max(2, w // 30),
                         border_radius=w // 12)

    # Live burned cards count for slaps, so all of them that show are face up, the lowest among them.
    first = max(0, burned - MAX_BURN_SHOWN) if faces else 0
    for i in range(first, min(burned, first + MAX_BURN_SHOWN)):
        if hide and v.model.anim.hidden(("burn", i), now):
            continue
        dx, dy, angle = v.geo.burn_slot(i, gen)
        face = faces[i] if i < len(faces) else None
        img = v.card_image(("back",) if face is None else ("card", face, False), v.L.card_w, angle, scale)
        rect = img.get_rect(center=(round(cx + dx * scale), round(cy + dy * scale)))
        surface.blit(img, rect)
        if face is not None and face in framed:
            framing(rect)
    n = len(pile)
    shown = sorted({0, *range(max(0, n - 3), n)}) if n else []  # the bottom card and the top three
    for i in shown:
        if hide and v.model.anim.hidden(("pile", i), now):
            continue
        dx, dy, angle = v.geo.slot(i, n, gen)
        img = v.card_image(("card", pile[i], False), v.L.card_w, angle, scale)
        rect = img.get_rect(center=(round(cx + dx * scale), round(cy + dy * scale)))
        surface.blit(img, rect)
        v.poll()  # a card turned for the first time, or a swept pile scaled, takes a while: read input
        if pile[i] in framed:
            framing(rect)


def pile(v: RatscrewPaintHost, surface: pygame.Surface, state: rs.State, now: float) -> None:
    """The pile as it lies (an empty pile: its place outlined)."""
    L = v.L
    if not state.pile and not state.burned:
        ring = pygame.Rect(0, 0, L.card_w, L.card_h)
        ring.center = v.geo.centre
        pygame.draw.rect(
            surface,
            colors.mix(colors.FELT, colors.TEXT, 0.25),
            ring,
            width=max(2, L.card_w // 60),
            border_radius=max(3, L.card_w // 16),
        )
        return
    cx, cy = v.geo.centre
    faces = state.burned if state.rules.burned_live else ()  # live burned cards are seen by all
    pile_cards(v, surface, state.pile, len(state.burned), (cx + pile_shake(v, now), cy), now, faces=faces)


def pile_shake(v: RatscrewPaintHost, now: float) -> int:
    """How far aside a slap's impact has shaken the pile at `now` (none with reduced motion)."""
    if v.model.reduced_motion:
        return 0
    dx = 0.0
    for e in v.model.anim.started(Impact, now):
        dx += shake(e.tween.raw(now), v.L.card_w * 0.06 * e.strength, 3.0)
    return round(dx)


def impact(v: RatscrewPaintHost, surface: pygame.Surface, e: Impact, now: float) -> None:
    """A slap's burst at the pile in the slapper's colour: a ring and rays, at full size from the first frame
    (with reduced motion it stays still; otherwise it grows a little and fades)."""
    if e.tween.done(now):
        return
    p = 0.0 if v.model.reduced_motion else e.tween.raw(now)
    cx, cy = v.geo.centre
    color = colors.seat_color(e.seat)
    r = v.L.card_w * (0.55 + 0.35 * p) * (0.7 + 0.3 * e.strength)
    width = max(2, round(v.L.card_w * 0.05 * (1.0 - p) * e.strength))
    fade = 1.0 - p
    ink = colors.mix(colors.FELT, color, 0.35 + 0.65 * fade)
    pygame.draw.circle(surface, ink, (round(cx), round(cy)), round(r), width)
    for k in range(12):
        a = math.radians(k * 30 + 15)
        inner, outer = r * 1.08, r * (1.25 + 0.2 * (k % 2))
        pygame.draw.line(surface, ink, (round(cx + math.cos(a) * inner), round(cy + math.sin(a) * inner)),
                         (round(cx + math.cos(a) * outer), round(cy + math.sin(a) * outer)), width)


def sweep(v: RatscrewPaintHost, surface: pygame.Surface, f: Flyer, now: float) -> None:
    """A won pile on its way to its winner (held still first, its framed cards showing)."""
    art: Sweep = f.art  # type: ignore[assignment]
    raw = f.tween.raw(now)
    p = ease_out(raw) if f.tween.started(now) else 0.0
    a, b = v.anchor(f.src), v.anchor(f.dst)
    pos = (lerp(a[0], b[0], p), lerp(a[1], b[1], p))
    grow = f.scale if f.scale is not None else (v.card_scale(f.src), v.card_scale(f.dst))
    if f.dst[0] == "seat":  # it lands inside the seat's stack, never over the words beside it (issue 20 item 11)
        stack = v.L.seats[f.dst[1]].stack
        grow = (grow[0], min(grow[1], stack.w / max(1, v.geo.pile_zone.w), stack.h / max(1, v.geo.pile_zone.h)))
        zone, (cx, cy) = v.geo.pile_zone, v.geo.centre  # the fan's middle onto the stack's middle
        b = (b[0] - (zone.centerx - cx) * grow[1], b[1] - (zone.centery - cy) * grow[1])
        pos = (lerp(a[0], b[0], p), lerp(a[1], b[1], p))
    scale = lerp(grow[0], grow[1], p)
    pile_cards(v, surface, art.pile, art.burned, pos, now, scale=scale, hide=False, gen=art.gen, faces=art.faces)


def slaps(v: RatscrewPaintHost, surface: pygame.Surface, now: float) -> None:
    """The slap's flash over the pile and the hands landing on it."""
    L = v.L
    cx, cy = v.geo.centre
    for e in v.model.anim.effects:
        if not e.tween.started(now):
            continue
        if isinstance(e, Impact):
            impact(v, surface, e, now)
        elif isinstance(e, Flash):
            glow = hud.glow(round(L.card_w * 3.2), round(L.card_h * 1.9))
            hud.blit_alpha(surface, glow, glow.get_rect(center=(cx, cy)), 1.0 - e.tween.raw(now))
        elif isinstance(e, SlapHand):
            elapsed = (now - e.tween.start_ns) / MS
            land = 1.0 if v.model.reduced_motion else min(1.0, elapsed / 60)
            fade = 1.0 - max(0.0, (e.tween.raw(now) - 0.55) / 0.45)
            sx, sy = v.anchor(("seat", e.seat))
            start = (lerp(sx, cx, 0.55), lerp(sy, cy, 0.55))
            x, y = lerp(start[0], cx, ease_out(land)), lerp(start[1], cy, ease_out(land))
            angle = round(math.degrees(math.atan2(sx - cx, sy - cy)) / 10) * 10
            img = hud.hand(round(L.card_w * 0.95), colors.seat_color(e.seat), angle, e.seat)
            hud.blit_alpha(surface, img, img.get_rect(center=(round(x), round(y))), fade * 0.85)


# -- the prompt lane --------------------------------------------------------------------------------------
# The prompt fitted to its lane (a line of big words, a fortieth of a screen): the prompts of a game's turns
# and slaps at the current looks fit in a quarter of a screen.
_PROMPTS: LRU[tuple[pygame.Surface, pygame.Rect, int]] = LRU("ratscrew prompts", Bound(screens=0.25))


def prompt_fit(v: RatscrewPaintHost, text: str, color: colors.Color) -> tuple[pygame.Surface, pygame.Rect]:
    """The prompt's image and rect as it fits its lane (see `prompt_fitted`)."""
    img, rect, _ = prompt_fitted(v, text, color)
    return img, rect


def prompt_fitted(v: RatscrewPaintHost, text: str, color: colors.Color, lane: pygame.Rect | None = None
                  ) -> tuple[pygame.Surface, pygame.Rect, int]:
    """The prompt as it fits its lane: one line at the prompt's size, else "Ada:" on a line of its own
    and the rest on the next, else two even lines, else a size smaller (down to the smallest text a
    player needs mid-game; below it only if nothing else fits). Its image, rect (at the lane's top) and
    size. In `lane` (None: the prompt lane)."""
    lane = v.prompt_lane() if lane is None else lane
    key = (text, tuple(color), tuple(lane), v.L.size, looks_key())
    cached = _PROMPTS.get(key)
    if cached is not None:
        return cached
    texts = v.texts
    low = text_for(text_min(v.L.size))  # at a bigger text size, as small as 100 % drew it at the least
    sizes = list(range(v.geo.status_size, low - 1, -1)) + list(range(low - 1, max(6, round(low * 0.7)) - 1, -1))
    img = None
    s = sizes[0]
    for s in sizes:  # measured first, drawn once
        w, h = texts.outlined_size(text, s)
        if w <= lane.w and h <= lane.h:
            img = texts.outlined(text, s, color)
            break
        font = texts.font(s, True)
        r = 2 * max(1, s // 14)
        parts = name_first(text)
        tries = [parts] if len(parts) == 2 else []
        even = balanced(text, font, lane.w - r, 2)
        if even:
            tries.append(even)
        if lane.h >= 3 * h and len(parts) == 2:  # a tall lane (beside the pile): the name, then two even lines
            rest = balanced(parts[1], font, lane.w - r, 2)
            if rest:
                tries.append([parts[0], *rest])
        for lines in tries:
            if (max(texts.outlined_size(line, s)[0] for line in lines) <= lane.w
                    and len(lines) * h <= lane.h):
                img = stack([texts.outlined(line, s, color) for line in lines])
                break
        if img is not None:
            break
    if img is None:
        cut, s = texts.fitted(text, lane.w - 4, sizes[-1], True)
        img = texts.outlined(cut, s, color)
    rect = img.get_rect(midtop=lane.midtop)
    _PROMPTS[key] = (img, rect, s)
    return img, rect, s


def status(v: RatscrewPaintHost, surface: pygame.Surface, state: rs.State, claim_left: float | None,
           centred: bool = True) -> None:
    """Under the pile: the game clock (issue 21: `clock_text`, set by the table), after the line of whose
    turn and which key, the owed count or the claim window where that is not said at its seat's mat (not
    `centred`: see RatscrewView.pins); the claim window's countdown."""
    text = v.model.status_text(state) if centred else ""
    clock = v.model.clock_text
    if clock and v.geo.clock_h:  # lanes beside the pile: the clock in its row under the pile
        img, at, px = prompt_fitted(v, clock, colors.TEXT, v.geo.clock_lane())
        surface.blit(img, at)
        v.boxes.add("clock", at, clock, px=text_px(px))
        clock = ""
    if clock:
        text = f"{text}   {clock}" if text else clock
    if text:
        urgent = centred and (state.awaiting_claim or state.owed)
        color = colors.on_felt(colors.GOLD) if urgent else colors.TEXT
        img, at, px = prompt_fitted(v, text, color)
        surface.blit(img, at)
        v.boxes.add("prompt" if centred and text != clock else "clock", at, text, px=text_px(px))  # as drawn
    if state.awaiting_claim and state.challenger is not None and claim_left is not None:
        hud.bar(surface, v.geo.claim_bar(), claim_left, colors.seat_color(state.challenger))


# -- the headline lane ------------------------------------------------------------------------------------
def headline_item(v: RatscrewPaintHost, now: float) -> Banner | PhotoFinish | None:
    """What the headline lane shows at `now`: the newest banner or photo finish showing, but a banner said
    at its seat's mat (None: the pile's count)."""
    best: Banner | PhotoFinish | None = None
    for e in v.model.anim.effects:
        if not isinstance(e, (Banner, PhotoFinish)) or not e.tween.started(now) or e.tween.done(now):
            continue
        if isinstance(e, Banner) and e.seat is not None and any(
                p.kind == "banner" and p.text == e.text for p, _, _ in v.pinned.get(e.seat, [])):
            continue
        if best is None or e.tween.start_ns >= best.tween.start_ns:
            best = e
    return best


def pile_count(v: RatscrewPaintHost, surface: pygame.Surface, state: rs.State, now: float | None = None) -> None:
    """In the headline lane when nothing else is there: how many cards the pile holds."""
    if not state.pile or state.is_over or (now is not None and headline_item(v, now) is not None):
        return
    n = len(state.pile)
    digits = v.texts.outlined(str(n), round(v.geo.count_size * 1.25), colors.on_felt(colors.GOLD))
    words = v.texts.outlined(t("in the pile"), v.geo.count_size, colors.TEXT)
    gap = max(2, v.geo.count_size // 4)
    lane = v.headline_lane()
    rect = pygame.Rect(0, 0, digits.get_width() + gap + words.get_width(), digits.get_height())
    rect.center = lane.center
    surface.blit(digits, digits.get_rect(midleft=rect.midleft))
    surface.blit(words, words.get_rect(midright=(rect.right, rect.centery + digits.get_height() // 12)))
    v.boxes.add("count", rect, t("{n} in the pile", n=n), px=text_px(v.geo.count_size))


def headline(v: RatscrewPaintHost, surface: pygame.Surface, now: float) -> None:
    """The headline lane's banner or photo finish (the newest of them), if one is showing."""
    e = headline_item(v, now)
    if e is None:
        return
    lane = v.headline_lane()
    if isinstance(e, Banner):
        img, px = v.notes.banner_fit(e, lane)
        rect = img.get_rect(center=lane.center)
        fade = v.notes.fade(e, now)
        box = rect
        if e.plate:
            box = v.notes.draw_plate(surface, rect, img.get_height(), fade)
        hud.blit_alpha(surface, img, rect, fade)
        v.boxes.add("banner", box, e.text, px=text_px(px))
    else:
        photo(v, surface, e, now)


# The photo finish's strip laid out (its words' images, a lane's width of a line or two): the strips of a
# game's races, a quarter of a screen's worth.
Item = tuple[int | None, list[tuple[str, colors.Color]]]  # (a seat's mark or None, the words after it)
Row = list[tuple[list[Item], int]]  # a row's groups, each with the gap between its items
Fit = tuple[int, int, list[Row], list[int]]  # (rows, text size, the rows, their widths)
# (the words' images with where they go, the seats' marks with where they go, the text size)
MARK_W = 0.8  # a seat's mark before its name, as a share of the text's size
Strip = tuple[list[tuple[pygame.Surface, tuple[int, int]]], list[tuple[pygame.Rect, int]], int]
_STRIPS: LRU[Strip] = LRU("ratscrew photo strips", Bound(screens=0.25))


def photo_cells(e: PhotoFinish) -> tuple[str, tuple[tuple[int, str, str], ...]]:
    """The strip's title and cells (a photo finish made from lines alone: one cell per line)."""
    if e.cells:
        return e.title or t("Photo finish"), e.cells
    return e.title or t("Photo finish"), tuple((seat, line, "") for line, seat in zip(e.lines, e.seats, strict=False))


def photo_layout(v: RatscrewPaintHost, e: PhotoFinish, lane: pygame.Rect) -> Strip:
    """The strip's words and seat marks (shape and colour) in `lane`. The head says what it was and who
    won ("Tie — coin toss: ●Ada", the winner in their colour); then a cell per other hand (△Bo tie, □Cy
    +25 ms). On one
    row as big as it goes (up to 36 px at 720p), else the head over the cells; at least the smallest
    text a player needs mid-game, the cells after the third summed up as "+2 more". Its images with
    where they go, its seat marks (shape and colour), and its text size."""
    title, cells = photo_cells(e)
    key = (title, cells, tuple(lane), v.L.size, looks_key())
    cached = _STRIPS.get(key)
    if cached is not None:
        return cached
    texts = v.texts
    size_of = v.L.size
    pad = max(3, px(size_of, 10))
    low = text_for(text_min(size_of))  # at a bigger text size, as small as 100 % drew it at the least
    win_seat, win_name, _ = cells[0] if cells else (None, "", "")
    named = bool(win_name) and bool(e.cells) and title.endswith(win_name)
    prefix = title[: len(title) - len(win_name)].rstrip() if named else title
    others = cells[1:] if named else cells

    head: list[Item] = [(None, [(prefix, colors.GOLD)])]
    halves = _halves(prefix)  # the title on two rows, where one row of the lane can't hold it at the floor
    if named and win_seat is not None:
        head.append((win_seat, [(win_name, colors.banner_color(win_seat))]))
    every: list[Item] = []
    for seat, name, how in others:
        words = [(name, colors.banner_color(seat))]
        if how:
            words.append((how, colors.TEXT))
        every.append((seat, words))

    def items(keep: int) -> tuple[list[Item], list[Item]]:
        row = every[:keep]
        if len(others) > keep:
            row = [*row, (None, [(tn("+{n} other", "+{n} others", len(others) - keep), colors.TEXT_DIM)])]
        return head, row

    def width(size: int, group: list[Item], sep: int) -> int:
        d = text_px(size)  # chips and gaps as the words are drawn
        total = 0
        for seat, words in group:
            total += (round(d * MARK_W) + d // 3 if seat is not None else 0)
            total += sum(texts.outlined_size(w, size)[0] for w, _ in words) + (len(words) - 1) * (d // 3)
        return total + sep * max(0, len(group) - 1)

    def shaped(keep: int, shape: str, small: int, sep: int) -> list[Row]:
        """The strip's rows: "1" all on one; "2" the head over the cells; "2s" the title over the winner
        and the cells; "3" the title, the winner, the cells."""
        head, row = items(keep)
        cells: Row = [(row, sep)] if row else []
        if shape == "1":
            return [[(head, small), *cells]]
        if shape == "2":
            return [[(head, small)], cells]
        if shape == "2s":
            return [[(head[:1], small)], [(head[1:], small), *cells]]
        if shape == "each":  # a narrow lane (beside the pile): the head, then a row per cell
            return [[(head, small)], *[[([item], sep)] for item in row]]
        if shape == "each3":
            return [[(head[:1], small)], [(head[1:], small)], *[[([item], sep)] for item in row]]
        if shape in ("4", "each4"):  # the title itself over two rows (a narrow lane), then the winner and cells
            title_rows: list[Row] = [[([(None, [(half, colors.GOLD)])], small)] for half in halves or ()]
            winner: Row = [(head[1:], small)] if len(head) > 1 else []
            if shape == "4":
                return [*title_rows, [*winner, *cells]]
            return [*title_rows, winner, *[[([item], sep)] for item in row]]
        return [[(head[:1], small)], [(head[1:], small)], cells]

    def attempt(keep: int, shape: str, size: int) -> Fit | None:
        line = v.geo.line(size)
        d = text_px(size)
        small, sep = d // 3, round(d * 0.9)
        if shape in ("2s", "3", "each3") and len(items(keep)[0]) < 2:
            return None
        if shape in ("4", "each4") and halves is None:
            return None
        rows = [r for r in shaped(keep, shape, small, sep) if r]
        if len(rows) * line > lane.h - pad // 2:
            return None
        widths = [sum(width(size, group, gap) for group, gap in r) + sep * (len(r) - 1) for r in rows]
        if max(widths) > lane.w - 2 * pad:
            return None
        return len(rows), size, rows, widths

    best: Fit | None = None
    keeps = sorted({min(k, len(others)) for k in (len(others), 3, 2, 1)}, reverse=True)
    smallest = max(6, round(low * 0.7))
    whole = ("1", "2", "2s", "3", *(("each", "each3") if v.geo.mode == "sides" else ()))
    split = ("4", *(("each4",) if v.geo.mode == "sides" else ()))
    at_floor = range(px(size_of, 36), low - 1, -1)
    # The title on one row where it goes at the floor or above; else over two rows; below the floor last.
    for sizes, shapes in ((at_floor, whole), (at_floor, split), (range(low - 1, smallest - 1, -1), whole + split)):
        for keep in keeps:  # all the cells if they go, at the biggest size one row or two (or three) allow
            found = [f for f in (_largest(sizes, functools.partial(attempt, keep, shape)) for shape in shapes)
                     if f is not None]
            if found:
                best = max(found, key=lambda f: (f[1], -f[0]))
                break
        if best is not None:
            break
    blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
    chips: list[tuple[pygame.Rect, int]] = []
    if best is None:  # nothing fits: the title alone, as it fits
        cut, size = texts.fitted(title, lane.w - 2 * pad, smallest, True)
        img = texts.outlined(cut, size, colors.GOLD)
        blits.append((img, img.get_rect(center=lane.center).topleft))
    else:
        _, size, rows, widths = best
        line = v.geo.line(size)
        d = text_px(size)
        sep = round(d * 0.9)

        def lay(group: list[Item], x: int, y: int, gap: int) -> int:
            for seat, words in group:
                if seat is not None:
                    chip = pygame.Rect(0, 0, round(d * MARK_W), round(d * MARK_W))
                    chip.midleft = (x, y + line // 2)
                    chips.append((chip, seat))
                    x += chip.w + d // 3
                for word, color in words:
                    p = texts.outlined(word, size, color)
                    blits.append((p, (x, y + (line - p.get_height()) // 2)))
                    x += p.get_width() + d // 3
                x += gap - d // 3
            return x

        y = lane.centery - len(rows) * line // 2
        for r, w in zip(rows, widths, strict=True):
            x = lane.centerx - w // 2
            for group, gap in r:
                x = lay(group, x, y, gap) - gap + sep
            y += line
    _STRIPS[key] = (blits, chips, size)
    return blits, chips, size


def photo(v: RatscrewPaintHost, surface: pygame.Surface, e: PhotoFinish, now: float) -> None:
    """The photo finish: a strip across the headline lane (as wide as the felt between the seats there)
    with every contender's colour, name and time, in large type."""
    lane = v.headline_lane()
    fade = min(1.0, (1.0 - e.tween.raw(now)) * 6)
    radius = max(4, lane.h // 5)
    hud.shade(surface, lane, round(228 * fade), colors.PLATE, radius=radius)
    edge = max(2, lane.h // 24)
    for y in (lane.top + edge, lane.bottom - 2 * edge):
        hud.shade(surface, pygame.Rect(lane.left + radius, y, lane.w - 2 * radius, edge), round(255 * fade), colors.GOLD)
    blits, chips, px = photo_layout(v, e, lane)
    for chip, seat in chips:
        hud.blit_alpha(surface, seat_marks.image(seat, chip.w), chip, fade)
    for img, at in blits:
        hud.blit_alpha(surface, img, at, fade)
    title, _ = photo_cells(e)
    v.boxes.add("photo", lane, title, px=text_px(px))


def _halves(text: str) -> tuple[str, str] | None:
    """`text` cut in two at the space nearest its middle (None for one word)."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if not spaces:
        return None
    cut = min(spaces, key=lambda i: abs(2 * i - len(text)))
    return text[:cut].rstrip(), text[cut + 1:].lstrip()


def _largest(sizes: range, attempt: Callable[[int], Fit | None]) -> Fit | None:
    """The first of `attempt(size)` over `sizes` (largest first) that is not None, found by halving (a
    size that fits means every smaller one does)."""
    lo, hi = 0, len(sizes) - 1
    best: Fit | None = None
    while lo <= hi:
        mid = (lo + hi) // 2
        got = attempt(sizes[mid])
        if got is not None:
            best, hi = got, mid - 1
        else:
            lo = mid + 1
    return best
