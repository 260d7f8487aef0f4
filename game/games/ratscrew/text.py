"""Ratscrew words: rule option labels, slap rule names, the rules summary and the rules for newcomers.

The engine carries no translated text; everything a player reads about the rules is made here.
"""

from __future__ import annotations

from game.core.contract import RuleOption
from game.core.options import OptionValue, whole
from game.games.ratscrew import engine as rs
from game.i18n import decimal, t, tn
from game.render.letters import letter


def _slap_labels() -> dict[str, str]:
    return {
        "double": t("Double"),
        "sandwich": t("Sandwich"),
        "top_bottom": t("Top-bottom"),
        "marriage": t("Marriage"),
        "tens": t("Tens"),
        "divorce": t("Divorce"),
        "run": t("Run"),
        "six_nine": t("Six-nine"),
        "four_of_a_suit": t("Four of a suit"),
    }


def slap_label(rule: str) -> str:
    """The display name of a slap rule: slap_label("top_bottom") == "Top-bottom"."""
    return _slap_labels()[rule]


def slap_banner(name: str, rule: str) -> str:
    """A won slap's banner naming its winner: slap_banner("Player 1", "double") == "Player 1: Double!"."""
    return t("{name}: {rule}!", name=name, rule=slap_label(rule))


def _option_label(name: str, slaps: dict[str, str]) -> str:
    if name in slaps:
        return t("Slap: {name}", name=slaps[name])
    ranks = {"J": t("Jack"), "Q": t("Queen"), "K": t("King"), "A": t("Ace")}
    for rank, card in ranks.items():
        if name == f"challenge_{rank.lower()}":
            return t("{card} demands", card=card)
    return {
        "marriage_either_order": t("Marriage in either order"),
        "wrong_slap": t("Wrong slap"),
        "burn": t("Wrong slap burns"),
        "burned_live": t("Burned cards"),
        "timeout_cards": t("Slap timeout lasts"),
        "ten_stops": t("A 10 stops a challenge"),
        "payer_out_rule": t("Payer runs out"),
        "claim_delay_ms": t("Challenger takes the pile after"),
        "late_grace_ms": t("Too late, no penalty, up to"),
        "slap_lockout_ms": t("Wrong slap locks the slap"),
        "game_length": t("Game length"),
        "card_limit": t("Game limit"),
    }[name]


def _choice_label(name: str, value: OptionValue, slaps: dict[str, str]) -> str:
    if name in slaps or name in ("marriage_either_order", "ten_stops"):
        return t("On") if value else t("Off")
    if name == "wrong_slap":
        return {"burn": t("Burn cards"), "timeout": t("Timeout"), "gives_pile": t("Pile to the next player")}[str(value)]
    if name == "timeout_cards":
        return tn("{n} card", "{n} cards", whole(name, value))
    if name == "burn":
        if value == 0:
            return t("No penalty")
        return tn("{n} card", "{n} cards", whole(name, value))
    if name == "burned_live":
        return t("Count for slaps") if value else t("Don't count for slaps")
    if name == "payer_out_rule":
        return t("Next one pays") if value == "next_pays" else t("Challenger wins")
    if name == "claim_delay_ms":
        return t("{s} s", s=decimal(whole(name, value) / 1000))
    if name == "late_grace_ms":
        return t("{ms} ms", ms=value)
    if name == "game_length":
        return {"full": t("To the end"), "quick": t("Quick (3 min)"), "normal": t("Normal (8 min)"),
                "long": t("Long (15 min)")}[str(value)]
    if name == "slap_lockout_ms":
        return t("Never") if value == 0 else t("{s} s", s=decimal(whole(name, value) / 1000))
    if name == "card_limit":
        return tn("{n} card", "{n} cards", whole(name, value))
    return str(value)


def rule_options(rules: rs.Rules | None = None) -> list[RuleOption]:
    """The Ratscrew options for the lobby: the engine's specs (`rs.rule_options(rules)`: every one, or
    those that change anything at a table of `rules`), labelled."""
    slaps = _slap_labels()
    return [RuleOption(o, _option_label(o.name, slaps), tuple(_choice_label(o.name, v, slaps) for v in o.choices))
            for o in rs.rule_options(rules)]


def slap_names(rules: rs.Rules) -> list[str]:
    """The names of the slap rules on at this table, in the engine's order ("Marriage (either order)")."""
    labels = _slap_labels()
    names = []
    for rule in rs.SLAP_RULES:
        if rule in rules.slaps:
            name = labels[rule]
            if rule == "marriage" and rules.marriage_either_order:
                name = t("{name} (either order)", name=name)
            names.append(name)
    return names


def _penalty_short(rules: rs.Rules) -> str:
    """The wrong slap's penalty in a few words, for the summary."""
    if rules.wrong_slap == "timeout":
        return tn("wrong slap: no slaps for {n} card", "wrong slap: no slaps for {n} cards", rules.timeout_cards)
    if rules.wrong_slap == "gives_pile":
        return t("wrong slap gives the pile to the next player")
    if rules.burn == 0:
        return t("no penalty for a wrong slap")
    if rules.burned_live:
        return tn("wrong slap burns {n} card (it counts for slaps)",
                  "wrong slap burns {n} cards (they count for slaps)", rules.burn)
    return tn("wrong slap burns {n} card (it doesn't count for slaps)",
              "wrong slap burns {n} cards (they don't count for slaps)", rules.burn)


def _counts(rules: rs.Rules) -> str:
    """The challenge counts, "J1 Q2 K3 A4" ("J1 Q2 K3 A4, 10 stops" with `ten_stops`)."""
    counts = " ".join(f"{letter(rank)}{n}" for rank, n in zip(rs.ChallengeCounts._fields, rules.challenge_counts))
    return t("{counts}, 10 stops", counts=counts) if rules.ten_stops else counts


def summary(rules: rs.Rules) -> str:
    """One line for the table and the lobby: every option, compactly. The slaps, the challenge (its counts, a
    payer with no cards, the claim), a slap's timing and penalty, the limit: in that order the short parts sit
    between the long ones, so a wrapped summary (the results at 150 %) takes three even lines, not four."""
    names = slap_names(rules)
    parts = [
        t("Slaps: {names}", names=", ".join(names)) if names else t("No slaps"),
        _counts(rules),
        t("payer out: next pays")
        if rules.payer_out_rule == "next_pays"
        else t("payer out: challenger wins"),
        t("the challenger takes the pile after {s} s", s=decimal(rules.claim_delay_ms / 1000)),
        t("up to {ms} ms too late: no penalty", ms=rules.late_grace_ms),
        _penalty_short(rules),
        tn("limit {n} card", "limit {n} cards", rules.card_limit),
    ]
    return " · ".join(parts)


def table_corner(rules: rs.Rules) -> str:
    """The table's rules corner: what a player needs mid-game, one part a line, most important first (a
    corner with too little room leaves out the last): the slaps, what a wrong slap burns, what each
    challenge card demands."""
    names = slap_names(rules)
    if rules.wrong_slap == "timeout":
        penalty = tn("Wrong slap: wait {n} card", "Wrong slap: wait {n} cards", rules.timeout_cards)
    elif rules.wrong_slap == "gives_pile":
        penalty = t("Wrong slap: the pile goes to the next player")
    elif rules.burn == 0:
        penalty = t("Wrong slap: no penalty")
    else:
        penalty = t("Wrong slap burns {n}", n=rules.burn)
    return "\n".join([
        t("Slap on: {names}", names=", ".join(names)) if names else t("No slaps"),
        penalty,
        t("Challenges: {counts}", counts=_counts(rules)),
    ])


def slap_explanations(rules: rs.Rules) -> list[str]:
    """One line per slap rule switched on at this table."""
    either = rules.marriage_either_order
    texts = {
        "double": t("• Double: the top two cards have the same rank."),
        "sandwich": t("• Sandwich: the top card has the rank of the third card from the top."),
        "top_bottom": t("• Top-bottom: the top card has the rank of the bottom card of the pile."),
        "marriage": t("• Marriage: a king and a queen next to each other.") if either
        else t("• Marriage: a queen directly on a king."),
        "tens": t("• Tens: the top two cards add up to ten (ace = 1; J, Q, K never make ten)."),
        "divorce": t("• Divorce: a king and a queen with exactly one card between them."),
        "run": t("• Run: the top three cards are consecutive ranks, up or down (an ace low or high, but never king-ace-2)."),
        "six_nine": t("• Six-nine: a 6 and a 9 next to each other."),
        "four_of_a_suit": t("• Four of a suit: the top four cards are all of one suit."),
    }
    return [text for rule, text in texts.items() if rule in rules.slaps]


def slap_picture_caption(rule: str, rules: rs.Rules) -> str:
    """A slap pattern's picture on the rules screen: its explanation, and whether it is on at this table."""
    either = rules.marriage_either_order
    text = {
        "double": t("Double: the top two cards have the same rank."),
        "sandwich": t("Sandwich: the top card has the rank of the third card from the top."),
        "top_bottom": t("Top-bottom: the top card has the rank of the bottom card of the pile."),
        "marriage": t("Marriage: a king and a queen next to each other.") if either
        else t("Marriage: a queen directly on a king."),
        "tens": t("Tens: the top two cards add up to ten (ace = 1; {courts} never make ten).",
                  courts=", ".join(letter(r) for r in "JQK")),
        "divorce": t("Divorce: a king and a queen with exactly one card between them."),
        "run": t("Run: the top three cards are consecutive ranks, up or down (an ace low or high, but never king-ace-2)."),
        "six_nine": t("Six-nine: a 6 and a 9 next to each other."),
        "four_of_a_suit": t("Four of a suit: the top four cards are all of one suit."),
    }[rule]
    on = rule in rules.slaps
    return t("{rule} (on at this table)", rule=text) if on else t("{rule} (off at this table)", rule=text)


def ten_stops_caption(rules: rs.Rules) -> str:
    """The rules screen's picture of a 10 ending a challenge, and whether that is on at this table."""
    text = t("A 10 stops a challenge: a 10 turned while paying ends it. Nobody wins the pile; "
             "the next player plays on.")
    if rules.ten_stops:
        return t("{rule} (on at this table)", rule=text)
    return t("{rule} (off at this table)", rule=text)


def _penalty_text(rules: rs.Rules) -> str:
    """The rules for newcomers: what a wrong slap costs at this table."""
    if rules.wrong_slap == "timeout":
        return tn("A wrong slap puts you in a timeout: you may not slap until {n} more card has been played.",
                  "A wrong slap puts you in a timeout: you may not slap until {n} more cards have been played.",
                  rules.timeout_cards)
    if rules.wrong_slap == "gives_pile":
        return t("A wrong slap gives the whole pile to the next player, who plays next.")
    if rules.burn == 0:
        return t("A wrong slap costs nothing at this table (no penalty), unless you have no cards left: "
                 "then you are out.")
    return tn("A wrong slap burns {n} card: you put it face down under the pile. It goes to whoever wins the pile.",
                  "A wrong slap burns {n} cards: you put them face down under the pile. They go to whoever wins "
                  "the pile.", rules.burn)


def rules_text(rules: rs.Rules) -> list[str]:
    """Paragraphs of the rules, for people who have never played."""
    return [
        t("The whole deck is dealt out, face down. Nobody looks: you keep your cards in a face-down stack."),
        t("Take turns: on your turn, turn the top card of your stack face up onto the pile in the middle."),
        t("A jack, queen, king or ace is a challenge card: the next player must pay cards for it. "
          "Jack: {j}. Queen: {q}. King: {k}. Ace: {a}. The cards are turned up one at a time. "
          "If you turn up a challenge card while paying, the challenge passes on. The next player owes the new "
          "number, and the payment starts again. If you pay it all without turning one up, the challenger "
          "takes the pile.", **dict(zip("jqka", rules.challenge_counts))),
        *([t("At this table a 10 stops a challenge. If the player paying turns a 10, the challenge ends and "
             "nobody wins the pile. The next player plays on.")] if rules.ten_stops else []),
        t("Anyone may slap the pile at any moment. The first right slap wins the whole pile — even during a "
          "challenge — and the slapper plays next. At this table you may slap on:"),
        *(slap_explanations(rules) or [t("nothing: slaps are switched off.")]),
        _penalty_text(rules),
        *([t("After a wrong slap your slap hand rests for {s} s, longer if you keep slapping wrong. "
             "Slapping all the time never pays.", s=decimal(rules.slap_lockout_ms / 1000))]
          if rules.slap_lockout_ms else []),
        t("Out of cards? You are still in until the next chance to slap has passed. Slap first, and right, "
          "and you are back in with the pile."),
        _end_text(rules),
    ]


def _end_text(rules: rs.Rules) -> str:
    """How a game is won: the last player with cards, or (with a game length) most cards when time is up."""
    seconds = rs.GAME_LENGTHS_S.get(rules.game_length)
    if seconds is None:
        return t("The last player with cards wins.")
    return tn("The last player with cards wins, or when {n} minute is up, the player holding the most cards. "
              "A tie then? The next right slap wins.",
              "The last player with cards wins, or when {n} minutes are up, the player holding the most cards. "
              "A tie then? The next right slap wins.", seconds // 60)


# -- fair play: head starts, learners ----------------------------------------------------------------------
def photo_winner(who: str, ms: int, head_start_ms: int = 0) -> str:
    """The photo finish's first line: "Mia by 40 ms", "Mia by 40 ms with a 300 ms head start"."""
    if head_start_ms:
        return t("{who} by {ms} ms with a {hs} ms head start", who=who, ms=ms, hs=head_start_ms)
    return t("{who} by {ms} ms", who=who, ms=ms)


def with_head_start(line: str, head_start_ms: int) -> str:
    """A photo finish's line for a hand that had a head start: "Bo +40 ms, too late (200 ms head start)"."""
    return t("{line} ({hs} ms head start)", line=line, hs=head_start_ms) if head_start_ms else line


def missed(rule: str) -> str:
    """A slappable pile that passed unslapped: "Missed: Double"."""
    return t("Missed: {rule}", rule=slap_label(rule))


def wait_badge(cards: int) -> str:
    """A seat's badge while it is in a slap timeout: "wait 2 cards"."""
    return tn("wait {n} card", "wait {n} cards", cards)


def wait_note(cards: int) -> str:
    """The note at a seat that slapped in its slap timeout: "No slapping: wait 2 cards"."""
    return tn("No slapping: wait {n} card", "No slapping: wait {n} cards", cards)


def wrong_slap_wait(cards: int) -> str:
    """The note at a seat whose wrong slap put it in a slap timeout: "Wrong slap! Wait 3 cards"."""
    return tn("Wrong slap! Wait {n} card", "Wrong slap! Wait {n} cards", cards)


def hint(rule: str) -> str:
    """A learner's hint at their seat: "Slap! Double"."""
    return t("Slap! {rule}", rule=slap_label(rule))


def lockout_raised(old_ms: int, rules: rs.Rules) -> str:
    """The one line a table (a preset, the lobby, `sim --rule`) gets when its slap lockout was raised: a wrong
    slap there costs no card, so a shorter lockout would let pressing all the time win."""
    return t("Slap lockout raised from {old} to {new}: a wrong slap costs no card at this table.",
             old=_choice_label("slap_lockout_ms", old_ms, {}), new=_choice_label("slap_lockout_ms", rules.slap_lockout_ms, {}))
