package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"duel-masters/game/cnd"
	"duel-masters/game/match"
	"duel-masters/server"
)

// fillerCard is the card the decks are filled with: Immortal Baron, Vorg (DM-01, a
// Darkness creature without abilities), the card the engine's own test harness builds its
// decks of (sim/tests/scenario/scenario.go, defaultDeck). The engine ends the game as soon
// as a deck is empty (match.go HandleFx, player.go DrawCards), so every deck gets fillers
// under the scenario's own deck cards; deck counts are therefore never reported.
const fillerCard = "af3bc221-1cc2-4f58-83ea-2673ac2c66c5"
const fillerCount = 30

// commandTimeout bounds one engine command (an attack with everything it triggers).
const commandTimeout = 10 * time.Second

// Scenario is the part of a duelspec scenario document the driver reads
// (schemas/scenario.schema.json).
type Scenario struct {
	ID     string `json:"id"`
	Format int    `json:"format"`
	Game   string `json:"game"`
	Setup  struct {
		Cards      []SetupCard                `json:"cards"`
		TurnPlayer string                     `json:"turn_player"`
		Phase      string                     `json:"phase"`
		Players    map[string]json.RawMessage `json:"players"`
		Random     []json.RawMessage          `json:"random"`
		Stop       json.RawMessage            `json:"stop"`
	} `json:"setup"`
	Script []map[string]any `json:"script"`
}

// SetupCard is one card of the start state.
type SetupCard struct {
	ID            string `json:"id"`
	Card          string `json:"card"`
	Owner         string `json:"owner"`
	Zone          string `json:"zone"`
	Order         any    `json:"order"`
	Tapped        bool   `json:"tapped"`
	SummoningSick bool   `json:"summoning_sick"`
	Under         string `json:"under"`
}

type result struct {
	trace  map[string]any
	skip   string
	err    string
	detail string
}

// logItem is one message the engine sent to a player, in the order sent.
type logItem struct {
	player string // "A" or "B"
	header string
	raw    []byte
}

// Duel is one scenario being played.
type Duel struct {
	sc    *Scenario
	m     *match.Match
	refs  map[string]*match.PlayerReference // "A"/"B"
	cards map[string]*match.Card            // local id -> card
	local map[string]string                 // engine card id -> local id
	owner map[string]string                 // local id -> "A"/"B"

	mu        sync.Mutex
	log       []logItem
	notify    chan struct{}
	recording bool
	events    []map[string]any
	lastZone  map[string]string
	lastTap   map[string]bool
	lastPower map[string]int      // the power last reported of each scenario creature (not attacking)
	unseen    map[string]bool     // creatures whose power was not watched (the attacker during its attack)
	drawing   map[string][]string // player -> cards drawn by the draw in progress
	winner    string
	ended     bool

	// The target the engine accepted for the attack being declared ("player" or a local id).
	attackTarget string
	// The `attack` event of the attack in progress until an event of the engine names its target.
	attackEvent map[string]any
	// The battle in progress, whose result the engine states by the creatures it destroys
	// in it (fx/creature.go handleBattle: CreatureDestroyed{Card: loser, Source: winner}).
	battle *battleRec

	script *Script
	notes  []string
}

type battleRec struct {
	ev       map[string]any
	attacker string
	defender string
	lost     map[string]bool
}

// battleLost records that the engine destroyed `loser` in the battle in progress, won by
// `winner`, and states the battle's winner: the other creature, or "none" when each
// destroyed the other (equal power).
func (d *Duel) battleLost(loser, winner string) {
	b := d.battle
	if b == nil || loser == winner {
		return
	}
	pair := map[string]bool{b.attacker: true, b.defender: true}
	if !pair[loser] || !pair[winner] {
		return
	}
	b.lost[loser] = true
	if b.lost[b.attacker] && b.lost[b.defender] {
		b.ev["winner"] = "none"
	} else {
		b.ev["winner"] = winner
	}
}

func play(sc *Scenario, cat *Catalogue) result {
	if sc.Game != "dm" {
		return result{skip: "this adapter plays Duel Masters scenarios only"}
	}
	if sc.Format != 2 {
		return result{skip: "a format-1 scenario: this driver plays format-2 scenarios (every step names its window, `when`); `duelspec migrate` converts format-1 documents"}
	}
	if sc.Setup.Phase != "" && sc.Setup.Phase != "attack" {
		return result{skip: fmt.Sprintf("the driver starts scenarios in the attack phase only (setup phase %q)", sc.Setup.Phase)}
	}
	if len(sc.Setup.Random) > 0 {
		return result{skip: "the driver cannot force the engine's random results (setup.random)"}
	}
	engineIDs := map[string]string{}
	for _, c := range sc.Setup.Cards {
		id, why := cat.engineID(c.Card)
		if why != "" {
			return result{skip: why}
		}
		engineIDs[c.ID] = id
		switch c.Zone {
		case "battle", "hand", "mana", "shield", "graveyard", "deck":
		default:
			return result{skip: fmt.Sprintf("the driver cannot put a card in zone %q", c.Zone)}
		}
	}
	d := &Duel{sc: sc, cards: map[string]*match.Card{}, local: map[string]string{}, owner: map[string]string{},
		notify: make(chan struct{}, 1), lastZone: map[string]string{}, lastTap: map[string]bool{},
		lastPower: map[string]int{}, unseen: map[string]bool{},
		drawing: map[string][]string{}, refs: map[string]*match.PlayerReference{}}
	defer d.dispose()
	d.script = newScript(d, sc.Script)
	if why, err := d.setup(engineIDs); why != "" || err != "" {
		return result{skip: why, err: err, detail: d.tail()}
	}
	if err := d.script.run(); err != "" {
		return result{err: err, detail: d.tail()}
	}
	trace := map[string]any{
		"format": 2,
		"events": d.eventsOut(),
		"steps":  d.script.drv.outcomes,
		"final":  d.final(),
	}
	if d.script.stopped != "" {
		trace["log"] = []string{boundedText(d.script.stopped, 2000)}
	}
	return result{trace: trace}
}

func (d *Duel) dispose() {
	if d.m != nil && !d.m.IsClosed() {
		d.m.Dispose()
	}
}

// tail is the evidence for an errored reply: the last messages the engine sent.
func (d *Duel) tail() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var b strings.Builder
	start := len(d.log) - 12
	if start < 0 {
		start = 0
	}
	for _, it := range d.log[start:] {
		if it.header == "state_update" {
			fmt.Fprintf(&b, "to %s: state_update\n", it.player)
			continue
		}
		fmt.Fprintf(&b, "to %s: %s\n", it.player, bounded(string(it.raw), 400))
	}
	for _, n := range d.notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

// ---------------------------------------------------------------------------------------
// Building the start state the way the engine's tests do (sim/tests/scenario, sim/tests/fx):
// a match with two players on mock connections, cards spawned into their zones, and a turn
// change so that the engine's untap step gives every card its conditions (blocker, double
// breaker, ... are conditions the cards add to themselves in match.UntapStep).

func (d *Duel) setup(engineIDs map[string]string) (skip string, err string) {
	ms := match.NewSystem()
	m := ms.NewMatch("duelspec", "A", "A", nil, "B", "B", nil, false, false, match.FormatDescriptor{})
	d.m = m
	filler := make([]string, fillerCount)
	for i := range filler {
		filler[i] = fillerCard
	}
	// The engine's turn order: Start() gives the first turn to player 2 and the next turn to
	// player 1 (match.go BeginNewTurn toggles Turn, NewMatch sets it to 1). Player 1 is the
	// scenario's turn player, whose turn starts after one turn change.
	tp := d.sc.Setup.TurnPlayer
	if tp == "" {
		tp = "A"
	}
	other := map[string]string{"A": "B", "B": "A"}[tp]
	if other == "" {
		return "", fmt.Sprintf("unknown turn player %q", tp)
	}
	p1 := match.NewPlayer(m, 1)
	m.Player1 = match.NewPlayerReference(p1, server.NewSocket(&conn{d: d, player: tp}, m, tp, tp))
	p2 := match.NewPlayer(m, 2)
	m.Player2 = match.NewPlayerReference(p2, server.NewSocket(&conn{d: d, player: other}, m, other, other))
	d.refs[tp], d.refs[other] = m.Player1, m.Player2
	p1.CreateDeck(append([]string(nil), filler...))
	p2.CreateDeck(append([]string(nil), filler...))
	p1.Ready, p2.Ready = true, true
	m.ApplyPersistentEffect(d.observe)

	if e := d.runSetup("starting the duel", m.Start); e != "" {
		return e, ""
	}
	// Start() dealt 5 shields and 5 cards from the fillers: empty those zones.
	for _, ref := range []*match.PlayerReference{m.Player1, m.Player2} {
		for _, zone := range []string{match.HAND, match.SHIELDZONE} {
			z, _ := ref.Player.ContainerRef(zone)
			*z = []*match.Card{}
		}
	}
	// Spawn the scenario's cards: tops before the cards under them.
	sorted := append([]SetupCard(nil), d.sc.Setup.Cards...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Under == "" && sorted[j].Under != "" })
	decks := map[string][]SetupCard{}
	for _, c := range sorted {
		ref := d.refs[c.Owner]
		if ref == nil {
			return "", fmt.Sprintf("card %q: unknown owner %q", c.ID, c.Owner)
		}
		if c.Zone == "deck" && c.Under == "" {
			decks[c.Owner] = append(decks[c.Owner], c)
			continue
		}
		card, e := ref.Player.SpawnCard(engineIDs[c.ID], match.HAND)
		if e != nil {
			return "", fmt.Sprintf("card %q: the engine cannot create %s: %v", c.ID, c.Card, e)
		}
		d.track(c.ID, c.Owner, card)
		switch {
		case c.Under != "":
			top := d.cards[c.Under]
			if top == nil || top.Zone != match.BATTLEZONE {
				return fmt.Sprintf("card %q lies under %q, which is not a creature in the battle zone", c.ID, c.Under), ""
			}
			relocate(ref.Player, card, match.HIDDENZONE)
			top.Attach(card)
		case c.Zone == "battle":
			if skip, e := d.enterBattleZone(ref.Player, card); skip != "" || e != "" {
				return prefixed(c.ID, skip), prefixed(c.ID, e)
			}
		case c.Zone == "mana":
			relocate(ref.Player, card, match.MANAZONE)
		case c.Zone == "graveyard":
			relocate(ref.Player, card, match.GRAVEYARD)
		case c.Zone == "shield":
			relocate(ref.Player, card, match.SHIELDZONE)
			ref.Player.ShieldCounter++
			ref.Player.ShieldMap[card.ID] = ref.Player.ShieldCounter
		}
	}
	// Deck cards go under the fillers for the turn change (whose draw takes the top card),
	// and on top of them afterwards, in the scenario's order.
	deckCards := map[string][]*match.Card{}
	for owner, cs := range decks {
		ref := d.refs[owner]
		for _, c := range deckOrder(cs) {
			card, e := ref.Player.SpawnCard(engineIDs[c.ID], match.DECK)
			if e != nil {
				return "", fmt.Sprintf("card %q: the engine cannot create %s: %v", c.ID, c.Card, e)
			}
			d.track(c.ID, owner, card)
			deckCards[owner] = append(deckCards[owner], card)
		}
	}
	before := d.zones()
	if e := d.runSetup("passing the turn to the turn player", m.EndTurn); e != "" {
		return e, ""
	}
	if m.CurrentPlayer() != m.Player1 {
		return "", "after one turn change the engine's turn player is not the scenario's turn player"
	}
	if after := d.zones(); after != before {
		return fmt.Sprintf("the engine moved cards of the start state while changing turns (%s -> %s)", before, after), ""
	}
	// The turn change drew a filler into the turn player's hand: the hands hold exactly the
	// scenario's cards.
	for _, ref := range []*match.PlayerReference{m.Player1, m.Player2} {
		z, _ := ref.Player.ContainerRef(match.HAND)
		kept := []*match.Card{}
		for _, c := range *z {
			if _, ok := d.local[c.ID]; ok {
				kept = append(kept, c)
			}
		}
		*z = kept
	}
	for owner, cs := range deckCards {
		z, _ := d.refs[owner].Player.ContainerRef(match.DECK)
		rest := []*match.Card{}
		for _, c := range *z {
			if _, ok := d.local[c.ID]; !ok {
				rest = append(rest, c)
			}
		}
		*z = append(append([]*match.Card{}, cs...), rest...)
	}
	for _, c := range d.sc.Setup.Cards {
		card := d.cards[c.ID]
		if c.Under == "" && (c.Zone == "battle" || c.Zone == "mana") {
			card.Tapped = c.Tapped
		}
		if c.SummoningSick {
			// What the engine gives a creature summoned this turn (fx/creature.go, PlayCardEvent).
			card.AddCondition(cnd.SummoningSickness, nil, nil)
		}
	}
	powers := map[string]int{}
	for id, card := range d.cards {
		if card.Zone == match.BATTLEZONE {
			powers[id] = d.m.GetPower(card, false)
		}
	}
	d.mu.Lock()
	d.log = nil
	for id, card := range d.cards {
		d.lastZone[id] = card.Zone
		d.lastTap[id] = card.Tapped
		if p, ok := powers[id]; ok {
			d.lastPower[id] = p
		}
	}
	d.recording = true
	d.mu.Unlock()
	return "", ""
}

func (d *Duel) track(id, owner string, card *match.Card) {
	d.cards[id] = card
	d.local[card.ID] = id
	d.owner[id] = owner
}

// relocate moves a freshly spawned card from the hand to another zone without any event
// (a start state, not a game action).
func relocate(p *match.Player, card *match.Card, zone string) {
	hand, _ := p.ContainerRef(match.HAND)
	kept := []*match.Card{}
	for _, c := range *hand {
		if c != card {
			kept = append(kept, c)
		}
	}
	*hand = kept
	z, _ := p.ContainerRef(zone)
	*z = append(*z, card)
	card.Zone = zone
}

// setupSource is the source of the start state's moves into the battle zone (the MoveCard
// event's Source: a name no card of the engine uses).
const setupSource = "duelspec_setup"

// enterBattleZone puts a freshly spawned creature of the start state into the battle zone by
// the engine's own move, so that what the engine does when a card arrives there runs: the
// handlers on fx.InTheBattlezone (game/fx/quality_of_life.go:638, CardMoved To BATTLEZONE)
// register the card's static abilities (e.g. Shadow Moon's, cards/dm04/ghost.go:21-43), which
// a silent relocation never activates. The card moves from the engine's hidden zone
// (match.HIDDENZONE, where it lies silently first), as the engine moves a creature back from
// under an evolution creature (cards/dm03/colony_beetle.go:43): the engine's "when put into
// the battle zone" hooks (fx.CreatureSummoned, quality_of_life.go:908-922, and Summoned,
// AnotherCreatureSummoned, MySurvivorSummoned ... built on it) exclude From == HIDDENZONE,
// so the start state's creatures are there, not summoned: no ability fires that the start
// state does not want. The setup runs before recording: the move is no event of the duel.
// The move runs as the other set-up steps do (runSetup): should the engine ask a question or
// end the duel while the creature arrives (an arrival ability the start state does not want),
// the scenario is skipped, saying so, rather than played from a state it did not ask for. The
// engine's refusal (a cancelled move) is a skip too: this engine cannot build the start state.
func (d *Duel) enterBattleZone(p *match.Player, card *match.Card) (skip string, err string) {
	relocate(p, card, match.HIDDENZONE)
	var moveErr error
	if e := d.runSetup("putting the creature into the battle zone", func() {
		_, moveErr = p.MoveCard(card.ID, match.HIDDENZONE, match.BATTLEZONE, setupSource)
	}); e != "" {
		return e, ""
	}
	if moveErr != nil {
		return "", fmt.Sprintf("the engine's move into the battle zone failed: %v", moveErr)
	}
	if card.Zone != match.BATTLEZONE {
		return fmt.Sprintf("the engine kept the creature out of the battle zone (its move into it was cancelled; the card is in the engine's %s)", card.Zone), ""
	}
	return "", ""
}

// prefixed names the start state's card a message is about ("" stays "").
func prefixed(id, msg string) string {
	if msg == "" {
		return ""
	}
	return fmt.Sprintf("card %q: %s", id, msg)
}

// deckOrder: `order: "top"` first, then integer orders ascending, then cards without one
// as listed, then `"bottom"` (docs/adapters.md, "Deck order in setup.cards").
func deckOrder(cs []SetupCard) []SetupCard {
	rank := func(c SetupCard) (int, float64) {
		switch v := c.Order.(type) {
		case string:
			if v == "top" {
				return 0, 0
			}
			return 3, 0
		case float64:
			return 1, v
		}
		return 2, 0
	}
	out := append([]SetupCard(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool {
		ri, vi := rank(out[i])
		rj, vj := rank(out[j])
		if ri != rj {
			return ri < rj
		}
		return vi < vj
	})
	return out
}

func (d *Duel) zones() string {
	ids := make([]string, 0, len(d.cards))
	for id := range d.cards {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, "%s:%s ", id, d.cards[id].Zone)
	}
	return b.String()
}

// runSetup runs an engine call of the set-up; a prompt there means the start state is not
// one the driver can build.
func (d *Duel) runSetup(what string, f func()) string {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case r := <-done:
		if r != nil {
			return fmt.Sprintf("the engine failed while %s: %v", what, r)
		}
	case <-time.After(commandTimeout):
		return fmt.Sprintf("the engine did not finish %s", what)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, it := range d.log {
		if it.header == "action" {
			return fmt.Sprintf("the engine asked player %s a question while %s: %s", it.player, what, promptText(it.raw))
		}
	}
	if d.m.IsClosed() {
		return fmt.Sprintf("the duel ended while %s", what)
	}
	return ""
}

func promptText(raw []byte) string {
	var p struct {
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &p)
	return p.Text
}

// ---------------------------------------------------------------------------------------
// Observation. Two sources, both on the engine's goroutine, in the order things happen:
// the engine's event bus (every event the engine dispatches to its cards reaches a
// persistent effect first: match.go HandleFx) and the messages it sends to the players
// (conn.WriteJSON). Nothing is reported that neither shows.

// emit reports an event (d.mu held); the script driver sees it too (`after` patterns, the
// declared attack).
func (d *Duel) emit(ev map[string]any) {
	d.events = append(d.events, ev)
	if d.script != nil {
		d.script.drv.Event(ev)
		d.script.shown(ev)
	}
}

func (d *Duel) id(engineID string) (string, bool) {
	id, ok := d.local[engineID]
	return id, ok
}

func (d *Duel) cardID(c *match.Card) (string, bool) {
	if c == nil {
		return "", false
	}
	return d.id(c.ID)
}

// tapCheck reports tap/untap of the scenario's creatures that stayed in the battle zone.
func (d *Duel) tapCheck() {
	ids := make([]string, 0, len(d.cards))
	for id := range d.cards {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		c := d.cards[id]
		if c.Zone == match.BATTLEZONE && d.lastZone[id] == match.BATTLEZONE && c.Tapped != d.lastTap[id] {
			if c.Tapped {
				d.emit(map[string]any{"event": "tap", "card": id})
			} else {
				d.emit(map[string]any{"event": "untap", "card": id})
			}
		}
		d.lastTap[id] = c.Tapped
		d.lastZone[id] = c.Zone
	}
	d.powerCheck(ids)
}

// powerCheck reports a power change of the scenario's creatures in the battle zone as the engine
// computes a creature's power when it is not attacking (match.GetPower(card, false)); the
// attacking creature's power the engine computes only on demand (GetPower(card, true), for the
// battle): it is not watched during its attack, and watched again from its power afterwards
// (d.mu held; GetPower dispatches a GetPowerEvent, which the observer ignores).
func (d *Duel) powerCheck(ids []string) {
	var attacker *match.Card
	if d.script != nil && d.script.declared != nil {
		attacker = d.script.declared.card
	}
	for _, id := range ids {
		c := d.cards[id]
		if c.Zone != match.BATTLEZONE || d.m.IsClosed() || d.m.IsEnding() {
			delete(d.lastPower, id)
			continue
		}
		if c == attacker {
			d.unseen[id] = true
			continue
		}
		p := d.m.GetPower(c, false)
		last, known := d.lastPower[id]
		d.lastPower[id] = p
		if d.unseen[id] || !known {
			delete(d.unseen, id) // watched again (or first seen in the battle zone): no change to report
			continue
		}
		if p != last {
			d.emit(map[string]any{"event": "power", "card": id, "power": p})
		}
	}
}

var zoneNames = map[string]string{
	match.DECK: "deck", match.HAND: "hand", match.SHIELDZONE: "shield", match.MANAZONE: "mana",
	match.GRAVEYARD: "graveyard", match.BATTLEZONE: "battle", match.SPELLZONE: "pending",
	match.HIDDENZONE: "battle",
}

func (d *Duel) observe(ctx *match.Context, _ func()) {
	if _, ok := ctx.Event.(*match.GetPowerEvent); ok {
		return // the engine computing a power (the driver's own powerCheck among others): nothing happened
	}
	if !d.recording {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.tapCheck()
	s := d.script
	// The engine went on: an answer in flight was accepted.
	s.accept()
	attacker := (*match.Card)(nil)
	if s.declared != nil {
		attacker = s.declared.card
	}
	switch e := ctx.Event.(type) {
	case *match.AttackConfirmed:
		if attacker != nil && e.CardID == attacker.ID {
			s.declarationConfirmed()
			a, _ := d.id(e.CardID)
			// target: the player (the engine's AttackConfirmed says so), or the creature of the
			// engine's own next event of this attack (SelectBlockers' AttackedCardID, the Battle's
			// defender: attackSeen); until then, and when the attack ends before any (its target
			// left the battle zone in AT-S3), the creature the engine took in its target question
			// (it keeps the card it accepted: fx/creature.go :279-289)
			target := d.attackTarget
			if e.Player {
				target = "player"
			}
			if target != "" {
				d.attackEvent = map[string]any{"event": "attack", "attacker": a, "target": target}
				d.emit(d.attackEvent)
			}
			s.enter("AT-S3") // the "when attacks" abilities are this event's handlers
		}
	case *match.SelectBlockers:
		if attacker != nil && e.Attacker == attacker {
			if e.AttackedCardID != "" {
				if c, ok := d.cards[d.local[e.AttackedCardID]]; ok {
					d.attackSeen(c) // the creature the engine's attack is on (fx/creature.go :326)
				}
			}
			s.enter("AT-S4")
		}
	case *match.SelectShields:
		// after the block step: the shields are chosen as they are broken (cards with
		// HasShieldsSelectionEffect: the question is this event's own postFx, after its
		// handlers, and the handlers are the engine's "not blocked" moment for them,
		// fx/quality_of_life.go WheneverThisAttacksPlayerAndIsntBlocked: AT-S5); at the
		// declaration it is the engine's AT-S1 question
		if attacker != nil && e.Attacker == attacker && s.reached >= dmStepOrder["AT-S4"] {
			d.afterHandlers(ctx, true, "AT-S5", "AT-S6b", func() {})
		}
	case *match.Battle:
		// A blocked attack: the engine's Block handler tapped the blocker and dispatches the
		// attacker's Battle with it (fx/creature.go :373-380, :433-437, Blocked: true): the block
		// is what the engine did, reported before the battle's handlers run ("when blocked /
		// blocks" abilities), whether or not one of them then interrupts the battle.
		if attacker != nil && e.Attacker == attacker && e.Blocked {
			if b, ok := d.cardID(e.Defender); ok {
				ev := map[string]any{"event": "block", "blocker": b}
				if a, ok := d.cardID(e.Attacker); ok {
					ev["attacker"] = a
				}
				d.emit(ev)
			}
		}
		if attacker != nil && e.Attacker == attacker && !e.Blocked {
			d.attackSeen(e.Defender) // a creature attacked and not blocked: the engine's target
		}
		// The battle is fought in the event's postFx (fx/creature.go: handleBattle), after
		// the cards' handlers ("when blocked / blocks" abilities), unless one of them
		// interrupted it (e.g. Emperor Maroll returns the blocker): reported then, first.
		ev := e
		d.afterHandlers(ctx, attacker != nil && e.Attacker == attacker, "AT-S5", "AT-S6a", func() {
			a, ok1 := d.cardID(ev.Attacker)
			b, ok2 := d.cardID(ev.Defender)
			if ok1 && ok2 {
				out := map[string]any{"event": "battle", "attacker": a, "defender": b,
					"attacker_power": ev.AttackerPower, "defender_power": ev.DefenderPower}
				d.emit(out)
				d.battle = &battleRec{ev: out, attacker: a, defender: b, lost: map[string]bool{}}
			}
		})
	case *match.CreatureDestroyed:
		// Reported when the engine goes on with the destruction: after the cards' handlers,
		// unless one of them interrupted it, before the move.
		card, source, inBattle := e.Card, e.Source, e.Context == match.DestroyedInBattle
		d.afterHandlers(ctx, false, "", "", func() {
			if id, ok := d.cardID(card); ok {
				ev := map[string]any{"event": "destroy", "card": id}
				if by, ok := d.cardID(source); ok {
					ev["by"] = by
					if inBattle {
						d.battleLost(id, by)
					}
				}
				d.emit(ev)
			}
		})
	case *match.BreakShieldEvent:
		// The shields the engine breaks are the event's list after the cards' handlers
		// ("when not blocked" abilities among them; match.go BreakShields reads event.Cards
		// then, unless a handler interrupted it).
		ev := e
		d.afterHandlers(ctx, attacker != nil && e.Source == attacker, "AT-S5", "AT-S6b", func() {
			shields := []string{}
			player := ""
			for _, s := range ev.Cards {
				if id, ok := d.cardID(s); ok {
					shields = append(shields, id)
					player = d.owner[id]
				}
			}
			if len(shields) > 0 {
				out := map[string]any{"event": "break", "shields": shields, "player": player}
				if by, ok := d.cardID(ev.Source); ok {
					out["by"] = by
				}
				d.emit(out)
			}
		})
	case *match.SpellCast:
		if e.FromShield {
			if id, ok := d.id(e.CardID); ok {
				d.emit(map[string]any{"event": "shield-trigger", "card": id, "player": d.owner[id]})
			}
		}
	case *match.MoveCard:
		if e.Source == "shield_trigger" && e.From == match.HAND && e.To == match.BATTLEZONE {
			if id, ok := d.id(e.CardID); ok {
				d.emit(map[string]any{"event": "shield-trigger", "card": id, "player": d.owner[id]})
			}
		}
	case *match.CardMoved:
		id, ok := d.id(e.CardID)
		if !ok {
			return
		}
		if e.Source == "draw" && e.From == match.DECK && e.To == match.HAND {
			d.drawing[d.owner[id]] = append(d.drawing[d.owner[id]], id)
		} else {
			from, to := zoneNames[e.From], zoneNames[e.To]
			if from != "" && to != "" && from != to {
				d.emit(map[string]any{"event": "move", "card": id, "from": from, "to": to, "player": d.owner[id]})
			}
		}
		d.lastZone[id] = d.cards[id].Zone
		d.lastTap[id] = d.cards[id].Tapped
	}
}

// attackSeen: the engine's own event names the creature its attack is on: the `attack` event
// reports it (d.mu held).
func (d *Duel) attackSeen(c *match.Card) {
	if d.attackEvent == nil || d.attackEvent["target"] == "player" {
		return
	}
	if id, ok := d.cardID(c); ok && d.attackEvent["target"] != id {
		d.notes = append(d.notes, fmt.Sprintf("the engine's attack is on %s, not on the creature its target question took (%v)", id, d.attackEvent["target"]))
		d.attackEvent["target"] = id
	}
	d.attackEvent = nil
}

// afterHandlers: f runs (d.mu held) when the engine goes on with the event after the cards'
// handlers (as the first of its postFxs; never when a handler interrupted it). For an event
// of the attack (`mine`), the script driver is in window `during` while the handlers run (""
// none: between windows) and in `window` afterwards. The handlers of the attack's Battle and
// BreakShieldEvent are the engine's "when blocked / blocks / not blocked" moment
// (fx/quality_of_life.go Blocked, Blocks, WheneverThisAttacksAndIsntBlocked,
// WheneverThisAttacksPlayerAndIsntBlocked): AT-S5.
func (d *Duel) afterHandlers(ctx *match.Context, mine bool, during, window string, f func()) {
	if mine {
		if during != "" {
			d.script.enter(during)
		} else {
			d.script.between()
		}
	}
	ctx.ScheduleAfter(func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		if mine {
			d.script.enter(window)
		}
		f()
	})
}

var drewRe = regexp.MustCompile(`^(A|B) drew \d+ cards?$`)

// conn is the engine's view of a player's connection (server.Connection), like the mock
// connection of the engine's tests; every message is logged in order and observed.
type conn struct {
	d      *Duel
	player string
}

func (c *conn) SetReadLimit(int64)                {}
func (c *conn) SetReadDeadline(time.Time) error   { return nil }
func (c *conn) SetPongHandler(func(string) error) {}
func (c *conn) ReadMessage() (int, []byte, error) {
	return 0, nil, fmt.Errorf("not a network connection")
}
func (c *conn) SetWriteDeadline(time.Time) error { return nil }
func (c *conn) WriteMessage(int, []byte) error   { return nil }
func (c *conn) Close() error                     { return nil }

func (c *conn) WriteJSON(v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var h struct {
		Header  string `json:"header"`
		Message string `json:"message"`
		Winner  *struct {
			UID string `json:"uid"`
		} `json:"winner"`
	}
	json.Unmarshal(raw, &h)
	d := c.d
	d.mu.Lock()
	d.log = append(d.log, logItem{player: c.player, header: h.Header, raw: raw})
	if d.recording {
		d.tapCheck()
		switch h.Header {
		case "chat":
			var chat struct {
				Message string `json:"message"`
			}
			json.Unmarshal(raw, &chat)
			if c.player == "A" || c.player == "B" {
				if m := drewRe.FindStringSubmatch(chat.Message); m != nil && len(d.drawing[m[1]]) > 0 {
					d.emit(map[string]any{"event": "draw", "player": m[1], "cards": d.drawing[m[1]], "normal": false})
					d.drawing[m[1]] = nil
				}
			}
		case "error":
			// match.go End: the reason of the end of the duel, sent to both players.
			if c.player == "A" && !d.ended {
				d.ended = true
				for _, p := range []string{"A", "B"} {
					switch h.Message {
					case p + " won the game": // fx/creature.go: the attacked player had no shields
						d.winner = p
						if d.script != nil && d.script.declared != nil {
							d.script.enter("AT-S6c")
						}
						d.emit(map[string]any{"event": "win", "player": p, "reason": "direct-attack"})
					case p + " won by deck out!":
						d.winner = p
						d.emit(map[string]any{"event": "win", "player": p, "reason": "deck-out"})
					}
				}
			}
		case "duel_finished":
			if c.player == "A" && h.Winner != nil && d.winner == "" && (h.Winner.UID == "A" || h.Winner.UID == "B") {
				d.winner = h.Winner.UID
				d.emit(map[string]any{"event": "win", "player": d.winner})
			}
		}
		if d.script != nil {
			d.script.message(c.player, h.Header, raw)
		}
	}
	d.mu.Unlock()
	select {
	case d.notify <- struct{}{}:
	default:
	}
	return nil
}

var _ server.Connection = (*conn)(nil)

func (d *Duel) eventsOut() []map[string]any {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]map[string]any{}, d.events...)
}

// final is the state at the end: zones, tapped state of creatures and mana, power of
// creatures (the engine's match.GetPower), counts of the zones the scenario can know
// (never the deck: it holds fillers), the winner.
func (d *Duel) final() map[string]any {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.script != nil && d.script.stopAt != nil {
		return d.script.stopAt // the state when the run stopped at a question (then the engine was disposed)
	}
	return d.finalLocked()
}

// finalLocked is final with d.mu held.
func (d *Duel) finalLocked() map[string]any {
	cards := map[string]any{}
	for id, c := range d.cards {
		st := map[string]any{}
		// the engine's cards belong to one player each (Card.Player): owner and controller
		for p, ref := range d.refs {
			if c.Player == ref.Player {
				st["owner"], st["controller"] = p, p
			}
		}
		zone := zoneNames[c.Zone]
		if c.Zone == match.HIDDENZONE && !d.attached(c) {
			zone = ""
		}
		if zone != "" {
			st["zone"] = zone
		}
		if c.Zone == match.BATTLEZONE || c.Zone == match.MANAZONE {
			st["tapped"] = c.Tapped
		}
		if c.Zone == match.BATTLEZONE && !d.m.IsClosed() {
			st["power"] = d.m.GetPower(c, false)
		}
		cards[id] = st
	}
	players := map[string]any{}
	for p, ref := range d.refs {
		counts := map[string]any{}
		for zone, name := range map[string]string{match.HAND: "hand", match.SHIELDZONE: "shield",
			match.MANAZONE: "mana", match.GRAVEYARD: "graveyard", match.BATTLEZONE: "battle"} {
			z, _ := ref.Player.Container(zone)
			counts[name] = len(z)
		}
		players[p] = map[string]any{"counts": counts}
	}
	var winner any
	if d.winner != "" {
		winner = d.winner
	}
	return map[string]any{"cards": cards, "players": players, "winner": winner}
}

func (d *Duel) attached(c *match.Card) bool {
	for _, top := range d.cards {
		if top.Zone == match.BATTLEZONE {
			for _, a := range top.Attachments() {
				if a == c {
					return true
				}
			}
		}
	}
	return false
}
