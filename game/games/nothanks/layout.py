"""How this game's table wants its space (see game.games.base.LayoutHints): at a bigger text size
(`hints`), smaller centre cards, so the prompt above the face-up card and the sum under it keep their rows
between the seats above and below the centre."""

from dataclasses import dataclass

from game.games.base import LayoutHints

CARD_SHRINK = 0.4  # per unit of text scale over 1: how much smaller the centre's cards are


@dataclass(frozen=True)
class NothanksLayout(LayoutHints):
    """LayoutHints and the centre cards' size (read by game.render.layout.table_layout)."""

    card_scale: float = 1.0  # the centre's cards next to the standard size
    rows_from: int = 2  # this many seats and more sit in rows along the window's top and bottom
    crowd_from: int = 6  # this many seats and more: the centre's cards are rows_card_scale of card_scale
    rows_card_scale: float = 1.0
    mats: bool = True  # the seats are mats: names at the couch's BIG_MIN, their words at its WORD_MIN
    pile_tall: float = 1.45  # the centre's height in its cards' heights (the face-up card is 1.2 of them)
    ellipse_card_scale: float = 1.0  # round an ellipse (a tall window), the centre's cards this much of card_scale
    ellipse_pile_cards: float = 2.4  # ... and the centre this many cards wide


# The centre is the star (issue 20): the face-up card (CENTRE_SCALE of a centre card wide: see geometry) is
# 40% of the window's height round an ellipse of two to five seats, a third of it at six to eight in rows.
CENTRE = 1.6
ROWS_CENTRE = 1.32
LAYOUT = NothanksLayout(pile_cards=3.9, panel_wide=1.7, info_above=True, tag_room=True, card_scale=CENTRE,
                        rows_card_scale=ROWS_CENTRE / CENTRE, pile_tall=1.2, ellipse_card_scale=1 / CENTRE)


SHRINK_STEPS = (1.0, 0.95, 0.9, 0.85)  # the centre's cards at most this much smaller for the prompt's room


def hints(text_scale: float, shrink: float = 1.0) -> NothanksLayout:
    """LAYOUT at the text size `text_scale` (1.0: LAYOUT itself), its centre cards `shrink` times smaller
    again (where the seats round the centre leave the prompt too little room: a longer language)."""
    scale = 1.0 if text_scale <= 1.0 else 1.0 - CARD_SHRINK * (text_scale - 1.0)
    if scale * shrink >= 1.0:
        return LAYOUT
    return NothanksLayout(pile_cards=LAYOUT.pile_cards, panel_wide=LAYOUT.panel_wide, info_above=True,
                          tag_room=True, card_scale=CENTRE * scale * shrink, rows_card_scale=LAYOUT.rows_card_scale,
                          pile_tall=LAYOUT.pile_tall, ellipse_card_scale=LAYOUT.ellipse_card_scale)
