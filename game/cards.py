"""Playing cards as two-letter codes ("QS", "TD", "AH"): parsing, ranks, suits and display names."""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}
RANK_LABELS = {"T": "10"}
FACE_RANKS = frozenset("JQK")
CHALLENGE_RANKS = frozenset("JQKA")


class CardError(ValueError):
    """A string that is not a card code."""


def parse(code: str) -> str:
    """Return the canonical code for `code` ("qs" -> "QS", "10H" -> "TH"); raise CardError otherwise."""
    if not isinstance(code, str):
        raise CardError(f"a card code must be a string like 'QS', not {code!r}")
    text = code.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise CardError(
            f"{code!r} is not a card: use a rank from {RANKS} and a suit from {SUITS}, e.g. 'QS' or 'TD'"
        )
    return text


def rank(code: str) -> str:
    return code[0]


def suit(code: str) -> str:
    return code[1]


def rank_value(code: str) -> int:
    """Ace 1, two 2 … ten 10, jack 11, queen 12, king 13."""
    return RANKS.index(code[0]) + 1


def label(code: str) -> str:
    """The corner index: 'A', '2' … '10', 'J', 'Q', 'K'."""
    r = code[0]
    return RANK_LABELS.get(r, r)


def display(code: str) -> str:
    """Short name with the suit symbol: 'Q♠', '10♦'."""
    return f"{label(code)}{SUIT_SYMBOLS[code[1]]}"


def long_name(code: str) -> str:
    return f"{RANK_NAMES[code[0]]} of {SUIT_NAMES[code[1]]}"


def full_deck() -> list[str]:
    """The 52 codes in a fixed order (suit by suit, ace to king)."""
    return [r + s for s in SUITS for r in RANKS]
