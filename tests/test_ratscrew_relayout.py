"""The Ratscrew table's relayout is made cheaper (issue 22 item 7) without moving anything: the view's layout
(its table layout, centre cards, lanes' mode, geometry, notes lanes and small print) is exactly what the
plain search finds, the one written here as it was first made: every scale of the step grid tried for each
mode from the largest down, and every seats' notes check done afresh.

The fast search stops a later mode's scan at the best scale found so far: that rests on a smaller scale
never giving bigger centre cards, nor bigger cards a smaller share of the window (checked here too)."""

from __future__ import annotations

import pytest

from game import i18n
from game.games.ratscrew import engine as rs
from game.games.ratscrew.geometry import CARD_MAX, COLUMNS_CARD_MAX, MODES, RatscrewGeometry
from game.games.ratscrew.view import SHRINK_HALVINGS, SHRINK_MOST, RatscrewView
from game.render import scale
from game.render.card_art import RATIO
from game.render.layout import table_layout
from game.render.table_view import TableView
from game.render.text import TextCache


class PlainView(RatscrewView):
    """RatscrewView with the search as first written (the reference the fast one must equal)."""

    def _fit_rows(self, size: tuple[int, int]) -> None:
        w, h = size
        base = max(28, round(min(h * 0.15, w * 0.085)))
        most = (COLUMNS_CARD_MAX if self._columns else CARD_MAX) * h / RATIO / base
        best = None
        for mode in MODES:
            card = most
            while card > 0.5:
                self._card = card
                L = table_layout(size, self.n, self.layout_hints, self.places)
                if not L.rows:
                    card *= 0.97
                    continue
                geo = RatscrewGeometry(L, self.seed, mode)
                if geo.ok:
                    if best is None or geo.share() > best[0] + 1e-6:
                        best = (geo.share(), card, mode)
                    break
                card *= 0.97
        best = self._finer(size, best)  # then in finer steps (issue 37: shared with the fast search)
        if best is None:
            self._card = None
            TableView.relayout(self, size)
            return
        self._card, self._mode = best[1], best[2]
        TableView.relayout(self, size)

    def _shrink_for_notes(self, size: tuple[int, int]) -> bool:
        # as first written (on no fit: laid out again at the first size), then the caller's check afresh
        self._plain_shrink(size)
        return not self.L.rows or (self._notes_fit() and self._banners_fit())

    def _plain_fits(self, size: tuple[int, int], card: float) -> bool:
        self._card = card
        self.small_print = self.corner_print()
        TableView.relayout(self, size)
        return self.L.rows and self._notes_fit() and self._notes_full() and self._banners_fit()

    def _plain_shrink(self, size: tuple[int, int]) -> None:
        if not self.L.rows or self._card is None or (self._notes_fit() and self._banners_fit()):
            return
        first = self._card
        while self._card > first * SHRINK_MOST:
            tried = self._card
            if self._plain_fits(size, self._card * 0.95):
                fits, short = self._card, tried  # then back up towards the size that did not fit, by halves
                for _ in range(SHRINK_HALVINGS):
                    if self._plain_fits(size, (fits + short) / 2):
                        fits = self._card
                    else:
                        short = self._card
                self._plain_fits(size, fits)
                return
            if not self.L.rows:
                break
        self._card = first
        self.small_print = self.corner_print()
        TableView.relayout(self, size)


def _rect(r):
    return None if r is None else tuple(r)


def _record(v: RatscrewView) -> dict:
    L, g = v.L, v.geo
    return {
        "layout": (L.size, tuple(L.felt), L.rim, L.centre, L.card_w, L.seat_card_w, tuple(L.pile), L.rows,
                   tuple((s.rect, s.stack, s.info, s.angle, _rect(s.name)) for s in L.seats)),
        "card": v._card, "mode": v._mode, "tall": v._tall,
        "geo": (g.mode, tuple(g.pile_zone), g.centre, g.headline_top, g.status_top, g.bar_y, g.ok,
                tuple(map(tuple, g.core_lanes())), tuple(g.claim_bar())),
        "lanes": tuple(map(tuple, v.lanes())),
        "notes": tuple((n.seat, tuple(n.rect), n.side, n.clear) for n in v.notes.lanes()),
        "corner": _rect(v.corner_rect()),
    }


def _view(cls, n: int, places=None) -> RatscrewView:
    v = cls(rs.Rules(), [f"Player {i + 1}" for i in range(n)], ["kb:0"] * n, 1, texts=TextCache())
    v.mats_in_rows = True
    v.places = places
    return v


@pytest.fixture(autouse=True)
def looks():
    yield
    scale.install(text=1.0)
    scale.install(large_cards=False)
    scale.install(window=(1280, 720))
    i18n.set_language("en")


CASES = [
    # (seats, window, text size, large cards, places): mats beside the pile, the pile shrunk for the notes
    # (eight seats at 150 %), two seats at the sides (the lanes over and under the pile), large cards whose
    # pile finds no room between the rows, and large cards at 150 % whose notes find no felt beside the mats
    # at any pile size (six and seven seats at 1920x1080): both fall back to the ellipse
    (n, size, text, False, None) for n in (2, 5, 8) for size in ((640, 360), (1280, 720), (1920, 1080))
    for text in (1.0, 1.5)
] + [
    (2, (1280, 720), 1.25, False, (0.5, 1.5)),
    (2, (640, 360), 1.0, False, (0.5, 1.5)),
    (3, (1280, 720), 1.5, True, None),
    (5, (640, 360), 1.0, True, None),
    (8, (1920, 1080), 1.5, True, None),
    (6, (1920, 1080), 1.5, True, None),
    (7, (1920, 1080), 1.5, True, None),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1][0]}x{c[1][1]}-{c[2]}-{'large' if c[3] else 'std'}"
                         f"{'-sides' if c[4] else ''}")
def test_the_fast_relayout_lays_out_exactly_as_the_plain_search(case):
    n, size, text, large, places = case
    scale.install(text=text)
    scale.install(large_cards=large)
    scale.install(window=size)
    fast, plain = _view(RatscrewView, n, places), _view(PlainView, n, places)
    fast.relayout(size)
    plain.relayout(size)
    assert _record(fast) == _record(plain)
    # ... and again at another size, on the same view
    other = (1280, 720) if size != (1280, 720) else (1920, 1080)
    scale.install(window=other)
    fast.relayout(other)
    plain.relayout(other)
    assert _record(fast) == _record(plain)


@pytest.mark.parametrize("large", [False, True], ids=["std", "large"])
@pytest.mark.parametrize("text", [1.0, 1.5])
@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_smaller_scale_never_gives_bigger_centre_cards_nor_a_bigger_share(size, text, large):
    """What lets a later mode stop at the best scale found: down the step grid, the rows' centre cards never
    grow, and the pile's share of the window (its cards' reach) never grows with smaller cards."""
    scale.install(text=text)
    scale.install(large_cards=large)
    scale.install(window=size)
    for n in (2, 5, 8):
        v = _view(RatscrewView, n)
        w, h = size
        most = CARD_MAX * h / RATIO / max(28, round(min(h * 0.15, w * 0.085)))  # as RatscrewView._fit_rows
        last: tuple[int, float] | None = None
        card = most
        while card > 0.5:
            v._card = card
            L = table_layout(size, n, v.layout_hints, None)
            if L.rows:
                share = RatscrewGeometry(L, 1, MODES[0]).share()
                if last is not None:
                    assert L.card_w <= last[0] and share <= last[1], (n, card, L.card_w, share, last)
                last = (L.card_w, share)
            card *= 0.97



def test_a_search_remembered_is_only_reused_for_the_same_window_seats_and_looks():
    """The fast view remembers what its search found (RatscrewView._fit_rows): a change of text size, large
    cards, the window, the seats' places or the window's unit on the same view lays out as the plain search."""
    fast, plain = _view(RatscrewView, 8), _view(PlainView, 8)
    steps = [
        ((1280, 720), 1.0, False, None, (1280, 720)), ((1280, 720), 1.5, False, None, (1280, 720)),
        ((1280, 720), 1.5, True, None, (1280, 720)), ((1920, 1080), 1.5, True, None, (1920, 1080)),
        ((1920, 1080), 1.0, False, None, (1280, 720)),  # a window told of late: its unit is still 720p's
        ((1920, 1080), 1.0, False, tuple(reversed(range(8))), (1920, 1080)),
        ((1280, 720), 1.0, False, None, (1280, 720)),
    ]
    for size, text, large, places, window in steps:
        scale.install(text=text)
        scale.install(large_cards=large)
        scale.install(window=window)
        fast.places = plain.places = places
        fast.relayout(size)
        plain.relayout(size)
        assert _record(fast) == _record(plain), (size, text, large, places, window)
