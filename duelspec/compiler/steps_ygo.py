"""Yu-Gi-Oh! steps (official rulebook English: chain link, resolve, negate the activation,
negate the effect, cost, Draw Phase, normal draw)."""
from __future__ import annotations

from .grammar import GRAMMAR, PLAYER, QLIST, StepError, quoted

Y = ("ygo",)

PHASES = {"Draw Phase": "draw", "Standby Phase": "standby", "Main Phase 1": "main1", "Battle Phase": "battle",
          "Main Phase 2": "main2", "End Phase": "end"}
PHASE_RE = "|".join(PHASES)
NAME = r'"(?P<card>[^"]+)"'
ALIAS = r'(?: as "(?P<alias>[^"]+)")?'

POSITIONS = {"face-up in attack position": ("monster", "face-up-attack"),
             "face-up in defense position": ("monster", "face-up-defense"),
             "face-down in defense position": ("monster", "face-down-defense"),
             "face-up in the spell & trap zone": ("spell-trap", "face-up"),
             "set in the spell & trap zone": ("spell-trap", "face-down"),
             "face-up in the field zone": ("field", "face-up")}
ZONE_WORDS = {"in hand": "hand", "in the graveyard": "graveyard", "in the Extra Deck": "extra", "banished": "banished",
              "in the deck": "deck"}
FINAL_ZONES = {"hand": "hand", "graveyard": "graveyard", "Extra Deck": "extra", "deck": "deck", "banishment": "banished",
               "monster zone": "monster", "spell & trap zone": "spell-trap", "field zone": "field"}
MOVES = {"added to the hand": "hand", "sent to the graveyard": "graveyard", "banished": "banished",
         "Special Summoned": "monster", "returned to the deck": "deck", "placed on top of the deck": "deck",
         "shuffled into the deck": "deck", "returned to the Extra Deck": "extra"}


# ---- Given: the state ------------------------------------------------------------------------
@GRAMMAR.rule("given", rf"it is turn (?P<turn>\d+), player {PLAYER}'s (?P<phase>{PHASE_RE})(?:, (?P<step>before|after) the draw)?",
              games=Y, example="it is turn 2, player A's Draw Phase, before the draw")
def _turn(b, turn, player, phase, step):
    b.setup.update(turn=int(turn), turn_player=player, phase=PHASES[phase])
    if step:
        if phase != "Draw Phase":
            raise StepError("`before the draw` / `after the draw` only with the Draw Phase")
        b.setup["step"] = f"{step}-draw"
    if int(turn) == 1:
        b.requires.add("first-turn")


@GRAMMAR.rule("given", r"the duel has not started yet, player (?P<player>[AB]) going first", games=Y,
              requires=("opening-hand",), example="the duel has not started yet, player A going first")
def _not_started(b, player):
    b.setup.update(first_player=player, turn=0, turn_player=player, phase="start-of-duel")


@GRAMMAR.rule("given", rf"player {PLAYER} has (?P<lp>\d+) LP", games=Y, example="player A has 8000 LP")
def _lp(b, player, lp):
    b.setup["players"][player]["lp"] = int(lp)


@GRAMMAR.rule("given", rf"player {PLAYER} has {NAME}{ALIAS} (?P<where>in hand|in the graveyard|in the Extra Deck|banished|in the deck|{'|'.join(POSITIONS)})",
              games=Y, example='player B has "Ash Blossom & Joyous Spring" as "ash" in hand')
def _has(b, player, card, alias, where):
    if where in POSITIONS:
        return _controls(b, player, card, alias, where)
    b.add_card(card, player, ZONE_WORDS[where], alias)


@GRAMMAR.rule("given", rf"the top card of player {PLAYER}'s deck is {NAME}{ALIAS}", games=Y,
              example='the top card of player A\'s deck is "Alexandrite Dragon" as "top"')
def _top(b, player, card, alias):
    if any(c.get("order") == "top" and c["owner"] == player for c in b.setup["cards"]):
        raise StepError("one top card per deck")
    b.add_card(card, player, "deck", alias, order="top")


@GRAMMAR.rule("given", rf"player {PLAYER}'s deck holds (?P<cards>{QLIST}), in this order from the top", games=Y,
              example='player A\'s deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top')
def _deck_order(b, player, cards):
    for i, name in enumerate(quoted(cards)):
        b.add_card(name, player, "deck", None, order=i)



@GRAMMAR.rule("given", rf"player {PLAYER} controls {NAME}{ALIAS} (?P<pos>{'|'.join(POSITIONS)})", games=Y,
              example='player A controls "Flying Saucer Muusik\'i" as "muusiki" face-up in attack position')
def _controls(b, player, card, alias, pos):
    zone, position = POSITIONS[pos]
    b.add_card(card, player, zone, alias, position=position)
    if zone in ("spell-trap", "field") and position == "face-up":
        entry = b.catalogue[b.card(alias or b.setup["cards"][-1]["id"])["card"]]
        if "continuous" in entry.get("subtypes", []) or "field" in entry.get("subtypes", []):
            b.requires.add("continuous-card")


@GRAMMAR.rule("given", rf'"(?P<xyz>[^"]+)" has {NAME}{ALIAS} attached as Xyz Material', games=Y, requires=("xyz",),
              example='"utopia" has "Alexandrite Dragon" as "mat" attached as Xyz Material')
def _material(b, xyz, card, alias):
    host = b.ref(xyz)
    b.add_card(card, b.card(host)["owner"], "overlay", alias, attached_to=host)


@GRAMMAR.rule("given", r"the duel goes on until turn (?P<turn>\d+)'s (?P<phase>" + PHASE_RE + ")", games=Y,
              example="the duel goes on until turn 2's Standby Phase")
def _stop(b, turn, phase):
    b.setup["stop"] = {"turn": int(turn), "phase": PHASES[phase]}


# ---- When: the moment (scenario format 2: every step names its window) ------------------------
TURN = r"(?: on turn (?P<turn>\d+))?"


def _window(b, kind, turn=None, **fields):
    w = {"window": kind, **{k: v for k, v in fields.items() if v is not None}}
    if turn is not None:
        if "turn" in b.setup and int(turn) < max(b.setup["turn"], 1):
            raise StepError(f"a turn not before the setup's turn ({b.setup['turn']})")
        w["turn"] = int(turn)
    return w


@GRAMMAR.moment(rf"before the draw{TURN}", games=Y, example='before the draw, player A activates "muusiki"')
def _m_before_draw(b, turn):
    return _window(b, "before-draw", turn)


@GRAMMAR.moment(rf"between the timing before the draw and the normal draw{TURN}", games=Y, minor=1,
                example='between the timing before the draw and the normal draw, player B cannot activate "mst", targeting "legacy"')
def _m_after_before_draw(b, turn):
    """Format 2.1 (issue 22.3): the moment after the timing before the draw (its chain resolved,
    or nothing activated) and before the normal draw, where no new chain can start."""
    return _window(b, "after-before-draw", turn)


@GRAMMAR.moment(rf"in response to chain link (?P<link>\d+){TURN}", games=Y,
                example='in response to chain link 1, player B activates "ash"')
def _m_response(b, link, turn):
    return _window(b, "response", turn, link=int(link))


@GRAMMAR.moment(rf"while chain link (?P<link>\d+) resolves{TURN}", games=Y,
                example='while chain link 1 resolves, player A chooses "alien"')
def _m_resolution(b, link, turn):
    return _window(b, "resolution", turn, link=int(link))


@GRAMMAR.moment(rf"while chain link (?P<link>\d+) is being activated{TURN}", games=Y,
                example='while chain link 1 is being activated, player A declares "Monster"')
def _m_activation(b, link, turn):
    return _window(b, "activation", turn, link=int(link))


@GRAMMAR.moment(rf"in player {PLAYER}'s (?P<phase>{PHASE_RE}){TURN}", games=Y,
                example='in player A\'s Main Phase 1, player A activates "reload"')
def _m_open(b, player, phase, turn):
    w = _window(b, "open", turn, phase=PHASES[phase])
    tp = b.turn_player_of(w.get("turn", max(b.setup.get("turn", 1), 1)))
    if tp is not None and tp != player:
        raise StepError(f"the turn player of that turn: it is player {tp}'s turn (players alternate from the setup's turn)")
    return w


# `after <event>`: the trigger window after that event (the list of event phrases is small on purpose)
@GRAMMAR.moment(rf"after the normal draw{TURN}", games=Y, example='after the normal draw, player A activates "underdog"')
def _m_after_normal_draw(b, turn):
    return _window(b, "trigger", turn, after={"event": "draw", "normal": True})


@GRAMMAR.moment(rf'after "(?P<card>[^"]+)" is drawn by (?P<how>the normal draw|a card effect){TURN}', games=Y, minor=1,
                example='after "top" is drawn by the normal draw, player A reveals "top"')
def _m_after_drawn(b, card, how, turn):
    """Format 2.1 (issue 22.4): "x" is among the cards drawn (a normal draw of 2 cards too):
    ``cards: {"includes": ["x"]}``. The exact list: ``after the normal draw draws exactly "x"``."""
    return _window(b, "trigger", turn, after={"event": "draw", "cards": {"includes": [b.ref(card)]},
                                              "normal": how == "the normal draw"})


@GRAMMAR.moment(rf'after (?P<how>the normal draw|a card effect) draws exactly (?P<cards>{QLIST}){TURN}', games=Y,
                example='after the normal draw draws exactly "top", player A reveals "top"')
def _m_after_drawn_exactly(b, how, cards, turn):
    """A draw of exactly these cards (format 2.0: ``cards`` is the list the draw takes, in any order)."""
    return _window(b, "trigger", turn, after={"event": "draw", "cards": [b.ref(c) for c in quoted(cards)],
                                              "normal": how == "the normal draw"})


@GRAMMAR.moment(rf"after player {PLAYER} draws the opening hand", games=Y, minor=1,
                example='after player B draws the opening hand, player B cannot reveal "shining"')
def _m_after_opening_hand(b, player):
    """Format 2.1 (issue 22.5): right after ``player``'s opening hand is drawn (the draw event with
    ``opening: true``; ND-03: not a normal draw, drawn before any Draw Phase)."""
    return _window(b, "trigger", None, after={"event": "draw", "player": player, "opening": True})


@GRAMMAR.moment(r'after "(?P<card>[^"]+)" is drawn in the opening hand', games=Y, minor=1,
                example='after "shining" is drawn in the opening hand, player B cannot reveal "shining"')
def _m_after_drawn_opening(b, card):
    return _window(b, "trigger", None, after={"event": "draw", "cards": {"includes": [b.ref(card)]}, "opening": True})


@GRAMMAR.moment(rf"after player {PLAYER} draws by a card effect{TURN}", games=Y,
                example='after player A draws by a card effect, player A activates "underdog"')
def _m_after_effect_draw(b, player, turn):
    return _window(b, "trigger", turn, after={"event": "draw", "player": player, "normal": False})


@GRAMMAR.moment(rf'after "(?P<card>[^"]+)" is (?P<move>{"|".join(MOVES)}){TURN}', games=Y,
                example='after "sangan" is sent to the graveyard, player B activates "sangan"')
def _m_after_move(b, card, move, turn):
    return _window(b, "trigger", turn, after={"event": "move", "card": b.ref(card), "to": MOVES[move]})


@GRAMMAR.moment(rf'after "(?P<card>[^"]+)" is activated{TURN}', games=Y,
                example='after "fandora" is activated, player B activates "x"')
def _m_after_activated(b, card, turn):
    return _window(b, "trigger", turn, after={"event": "activate", "card": b.ref(card)})


@GRAMMAR.moment(rf"after chain link (?P<link>\d+) resolves{TURN}", games=Y,
                example='after chain link 1 resolves, player A activates "x"')
def _m_after_resolved(b, link, turn):
    return _window(b, "trigger", turn, after={"event": "resolve", "link": int(link)})


@GRAMMAR.moment(rf"after the chain ends{TURN}", games=Y, example='after the chain ends, player A activates "x"')
def _m_after_chain(b, turn):
    return _window(b, "trigger", turn, after={"event": "chain-end"})


@GRAMMAR.modifier(r"every time this turn", games=Y, minor=1,
                  example='before the draw, every time this turn, player A cannot activate "blast"',
                  text="the `cannot` step holds at every occurrence of its window in its turn (`when.every`, format 2.1): "
                       "an engine that opens the window again and lets the player do it there fails")
def _every(b, when):
    """Format 2.1 (issue 22.1): a refusal that holds at every occurrence of the window in the
    step's turn, not only the first (a before-the-draw timing that opens a second time after a
    fully negated chain)."""
    return {**when, "every": True}


@GRAMMAR.modifier(r"which must not come", games=Y, minor=1,
                  example='before the draw on turn 1, which must not come, player B cannot activate "bls"',
                  text="the window must not open at all in the step's turn (`when.opens: false`, format 2.1): the "
                       "`cannot` step passes only if it never opens")
def _never_opens(b, when):
    """Format 2.1 (issue 22.2): a window that must not open (the timing before the draw in the
    first turn of the player going first, ND-02)."""
    return {**when, "opens": False}


# ---- When: the script ------------------------------------------------------------------------
@GRAMMAR.rule("when", rf'player {PLAYER} (?P<verb>activates|cannot activate) {NAME}(?: ?effect \((?P<effect>\d+)\))?'
                      rf'(?:,? (?:tributing|discarding|banishing|detaching|sending|revealing|paying with) (?P<cost>{QLIST}) as cost)?'
                      rf'(?:,? targeting (?P<targets>{QLIST}))?(?:,? declaring "(?P<option>[^"]+)")?', games=Y, requires=("chain",),
              example='player B activates "onuncu" effect (2), tributing "sangan" as cost, targeting "x"')
def _activate(b, player, verb, card, effect, cost, targets, option):
    step = {"player": player, "do": "activate", "card": b.ref(card)}
    if option:
        step["option"] = option
    if effect:
        step["effect"] = effect
    if cost:
        step["cost"] = [b.ref(c) for c in quoted(cost)]
        b.requires.add("cost")
    if targets:
        step["targets"] = [b.ref(t) for t in quoted(targets)]
    if verb == "cannot activate":
        step["legal"] = False
        b.requires.add("refusal")
    b.step(**step)


@GRAMMAR.rule("when", rf'player {PLAYER} (?P<verb>declines|cannot decline) {NAME}(?: ?effect \((?P<effect>\d+)\))?', games=Y,
              minor=2, example='player A declines "flare"')
def _decline(b, player, verb, card, effect):
    """Format 2.2 (issue 35): the engine offers the player the optional effect of ``card`` at this
    decision and the player declines it (answers the engine's own prompt with no). ``cannot
    decline``: the player must not be able to decline it (a mandatory effect, the game activates it)."""
    step = {"player": player, "do": "decline", "card": b.ref(card)}
    if effect:
        step["effect"] = effect
    if verb == "cannot decline":
        step["legal"] = False
        b.requires.add("refusal")
    b.step(**step)


@GRAMMAR.rule("when", rf"player {PLAYER} passes", games=Y, example="player A passes")
def _pass(b, player):
    raise StepError("no `passes` step (scenario format 2: no script counts passes; a player with no step for a "
                    "window passes there; to decline an optional effect the engine offers, format 2.2: "
                    "`player A declines \"x\"`)")


@GRAMMAR.rule("when", rf"player {PLAYER} chooses (?P<cards>{QLIST})", games=Y, example='player A chooses "alien"')
def _choose(b, player, cards):
    b.step(player=player, do="choose", cards=[b.ref(c) for c in quoted(cards)])


@GRAMMAR.rule("when", rf'player {PLAYER} declares "(?P<option>[^"]+)"', games=Y, example='player A declares "yes"')
def _declare(b, player, option):
    b.step(player=player, do="choose", option=option)


# ---- Then: expectations ----------------------------------------------------------------------
@GRAMMAR.rule("then", rf'player {PLAYER} conducts the normal draw(?:, drawing {NAME})?', games=Y,
              example='player A conducts the normal draw, drawing "top"')
def _normal_draw(b, player, card):
    b.expect_event(event="draw", player=player, normal=True, cards=[b.ref(card)] if card else None)


@GRAMMAR.rule("then", rf"player {PLAYER} does not conduct the normal draw", games=Y,
              example="player A does not conduct the normal draw")
def _no_normal_draw(b, player):
    """No normal draw by ``player`` anywhere in the run (with `the duel goes on until` a later
    turn, that includes the later turns' normal draws)."""
    b.expect_never(event="draw", player=player, normal=True)


@GRAMMAR.rule("then", rf"player {PLAYER} draws (?P<cards>{QLIST})(?P<how> by a card effect| by the normal draw)?", games=Y,
              example='player A draws "elf" by a card effect')
def _draws(b, player, cards, how):
    normal = None if not how else (how == " by the normal draw")
    if normal is False:
        b.requires.add("effect-draw")
    b.expect_event(event="draw", player=player, cards=[b.ref(c) for c in quoted(cards)], normal=normal)


@GRAMMAR.rule("then", rf"player {PLAYER} draws a card by a card effect", games=Y, requires=("effect-draw",),
              example="player A draws a card by a card effect")
def _draws_any(b, player):
    b.expect_event(event="draw", player=player, normal=False)


@GRAMMAR.rule("then", rf"player {PLAYER} draws (?P<cards>{QLIST}) as the opening hand", games=Y, requires=("opening-hand",),
              example='player A draws "a", "b", "c", "d", "e" as the opening hand')
def _opening_hand(b, player, cards):
    # ND-03: the opening hand is drawn before any Draw Phase and is not a normal draw: its draw
    # is not a draw of the Draw Phase either
    refs = [b.ref(c) for c in quoted(cards)]
    b.expect_event(event="draw", player=player, cards=refs, normal=False)
    b.expect_never(event="draw", player=player, cards=refs, phase="draw")


@GRAMMAR.rule("then", rf"player {PLAYER}'s (?P<phase>{PHASE_RE}) of turn (?P<turn>\d+) (?P<how>begins|never begins)", games=Y,
              example="player B's Standby Phase of turn 1 begins")
def _phase_begins(b, player, phase, turn, how):
    pattern = dict(event="phase", phase=PHASES[phase], player=player, turn=int(turn))
    if how == "begins":
        b.expect_event(**pattern)
    else:                                   # the phase is skipped (e.g. 「ドローフェイズをスキップする」)
        b.expect_never(**pattern)


@GRAMMAR.rule("then", rf"player {PLAYER} draws nothing(?P<how> by a card effect)?", games=Y, example="player B draws nothing")
def _draws_nothing(b, player, how):
    b.expect_never(event="draw", player=player, normal=False if how else None)


@GRAMMAR.rule("then", rf'{NAME} is activated as chain link (?P<link>\d+)', games=Y, requires=("chain",), example='"muusiki" is activated as chain link 1')
def _activated(b, card, link):
    b.expect_event(event="activate", card=b.ref(card), link=int(link))


@GRAMMAR.rule("then", rf'{NAME} is activated', games=Y, example='"sangan" is activated')
def _activated_any(b, card):
    b.expect_event(event="activate", card=b.ref(card))


@GRAMMAR.rule("then", rf'{NAME} is not activated', games=Y, example='"sangan" is not activated')
def _not_activated(b, card):
    b.expect_never(event="activate", card=b.ref(card))


@GRAMMAR.rule("then", r"the activation of chain link (?P<link>\d+) is negated", games=Y, requires=("negate-activation", "chain"),
              example="the activation of chain link 1 is negated")
def _neg_act(b, link):
    b.expect_event(event="negate-activation", link=int(link))


@GRAMMAR.rule("then", r"the effect of chain link (?P<link>\d+) is negated", games=Y, requires=("negate-effect", "chain"),
              example="the effect of chain link 1 is negated")
def _neg_eff(b, link):
    b.expect_event(event="negate-effect", link=int(link))


@GRAMMAR.rule("then", r"chain link (?P<link>\d+) resolves", games=Y, requires=("chain",), example="chain link 2 resolves")
def _resolves(b, link):
    b.expect_event(event="resolve", link=int(link))


@GRAMMAR.rule("then", r"the chain ends", games=Y, requires=("chain",), example="the chain ends")
def _chain_end(b):
    b.expect_event(event="chain-end")


@GRAMMAR.rule("then", rf'{NAME} is (?P<move>{"|".join(MOVES)})', games=Y, example='"alien" is added to the hand')
def _moved(b, card, move):
    b.expect_event(event="move", card=b.ref(card), to=MOVES[move])


@GRAMMAR.rule("then", rf'{NAME} is never (?P<move>{"|".join(MOVES)})', games=Y, example='"alien" is never added to the hand')
def _never_moved(b, card, move):
    b.expect_never(event="move", card=b.ref(card), to=MOVES[move])


@GRAMMAR.rule("then", rf'{NAME} ends in (?:player [AB]\'s |the )?(?P<zone>{"|".join(FINAL_ZONES)})', games=Y,
              example='"top" ends in player A\'s hand')
def _ends_in(b, card, zone):
    b.expect_card(b.ref(card), zone=FINAL_ZONES[zone])


@GRAMMAR.rule("then", rf"player {PLAYER} ends with (?P<n>\d+) cards? in (?:the )?(?P<zone>hand|deck|graveyard)", games=Y,
              example="player A ends with 2 cards in hand")
def _count(b, player, n, zone):
    b.expect_player(player, counts={zone: int(n)})


@GRAMMAR.rule("then", rf"player {PLAYER} has (?P<lp>\d+) LP at the end", games=Y, example="player A has 7000 LP at the end")
def _lp_end(b, player, lp):
    b.expect_player(player, lp=int(lp))


@GRAMMAR.rule("then", rf"the normal draw of player {PLAYER} comes before {NAME} is activated", games=Y,
              requires=("trigger-effect",), example='the normal draw of player A comes before "sangan" is activated')
def _draw_before(b, player, card):
    b.expect_event(event="draw", player=player, normal=True)
    b.expect_event(event="activate", card=b.ref(card))


@GRAMMAR.rule("then", rf"{NAME} is activated before player {PLAYER} would conduct the normal draw", games=Y,
              requires=("trigger-effect",), example='"sangan" is activated before player A would conduct the normal draw')
def _act_before_draw(b, card, player):
    # observable: the trigger is activated, and the turn moves on to the Standby Phase with no normal draw in between
    b.expect_event(event="activate", card=b.ref(card))
    b.expect_event(event="phase", phase="standby")
    b.expect_never(event="draw", player=player, normal=True)


@GRAMMAR.rule("then", rf"{NAME} is revealed(?P<why> as the card drawn for the normal draw)?", games=Y,
              example='"shining" is revealed as the card drawn for the normal draw')
def _revealed(b, card, why):
    b.expect_event(event="reveal", card=b.ref(card))


@GRAMMAR.rule("then", rf"{NAME} is never revealed", games=Y, example='"shining" is never revealed')
def _never_revealed(b, card):
    b.expect_never(event="reveal", card=b.ref(card))


@GRAMMAR.rule("when", rf"player {PLAYER} (?P<verb>reveals|cannot reveal) {NAME}", games=Y, requires=("reveal-on-normal-draw",),
              example='player A reveals "shining"')
def _reveal(b, player, verb, card):
    step = {"player": player, "do": "choose", "option": "reveal", "cards": [b.ref(card)]}
    if verb == "cannot reveal":
        step["legal"] = False
        b.requires.add("refusal")
    b.step(**step)
