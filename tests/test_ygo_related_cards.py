"""The 18 related cards of the page (ND-L-RELATED) in the reference engine, each exercising what
relates it to the normal draw (issue 9, part 3): a card that changes how many cards the normal
draw takes, one that reacts to it, one that replaces or skips it. Expected values come from each
card's OCG text (``text_ja``, quoted in ``features/cards/ygo-effects.json``) and the rulings named.

Engine-level tests: the scenario's setup is written in Gherkin; a step may carry ``when``
(turn, phase), the moment its player is given the decision (the way format 2 scripts it), which
the test driver below honours by looking at the duel's state.
"""
from __future__ import annotations

import pytest

from duelspec import compiler
from duelspec.adapters.kit import ScriptDriver
from duelspec.reference_engine.ygo import Unplayable, play
from duelspec.reference_engine.ygo import duel as duel_module

HEAD = "@game:ygo\nFeature: related cards\n  Background:\n    Given player B went first\n"


class WindowDriver(ScriptDriver):
    """A :class:`ScriptDriver` whose steps may say ``when``: ``{"turn": n, "phase": p}``; such a
    step answers only a decision given in that turn and phase (else its player passes)."""
    duel = None

    def peek(self):
        """The next step, or None while it waits for its moment (its player passes meanwhile)."""
        step = super().peek()
        w = step and step.get("when")
        return None if w and (self.duel.turn, self.duel.phase) != (w["turn"], w["phase"]) else step


@pytest.fixture
def run(monkeypatch):
    init = duel_module.Duel.__init__

    def remember(self, catalogue, decider, seed=0):
        init(self, catalogue, decider, seed)
        decider.duel = self
    monkeypatch.setattr(duel_module.Duel, "__init__", remember)

    def _run(body: str, when: dict | None = None):
        body = body.replace("  Scenario: s", "  @id:related.s @ruling:ND-L-RELATED\n  Scenario: s", 1)
        out = compiler.compile_text(HEAD + body, "related.feature")
        assert not out.errors, [str(e.error) for e in out.errors]
        s = out.scenarios[0]
        for i, w in (when or {}).items():
            s["script"][i]["when"] = w
        driver = WindowDriver(s["script"])
        events, final = play(s["setup"], driver)
        return events, final, driver.finish()
    return _run


def normal_draws(events, player="A"):
    return [e["cards"] for e in events if e["event"] == "draw" and e["normal"] and e["player"] == player]


def activated(events):
    return [e["card"] for e in events if e["event"] == "activate"]


# ------------------------------------------------------------- the number of cards the normal draw takes
def test_pandoras_jewelry_box_makes_the_normal_draw_2_cards_with_an_empty_extra_deck(run):
    # 「自分のエクストラデッキにカードが存在せず、…自分ドローフェイズの通常のドローは２枚になる。」
    body = '''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A controls "Pandora's Jewelry Box" as "pandora" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", in this order from the top
    {extra}
    Then player A ends with 0 cards in hand
'''
    events, _, _ = run(body.format(extra=""))
    assert normal_draws(events) == [["alexandrite-dragon", "mystical-elf"]]
    events, _, _ = run(body.format(extra='And player A has "Number 39: Utopia" as "utopia" in the Extra Deck'))
    assert normal_draws(events) == [["alexandrite-dragon"]]


def test_guarded_treasure_makes_the_normal_draw_2_cards_and_is_activated_by_discarding_5(run):
    # ①「手札を５枚捨ててこのカードを発動できる。自分はデッキから２枚ドローする。」
    # ②「このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズの通常のドローは２枚になる。」
    events, final, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Main Phase 1
    And player A has "Guarded Treasure" as "treasure" in hand
    And player A has "Mystical Elf" as "h1" in hand
    And player A has "Celtic Guardian" as "h2" in hand
    And player A has "Dark Blade" as "h3" in hand
    And player A has "Alien Shocktrooper" as "h4" in hand
    And player A has "Sangan" as "h5" in hand
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", in this order from the top
    And player B's deck holds "Alexandrite Dragon", in this order from the top
    And the duel goes on until turn 4's Standby Phase
    When player A activates "treasure"
    Then player A ends with 4 cards in hand
''')
    assert steps[0]["outcome"] == "applied", steps
    assert [e for e in events if e["event"] == "draw" and not e["normal"]][0]["cards"] == ["alexandrite-dragon", "mystical-elf"]
    assert normal_draws(events) == [["celtic-guardian", "dark-blade"]]
    assert final["cards"]["h1"]["zone"] == "graveyard"


def test_guarded_treasure_needs_5_other_cards_to_discard(run):
    _, _, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Main Phase 1
    And player A has "Guarded Treasure" as "treasure" in hand
    And player A has "Mystical Elf" as "h1" in hand
    When player A cannot activate "treasure"
    Then player A ends with 2 cards in hand
''')
    assert steps[0]["outcome"] == "refused" and "5 other cards" in steps[0]["reason"], steps


def test_mystical_cards_of_light_2_cards_only_with_another_copy_and_if_its_controller_wants(run):
    # 「このカード以外の「閃光の宝札」が自分フィールド上に表側表示で存在する場合、…２枚ドローする事ができる。」
    body = '''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A has "Mystical Cards of Light" as "light1" face-up in the spell & trap zone
    {second}
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    {when}
    Then player A ends with 0 cards in hand
'''
    second = 'And player A has "Mystical Cards of Light" as "light2" face-up in the spell & trap zone'
    events, _, _ = run(body.format(second=second, when='When player A declares "yes"'))
    assert normal_draws(events) == [["alexandrite-dragon", "mystical-elf"]]
    events, _, _ = run(body.format(second=second, when='When player A declares "no"'))
    assert normal_draws(events) == [["alexandrite-dragon"]]
    events, _, steps = run(body.format(second="", when='When player A declares "yes"'))
    assert normal_draws(events) == [["alexandrite-dragon"]] and steps[0]["outcome"] == "not-reached"


def test_mystical_cards_of_light_makes_one_spell_and_trap_zone_unusable(run):
    _, _, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Main Phase 1
    And player A has "Mystical Cards of Light" as "light" face-up in the spell & trap zone
    And player A has "Gearbreed" as "g1" face-up in the spell & trap zone
    And player A has "Legacy of the Duelist" as "g2" face-up in the spell & trap zone
    And player A has "Heart of the Underdog" as "g3" face-up in the spell & trap zone
    And player A has "Shard of Greed" as "shard" in hand
    When player A cannot activate "shard"
    Then player A ends with 1 card in hand
''')
    assert steps[0]["outcome"] == "refused" and "no Spell & Trap Zone is free" in steps[0]["reason"], steps


def test_slower_swallow_makes_the_next_own_normal_draw_2_cards(run):
    # ②「このカードをリリースして発動できる。次の自分ドローフェイズの通常のドローは２枚になる。」
    events, final, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Main Phase 1
    And player A controls "Slower Swallow" as "swallow" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", in this order from the top
    And player B's deck holds "Dark Blade", "Sangan", in this order from the top
    And the duel goes on until turn 4's Standby Phase
    When player A activates "swallow"
    Then "swallow" ends in the graveyard
''')
    assert steps[0]["outcome"] == "applied", steps
    assert normal_draws(events, "B") == [["dark-blade"]]                       # not the opponent's
    assert normal_draws(events, "A") == [["alexandrite-dragon", "mystical-elf"]]


# ------------------------------------------------------------------------ cards that react to it
def test_cyber_archfiend_draws_1_more_after_the_normal_draw_when_the_hand_was_empty(run):
    # 「自分のドローフェイズ開始時に自分の手札が０枚だった場合、通常のドローに加えてもう１枚ドローする。」
    body = '''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A controls "Cyber Archfiend" as "archfiend" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    {hand}
    Then player A ends with 1 card in hand
'''
    events, _, _ = run(body.format(hand=""))
    draws = [(e["cards"], e["normal"]) for e in events if e["event"] == "draw"]
    assert draws == [(["alexandrite-dragon"], True), (["mystical-elf"], False)], draws
    assert activated(events) == ["archfiend"]
    events, _, _ = run(body.format(hand='And player A has "Dark Blade" as "blade" in hand'))
    assert activated(events) == [] and normal_draws(events) == [["alexandrite-dragon"]]


def test_cyber_archfiend_is_destroyed_in_the_end_phase_with_a_card_in_hand(run):
    # 「自分のエンドフェイズ時に自分の手札が１枚以上存在していた場合、このカードを破壊する。」
    events, final, _ = run('''
  Scenario: s
    Given it is turn 2, player A's Main Phase 2
    And player A controls "Cyber Archfiend" as "archfiend" face-up in attack position
    And player A has "Dark Blade" as "blade" in hand
    And the duel goes on until turn 3's Standby Phase
    Then "archfiend" ends in the graveyard
''')
    assert final["cards"]["archfiend"]["zone"] == "graveyard"


def test_flower_cardian_lightshower_burns_1500_on_the_opponents_normal_draw_only(run):
    # ②「相手のドローフェイズに相手が通常のドローをした場合に発動する。相手に１５００ダメージを与える。」
    events, final, _ = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player B controls "Flower Cardian Lightshower" as "lightshower" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", in this order from the top
    And player A has "Reload" as "reload" in hand
    When player A activates "reload"
    Then player A ends with 1 card in hand
''')
    assert activated(events)[0] == "lightshower"            # after the normal draw, before Reload
    assert [e["lp"] for e in events if e["event"] == "lp"] == [6500]   # Reload's draw burns nothing
    assert final["players"]["A"]["lp"] == 6500


def test_flower_cardian_lightshower_can_skip_its_controllers_next_draw_phase(run):
    # ③「相手エンドフェイズに…●次の自分ターンのドローフェイズをスキップする。」: no normal draw that turn
    events, _, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Main Phase 2
    And player B controls "Flower Cardian Lightshower" as "lightshower" face-up in attack position
    And player B's deck holds "Dark Blade", in this order from the top
    And the duel goes on until turn 3's Standby Phase
    When player B declares "skip-draw-phase"
    Then player B ends with 0 cards in hand
''')
    assert steps[0]["outcome"] == "applied", steps
    assert normal_draws(events, "B") == []
    assert not any(e["event"] == "phase" and e["phase"] == "draw" and e["turn"] == 3 for e in events)


def test_flower_cardian_lightshower_negating_itself_stops_the_burn_until_the_opponents_standby_phase(run):
    events, final, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Main Phase 2
    And player B controls "Flower Cardian Lightshower" as "lightshower" face-up in attack position
    And player B's deck holds "Dark Blade", in this order from the top
    And player A's deck holds "Alexandrite Dragon", in this order from the top
    And the duel goes on until turn 4's Standby Phase
    When player B declares "negate-its-effects"
    Then player B ends with 1 card in hand
''')
    assert normal_draws(events, "B") == [["dark-blade"]]
    # turn 4, A's normal draw happens before the Standby Phase: the effect is still negated
    assert normal_draws(events, "A") == [["alexandrite-dragon"]] and final["players"]["A"]["lp"] == 8000


def test_cosmos_channelling_with_jinzo_reveals_the_opponents_normal_draw(run):
    # ②「自分フィールドに「人造人間－サイコ・ショッカー」が存在し、相手ドローフェイズに相手が通常のドローを
    # した時、カードの種類…を宣言して発動できる。ドローしたカードをお互いに確認し、宣言した種類だった場合、
    # このカードを墓地へ送り、自分はデッキから１枚ドローする。」
    body = '''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B controls "Jinzo" as "jinzo" face-up in attack position
    And player B has "Cosmos Channelling" as "cosmos" face-up in the spell & trap zone
    And player B's deck holds "Dark Blade", in this order from the top
    When player B activates "cosmos", declaring "{kind}"
    Then player B ends with {n} card in hand
'''
    events, final, steps = run(body.format(kind="Monster", n=1))
    assert steps[0]["outcome"] == "applied", steps
    assert [e["card"] for e in events if e["event"] == "reveal"] == ["top"]
    assert final["cards"]["cosmos"]["zone"] == "graveyard" and final["players"]["B"]["counts"]["hand"] == 1
    events, final, _ = run(body.format(kind="Trap", n=0))
    assert final["cards"]["cosmos"]["zone"] == "spell-trap" and final["players"]["B"]["counts"]["hand"] == 0


def test_cosmos_channelling_needs_jinzo(run):
    events, _, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B has "Cosmos Channelling" as "cosmos" face-up in the spell & trap zone
    When player B activates "cosmos", declaring "Monster"
    Then player B ends with 0 cards in hand
''')
    assert "cosmos" not in activated(events) and steps[0]["outcome"] != "applied"


def test_jinzo_negates_trap_effects_on_the_field(run):
    # Jinzo ①: 「…フィールドの罠カードの効果は無効化される。」: Sylvan Waterslide is not activated
    events, _, _ = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Sylvan Waterslide" as "slide" face-up in the spell & trap zone
    And player B controls "Jinzo" as "jinzo" face-up in attack position
    Then player A ends with 1 card in hand
''')
    assert activated(events) == [] and normal_draws(events) == [["top"]]


def test_shard_of_greed_counts_normal_draws_only(run):
    # ①「…自分ドローフェイズに通常のドローをする度に、このカードに強欲カウンターを１つ置く。」
    # ②「強欲カウンターが２つ以上置かれているこのカードを墓地へ送って発動できる。自分は２枚ドローする。」
    body = '''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A has "Shard of Greed" as "shard" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", in this order from the top
    And player B's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    And player A has "Reload" as "reload" in hand
    And the duel goes on until turn 4's Standby Phase
    When player A {first} "shard" effect (2)
    And player A activates "shard" effect (2)
    Then player A ends with 4 cards in hand
'''
    events, final, steps = run(body.format(first="cannot activate"),
                               when={0: {"turn": 2, "phase": "main1"}, 1: {"turn": 4, "phase": "main1"}})
    assert [s["outcome"] for s in steps] == ["refused", "not-reached"], steps
    assert "fewer than 2 Greed Counters" in steps[0]["reason"]


def test_shard_of_greed_draws_2_after_two_normal_draws(run):
    events, final, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A has "Shard of Greed" as "shard" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", in this order from the top
    And player B's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    And the duel goes on until turn 4's Main Phase 2
    When player A activates "shard" effect (2)
    Then "shard" ends in the graveyard
''', when={0: {"turn": 4, "phase": "main1"}})
    assert steps[0]["outcome"] == "applied", steps
    assert [e["cards"] for e in events if e["event"] == "draw" and e["player"] == "A"] == [
        ["alexandrite-dragon"], ["mystical-elf"], ["celtic-guardian", "dark-blade"]]


def test_tilted_try_returns_the_normal_draw_to_the_bottom_and_draws_again(run):
    # ①「自分ドローフェイズに通常のドローをした時、そのカード１枚を相手に見せて発動できる。そのカードを
    # デッキの一番下に戻し、自分はデッキから１枚ドローする。」
    events, final, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Tilted Try" as "tilted" face-up in the field zone
    And player A's deck holds "Mystical Elf", "Celtic Guardian", in this order from the top
    When player A activates "tilted"
    Then player A ends with 1 card in hand
''')
    assert steps[0]["outcome"] == "applied", steps
    kinds = [(e["event"], e.get("card")) for e in events if e["event"] in ("draw", "activate", "reveal")]
    assert kinds[:3] == [("draw", None), ("activate", "tilted"), ("reveal", "top")], kinds
    assert final["cards"]["top"]["zone"] == "deck" and final["cards"]["mystical-elf"]["zone"] == "hand"


def test_tilted_try_effect_draw_sends_itself_to_the_gy(run):
    # ②「自分が効果でカードをドローした時、…このカードを墓地へ送り、見せたカードをデッキの一番下に戻し、
    # 自分はデッキから１枚ドローする。」
    events, final, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A has "Tilted Try" as "tilted" face-up in the field zone
    And player A has "Reload" as "reload" in hand
    And player A has "Alexandrite Dragon" as "alex" in hand
    And player A's deck holds "Mystical Elf", in this order from the top
    When player A activates "reload"
    And player A activates "tilted" effect (2)
    Then "tilted" ends in the graveyard
''')
    assert [s["outcome"] for s in steps] == ["applied", "applied"], steps
    assert final["cards"]["tilted"]["zone"] == "graveyard"


@pytest.mark.parametrize("trap", ["Drop Off", "Commander of Swords"])
def test_traps_activated_right_after_the_opponents_normal_draw(run, trap):
    # はたき落とし: 「相手のドローフェイズ時に、相手が通常のドローをした時に発動する事ができる。相手は
    # ドローしたカード１枚をそのまま墓地へ捨てる。」 剣の采配: 「…確認したカードが魔法・罠カードだった場合、
    # …●ドローしたカードを捨てる。…」
    events, final, steps = run(f'''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Mystical Space Typhoon" as "top"
    And player B has "{trap}" as "trap" set in the spell & trap zone
    When player B activates "trap"
    And player B declares "discard"
    Then "top" ends in the graveyard
''')
    assert steps[0]["outcome"] == "applied", steps
    assert normal_draws(events) == [["top"]] and final["cards"]["top"]["zone"] == "graveyard"


@pytest.mark.parametrize("trap", ["Drop Off", "Commander of Swords"])
def test_traps_for_the_normal_draw_cannot_answer_another_draw(run, trap):
    _, final, steps = run(f'''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A has "Reload" as "reload" in hand
    And player A has "Mystical Space Typhoon" as "mst" in hand
    And player A's deck holds "Alexandrite Dragon", in this order from the top
    And player B has "{trap}" as "trap" set in the spell & trap zone
    When player A activates "reload"
    And player B cannot activate "trap"
    Then player A ends with 1 card in hand
''')
    assert steps[1]["outcome"] == "refused" and "normal draw" in steps[1]["reason"], steps


def test_commander_of_swords_destroys_a_spell_trap_instead(run):
    _, final, _ = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Mystical Space Typhoon" as "top"
    And player A has "Gearbreed" as "gear" face-up in the spell & trap zone
    And player B has "Commander of Swords" as "trap" set in the spell & trap zone
    When player B activates "trap"
    And player B declares "destroy"
    Then "gear" ends in the graveyard
''')
    assert final["cards"]["gear"]["zone"] == "graveyard" and final["cards"]["top"]["zone"] == "hand"


def test_destructive_draw_lets_a_player_with_an_empty_hand_draw_1_more(run):
    # 「お互いのプレイヤーはドローフェイズ開始時に手札が０枚だった場合、通常のドローに加えてもう１枚ドロー
    # する事ができる。」 and 「…自分のターンのエンドフェイズ毎に７００ライフポイントを払う。」
    events, final, steps = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A has "Destructive Draw" as "destructive" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    And player B's deck holds "Dark Blade", in this order from the top
    And the duel goes on until turn 3's Standby Phase
    When player A activates "destructive"
    Then player A ends with 2 cards in hand
''')
    assert steps[0]["outcome"] == "applied", steps
    draws = [(e["cards"], e["normal"]) for e in events if e["event"] == "draw" and e["player"] == "A"]
    assert draws == [(["alexandrite-dragon"], True), (["mystical-elf"], False)], draws
    assert final["players"]["A"]["lp"] == 7300


def test_destructive_draw_leaving_the_field_costs_3000(run):
    _, final, _ = run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, after the draw
    And player B has "Destructive Draw" as "destructive" face-up in the spell & trap zone
    And player A has "Mystical Space Typhoon" as "mst" in hand
    When player A activates "mst", targeting "destructive"
    Then "destructive" ends in the graveyard
''')
    assert final["players"]["B"]["lp"] == 5000


def test_knightmare_unicorn_face_up_is_a_visible_skip(run):
    """Its (2) counts co-linked Knightmare monsters (相互リンク): the engine models no Link Arrows."""
    with pytest.raises(Unplayable, match="Knightmare Unicorn"):
        run('''
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A controls "Knightmare Unicorn" as "unicorn" face-up in attack position
    Then player A ends with 1 card in hand
''')
