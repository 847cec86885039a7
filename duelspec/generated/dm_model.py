"""An independent ruling model of the Duel Masters attack (攻撃 / アタック).

Written from the ruling text (``docs/rulings/dm-attack.md``, ``features/rulings/dm-attack.json``:
AT-01..AT-03, AT-B*, AT-P*, AT-D1..AT-D4, AT-S1..AT-S7, AT-X1, AT-X2) and the catalogued general rules of the
game (``features/general_rules/dm.json``: DM-GEN-*), and nothing else: it shares no code with the
reference engine (``reference_engine/dm``) and knows no card. Cards are instantiated from it by
:mod:`.dm_generator` (real cards of the catalogue, chosen by :mod:`.dm_cards` from their Japanese text).

Input: a :class:`Situation` — one attack of the turn player A (AP) on player B (NAP):

- ``attacker``: a :class:`Creature` (its power, power attacker bonus パワーアタッカー, breaker count,
  「すべてのバトルに勝つ」, 「相手プレイヤーを攻撃できない」, 「タップされていないクリーチャーを攻撃できる」, and one
  ability: ``when-attacks-draw`` 「攻撃するとき、カードを1枚引いてよい」, ``wins-battle-mana``
  「バトルに勝った時、相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く」, ``after-battle-destroy``
  「バトルする時、バトルの後、このクリーチャーを破壊する」, ``blocked-mana`` 「ブロックされたとき、自分の山札の上から1枚目を
  自分のマナゾーンに加えてもよい」, ``not-blocked-burn`` 「相手プレイヤーを攻撃してブロックされなかったとき、相手は自分自身の
  マナゾーンからカードを1枚選び、持ち主の墓地に置く」, ``when-attacks-untap`` 「攻撃する時、自分のシールドが1つもなければ、
  このクリーチャーをアンタップする」 (with ``own_shields``, A's shields), ``when-attacks-bounce`` 「攻撃するとき、…火または自然の
  クリーチャーを1体選び、持ち主の手札に戻してよい」, played against a target with ``sources``) and its ``state``: ready,
  tapped or summoning sick; a creature with ``sources`` (「一番上のカードだけがバトルゾーンから離れる」) splits when it leaves
  and ``split_choice`` is the source AP chooses (AT-D4);
- ``target``: ``"player"``, ``"tapped"`` (a tapped creature of B) or ``"untapped"``;
- ``defender``: the attacked creature (a :class:`Creature`: also 「攻撃されない」, スレイヤー 「このクリーチャーと
  バトルした相手クリーチャーは、勝っても持ち主の墓地に置かれる」, ``when-destroyed-draw`` 「破壊された時、カードを1枚引いても
  よい」, ``attacked-destroy-2000`` 「攻撃された時、相手のパワー2000以下のクリーチャーを1体破壊してもよい」,
  ``attacked-slayer`` 「攻撃を受けたとき、…「スレイヤー」を得る」);
- ``shields``: B's shields (0-3); ``trigger``: ``None``, ``"use"``, ``"decline"`` or ``"hand"`` — the last of
  the shields is a shield trigger spell that destroys one of the opponent's creatures (S・トリガー) and B
  uses it or not (``"hand"``: B declines it and tries to use a second copy already in the hand, refused:
  only the broken shields' triggers can be used, AT-S6b);
- ``blocker``: ``None`` or a :class:`Creature` with blocker; ``block``: ``"block"``, ``"no-block"`` or
  ``"tapped"`` (the blocker is tapped: it cannot block);
- ``yes``: the answers to the optional (「〜てよい」) abilities, by ability: ``{"when-attacks-draw": True}``.
- ``next_turn``: B ninja-strikes a ninja whose cip gives one of B's creatures blocker 「次の自分のターンのはじめまで」
  and B does not block; the game goes on to A's turn 5, where the attacker attacks the player again;
- ``ally``: A's other creature whose ability triggers when A's Dragon attacks (「自分の他のドラゴンが攻撃する時」) and
  may put the attacked creature into B's mana zone: ``None`` (none), ``True`` (AP does: the target leaves, AT-D2)
  or ``False`` (AP declines); the attacker's ``dragon`` says whether its race is a Dragon.

Output: :func:`rule` returns a :class:`Ruling`: whether the declaration is legal, the battle (who
battles, with which powers, who wins, who is destroyed), the shields broken, whether A wins by a
direct attack, which abilities resolve and in which order, the end of the attack; every decision with
the ruling IDs and general rules it rests on. When the page and the catalogue leave the case
undecided, ``undecided`` says why and nothing else is claimed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .model import CitedDecisions      # the two models share only how decisions are summed up

TARGETS = ("player", "tapped", "untapped")
BLOCKS = ("block", "no-block", "tapped")
TRIGGERS = (None, "use", "decline", "hand", "creatures")  # "hand": declined, and a second one in B's hand is refused
#: "creatures": the last two shields are creature shield triggers, Aqua Surfer (its cip 「バトルゾーンにあるクリーチャーを1体選び、
#: 持ち主の手札に戻してもよい」) then Gregorian Worm; both are broken, B uses both and Aqua Surfer's cip returns the attacker
ABILITIES = ("when-attacks-draw", "wins-battle-mana", "after-battle-destroy", "when-destroyed-draw",
             "attacked-destroy-2000", "attacked-slayer", "blocked-mana", "not-blocked-burn", "blocked-bounce",
             "after-attacking-player", "when-breaks", "when-attacks-gains", "when-attacks-untap",
             "when-attacks-bounce")
OPTIONAL = ("when-attacks-draw", "when-destroyed-draw", "attacked-destroy-2000", "blocked-mana", "when-attacks-gains",
            "when-attacks-bounce")
#: AP's "when attacks" abilities (AT-S3): they resolve before NAP's (AT-D1)
WHEN_ATTACKS = ("when-attacks-draw", "when-attacks-gains", "when-attacks-untap", "when-attacks-bounce")
STATES = ("ready", "tapped", "sick")
#: ninja strike (ニンジャ・ストライク) of Raiden, Light Fang Ninja, from the hand: ``"nap"`` NAP declares it in
#: AT-S3; ``"nap-first"`` / ``"nap-later"`` NAP declares it before / after its own "when attacked" ability
#: (Joe's Toolkit, destroying A's bystander) resolves; ``"ap"`` AP declares it in AT-S5 after a block;
#: ``"ap-first"`` / ``"ap-later"`` before / after its own "when blocked" ability (Coliseum Shell) resolves.
#: Raiden's cip (「バトルゾーンにある相手のクリーチャーを1体選び、タップする」) taps the other player's bystander.
NINJAS = (None, "nap", "nap-first", "nap-later", "ap", "ap-first", "ap-later")
#: what else the one broken shield meets (AT-S6b), with B's Crack Crawler in the hand (S・バック-水) or Pulsar
#: Tree in the battle zone (「自分のシールドが1枚ブレイクされる時、かわりにこのクリーチャーを破壊してもよい」):
#: ``"s-back"`` the broken card is water and B uses S-back; ``"s-back-not-water"`` it is not, B's S-back
#: is refused; ``"replace"`` / ``"no-replace"`` B destroys Pulsar Tree instead of the shield, or not.
SHIELD_EXTRAS = (None, "s-back", "s-back-not-water", "replace", "no-replace")


@dataclass(frozen=True)
class Creature:
    """What the rulings need to know of a creature (never its name)."""
    power: int
    power_attacker: int = 0
    breaker: int = 1
    wins_all: bool = False
    cannot_attack_players: bool = False
    can_attack_untapped: bool = False
    cannot_be_attacked: bool = False
    blocker: bool = False
    slayer: bool = False
    ability: str | None = None
    fire: bool = False               # a fire creature (火のクリーチャー): its civilizations include fire
    battling_fire_bonus: int = 0     # 「火のクリーチャーとバトルする時、このクリーチャーのパワーは+N」
    nature: bool = False             # a nature creature (自然のクリーチャー)
    #: the creatures under an evolution creature whose text is 「このクリーチャーがバトルゾーンを離れる時、一番上のカードだけが
    #: バトルゾーンから離れる」 (Soul Phoenix): when it leaves, they stay as separate creatures (AT-D4: a split)
    sources: tuple = ()
    dragon: bool = False             # its race is a Dragon (ドラゴン): what 「自分の他のドラゴンが攻撃する時」 sees

    def __post_init__(self):
        if self.ability is not None and self.ability not in ABILITIES:
            raise ValueError(f"ability {self.ability!r}: expected one of {ABILITIES}")


@dataclass(frozen=True)
class Situation:
    """One attack (see the module docstring)."""
    attacker: Creature
    target: str
    defender: Creature | None = None
    shields: int = 0
    trigger: str | None = None
    blocker: Creature | None = None
    block: str | None = None
    yes: tuple = ()               # ((ability, bool), ...): answers to optional abilities
    state: str = "ready"          # the attacker: untapped and able ("ready"), tapped, or put into the battle zone this turn
    ninja: str | None = None      # see NINJAS
    extra: str | None = None      # see SHIELD_EXTRAS
    own_shields: int = 0          # A's shields (Dogiragon's 革命0: 「自分のシールドが1つもなければ」)
    split_choice: int | None = None   # the source AP chooses when the attacker or the target splits (AT-D4)
    #: the creature of A's hand (Dogiragon Buster, 「革命チェンジ:火または自然の、コスト5以上のドラゴン」) that AP switches with
    #: the attacker by revolution change, declared in AT-S3 before any ability resolves
    revolution: Creature | None = None
    #: A's other creature whose ability triggers when one of A's other Dragons attacks (Super Dragon Machine Dolzark,
    #: 「…put one of your opponent's creatures … that has power 5000 or less into his mana zone」, "you may"): ``None``
    #: (none), ``True`` AP puts the attacked creature into B's mana zone with it, ``False`` AP declines
    ally: bool | None = None
    #: the game goes on to turn 5: B ninja-strikes Hayabusamaru in AT-S3, its cip gives B's untapped creature
    #: 「ブロッカー」 「次の自分のターンのはじめまで」, B declines to block with it; in turn 5 the attacker attacks the
    #: player again and B tries to block with that creature
    next_turn: bool = False

    def __post_init__(self):
        if self.next_turn and not (self.target == "player" and self.shields == 2 and self.attacker.breaker == 1
                                   and not (self.attacker.ability or self.attacker.cannot_attack_players
                                            or self.attacker.sources or self.trigger or self.blocker or self.ninja
                                            or self.extra or self.revolution or self.state != "ready")):
            raise ValueError("next_turn: a ready single breaker without ability attacks the player with 2 shields, "
                             "nothing else")
        if self.ally is not None and not (self.attacker.dragon and self.target == "tapped" and self.defender.power <= 5000
                                          and not (self.attacker.ability or self.defender.ability or self.blocker
                                                   or self.ninja or self.revolution or self.state != "ready")):
            raise ValueError("ally: a ready Dragon without ability attacks a tapped creature of power 5000 or less "
                             "without ability, no blocker, no ninja")
        if self.revolution is not None and (self.attacker.ability or self.blocker or self.ninja or self.trigger or self.extra
                                            or self.state != "ready" or self.target != "tapped"):
            raise ValueError("revolution change: a ready attacker without ability attacks a tapped creature, nothing else")
        if self.attacker.ability == "when-attacks-bounce" and not (self.defender and self.defender.sources
                                                                   and self.blocker is None and not self.ninja):
            raise ValueError("Stained Glass: an attack on a creature that splits, no blocker, no ninja")
        splits = (self.attacker.sources and self.trigger == "use" and self.target == "player" and self.block != "block") or (
            self.attacker.ability == "when-attacks-bounce" and self.answer("when-attacks-bounce"))
        if (self.split_choice is not None) != bool(splits) or (splits and self.split_choice not in (0, 1)):
            raise ValueError("split_choice: the source (0 or 1) AP chooses, exactly when a creature of the attack splits")
        if self.own_shields not in (0, 1) or (self.own_shields and self.attacker.ability != "when-attacks-untap"):
            raise ValueError("own_shields: 0, or 1 for an attacker whose ability looks at A's shields")
        if self.extra not in SHIELD_EXTRAS:
            raise ValueError(f"extra {self.extra!r}: expected one of {SHIELD_EXTRAS}")
        gains = self.attacker.ability == "when-attacks-gains" and self.answer("when-attacks-gains")
        if self.extra and not (self.target == "player" and self.shields and self.trigger is None and self.block != "block"
                               and min(2 if gains else self.attacker.breaker, self.shields) == 1 and not self.ninja):
            raise ValueError("S-back / Pulsar Tree: an unblocked attack on the player that breaks one shield, no "
                             "shield trigger, no ninja")
        if self.ninja not in NINJAS:
            raise ValueError(f"ninja {self.ninja!r}: expected one of {NINJAS}")
        if self.ninja:
            self._check_ninja()
        if self.state not in STATES:
            raise ValueError(f"state {self.state!r}: expected one of {STATES}")
        if self.target not in TARGETS:
            raise ValueError(f"target {self.target!r}: expected one of {TARGETS}")
        if (self.target == "player") == (self.defender is not None):
            raise ValueError("a creature target needs a defender, the player target none")
        if self.trigger not in TRIGGERS or (self.trigger and self.shields < (2 if self.trigger == "creatures" else 1)):
            raise ValueError(f"trigger {self.trigger!r} with {self.shields} shields")
        if (self.blocker is None) != (self.block is None) or (self.block and self.block not in BLOCKS):
            raise ValueError(f"blocker/block: {self.block!r}")
        if self.blocker is not None and not self.blocker.blocker:
            raise ValueError("the blocker has no blocker ability")

    def _check_ninja(self):
        attacked = self.defender.ability if self.defender else None
        if self.state != "ready":
            raise ValueError("ninja strike needs an attack: the attacker must be ready")
        if self.ninja.startswith("nap"):
            joe = attacked == "attacked-destroy-2000"
            if (self.ninja != "nap") != joe or attacked == "attacked-slayer":
                raise ValueError("NAP's ninja strike: nap-first / nap-later with Joe's Toolkit attacked, "
                                 "nap with a defender without a \"when attacked\" ability")
            if joe and not self.answer("attacked-destroy-2000"):
                raise ValueError("nap-first / nap-later: Joe's Toolkit destroys A's bystander")
            if self.blocker is not None:
                raise ValueError("NAP's ninja strike is played without a blocker")
        else:
            if self.block != "block":
                raise ValueError("AP's ninja strike needs a block (「相手のクリーチャーが…ブロックした時」)")
            if self.attacker.ability == "blocked-bounce":
                raise ValueError("Emperor Maroll returns to the hand when another creature of AP's enters: no AP ninja")
            if (self.ninja != "ap") != (self.attacker.ability == "blocked-mana"):
                raise ValueError("ap-first / ap-later with a \"when blocked\" attacker, ap without one")

    def answer(self, ability: str) -> bool:
        return dict(self.yes).get(ability, False)


@dataclass
class Decision:
    """One decision: a ``key`` (what kind of decision, for deduplication: no powers, no names), what it
    says, the ruling IDs and the general rules (``features/general_rules/dm.json``) it rests on."""
    key: str
    what: str
    rulings: tuple
    general: tuple = ()


@dataclass
class Ruling(CitedDecisions):
    """What the rulings say about one attack.

    - ``undecided``: ``None`` or why nothing is decided (then nothing below is set);
    - ``legal``: the declaration is legal (False: refused, nothing of the attack happens);
    - ``battle``: ``None`` or ``(opponent, attacker power, opponent power, winner)``: opponent
      ``"defender"``/``"blocker"``, winner ``"attacker"``, ``"opponent"``, ``"none"`` (both lose) or
      ``"both"`` (both win all battles);
    - ``destroyed``: in order, the roles destroyed (``"attacker"``, ``"defender"``, ``"blocker"``);
      ``destroyed_together``: the roles destroyed at once by the battle (no order between them);
    - ``broken``: how many shields are broken (the last ones); ``trigger_used``: the shield trigger
      was cast and destroyed the attacker;
    - ``direct_win``: A wins by a direct attack;
    - ``resolves``: in order, ``(role, ability, applied)`` of every triggered ability that resolves;
    - ``block_asked`` / ``blocked``;
    - ``decisions``; :attr:`rulings` / :attr:`general_rules` their unions; :attr:`signature` the keys.
    """
    situation: Situation
    undecided: str | None = None
    legal: bool | None = None
    attack_power: int | None = None
    battle: tuple | None = None
    destroyed: list = field(default_factory=list)
    destroyed_together: tuple = ()
    broken: int = 0
    trigger_used: bool = False
    direct_win: bool = False
    resolves: list = field(default_factory=list)
    interrupted: bool = False
    block_asked: bool = False
    blocked: bool = False
    returned: list = field(default_factory=list)      # the roles returned to their owner's hand
    replaced: bool = False      # Pulsar Tree was destroyed instead of the shield
    breaker: int | None = None  # the attacker's breaker count as of AT-S6b
    gained_power_attacker: int = 0   # power attacker gained in AT-S3
    untapped: bool = False      # the attacker was untapped in AT-S3 (it goes on attacking, AT-D3)
    split: tuple | None = None  # (role, index): the attacker or the target split and AP chose that source (AT-D4)
    attacker_returned: bool = False  # a shield trigger's cip returned the attacker to A's hand in AT-S6b
    revolution: bool = False    # the attacker was switched by revolution change in AT-S3
    target_left: bool = False   # the attacked creature left the battle zone in AT-S3 (AT-D2)
    decisions: list = field(default_factory=list)

    @property
    def signature(self) -> tuple:
        """The decisions' keys, in order: two situations with one signature exercise the same rulings
        and decisions (the generator keeps one of them)."""
        return tuple(d.key for d in self.decisions)

    def cite(self, key: str, what: str, *rulings: str, general: tuple = ()) -> None:
        self.decisions.append(Decision(key, what, tuple(rulings), tuple(general)))

    def rulings_of(self, key_prefix: str) -> list:
        """The rulings of the decisions whose key starts with ``key_prefix``."""
        return sorted({r for d in self.decisions if d.key.startswith(key_prefix) for r in d.rulings})


def _battle(r: Ruling, a: Creature, a_power: int, o: Creature, role: str) -> None:
    """AT-B1..AT-B5, AT-S6a: the battle of the attacker (power ``a_power``) and ``o``."""
    o_power = o.power
    if o.battling_fire_bonus:
        if a.fire:
            o_power += o.battling_fire_bonus
            r.cite("s6a:when-battling:applies", "the battle is fixed and its \"when battling\" effects apply: "
                   "「火のクリーチャーとバトルする時」 raises the power the battle compares", "AT-S6a")
        else:
            r.cite("s6a:when-battling:not-fire", "the attacker is not a fire creature: the \"when battling a fire "
                   "creature\" bonus does not apply", "AT-S6a")
    if a.wins_all and o.wins_all:
        winner = "both"
        r.cite("battle:both-win-all", "both win all battles: neither is destroyed", "AT-B5")
    elif a.wins_all or o.wins_all:
        winner = "attacker" if a.wins_all else "opponent"
        r.cite(f"battle:wins-all:{'attacker' if a.wins_all else 'opponent'}",
               "\"wins all battles\" decides the battle instead of the powers", "AT-B2", "AT-B3")
    elif a_power == o_power:
        winner = "none"
        r.cite("battle:equal", "equal power: both lose and both are destroyed", "AT-B4")
    else:
        winner = "attacker" if a_power > o_power else "opponent"
        r.cite(f"battle:higher:{winner}", "the higher power wins; the loser is destroyed", "AT-B1", "AT-B3")
    r.battle = (role, a_power, o_power, winner)
    if winner == "none":
        r.destroyed_together = ("attacker", role)
    elif winner == "attacker":
        r.destroyed_together = (role,)
    elif winner == "opponent":
        r.destroyed_together = ("attacker",)
    r.destroyed = list(r.destroyed_together)


def _nap_ninja(r: Ruling, s: Situation) -> None:
    """AT-S3: NAP's ninja strike (Raiden), after AP's abilities (AT-D1), in the order NAP chooses with its own
    "when attacked" ability (Joe's Toolkit destroying A's bystander)."""
    ap_first = s.attacker.ability in WHEN_ATTACKS
    ninja = [("ninja", "ninja-strike", "B"), ("ninja", "cip", "A")]
    joe = [("defender", "when-attacked", "bystander")]
    r.resolves += {"nap": ninja, "nap-first": ninja + joe, "nap-later": joe + ninja}[s.ninja]
    order = {"nap": "", "nap-first": "; NAP orders the ninja's cip before its own \"when attacked\" ability",
             "nap-later": "; NAP resolves its own \"when attacked\" ability first, then declares"}[s.ninja]
    r.cite(f"s3:ninja:{s.ninja}" + (":after-ap" if ap_first else ""),
           "NAP declares ninja strike in AT-S3 (「相手のクリーチャーが攻撃…した時」)" + (", after AP's \"when attacks\" "
           "ability resolved" if ap_first else "") + "; Raiden is summoned and its cip resolves, NAP choosing the "
           "creature it taps" + order, "AT-S3", *(("AT-D1",) if ap_first or s.ninja == "nap-first" else ()),
           general=("DM-GEN-HIDDEN-ZONE-TRIGGERS", "DM-GEN-WHO-DECIDES") + (("DM-GEN-TURN-PLAYER-FIRST",) if ap_first else ())
           + (("DM-GEN-WAITING",) if s.ninja == "nap-first" else ()))
    if s.ninja != "nap":
        r.cite("s3:when-attacked:destroy:bystander", "the \"when attacked\" ability resolves: NAP destroys one of AP's "
               "creatures with power 2000 or less (not the attacker)", "AT-S3", general=("DM-GEN-WHO-DECIDES",))


def rule(s: Situation) -> Ruling:
    """Decide one attack (see the module docstring)."""
    r = Ruling(s)
    a = s.attacker
    if s.ninja == "ap-later":
        return Ruling(s, undecided=(
            "AP resolves its own \"when blocked\" ability before declaring ninja strike: the page (AT-S5) lets AP "
            "order them freely, the comprehensive rules 506.3b as changed on 2020-10-23 (DM-GEN-HIDDEN-ZONE-TRIGGERS) "
            "have the turn player declare every hidden-zone ability first; no dated source of ours decides which "
            "applies to the generated attack"))
    # ---- AT-S1: the declaration (AT-01, AT-02, AT-P5); legality is checked only now (AT-D3)
    if s.state == "tapped":
        r.legal = False
        r.cite("declare:refused:tapped-attacker", "AP taps the attacker to attack: a tapped creature cannot attack",
               "AT-01", "AT-S1")
        return r
    if s.state == "sick":
        r.legal = False
        r.cite("declare:refused:summoning-sick", "a creature put into the battle zone this turn cannot attack",
               "AT-S1", general=("DM-GEN-SUMMONING-SICKNESS",))
        return r
    if s.target == "player":
        if a.cannot_attack_players:
            r.legal = False
            r.cite("declare:refused:cannot-attack-players", "a creature that cannot attack players cannot attack to "
                   "break shields either: the declaration is refused", "AT-P5")
            return r
    else:
        d = s.defender
        if d.cannot_be_attacked:
            r.legal = False
            r.cite("declare:refused:cannot-be-attacked", "a creature that cannot be attacked is not a target "
                   "(「カードに書かれていない限り」): refused", "AT-02", "AT-S1")
            return r
        if s.target == "untapped" and not a.can_attack_untapped:
            r.legal = False
            r.cite("declare:refused:untapped", "an untapped creature cannot be attacked: refused", "AT-02", "AT-S1")
            return r
    r.legal = True
    if a.cannot_attack_players:
        r.cite("declare:cannot-attack-players:creature", "「相手プレイヤーを攻撃できない」 keeps it from attacking the player "
               "only: it can attack a creature", "AT-P5")
    r.cite(f"declare:{s.target}" + (":by-text" if s.target == "untapped" else ""),
           "the attack is declared: the attacker is tapped and its target chosen", "AT-01", "AT-03", "AT-S1",
           *(("AT-02",) if s.target != "player" else ()), general=("DM-GEN-ATTACK-STEPS",))
    # ---- AT-S2: "while attacking" statics
    r.attack_power = a.power + a.power_attacker
    if a.power_attacker:
        r.cite("s2:power-attacker", "power attacker applies from AT-S2 until the attack ends", "AT-S2", "AT-S7")
    # ---- AT-S3: "when attacks" abilities, AP first (none of the defender's in this model)
    if s.revolution is not None:
        nap_waits = bool(s.defender and s.defender.ability in ("attacked-slayer", "attacked-destroy-2000"))
        a = s.revolution
        r.revolution = True
        r.attack_power = a.power + a.power_attacker
        r.cite("s3:revolution-change" + (":nap-waits" if nap_waits else ""), "AP declares revolution change in AT-S3, "
               "before any waiting ability resolves (a hidden-zone ability: the turn player declares first); the switch "
               "resolves as AP's ability" + (", before NAP's \"when attacked\" one" if nap_waits else "")
               + ": the creature from the hand is the attacking creature from now on", "AT-S3", *(("AT-D1",) if nap_waits else ()),
               general=("DM-GEN-HIDDEN-ZONE-TRIGGERS",) + (("DM-GEN-TURN-PLAYER-FIRST",) if nap_waits else ()))
    if a.ability == "when-attacks-draw":
        yes = s.answer("when-attacks-draw")
        r.resolves.append(("attacker", "when-attacks", yes))
        r.cite(f"s3:when-attacks:{yes}", "the \"when attacks\" ability triggers after the declaration and resolves; "
               "its controller may decline it (「引いてよい」)", "AT-S3", "AT-X2", general=("DM-GEN-WHO-DECIDES",))
    if a.ability == "when-attacks-untap":
        if s.own_shields == 0:
            r.resolves.append(("attacker", "when-attacks", True))
            r.untapped = True
            r.cite("s3:when-attacks-untap", "the \"when attacks\" ability resolves in AT-S3: A has no shield, the "
                   "attacker is untapped (「自分のシールドが1つもなければ、このクリーチャーをアンタップする」); whether it can "
                   "attack was checked at the declaration only: it goes on attacking", "AT-S3", "AT-D3")
        else:
            r.cite("s3:when-attacks-untap:has-shields", "A has a shield: 「自分のシールドが1つもなければ」 does not hold; the "
                   "attacker is not untapped", "AT-S3")
    if a.ability == "when-attacks-bounce":
        yes = s.answer("when-attacks-bounce")
        r.resolves.append(("attacker", "when-attacks", yes))
        if yes:
            r.split = ("defender", s.split_choice)
            r.cite("s3:when-attacks-bounce:split:" + ("first" if s.split_choice == 0 else "other"),
                   "the \"when attacks\" ability returns the attacked creature to its owner's hand: only its top card "
                   "leaves (「一番上のカードだけがバトルゾーンから離れる」) and the cards under it stay as separate creatures; "
                   "the attacking side chooses which of them is attacked and battles: the attack goes on", "AT-S3", "AT-D4",
                   general=("DM-GEN-WHO-DECIDES",))
            if s.defender.sources[s.split_choice].cannot_be_attacked:
                r.cite("d3:split-target-cannot-be-attacked", "the chosen creature \"can't be attacked\", but the "
                       "target's legality was checked at the declaration only: it battles", "AT-D3", "AT-D4")
        else:
            r.cite("s3:when-attacks-bounce:False", "AP declines the \"when attacks\" ability (「戻してよい」)", "AT-S3",
                   general=("DM-GEN-WHO-DECIDES",))
    breaker = a.breaker
    if a.ability == "when-attacks-gains":
        yes = s.answer("when-attacks-gains")
        r.resolves.append(("attacker", "when-attacks", yes))
        if yes:
            r.attack_power += 3000
            breaker = 2
            r.gained_power_attacker = 3000
        r.cite(f"s3:when-attacks-gains:{yes}", "the \"when attacks\" ability resolves in AT-S3: " + (
               "AP puts a mana card into the graveyard and the attacker gains 「パワーアタッカー+3000」 (it is attacking: the "
               "bonus applies now) and 「W・ブレイカー」" if yes else "AP declines it (「置いてよい」)"), "AT-S3", "AT-X2",
               *(("AT-S2",) if yes else ()), general=("DM-GEN-WHO-DECIDES",))
    r.breaker = breaker
    if s.ally is not None:
        r.resolves.append(("ally", "ally-attacks", s.ally))
        r.cite(f"s3:ally-attacks:{s.ally}", "the attack of a Dragon triggers AP's other creature's ability in AT-S3 "
               "(「自分の他のドラゴンが攻撃する時」) and it resolves: " + ("AP puts the attacked creature (power 5000 or "
               "less) into B's mana zone" if s.ally else "AP declines it (\"you may\")"), "AT-S3",
               general=("DM-GEN-WHO-DECIDES",))
        if s.ally:
            r.interrupted = True
            r.target_left = True
            r.cite("interrupt:target-left" + (":while-attacking-ends" if a.power_attacker else ""),
                   "the attacked creature left the battle zone in AT-S3: the attack is interrupted once no ability "
                   "waits and the remaining steps are skipped" + ("; the \"while attacking\" effects end with it: the "
                   "power attacker bonus no longer applies (「攻撃は中断され、「攻撃中」の継続的効果も終了する」)"
                   if a.power_attacker else ""), "AT-D2", *(("AT-S2",) if a.power_attacker else ()))
            return r
    slayer = {"defender": bool(s.defender and s.defender.slayer), "blocker": bool(s.blocker and s.blocker.slayer)}
    d = s.defender
    if s.ninja in ("nap", "nap-first", "nap-later"):
        _nap_ninja(r, s)
    if s.next_turn:
        r.resolves += [("hayabusa", "ninja-strike", "B"), ("hayabusa", "cip", "B")]
        r.cite("s3:ninja:grants-blocker", "NAP declares ninja strike in AT-S3 (「相手のクリーチャーが攻撃…した時」); the ninja "
               "is summoned and its cip resolves: NAP's chosen creature gets 「ブロッカー」 「次の自分のターンのはじめまで」 "
               "(until the start of B's next turn, turn 4)", "AT-S3",
               general=("DM-GEN-HIDDEN-ZONE-TRIGGERS", "DM-GEN-WHO-DECIDES"))
    if d is not None and d.ability == "attacked-slayer":
        r.resolves.append(("defender", "when-attacked", True))
        slayer["defender"] = True
        r.cite("s3:when-attacked:slayer", "the \"when attacked\" ability triggers in AT-S3, after AP's: the creature "
               "gains slayer", "AT-S3", *(("AT-D1",) if a.ability in WHEN_ATTACKS else ()),
               general=("DM-GEN-TURN-PLAYER-FIRST",) if a.ability in WHEN_ATTACKS else ())
    if d is not None and d.ability == "attacked-destroy-2000" and not s.ninja:
        can = r.attack_power <= 2000
        yes = can and s.answer("attacked-destroy-2000")
        r.resolves.append(("defender", "when-attacked", yes))
        r.cite(f"s3:when-attacked:destroy:{'yes' if yes else 'no' if can else 'too-strong'}",
               "the \"when attacked\" ability sees the attacker's power with its power attacker bonus (AT-X1): "
               + ("NAP destroys the attacker" if yes else "NAP declines" if can else "the attacker is not a creature it may destroy"),
               "AT-S3", *(("AT-X1", "AT-S2") if a.power_attacker else ()), general=("DM-GEN-WHO-DECIDES",))
        if yes:
            r.destroyed.append("attacker")
            r.interrupted = True
            r.cite("interrupt:attacker-left", "the attacker left the battle zone in AT-S3: the attack is interrupted "
                   "once no ability waits; the remaining steps are skipped", "AT-D2")
            return r
    # ---- AT-S4: the block
    blocked = False
    if s.blocker is not None:
        if s.block == "tapped":
            r.cite("s4:tapped-blocker", "a tapped blocker cannot block: B is not asked", "AT-S4", general=("DM-GEN-BLOCKER",))
        else:
            r.block_asked = True
            blocked = s.block == "block"
            r.cite(f"s4:{s.block}", "B has a blocker that can block and decides whether to block; blocking taps it"
                   if blocked else "B has a blocker that can block and declines", "AT-S4",
                   general=("DM-GEN-BLOCKER", "DM-GEN-WHO-DECIDES"))
    if s.next_turn:
        r.block_asked = True
        r.cite("s4:granted-blocker:no-block", "B's creature is a blocker now and can block: B is asked and declines",
               "AT-S4", general=("DM-GEN-BLOCKER", "DM-GEN-WHO-DECIDES"))
    r.blocked = blocked
    # ---- AT-S5: "when blocked" / "when not blocked"; AP's ninja strike after a block
    if s.ninja in ("ap", "ap-first"):
        shell = a.ability == "blocked-mana"
        r.resolves += [("ninja", "ninja-strike", "A"), ("ninja", "cip", "B")]
        r.cite(f"s5:ninja:{s.ninja}", "the attack is blocked: AP declares ninja strike in AT-S5 (「相手のクリーチャーが…ブロック"
               "した時」); Raiden is summoned and its cip resolves, AP choosing the creature it taps"
               + ("; AP orders it before its own \"when blocked\" ability, which then resolves" if shell else ""),
               "AT-S5", *(("AT-D1",) if shell else ()),
               general=("DM-GEN-HIDDEN-ZONE-TRIGGERS", "DM-GEN-WHO-DECIDES") + (("DM-GEN-WAITING",) if shell else ()))
    if a.ability == "blocked-mana":
        if blocked:
            yes = s.answer("blocked-mana")
            r.resolves.append(("attacker", "when-blocked", yes))
            r.cite(f"s5:when-blocked:{yes}", "the \"when blocked\" ability triggers in AT-S5 and resolves; AP may "
                   "decline it (「加えてもよい」)", "AT-S5")
        else:
            r.cite("s5:not-blocked-no-blocked-trigger", "not blocked: the \"when blocked\" ability does not trigger", "AT-S5")
    if a.ability == "blocked-bounce":
        if blocked:
            r.resolves.append(("attacker", "when-blocked", True))
            r.returned = ["blocker"]
            r.interrupted = True
            r.cite("s5:when-blocked:bounce", "the \"when blocked\" ability triggers in AT-S5 and resolves: the blocker "
                   "returns to its owner's hand (「バトルは行われない。ブロックしたクリーチャーを持ち主の手札に戻す」)", "AT-S5")
            r.cite("interrupt:blocker-left", "the block stays established though the blocker left (AT-S4); the blocker "
                   "left the battle zone: the attack is interrupted once no ability waits, no battle, no shield broken",
                   "AT-S4", "AT-D2")
            return r
        r.cite("s5:not-blocked-no-blocked-trigger", "not blocked: the \"when blocked\" ability does not trigger", "AT-S5")
    if a.ability == "not-blocked-burn":
        if not blocked and s.target == "player":
            r.resolves.append(("attacker", "when-not-blocked", True))
            r.cite("s5:when-not-blocked", "the attack on the player is not blocked: the \"when not blocked\" ability "
                   "triggers in AT-S5, before the shields are broken; NAP chooses the mana card (「相手は…選び」)",
                   "AT-S5", general=("DM-GEN-WHO-DECIDES",))
        else:
            r.cite("s5:not-blocked-trigger-not-met:" + ("blocked" if blocked else "creature"),
                   "the condition (attacking the player, not blocked) does not hold: it does not trigger", "AT-S5")
    # ---- AT-S6a / AT-S6b / AT-S6c
    if blocked or s.target != "player":
        role = "blocker" if blocked else "defender"
        o = s.blocker if blocked else s.defender
        if r.split and r.split[0] == "defender":
            o = s.defender.sources[r.split[1]]
        if blocked and s.target == "player":
            r.cite("s6:blocked-player", "the attack on the player is blocked: a battle, no shield is broken and no "
                   "direct attack", "AT-S6a", "AT-S6c" if s.shields == 0 else "AT-S6b")
        _battle(r, a, r.attack_power, o, role)
        if slayer[role] and "attacker" not in r.destroyed:
            if a.wins_all:
                return Ruling(s, undecided=("slayer against a creature that wins all battles: the page does not say "
                                            "which of the two texts gives way"))
            if a.ability == "wins-battle-mana":
                return Ruling(s, undecided=("slayer against a creature with a \"when wins a battle\" ability: the page "
                                            "does not order slayer's 「勝っても持ち主の墓地に置かれる」 against the abilities "
                                            "that wait after the battle"))
            r.destroyed.append("attacker")
            r.cite("s6a:slayer", "slayer: the creature that battled it is put into the graveyard even though it won "
                   "(「勝っても持ち主の墓地に置かれる」)", "AT-S6a", "AT-B3")
        if a.sources and "attacker" in r.destroyed:
            return Ruling(s, undecided=("the battle destroys an attacking evolution creature whose top card alone leaves "
                                        "(「一番上のカードだけがバトルゾーンから離れる」): the creatures under it stay, a split; "
                                        "AT-D4 has the attacking side choose which creature attacks, blocks or battles, and "
                                        "after the battle none of those is left to do: the page does not say whether a "
                                        "choice is made, nor which creature is the attacking one until AT-S7"))
        lost = set(r.destroyed)
        roles = {"attacker": a, role: o}
        # after the battle: "when wins" (its winner) and "when destroyed" wait, AP's first (AT-D1), then
        # "after the battle" abilities trigger and resolve (AT-S6a)
        waiting = []
        if a.ability == "wins-battle-mana" and r.battle[3] in ("attacker",):
            waiting.append(("attacker", "when-wins-battle", True))
        elif a.ability == "wins-battle-mana":
            r.cite(f"s6a:no-win-trigger:{r.battle[3]}", "the attacker did not win the battle: its \"when wins a battle\" "
                   "ability does not trigger", "AT-S6a", *(("AT-B4",) if r.battle[3] == "none" else ()))
        if o.ability == "when-destroyed-draw" and role in lost:
            waiting.append((role, "when-destroyed", s.answer("when-destroyed-draw")))
        if o.ability == "when-destroyed-draw" and role not in lost:
            r.cite("s6a:not-destroyed-no-trigger", "the creature was not destroyed: its \"when destroyed\" ability "
                   "does not trigger", "AT-S6a")
        if waiting:
            r.resolves += waiting      # AP's (the attacker's) first: the list is already in that order
            r.cite("s6a:waiting:" + "+".join(w[1] for w in waiting) + (f":{waiting[-1][2]}" if waiting[-1][1] == "when-destroyed" else ""),
                   "\"when wins a battle\" / \"when destroyed\" abilities wait and resolve, the turn player's first",
                   "AT-S6a", *(("AT-D1",) if len(waiting) > 1 else ()),
                   general=("DM-GEN-WAITING",) + (("DM-GEN-TURN-PLAYER-FIRST",) if len(waiting) > 1 else ()))
        later = [w for w in waiting if w[0] != "attacker"] + [(rl, "after-battle") for rl, c in roles.items()
                                                               if c.ability == "after-battle-destroy" and rl != "attacker"]
        if "attacker" in lost and later:
            r.cite("s6a:attacker-gone-abilities-resolve", "the attacker left the battle zone in the battle: the step's "
                   "abilities still wait and resolve before the attack ends", "AT-D2", "AT-S6a",
                   general=("DM-GEN-ATTACKER-LEAVES",))
        for rl, c in roles.items():
            if c.ability == "after-battle-destroy":
                if rl in lost:
                    return Ruling(s, undecided=(
                        "an \"after the battle, destroy this creature\" ability (「バトルする時、バトルの後、このクリーチャーを破壊"
                        "する」) of a creature already destroyed by the battle: the page does not say whether it still "
                        "triggers and resolves with nothing to destroy"))
                r.resolves.append((rl, "after-battle", True))
                r.destroyed.append(rl)
                r.cite("s6a:after-battle" + (":after-waiting" if waiting else ""),
                       "after the battle abilities trigger and resolve after the waiting ones", "AT-S6a",
                       *(("AT-D1",) if waiting else ()))
    elif s.shields:
        n = min(breaker, s.shields)
        r.broken = n
        if s.extra in ("replace", "no-replace"):
            r.replaced = s.extra == "replace"
            r.cite(f"s6b:would-be-broken:{s.extra}", "AP chooses the shield; its 「ブレイクされる時」 effect applies before the "
                   "break: " + ("B destroys Pulsar Tree instead and the shield is not broken" if r.replaced
                                else "B declines and the shield is broken"), "AT-S6b", general=("DM-GEN-WHO-DECIDES",))
            if r.replaced:
                r.broken = 0
        if breaker != a.breaker:
            r.cite("s6b:breaker-count-fixed-now", "the number of shields to break is fixed in AT-S6b: the W・ブレイカー "
                   "gained in AT-S3 counts", "AT-S6b")
        r.cite(f"s6b:break:{'single' if breaker == 1 else 'multi'}:{'fewer' if s.shields < breaker else 'enough' if s.shields == breaker else 'more'}",
               "the number of shields is fixed; AP chooses them and breaks them at once; they go to B's hand",
               "AT-P2", "AT-P3", "AT-P4", "AT-S6b", general=("DM-GEN-WHO-DECIDES",))
        if s.trigger == "creatures":
            if n < 2 or a.sources:
                raise ValueError("two creature shield triggers: an attacker that breaks both and does not split")
            r.trigger_used = True
            r.attacker_returned = True
            r.cite("s6b:trigger:creatures", "B uses both creature shield triggers among the broken shields: each is "
                   "summoned when used; the cip of the first (Aqua Surfer) resolves only after every shield trigger "
                   "was used, and B returns the attacker to A's hand with it (「戻してもよい」); the attack still ends "
                   "in AT-S7", "AT-S6b", general=("DM-GEN-SHIELD-TRIGGER", "DM-GEN-ATTACKER-LEAVES", "DM-GEN-WHO-DECIDES"))
        elif s.trigger:
            used = s.trigger == "use"
            r.trigger_used = used
            r.cite(f"s6b:trigger:{s.trigger}", "B may use a shield trigger among the broken shields"
                   + (": the spell destroys the attacker; the attack still ends in AT-S7" if used else ": declined, it stays in the hand")
                   + ("; the one already in B's hand is not among them and cannot be used" if s.trigger == "hand" else ""),
                   "AT-S6b", general=("DM-GEN-SHIELD-TRIGGER",) + (("DM-GEN-ATTACKER-LEAVES",) if used else ()))
            if used:
                r.destroyed.append("attacker")
                if a.sources:
                    r.split = ("attacker", s.split_choice)
                    r.cite("s6b:trigger:use:split:" + ("first" if s.split_choice == 0 else "other"),
                           "the destroyed attacker's top card alone leaves (「一番上のカードだけがバトルゾーンから離れる」); the "
                           "cards under it stay as separate creatures and the attacking side chooses which one is the "
                           "attacking creature from now on", "AT-S6b", "AT-D4", general=("DM-GEN-WHO-DECIDES",))
        if s.extra in ("s-back", "s-back-not-water"):
            r.cite(f"s6b:{s.extra}", "after the break B may use the S-backs among the broken cards: "
                   + ("the broken card is water: B discards it and summons Crack Crawler (S・バック-水)" if s.extra == "s-back"
                      else "the broken card is not water: Crack Crawler's S・バック-水 cannot use it"), "AT-S6b")
        if a.ability == "when-breaks":
            if not r.broken:
                r.cite("s6b:when-breaks:nothing-broken", "no shield was broken: 「シールドをブレイクした時」 does not trigger",
                       "AT-S6b")
            elif "attacker" in r.destroyed:
                return Ruling(s, undecided=("a \"when breaks\" ability (「シールドをブレイクした時、そのターンの終わりに…手札に戻す」) "
                                            "of an attacker a shield trigger removed: the page does not say whether it still "
                                            "resolves, nor what it would do"))
            else:
                r.resolves.append(("attacker", "when-breaks", True))
                r.cite("s6b:when-breaks" + (":after-triggers" if s.trigger or s.extra else ""),
                       "the \"when breaks\" ability resolves after the broken shields' triggers and S-backs were used "
                       "or declined", "AT-S6b")
    else:
        r.direct_win = True
        r.cite("s6c:direct-attack", "no shields, not blocked: the direct attack succeeds and A wins", "AT-P1", "AT-S6c")
    # ---- AT-S7: the end of the attack (none after a direct attack: the game is over, AT-S6c)
    if r.direct_win:
        pass
    elif r.split and r.split[0] == "attacker":
        r.cite("s7:split-attacker", "the attack ends in AT-S7 with the chosen creature as the attacking creature",
               "AT-S7", "AT-D4")
    elif "attacker" in r.destroyed or r.attacker_returned:
        r.cite("s7:attacker-gone", "the attacker left the battle zone in AT-S6: the attack still ends in AT-S7",
               "AT-S7", general=("DM-GEN-ATTACKER-LEAVES",))
    elif a.power_attacker or r.gained_power_attacker:
        r.cite("s7:power-attacker-ends", "the attack ends: power attacker no longer applies", "AT-S7")
    else:
        r.cite("s7:end", "the attack ends", "AT-S7")
    if s.next_turn:
        r.cite("next-turn:granted-blocker-ended", "the blocker lasted until the start of B's next turn (turn 4): in A's "
               "turn 5 the creature is no blocker, so B has no blocker that can block and its block is refused (AT-S4); "
               "the attacker's second attack breaks B's last shield", "AT-S4", "AT-S6b",
               general=("DM-GEN-BLOCKER", "DM-GEN-ATTACK-STEPS"))
    if a.ability == "after-attacking-player" and not r.direct_win:
        if s.target != "player":
            r.cite("s7:after-attacking:not-a-player", "it attacked a creature: 「相手プレイヤーを攻撃したあと」 does not "
                   "trigger", "AT-S7")
        elif blocked:
            return Ruling(s, undecided=("an \"after attacking a player\" ability (「相手プレイヤーを攻撃したあと」) of an "
                                        "attack on the player that was blocked: the page does not say whether it attacked "
                                        "the player"))
        elif "attacker" in r.destroyed:
            return Ruling(s, undecided=("an \"after attacking a player\" ability of an attacker that left the battle "
                                        "zone before AT-S7: the page does not say whether it still triggers"))
        else:
            r.resolves.append(("attacker", "after-attacking", True))
            r.destroyed.append("attacker")
            r.cite("s7:after-attacking", "the attack ends: the \"after attacking\" ability triggered then resolves "
                   "(「相手プレイヤーを攻撃したあと、持ち主の墓地に置かれる」)", "AT-S7")
    return r
