"""Snap's words. Snap lives under examples/, outside the game's catalogues (babel.cfg extracts game/ only), so it
carries its own tiny Danish and Swedish: `w(text, **values)` looks the English up in the language in force
(game.i18n.language()), as a third-party game without catalogue entries would."""

from __future__ import annotations

from game import i18n

from .engine import Rules

WORDS: dict[str, dict[str, str]] = {
    "da": {
        "Snap": "Snap",
        "Turn cards onto one pile in turn.": "Vend kort op på én bunke på skift.",
        "Two of a rank on top? Snap it first!": "To ens øverst? Snap den først!",
        "2–6 players · quick, for a test": "2–6 spillere · hurtigt, til en test",
        "play": "spil", "snap": "snap",
        "Deck": "Bunke", "Wrong snap": "Forkert snap",
        "{n} ranks": "{n} kort pr. kulør",
        "gives 1 card": "giver 1 kort", "gives {n} cards": "giver {n} kort", "costs nothing": "koster intet",
        "{n} ranks · a wrong snap gives {k}": "{n} kort pr. kulør · forkert snap giver {k}",
        "In turn, turn the deck's top card onto the pile.": "Vend på skift bunkens øverste kort op på bunken.",
        "When the top two cards have the same rank, anyone may snap: the first takes the pile.":
            "Når de to øverste kort er ens, må alle snappe: den første tager bunken.",
        "A wrong snap puts {k} of your cards under the pile. Most cards at the end wins.":
            "Et forkert snap lægger {k} af dine kort under bunken. Flest kort til sidst vinder.",
        "{name}: play ({key})": "{name}: spil ({key})", "{name} plays": "{name} spiller",
        "A pair! Snap!": "Et par! Snap!",
        "Snap! +{n}": "Snap! +{n}", "Not your turn": "Ikke din tur",
        "{n} in the pile · {d} in the deck": "{n} i bunken · {d} tilbage",
        "Cards won": "Vundne kort", "Wrong snaps": "Forkerte snap",
    },
    "sv": {
        "Snap": "Snap",
        "Turn cards onto one pile in turn.": "Vänd kort på en hög i tur och ordning.",
        "Two of a rank on top? Snap it first!": "Två lika överst? Snappa först!",
        "2–6 players · quick, for a test": "2–6 spelare · snabbt, för ett test",
        "play": "spela", "snap": "snap",
        "Deck": "Kortlek", "Wrong snap": "Fel snap",
        "{n} ranks": "{n} kort per färg",
        "gives 1 card": "ger 1 kort", "gives {n} cards": "ger {n} kort", "costs nothing": "kostar inget",
        "{n} ranks · a wrong snap gives {k}": "{n} kort per färg · fel snap ger {k}",
        "In turn, turn the deck's top card onto the pile.": "Vänd i tur och ordning lekens översta kort på högen.",
        "When the top two cards have the same rank, anyone may snap: the first takes the pile.":
            "När de två översta korten är lika får alla snappa: den första tar högen.",
        "A wrong snap puts {k} of your cards under the pile. Most cards at the end wins.":
            "Ett fel snap lägger {k} av dina kort under högen. Flest kort till sist vinner.",
        "{name}: play ({key})": "{name}: spela ({key})", "{name} plays": "{name} spelar",
        "A pair! Snap!": "Ett par! Snap!",
        "Snap! +{n}": "Snap! +{n}", "Not your turn": "Inte din tur",
        "{n} in the pile · {d} in the deck": "{n} i högen · {d} kvar i leken",
        "Cards won": "Vunna kort", "Wrong snaps": "Fel snap",
    },
}


def w(text: str, /, **values: object) -> str:
    """`text` in the language in force (English where Snap has no word for it), its {fields} filled."""
    shown = WORDS.get(i18n.language(), {}).get(text, text)
    return shown.format(**values) if values else shown


def summary(rules: Rules) -> str:
    return w("{n} ranks · a wrong snap gives {k}", n=rules.ranks, k=rules.penalty)
