"""Words the code translates only through a variable, t(level) or t(label), listed here so that the
extraction (build/i18n.py) puts them in the catalogues. tests/test_i18n_catalogues.py checks that every
bot level, key and pad label, and slap rule name is listed, so a new one cannot be missed (the pad's
Back button is named with its context in game/input/keys.py)."""

from __future__ import annotations

from game.i18n import N_

BOT_LEVELS = (
    N_("random"), N_("greedy"), N_("easy"), N_("medium"), N_("hard"),
    N_("kid"), N_("casual"), N_("pro"), N_("adaptive"),
)
KEY_LABELS = (
    N_("L-Shift"), N_("R-Shift"), N_("L-Ctrl"), N_("R-Ctrl"), N_("L-Alt"), N_("R-Alt"), N_("Space"),
    N_("Enter"), N_("Esc"), N_("Backspace"), N_("Tab"), N_("Num +"), N_("Num −"), N_("Num ×"), N_("Num ÷"),
    N_("Num ."), N_("Num Enter"),
)
PAD_LABELS = (
    N_("A"), N_("B"), N_("X"), N_("Y"), N_("Start"), N_("Guide"), N_("LB"), N_("RB"), N_("LT"),
    N_("RT"), N_("L-stick"), N_("R-stick"),
)
ARROWS = (N_("↑"), N_("↓"), N_("←"), N_("→"))
SLAP_RULES = (
    N_("Double"), N_("Sandwich"), N_("Top-bottom"), N_("Marriage"), N_("Tens"), N_("Divorce"), N_("Run"),
    N_("Six-nine"),
)
