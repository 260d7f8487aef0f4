"""One text module (issue 22, item 4): fitting, wrapping, even lines, the height of a line and the boxes drawn
words are recorded in live in game/render/text.py, and nowhere else in game/ defines them again."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
import pytest

from game.render import scale
from game.render import text as render_text
from game.render.text import TextCache, balanced, break_lines, get_font, wrap

ROOT = Path(__file__).resolve().parent.parent / "game"

# What the text module defines: a module-level function or class of one of these names anywhere else in game/
# would be a second way of doing the same thing.
TEXT_HELPERS = {
    "wrap", "balanced", "break_lines", "lines_in_rooms", "name_first", "keep_together", "stack", "halves",
    "line_height", "line_h", "fit_text", "fit_whole", "whole_size", "grown_whole_px", "fit_px", "wrap_fit",
    "fit_height", "least_px", "balanced_lines", "get_font", "px_of", "overlaps", "cut", "cut_start", "tail_fit",
    "TextCache", "TextBox", "TextBoxes", "TextRecorder",
}
# A def or class of one of TEXT_HELPERS' names: a file without one is not parsed.
DEFINES = re.compile(rf"\b(?:def|class)\s+(?:{'|'.join(sorted(TEXT_HELPERS))})\b")


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    scale.install(text=1.0)
    yield
    scale.install(text=1.0)


def test_the_old_text_modules_are_gone():
    for old in ("render/fonts.py", "render/textfit.py", "render/textboxes.py", "ui/text.py"):
        assert not (ROOT / old).exists(), old


def test_no_module_but_the_text_module_defines_a_text_helper():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if path == ROOT / "render" / "text.py" or not DEFINES.search(source):  # (not parsed where no name is)
            continue
        for node in ast.parse(source).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in TEXT_HELPERS:
                found.append(f"{path.relative_to(ROOT.parent)}: {node.name}")
    assert found == []


def test_one_class_is_named_text_boxes():
    named = [path for path in ROOT.rglob("*.py") if "class TextBoxes" in path.read_text(encoding="utf-8")]
    assert named == [ROOT / "render" / "text.py"]


@pytest.mark.parametrize("bold", [False, True])
def test_a_line_is_as_high_as_its_line_skip_at_every_size(bold):
    """line_height measures the font's line skip; for the vendored fonts that is the height of a drawn line
    too, at every size a screen or a table uses, so the one measure moves no layout."""
    texts = TextCache()
    for size in range(6, 121):
        font = get_font(size, bold)
        assert font.get_linesize() == font.get_height(), size
        assert texts.line_height(size, bold) == font.get_linesize()


def test_line_height_grows_with_the_text_size():
    texts = TextCache()
    at_100 = texts.line_height(20)
    scale.install(text=1.5)
    assert texts.line_height(20) == get_font(30).get_linesize() > at_100


def test_balanced_lines_are_even_and_fit():
    font = get_font(20)
    text = "one two three four five six seven eight nine"
    greedy = wrap(text, font, font.size("one two three four five six seven")[0])
    assert len(greedy) == 2 and greedy[1] == "eight nine"  # greedy: a full line and a short one
    even = balanced(text, font, font.size("one two three four five six seven")[0], 2)
    assert even is not None and len(even) == 2 and " ".join(even) == text
    widths = [font.size(line)[0] for line in even]
    assert max(widths) < font.size(greedy[0])[0]
    assert max(widths) - min(widths) < font.size(greedy[0])[0] - font.size(greedy[1])[0]


def test_balanced_says_none_where_the_text_does_not_fit():
    font = get_font(20)
    assert balanced("a b c d e f", font, font.size("a b")[0], 2) is None  # needs three lines
    assert balanced("a Supercalifragilistic", font, font.size("Supercali")[0], 5) is None  # a word too wide
    assert balanced("anything", font, 0, 3) is None


def test_break_lines_breaks_at_the_widest_gaps_first():
    font = get_font(20)
    hint = "A / Enter  play   ·   B / Esc  back"
    width = font.size("A / Enter  play")[0] + 4
    assert break_lines(hint, font, width, ("   ·   ", "   ", " ")) == ["A / Enter  play", "B / Esc  back"]
    assert break_lines("short", font, 1000) == ["short"]


def test_cut_never_shrinks_and_counts_its_cuts_while_recording():
    texts = TextCache()
    long = "a rather long sentence for a narrow room"
    render_text.CUTS = []
    try:
        cut = texts.cut(long, 120, 20)
        quiet = texts.cut(long, 120, 20, record=False)
        assert texts.cut("short", 120, 20) == "short"
        assert render_text.CUTS == [long]
    finally:
        render_text.CUTS = None
    assert cut == quiet and cut.endswith("…") and texts.width(cut, 20) <= 120
    assert texts.fitted(long, 120, 20, record=False)[1] < 20  # fit shrinks (to 3/4) before it cuts


def test_fitting_stops_at_the_cache_floor():
    texts = TextCache(floor=lambda: 15)
    assert texts.least_px(20, 0.5) == 15
    px, lines = texts.wrap_fit("word " * 40, 20, 100, lines=2)
    assert px == 15 and len(lines) > 2  # at the floor however many lines it takes
    assert texts.fit_height(20, 10) < 15  # rows too low for the floor's line: smaller still, never overlapping
