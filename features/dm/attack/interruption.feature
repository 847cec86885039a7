@game:dm
Feature: Interrupting the attack (AT-D2) and creatures that split (AT-D4); the end of the attack (AT-S7)
  Player A is AP, player B is NAP.

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.interruption.target-leaves @ruling:AT-D2
  Scenario: The target leaves the battle zone in AT-S3: the attack is interrupted, no block step, no battle
    # Metalwing Skyterror: "Whenever this creature attacks, you may destroy one of your opponent's creatures that has "blocker.""
    Given player A has "Metalwing Skyterror" as "metalwing" in the battle zone
    And player B has "Dark Clown" as "clown" in the battle zone, tapped
    And player B has "Seamine" as "seamine" in the battle zone
    And player B has 2 shields
    When in step AT-S1, player A attacks "clown" with "metalwing"
    And in step AT-S3, player A chooses "clown"
    Then "metalwing" attacks "clown"
    And the "when-attacks" ability of "metalwing" resolves
    And "clown" is destroyed
    And the attack is interrupted
    And step AT-S4 never begins
    And nobody blocks
    And no battle happens
    And step AT-S7 never begins
    And "metalwing" ends in the battle zone, tapped
    And player B ends with 2 shields

  @id:dm.attack.interruption.while-attacking-ends @ruling:AT-D2 @ruling:AT-S2
  Scenario: The interruption ends "while attacking" effects: the power attacker bonus is gone
    # Test Attack Destroyer 3000 (+2000): power attacker +2000; "whenever this creature attacks, you may destroy one of
    # your opponent's creatures"
    Given player A has "Test Attack Destroyer 3000 (+2000)" as "destroyer" in the battle zone
    And player B has "Test Vanilla 1000" as "target" in the battle zone, tapped
    When in step AT-S1, player A attacks "target" with "destroyer"
    And in step AT-S3, player A chooses "target"
    Then "destroyer" has power 5000
    And "target" is destroyed
    And "destroyer" has power 3000
    And the attack is interrupted
    And no battle happens
    And "destroyer" ends with power 3000

  @id:dm.attack.interruption.waiting-abilities-resolve-first @ruling:AT-D2 @ruling:AT-S3
  Scenario: The attack is interrupted only when no ability waits: NAP's waiting ability still resolves
    Given player A has "Test Attack Destroyer 3000 (+2000)" as "destroyer" in the battle zone
    And player B has "Test Vanilla 1000" as "target" in the battle zone, tapped
    And player B has "Test Opponent Attacks Draw 1000" as "watcher" in the battle zone
    And player B has 1 card in the deck
    When in step AT-S1, player A attacks "target" with "destroyer"
    And in step AT-S3, player A chooses "target"
    Then "target" is destroyed
    And the "opponent-attacks" ability of "watcher" resolves
    And player B draws a card
    And the attack is interrupted
    And no battle happens

  @id:dm.attack.interruption.attacker-leaves @ruling:AT-D2 @ruling:AT-S3
  Scenario: The attacker leaves the battle zone in AT-S3: no block step, no break, no AT-S7
    # Test Attacker Bounce 1000: "whenever one of your opponent's creatures attacks, you may return it to its owner's hand"
    Given player A has "Deathliger, Lion of Chaos" as "deathliger" in the battle zone
    And player B has "Test Attacker Bounce 1000" as "bouncer" in the battle zone
    And player B has "Seamine" as "seamine" in the battle zone
    And player B has 2 shields
    When in step AT-S1, player A attacks player B with "deathliger"
    And in step AT-S3, player B chooses yes
    Then "deathliger" attacks player B
    And the "opponent-attacks" ability of "bouncer" resolves
    And "deathliger" is put into player A's hand
    And the attack is interrupted
    And step AT-S4 never begins
    And no shield is broken
    And step AT-S7 never begins
    And player B ends with 2 shields

  @id:dm.attack.interruption.split-target @ruling:AT-D4 @ruling:AT-D3
  Scenario Outline: The attacked evolution creature splits into two creatures: the attacking side chooses which one battles (<case>)
    # Soul Phoenix: "Vortex Evolution—Put on one of your Fire Birds and one of your Earth Dragons. ... When this card would
    # leave the battle zone, only the top card leaves the battle zone instead (Separate the other cards into 2 creatures)."
    Given player A has "Test Attack Destroyer 3000 (+2000)" as "destroyer" in the battle zone
    And player B has "Soul Phoenix, Avatar of Unity" as "phoenix" in the battle zone, tapped
    And player B has "Kooc Pollon" as "kooc" under "phoenix"
    And player B has "Terradragon Regarion" as "regarion" under "phoenix"
    When in step AT-S1, player A attacks "phoenix" with "destroyer"
    And in step AT-S3, player A chooses "phoenix"
    And in step AT-S3, player A chooses "<chosen>"
    Then "phoenix" is destroyed
    And "phoenix" is put into player B's graveyard
    # AT-D3: Kooc Pollon "can't be attacked", but legality was checked at the declaration only
    And "destroyer" (5000) battles "<chosen>" (<power>) <result>
    And "<other>" ends in the battle zone, tapped

    Examples:
      | id            | case                  | chosen   | power | result    | other    |
      | kooc-pollon   | Kooc Pollon battles   | kooc     | 1000  | and wins  | regarion |
      | regarion      | Regarion battles      | regarion | 4000  | and wins  | kooc     |

  @id:dm.attack.interruption.split-attacker @ruling:AT-D4 @ruling:AT-S7
  Scenario Outline: The attacking evolution creature splits: the attacking side chooses which one goes on attacking (<case>)
    # Soul Phoenix destroyed by Terror Pit used as a shield trigger: only the top card leaves
    Given player A has "Soul Phoenix, Avatar of Unity" as "phoenix" in the battle zone
    And player A has "Kooc Pollon" as "kooc" under "phoenix"
    And player A has "Terradragon Regarion" as "regarion" under "phoenix"
    And player B has "Terror Pit" as "pit" in the shield zone
    And player B has shields "s2", "s3" and "s4"
    When in step AT-S1, player A attacks player B with "phoenix"
    And in step AT-S6b, player A breaks "pit", "s2" and "s3"
    And in step AT-S6b, player B uses the shield trigger of "pit"
    And in step AT-S6b, player B chooses "phoenix"
    And in step AT-S6b, player A chooses "<chosen>"
    Then "pit", "s2" and "s3" are broken at the same time
    And "phoenix" is destroyed
    And the attack ends with "<chosen>" as the attacking creature
    And "kooc" ends in the battle zone, tapped
    And "regarion" ends in the battle zone, tapped

    Examples:
      | id            | case                     | chosen   |
      | kooc-pollon   | Kooc Pollon is chosen    | kooc     |
      | regarion      | Regarion is chosen       | regarion |

  @id:dm.attack.end.after-attacking @ruling:AT-S7
  Scenario: "After attacking" abilities resolve in AT-S7: Marrow Ooze is destroyed after attacking a player
    # Marrow Ooze: "When this creature attacks a player, destroy it after the attack."
    Given player A has "Marrow Ooze, the Twister" as "ooze" in the battle zone
    And player B has shields "s1" and "s2"
    When in step AT-S1, player A attacks player B with "ooze"
    And in step AT-S6b, player A breaks "s2"
    Then "s2" is broken
    And step AT-S7 begins
    And the "after-attacking" ability of "ooze" resolves
    And "ooze" is destroyed
    And the attack ends
    And "ooze" ends in the graveyard

  @id:dm.attack.end.after-attacking-not-on-creature @ruling:AT-S7
  Scenario: Marrow Ooze attacking a creature: its "after attacking a player" ability does not trigger
    Given player A has "Marrow Ooze, the Twister" as "ooze" in the battle zone
    And player B has "Test Wins All Battles 2000" as "wall" in the battle zone, tapped
    When in step AT-S1, player A attacks "wall" with "ooze"
    # Whether AT-S7 still begins once the attacker was destroyed in the battle is not decided by
    # the page (AT-S6a: "then step 7"; AT-D2: every later step vanishes): not expected either way.
    Then "ooze" battles "wall" and loses
    And no ability of "ooze" resolves
