"""How this game's table wants its space (see game.games.base.LayoutHints)."""

from game.games.base import LayoutHints

LAYOUT = LayoutHints(pile_cards=3.2, panel_wide=1.45, info_above=False, tag_room=False)
