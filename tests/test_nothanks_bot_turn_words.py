"""The No Thanks prompt over the card asked a bot the question ("Bot 2: take it or say no thanks with a chip?"),
at the table and in replays: a bot's turn now reads as news ("Bot 2 is thinking…"); only a person is asked."""

from __future__ import annotations

import pytest

from game import i18n
from game.engines import nothanks as nt
from game.games.nothanks.view_model import NothanksModel
from game.i18n import t


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("rules", [nt.Rules.numbered(), nt.Rules()], ids=["chips", "matches"])
@pytest.mark.parametrize("language", ["en", "da", "sv"])
def test_a_bots_turn_says_it_is_thinking_and_asks_nothing(rules, language, english_after):
    i18n.set_language(language)
    model = NothanksModel(rules, ["Ada", "Bot 2", "Bot 3"])
    st = nt.new_game(rules, 3, seed=1)
    seat = st.current_player
    asked = model.prompt_text(st)  # a person's seat nobody's keys play yet (as in a replay): still asked
    assert asked.endswith("?")
    model.bots = {seat}
    said = model.prompt_text(st)
    assert said == t("{name} is thinking\u2026", name=model.names[seat])
    assert "?" not in said and said != asked
    assert said == {"en": f"{model.names[seat]} is thinking…", "da": f"{model.names[seat]} tænker…",
                    "sv": f"{model.names[seat]} tänker…"}[language]
