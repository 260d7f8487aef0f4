"""game.cards: parsing two-letter codes, ranks, suits and display names."""

import pytest

from game import cards


@pytest.mark.parametrize(
    ("text", "code"),
    [("QS", "QS"), ("qs", "QS"), (" td ", "TD"), ("10H", "TH"), ("10c", "TC"), ("AH", "AH"), ("2d", "2D")],
)
def test_parse_accepts_codes_and_canonicalises(text, code):
    assert cards.parse(text) == code


@pytest.mark.parametrize("text", ["", "Q", "QSS", "1S", "ZS", "QX", "11H", "S Q", "♠Q"])
def test_parse_rejects_anything_else_with_a_clear_message(text):
    with pytest.raises(cards.CardError) as info:
        cards.parse(text)
    assert repr(text) in str(info.value)
    assert "QS" in str(info.value)  # the message shows what a code looks like


@pytest.mark.parametrize("value", [12, None, ("Q", "S")])
def test_parse_rejects_non_strings(value):
    with pytest.raises(cards.CardError, match="string"):
        cards.parse(value)


def test_card_error_is_a_value_error():
    assert issubclass(cards.CardError, ValueError)


def test_rank_suit_and_values():
    assert cards.rank("QS") == "Q"
    assert cards.suit("QS") == "S"
    assert cards.rank_value("AH") == 1
    assert cards.rank_value("TD") == 10
    assert cards.rank_value("JC") == 11
    assert cards.rank_value("KS") == 13


@pytest.mark.parametrize(
    ("code", "label", "shown"),
    [("QS", "Q", "Q\u2660"), ("TD", "10", "10\u2666"), ("AH", "A", "A\u2665"), ("7C", "7", "7\u2663")],
)
def test_label_and_display(code, label, shown):
    assert cards.label(code) == label
    assert cards.display(code) == shown


def test_long_name():
    assert cards.long_name("QS") == "queen of spades"
    assert cards.long_name("TD") == "ten of diamonds"


def test_full_deck_is_52_distinct_parseable_codes():
    deck = cards.full_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert all(cards.parse(code) == code for code in deck)
    assert deck[0] == "AC" and deck[-1] == "KS"


def test_challenge_ranks():
    assert cards.CHALLENGE_RANKS == frozenset("JQKA")
