"""End to end with keys only: title → choose → lobby → a whole No Thanks game → results → play again."""

from __future__ import annotations

from support_app import focus, house_rules, press, run_until, set_seat, set_value, top_name

from game.i18n import t


def test_title_to_results_and_play_again_with_keys_only(app):
    from game.scenes.title import TitleScene

    app.push(TitleScene())
    press(app, "enter")  # Play
    assert top_name(app) == "ChooseGameScene"
    press(app, "enter")  # No Thanks! is first
    assert top_name(app) == "LobbyScene"
    lobby = app.top
    assert lobby.game == "nothanks"
    assert app.top.menu.current.label == t("Start")  # two presses from the title and you could play

    # One human (seat 1, keys Q / L-Shift) against one quick bot, on a small deck.
    set_seat(app, 1, t("Bot · {level}", level=t("random")), key="left")
    set_seat(app, 2, t("Empty"))
    assert lobby.seating.players == 2
    house_rules(app)
    set_value(app, t("Cards per suit"), t("1–{k} ({n} cards)", k=5, n=20), key="left")
    set_value(app, t("Cards set aside unseen"), "3")
    set_value(app, t("Matches each"), "5", key="left")
    assert "1–5" in lobby.definition.rules_summary(lobby.rules) and "3 cards set aside" in lobby.definition.rules_summary(lobby.rules)
    press(app, "back")
    focus(app, t("Start"))
    press(app, "enter")
    assert top_name(app) == "NothanksTable"
    table = app.top
    assert [s.kind for s in table.config.seats] == ["human", "bot"]
    assert table.config.rules.ranks_per_suit == 5 and table.config.rules.set_aside == 3

    def take_when_my_turn():
        st = table.match.state
        if not st.is_over and st.current_player == 0:
            press(app, "q")  # seat 1's first key: take

    run_until(app, lambda: top_name(app) == "ResultsScene", max_seconds=300, each=take_when_my_turn)
    results = app.top
    st = results.match.state
    assert st.is_over
    assert len(st.cards[0]) + len(st.cards[1]) == 17  # 20 cards, 3 set aside
    assert results.body.winners == st.winners()
    assert results.body.aside == sorted(st.aside) and len(results.body.aside) == 3
    assert len(results.body.takes) == 17
    assert all(take.seat in (0, 1) for take in results.body.takes)

    assert results.menu.current.label == t("Play again")
    press(app, "enter")
    assert top_name(app) == "NothanksTable"  # the next game at once, no lobby stop
    again = app.top.config
    assert again.first_player == 1  # the first turn moves one seat on
    assert [s.kind for s in again.seats] == ["human", "bot"]  # same seats
    assert again.seats == table.config.seats
    assert again.rules.ranks_per_suit == 5 and again.rules.set_aside == 3  # same house rules
    assert app.top.match.state.current_player == 1
    assert app.top.config.seed != table.config.seed  # a fresh deal
    assert [type(s).__name__ for s in app.stack] == ["TitleScene", "ChooseGameScene", "NothanksTable"]
