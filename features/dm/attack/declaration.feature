@game:dm
Feature: Declaring an attack (攻撃宣言): tap the creature, choose the target
  Rulings AT-01, AT-02, AT-03, AT-P5, AT-S1, AT-X2, AT-D3 (features/rulings/dm-attack.json).
  Player A is the active player (AP), player B the non-active player (NAP).

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.declaration.player @ruling:AT-01 @ruling:AT-03 @ruling:AT-S1 @ruling:AT-X2
  Scenario: Attacking the opponent: the creature is tapped and the opponent is declared as the target
    Given player A has "Test Attack Draw 3000" as "attacker" in the battle zone
    And player A has 1 card in the deck
    And player B has shields "s1" and "s2"
    When in step AT-S1, player A attacks player B with "attacker"
    And in step AT-S6b, player A breaks "s1"
    # AT-S1 / AT-03: the attack starts with the tap and the declared target
    Then step AT-S1 begins
    And "attacker" is tapped
    And "attacker" attacks player B
    # AT-X2: the attack trigger comes after the declaration, never before it
    And step AT-S3 begins
    And the "when-attacks" ability of "attacker" resolves
    And player A draws a card
    And "s1" is broken
    And the attack ends
    And "attacker" ends in the battle zone, tapped

  @id:dm.attack.declaration.tapped-creature @ruling:AT-01 @ruling:AT-02
  Scenario: A tapped creature of the opponent can be attacked
    Given player A has "Test Vanilla 5000" as "attacker" in the battle zone
    And player B has "Test Vanilla 3000" as "defender" in the battle zone, tapped
    When in step AT-S1, player A attacks "defender" with "attacker"
    Then "attacker" is tapped
    And "attacker" attacks "defender"
    And "attacker" battles "defender" and wins

  @id:dm.attack.declaration.untapped-creature-refused @ruling:AT-02
  Scenario: An untapped creature of the opponent cannot be attacked: the declaration is refused
    Given player A has "Test Vanilla 5000" as "attacker" in the battle zone
    And player B has "Test Vanilla 3000" as "defender" in the battle zone
    When in step AT-S1, player A cannot attack "defender" with "attacker"
    Then no attack happens
    And "attacker" is never tapped
    And "attacker" ends in the battle zone, untapped
    And "defender" ends in the battle zone, untapped

  @id:dm.attack.declaration.untapped-creature-by-text @ruling:AT-02
  Scenario: "Unless a card says otherwise": Gatling Skyterror can attack an untapped creature
    # Gatling Skyterror: "This creature can attack untapped creatures."
    Given player A has "Gatling Skyterror" as "gatling" in the battle zone
    And player B has "Test Vanilla 3000" as "defender" in the battle zone
    When in step AT-S1, player A attacks "defender" with "gatling"
    Then "gatling" attacks "defender"
    And "gatling" battles "defender" and wins
    And "defender" is destroyed

  @id:dm.attack.declaration.cannot-be-attacked-refused @ruling:AT-02
  Scenario: A tapped creature that "can't be attacked" cannot be chosen as the target
    Given player A has "Test Vanilla 5000" as "attacker" in the battle zone
    And player B has "Kooc Pollon" as "kooc" in the battle zone, tapped
    When in step AT-S1, player A cannot attack "kooc" with "attacker"
    Then no attack happens
    And "attacker" ends in the battle zone, untapped

  @id:dm.attack.declaration.summoning-sickness-refused @ruling:AT-S1
  Scenario: A creature put into the battle zone this turn cannot be chosen to attack
    # AT-S1: AP chooses one of their creatures that can attack. That summoning sickness (召喚酔い) prevents it is a
    # general rule of the game, not a ruling of this page; the issue asks for this refusal explicitly
    Given player A has "Test Vanilla 5000" as "attacker" in the battle zone, put there this turn
    And player B has 2 shields
    When in step AT-S1, player A cannot attack player B with "attacker"
    Then no attack happens
    And "attacker" ends in the battle zone, untapped
    And player B ends with 2 shields

  @id:dm.attack.declaration.cannot-attack-players @ruling:AT-P5
  Scenario Outline: A creature that "can't attack players" cannot attack to break shields, but can attack a tapped creature
    Given player A has "<card>" as "guardian" in the battle zone
    And player B has 2 shields
    And player B has "Test Vanilla 1000" as "defender" in the battle zone, tapped
    When in step AT-S1, player A cannot attack player B with "guardian"
    And in step AT-S1, player A attacks "defender" with "guardian"
    # AT-P5: attacking the opponent includes breaking shields; only the attack on the creature happens
    Then "guardian" attacks "defender"
    And "guardian" battles "defender" and wins
    And no shield is broken
    And player B ends with 2 shields

    Examples:
      | id             | card                             |
      | dia-nork       | Dia Nork, Moonlight Guardian     |
      | bargon         | Cannoneer Bargon                 |
      | test-card      | Test Cannot Attack Players 4000  |

  @id:dm.attack.declaration.refused-then-legal @ruling:AT-02 @ruling:AT-S1
  Scenario: After a refused declaration the script goes on; the legal attack is performed
    Given player A has "Test Vanilla 5000" as "attacker" in the battle zone
    And player B has "Test Vanilla 3000" as "untapped" in the battle zone
    And player B has shields "s1"
    When in step AT-S1, player A cannot attack "untapped" with "attacker"
    And in step AT-S1, player A attacks player B with "attacker"
    Then "attacker" attacks player B
    And "s1" is broken
    And "untapped" ends in the battle zone, untapped

  @id:dm.attack.declaration.legality-only-at-declaration @ruling:AT-D3
  Scenario Outline: A change after the declaration does not stop the attack: <change>
    Given player A has "Test Vanilla 5000" as "attacker" in the battle zone
    And player B has "<card>" as "defender" in the battle zone, tapped
    When in step AT-S1, player A attacks "defender" with "attacker"
    # AT-D3: the target became untapped / got "can't be attacked" after the declaration: the battle still happens
    Then "attacker" attacks "defender"
    And an ability of "defender" resolves
    And "attacker" battles "defender" and wins
    And "defender" is destroyed
    And the attack ends

    Examples:
      | id                  | change                                     | card                            |
      | target-untapped     | the target is untapped                     | Test Attacked Untap 2000        |
      | cannot-be-attacked  | the target gets "can't be attacked"        | Test Attacked Untouchable 2000  |

  @id:dm.attack.declaration.attacker-untapped @ruling:AT-D3 @ruling:AT-S3
  Scenario: The attacker untapped by its own attack trigger goes on attacking (Dogiragon's Revolution 0)
    # Dogiragon, Flaming Revolution: "Revolution 0—Whenever this creature attacks, if you have no shields, untap this creature."
    Given player A has "Dogiragon, Flaming Revolution" as "dogiragon" in the battle zone
    And player A has "Brawler Zyler" as "source" under "dogiragon"
    And player B has shields "s1", "s2" and "s3"
    When in step AT-S1, player A attacks player B with "dogiragon"
    Then "dogiragon" is tapped
    And the "when-attacks" ability of "dogiragon" resolves
    And "dogiragon" becomes untapped
    # T-breaker: all three shields
    And "s1", "s2" and "s3" are broken at the same time
    And the attack ends
    And "dogiragon" ends in the battle zone, untapped
