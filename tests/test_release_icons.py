"""The icon: a card fan on felt drawn in code (game.render.icon), written as .ico and .icns containers
(build/icons.py) that hold a PNG of the right size each, and set as the window icon."""

from __future__ import annotations

import io
import struct

import pygame
import pytest
from test_build import load_build_module

from game.render import colors
from game.render.icon import draw_icon, window_icon


def near(a, b, tolerance=40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def test_the_icon_is_a_card_fan_on_felt_in_the_tables_colours():
    img = draw_icon(256)
    assert img.get_size() == (256, 256) and img.get_flags() & pygame.SRCALPHA
    assert img.get_at((1, 1)).a == 0 and img.get_at((254, 254)).a == 0  # round corners: see-through
    assert near(img.get_at((128, 4)), colors.RIM_DARK, 60) or near(img.get_at((128, 6)), colors.RIM, 60)
    pixels = [tuple(img.get_at((x, y)))[:3] for x in range(0, 256, 4) for y in range(0, 256, 4)]
    felt = sum(near(p, colors.FELT, 45) or near(p, colors.FELT_LIGHT, 45) for p in pixels)
    paper = sum(near(p, colors.PAPER, 12) for p in pixels)
    back = sum(near(p, colors.BACK_MAIN, 30) for p in pixels)
    red = sum(near(p, colors.suit_color("D"), 30) for p in pixels)
    assert felt > len(pixels) * 0.2 and paper > len(pixels) * 0.1  # felt around, card faces
    assert back > 10 and red > 3  # a card back and a red suit among the fan


@pytest.mark.parametrize("size", [16, 32, 48, 256])
def test_every_size_is_drawn_square_and_not_blank(size):
    img = draw_icon(size)
    assert img.get_size() == (size, size)
    centre = img.get_at((size // 2, size // 2))
    assert centre.a == 255


def test_a_size_below_one_is_refused():
    with pytest.raises(ValueError):
        draw_icon(0)


def test_the_app_sets_the_window_icon_before_it_opens_the_window(monkeypatch, tmp_path):
    from support_app import make_app

    order: list[str] = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda img: order.append(f"icon {img.get_size()}"))
    set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: (order.append("window"), set_mode(*a, **k))[1])
    app = make_app(tmp_path)
    app.stack.clear()
    assert order[:2] == ["icon (64, 64)", "window"]
    assert window_icon().get_size() == (64, 64)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = pygame.image.load(io.BytesIO(data), "x.png")
    return img.get_size()


def test_the_ico_holds_a_png_of_every_size_it_lists(tmp_path):
    icons = load_build_module("icons")
    paths = icons.write_icons(tmp_path)
    data = paths["ico"].read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    seen = []
    for i in range(count):
        w, h, palette, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        side = w or 256
        assert h == w and palette == 0 and planes == 1 and bpp == 32
        assert png_size(data[offset:offset + length]) == (side, side)
        seen.append(side)
    assert seen == sorted(icons.ICO_SIZES) and 256 in seen and 16 in seen
    assert offset + length == len(data)


def test_the_icns_holds_a_png_of_the_size_each_type_means(tmp_path):
    icons = load_build_module("icons")
    data = icons.write_icons(tmp_path)["icns"].read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    at, found = 8, {}
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[kind] = png_size(data[at + 8:at + length])
        at += length
    assert at == len(data)
    assert found == {kind: (size, size) for kind, size in icons.ICNS_TYPES}
    assert found[b"ic10"] == (1024, 1024) and found[b"ic07"] == (128, 128)
    assert (tmp_path / "couchcards-256.png").exists()


def test_the_containers_refuse_sizes_they_cannot_hold():
    icons = load_build_module("icons")
    with pytest.raises(ValueError):
        icons.ico({512: b""})
    with pytest.raises(KeyError):
        icons.icns({16: b""})  # every type needs its size
