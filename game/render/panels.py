"""Seat panels: the panel's name and controls lines, the panel composed once per content with its shadow
and its tags, and the seat drawn on its turn (lifted, glowing, framed) or shaken."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.core.contract import LayoutHints
from game.core.memo import Key
from game.render import colors, faces, hud, seat_marks, texture
from game.render.cache import LRU, Bound
from game.render.layout import TAG_ROOM, TableLayout
from game.render.scale import big_min, looks_key, text_for, text_min, text_scale, word_min
from game.render.text import TextCache, wrap

TURN_LIGHT: colors.Color = (255, 246, 220)  # a warm lamp's light on the mat whose turn it is
TURN_LIGHT_ALPHA = 40


class PanelsHost(Protocol):
    """What the panels ask of their table view (see game.render.table_view.TableView)."""

    L: TableLayout
    texts: TextCache
    controls: list[str]
    layout_hints: LayoutHints | None

    @property
    def names(self) -> list[str]: ...

    @property
    def faces(self) -> list[int | None]: ...

    def text_unit(self, seat: int) -> float: ...

    def name_reserve(self, seat: int) -> int: ...

    def controls_width(self, seat: int) -> int: ...

    def build_panel(self, seat: int, content: Key) -> pygame.Surface: ...

    def panel_extras(self, seat: int, content: Key, image: pygame.Surface, rect: pygame.Rect) -> bool: ...


class Panels:
    """One table's seat panels, cached per seat and content."""

    def __init__(self, host: PanelsHost) -> None:
        self.host = host
        # Per seat (at most MAX_SEATS entries, the last content of each): (content, image, panel rect in it,
        # tags or None).
        self._images: dict[int, Key] = {}
        # The turn's glow and frame per seat and panel size (a panel's area twice, a little more for the glow):
        # 8 seats' take a screen at 1920x1080 and 1280x720 alike. Fewer held draws a seat's
        # again each time the turn comes round to it (2 ms at 1920x1080): a screen and a quarter.
        self._turn: LRU[tuple[pygame.Surface, pygame.Surface]] = LRU("turn frames", Bound(screens=1.25))
        # Per seat (at most MAX_SEATS): its tags image as last measured and how far it sticks out.
        self._overhangs: dict[int, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._cap: tuple[object, int] | None = None  # controls_cap's (window, controls, text size) and size
        self._spare: pygame.Surface | None = None  # a clear overlay for a panel's tags (see `image`)
        self._mats: tuple[TableLayout, bool] | None = None  # `mats` for the layout in force
        # Per seat (at most MAX_SEATS): `name_fit`'s answer and what it was found from.
        self._names: dict[int, tuple[tuple[object, ...], tuple[str, int]]] = {}

    @property
    def mats(self) -> bool:
        """Whether the seats are mats (the game's layout says so): names at the couch's BIG_MIN and words
        at its WORD_MIN at least (issue 20), else the tables' TEXT_MIN. Asked once per layout (a panel asks
        it some thirty times, and a game may make its hints afresh each time: the layout they made stays)."""
        L = self.host.L
        known = self._mats
        if known is None or known[0] is not L:
            hints = self.host.layout_hints
            known = self._mats = (L, hints is not None and hints.mats)
        return known[1]

    def clear(self, turns: bool = True) -> None:
        """Forget the composed panels and what they were measured from (and, unless told not to, the turn's
        glow and frame)."""
        self._images.clear()
        self._names.clear()
        self._mats = None
        if turns:
            self._turn.clear()

    # -- the panel's words ----------------------------------------------------------------------------
    def words_floor(self) -> int:
        """The least size (as drawn) a seat's words start from: the couch's WORD_MIN on a mat, else the tables'
        TEXT_MIN (in the window: see game.render.scale)."""
        return word_min(self.host.L.size) if self.mats else text_min(self.host.L.size)

    def controls_size(self, seat: int) -> int:
        """The font size of a seat's controls line ("Q play · L-Shift slap"): never under the smallest
        text a player needs (20 px at 1280×720), so a panel is sized to hold it."""
        return max(9, self.words_floor(), round(self.host.text_unit(seat) * 0.11))

    def name_size(self, seat: int) -> int:
        """The font size a seat's name starts from (it shrinks to fit a long name, never under the
        smallest text a player needs while the panel has the room)."""
        low = big_min(self.host.L.size) if self.mats else text_min(self.host.L.size)
        return max(11, low, round(self.host.text_unit(seat) * 0.15))

    def name_width(self, seat: int) -> int:
        """How wide the name may be: its row less the small dot before it (a bigger mark takes only the room
        the name leaves: see `mark_width`)."""
        host = self.host
        box = host.L.seats[seat]
        dot = 3 * self.dot_radius(seat)
        if box.name is not None:
            return box.name.w - dot
        return box.info.w - host.name_reserve(seat) - dot

    def dot_radius(self, seat: int) -> int:
        """The seat-colour dot before the name where no bigger mark is drawn (smaller where the name has a
        row of its own)."""
        size = self.name_size(seat)
        return max(3, size // 4 if self.host.L.seats[seat].name is not None else size // 3)

    def face_of(self, seat: int) -> int | None:
        """The face a seat's mark shows (a profile's avatar; None: the seat's colour)."""
        found = self.host.faces
        return found[seat] if 0 <= seat < len(found) else None

    def big_mark(self, seat: int) -> bool:
        """Whether the seat's mark before its name is a face or a disc as tall as the name's line (as the
        name leaves room: see `mark_width`) -- on a mat, or where a remembered player plays (issue 20 item
        9) -- else the small dot."""
        return self.mats or self.face_of(seat) is not None

    def mark_width(self, seat: int) -> int:
        """The room the mark takes before the name (the mark and a gap after it): as tall as the name's line
        where the name leaves that much room, less where it leaves less, and no less than the small dot's, so
        the name is never smaller for its mark than beside the dot."""
        dot = 3 * self.dot_radius(seat)
        if not self.big_mark(seat):
            return dot
        text, size = self.name_fit(seat)
        left = self.name_width(seat) + dot - self.host.texts.font(size, True).size(text)[0]
        full = self.host.texts.font(self.name_size(seat), True).get_height()
        box = self.host.L.seats[seat]
        if box.name is not None:
            full = min(full, box.name.h)
        return max(dot, min(full + max(3, full // 4), left))

    def mark_size(self, seat: int) -> int:
        """The mark's diameter: as `mark_width` leaves it after the gap (the dot's for a small mark; a mark is
        drawn no taller than the name's line as drawn, see `mark_box`)."""
        if not self.big_mark(seat):
            return 2 * self.dot_radius(seat)
        width = self.mark_width(seat)
        return max(6, width - max(3, (width * 4 // 5) // 4))

    def name_fit(self, seat: int) -> tuple[str, int]:
        """(text, size) of the name as its panel shows it: shrunk to fit, down to the smallest text a
        player needs; cut with "…" only when even that does not fit (a tiny panel)."""
        host = self.host
        size = self.name_size(seat)
        width = self.name_width(seat)
        text = host.names[seat]
        # found once per name, room and looks (a panel asks a dozen times; each tries every size down); a name
        # cut is found afresh each time, so that a test recording the cuts (text.CUTS) sees every one
        key = (text, size, width, looks_key())
        known = self._names.get(seat)
        if known is not None and known[0] == key:
            return known[1]
        font = host.texts.font
        # a 20-character name of wide letters still shows whole (at a bigger text size, the words round it
        # take more room: it may shrink as far as 8 px as drawn)
        smallest = 8 if text_scale() == 1.0 else max(1, round(8 / text_scale()))
        while size > smallest and font(size, True).size(text)[0] > width:
            size -= 1
        fit = host.texts.fitted(text, width, size, True)
        if fit[0] == text:
            self._names[seat] = (key, fit)
        return fit

    def base(self, seat: int, below: int = 0, controls: bool = True, blank: bool = False, named: bool = True
             ) -> tuple[pygame.Surface, int]:
        """A seat panel with its name (after its mark: see `draw_mark`) and (unless told not to) its
        controls (wrapped when the panel is narrow, `below` px kept free under them; with `blank`, their rows
        kept but not drawn: a prompt on a plate says them there; not `named`: its name's row too, under a banner
        naming the seat); returns it and the y below the text."""
        host = self.host
        texts = host.texts
        box = host.L.seats[seat]
        rect = box.rect
        surf = hud.panel(rect, colors.seat_color(seat))
        info = box.info.move(-rect.x, -rect.y)
        row, name, ny = self._name_line(seat)
        if named:
            self.draw_mark(surf, seat)
            surf.blit(name, (row.x + self.mark_width(seat), ny))
        y, lines, size = self._words(seat, below, controls, record=not blank)  # (blank: kept, not drawn)
        for line in lines:
            if blank:  # measured, not drawn (a line's drawn height: a px over the font's at some sizes)
                y += texts.font(size).size(line)[1]
                continue
            img = texts.render(line, size, colors.TEXT_DIM)
            surf.blit(img, (info.x, y))
            y += img.get_height()
        return surf, y

    def _words(self, seat: int, below: int = 0, controls: bool = True, record: bool = True
               ) -> tuple[int, list[str], int]:
        """(the top of a seat's controls lines under its name, in the panel's coordinates; those lines; their
        size), as `base` draws them (not `record`: a cut not counted, see `controls_fit`)."""
        host = self.host
        box = host.L.seats[seat]
        info = box.info.move(-box.rect.x, -box.rect.y)
        y = info.y + host.texts.font(self.name_fit(seat)[1], True).get_height() if box.name is None else info.y
        ctrl = host.controls[seat] if seat < len(host.controls) and controls else ""
        if not ctrl:
            return y, [], 0
        lines, size = self.controls_fit(seat, info.bottom - below - y, record)
        return y, lines, size

    def words_bottom(self, seat: int) -> int:
        """The y under a seat's words (its name and controls) as `base` draws them, in the panel's coordinates,
        measured without drawing them."""
        y, lines, size = self._words(seat)
        return y + len(lines) * self.host.texts.font(size).get_height() if lines else y

    def _name_line(self, seat: int) -> tuple[pygame.Rect, pygame.Surface, int]:
        """(the name's row, the name drawn, its top) in the panel's own coordinates."""
        box = self.host.L.seats[seat]
        info = box.info.move(-box.rect.x, -box.rect.y)
        row = info if box.name is None else box.name.move(-box.rect.x, -box.rect.y)
        text, size = self.name_fit(seat)
        name = self.host.texts.render(text, size, colors.TEXT, bold=True)
        return row, name, row.y if box.name is None else row.centery - name.get_height() // 2

    def name_top(self, seat: int) -> int:
        """The top of the name's line in its panel (the panel's own coordinates), as `base` draws it."""
        return self._name_line(seat)[2]

    def mark_box(self, seat: int) -> pygame.Rect:
        """Where the seat's mark lies in its panel (the panel's own coordinates): left of the name, in the
        room `mark_width` keeps, centred on the name's line and no taller than it (the small dot: its box)."""
        row, name, ny = self._name_line(seat)
        line = name.get_height()
        size = self.mark_size(seat)
        if not self.big_mark(seat):
            return pygame.Rect(row.x, ny + line // 2 + 1 - size // 2, size, size)
        shown = max(6, min(size, line))
        rect = pygame.Rect(0, 0, shown, shown)
        rect.center = (row.x + size // 2, ny + line // 2)
        return rect

    def draw_mark(self, surf: pygame.Surface, seat: int) -> None:
        """The seat's mark before its name: its shape in its colour (game.render.seat_marks: colour alone
        does not tell every seat apart), as tall as the name's line (see `big_mark`) or small; where a
        profile plays it, the profile's face with the shape on its corner. A face is drawn once per size,
        face and colour (game.render.faces)."""
        rect = self.mark_box(seat)
        face = self.face_of(seat)
        if face is None or not self.big_mark(seat):
            seat_marks.draw(surf, seat, rect)
            return
        surf.blit(faces.mark(rect.w, face, colors.seat_color(seat)), rect)
        seat_marks.draw(surf, seat, seat_marks.badge(rect))

    def controls_fit(self, seat: int, room: int, record: bool = True) -> tuple[list[str], int]:
        """(lines, size) of a seat's controls line in `room` px of height: one line at its size, else two
        (wrapped at " · ") if they fit the room, else a size smaller (down to 3/4 as drawn at 100 %), the
        same way, then three lines; cut with "…" only when even that does not fit (a tiny panel). No seat's
        line is drawn bigger than the smallest seat's (issue 20: a player's own keys are never smaller
        than the bots' labels). Not `record`: only measured, not drawn (a cut not counted: see text.CUTS)."""
        lines, size = self._controls_fit(seat, room, record)
        cap = self.controls_cap()
        if size <= cap:
            return lines, size
        host = self.host
        ctrl = host.controls[seat] if seat < len(host.controls) else ""
        font = host.texts.font(cap)
        width = host.controls_width(seat)
        return ([ctrl] if font.size(ctrl)[0] <= width else wrap(ctrl, font, width)), cap

    def controls_cap(self) -> int:
        """The size of the smallest seat's controls line as it fits its panel (cached per window, controls
        and text size)."""
        host = self.host
        key = (host.L.size, tuple(host.controls), text_scale())
        cached = self._cap
        if cached is not None and cached[0] == key:
            return cached[1]
        sizes = [self._controls_fit(s, self.controls_room(s))[1] for s in range(len(host.L.seats))
                 if s < len(host.controls) and host.controls[s]]
        cap = min(sizes, default=10**6)
        self._cap = (key, cap)
        return cap

    def _controls_fit(self, seat: int, room: int, record: bool = True) -> tuple[list[str], int]:
        found = self._controls_lines(seat, room)
        if found is not None:
            return found
        ctrl = self.host.controls[seat]
        smallest = text_for(max(8, int(self.controls_size(seat) * 0.75)))
        text, size = self.host.texts.fitted(ctrl, self.host.controls_width(seat), smallest, record=record)
        return [text], size

    def _controls_lines(self, seat: int, room: int, strict: bool = False, readable_only: bool = False
                        ) -> tuple[list[str], int] | None:
        """`controls_fit` where the line shows whole; None where it would be cut (or, `strict`, where even
        one line is taller than `room`; or, `readable_only`, where it would be drawn under `words_floor`)."""
        host = self.host
        texts = host.texts
        ctrl = host.controls[seat] if seat < len(host.controls) else ""
        width = host.controls_width(seat)
        small = self.controls_size(seat)
        smallest = text_for(max(8, int(small * 0.75)))  # at a bigger text size: as small as 100 % draws it
        # three lines at the seat words' floor (as drawn) before two under it: at 150 % text a long language's line
        # ("Kontroll 3: A vänd · B slå") took two lines at 20 px in a mat with room for three at 24
        readable = max(smallest, min(small, text_for(self.words_floor())))
        tries = ((2, small, readable), (3, small, readable), (2, readable - 1, smallest), (3, readable - 1, smallest))
        for most, high, low in tries[:2] if readable_only else tries:  # two lines at the biggest size, before three
            for size in range(high, low - 1, -1):
                font = texts.font(size)
                if font.size(ctrl)[0] <= width and (not strict or font.get_height() <= room):
                    return [ctrl], size
                lines = wrap(ctrl, font, width)
                if (len(lines) <= most and all(font.size(line)[0] <= width for line in lines)
                        and len(lines) * font.get_height() <= room):
                    return lines, size
        return None

    def controls_room(self, seat: int) -> int:
        """The height the controls line (and whatever a game shows under it) has in the seat's panel."""
        box = self.host.L.seats[seat]
        if box.name is not None:
            return box.info.h
        return box.info.h - self.host.texts.font(self.name_fit(seat)[1], True).get_height()

    def controls_whole(self, seat: int, room: int, strict: bool = True, readable: bool = False) -> bool:
        """Whether the seat's controls line shows whole (on up to three lines) in `room` px of height (not
        `strict`: as `controls_fit` draws it, one line allowed over a room lower than it; `readable`: no smaller
        than `words_floor` as drawn)."""
        ctrl = self.host.controls[seat] if seat < len(self.host.controls) else ""
        return not ctrl or self._controls_lines(seat, room, strict=strict, readable_only=readable) is not None

    # -- the composed seat --------------------------------------------------------------------------------
    def margin(self, seat: int) -> int:
        """Room around a seat's panel for its shadow, glow and tags (a tag as far above it as the layout keeps
        room for: TAG_ROOM)."""
        h = self.host.L.seats[seat].rect.h
        return max(8, h // 8, round(h * TAG_ROOM))

    def area(self, seat: int) -> pygame.Rect:
        """Where a seat's composed image (panel, shadow, tags) lies on screen when not lifted."""
        m = self.margin(seat)
        return self.host.L.seats[seat].rect.inflate(2 * m, 2 * m)

    def image(self, seat: int, content: Key) -> tuple[pygame.Surface, pygame.Rect, pygame.Surface | None]:
        """The seat's panel with its shadow, composed once per content: the image, where the panel sits
        in it, and an overlay of what sticks out (tags, drawn over everything else of the seat)."""
        cached = self._images.get(seat)
        if cached is not None and cached[0] == content:
            return cached[1], cached[2], cached[3]
        rect = self.host.L.seats[seat].rect
        m = self.margin(seat)
        size = (rect.w + 2 * m, rect.h + 2 * m)
        # A new picture this big costs its pages (0.3 ms for a mat at 1920x1080, each its own mapping: see
        # cache.release_memory): the seat's last image, shown no more, is drawn over afresh, and an overlay
        # nothing was drawn on is kept for the next panel of its size.
        if cached is not None and cached[1].get_size() == size:
            image = cached[1]
            image.fill((0, 0, 0, 0))
        else:
            image = pygame.Surface(size, pygame.SRCALPHA)
        inner = pygame.Rect(m, m, rect.w, rect.h)
        radius = max(6, rect.h // 8)
        pygame.draw.rect(image, (0, 0, 0, 90), inner.move(0, max(2, rect.h // 30)), border_radius=radius)
        image.blit(self.host.build_panel(seat, content), inner)
        spare, self._spare = self._spare, None
        drawn = spare if spare is not None and spare.get_size() == size else pygame.Surface(size, pygame.SRCALPHA)
        tags = drawn if self.host.panel_extras(seat, content, drawn, inner) else None
        if tags is None:
            self._spare = drawn
        image, tags = _for_display(image), _for_display(tags) if tags is not None else None
        self._images[seat] = (content, image, inner, tags)
        return image, inner, tags

    def tag_overhang(self, seat: int) -> tuple[int, int]:
        """How far the seat's tags (see `panel_extras`), as last drawn, stick out above and below its
        panel: its notes keep off them too."""
        cached = self._images.get(seat)
        if cached is None or cached[3] is None:
            return (0, 0)
        _, _, inner, tags = cached
        found = self._overhangs.get(seat)
        if found is None or found[0] is not tags:
            ink = tags.get_bounding_rect()
            found = self._overhangs[seat] = (tags, (max(0, inner.top - ink.top), max(0, ink.bottom - inner.bottom)))
        return found[1]

    def _turn_overlays(self, seat: int) -> tuple[pygame.Surface, pygame.Surface]:
        """The glow behind and the thick frame on top of the seat whose turn it is, with a pool of light on
        its upper half (cached per seat)."""
        rect = self.host.L.seats[seat].rect
        key = ("turn", seat, rect.size)
        cached = self._turn.get(key)
        if cached is None:
            glow_rect = rect.inflate(rect.h // 7, rect.h // 7)
            glow = pygame.Surface(glow_rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                glow, (*colors.seat_color(seat), 70), glow.get_rect(), border_radius=glow_rect.h // 6
            )
            frame = hud.turn_frame(rect.size, colors.seat_color(seat))
            # the mat lit from above, as if the table's lamp had turned to it
            frame.blit(texture.glow((rect.w, rect.h), TURN_LIGHT, TURN_LIGHT_ALPHA), (0, -rect.h // 3))
            cached = (glow, frame)
            self._turn[key] = cached
        return cached

    def draw(self, surface: pygame.Surface, seat: int, key: Key, dx: int) -> pygame.Rect:
        """A seat drawn on its own, `dx` aside (shaken); on its turn (`key[0]`) lifted, glowing and framed.
        Its panel's screen rect."""
        image, inner, tags = self.image(seat, key[1:])
        area = self.area(seat)
        x, y = area.x + dx, area.y
        if key[0]:
            y -= max(2, inner.h // 22)
            glow, frame = self._turn_overlays(seat)
            surface.blit(glow, glow.get_rect(center=inner.move(x, y).center))
            surface.blit(image, (x, y))
            surface.blit(frame, inner.move(x, y))
        else:
            surface.blit(image, (x, y))
        if tags is not None:
            surface.blit(tags, (x, y))
        return inner.move(x, y)

    def blit_idle(self, layer: pygame.Surface, seat: int, content: Key) -> None:
        """A seat not on its turn, onto the still layer."""
        image, _, tags = self.image(seat, content)
        area = self.area(seat)
        layer.blit(image, area)
        if tags is not None:
            layer.blit(tags, area)


def _for_display(image: pygame.Surface) -> pygame.Surface:
    """`image` in the display's pixel format with alpha (blitted fastest), converted only when it is not in it
    already: a converted copy of a mat is a new picture (0.4 ms at 1920x1080), and a picture made with
    SRCALPHA is in the display's format already under X11 and the dummy driver (measured)."""
    if pygame.display.get_surface() is None:
        return image
    probe = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    if probe.get_bitsize() == image.get_bitsize() and probe.get_masks() == image.get_masks():
        return image
    return image.convert_alpha()
