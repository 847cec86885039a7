@game:dm
Feature: Blocking (ブロック) and the abilities of AT-S4 and AT-S5
  Rulings AT-S4, AT-S5, AT-D1, AT-D2. Player A is AP, player B is NAP.

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.blocking.blocker-tapped @ruling:AT-S4
  Scenario: To block, NAP chooses a blocker and taps it; the blocker battles the attacker
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Seamine" as "seamine" in the battle zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S4, player B blocks with "seamine"
    Then step AT-S4 begins
    And "seamine" is tapped
    And "seamine" blocks "fang"
    And "fang" (3000) battles "seamine" (4000) and loses
    And "seamine" ends in the battle zone, tapped

  @id:dm.attack.blocking.tapped-blocker-refused @ruling:AT-S4
  Scenario: A tapped blocker cannot block; the attack goes on unblocked
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Seamine" as "tapped-seamine" in the battle zone, tapped
    And player B has "Test Blocker 2000" as "ready" in the battle zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S4, player B cannot block with "tapped-seamine"
    And in step AT-S4, player B does not block
    Then nobody blocks
    And "b-shield-1" is broken

  @id:dm.attack.blocking.while-blocking @ruling:AT-S4
  Scenario: A "while blocking" static applies once the block is made
    # Test Blocker Guard 2000: "while this creature is blocking, it gets +4000 power"
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Test Blocker Guard 2000" as "guard" in the battle zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "shepherd"
    And in step AT-S4, player B blocks with "guard"
    Then "guard" blocks "shepherd"
    And "guard" has power 6000
    And "shepherd" (5000) battles "guard" (6000) and loses

  @id:dm.attack.blocking.blocker-leaves @ruling:AT-S4 @ruling:AT-D2 @ruling:AT-S5
  Scenario: The block stands even if the blocker leaves before the battle: no battle, no shield broken
    # Emperor Maroll: "Whenever this creature becomes blocked, return the blocking creature to its owner's hand.
    # (This creature stays tapped.)"
    Given player A has "Emperor Maroll" as "maroll" in the battle zone
    And player A has "Hypersquid Walter" as "walter" under "maroll"
    And player B has "Seamine" as "seamine" in the battle zone
    And player B has 2 shields
    When in step AT-S1, player A attacks player B with "maroll"
    And in step AT-S4, player B blocks with "seamine"
    Then "seamine" blocks "maroll"
    And the "when-blocked" ability of "maroll" resolves
    And "seamine" is put into player B's hand
    And the attack is interrupted
    And no battle happens
    And no shield is broken
    And step AT-S6a never begins
    And "maroll" ends in the battle zone, tapped
    And player B ends with 2 shields

  @id:dm.attack.blocking.block-abilities-ap-first @ruling:AT-S5 @ruling:AT-D1
  Scenario: "When blocked" (AP) resolves before "when blocks" (NAP)
    Given player A has "Test Blocked Draw 5000" as "attacker" in the battle zone
    And player A has 1 card in the deck
    And player B has "Test Blocker Draw 3000" as "blocker" in the battle zone
    And player B has 1 card in the deck
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "attacker"
    And in step AT-S4, player B blocks with "blocker"
    Then step AT-S5 begins
    And the "when-blocked" ability of "attacker" resolves
    And player A draws a card
    And the "when-blocks" ability of "blocker" resolves
    And player B draws a card
    And "attacker" battles "blocker" and wins

  @id:dm.attack.blocking.not-blocked @ruling:AT-S5
  Scenario: "When not blocked" triggers in AT-S5 when NAP does not block
    Given player A has "Test Not Blocked Draw 3000" as "attacker" in the battle zone
    And player A has 1 card in the deck
    And player B has "Seamine" as "seamine" in the battle zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "attacker"
    And in step AT-S4, player B does not block
    Then step AT-S5 begins
    And the "when-not-blocked" ability of "attacker" resolves
    And player A draws a card
    And step AT-S6b begins
    And "b-shield-1" is broken

  @id:dm.attack.blocking.ap-ninja-strike-after-block @ruling:AT-S5 @ruling:AT-D1
  Scenario: After a block, AP declares ninja strike before NAP's "when blocks" ability resolves
    # Raiden: "Ninja Strike 1 (When an opponent's creature attacks or blocks, ...)"; cip: tap one of the opponent's creatures
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player A has "Raiden, Light Fang Ninja" as "raiden" in hand
    And player A has 1 card in the mana zone
    And player B has "Test Blocker Draw 3000" as "blocker" in the battle zone
    And player B has "Fear Fang" as "fang" in the battle zone
    And player B has 1 card in the deck
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "shepherd"
    And in step AT-S4, player B blocks with "blocker"
    And in step AT-S5, player A declares ninja strike with "raiden"
    And in step AT-S5, player A chooses "fang"
    Then "blocker" blocks "shepherd"
    And "raiden" is declared for ninja strike
    And "raiden" is summoned
    And the "cip" ability of "raiden" resolves
    And "fang" is tapped
    And the "when-blocks" ability of "blocker" resolves
    And player B draws a card
    And "shepherd" battles "blocker" and wins
