"""The icon files, written at build time from game.render.icon's drawing: `couchcards.ico` (Windows: the
.exe and its window), `couchcards.icns` (the macOS app) and the PNG set they hold.

Both containers are written here with struct (no Pillow): each image inside is a PNG, which Windows has
read from .ico files since Vista and macOS from .icns files since 10.7.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns entry types that hold a PNG, and the pixel size of each (the @2x types are twice their point size).
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"icp6", 64), (b"ic12", 64), (b"ic07", 128),
    (b"ic08", 256), (b"ic13", 256), (b"ic09", 512), (b"ic14", 512), (b"ic10", 1024),
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_bytes(size: int) -> bytes:
    """The icon drawn at `size` px, as PNG file bytes."""
    import pygame

    from game.render.icon import draw_icon

    out = io.BytesIO()
    pygame.image.save(draw_icon(size), out, "icon.png")
    data = out.getvalue()
    if not data.startswith(PNG_MAGIC):
        raise RuntimeError("pygame did not write a PNG")
    return data


def ico(pngs: dict[int, bytes]) -> bytes:
    """An .ico file holding one PNG per size (sizes 1 to 256; 256 is stored as 0, as the format says)."""
    sizes = sorted(pngs)
    if not sizes or sizes[0] < 1 or sizes[-1] > 256:
        raise ValueError(f"an .ico holds images of 1 to 256 px, not {sizes}")
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pngs[size]
        side = 0 if size == 256 else size
        # width, height, colours in palette, reserved, colour planes, bits per pixel, bytes, offset
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns(pngs: dict[int, bytes]) -> bytes:
    """An .icns file: the magic and total length, then (type, length, PNG) for every type in ICNS_TYPES."""
    chunks = []
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        chunks.append(kind + struct.pack(">I", 8 + len(data)) + data)
    body = b"".join(chunks)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder: Path) -> dict[str, Path]:
    """Write couchcards.ico, couchcards.icns and couchcards-<size>.png into `folder`; their paths by kind
    ("ico", "icns", "png")."""
    folder.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    pngs = {size: png_bytes(size) for size in sizes}
    paths = {"ico": folder / "couchcards.ico", "icns": folder / "couchcards.icns",
             "png": folder / "couchcards-256.png"}
    paths["ico"].write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
    paths["icns"].write_bytes(icns(pngs))
    for size, data in pngs.items():
        (folder / f"couchcards-{size}.png").write_bytes(data)
    return paths
