"""How this game's table wants its space (see game.core.contract.LayoutHints): at a bigger text size
(`hints`), smaller centre cards, so the prompt above the face-up card and the sum under it keep their rows
between the seats above and below the centre."""

from dataclasses import dataclass, replace
from functools import lru_cache

from game.core.contract import LayoutHints

CARD_SHRINK = 0.4  # per unit of text scale over 1: how much smaller the centre's cards are


@dataclass(frozen=True)
class NothanksLayout(LayoutHints):
    """The table's LayoutHints (game.core.contract: every field game.render.layout reads), with this game's
    defaults: mats in rows from two seats, and the words round the centre (`words_room`) for its edition."""

    rows_from: int = 2
    crowd_from: int = 6
    mats: bool = True
    ellipse_pile_cards: float | None = 2.4
    rows_shrink: float = 0.7
    chips: bool = False  # the numbered edition (its prompt says "chip"): only words_room reads it

    def words_room(self, pile_h: int, line: int) -> tuple[int, int, int, int]:
        """In rows, the felt (px) the centre's words need round the pile (`pile_h` high: the face-up card), `line`
        the height of a line of the couch's BIG_MIN as drawn: (above it: the prompt on one line over the card,
        with its outline and the gap to the card; below it: the stack's "N left" under the stack, whose top is
        level with the card's and which is a sixth shorter (see game.games.nothanks.geometry); and the width and
        height of the prompt on a few lines, which may go up between the top mats instead)."""
        pad = 2 * max(1, line // 16)  # the words' outline
        gap = max(4, pile_h // 40)
        narrow_w, lines = self.prompt_narrow(line)
        return line + pad + gap, max(0, 6 + line + pad - pile_h // 6), narrow_w, lines * (line + pad) + gap

    def prompt_narrow(self, line: int) -> tuple[int, int]:
        """(width, lines) of the reference prompt (naming both keys, in the language in force) at the couch's
        BIG_MIN on two or three even lines, `line` its line's height (as drawn: the font's size from it)."""
        from game.games.nothanks.text import reference_prompt
        from game.render.text import get_font, keep_together, wrap

        font = get_font(_size_of(line), True)
        text = keep_together(reference_prompt(self.chips), True)
        full = font.size(text)[0]
        for lines in (2, 3):
            wrapped = wrap(text, font, full // lines + line)
            if len(wrapped) <= lines:
                return max(font.size(part)[0] for part in wrapped) + 2 * max(1, line // 16) + 4, len(wrapped)
        return full, 1


def _size_of(line: int) -> int:
    """The font size (px) whose bold line is `line` high (about)."""
    from game.render.text import get_font

    size = max(6, round(line * 0.8))
    while size > 6 and get_font(size, True).get_height() > line:
        size -= 1
    while get_font(size + 1, True).get_height() <= line:
        size += 1
    return size


# The centre is the star (issue 20): the face-up card (CENTRE_SCALE of a centre card wide: see geometry) is
# 40% of the window's height round an ellipse of two to five seats, a third of it at six to eight in rows.
CENTRE = 1.6
ROWS_CENTRE = 1.32
LAYOUT = NothanksLayout(pile_cards=3.9, panel_wide=1.7, info_above=True, tag_room=True, card_scale=CENTRE,
                        rows_card_scale=ROWS_CENTRE / CENTRE, pile_tall=1.2, ellipse_card_scale=1 / CENTRE)


SHRINK_STEPS = (1.0, 0.95, 0.9, 0.85)  # the centre's cards at most this much smaller for the prompt's room


# (3 text sizes x 4 shrinks x 2 editions: 24 small layouts at most, a few KB; the bound is never reached)
@lru_cache(maxsize=32)
def hints(text_scale: float, shrink: float = 1.0, chips: bool = False) -> NothanksLayout:
    """LAYOUT at the text size `text_scale` (1.0: LAYOUT itself), its centre cards `shrink` times smaller
    again (where the seats round the centre leave the prompt too little room: a longer language), for the
    numbered edition if `chips`."""
    scale = 1.0 if text_scale <= 1.0 else 1.0 - CARD_SHRINK * (text_scale - 1.0)
    return replace(LAYOUT, card_scale=CENTRE * min(1.0, scale * shrink), chips=chips)
