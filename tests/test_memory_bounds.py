"""Every cache holds no more bytes than its bound (issue 40): each one, filled well past its bound through
the calls that fill it in play (card faces at every turn, words, fonts, widths, tokens, slap answers...),
and every live bounded table filled directly with entries of its own kind, keeps its bytes within its
bound, and counts them right. No module keeps a memo in a plain dict (it would grow for good)."""

from __future__ import annotations

import ast
import gc
import pickle
import random
import re
import weakref
from pathlib import Path

import pygame
import pytest

from game import games, screens
from game.app import Fonts
from game.core import memo
from game.games.nothanks import engine as nt
from game.games.ratscrew import bots as rs_bots
from game.games.ratscrew import engine as rs
from game.render import cache, card_art, hud, text, tokens
from game.render.scale import install
from game.tables import demo_config

GAME = Path(__file__).resolve().parent.parent / "game"
EMPTY_DICT = re.compile(r"\{\s*\}|dict\s*\(")

# The caches a table of each game, the menus and the title fill (by name): none may go missing unseen.
EXPECTED = {"card faces", "card blanks", "fonts", "text widths", "table words", "menu words", "felt", "felt's base",
            "shades", "slap hands", "glows", "seat marks", "court headgear", "noise tiles", "tokens", "token spots",
            "turn frames", "fitted notes", "note lanes", "kept note lanes", "ratscrew prompts", "ratscrew photo strips",
            "ratscrew rows fits", "ratscrew card reaches", "ratscrew line heights", "ratscrew slap answers",
            "ratscrew near misses", "ratscrew check sets", "no thanks bot rules", "no thanks setups", "menu backdrop",
            "card glyphs", "small light"}


@pytest.fixture(autouse=True)
def window_720p():
    install(window=(1280, 720))
    yield
    install(window=(1280, 720))


def recount(table) -> int:
    """The bytes of `table` counted afresh from its entries."""
    if isinstance(table, cache.LRU):
        return sum(cache.picture_size(key, table._items[key]) for key in table)
    return sum(table._sizer(key, table[key]) for key in table)


def within(table) -> None:
    assert 0 < table.bytes <= table.limit(), (table.name, table.bytes, table.limit())
    assert table.bytes == recount(table), table.name


def test_card_faces_at_every_turn_stay_within_their_bytes():
    art = card_art.CardArt()
    bound = card_art._FACES.limit()
    drawn = 0
    for angle in range(0, 360, 3):
        for code in ("AS", "KH", "7D"):
            drawn += cache.picture_size("k", art.surface(("card", code, False), 120, angle))
    assert drawn > 2 * bound  # filled past its bound
    within(card_art._FACES)


def test_words_fonts_and_widths_stay_within_their_bytes():
    # The words and widths are asked size by size (each size's run in a row): asked round all the sizes in turn,
    # more sizes than the fonts' bound keeps, every one of them opened its font anew (12,000 fonts, a few
    # seconds) without filling the words or widths any further. The fonts are then asked round all 380 sizes.
    texts = text.TextCache(name="test words")
    drawn = 0
    for i in range(3000):
        drawn += cache.picture_size("k", texts.render(f"word {i}", 20 + i // 75, (255, 255, 255)))
    for i in range(3000):
        text.get_font(6 + i % 190, bool(i % 2))
    for i in range(12000):
        texts.width(f"a longer line of words number {i}", 12 + i // 200)
    assert drawn > 2 * texts._cache.limit()
    within(texts._cache)
    within(text._FONTS)
    within(text._WIDTHS)
    assert len(text._WIDTHS) < 12000  # the oldest widths went


def test_tokens_shades_and_hands_stay_within_their_bytes():
    heap = tokens.Tokens()
    for unit in range(20, 120, 4):
        for angle in range(0, 180, 6):
            heap.sprite(tokens.STICK, unit, angle)
        heap.spots(unit, tokens.CHIP)
    within(heap._sprites)
    for w in range(40, 240, 4):
        hud.hand(w, (200, 50, 50), w % 360)
        hud.glow(w * 2, w)
    within(hud._HANDS)
    within(hud._GLOWS)
    target = pygame.Surface((1280, 720))
    for w in range(100, 1280, 20):  # plates of many sizes: more than eight screens' worth asked for
        hud.shade(target, pygame.Rect(0, 0, w, 500), 120, (0, 0, 0), radius=8)
    within(hud._SHADES)


def test_slap_answers_and_near_misses_stay_within_their_bytes():
    rules = rs.Rules()
    deck = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    shuffle = random.Random(4)
    asked = 20_000
    for _ in range(asked):
        view = tuple(shuffle.sample(deck, 5))
        rs.slap_rule_for(view, rules)
        rs_bots.near_miss_rule(view, rules)
    memos = rules._memos
    per = memo.entry_size(("AS", "KH", "QD", "JC", "TS"), None)
    assert asked * per > memos.answers.limit()  # more asked than it holds
    within(memos.answers)
    within(memos.near)
    assert rs.Rules()._memos is memos  # equal sets of checks share their memos


def test_rules_copied_elsewhere_get_empty_memos_of_their_own():
    rules = rs.Rules()
    rs.slap_rule_for(("AS", "AH"), rules)
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and copy._memos is not rules._memos and len(copy._memos.answers) == 0
    assert rs.slap_rule_for(("AS", "AH"), copy) == rs.slap_rule_for(("AS", "AH"), rules) == "double"


def test_every_bounded_table_filled_past_its_bound_keeps_to_it(app):
    """Both tables drawn (and the menus), then every live bounded table filled with twice its bound of
    entries like its own: each keeps to its bound, and every cache we know of is there."""
    for game in ("nothanks", "ratscrew"):
        app.stack.clear()
        app.nav.push(screens.Title())
        app.frames(3)
        app.nav.start_table(demo_config(game, 8, None, 1), push=True)
        app.frames(240)
    found = memo.tables()
    assert EXPECTED <= {t.name for t in found}, EXPECTED - {t.name for t in found}
    for table in found:
        sample = next(iter(table), None)
        if sample is None:
            continue
        value = table[sample]
        size = recount(table) // len(table) or 1
        for i in range(2 * table.limit() // size + 2):
            table[("filler", i, sample)] = value
        within(table)
        table.clear()  # the fillers' keys hold words: a later test in this worker would take them for drawn text


def test_no_module_keeps_a_memo_in_a_plain_dict():
    """A module-level empty dict (or dict()) is a memo that grows for good: use game.core.memo.Memo or
    game.render.cache.LRU, bounded by bytes."""
    found = []
    for path in GAME.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if not EMPTY_DICT.search(source):  # no {} nor dict( / OrderedDict( in it: not parsed
            continue
        for node in ast.parse(source).body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            empty = (isinstance(value, ast.Dict) and not value.keys) or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("dict", "OrderedDict")
                and not value.args)
            if empty:
                found.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert not found, found


def test_no_cache_is_keyed_by_id():
    """id() names an object only while it lives: a memo keyed by it may answer for another one later."""
    found = [f"{path.relative_to(GAME.parent)}:{n}" for path in GAME.rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "[id(" in line or ".get(id(" in line]
    assert not found, found


def test_a_window_too_small_for_a_bound_still_draws():
    """A picture bigger than its cache's whole bound is not kept, but is drawn and returned all the same."""
    lru = cache.LRU("test tiny", cache.Bound(fixed=1))
    img = pygame.Surface((10, 10))
    lru["k"] = img
    assert "k" not in lru and lru.bytes == 0


def test_widths_are_kept_by_the_fonts_face_not_by_who_asked_for_them():
    """Two apps' font services measure a word once between them (the key is the face by name, a value), the
    bold face apart; and no width kept holds on to the service that asked for it."""
    first, second = Fonts(), Fonts()
    mine, theirs = text.TextCache(first.get), text.TextCache(second.get)
    word = "a word only this test measures"

    def kept() -> int:  # the widths of `word` kept (the table may be full: an entry added pushes an old one out)
        return sum(1 for key in text._WIDTHS if word in key)

    wide = mine.width(word, 23)
    assert theirs.width(word, 23) == wide and text.TextCache().width(word, 23) == wide
    assert kept() == 1  # measured once, for all three
    assert mine.width(word, 23, bold=True) > wide and kept() == 2
    assert wide == text.get_font(text.text_px(23)).size(word)[0]
    gone = weakref.ref(first)
    del mine, first
    gc.collect()
    assert gone() is None


def test_equal_no_thanks_rules_share_their_setup_and_a_refused_one_is_not_kept():
    nt.new_game(nt.Rules(), players=4, seed=1)
    made = nt._SETUPS[(nt.Rules(), 4)]
    again = nt.new_game(nt.Rules(), players=4, seed=2)  # equal rules, another object: the same setup
    assert nt._SETUPS[(nt.Rules(), 4)] is made and again.matches == [11] * 4
    fewer = nt.new_game(nt.Rules(matches=5), players=4)
    assert fewer.matches == [5] * 4 and nt._SETUPS[(nt.Rules(matches=5), 4)][1] == 5
    for _ in range(2):  # refused each time it is asked, never remembered
        with pytest.raises(ValueError, match="players"):
            nt.new_game(nt.Rules(), players=1)
    assert (nt.Rules(), 1) not in nt._SETUPS
    within(nt._SETUPS)


def test_the_registry_keeps_no_copy_of_its_ids():
    """games.ids() is read from the registry each time: a game registered later is in it, and one taken out
    is gone, with no module-level copy rebound (`global`) to go stale."""
    tree = ast.parse((GAME / "games" / "__init__.py").read_text(encoding="utf-8"))
    assert not [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Global)]
    assert games.ids() == tuple(games.GAMES) == games.REGISTRY.ids
    assert not hasattr(games, "IDS")


# Every module-level name a function rebinds (`global`), and why it is one: the list may only shrink. A memo
# belongs in a bounded table (game.core.memo, game.render.cache) keyed by values, a registry in its module's
# dict: neither is a rebound name.
GLOBALS = {
    "input/mappings.py": {"_loaded"},  # SDL learns the pad mappings once a run
    "input/virtualpad.py": {"_sdl", "_tried", "_has_ex"},  # SDL's library, looked for once a run
    "games/nothanks/match.py": {"_executor"},  # the hard bot's worker thread, started on first use
    "games/nothanks/coach.py": {"_executor"},  # the coach's worker thread, started on first use
}


def test_no_module_rebinds_a_name_but_the_known_few():
    found: dict[str, set[str]] = {}
    for path in GAME.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if "global" not in source:  # no `global` statement in it: not parsed
            continue
        names = {name for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.Global) for name in node.names}
        if names:
            found[path.relative_to(GAME).as_posix()] = names
    new = {where: names - GLOBALS.get(where, set()) for where, names in found.items() if names - GLOBALS.get(where, set())}
    assert not new, new


def test_a_memo_filled_far_past_its_bound_keeps_its_newest_entries_in_order():
    """A full memo drops its oldest entry for each new one (and makes its dict anew now and then, so finding the
    oldest stays quick): what it keeps is the newest entries, in the order they came, each read back as given."""
    table = memo.Memo("test oldest first", 4096)
    keys = [("key", i) for i in range(5000)]
    for i, key in enumerate(keys):
        table[key] = i
    kept = list(table)
    assert 10 < len(kept) < 1000
    assert kept == keys[-len(kept):]
    assert [table.get(key) for key in kept] == [keys.index(key) for key in kept]
    assert table.get(keys[0]) is None and keys[0] not in table
    within(table)
