@game:ygo @rule:YGO-GEN-BEFORE-THE-DRAW
Feature: Only the effects of the timing before the draw start its chain; a Quick Effect only responds
  The timing immediately before the normal draw has its own effects: those that say "before the
  draw" and the replacements of the normal draw (ND-05); the page lists the other cards that
  「通常のドローより前にチェーンブロックを作ることができる」 (ND-L-BEFORE), so no other card starts a
  chain there. A Quick Effect (Mystical Space Typhoon of either player, D.D. Crow, a Set Infinite
  Impermanence) can still respond once an effect of that timing is on the chain (effect_type.feature:
  Mystical Space Typhoon, D.D. Crow and Infinite Impermanence in response to replacements). Each
  card below has a valid target and is activated on that same target in the open game state of the
  Draw Phase right after the normal draw: the refusal before the draw is for the timing. The general
  rule YGO-GEN-BEFORE-THE-DRAW rests on the rulebook's Draw Phase (Traps and Quick-Play Spells only
  after the draw). The two open simulator cores fixed exactly this: ygopro-core b840d9c "fix EVENT_PREDRAW (#476)" and
  edo9300/ygopro-core 2088372 "Skip free chain effects in EVENT_PREDRAW".

  @id:ygo.normal-draw.before.quick-effect.opponent-set-spell @ruling:ND-L-BEFORE @ruling:ND-05
  Scenario: The opponent's Set Mystical Space Typhoon cannot start a chain before the draw; after the normal draw it can
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Reload" as "reload" set in the spell & trap zone
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player B cannot activate "mst", targeting "reload" (refused: timing)
    And in player A's Draw Phase, player B activates "mst", targeting "reload"
    Then player A conducts the normal draw, drawing "top"
    And "mst" is activated as chain link 1
    And "reload" is sent to the graveyard

  @id:ygo.normal-draw.before.quick-effect.turn-player-spell @ruling:ND-L-BEFORE @ruling:ND-05
  Scenario: The turn player's Mystical Space Typhoon in hand cannot start a chain before the draw; after the normal draw it can
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Mystical Space Typhoon" as "mst" in hand
    And player B has "Solemn Strike" as "solemn" set in the spell & trap zone
    When before the draw, player A cannot activate "mst", targeting "solemn" (refused: timing)
    And in player A's Draw Phase, player A activates "mst", targeting "solemn"
    Then player A conducts the normal draw, drawing "top"
    And "mst" is activated as chain link 1
    And "solemn" is sent to the graveyard

  @id:ygo.normal-draw.before.quick-effect.dd-crow @ruling:ND-L-BEFORE @ruling:ND-05
  Scenario: The opponent's D.D. Crow cannot start a chain before the draw; after the normal draw it can
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Mystical Elf" as "elf" in the graveyard
    And player B has "D.D. Crow" as "crow" in hand
    When before the draw, player B cannot activate "crow", targeting "elf" (refused: timing)
    And in player A's Draw Phase, player B activates "crow", targeting "elf"
    Then player A conducts the normal draw, drawing "top"
    And "crow" is activated as chain link 1
    And "elf" is banished

  @id:ygo.normal-draw.before.quick-effect.set-trap @ruling:ND-L-BEFORE @ruling:ND-05
  Scenario: The opponent's Set Infinite Impermanence cannot start a chain before the draw; after the normal draw it can
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Sangan" as "sangan" face-up in attack position
    And player B has "Infinite Impermanence" as "impermanence" set in the spell & trap zone
    When before the draw, player B cannot activate "impermanence", targeting "sangan" (refused: timing)
    And in player A's Draw Phase, player B activates "impermanence", targeting "sangan"
    Then player A conducts the normal draw, drawing "top"
    And "impermanence" is activated as chain link 1
    And chain link 1 resolves
    And "impermanence" is sent to the graveyard

  @id:ygo.normal-draw.before.quick-effect.empty-deck @ruling:ND-L-BEFORE @ruling:ND-05 @ruling:ND-01
  Scenario: With an empty Deck the turn player still cannot activate Mystical Space Typhoon before the draw: the normal draw loses the duel
    # a player who cannot draw for the normal draw loses (ND-01's draw from an empty Deck). Whether
    # anything can be activated between the draw that cannot be made and the loss is not asserted:
    # only that nothing but that timing's effects starts a chain before the draw
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And player A has "Mystical Space Typhoon" as "mst" in hand
    And player B has "Solemn Strike" as "solemn" set in the spell & trap zone
    When before the draw, player A cannot activate "mst", targeting "solemn" (refused: timing)
    Then player B wins the duel
