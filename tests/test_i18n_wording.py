"""Words a family reads aloud (issue 24): a slap rule's name stands alone in every sentence (no article
before it, so "Du missede en Ægteskab!" cannot come back), the games' buttons say the games' own words,
and the rules screens say what a newcomer needs, to "you", in the letters on the cards."""

from __future__ import annotations

import re

import pytest
from test_i18n_catalogues import entries

from game import games, i18n
from game.games.nothanks import engine as nt
from game.games.nothanks import text as nt_text
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.games.ratscrew.school import text as school

ARTICLES = {"en": {"a", "an", "the"}, "da": {"en", "et", "den", "det"}, "sv": {"en", "ett", "den", "det"}}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def catalogue(code: str) -> list[tuple[str, str]]:
    out = []
    for e in entries(code):
        out += [(e["msgid"], text) for text in e["msgstr"]]
    return out


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_a_rule_name_starts_its_sentence_or_follows_a_colon_never_an_article(code):
    """{rule} opens the message or a sentence of it, or stands after ":", "+", "·": never mid-sentence after
    a word (the name's capital would stand mid-sentence, its gender and number would not agree)."""
    wrong = []
    for english, text in catalogue(code):
        if "{rule}" not in english:
            continue
        before = text.split("{rule}")[0].rstrip()
        last = re.findall(r"[\w']+$", before)
        if last and last[0].lower() in ARTICLES[code] or (before and before[-1] not in ":!?+·—"):
            wrong.append((english, text))
    assert wrong == []


@pytest.mark.parametrize("code, expected", [
    ("en", ["Double? Not quite!", "Double — you didn't slap!", "Missed: Double", "Mia didn't slap: Double",
            "Hint: Double!"]),
    ("da", ["Tiere? Ikke helt!", "Ægteskab — du slog ikke!", "Misset: Tiere", "Mia slog ikke: Ægteskab",
            "Tip: Tiere!"]),
    ("sv", ["Tior? Inte riktigt!", "Äktenskap — du slog inte!", "Missade: Tior", "Mia slog inte: Äktenskap",
            "Tips: Tior!"]),
])
def test_the_slap_schools_feedback_reads_right(code, expected):
    i18n.set_language(code)
    rules = {"en": ("double", "double"), "da": ("tens", "marriage"), "sv": ("tens", "marriage")}[code]
    got = [school.wrong(rules[0]), school.missed(rules[1]), school.missed_short(rules[0]),
           school.seat_missed("Mia", rules[1]), school.hint(rules[0])]
    assert got == expected


@pytest.mark.parametrize("code, take, pass_, play, slap", [
    ("en", "take", "pass", "play", "slap"), ("da", "tag", "nej tak", "vend", "slå"),
    ("sv", "ta", "nej tack", "vänd", "slå")])
def test_the_buttons_say_the_games_own_words(code, take, pass_, play, slap):
    """No Thanks' pass button says the game's name ("Nej tak"); Ratscrew's play button turns a card over."""
    i18n.set_language(code)
    assert games.get("nothanks").button_words() == (take, pass_)
    assert games.get("ratscrew").button_words() == (play, slap)
    assert i18n.t("Slap!") == {"en": "Slap!", "da": "Slå!", "sv": "Slå!"}[code]


@pytest.mark.parametrize("code", ["da", "sv"])
def test_the_two_backs_are_told_apart(code):
    from game.input.keys import pad_label

    i18n.set_language(code)
    assert i18n.pt("menu", "Back") == {"da": "Tilbage", "sv": "Tillbaka"}[code]
    assert pad_label("back") == "Back"  # the button as printed on it


def test_the_ratscrew_rules_say_the_deal_the_payment_the_new_number_and_who_plays_after_a_slap():
    i18n.set_language("en")
    text = " ".join(rs_text.rules_text(rs.Rules()))
    for words in ("dealt out, face down", "Nobody looks", "one at a time", ("owes the new number, and the payment "
                  "starts again"), "Jack: 1. Queen: 2. King: 3. Ace: 4.", "the slapper plays next"):
        assert words in text
    assert not re.search(r"\b(they|their)\b", text.split("A wrong slap")[0]), "the rules speak to the reader"


@pytest.mark.parametrize("code, ace", [("en", "A"), ("da", "E"), ("sv", "E")])
def test_the_no_thanks_rules_name_the_ace_as_the_cards_show_it(code, ace):
    i18n.set_language(code)
    text = " ".join(nt_text.rules_text(nt.Rules()))
    assert text.rstrip().count(f", {ace}.") == 1
    assert ", A." not in text or ace == "A"
    numbered = " ".join(nt_text.rules_text(nt.Rules(edition="numbered")))
    assert "♠1" not in numbered  # the playing-card paragraph is the playing-card edition's


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_lobby_describes_the_edition_once(code):
    """"Edition: Playing cards (1–K in four suits)" beside "Cards per suit 1–9" said the size twice."""
    i18n.set_language(code)
    edition = next(o for o in nt_text.rule_options() if o.name == "edition")
    label = dict(edition.choices)["cards"]
    assert "1–" not in label and "K" not in label


@pytest.mark.parametrize("code, word", [("en", "controller"), ("da", "controller"), ("sv", "handkontroll")])
def test_controllers_are_called_controllers(code, word):
    i18n.set_language(code)
    assert word in i18n.t("Press {a} on a controller, or your first key on the keyboard, to take a seat.", a="A").lower()
    assert i18n.t("Controller {n}", n=2) == {"en": "Controller 2", "da": "Controller 2", "sv": "Kontroll 2"}[code]


@pytest.mark.parametrize("code, mark", [("en", "1.5 s"), ("da", "1,5 s"), ("sv", "1,5 s")])
def test_decimals_are_written_with_the_languages_mark(code, mark):
    i18n.set_language(code)
    assert school.seconds(1500) == mark
    assert rs_text.summary(rs.Rules(claim_delay_ms=500)).count("0" + mark[1] + "5 s") == 1


@pytest.mark.parametrize("code", ["da", "sv"])
def test_the_replays_play_button_is_playback_not_a_game(code):
    i18n.set_language(code)
    assert i18n.pt("playback", "Play") != i18n.t("Play")


@pytest.mark.parametrize("code, counts", [
    ("en", "Jack: {}. Queen: {}. King: {}. Ace: {}."), ("da", "Knægt: {}. Dame: {}. Konge: {}. Es: {}."),
    ("sv", "Knekt: {}. Dam: {}. Kung: {}. Ess: {}.")])
def test_the_challenge_paragraph_says_which_card_asks_for_which_number(code, counts):
    """As the Swedish seed lists them (Knekt: ett kort. Dam: två ...), with the table's own counts."""
    i18n.set_language(code)
    for numbers in ((1, 2, 3, 4), (2, 2, 3, 5)):
        text = " ".join(rs_text.rules_text(rs.Rules(challenge_counts=numbers)))
        assert counts.format(*numbers) in text
    again = {"en": "the payment starts again", "da": "betalingen begynder forfra", "sv": "betalningen börjar om"}
    assert again[code] in text


@pytest.mark.parametrize("code, dead, live", [
    ("en", ("1 card (it doesn't count for slaps)", "2 cards (they don't count for slaps)"),
     ("1 card (it counts for slaps)", "2 cards (they count for slaps)")),
    ("da", ("1 kort (det tæller ikke ved slag)", "2 kort (de tæller ikke ved slag)"),
     ("1 kort (det tæller ved slag)", "2 kort (de tæller ved slag)")),
    ("sv", ("1 kort (det räknas inte för slag)", "2 kort (de räknas inte för slag)"),
     ("1 kort (det räknas för slag)", "2 kort (de räknas för slag)"))])
def test_burned_cards_say_whether_they_count_for_slaps_in_the_singular_too(code, dead, live):
    i18n.set_language(code)
    for burn in (1, 2):
        assert dead[burn - 1] in rs_text.summary(rs.Rules(burn=burn))
        assert live[burn - 1] in rs_text.summary(rs.Rules(burn=burn, burned_live=True))
    option = next(o for o in rs_text.rule_options() if o.name == "burned_live")
    assert [label for _, label in option.choices] == [
        {"en": "Don't count for slaps", "da": "Tæller ikke ved slag", "sv": "Räknas inte för slag"}[code],
        {"en": "Count for slaps", "da": "Tæller ved slag", "sv": "Räknas för slag"}[code]]


@pytest.mark.parametrize("code, values", [
    ("en", ("Clubs come first, from 1 to 9. Then diamonds from 10 to 18, hearts from 19 to 27 and spades from 28 to 36. "
           "So ♥9 and ♠A are a run.")),
    ("da", ("Klør kommer først, fra 1 til 9. Så kommer ruder fra 10 til 18, hjerter fra 19 til 27 og spar fra 28 til "
           "36. Derfor er ♥9 og ♠E en række.")),
    ("sv", ("Klöver kommer först, från 1 till 9. Sedan ruter från 10 till 18, hjärter från 19 till 27 och spader från "
           "28 till 36. Därför är ♥9 och ♠E en serie."))])
def test_the_playing_card_values_are_told_in_words(code, values):
    """"♣1–9 1–9, ♦1–9 10–18 …" could not be read aloud; the suits' ranges follow the table's deck and order."""
    i18n.set_language(code)
    assert values in nt_text.values_text(nt.Rules())
    other = nt_text.values_text(nt.Rules(ranks_per_suit=13, suit_order=("S", "H", "D", "C")))
    assert "40" in other and "52" in other and {"en": "♦K", "da": "♦K", "sv": "♦K"}[code] in other


@pytest.mark.parametrize("code, verdict", [
    ("da", "Jeg har prøvet begge dele 600 gange: det går lidt bedre at tage kortet"),
    ("sv", "Jag har provat båda 600 gånger: det går lite bättre att ta kortet")])
def test_the_coach_speaks_as_a_person(code, verdict):
    i18n.set_language(code)
    assert i18n.tn("Tried both {n} time: taking does a little better",
                   "Tried both {n} times: taking does a little better", 600) == verdict


@pytest.mark.parametrize("code, words", [
    ("da", {"Adaptive": "Følger dig", "Double": "Par", "{n} · Doubles": "{n} · Par", "Head to head": "Mod hinanden",
            "Replays": "Tidligere spil", "Custom": "Egne regler", "P{n}'s keys": "S{n}'s taster",
            "No matches left: you must take": "Ingen tændstikker tilbage: du skal tage kortet"}),
    ("sv", {"Adaptive": "Följer dig", "Chips": "Spelmarker", "Pay a chip: −1": "Betala en spelmark: −1",
            "Right! It only looks close.": "Rätt! Det var bara nästan.", "Head to head": "Mot varandra",
            "Backspace / {b}: skip": "Backsteg / {b}: hoppa över", "Custom": "Egna regler",
            "No matches left: you must take": "Inga tändstickor kvar: du måste ta kortet"})])
def test_the_words_a_child_misread_are_fixed(code, words):
    i18n.set_language(code)
    assert {english: i18n.t(english) for english in words} == words
    plural = {"da": "Controllerne 1, 2 er tilsluttet", "sv": "Handkontrollerna 1, 2 är anslutna"}[code]
    assert i18n.t("Controllers {list} connected", list="1, 2") == plural  # the noun agrees with the list
