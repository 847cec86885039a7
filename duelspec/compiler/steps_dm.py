"""Duel Masters steps (official English terms: battle zone, shield, break, blocker,
W-breaker (double breaker), T-breaker, shield trigger, tap, summoning sickness, AP/NAP;
the Japanese terms are in the ruling catalogue). See ``duelspec steps --game dm``.

Setup (Given), script (When: the decisions, in the order they are made), expectations
(Then: in the order the events must occur). Card references are local ids (``as "id"``)
or catalogue names of a card listed once.
"""
from __future__ import annotations

from .grammar import GRAMMAR, PLAYER, QLIST, StepError, quoted

D = ("dm",)
NAME = r'"(?P<card>[^"]+)"'
ALIAS = r'(?: as "(?P<alias>[^"]+)")?'
REF = r'"(?P<ref>[^"]+)"'

# mechanic tags (schemas/requires.schema.json) implied by a card's catalogue keywords
KEYWORD_TAGS = {"double-breaker": "w-breaker", "triple-breaker": "t-breaker", "power-attacker": "power-attacker",
                "wins-all-battles": "wins-all-battles", "slayer": "slayer", "cannot-attack-players": "cannot-attack-players",
                "cannot-be-attacked": "cannot-be-attacked", "evolution": "evolution", "shield-trigger": "shield-trigger",
                "ninja-strike": "ninja-strike", "revolution-change": "revolution-change", "invasion": "invasion",
                "revolution-0-trigger": "revolution-0-trigger", "s-back": "s-back", "blocker": "block"}
ZONES = {"hand": "hand", "graveyard": "graveyard", "mana zone": "mana", "shield zone": "shield", "deck": "deck",
         "battle zone": "battle"}
ZONE_RE = "|".join(ZONES)
# a card's abilities (catalogue `abilities`, "<kind>: text") imply `ability:<kind>` tags: an engine that
# cannot play a kind of card ability declares its tag unsupported and those scenarios are skipped up front
ABILITY_KINDS = ("when-attacks", "ally-attacks", "opponent-attacks", "when-attacked", "when-blocks", "when-blocked",
                 "when-not-blocked", "when-wins-battle", "when-destroyed", "ally-destroyed", "after-battle",
                 "after-attacking", "when-breaks", "cip", "ally-enters", "spell", "while-attacking", "while-blocking",
                 "while-battling", "while-tapped", "static", "replacement", "cost")
# the filler card of `player X has N shields / cards in the deck / in the mana zone`: a real card with no
# ability (Aqua Vehicle, DM-01 26/110), so a filler never needs a card an engine lacks
FILLER = "DM-01 26/110"
DECLS = {"ninja strike": "ninja-strike", "revolution change": "revolution-change", "invasion": "invasion", "S-back": "s-back",
         "revolution 0 trigger": "revolution-0-trigger"}
DECL_RE = "|".join(DECLS)


def _add(b, card, player, zone, alias=None, **fields):
    local = b.add_card(card, player, zone, alias, **fields)
    entry = b.catalogue[b.card(local)["card"]]
    for kw in entry.get("keywords", []):
        tag = KEYWORD_TAGS.get(kw.split(":", 1)[0])
        if tag:
            b.requires.add(tag)
    for ability in entry.get("abilities", []):
        b.requires.add("ability:" + ability.split(":", 1)[0])
    if entry["id"].startswith("test:"):
        b.requires.add("test-card")
    return local


def _ensure_turn(b):
    if "turn" not in b.setup:
        raise StepError("the turn first: `it is turn 3, player A's attack phase` (a Background step)")


# ---- Given: the state ------------------------------------------------------------------------
@GRAMMAR.rule("given", rf"it is turn (?P<turn>\d+), player {PLAYER}'s attack phase", games=D,
              example="it is turn 3, player A's attack phase")
def _turn(b, turn, player):
    b.setup.update(turn=int(turn), turn_player=player, phase="attack")
    b.setup.setdefault("first_player", "A")


@GRAMMAR.rule("given", rf"player {PLAYER} has {NAME}{ALIAS} in the battle zone(?P<tapped>, tapped)?(?P<sick>, put there this turn)?",
              games=D, example='player A has "Test Vanilla 5000" as "attacker" in the battle zone')
def _in_battle(b, player, card, alias, tapped, sick):
    _ensure_turn(b)
    _add(b, card, player, "battle", alias, tapped=True if tapped else None, summoning_sick=True if sick else None)
    if sick:
        b.requires.add("summoning-sickness")


DM_PHASES = ("untap", "start", "draw", "mana", "main", "attack", "end")


@GRAMMAR.rule("given", rf"the game goes on until turn (?P<turn>\d+)'s (?P<phase>{'|'.join(DM_PHASES)}) step", games=D, minor=1,
              example="the game goes on until turn 5's end step")
def _stop(b, turn, phase):
    """Format 2.1 (issue 22.8): the game plays on after the attack phase of the setup's turn (end of
    the turn, the next turns' untap, start, draw, charge and main steps, their attack phases) until
    the start of that step of that turn (``setup.stop``)."""
    _ensure_turn(b)
    if (int(turn), DM_PHASES.index(phase)) <= (b.setup["turn"], DM_PHASES.index("attack")):
        raise StepError(f"a step after the attack phase of the setup's turn ({b.setup['turn']})")
    b.setup["stop"] = {"turn": int(turn), "phase": phase}
    if int(turn) > b.setup["turn"]:
        b.requires.add("several-turns")


@GRAMMAR.rule("given", rf"player {PLAYER} has {NAME}{ALIAS} under {REF}", games=D, requires=("evolution",),
              example='player A has "Brawler Zyler" as "src" under "dogiragon"')
def _under(b, player, card, alias, ref):
    top = b.ref(ref)
    if b.card(top)["zone"] != "battle":
        raise StepError("an evolution source lies under a creature in the battle zone")
    _add(b, card, player, "battle", alias, under=top)


@GRAMMAR.rule("given", rf"player {PLAYER} has {NAME}{ALIAS} in (?:the |their )?(?P<zone>hand|graveyard|mana zone|shield zone|deck)",
              games=D, example='player B has "Terror Pit" as "pit" in the shield zone')
def _in_zone(b, player, card, alias, zone):
    _ensure_turn(b)
    _add(b, card, player, ZONES[zone], alias)


@GRAMMAR.rule("given", rf"player {PLAYER} has (?P<n>\d+) (?P<what>shields?|cards? in the mana zone|cards? in the deck)",
              games=D, example="player B has 3 shields")
def _n_cards(b, player, n, what):
    _ensure_turn(b)
    zone = "shield" if what.startswith("shield") else "mana" if "mana" in what else "deck"
    if int(n) > 60:
        raise StepError("at most 60 cards (a deck has 40)")
    k = sum(1 for c in b.setup["cards"] if c["owner"] == player and c["zone"] == zone)
    for i in range(1, int(n) + 1):
        b.add_card(FILLER, player, zone, f"{player.lower()}-{zone}-{k + i}")


@GRAMMAR.rule("given", rf"player {PLAYER} has shields (?P<cards>{QLIST})", games=D,
              example='player B has shields "s1", "s2" and "s3"')
def _named_shields(b, player, cards):
    _ensure_turn(b)
    for local in quoted(cards):
        b.add_card(FILLER, player, "shield", local)


# ---- When: the moment (scenario format 2: the step of the attack the decision belongs to) -----
DM_WINDOWS = ("AT-S1", "AT-S3", "AT-S4", "AT-S5", "AT-S6a", "AT-S6b", "AT-S6c", "AT-S7")


STEP = rf"in step (?P<step>{'|'.join(DM_WINDOWS)})(?: of attack (?P<attack>\d+))?"


@GRAMMAR.moment(STEP + r"(?: on turn (?P<turn>\d+))? before any ability resolves", games=D, minor=1,
                example='in step AT-S3 before any ability resolves, player A declares revolution change with "buster"')
def _m_step_before(b, step, attack, turn):
    """Format 2.1 (issue 22.6): the part of the attack step before any ability starts to resolve
    (``when.before``: the first ``trigger`` event), e.g. a revolution change, declared 「他の能力を
    解決しはじめる前に」 (official Q&A 2024-04-05)."""
    return {**_m_step(b, step, attack, None, turn), "before": {"event": "trigger"}}


@GRAMMAR.moment(STEP + rf" on turn (?P<turn>\d+)(?: after (?P<broken>{QLIST}) (?:is|are) broken)?", games=D, minor=1,
                example='in step AT-S4 of attack 1 on turn 5, player B cannot block with "ally"')
def _m_step_on_turn(b, step, attack, turn, broken):
    """Format 2.1 (issue 22.8): an attack step of a later turn (a scenario of several turns)."""
    return _m_step(b, step, attack, broken, turn)


@GRAMMAR.moment(STEP + rf"(?: after (?P<broken>{QLIST}) (?:is|are) broken)?", games=D,
                example='in step AT-S1, player A attacks player B with "walter"')
def _m_step(b, step, attack, broken, turn=None):
    w = {"window": step}
    if attack:
        if int(attack) < 1:
            raise StepError("an attack number from 1 (the first attack of the attack phase)")
        w["attack"] = int(attack)
    if turn is not None:
        _ensure_turn(b)
        if int(turn) < b.setup["turn"]:
            raise StepError(f"a turn not before the setup's turn ({b.setup['turn']})")
        w["turn"] = int(turn)
        if int(turn) > b.setup["turn"]:
            b.requires.add("several-turns")
    if broken:
        w["after"] = {"event": "break", "shields": [b.ref(c) for c in quoted(broken)]}
    return w


# ---- When: the script ------------------------------------------------------------------------
@GRAMMAR.rule("when", rf'player {PLAYER} (?P<verb>attacks|cannot attack) (?:player [AB]|(?P<target>"[^"]+")) with {NAME}',
              games=D, requires=("attack",), example='player A attacks player B with "attacker"')
def _attack(b, player, verb, target, card):
    step = {"player": player, "do": "declare-attack", "attacker": b.ref(card),
            "target": b.ref(target.strip('"')) if target else "player"}
    if verb == "cannot attack":
        step["legal"] = False
        b.requires.add("refusal")
    b.step(**step)


@GRAMMAR.rule("when", rf"player {PLAYER} (?P<verb>blocks|cannot block) with {NAME}", games=D, requires=("block",),
              example='player B blocks with "seamine"')
def _block(b, player, verb, card):
    b.step(player=player, do="block", card=b.ref(card), legal=False if verb == "cannot block" else None)
    if verb == "cannot block":
        b.requires.add("refusal")


@GRAMMAR.rule("when", rf"player {PLAYER} does not block", games=D, requires=("block",), example="player B does not block")
def _no_block(b, player):
    b.step(player=player, do="no-block")


@GRAMMAR.rule("when", rf"player {PLAYER} (?P<verb>breaks|cannot break) (?P<cards>{QLIST})", games=D, requires=("break",),
              example='player A breaks "s1" and "s2"')
def _break(b, player, verb, cards):
    _cards_step(b, player, verb, "break-shields", cards)


def _cards_step(b, player, verb, do, cards):
    """A step naming cards; a `cannot ...` verb makes it `legal: false` (the engine must refuse it)."""
    illegal = verb.startswith("cannot")
    b.step(player=player, do=do, cards=[b.ref(c) for c in quoted(cards)], legal=False if illegal else None)
    if illegal:
        b.requires.add("refusal")


@GRAMMAR.rule("when", rf"player {PLAYER} (?P<verb>uses|cannot use) the shield trigger of {NAME}", games=D,
              requires=("shield-trigger",), example='player B cannot use the shield trigger of "awe"')
def _use_st(b, player, verb, card):
    """A shield trigger used (AT-S6b), or one the engine must refuse (issue 22.7: format 2.0 had
    the JSON, `legal: false`, but no Gherkin for it)."""
    b.step(player=player, do="use-shield-trigger", card=b.ref(card), legal=False if verb == "cannot use" else None)
    if verb == "cannot use":
        b.requires.add("refusal")


@GRAMMAR.rule("when", rf"player {PLAYER} declines the shield triggers", games=D, requires=("shield-trigger",),
              example="player B declines the shield triggers")
def _decline(b, player):
    b.step(player=player, do="decline")


@GRAMMAR.rule("when", rf"player {PLAYER} orders the waiting abilities of (?P<cards>{QLIST})", games=D,
              requires=("trigger-order",), example='player A orders the waiting abilities of "walter", "ally"')
def _order(b, player, cards):
    b.step(player=player, do="order-triggers", order=[b.ref(c) for c in quoted(cards)])


@GRAMMAR.rule("when", rf"player {PLAYER} (?P<verb>declares|cannot declare) (?P<kind>{DECL_RE}) with {NAME}", games=D,
              example='player B declares ninja strike with "hayabusamaru"')
def _declare(b, player, verb, kind, card):
    b.requires.add(DECLS[kind])
    b.step(player=player, do=DECLS[kind], card=b.ref(card), legal=False if verb == "cannot declare" else None)
    if verb == "cannot declare":
        b.requires.add("refusal")


@GRAMMAR.rule("when", rf"player {PLAYER} (?P<verb>chooses|cannot choose) (?P<cards>{QLIST})", games=D,
              example='player A chooses "regarion"')
def _choose(b, player, verb, cards):
    _cards_step(b, player, verb, "choose", cards)


@GRAMMAR.rule("when", rf"player {PLAYER} chooses (?P<option>yes|no|double-breaker|triple-breaker)", games=D,
              example="player B chooses yes")
def _choose_option(b, player, option):
    b.step(player=player, do="choose", option=option)


# ---- Then: expectations ----------------------------------------------------------------------
@GRAMMAR.rule("then", rf"turn (?P<turn>\d+) begins for player {PLAYER}", games=D, example="turn 4 begins for player B")
def _turn_begins(b, turn, player):
    b.expect_event(event="turn", turn=int(turn), player=player)


@GRAMMAR.rule("then", r"step (?P<step>AT-S[1-7][abc]?) (?P<verb>begins|never begins)", games=D,
              example="step AT-S6b begins")
def _step(b, step, verb):
    (b.expect_event if verb == "begins" else b.expect_never)(event="step", step=step)


#: the questions of ``ask`` events (``duelspec.decisions.QUESTIONS``) as Then phrases say them
ASKED = {"whether to block": "block", "which shields to break": "break-shields",
         "whether to use a shield trigger": "shield-trigger", "to choose cards": "target",
         "to choose a card": "target", "whether to use an optional ability": "yes-no",
         "to choose an option": "option", "to order the waiting abilities": "order"}
ASKED_RE = "|".join(ASKED)


@GRAMMAR.rule("then", rf"player {PLAYER} is (?P<never>never )?asked (?P<what>{ASKED_RE})(?: among (?P<cards>{QLIST}))?",
              games=D, example='player B is asked whether to block among "seamine"')
def _asked(b, player, never, what, cards):
    """An ``ask`` event (issue 27): the engine asks ``player`` that kind of question (``among``: the
    cards it lets them choose from) — or, with ``never``, asks them no such question (a `never`
    pattern; ``among`` then names the candidates that must not be offered together)."""
    (b.expect_never if never else b.expect_event)(event="ask", player=player, question=ASKED[what],
                                                  cards=[b.ref(c) for c in quoted(cards)] if cards else None)


@GRAMMAR.rule("then", rf"{NAME} (?P<verb>is tapped|becomes untapped|is never tapped|is never untapped)", games=D,
              example='"attacker" is tapped')
def _tap(b, card, verb):
    ev = "tap" if "tapped" in verb and "untapped" not in verb else "untap"
    (b.expect_never if "never" in verb else b.expect_event)(event=ev, card=b.ref(card))


@GRAMMAR.rule("then", rf'{NAME} attacks (?:player [AB]|(?P<target>"[^"]+"))', games=D, example='"attacker" attacks player B')
def _attacks(b, card, target):
    b.expect_event(event="attack", attacker=b.ref(card), target=b.ref(target.strip('"')) if target else "player")


@GRAMMAR.rule("then", rf"(?:{NAME} never attacks|no attack happens)", games=D, example='"dia-nork" never attacks')
def _never_attacks(b, card=None):
    b.expect_never(event="attack", attacker=b.ref(card) if card else None)


@GRAMMAR.rule("then", rf"{NAME} has power (?P<power>\d+)", games=D, example='"zyler" has power 3000')
def _power(b, card, power):
    b.expect_event(event="power", card=b.ref(card), power=int(power))


@GRAMMAR.rule("then", rf"{NAME} ends with power (?P<power>\d+)", games=D, example='"zyler" ends with power 1000')
def _power_end(b, card, power):
    b.expect_card(b.ref(card), power=int(power), zone="battle")


@GRAMMAR.rule("then", rf'{NAME} blocks {REF}', games=D, requires=("block",), example='"seamine" blocks "attacker"')
def _blocks(b, card, ref):
    b.expect_event(event="block", blocker=b.ref(card), attacker=b.ref(ref))


@GRAMMAR.rule("then", r"nobody blocks", games=D, example="nobody blocks")
def _no_blocks(b):
    b.expect_never(event="block")


@GRAMMAR.rule("then", rf'{NAME}(?: \((?P<pa>\d+)\))? battles {REF}(?: \((?P<pd>\d+)\))?'
                      r"(?P<res> and wins| and loses|, both lose|, both win)", games=D, requires=("battle",),
              example='"attacker" (5000) battles "defender" (3000) and wins')
def _battle(b, card, pa, ref, pd, res):
    att, dfn = b.ref(card), b.ref(ref)
    winner = {" and wins": att, " and loses": dfn, ", both lose": "none", ", both win": "both"}[res]
    b.expect_event(event="battle", attacker=att, defender=dfn, winner=winner,
                   attacker_power=int(pa) if pa else None, defender_power=int(pd) if pd else None)


@GRAMMAR.rule("then", r"no battle happens", games=D, example="no battle happens")
def _no_battle(b):
    b.expect_never(event="battle")


@GRAMMAR.rule("then", rf"{NAME} (?P<verb>is destroyed|is not destroyed)", games=D, example='"defender" is destroyed')
def _destroyed(b, card, verb):
    (b.expect_event if verb == "is destroyed" else b.expect_never)(event="destroy", card=b.ref(card))


@GRAMMAR.rule("then", rf"(?P<cards>{QLIST}) (?:is|are) broken(?: at the same time)?", games=D, requires=("break",),
              example='"s1" and "s2" are broken at the same time')
def _broken(b, cards):
    b.expect_event(event="break", shields=[b.ref(c) for c in quoted(cards)])


@GRAMMAR.rule("then", r"no shield is broken", games=D, example="no shield is broken")
def _no_break(b):
    b.expect_never(event="break")


@GRAMMAR.rule("then", rf"{NAME} is put into (?:player [AB]'s |the )?(?P<zone>{ZONE_RE})", games=D,
              example='"s1" is put into player B\'s hand')
def _moved(b, card, zone):
    b.expect_event(event="move", card=b.ref(card), to=ZONES[zone])


@GRAMMAR.rule("then", rf"{NAME} is never put into (?:player [AB]'s |the )?(?P<zone>{ZONE_RE})", games=D,
              example='"s1" is never put into player B\'s hand')
def _never_moved(b, card, zone):
    b.expect_never(event="move", card=b.ref(card), to=ZONES[zone])


@GRAMMAR.rule("then", rf"{NAME} is used as a shield trigger", games=D, requires=("shield-trigger",),
              example='"pit" is used as a shield trigger')
def _st_used(b, card):
    b.expect_event(event="shield-trigger", card=b.ref(card))


@GRAMMAR.rule("then", rf'(?:the "(?P<ability>[a-z0-9-]+)" ability|an ability) of {NAME} resolves', games=D,
              example='the "when-attacks" ability of "walter" resolves')
def _resolves(b, ability, card):
    b.expect_event(event="trigger", card=b.ref(card), ability=ability)


@GRAMMAR.rule("then", rf'no ability of {NAME} resolves', games=D, example='no ability of "walter" resolves')
def _no_resolve(b, card):
    b.expect_never(event="trigger", card=b.ref(card))


@GRAMMAR.rule("then", rf"{NAME} is declared for (?P<kind>{DECL_RE})", games=D,
              example='"hayabusamaru" is declared for ninja strike')
def _declared(b, card, kind):
    b.expect_event(event="declare", card=b.ref(card), ability=DECLS[kind])


@GRAMMAR.rule("then", rf"{NAME} is summoned", games=D, example='"hayabusamaru" is summoned')
def _summoned(b, card):
    b.expect_event(event="summon", card=b.ref(card))


@GRAMMAR.rule("then", rf"player {PLAYER} (?P<verb>draws a card|draws nothing)", games=D, example="player A draws a card")
def _draws(b, player, verb):
    (b.expect_event if verb == "draws a card" else b.expect_never)(event="draw", player=player)


@GRAMMAR.rule("then", rf'the attack (?P<how>ends|is interrupted)(?: with {NAME} as the attacking creature)?', games=D,
              example="the attack is interrupted")
def _attack_end(b, how, card):
    if how == "is interrupted":
        b.requires.add("attack-interruption")
    b.expect_event(event="attack-end", interrupted=how == "is interrupted", attacker=b.ref(card) if card else None)


@GRAMMAR.rule("then", rf"{NAME} ends in (?:player [AB]'s |the )?(?P<zone>{ZONE_RE})(?P<state>, tapped|, untapped)?", games=D,
              example='"attacker" ends in the battle zone, tapped')
def _ends_in(b, card, zone, state):
    if state and zone != "battle zone":
        raise StepError("`, tapped` / `, untapped` only with the battle zone")
    fields = {"zone": ZONES[zone]}
    if state:
        fields["tapped"] = state == ", tapped"
    b.expect_card(b.ref(card), **fields)


@GRAMMAR.rule("then", rf"player {PLAYER} ends with (?P<n>\d+) (?P<what>shields?|cards? in (?:the )?(?:{ZONE_RE}))", games=D,
              example="player B ends with 1 shield")
def _count(b, player, n, what):
    zone = "shield" if what.startswith("shield") else ZONES[what.split(" in ", 1)[1].removeprefix("the ")]
    b.expect_player(player, counts={zone: int(n)})


@GRAMMAR.rule("then", rf"player {PLAYER} wins the game by direct attack", games=D, requires=("direct-attack",),
              example="player A wins the game by direct attack")
def _direct_win(b, player):
    b.expect_event(event="win", player=player, reason="direct-attack")
    b.expect.setdefault("final", {})["winner"] = player
