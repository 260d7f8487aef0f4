"""Pad families: which buttons a pad has printed on it, so every label names the button a player can see.

SDL tells each pad's type (SDL_GameControllerTypeForIndex); the type, or for SDL's "unknown" and
"virtual" types the USB vendor/product ids, gives the family:

- "xbox": A B X Y, LB RB LT RT, View / Menu (an Xbox 360 pad: Back / Start);
- "playstation": ✕ ○ □ △, L1 R1 L2 R2, Create / Options (PS4: Share / Options; PS3: Select / Start);
- "nintendo": A B X Y where printed, L R ZL ZR, − / +;
- "steamdeck": A B X Y, L1 R1 L2 R2, ⧉ / ☰;
- "generic": the Xbox words (A B X Y, LB RB LT RT, Back / Start), for pads nobody can name.

Which physical button does what (see README "Pads"): the game sets SDL_GAMECONTROLLER_USE_BUTTON_LABELS
to 1, so SDL's "a" is the button *printed* A. On Xbox, PlayStation and Steam Deck pads that is the bottom
face button (✕ on PlayStation); on a Nintendo pad it is the right-hand A, which is where a Switch owner's
thumb goes to confirm. "a" confirms and is the first game button (play / take); "b" goes back and is the
second (slap / pass), with every shoulder and trigger, which sit in the same place on every family.
"""

from __future__ import annotations

from game.i18n import NP_, pt, t

BUTTON = "controller button"  # the catalogues' context for a button's printed word
XBOX, PLAYSTATION, NINTENDO, STEAMDECK, GENERIC = "xbox", "playstation", "nintendo", "steamdeck", "generic"
FAMILIES = (XBOX, PLAYSTATION, NINTENDO, STEAMDECK, GENERIC)

# SDL_GameControllerType (SDL 2.32) -> family.
SDL_TYPES = {1: XBOX, 2: XBOX, 3: PLAYSTATION, 4: PLAYSTATION, 5: NINTENDO, 7: PLAYSTATION,
             11: NINTENDO, 12: NINTENDO, 13: NINTENDO}
XBOX360, PS3, PS4, PS5 = 1, 3, 4, 7
# Where SDL says "unknown" or "virtual": the vendor (and product) ids of the makers whose pads print
# their own words.
VENDORS = {0x045E: XBOX, 0x054C: PLAYSTATION, 0x057E: NINTENDO}
VALVE, STEAM_DECK, STEAM_VIRTUAL = 0x28DE, 0x1205, 0x11FF

# What each family prints on its buttons (by SDL's control names).
_XBOX = {"a": "A", "b": "B", "x": "X", "y": "Y", "leftshoulder": "LB", "rightshoulder": "RB",
         "lefttrigger": "LT", "righttrigger": "RT", "back": NP_("controller button", "View"), "start": NP_("controller button", "Menu"),
         "guide": NP_("controller button", "Guide"), "leftstick": NP_("controller button", "L-stick"), "rightstick": NP_("controller button", "R-stick")}
LABELS: dict[str, dict[str, str]] = {
    XBOX: _XBOX,
    GENERIC: {**_XBOX, "back": NP_("controller button", "Back"), "start": NP_("controller button", "Start")},
    PLAYSTATION: {**_XBOX, "a": "✕", "b": "○", "x": "□", "y": "△", "leftshoulder": "L1",
                  "rightshoulder": "R1", "lefttrigger": "L2", "righttrigger": "R2", "back": NP_("controller button", "Create"),
                  "start": NP_("controller button", "Options"), "guide": "PS", "leftstick": "L3", "rightstick": "R3"},
    NINTENDO: {**_XBOX, "leftshoulder": "L", "rightshoulder": "R", "lefttrigger": "ZL", "righttrigger": "ZR",
               "back": "−", "start": "+", "guide": NP_("controller button", "Home")},
    STEAMDECK: {**_XBOX, "leftshoulder": "L1", "rightshoulder": "R1", "lefttrigger": "L2",
                "righttrigger": "R2", "back": "⧉", "start": "☰", "guide": NP_("controller button", "Steam"),
                "leftstick": "L3", "rightstick": "R3"},
}
# Models that print other words than their family's newest pad.
MODEL_LABELS: dict[int, dict[str, str]] = {
    XBOX360: {"back": NP_("controller button", "Back"), "start": NP_("controller button", "Start")},
    PS4: {"back": NP_("controller button", "Share")},
    PS3: {"back": NP_("controller button", "Select"), "start": NP_("controller button", "Start")},
}
# Words printed on buttons (translated with the context "controller button", as the menu's "Back" is
# another word) and the letters the catalogues already carry (game/i18n_names.py); symbols and the
# PlayStation / Nintendo / Deck abbreviations read the same in every language.
WORDS = frozenset({"View", "Menu", "Back", "Start", "Guide", "Create", "Options", "Share", "Select", "Home",
                   "Steam", "L-stick", "R-stick"})
LETTERS = frozenset({"A", "B", "X", "Y", "LB", "RB", "LT", "RT"})
DPAD = {"dpup": "↑", "dpdown": "↓", "dpleft": "←", "dpright": "→"}


def family_of(sdl_type: int, vendor: int, product: int) -> str:
    """The family of a pad SDL calls `sdl_type`, made by `vendor` as `product`."""
    if sdl_type in SDL_TYPES:
        return SDL_TYPES[sdl_type]
    if vendor == VALVE and product == STEAM_DECK:
        return STEAMDECK
    return VENDORS.get(vendor, GENERIC)


def label(control: str, family: str = GENERIC, model: int = 0) -> str:
    """What `control` (an SDL control name: "a", "leftshoulder", "start") is printed as on a pad of
    `family` (SDL type `model`): "✕" on a PlayStation pad's "a", "ZR" on a Switch pad's right trigger."""
    if control in DPAD:
        return DPAD[control]
    word = MODEL_LABELS.get(model, {}).get(control) or LABELS.get(family, LABELS[GENERIC]).get(control, control)
    if word in WORDS:
        return pt(BUTTON, word)
    return t(word) if word in LETTERS else word


def labels(control: str, kinds: list[tuple[str, int]]) -> str:
    """`control` as printed on each of these pads ((family, model) each), each wording once, in order:
    "A", "A / ✕". With no pads, the generic words."""
    found = list(dict.fromkeys(label(control, family, model) for family, model in kinds))
    return " / ".join(found) if found else label(control)
