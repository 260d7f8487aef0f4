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
            _, tag_top, tag_h = view.tag_fit(seat)
            tag_bottom = box.top + tag_top + tag_h  # (from the mat's top edge)
            x, y = view.matches_point(seat)
            count = str(table.match.state.matches[seat])
            digits = view.texts.render(count, view.count_size(seat), colors.TEXT, bold=True)
            at = digits.get_rect(midleft=(round(x), round(y)))
            ink = digits.get_bounding_rect().move(at.topleft)
            assert ink.top >= tag_bottom + 2, (seat, ink, tag_bottom)


def bots_and_people(n):
    """Two people and bots (as the helper's 1280x720 play-through at 150 % seated them)."""
    return [SeatSpec("human", None, f"Player {i + 1}") if i < 2 else SeatSpec("bot", "medium", f"Bot {i + 1}")
            for i in range(n)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("n", [2, 4, 7, 8])
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_score_tag_keeps_clear_of_the_name_and_shows_whole(n, percent, size, language):
    """The tag on a mat's top edge over the name: at 150 % it lay on the name's letters (7 seats, 1280x720); it
    rises clear of them (no smaller: the words' size the mat asks for), is drawn whole (never cut by the mat's
    picture), and its words stay inside its rounded ends ("point": the p's tail poked out of the curve)."""
    from game import i18n

    i18n.set_language(language)
    scale.install(window=size)
    scale.install(text=percent / 100)
    try:
        with scale.text_room(TableScene.text_room):
            rules = nt.Rules.numbered() if n == 7 else nt.Rules()
            app, table = nothanks_table(rules, bots_and_people(n), size=size)
            app.run_ms(300)
            view = table.view
            view.relayout(size)
            table.draw(pygame.Surface(size), 0.0)
            state = table.match.state
            for seat in range(n):
                _, inner, tags = view.panels.image(seat, view.seat_key(seat, state, table.now_ns)[1:])
                pill = tags.get_bounding_rect()
                size_px, top, height = view.tag_fit(seat)
                assert size_px == max(view.geo.floor, round(view.text_unit(seat) * 0.12))  # not shrunk
                assert pill.h == height, (seat, pill, height)  # whole: not cut at the top of the mat's picture
                assert pill.top - inner.top == top
                text, name_px = view.panels.name_fit(seat)
                ink = view.texts.render(text, name_px, colors.TEXT, bold=True).get_bounding_rect()
                name_top = inner.top + view.panels.name_top(seat) + ink.top
                assert name_top - pill.bottom >= 3, (seat, text, name_top, pill)
                shape = pygame.Surface(tags.get_size(), pygame.SRCALPHA)
                pygame.draw.rect(shape, colors.GOLD, pill, border_radius=pill.h // 2)
                beyond = pygame.mask.from_surface(shape)
                beyond.invert()  # everywhere but the tag's rounded shape
                assert pygame.mask.from_surface(tags).overlap_area(beyond, (0, 0)) == 0, seat
    finally:
        i18n.set_language("en")
