"""Card letters as players know them (J Q K A, B D K E, Kn D K E), the rules screens' small card pictures,
large-cards mode and the accessibility settings' validation. Screenshots (access_*.png) go to the
temporary screenshot folder (support_app.OUT)."""

from __future__ import annotations

import json

import pygame
import pytest
from support_app import OUT, make_app, save_png

from game import games, settings
from game.games import GAMES
from game.games.nothanks import engine as nt
from game.games.ratscrew import SLAP_EXAMPLES
from game.games.ratscrew import engine as rs
from game.games.ratscrew import text as rs_text
from game.render import letters, scale
from game.render.card_art import RATIO, CardArt
from game.render.layout import table_layout
from game.scenes.rules_view import RulesScene
from game.scenes.title import TitleScene

pygame.init()


@pytest.fixture(autouse=True)
def standard_looks():
    letters.set_letters("international")
    yield
    letters.set_letters("auto")
    scale.install(large_cards=False)
    scale.install(text=1.0)


# ---- settings ----------------------------------------------------------------------------------------------
def test_new_settings_have_their_defaults_and_round_trip(tmp_path):
    s = settings.load(tmp_path / "settings.json", games=GAMES)
    assert (s["card_letters"], s["large_cards"], s["text_size"]) == ("auto", False, 100)
    s["card_letters"], s["large_cards"], s["text_size"] = "swedish", True, 150
    assert s.save()
    again = settings.load(tmp_path / "settings.json", games=GAMES)
    assert (again["card_letters"], again["large_cards"], again["text_size"]) == ("swedish", True, 150)


@pytest.mark.parametrize("key,bad", [("card_letters", "klingon"), ("card_letters", 3), ("text_size", 140),
                                     ("text_size", "150"), ("text_size", True), ("large_cards", "yes")])
def test_a_bad_value_falls_back_to_its_default_with_one_line(tmp_path, key, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({key: bad, "volume": 0.3}))
    lines: list[str] = []
    s = settings.load(path, warn=lines.append, games=GAMES)
    assert s[key] == settings.SCHEMA[key][0] and s["volume"] == 0.3
    assert len(lines) == 1 and key in lines[0]
    with pytest.raises((TypeError, ValueError)):
        s[key] = bad


# ---- letters -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("choice,language,expected", [
    ("auto", "en", "international"), ("auto", "da", "danish"), ("auto", "sv", "swedish"),
    ("international", "da", "international"), ("danish", "sv", "danish"), ("swedish", "en", "swedish"),
])
def test_the_letters_follow_the_language_unless_the_player_chose(choice, language, expected):
    assert letters.letters_for(choice, language) == expected


def test_the_app_reads_the_letters_from_the_settings(tmp_path, monkeypatch):
    from game import i18n

    (tmp_path / "settings.json").write_text(json.dumps({"card_letters": "auto"}))
    monkeypatch.setattr(i18n, "language", lambda: "sv")
    app = make_app(tmp_path)
    try:
        assert letters.letters() == "swedish"
        app.settings["card_letters"] = "danish"
        app.save_settings()
        assert letters.letters() == "danish"
    finally:
        app.stack.clear()


def _corner(surf, w):
    return pygame.image.tobytes(surf.subsurface((0, 0, round(w * 0.3), round(w * 0.45))).copy(), "RGBA")


def _middle(surf, w):
    h = surf.get_height()
    return pygame.image.tobytes(surf.subsurface((round(w * 0.3), round(h * 0.3), round(w * 0.4),
                                                  round(h * 0.4))).copy(), "RGBA")


@pytest.mark.parametrize("style", ["danish", "swedish"])
@pytest.mark.parametrize("width", [108, 45])
def test_the_corner_index_uses_the_chosen_letters_and_the_figures_stay(style, width):
    art = CardArt()
    international = {code: art.card(code, width) for code in ("JS", "QH", "KD", "AC", "7S")}
    letters.set_letters(style)
    local = {code: art.card(code, width) for code in international}
    for code in ("JS", "QH", "AC"):  # J, Q, A have other letters in both
        assert _corner(local[code], width) != _corner(international[code], width), code
    for code in ("KD", "7S"):  # K and 7 are written alike
        assert _corner(local[code], width) == _corner(international[code], width), code
    if width >= 58:  # the court figure is the same picture
        assert _middle(local["QH"], width) == _middle(international["QH"], width)


def test_no_thanks_playing_card_aces_carry_the_chosen_ace_letter():
    art = CardArt()
    ace = art.nt_card(28, 108, "S", "A")
    letters.set_letters("danish")
    assert _corner(art.nt_card(28, 108, "S", "A"), 108) != _corner(ace, 108)
    assert _corner(art.nt_card(27, 108, "H", "9"), 108) == _corner(CardArt().nt_card(27, 108, "H", "9"), 108)


@pytest.mark.parametrize("style,expected", [("international", "J1 Q2 K3 A4"), ("danish", "B1 D2 K3 E4"),
                                            ("swedish", "Kn1 D2 K3 E4")])
def test_the_rules_corner_counts_use_the_letters(style, expected):
    letters.set_letters(style)
    assert f"Challenges: {expected}" in rs_text.table_corner(rs.Rules()).splitlines()
    assert expected in rs_text.summary(rs.Rules())
    assert letters.rank_words("J1 Q2 K3 A4 · A run") == f"{expected} · A run"


def test_letter_screenshots_at_couch_distance():
    """A court of each style side by side at a seat's and at the pile's size (access_letters.png: look)."""
    art = CardArt()
    sheet = pygame.Surface((760, 480))
    sheet.fill((22, 98, 58))
    for row, style in enumerate(("international", "danish", "swedish")):
        letters.set_letters(style)
        for col, code in enumerate(("JS", "QH", "KD", "AC")):
            sheet.blit(art.card(code, 100), (10 + col * 110, 10 + row * 155))
            sheet.blit(art.card(code, 45), (470 + col * 70, 40 + row * 155))
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(sheet, OUT / "access_letters.png")


# ---- the rules screens' pictures ------------------------------------------------------------------------------
def test_every_slap_rule_of_the_engine_has_a_picture_that_the_engine_would_slap():
    assert set(SLAP_EXAMPLES) == set(rs.SLAP_RULES)
    art = CardArt()
    pictures = games.get("ratscrew").rules_pictures(art, 58, rs.Rules())
    assert len(pictures) == len(rs.SLAP_RULES) + 1  # and a 10 ending a challenge (issue 26)
    assert "10" in pictures[-1][0]
    for (caption, images), rule in zip(pictures, rs.SLAP_RULES):
        assert len(images) == len(SLAP_EXAMPLES[rule]) >= 3
        assert ("(on at this table)" in caption) == (rule in rs.Rules().slaps)
        assert images[-1] is art.card(SLAP_EXAMPLES[rule][-1], 58, mini=True)  # the real card art


@pytest.mark.parametrize("rule", rs.SLAP_RULES)
def test_each_slap_example_is_slappable_by_that_rule_alone(rule):
    pile = [c for c in SLAP_EXAMPLES[rule] if c != "back"]
    if "back" in SLAP_EXAMPLES[rule]:
        pile = [pile[0], "2H", *pile[1:]]  # a card stands for the ones between
    assert rs.slap_rule_for(pile, rs.Rules(slaps=frozenset({rule}))) == rule
    others = frozenset(rs.SLAP_RULES) - {rule}
    assert rs.slap_rule_for(pile, rs.Rules(slaps=others)) is None, f"{rule}'s example is also another pattern"


def test_the_no_thanks_pictures_are_the_seed_s_scoring_example():
    rules = nt.Rules()
    pictures = games.get("nothanks").rules_pictures(CardArt(), 58, rules)
    (run_caption, run), (score_caption, score) = pictures
    assert len(run) == 2 and "27" in run_caption and "28" in run_caption
    assert len(score) == 8  # ♠A, ♥9, ♣3 and 5 matches
    assert "♠A" in score_caption and "♥9" in score_caption and "♣3" in score_caption
    assert "−27 − 3 + 5 = −25" in score_caption
    assert nt.score((28, 27, 3), 5) == -25  # the engine agrees
    letters.set_letters("danish")
    assert "♠E" in games.get("nothanks").rules_pictures(CardArt(), 58, rules)[1][0]


@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_rules_screen_shows_the_pictures(tmp_path, game, size):
    app = make_app(tmp_path, size=size)
    try:
        app.push(TitleScene())
        scene = RulesScene(game, games.get(game).rules_from_values({}, 4))
        app.push(scene)
        app.frames(2)
        assert scene.picture_count == (len(rs.SLAP_RULES) + 1 if game == "ratscrew" else 2)
        scene.scroll = scene.max_scroll // 2
        app.top.draw(app.screen, 0.0)
        OUT.mkdir(parents=True, exist_ok=True)
        save_png(app.screen, OUT / f"access_rules_{game}_{size[0]}x{size[1]}.png")
        assert scene.max_scroll > 0
    finally:
        app.stack.clear()


# ---- large cards -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (640, 360), (1920, 1080)])
@pytest.mark.parametrize("game", ["ratscrew", "nothanks"])
@pytest.mark.parametrize("n", [2, 5, 8])
def test_large_cards_make_the_centre_and_the_seats_cards_bigger(size, game, n):
    hints = games.get(game).layout
    normal = table_layout(size, n, hints)
    scale.install(large_cards=True)
    large = table_layout(size, n, hints)
    if getattr(hints, "card_scale", 1.0) < scale.LARGE_CARDS:  # No Thanks' card grows
        assert large.card_w >= normal.card_w * 1.12
        assert seat_cards(large, hints) >= seat_cards(normal, hints)
    else:  # Ratscrew's pile is big already: its seats' cards grow
        assert large.card_w == normal.card_w
        assert seat_cards(large, hints) > seat_cards(normal, hints) or n == 2
        assert sum(s.rect.w * s.rect.h for s in large.seats) > sum(s.rect.w * s.rect.h for s in normal.seats)
    for seat in large.seats:
        assert not seat.rect.colliderect(large.pile)
        assert not [o.seat for o in large.seats if o is not seat and o.rect.colliderect(seat.rect)]


def seat_cards(layout, hints) -> int:
    """The width a seat's cards are drawn at: No Thanks' runs (info above them) as its geometry sizes them."""
    if hints.info_above:
        return min(layout.seat_card_w, int(layout.seats[0].stack.h / RATIO))
    return layout.seat_card_w


def test_no_thanks_writes_its_aces_in_the_chosen_letters():
    from game.games.nothanks import view_model as nt_vm

    rules = nt.Rules()
    assert nt_vm.card_name(rules, 28) == "♠A" and nt_vm.card_name(rules, 27) == "♥9"
    letters.set_letters("swedish")
    assert nt_vm.card_name(rules, 28) == "♠E"
    assert nt_vm.value_sum(rules, 28).startswith("♠E = ")
