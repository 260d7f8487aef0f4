"""No Thanks mats: the running score's tag on a mat's top edge never touches the match count under it, at any
text size (at 150 % the digits are drawn half as big again: they used to be placed as if they were not, and
touched the tag), 2 to 8 seats, 1280x720 and 1920x1080."""

from __future__ import annotations

import pygame
import pytest
from support_table import nothanks_table

from game.games.nothanks import engine as nt
from game.games.table_scene import TableScene
from game.match import SeatSpec
from game.render import colors, scale


@pytest.fixture(autouse=True)
def _restore():
    yield
    scale.install(text=1.0)
    scale.install(window=(1280, 720))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_the_score_tag_keeps_clear_of_the_match_count(n, percent, size):
    scale.install(window=size)
    scale.install(text=percent / 100)
    with scale.text_room(TableScene.text_room):
        seats = [SeatSpec("human", None, f"Player {i + 1}") for i in range(n)]
        app, table = nothanks_table(nt.Rules(), seats, size=size)
        app.run_ms(300)
        view = table.view
        view.relayout(size)
        table.draw(pygame.Surface(size), 0.0)
        assert view.teaching_aid
        for seat in range(n):
            if not view.count_on_name_row(seat):
                continue
            box = view.L.seats[seat].rect
            tag_bottom = box.top + view.tag_height(seat) / 2  # the tag is centred on the mat's top edge
            x, y = view.matches_point(seat)
            count = str(table.match.state.matches[seat])
            digits = view.texts.render(count, view.count_size(seat), colors.TEXT, bold=True)
            at = digits.get_rect(midleft=(round(x), round(y)))
            ink = digits.get_bounding_rect().move(at.topleft)
            assert ink.top >= tag_bottom + 2, (seat, ink, tag_bottom)
