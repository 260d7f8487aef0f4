"""How this game's table wants its space (see game.core.contract.LayoutHints): the pile is the star, so its
cards are big (card_scale: the top card is 30% of the window's height at 16:9, the pile with its peeking
cards over a third of it) and the centre is tall enough for the lanes above and below the pile
(pile_tall, in card heights; see game.games.ratscrew.geometry)."""

from game.core.contract import LayoutHints

LAYOUT = LayoutHints(
    pile_cards=3.1, panel_wide=1.45, info_above=False, tag_room=False, card_scale=1.43, pile_tall=2.0,
    name_above=True,
)

# Seats as player mats in rows along the window's top and bottom (issue 20 items 1, 2, 9), the pile between
# them as big as the felt there takes (see RatscrewView._fit_rows); up to six seats in two columns at the sides,
# two or three mats a side, the pile half the window's height between them (issue 37 item 2). Used where
# RatscrewView.mats_in_rows is on.
ROWS_LAYOUT = LayoutHints(
    pile_cards=3.1, panel_wide=1.45, info_above=False, tag_room=False, card_scale=1.43, pile_tall=1.0,
    name_above=True, rows_from=2, mats=True, columns_upto=8,
)
