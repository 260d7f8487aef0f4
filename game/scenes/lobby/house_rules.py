"""The house rules on a screen of their own: the preset, a row for every rule option the game's definition
gives (whatever they are: the rows come from `rule_options`, never named here), and the presets' buttons
(save, delete, export, import). Every row lists its choices, the current one marked; focus moves in space. It
changes the lobby's house rules in place; a pad's Start starts the game from here too.

Read from a sofa (issue 37): every word at 24 px or more at 1280×720, the rules one under another across the
whole width, a page of at most PAGE_ROWS of them at once ("Page 2 of 3"): ↓ past a page's last row turns to the
next page, ↑ past its first to the one before; the buttons lie under the last page."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.commands import CLICK, Command
from game.i18n import t
from game.render.text import standard_px, wrap
from game.scenes.lobby import cells
from game.scenes.lobby.house import HouseRules
from game.scenes.lobby.spatial import HIDDEN, Cell, SpatialMenu, is_value
from game.ui import widgets as ui
from game.ui.menu import MenuHandler

TITLE_PX = 40
ROW_PX = 24  # the rules, the preset, the news and the note: the ten-foot floor at 1280×720 (36 px at 1080p)
BUTTON_PX = 24
HINT_PX = 24
PAGE_ROWS = 8  # rows of choices on screen at once, at most


class HouseRulesScene(MenuHandler):
    menu: SpatialMenu
    text_room = 1.5
    wants_pointer = True  # a mouse points at a row and clicks it (Enter); its wheel moves as ↑ ↓

    def __init__(self, house: HouseRules, problem: Callable[[], str], start: Callable[[], None]) -> None:
        """`house`: the lobby's house rules, changed in place; `problem()`: what keeps the game from starting;
        `start()`: the lobby starts it."""
        self.house = house
        self.problem = problem
        self.start = start
        self.said = ""  # what keeps a pad's Start from starting the game
        self.page = 0  # the page of rules shown (the focused row's, or the last one's)

    def enter(self) -> None:
        self.menu = SpatialMenu(self._items())
        self.menu.follow = self._follow
        self.house.tell()  # no news from before

    def resume(self) -> None:
        self._refresh()

    def _items(self) -> list[ui.Item]:
        """The preset and the preset files over the rules; under them the presets' buttons and Done (always
        there, so ↓ from either column reaches a row ← → move along)."""
        house = self.house
        self.preset_item = Cell(t("Preset"), value=house.preset_value, change=house.cycle_preset,
                                choices=house.preset_choices)
        self.import_item = Cell(t("Import"), house.import_preset, value=house.import_value, change=house.cycle_import,
                                choices=house.import_choices)
        self.rule_items = [self._row(opt.name, opt.label) for opt in house.options]
        self.file_items: list[ui.Item] = [
            ui.Item(t("Save these rules as a preset…"), house.save_preset, button=True),
            ui.Item(t("Delete this preset"), house.delete_preset, enabled=lambda: house.preset is not None,
                    button=True),
            ui.Item(t("Export preset"), house.export_preset, enabled=lambda: house.preset is not None, button=True),
            ui.Item(t("Done"), self.back, button=True),
        ]
        return [self.preset_item, self.import_item, *self.rule_items, *self.file_items]

    def _row(self, name: str, label: str) -> Cell:
        house = self.house
        return Cell(label, value=lambda: house.option_value(name), change=lambda step: house.cycle_option(name, step),
                    choices=lambda: house.option_choices(name))

    def _refresh(self) -> None:
        """Rows again (an option may come or go with another, e.g. an edition's), the focus kept by label."""
        old = self.menu.current.label if self.menu.current is not None else ""
        self.menu.items = self._items()
        labels = [item.label for item in self.menu.items]
        self.menu.index = labels.index(old) if old in labels else 0
        self.menu.settle()
        self.relayout(self.app.size)

    def update(self, now_ns: int, dt_ns: int) -> None:
        if self.menu.current is not None and not self.menu.current.selectable():
            self._refresh()  # e.g. the preset deleted after its dialog closed: off the dead button

    def handle(self, cmd: Command) -> None:
        if ui.is_start(cmd):
            self.said = self.problem()
            if not self.said:  # a pad's Start: play, from the house rules too
                self.app.pop()
                self.start()
            return
        if ui.is_back(cmd):
            self.back()
            return
        self.said = ""
        if cmd.action == CLICK and cmd.pos is not None and self.page_line.collidepoint(cmd.pos):
            self.menu.select(2 + self.pages[(self.page + 1) % len(self.pages)][0])  # "Page 1 of 3": the next
            self._follow()
        else:
            self.menu.handle(cmd)
        self._refresh()

    def hint(self) -> str:
        if self.menu.current is not None and is_value(self.menu.current):
            return t("← → change   ↑ ↓ move   Enter / {a} select   Tab / {start} play   Backspace / {b} back",
                     **self.app.input.buttons())
        return t("↑ ↓ ← → move   Enter / {a} select   Tab / {start} play   Backspace / {b} back",
                 **self.app.input.buttons())

    # -- layout ---------------------------------------------------------------------------------------
    def news(self) -> list[str]:
        if self.said:
            return [self.said]
        return list(self.house.told)

    def relayout(self, size: tuple[int, int]) -> None:
        w, h = size
        m, gap = ui.px(size, 24), ui.px(size, 12)
        self._laid = (size, self.hint(), tuple(self.news()))
        bottom = h - ui.hint_height(size, self.hint(), size_px=HINT_PX) - ui.px(size, 8)
        self.buttons = self._buttons(size, bottom)
        top_of_buttons = min(r.y for r in self.buttons)
        line = ui.TEXTS.line_height(ui.px(size, ROW_PX), True)
        self.news_y = top_of_buttons - ui.px(size, 6) - line * len(self.news()) // 2  # room for news only with news
        head = ui.px(size, 10) + ui.TEXTS.line_height(ui.px(size, TITLE_PX), True) + ui.px(size, 6)
        self.tops = self._tops(size, head)
        below = max(r.bottom for r in self.tops)
        note = self.house.definition.lobby_note(self.house.rules)  # e.g. a tie-break the published rules lack
        self.note_lines = wrap(note, ui.TEXTS.font(ui.px(size, ROW_PX)), w - 2 * m) if note else []
        note_h = len(self.note_lines) * ui.TEXTS.line_height(ui.px(size, ROW_PX)) + (gap if note else 0)
        area = pygame.Rect(m, below + gap, w - 2 * m,
                           self.news_y - line * len(self.news()) // 2 - gap - below - gap - note_h)
        self.area = area
        self.rows, self.pages = self._rows(area, size)
        self.page_line = pygame.Rect(0, 0, 0, 0)  # where "Page 1 of 3" is (a click turns the page)
        if len(self.pages) > 1:  # a line under the rows says which page this is
            area.h -= line
            self.rows, self.pages = self._rows(area, size)
            self.page_line = pygame.Rect(area.x, area.bottom, area.w, line)
        self._follow()

    def _tops(self, size: tuple[int, int], y: int) -> list[pygame.Rect]:
        """The preset and the import rows, one under the other over the rules (each changes with ← →, so only
        ↑ ↓ move between them, as between the rules)."""
        m, px, inset = ui.px(size, 24), ui.px(size, ROW_PX), ui.px(size, 10)
        whole = size[0] - 2 * m
        first = pygame.Rect(m, y, whole, cells.height(self.preset_item, whole - 2 * inset, px))
        return [first, pygame.Rect(m, first.bottom + ui.px(size, 4), whole,
                                   cells.height(self.import_item, whole - 2 * inset, px))]

    def _buttons(self, size: tuple[int, int], bottom: int) -> list[pygame.Rect]:
        """The presets' buttons in a row over `bottom`, or two rows where one doesn't hold their words."""
        m, gap = ui.px(size, 24), ui.px(size, 12)
        px = standard_px(ui.px(size, BUTTON_PX))
        labels = [it.label + (f"  {it.value()}" if it.value else "") for it in self.file_items]
        needs = [ui.TEXTS.width(s, px, True) + 2 * ui.px(size, 16) for s in labels]
        bh = ui.TEXTS.line_height(ui.px(size, BUTTON_PX), True) + ui.px(size, 14)
        room = size[0] - 2 * m
        rows = [[0, 1, 2, 3]] if sum(needs) + 3 * gap <= room else [[0, 1], [2, 3]]
        out = [pygame.Rect(0, 0, 0, 0)] * 4
        y = bottom - len(rows) * bh - (len(rows) - 1) * gap
        for row in rows:
            spare = max(0, room - sum(needs[i] for i in row) - gap * (len(row) - 1))
            x = m
            for i in row:
                out[i] = pygame.Rect(x, y, needs[i] + spare // len(row), bh)
                x += out[i].w + gap
            y += bh + gap
        return out

    def _rows(self, area: pygame.Rect, size: tuple[int, int]) -> tuple[list[pygame.Rect], list[list[int]]]:
        """The rules' rows one under another across `area`, each as tall as its words need (its list of
        choices under its label where the two don't share a line), in pages of as many as `area` holds, at
        most PAGE_ROWS; and the pages (the rows' indices). Page k's rows lie k areas down: where a move
        from one row to the nearest below finds the next page's first."""
        px, inset = ui.px(size, ROW_PX), ui.px(size, 10)
        slot = area.h // PAGE_ROWS  # a full page of one-line rows fills the panel: taller rows, easier to aim at
        rects: list[pygame.Rect] = []
        pages: list[list[int]] = []
        y = area.y
        for i, item in enumerate(self.rule_items):
            height = max(slot, cells.height(item, area.w - 2 * inset, px, True) + ui.px(size, 2))
            if not pages or len(pages[-1]) == PAGE_ROWS or y + height > area.y + len(pages) * area.h:
                pages.append([])
                y = area.y + (len(pages) - 1) * area.h
            pages[-1].append(i)
            rects.append(pygame.Rect(area.x, y, area.w, height))
            y += height
        return rects, pages

    def _follow(self) -> None:
        """The page of the focused row shown (the page stays while the focus is off the rules); places for
        moving (every row where its page lies, the buttons under the last page) and where each is drawn."""
        index = self.menu.index - 2
        self.page = next((k for k, page in enumerate(self.pages) if index in page),
                         min(self.page, max(0, len(self.pages) - 1)))
        shown = set(self.pages[self.page]) if self.pages else set()
        drawn = [r.move(0, -self.page * self.area.h) if i in shown else HIDDEN.copy() for i, r in enumerate(self.rows)]
        below = max(0, len(self.pages) - 1) * self.area.h
        self.menu.places = [*self.tops, *self.rows, *[b.move(0, below) for b in self.buttons]]
        self.menu.rects = [*self.tops, *drawn, *self.buttons]

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        size = surface.get_size()
        if self._laid != (size, self.hint(), tuple(self.news())):
            self.relayout(size)
        surface.blit(ui.backdrop(size), (0, 0))
        m = ui.px(size, 24)
        title_y = ui.px(size, 10) + ui.TEXTS.line_height(ui.px(size, TITLE_PX), True) // 2
        game = self.house.definition.title()
        game_w = ui.TEXTS.width(game, ui.px(size, 24), True)
        heading = t("House rules")
        ui.shadow_text(surface, heading, ui.TEXTS.fit_px(heading, size[0] - 2 * m - game_w - ui.px(size, 24),
                                                      ui.px(size, TITLE_PX), True), ui.TEXT, "midleft", (m, title_y))
        ui.blit_text(surface, game, ui.px(size, 24), ui.GOLD, "midright", (size[0] - m, title_y), bold=True)
        ui.panel(surface, self.area.inflate(ui.px(size, 12), ui.px(size, 8)), alpha=150)
        focus = self.menu.current
        inset = ui.px(size, 10)
        for item, rect in zip(self.menu.items, self.menu.rects, strict=True):
            if rect.w == 0:
                continue
            rule = any(item is row for row in self.rule_items)
            if not isinstance(item, Cell):
                cells.draw_button(surface, item, rect, ui.px(size, BUTTON_PX), item is focus)
                continue
            if not rule:  # the preset and the files: boxed like buttons
                ui.panel(surface, rect, alpha=200, border=(60, 110, 80), radius=max(3, rect.h // 5))
            elif self.rule_items.index(item) % 2:  # every other row a shade lighter: the eye keeps its line
                surface.fill((14, 16, 14), rect, special_flags=pygame.BLEND_RGB_ADD)
            cells.draw_value(surface, item, rect, ui.px(size, ROW_PX), item is focus, inset, rule)
        self._draw_marks(surface)
        step = ui.TEXTS.line_height(ui.px(size, ROW_PX))
        paged = ui.TEXTS.line_height(ui.px(size, ROW_PX), True) if len(self.pages) > 1 else 0  # the page's line
        y = self.area.bottom + paged + ui.px(size, 12) + step // 2
        for text in self.note_lines:
            ui.blit_text(surface, text, ui.px(size, ROW_PX), ui.TEXT_DIM, "midleft", (self.area.x, y), max_w=self.area.w)
            y += step
        self._draw_news(surface)
        ui.hint(surface, self.hint(), size_px=HINT_PX)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Under the rows, where there is more than one page: which page this is, ▲ ▼ where there are more."""
        if len(self.pages) < 2:
            return
        size = surface.get_size()
        px = ui.px(size, ROW_PX)
        y = self.area.bottom + ui.TEXTS.line_height(px, True) // 2
        words = t("Page {page} of {pages}", page=self.page + 1, pages=len(self.pages))
        drawn = ui.blit_text(surface, words, px, ui.GOLD, "midright", (self.area.right - ui.px(size, 10), y), bold=True)
        s = ui.px(size, 8)
        x = drawn.x - ui.px(size, 16)
        if self.page > 0:
            pygame.draw.polygon(surface, ui.GOLD, [(x - s, y - 2), (x + s, y - 2), (x, y - 2 - s)])
        if self.page < len(self.pages) - 1:
            pygame.draw.polygon(surface, ui.GOLD, [(x - s, y + 2), (x + s, y + 2), (x, y + 2 + s)])

    def _draw_news(self, surface: pygame.Surface) -> None:
        """A preset file's news (one line, else its two), or why a pad's Start can't start the game."""
        size = surface.get_size()
        lines = self.news()
        if not lines:
            return
        m = ui.px(size, 24)
        room = size[0] - 2 * m
        px = ui.px(size, ROW_PX)
        colour = ui.WARN if self.said or self.house.told_bad else ui.GOLD
        one = " ".join(lines)
        if len(lines) > 1 and ui.TEXTS.width(one, standard_px(px), True) <= room:
            lines = [one]
        step = ui.TEXTS.line_height(px, True)
        y = self.news_y - step * (len(lines) - 1) // 2
        for k, line in enumerate(lines):
            if k and self.house.told_folder:  # a folder: its end says most
                while len(line) > 2 and ui.TEXTS.width(line, standard_px(px), True) > room:
                    line = "…" + line[2:]
            ui.blit_text(surface, line, ui.TEXTS.fit_px(line, room, px, True), colour, "midleft", (m, y), bold=True,
                         max_w=room)
            y += step
