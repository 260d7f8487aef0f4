"""What every table view is made of: a view-model (the game's events as typed effects), the layout, and
the drawing both tables share: felt, seat panels in a still layer, flyers, notes, banners, small print.

A game's view adds its geometry (what its anchors and centre are) and its painting, and lists its
view-model's handlers; `draw` must stay a pure function of (state, view-model, time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.contract import LayoutHints
from game.core.memo import Key
from game.render import felt
from game.render.anim import Anim
from game.render.card_art import CardArt
from game.render.effects import Anchor, Back, CardKey, Face, Flip, Flyer, Shake
from game.render.layout import TableLayout, table_layout
from game.render.notes import Notes, Pinned
from game.render.panels import Panels
from game.render.scale import looks_key, text_px
from game.render.seat_keys import SeatKeys
from game.render.small_print import SmallPrint
from game.render.text import TextBox, TextBoxes, TextCache
from game.render.tokens import Tokens
from game.render.tween import ease_out, lerp, lerp_point, shake
from game.render.view_model import MS, ViewModel

__all__ = ["MS", "TableView"]

AnchorMap = Callable[[Anchor], tuple[float, float]]


def _no_poll() -> None:
    pass


class TableView:
    """A table's view: its view-model (`model`), layout (`L`), caches, and the shared drawing."""

    layout_hints: LayoutHints | None = None  # the game's (GameDef.layout), for table_layout
    notes_in_column = False  # with mats in rows, a seat's notes keep to the felt over (or under) its own mat
    places: tuple[float, ...] | None = None  # where each seat sits (table_layout's; game.render.seat_order)
    text_aspect = 2.0  # a panel narrower than this many heights sizes its text by its width
    key_hints = True  # the table names its own keys in its corner, the rules' key too (the replay viewer's do other things)
    short_notes: tuple[str, ...] = ()  # msgids of the notes said without a name: every notes lane holds their words

    def __init__(
        self,
        model: ViewModel,
        controls: list[str],
        seed: int,
        *,
        texts: TextCache | None = None,
        four_colour: bool = False,
    ) -> None:
        self.model = model
        self.controls = list(controls)
        self.seed = seed
        self.art = CardArt(four_colour)
        self.texts = texts or TextCache()
        self.tokens = Tokens()
        # Called between drawing stages: the table scene sets it to the input router's poll, so a
        # press made while a frame is being drawn is read (and stamped) within a fraction of a ms.
        # Reading input changes nothing in the game; the drawing stays a pure function of the state.
        self.poll: Callable[[], None] = _no_poll
        self.L: TableLayout = table_layout((1280, 720), self.n, self.layout_hints)
        self.panels = Panels(self)
        self.notes = Notes(self)
        self.small_print = SmallPrint()
        self.boxes = TextBoxes()  # the words drawn in the frame being drawn, each with its box
        self._layer: pygame.Surface | None = None  # felt + idle seats, patched where they change
        self._layer_note = ""
        self._in_layer: dict[int, Key] = {}
        self._looks = looks_key()  # what the panels were drawn with: language, letters, text size

    # -- who sits where, and the motion setting: the view-model's -----------------------------------
    @property
    def names(self) -> list[str]:
        return self.model.names

    @property
    def n(self) -> int:
        return self.model.n

    @property
    def faces(self) -> list[int | None]:
        """Each seat's face on its mat (a profile's avatar; None: the seat's colour): the view-model's."""
        return self.model.faces

    @property
    def keys(self) -> list[SeatKeys | None]:
        return self.model.keys

    @property
    def bots(self) -> set[int]:
        return self.model.bots

    @bots.setter
    def bots(self, seats: set[int]) -> None:
        self.model.bots = set(seats)

    @property
    def reduced_motion(self) -> bool:
        return self.model.reduced_motion

    @reduced_motion.setter
    def reduced_motion(self, on: bool) -> None:
        self.model.reduced_motion = on

    @property
    def anim(self) -> Anim:
        return self.model.anim

    def keys_of(self, seat: int) -> SeatKeys | None:
        return self.model.keys_of(seat)

    def on_event(self, event: object, t_ns: int, state: Any) -> list[str]:
        """Start what one engine or match event shows; the sounds to play."""
        return self.model.on_event(event, t_ns, state)

    # -- settings and layout ------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.L = table_layout(size, self.n, self.layout_hints, self.places)
        self.panels.clear()
        self._layer = None
        self.notes.clear()
        self.tokens.clear()

    def forget_searches(self) -> None:
        """Forget what the layouts of every table of this game searched and kept (`bench layout` times a layout
        as in a window not seen before); a table that keeps none has nothing to forget."""

    def set_controls(self, controls: list[str], keys: list[SeatKeys | None] | None = None) -> None:
        """The panels' controls lines and (if given) each seat's key labels for the prompts."""
        keys = list(keys) if keys is not None else self.keys
        if controls != self.controls or keys != self.keys:
            self.controls = list(controls)
            self.model.keys = keys
            self.panels.clear(turns=False)
            self._layer = None

    def set_faces(self, faces: list[int | None]) -> None:
        """Each seat's face (a profile's avatar index, None for a guest or a bot; missing seats: None)."""
        shown = [faces[seat] if seat < len(faces) else None for seat in range(self.n)]
        if shown != self.model.faces:
            self.model.faces = shown
            self.panels.clear(turns=False)
            self._layer = None

    def set_four_colour(self, on: bool) -> None:
        if on != self.art.four_colour:
            self.art.set_four_colour(on)
            self.panels.clear(turns=False)
            self._layer = None

    # -- geometry -----------------------------------------------------------------------------------
    def anchor(self, a: Anchor) -> tuple[float, float]:
        """Screen position of a named anchor; a game's view adds its own names."""
        if a[0] == "seat":
            seat: int = a[1]
            return self.L.seats[seat].stack.center
        if a[0] == "info":
            seat = a[1]
            return self.L.seats[seat].info.center
        return self.L.centre

    def card_scale(self, a: Anchor) -> float:
        """How big a card is at anchor `a`, as a share of the centre's cards (a flyer with no scale of its
        own grows or shrinks from its start's to its end's)."""
        return 1.0

    def flyer_pos(
        self, f: Flyer, now: float, anchor: AnchorMap | None = None
    ) -> tuple[tuple[float, float], float, float, float]:
        """(position, eased progress, width scale, angle) of a flyer at `now` (anchors resolved by
        `anchor`, else by the view's own)."""
        at = anchor or self.anchor
        p = f.tween.progress(now)
        pos = lerp_point(at(f.src), at(f.dst), p)
        grow = f.scale if f.scale is not None else (self.card_scale(f.src), self.card_scale(f.dst))
        return pos, p, lerp(grow[0], grow[1], p), lerp(f.angle[0], f.angle[1], p)

    def shake_dx(self, seat: int, now: float) -> int:
        dx = 0.0
        for e in self.anim.started(Shake, now):
            if e.seat == seat:
                dx += shake(e.tween.raw(now), self.L.seats[seat].rect.h * 0.09)
        return round(dx)

    # -- what a game's view tells the shared drawing ------------------------------------------------
    def seat_key(self, seat: int, state: Any, now: float) -> Key:
        """(is it this seat's turn, *everything its panel shows*): the panel is rebuilt when the rest
        changes; the turn only changes how it is drawn (lifted, glowing)."""
        raise NotImplementedError

    def build_panel(self, seat: int, content: Key) -> pygame.Surface:
        """The panel for `content` (a seat key without its first item), the size of the seat's rect."""
        raise NotImplementedError

    def panel_extras(self, seat: int, content: Key, image: pygame.Surface, rect: pygame.Rect) -> bool:
        """Draw what sticks out of the panel (tags) onto `image`, a transparent overlay the size of the
        seat's composed image; `rect` is the panel in it. Returns whether anything was drawn."""
        return False

    def name_reserve(self, seat: int) -> int:
        """Room (px) kept free right of the name for what the game shows there."""
        return 0

    def controls_width(self, seat: int) -> int:
        """How wide a seat's controls line may be: beside what the game shows right of the name."""
        return self.L.seats[seat].info.w - self.name_reserve(seat)

    def corner_text(self) -> str:
        """Small print for a free corner (the house rules)."""
        return ""

    def keep_clear(self) -> list[pygame.Rect]:
        """Felt the seats' notes stay off (the game's prompt, the pile); none here."""
        return []

    def spotlight(self) -> pygame.Rect | None:
        """What a pool of light on the felt falls round (the table's star), if anything."""
        return None

    def banner_lane(self) -> pygame.Rect | None:
        """Where the table's banners go, if it has a lane for them (None: at their anchors)."""
        return None

    def covered(self) -> tuple[list[list[pygame.Rect]], list[pygame.Rect]]:
        """What a label over the table keeps off, the most important first, and the words of the frame last drawn
        (see Scene.covered): the seats' mats, the corner's small print and the centre's felt (`centre_felt`); the
        seats' notes lanes; all the felt the lanes keep clear (the centre's lanes, words said there now and then).
        They stay put while a game goes on: the label does not jump about as notes come and go."""
        corner = self.corner_rect()
        places = [*(self.notes.panel_zone(s) for s in range(self.n)), *([] if corner is None else [corner]),
                  *self.centre_felt()]
        return [places, [lane.rect for lane in self.notes.lanes()], self.notes.blocks()], [
            b.rect for b in self.text_boxes()]

    def centre_felt(self) -> list[pygame.Rect]:
        """The centre's felt a label never covers (see `covered`): all the seats' notes keep clear, here."""
        return self.keep_clear()

    def text_boxes(self) -> list[TextBox]:
        """Every text drawn in the last frame, with the box it was drawn in: the seats' panels (each
        seat's words as one box), the corner's small print, the notes, banners and the game's own words.
        No two intersect (the lanes see to it)."""
        return self.boxes.all()

    def own_lane(self, seat: int) -> pygame.Rect:
        """Where a seat's notes go when no felt near it is free: over its own cards (a game keeps its words
        there clear)."""
        return self.L.seats[seat].stack.copy()

    def mat_words(self, seat: int, whole: bool = False, named: bool = False) -> pygame.Rect | None:
        """Where words pinned at a seat go on its own mat when its lane has no room for them (see Notes.pin):
        over its own cards (None: the mat has no such place clear of its own words); `whole`: the most of the mat
        they may have where that is too low for them (here the same; `named`: words naming the seat, which may
        cover its name)."""
        return self.own_lane(seat)

    def panel_text_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's panel has its words, in the panel's own coordinates (a game may narrow it)."""
        return pygame.Rect((0, 0), self.L.seats[seat].rect.size)

    # -- the seats and the felt -----------------------------------------------------------------------
    def text_unit(self, seat: int) -> float:
        """What a seat's text sizes scale with: the panel's height, or less when the panel is narrow."""
        rect = self.L.seats[seat].rect
        return min(rect.h, rect.w / self.text_aspect)

    def tag_overhang(self, seat: int) -> tuple[int, int]:
        return self.panels.tag_overhang(seat)

    def draw_table(self, surface: pygame.Surface, state: Any, now: float) -> list[pygame.Rect]:
        """Felt, small print and the seats. Idle seats live in one opaque layer that is patched only
        where a seat changed; the seat whose turn it is and shaking seats are drawn on top each frame.
        Returns the panels' screen rects."""
        panels = self.panels
        self.boxes.reset()
        looks = looks_key()
        if looks != self._looks:  # a frame in another language (i18n.using) or other looks: panels of its own
            self._looks = looks
            panels.clear(turns=False)
            self._layer = None
        keys = [self.seat_key(seat, state, now) for seat in range(self.n)]
        self.poll()
        dynamic = {s for s in range(self.n) if keys[s][0] or self.shake_dx(s, now)}
        want = {s: keys[s][1:] for s in range(self.n) if s not in dynamic}
        background = felt.background(self.L.size, self.L.felt, self.L.rim, self.spotlight())
        note = self.corner_text()
        layer = self._layer
        if layer is None or layer.get_size() != surface.get_size() or note != self._layer_note:
            layer = background.convert(surface)  # the screen's own pixel format: the cheapest blit
            if note:
                self.small_print.draw(layer, self.L, self.texts, note)
            for seat, content in want.items():
                panels.blit_idle(layer, seat, content)
            self._layer, self._layer_note, self._in_layer = layer, note, want
        elif want != self._in_layer:
            dirty = [panels.area(s) for s in range(self.n) if want.get(s) != self._in_layer.get(s)]
            for r in dirty:
                layer.set_clip(r)
                layer.blit(background, r, r)
                if note:
                    self.small_print.draw(layer, self.L, self.texts, note)
                for seat, content in want.items():
                    if panels.area(seat).colliderect(r):
                        panels.blit_idle(layer, seat, content)
                self.poll()
            layer.set_clip(None)
            self._in_layer = want
        w, h = layer.get_size()
        for band in (pygame.Rect(0, 0, w, h // 2), pygame.Rect(0, h // 2, w, h - h // 2)):
            surface.blit(layer, band, band)  # the whole-window copy is the longest step: read input halfway
            self.poll()
        rects = []
        for seat in range(self.n):
            if seat in dynamic:
                rects.append(panels.draw(surface, seat, keys[seat], self.shake_dx(seat, now)))
                self.poll()
            else:
                m = panels.margin(seat)
                rects.append(panels.area(seat).inflate(-2 * m, -2 * m))
        for seat, rect in enumerate(rects):
            size = min(panels.name_fit(seat)[1], panels.controls_size(seat))
            self.boxes.add("panel", self.panel_text_rect(seat).move(rect.topleft), self.names[seat], seat, size)

        corner = self.small_print.rect(self.L.size) if note else None
        if corner is not None and pygame.Rect((0, 0), self.L.size).colliderect(corner):
            shown = "\n".join(self.small_print.shown())  # (the parts that found room: what was drawn)
            self.boxes.add("small_print", corner, shown, px=text_px(self.small_print.size()))  # as drawn
        return rects

    def corner_rect(self, fresh: bool = False) -> pygame.Rect | None:
        """Where the corner's small print goes at this window size (None if there is none, or no corner
        is free for it). Laid out on demand, so the lanes know it before the first frame (`fresh` is
        kept for callers that asked for the current size only: it always is)."""
        note = self.corner_text()
        if not note:
            return None
        _, rect = self.small_print.layout(self.L, self.texts, note)
        return rect if pygame.Rect((0, 0), self.L.size).colliderect(rect) else None

    # -- cards in the air -------------------------------------------------------------------------------
    def card_image(
        self, key: CardKey, width: int, angle: float = 0.0, scale: float = 1.0, squash: float = 1.0,
        moving: bool = False,
    ) -> pygame.Surface:
        """A card at `width` turned by `angle`, then scaled by `scale` (and squashed sideways by `squash`).

        The art is drawn once per width and angle; in-between sizes of a moving card are a quick scale
        of it, so no card is ever redrawn in the middle of an animation (a `moving` card is turned the
        quick way: see CardArt.surface).
        """
        img = self.art.surface(key, width, round(angle), smooth=not moving)
        if abs(scale - 1.0) > 0.01 or squash < 1.0:
            w, h = img.get_size()
            img = pygame.transform.scale(img, (max(1, round(w * scale * squash)), max(1, round(h * scale))))
        return img

    def draw_flying_card(
        self, surface: pygame.Surface, f: Flyer, now: float, width: int, anchor: AnchorMap | None = None
    ) -> None:
        """A card in the air: face, back, or flipping.

        A flipping card shows its face from its first frame (nothing a player must react to hides behind
        an animation: slaps are judged from the moment a card is played); the flip is the face opening
        out from edge-on over the first quarter of the flight.
        """
        if not f.tween.started(now):
            return
        pos, _, scale, angle = self.flyer_pos(f, now, anchor)
        art = f.art
        raw = f.tween.raw(now)
        if isinstance(art, Flip) and raw < 0.25:
            squash = 0.35 + 0.65 * ease_out(raw / 0.25)
            img = self.card_image(art.key, width, 0.0, scale, squash)
        elif isinstance(art, Back):
            img = self.card_image(("back",), width, angle, scale, moving=raw < 1.0)
        elif isinstance(art, Face | Flip):
            img = self.card_image(art.key, width, angle, scale, moving=raw < 1.0)
        else:
            raise TypeError(f"a card in the air the table cannot draw: {art!r}")
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    # -- words on the felt ------------------------------------------------------------------------------

    def draw_notes(self, surface: pygame.Surface, now: float, pinned: Pinned | None = None) -> None:
        """The seats' notes after their `pinned` words and (if the table has no banner lane of its own to
        draw them in) the banners (see game.render.notes)."""
        self.notes.draw(surface, self.anim.effects, now, banners=self.banner_lane() is None, pinned=pinned)
