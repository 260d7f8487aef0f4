"""How this game's table wants its space (see game.games.base.LayoutHints): at a bigger text size
(`hints`), smaller centre cards, so the prompt above the face-up card and the sum under it keep their rows
between the seats above and below the centre."""

from dataclasses import dataclass

from game.games.base import LayoutHints

CARD_SHRINK = 0.3  # per unit of text scale over 1: how much smaller the centre's cards are


@dataclass(frozen=True)
class NothanksLayout(LayoutHints):
    """LayoutHints and the centre cards' size (read by game.render.layout.table_layout)."""

    card_scale: float = 1.0  # the centre's cards next to the standard size


LAYOUT = NothanksLayout(pile_cards=2.4, panel_wide=1.7, info_above=True, tag_room=True)


SHRINK_STEPS = (1.0, 0.95, 0.9, 0.85)  # the centre's cards at most this much smaller for the prompt's room


def hints(text_scale: float, shrink: float = 1.0) -> NothanksLayout:
    """LAYOUT at the text size `text_scale` (1.0: LAYOUT itself), its centre cards `shrink` times smaller
    again (where the seats round the centre leave the prompt too little room: a longer language)."""
    scale = 1.0 if text_scale <= 1.0 else 1.0 - CARD_SHRINK * (text_scale - 1.0)
    if scale * shrink >= 1.0:
        return LAYOUT
    return NothanksLayout(pile_cards=LAYOUT.pile_cards, panel_wide=LAYOUT.panel_wide, info_above=True,
                          tag_room=True, card_scale=scale * shrink)
