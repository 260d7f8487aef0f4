"""Pictures for docs/screens (issue 20): both tables at 3, 5 and 8 seats mid-game (Ada a remembered player,
with her face on her mat) and the results at 1280×720,
and each table's TV check (a 1920×1080 frame scaled to 480×270, a 40-inch TV seen from 3 m).

    SDL_VIDEODRIVER=dummy .venv/bin/python tests/shoot_couch.py DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pygame
from support_app import finished
from support_table import FakeApp, press

from game.commands import PASS, TAKE
from game.core.contract import TableConfig
from game.games.nothanks import engine as nt
from game.games.nothanks.table import NothanksTable
from game.games.ratscrew import engine as rs
from game.games.ratscrew.table import RatscrewTable
from game.match import SeatSpec
from game.render import scale


def seats(n: int, level: str) -> list[SeatSpec]:
    return [SeatSpec("human", None, "Ada")] + [SeatSpec("bot", level, f"Bot {i}") for i in range(2, n + 1)]


def remembered(app: FakeApp, n: int) -> tuple[int | None, ...]:
    """Ada is a remembered player (a profile with the cat's face): her mat shows her face, the bots' their
    seats' colours."""
    ada = app.history.by_name("Ada") or app.history.create("Ada")
    assert not isinstance(ada, str), ada
    app.history.change(ada.id, avatar=1)
    return (ada.id,) + (None,) * (n - 1)


def nothanks(n: int, size: tuple[int, int]) -> pygame.Surface:
    scale.install(window=size)
    app = FakeApp(size)
    table = NothanksTable(TableConfig("nothanks", nt.Rules(), seats(n, "easy"), seed=3,
                                      profiles=remembered(app, n)), threaded=False)
    app.push(table)
    app.run_ms(300)
    for _ in range(40):  # let the bots play up to Ada's turn a few times
        app.run_ms(400)
        if table.match.state.current_player == 0:
            press(app, table, 0, PASS if table.match.state.matches[0] > 6 else TAKE)
    while table.match.state.current_player != 0:
        app.run_ms(100)
    app.run_ms(600)
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    return surface


def ratscrew(n: int, size: tuple[int, int]) -> pygame.Surface:
    scale.install(window=size)
    app = FakeApp(size)
    table = RatscrewTable(TableConfig("ratscrew", rs.Rules(), seats(n, "pro"), seed=11, profiles=remembered(app, n)))
    app.push(table)
    app.run_ms(1500)
    for _ in range(400):  # Ada plays on her turn; stop with a few cards on the pile, mid-game
        st = table.match.state
        if st.current_player == 0 and not st.awaiting_claim:
            press(app, table, 0, "play")
        app.run_ms(60)
        if len(table.match.state.pile) >= 4 and not table.match.state.awaiting_claim:
            break
    app.run_ms(250)
    surface = pygame.Surface(size)
    table.draw(surface, 0.0)
    return surface


def results(game: str, size=(1280, 720)) -> pygame.Surface:
    from game.scenes.results import ResultsScene

    scale.install(window=size)
    app = FakeApp(size)
    config, match = finished(game, players=5)
    scene = ResultsScene(config, match)
    app.push(scene)
    app.run_ms(600)
    surface = pygame.Surface(size)
    scene.draw(surface, 0.0)
    return surface


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    for n in (3, 5, 8):
        pygame.image.save(nothanks(n, (1280, 720)), str(out / f"table_nothanks_{n}_seats.png"))
        pygame.image.save(ratscrew(n, (1280, 720)), str(out / f"table_ratscrew_{n}_seats.png"))
    for game in ("nothanks", "ratscrew"):
        pygame.image.save(results(game), str(out / f"results_{game}.png"))
        big = nothanks(5, (1920, 1080)) if game == "nothanks" else ratscrew(5, (1920, 1080))
        pygame.image.save(pygame.transform.smoothscale(big, (480, 270)), str(out / f"tv_check_{game}.png"))
    scale.install(window=(1280, 720))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/couch_shots"))
