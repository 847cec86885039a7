"""Related cards of the page (ND-L-RELATED), modelled from their OCG text: normal draw count, triggers on
the normal draw, the Draw Phase skipped.

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from ...common import opponent
from .. import effects as fx
from ..effects import FIELD_ZONES, Effect
from .shapes import CardActivation, Continuous, model, named_cost, pick


def _next_own_turn(duel, player) -> int:
    return duel.turn + (2 if duel.turn_player == player else 1)


@model("59907935")
class CyberArchfiendDraw(Effect):
    """Cyber Archfiend (サイバーデーモン): 「自分のドローフェイズ開始時に自分の手札が０枚だった場合、
    通常のドローに加えてもう１枚ドローする。」 — a mandatory trigger effect (誘発効果) after its
    controller's normal draw, when their hand was empty as the Draw Phase began."""
    kind, mandatory, label = "trigger", True, "1"
    categories = frozenset({fx.DRAW})

    def triggered_by(self, duel, ev):
        p = self.card.controller
        return ev["event"] == "draw" and ev["normal"] and ev["player"] == p and self.card.face_up_on_field() \
            and self.card.zone == "monster" and duel.draw_phase_start_hand.get(p) == 0

    def resolve(self, duel, link):
        duel.draw(link.player, 1)
        return True


@model("59907935")
class CyberArchfiendDestroy(Effect):
    """Cyber Archfiend: 「自分のエンドフェイズ時に自分の手札が１枚以上存在していた場合、このカードを
    破壊する。」 — a mandatory trigger effect at the start of its controller's End Phase."""
    kind, mandatory, label = "trigger", True, "2"
    categories = frozenset({fx.DESTROY})

    def triggered_by(self, duel, ev):
        p = self.card.controller
        return ev["event"] == "phase" and ev["phase"] == "end" and ev["player"] == p and self.card.zone == "monster" \
            and self.card.face_up_on_field() and len(duel.zone(p, "hand")) >= 1

    def resolve(self, duel, link):
        if self.card.zone != "monster" or self.card.incarnation != link.incarnation:
            return False
        duel.move(self.card, "graveyard", "effect")
        return True


@model("10505300")
class SlowerSwallow(Effect):
    """Slower Swallow (スロワースワロー) ②: 「このカードをリリースして発動できる。次の自分ドローフェイズの
    通常のドローは２枚になる。」 An ignition effect; its Special Summon from the hand (①, a Summon
    procedure, not an activated effect) is not modelled."""
    label = "2"

    def cost(self, duel, link, step):
        if self.card.zone != "monster":
            return "Tribute this card"
        duel.move(self.card, "graveyard", "cost")

    def resolve(self, duel, link):
        duel.lingering_draw_counts.append((link.player, _next_own_turn(duel, link.player), 2))
        return True


@model("15936370")
class PandorasJewelryBox(Continuous):
    """Pandora's Jewelry Box (パンドラの宝具箱), monster effect ①: 「自分のエクストラデッキにカードが
    存在せず、このカードがモンスターゾーンに存在する限り、自分ドローフェイズの通常のドローは２枚になる。」
    (Its Pendulum Effect needs a Pendulum Zone: not modelled.)"""
    locations, label = ("monster",), "1"

    def draw_count(self, duel, player):
        return 2 if player == self.card.controller and not duel.zone(player, "extra") else None


@model("42291297")
class FlowerCardianLightshowerProtection(Continuous):
    """Flower Cardian Lightshower (花札衛－雨四光－) ①: 「このカードがモンスターゾーンに存在する限り、
    自分フィールドの「花札衛」モンスターは効果では破壊されず、相手の効果の対象にならない。」"""
    locations, label = ("monster",), "1"

    def protects(self, duel, card, what, by):
        mine = card.controller == self.card.controller and card.zone == "monster" and card.in_archetype("Flower Cardian")
        return mine and (what == "destroy" or (what == "target" and by != self.card.controller))


@model("42291297")
class FlowerCardianLightshowerBurn(Effect):
    """Flower Cardian Lightshower ②: 「相手のドローフェイズに相手が通常のドローをした場合に発動する。
    相手に１５００ダメージを与える。」 — mandatory, triggered by the opponent's normal draw."""
    kind, mandatory, label = "trigger", True, "2"

    def triggered_by(self, duel, ev):
        return ev["event"] == "draw" and ev["normal"] and ev["player"] != self.card.controller \
            and self.card.zone == "monster" and self.card.face_up_on_field()

    def resolve(self, duel, link):
        duel.damage(opponent(link.player), 1500)
        return True


@model("42291297")
class FlowerCardianLightshowerEndPhase(Effect):
    """Flower Cardian Lightshower ③: 「相手エンドフェイズに以下の効果から１つを選択して発動する。●次の
    自分ターンのドローフェイズをスキップする。●このカードの効果を次の相手スタンバイフェイズまで無効にする。」
    — mandatory; its controller chooses on activation (``skip-draw-phase`` / ``negate-its-effects``)."""
    kind, mandatory, label = "trigger", True, "3"
    OPTIONS = ("skip-draw-phase", "negate-its-effects")

    def triggered_by(self, duel, ev):
        return ev["event"] == "phase" and ev["phase"] == "end" and ev["player"] != self.card.controller \
            and self.card.zone == "monster" and self.card.face_up_on_field()

    def cost(self, duel, link, step):
        if getattr(duel, "probing", False):
            return None
        link.data["chosen"] = duel.decider.choose_option(link.player, list(self.OPTIONS),
                                                         f"{self.card.uid}: the effect to activate")

    def resolve(self, duel, link):
        if link.data["chosen"] == "skip-draw-phase":
            duel.skip_draw_phase.add((link.player, duel.turn + 1))      # the next turn is its controller's
        elif self.card.zone == "monster" and self.card.incarnation == link.incarnation:
            duel.negated_until.append((self.card.uid, self.card.incarnation, (duel.turn + 2, "standby")))
        return True


@model("91654806")
class CosmosChannellingCard(CardActivation):
    """Cosmos Channelling (宇宙との交信), Continuous Spell: activating the card."""


@model("91654806")
class CosmosChannellingSummon(Effect):
    """Cosmos Channelling ①: 「元々の持ち主が相手となる自分フィールドのモンスター１体を墓地へ送って発動
    できる。自分の手札・墓地から機械族モンスター１体を選んで特殊召喚する。」"""
    locations, label, once_per_turn = ("spell-trap",), "1", "name"
    categories = frozenset({fx.SUMMON})

    def _fodder(self, duel, player):
        return [c for c in duel.zone(player, "monster") if c.owner != player]

    def _machines(self, duel, player):
        return [c for z in ("hand", "graveyard") for c in duel.zone(player, z) if c.is_monster() and c.race == "Machine"
                and c.can_be_special_summoned_from(z)]

    def condition(self, duel, player):
        if not self._fodder(duel, player):
            return "you control no monster whose original owner is your opponent"
        return None if self._machines(duel, player) else "no Machine monster in your hand or GY"

    def cost(self, duel, link, step):
        got = named_cost(duel, step, lambda c: c in self._fodder(duel, link.player), "monster",
                          "monster you control whose original owner is your opponent")
        if isinstance(got, str):
            return got
        duel.move(got[0], "graveyard", "cost")

    def resolve(self, duel, link):
        cands = self._machines(duel, link.player)
        if not cands or len(duel.zone(link.player, "monster")) >= 5:
            return False
        c = pick(duel, link.player, cands, f"{self.card.uid}: a Machine monster to Special Summon")[0]
        duel.move(c, "monster", "summon", player=link.player, position="face-up-attack")
        return True


@model("91654806")
class CosmosChannellingDraw(Effect):
    """Cosmos Channelling ②: 「自分フィールドに「人造人間－サイコ・ショッカー」が存在し、相手ドローフェイズに
    相手が通常のドローをした時、カードの種類（モンスター・魔法・罠）を宣言して発動できる。ドローしたカードを
    お互いに確認し、宣言した種類だった場合、このカードを墓地へ送り、自分はデッキから１枚ドローする。」"""
    kind, locations, label, once_per_turn = "trigger", ("spell-trap",), "2", "name"
    categories = frozenset({fx.DRAW})
    TYPES = {"Monster": "monster", "Spell": "spell", "Trap": "trap"}

    def triggered_by(self, duel, ev):
        p = self.card.controller
        return ev["event"] == "draw" and ev["normal"] and ev["player"] != p and self.card.face_up_on_field() \
            and any(c.data["name"]["en"] == "Jinzo" and c.face_up_on_field() for c in duel.zone(p, "monster"))

    def cost(self, duel, link, step):
        if step.get("option") not in self.TYPES:
            return "declare a card type: Monster, Spell or Trap (give it with `declaring`)"
        link.data["declared"] = self.TYPES[step["option"]]

    def resolve(self, duel, link):
        drawn = [duel.cards[u] for u in (link.data.get("event") or {}).get("cards", [])]
        drawn = [c for c in drawn if c.zone == "hand"]
        for c in drawn:
            duel.emit("reveal", card=c.uid, player=opponent(link.player))
        if drawn and any(c.card_type == link.data["declared"] for c in drawn):
            if self.card.zone != "spell-trap" or self.card.incarnation != link.incarnation:
                return False
            duel.move(self.card, "graveyard", "effect")
            duel.draw(link.player, 1)
        return True


@model("33904024")
class ShardOfGreedCard(CardActivation):
    """Shard of Greed (強欲なカケラ), Continuous Spell: activating the card."""


@model("33904024")
class ShardOfGreedCounter(Continuous):
    """Shard of Greed ①: 「このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズに通常のドローを
    する度に、このカードに強欲カウンターを１つ置く。」 (A draw by an effect does not count.)"""
    locations, label, mandatory = ("spell-trap",), "1", True

    def after_draw(self, duel, player, drawn, normal):
        if normal and player == self.card.controller and duel.phase == "draw":
            self.card.counters["greed"] = self.card.counters.get("greed", 0) + 1


@model("33904024")
class ShardOfGreedDraw(Effect):
    """Shard of Greed ②: 「強欲カウンターが２つ以上置かれているこのカードを墓地へ送って発動できる。
    自分は２枚ドローする。」"""
    locations, label = ("spell-trap",), "2"
    categories = frozenset({fx.DRAW})

    def condition(self, duel, player):
        return None if self.card.counters.get("greed", 0) >= 2 else "fewer than 2 Greed Counters on it"

    def cost(self, duel, link, step):
        duel.move(self.card, "graveyard", "cost")

    def resolve(self, duel, link):
        duel.draw(link.player, 2)
        return True


@model("17052477")
class GuardedTreasureCard(Effect):
    """Guarded Treasure (守護神の宝札) ①: 「手札を５枚捨ててこのカードを発動できる。自分はデッキから
    ２枚ドローする。」 (the Continuous Spell's activation; the 5 cards are discarded as its cost)."""
    kind, locations, face_up, label = "card", ("hand", "spell-trap"), False, "1"
    categories = frozenset({fx.DRAW})

    def _others(self, duel, player):
        return [c for c in duel.zone(player, "hand") if c is not self.card]

    def condition(self, duel, player):
        return None if len(self._others(duel, player)) >= 5 else "fewer than 5 other cards in the hand to discard"

    def cost(self, duel, link, step):
        others = self._others(duel, link.player)
        if len(others) == 5 and not step.get("cost"):
            picked = others
        else:
            picked = named_cost(duel, step, lambda c: c in others, "hand", "cards from your hand to discard", n=5)
            if isinstance(picked, str):
                return picked
        for c in picked:
            duel.move(c, "graveyard", "cost")

    def resolve(self, duel, link):
        duel.draw(link.player, 2)
        return True


@model("17052477")
class GuardedTreasureDrawCount(Continuous):
    """Guarded Treasure ②: 「このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズの通常の
    ドローは２枚になる。」"""
    locations, label, mandatory = ("spell-trap",), "2", True

    def draw_count(self, duel, player):
        return 2 if player == self.card.controller else None


@model("48356796")
class MysticalCardsOfLightCard(CardActivation):
    """Mystical Cards of Light (閃光の宝札), Continuous Spell: activating the card."""


@model("48356796")
class MysticalCardsOfLightZone(Continuous):
    """Mystical Cards of Light: 「このカードがフィールド上に存在する限り、自分の魔法＆罠カードゾーンを
    １ヵ所だけ使用不可能にする。」 (applied while it is face-up)"""
    locations, label, mandatory = ("spell-trap",), "1", True

    def locks_zones(self, duel, player):
        return 1 if player == self.card.controller else 0


@model("48356796")
class MysticalCardsOfLightDraw(Continuous):
    """Mystical Cards of Light: 「このカード以外の「閃光の宝札」が自分フィールド上に表側表示で存在する
    場合、自分のドローフェイズ時の通常ドローでカードを２枚ドローする事ができる。」 — its controller may
    (a yes/no decision)."""
    locations, label, mandatory = ("spell-trap",), "2", False

    def draw_count(self, duel, player):
        if player != self.card.controller:
            return None
        other = [c for z in FIELD_ZONES for c in duel.zone(player, z) if c is not self.card and c.face_up_on_field()
                 and c.code == self.card.code]
        if not other or duel.decider is None:
            return None
        return 2 if duel.decider.yes_no(player, f"{self.card.uid}: draw 2 cards for the normal draw?",
                                        window={"window": "before-draw", "turn": duel.turn}) else None


@model("20216608")
class TiltedTryCard(CardActivation):
    """Tilted Try (ツッパリーチ), Field Spell: activating the card."""


class _TiltedTry(Effect):
    """Tilted Try's effects: reveal 1 card just drawn (the cost: 「そのカード１枚を相手に見せて」),
    return it to the bottom of the Deck, draw 1."""
    kind, locations = "trigger", ("field",)
    categories = frozenset({fx.DRAW})
    normal = True

    def triggered_by(self, duel, ev):
        return ev["event"] == "draw" and ev["normal"] is self.normal and ev["player"] == self.card.controller \
            and self.card.face_up_on_field() and (not self.normal or duel.phase == "draw")

    def cost(self, duel, link, step):
        drawn = [duel.cards[u] for u in (link.data.get("event") or {}).get("cards", []) if duel.cards[u].zone == "hand"]
        if not drawn:
            return "the card drawn is no longer in the hand"
        shown = pick(duel, link.player, drawn, f"{self.card.uid}: the drawn card to reveal")[0]
        link.data["shown"] = (shown, shown.incarnation)
        duel.emit("reveal", card=shown.uid, player=link.player)

    def resolve(self, duel, link):
        shown, _ = link.data["shown"]
        if shown.zone != "hand":
            return False
        duel.move(shown, "deck", "effect", top=False)
        duel.draw(link.player, 1)
        return True


@model("20216608")
class TiltedTryNormalDraw(_TiltedTry):
    """Tilted Try ①: 「自分ドローフェイズに通常のドローをした時、そのカード１枚を相手に見せて発動できる。
    そのカードをデッキの一番下に戻し、自分はデッキから１枚ドローする。」"""
    label = "1"


@model("20216608")
class TiltedTryEffectDraw(_TiltedTry):
    """Tilted Try ②: 「自分が効果でカードをドローした時、そのカード１枚を相手に見せて発動できる。この
    カードを墓地へ送り、見せたカードをデッキの一番下に戻し、自分はデッキから１枚ドローする。」"""
    label, normal = "2", False

    def resolve(self, duel, link):
        if not self.card.face_up_on_field() or self.card.incarnation != link.incarnation:
            return False
        duel.move(self.card, "graveyard", "effect")
        return super().resolve(duel, link)


class _AfterTheOpponentsNormalDraw(Effect):
    """A Trap Card activated 「相手のドローフェイズ時に、相手が通常のドローをした時」: right after the
    opponent's normal draw, before anything else happens (「時」: it misses the timing as soon as
    something else happened, YGO-GEN-MISSING-TIMING)."""
    kind, speed, locations, face_up, label = "card", 2, ("spell-trap",), False, ""

    def condition(self, duel, player):
        nd = duel.last_normal_draw
        if not nd or nd["player"] == player or nd["turn"] != duel.turn or duel.phase != "draw":
            return "only when the opponent has just conducted the normal draw"
        return None

    def target(self, duel, link, step):
        link.data["drawn"] = [(c, c.incarnation) for c in duel.last_normal_draw["cards"]]

    def still_drawn(self, link):
        return [c for c, inc in link.data["drawn"] if c.zone == "hand" and c.incarnation == inc]


@model("55773067")
class DropOff(_AfterTheOpponentsNormalDraw):
    """Drop Off (はたき落とし), Normal Trap: 「相手のドローフェイズ時に、相手が通常のドローをした時に
    発動する事ができる。相手はドローしたカード１枚をそのまま墓地へ捨てる。」 Only the normal draw (the
    yugioh-wiki FAQ: not a draw by Reload)."""

    def resolve(self, duel, link):
        drawn = self.still_drawn(link)
        if not drawn:
            return False
        c = pick(duel, opponent(link.player), drawn, f"{self.card.uid}: the drawn card to discard")[0]
        duel.move(c, "graveyard", "effect")
        return True


@model("12197543")
class CommanderOfSwords(_AfterTheOpponentsNormalDraw):
    """Commander of Swords (剣の采配), Normal Trap: 「相手のドローフェイズ時に、相手が通常のドローをした時に
    発動できる。ドローしたカードをお互いに確認し、確認したカードが魔法・罠カードだった場合、以下の効果から
    １つを選択して適用する。●ドローしたカードを捨てる。●相手フィールド上の魔法・罠カード１枚を選んで破壊
    する。」 Its controller chooses on resolution (``discard`` / ``destroy``)."""

    def resolve(self, duel, link):
        drawn = self.still_drawn(link)
        if not drawn:
            return False
        for c in drawn:
            duel.emit("reveal", card=c.uid, player=opponent(link.player))
        spells_traps = [c for c in drawn if c.card_type in ("spell", "trap")]
        if not spells_traps:
            return True
        opp = opponent(link.player)
        on_field = [c for z in ("spell-trap", "field") for c in duel.zone(opp, z) if not duel.protected(c, "destroy", link.player)]
        options = ["discard"] + (["destroy"] if on_field else [])
        if duel.decider.choose_option(link.player, options, f"{self.card.uid}: the effect to apply") == "discard":
            for c in spells_traps:
                duel.move(c, "graveyard", "effect")
        else:
            c = pick(duel, link.player, on_field, f"{self.card.uid}: a Spell/Trap your opponent controls to destroy")[0]
            duel.move(c, "graveyard", "effect")
        return True


@model("77859858")
class DestructiveDrawCard(CardActivation):
    """Destructive Draw (破滅へのクイック・ドロー), Continuous Trap: activating the card."""
    speed = 2


@model("77859858")
class DestructiveDrawDraw(Effect):
    """Destructive Draw: 「お互いのプレイヤーはドローフェイズ開始時に手札が０枚だった場合、通常のドローに
    加えてもう１枚ドローする事ができる。」 — a trigger effect at the timing of the normal draw (the
    yugioh-wiki page: 通常のドローをしたタイミングで誘発する効果, others can chain to it), optional, of
    its controller (a card's effects are activated by its controller); the player who conducted the
    normal draw draws."""
    kind, locations, speed, label = "trigger", ("spell-trap",), 2, "1"
    categories = frozenset({fx.DRAW})

    def triggered_by(self, duel, ev):
        return ev["event"] == "draw" and ev["normal"] and self.card.face_up_on_field() \
            and duel.draw_phase_start_hand.get(ev["player"]) == 0

    def resolve(self, duel, link):
        duel.draw(link.data["event"]["player"], 1)
        return True


@model("77859858")
class DestructiveDrawUpkeep(Continuous):
    """Destructive Draw: 「このカードのコントローラーは自分のターンのエンドフェイズ毎に７００ライフポイント
    を払う。この時にライフポイントが７００未満だった場合、ライフポイントは０になる。」"""
    locations, label, mandatory = ("spell-trap",), "2", True

    def phase_begins(self, duel):
        if duel.phase == "end" and duel.turn_player == self.card.controller:
            duel.damage(self.card.controller, min(700, duel.lp[self.card.controller]))


@model("77859858")
class DestructiveDrawLeaves(Continuous):
    """Destructive Draw: 「自分フィールド上に表側表示で存在するこのカードがフィールド上から離れた時、自分は
    ３０００ポイントダメージを受ける。」 (applied when it leaves the field face-up; no chain link)."""
    locations, label, mandatory = ("spell-trap",), "3", True

    def left_the_field(self, duel):
        duel.damage(self.card.owner, 3000)


@model("77585513")
class Jinzo(Continuous):
    """Jinzo (人造人間－サイコ・ショッカー) ①: 「このカードがモンスターゾーンに存在する限り、お互いにフィールド
    の罠カードの効果を発動できず、フィールドの罠カードの効果は無効化される。」 (read by the duel:
    :meth:`Duel.traps_locked`)."""
    locations, label, mandatory = ("monster",), "1", True
    locks_traps = True
