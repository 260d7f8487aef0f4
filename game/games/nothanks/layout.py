"""How this game's table wants its space (see game.games.base.LayoutHints)."""

from game.games.base import LayoutHints

LAYOUT = LayoutHints(pile_cards=2.4, panel_wide=1.7, info_above=True, tag_room=True)
