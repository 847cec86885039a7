package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"duel-masters/game/match"
	"duel-masters/server"
)

// Playing a format-2 script on the engine.
//
// The turn player's attack declarations are commands (match.Match.AttackPlayer /
// AttackCreature: the calls the engine's message handler makes for "attack_player" /
// "attack_creature", match.go Parse); every other step answers a question the engine asks
// through its message protocol (an "action" message to a player, answered with an "action"
// message: match.go Parse, case "action").
//
// Every question is decided on the engine's own goroutine, in the connection's WriteJSON,
// the moment the engine sends it (and blocks in Player.NextAction for the answer), so the
// window the script driver (windows.go) is in is exactly the engine's moment. The windows
// are the steps of the attack procedure as the engine's code passes through them (see
// `enter` in duel.go's observer):
//
//	AT-S1  the declaration command, until the engine dispatches AttackConfirmed
//	       (includes the engine's questions for the target, the confirmation, and the
//	       shields to break: fx/creature.go SelectShields before tapCardAndConfirmAttack)
//	AT-S3  the dispatch of AttackConfirmed ("when attacks" abilities: fx.AttackConfirmed)
//	AT-S4  from SelectBlockers (the blockers are collected) until the block is decided
//	AT-S5  the handlers of the attacker's Battle (blocked, or a creature attacked) and of its
//	       BreakShieldEvent (not blocked): the engine's "when blocked / blocks / not blocked"
//	       moment (fx/quality_of_life.go Blocked, Blocks, WheneverThisAttacksAndIsntBlocked,
//	       WheneverThisAttacksPlayerAndIsntBlocked); "shield would be broken" effects are handlers
//	       of that BreakShieldEvent too
//	AT-S6a the Battle event of the attacker once its handlers let it through (battle,
//	       destructions, their abilities)
//	AT-S6b SelectShields after the block step, BreakShieldEvent once its handlers let it
//	       through, the shield triggers
//	AT-S6c the end of the duel by the attack ("X won the game": no shields left)
//	AT-S7  the attack command has returned (the engine does nothing more for the attack)
//
// The engine has no moment for AT-S2 (no step is played there: the driver does not declare that
// window). A scripted answer goes to the engine whether or not its question offers it: the
// engine's own validation decides (an action_error refuses the step with its message); the
// driver never refuses for the engine. A one-card choice the engine makes without asking is the
// pending `choose` step naming that card when the engine's next event acting on a card shows it
// (Script.shown). Every question the engine sends is reported as an `ask` event.
type Script struct {
	d        *Duel
	drv      *ScriptDriver
	window   string // the AT window the engine is in ("": none)
	reached  int    // the order (dmStepOrder) of the latest window of this attack
	declared *declaration
	flight   *flight            // the answer the engine has not yet accepted or refused
	prompts  map[string]*prompt // the question each player must answer now
	fatal    string             // a missing decision: the run errors
	// the question the run stopped at (issue 33 §4): the engine asked a question that a later step
	// of the script answers (in another window, or after the pending step); the driver neither
	// declines nor answers it for the script, so the engine is not driven further
	stopped  string
	stopStep int            // the step that answers the question the run stopped at
	stopWhy  string         // that step's refusal: where the engine asked it
	stopAt   map[string]any // the final state when the run stopped (the engine is disposed then)
	// the engine's question for the shields to break asked in AT-S1, by attack (said in the
	// reason of a break-shields step refused in AT-S6b)
	earlyBreak map[int]string
	// a pending one-card `choose` step the engine's next event acting on a card did not show
	// (step index; -1: none): it is not applied by a later event (Script.shown)
	missed int
}

// declaration is the attack declaration being performed.
type declaration struct {
	index    int
	player   string
	attacker string
	target   string
	card     *match.Card
	refusal  *Refusal // set when the driver withdrew it (its target is not offered)
	resolved bool
	logStart int
}

// flight is an answer sent to the engine and not yet accepted (close_action, the next
// question, any event) or refused (action_error).
type flight struct {
	player   string
	step     bool // it is the pending script step (else: part of the declaration)
	onAccept func()
	onRefuse func(message string) // the engine refused it (a declaration's own answer; nil: an error)
	note     string               // what the question did not offer of the answer (for a refusal's reason)
}

func newScript(d *Duel, steps []map[string]any) *Script {
	return &Script{d: d, drv: NewScriptDriver(steps), prompts: map[string]*prompt{}, earlyBreak: map[int]string{}, missed: -1}
}

func (s *Script) turnPlayer() string {
	if s.d.sc.Setup.TurnPlayer == "" {
		return "A"
	}
	return s.d.sc.Setup.TurnPlayer
}

// enter: the engine is now in AT window `kind` (d.mu held). Windows only move forward
// within an attack; an answer in flight was accepted (the engine went on).
func (s *Script) enter(kind string) {
	s.accept()
	if s.window == kind {
		return
	}
	if kind != "AT-S1" && dmStepOrder[kind] < s.reached {
		return
	}
	if s.window != "" {
		s.drv.Close(s.window)
	}
	s.drv.Open(Window{"window": kind})
	s.window, s.reached = kind, dmStepOrder[kind]
}

// between: the engine has left its window and is at a moment that is none of the page's
// steps the driver declares (the cards' handlers of a SelectShields event after the block:
// cards that choose their shields after their own ability); no step answers a question asked
// there.
func (s *Script) between() {
	s.accept()
	if s.window != "" {
		s.drv.Close(s.window)
		s.window = ""
	}
}

// leave closes the open window (the run is over).
func (s *Script) leave() {
	if s.window != "" {
		s.drv.Close(s.window)
		s.window = ""
	}
}

// accept: the answer in flight went through.
func (s *Script) accept() {
	f := s.flight
	if f == nil {
		return
	}
	s.flight = nil
	s.prompts[f.player] = nil // answered (the engine asks anew with another action message)
	if f.step {
		s.drv.Resolve(nil)
	}
	if f.onAccept != nil {
		f.onAccept()
	}
}

// run plays the script: while the pending step is an attack declaration of the turn
// player for this window, the declaration is performed; then the run ends.
func (s *Script) run() string {
	d := s.d
	for {
		d.mu.Lock()
		if d.ended || d.m.IsClosed() {
			d.mu.Unlock()
			break
		}
		s.enter("AT-S1")
		i, st := s.drv.Offer(s.turnPlayer(), []string{"declare-attack"}, nil)
		if st == nil {
			d.mu.Unlock()
			break
		}
		decl := &declaration{index: i, player: stepStr(st, "player"), attacker: stepStr(st, "attacker"),
			target: stepStr(st, "target"), logStart: len(d.log)}
		decl.card = d.cards[decl.attacker]
		if decl.card == nil {
			s.drv.Resolve(&Refusal{fmt.Sprintf("%q is not a card of the scenario", decl.attacker), "not-offered"})
			d.mu.Unlock()
			continue
		}
		s.declared = decl
		d.attackTarget = ""
		if decl.target == "player" {
			d.attackTarget = "player"
		}
		d.mu.Unlock()

		ref := d.refs[decl.player]
		var cmd func()
		if decl.target == "player" {
			cmd = func() { d.m.AttackPlayer(ref, decl.card.ID) }
		} else {
			cmd = func() { d.m.AttackCreature(ref, decl.card.ID) }
		}
		if err := s.command(cmd); err != "" {
			return err
		}

		d.mu.Lock()
		if s.stopped != "" {
			d.mu.Unlock()
			break
		}
		s.accept()
		if !decl.resolved {
			decl.resolved = true
			s.drv.Resolve(s.declarationRefusal(decl))
			s.declared = nil
			d.mu.Unlock()
			continue // the same AT-S1: the player may declare another attack
		}
		s.declared = nil
		if !d.ended && !d.m.IsClosed() {
			s.enter("AT-S7")
		}
		d.mu.Unlock()
	}
	d.mu.Lock()
	if s.stopped != "" {
		// every step left is settled by the question the run stopped at (before any window closes:
		// a window the engine never left must not read as closed "without the engine offering it")
		s.flight = nil
		s.drv.Stop(s.stopStep, s.stopWhy, s.stopped)
	} else {
		s.accept()
	}
	s.leave()
	s.drv.Finish()
	s.explainBreakSteps()
	d.recording = false
	d.mu.Unlock()
	return ""
}

var refusalCodes = []struct {
	re   *regexp.Regexp
	code string
}{
	// fx/creature.go's warnings when an attack is refused
	{regexp.MustCompile(`cannot attack while tapped`), "tapped"},
	{regexp.MustCompile(`summoning sickness`), "summoning-sickness"},
	{regexp.MustCompile(`can't attack (players|creatures)`), "cannot-attack"},
	{regexp.MustCompile(`None of your opponents creatures can currently be attacked`), "not-offered"},
}

// explainBreakSteps adds to the reason of a break-shields step refused as not offered that
// the engine asked for the shields in AT-S1 (fx/creature.go: SelectShields at the declaration).
func (s *Script) explainBreakSteps() {
	for _, rec := range s.drv.outcomes {
		i := rec["index"].(int)
		st := s.drv.script[i]
		if stepStr(st, "do") != "break-shields" || rec["outcome"] != "refused" || rec["code"] != "not-offered" {
			continue
		}
		note := ""
		if w, _ := st["when"].(map[string]any); w != nil && w["attack"] != nil {
			note = s.earlyBreak[toInt(w["attack"])]
		} else if len(s.earlyBreak) == 1 {
			for _, n := range s.earlyBreak {
				note = n
			}
		}
		if note != "" {
			reason, _ := rec["reason"].(string)
			rec["reason"] = boundedText(reason+"; "+note, 500)
		}
	}
}

// declarationRefusal: why the engine did not perform the declaration (d.mu held).
func (s *Script) declarationRefusal(decl *declaration) *Refusal {
	if decl.refusal != nil {
		return decl.refusal
	}
	warnings := s.d.messages(decl.logStart, decl.player, "warn")
	if len(warnings) == 0 {
		return &Refusal{Text: "the engine did not perform the attack"}
	}
	text := strings.Join(warnings, "; ")
	for _, rc := range refusalCodes {
		if rc.re.MatchString(text) {
			return &Refusal{text, rc.code}
		}
	}
	return &Refusal{Text: text}
}

// declarationConfirmed: the engine performs the declaration (its own questions after the
// cards' checks, the target taken, or AttackConfirmed; d.mu held).
func (s *Script) declarationConfirmed() {
	if decl := s.declared; decl != nil && !decl.resolved {
		decl.resolved = true
		s.drv.Resolve(nil)
	}
}

// messages returns the texts of the messages with that header sent to the player since
// log position start (d.mu held).
func (d *Duel) messages(start int, player, header string) []string {
	out := []string{}
	for _, it := range d.log[start:] {
		if it.player == player && it.header == header {
			var w server.WarningMessage
			json.Unmarshal(it.raw, &w)
			out = append(out, w.Message)
		}
	}
	return out
}

// command runs one engine command on its own goroutine until it returns; the questions it
// asks are answered as they are sent (Script.asked).
func (s *Script) command(f func()) string {
	d := s.d
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	deadline := time.After(commandTimeout)
	for {
		select {
		case r := <-done:
			d.mu.Lock()
			fatal, stopped := s.fatal, s.stopped
			d.mu.Unlock()
			if fatal != "" {
				return fatal
			}
			if stopped != "" {
				return ""
			}
			if r != nil && !match.IsMatchDisposed(r) {
				return fmt.Sprintf("the engine panicked: %v", r)
			}
			return ""
		case <-d.notify:
			d.mu.Lock()
			fatal, stopped := s.fatal, s.stopped
			d.mu.Unlock()
			if fatal != "" || stopped != "" {
				d.m.Dispose() // releases the engine from the question (NextAction panics)
				select {
				case <-done:
				case <-time.After(commandTimeout):
				}
				return fatal
			}
		case <-deadline:
			d.mu.Lock()
			what := "running"
			for p, q := range s.prompts {
				if q != nil {
					what = fmt.Sprintf("player %s is asked %q", p, q.text)
				}
			}
			d.mu.Unlock()
			return fmt.Sprintf("the engine neither finished nor asked anything for %s (%s)", commandTimeout, what)
		}
	}
}

// ---------------------------------------------------------------------------------------
// The engine's questions.

// prompt is a question the engine asked (an "action" message).
type prompt struct {
	player      string
	kind        string
	text        string
	actionType  string
	offered     []string // engine card ids that can be selected
	min, max    int
	cancellable bool
	choices     []string
}

var breakRe = regexp.MustCompile(`^Select (\d+) shield\(s\) to break$`)

func parsePrompt(player string, raw []byte) *prompt {
	p := &prompt{player: player}
	var msg server.ActionMessage
	if err := json.Unmarshal(raw, &msg); err == nil {
		p.text, p.actionType, p.min, p.max, p.cancellable, p.choices = msg.Text, msg.ActionType, msg.MinSelections, msg.MaxSelections, msg.Cancellable, msg.Choices
		blocked := map[string]bool{}
		for _, c := range msg.UnselectableCards {
			blocked[c.CardID] = true
		}
		for _, c := range msg.Cards {
			if !blocked[c.CardID] {
				p.offered = append(p.offered, c.CardID)
			}
		}
	} else {
		var multi server.MultipartActionMessage
		json.Unmarshal(raw, &multi)
		p.text, p.min, p.max, p.cancellable = multi.Text, multi.MinSelections, multi.MaxSelections, multi.Cancellable
		keys := make([]string, 0, len(multi.Cards))
		for k := range multi.Cards {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			for _, c := range multi.Cards[k] {
				p.offered = append(p.offered, c.CardID)
			}
		}
	}
	// The engine's questions are told apart by their text (fx/creature.go, match.go).
	switch {
	case breakRe.MatchString(p.text):
		p.kind = "break"
	case p.text == "Select the creature to attack":
		p.kind = "attack-target"
	case strings.HasSuffix(p.text, "Choose a creature to block the attack with or close to not block the attack."):
		p.kind = "block"
	case strings.HasPrefix(p.text, "Shield trigger! "):
		p.kind = "shield-trigger"
	case strings.HasPrefix(p.text, "Do you CONFIRM to Attack your Opponent?"):
		p.kind = "confirm-attack"
	case p.actionType == "question" && len(p.choices) == 0:
		p.kind = "yes-no"
	case len(p.choices) > 0:
		p.kind = "option"
	case p.actionType == "order":
		p.kind = "order"
	case p.actionType == "count":
		p.kind = "count"
	default:
		p.kind = "cards"
	}
	return p
}

// message: the engine sent a message to a player (engine side, d.mu held). Questions are
// answered here; the answer in flight is accepted or refused by what follows it.
func (s *Script) message(player, header string, raw []byte) {
	switch header {
	case "action":
		s.accept()
		p := parsePrompt(player, raw)
		s.prompts[player] = p
		s.missed = -1 // a question: a one-card choice step answers it, if it is this one
		s.reportAsk(p)
		if p.kind == "break" || p.kind == "confirm-attack" {
			// the declaration's own questions come after every card's handler let the
			// declaration through (fx/creature.go: ScheduleAfter "in case any other cards want to
			// interrupt the flow"): the engine performs it
			s.declarationConfirmed()
		}
		s.ask(p)
	case "action_error":
		if f := s.flight; f != nil && f.player == player {
			s.flight = nil
			var w server.WarningMessage
			json.Unmarshal(raw, &w)
			if f.step {
				s.drv.Resolve(&Refusal{Text: "the engine refused it: " + w.Message + f.note})
			} else if f.onRefuse != nil {
				f.onRefuse(w.Message)
				return
			} else if s.fatal == "" {
				s.fail(fmt.Sprintf("the engine refused the driver's answer to %q: %s", s.promptText(player), w.Message))
				return
			}
			if p := s.prompts[player]; p != nil {
				s.ask(p) // the question is still open: the next step, or no step
			}
		}
	case "close_action":
		if f := s.flight; f != nil && f.player == player {
			s.accept()
		}
		s.prompts[player] = nil
	case "wait", "end_wait", "state_update", "chat", "warn":
	default:
		s.accept()
	}
}

func (s *Script) promptText(player string) string {
	if p := s.prompts[player]; p != nil {
		return p.text
	}
	return ""
}

func (s *Script) fail(msg string) {
	if s.fatal == "" {
		s.fatal = msg
	}
}

// ask decides the answer to an open question and sends it (d.mu held).
func (s *Script) ask(p *prompt) {
	if s.fatal != "" {
		return
	}
	window := s.drv.Current()
	switch p.kind {
	case "attack-target":
		// The question of the declaration being performed: its target.
		decl := s.declared
		if decl == nil || decl.target == "player" {
			s.fail(fmt.Sprintf("the engine asks player %s for an attack target outside an attack declaration (%q)", p.player, p.text))
			return
		}
		engine, why := s.scripted([]string{decl.target})
		if why != "" {
			decl.refusal = &Refusal{why, "not-offered"}
			s.send(p, nil, true, 0, false, nil)
			return
		}
		// the scripted target goes to the engine even when it is not among the creatures it
		// offers: the engine's own validation decides (fx/creature.go AttackCreature); a target
		// it refuses withdraws the declaration (the engine's cancel), refused with its message
		s.send(p, engine, false, 0, false, func() {
			s.d.attackTarget = decl.target
			s.declarationConfirmed()
		}, func(message string) {
			decl.refusal = &Refusal{Text: "the engine refused the target: " + message + s.notOfferedNote(p, []string{decl.target})}
			s.send(p, nil, true, 0, false, nil)
		})
	case "confirm-attack":
		// The engine's confirmation of the declaration being performed.
		if s.declared == nil {
			s.fail(fmt.Sprintf("the engine asks player %s to confirm an attack outside an attack declaration", p.player))
			return
		}
		s.send(p, nil, false, 0, false, nil)
	case "break":
		// The shields to break: a break-shields step for this window, else forced or missing.
		// (At the declaration the question can be cancelled, which withdraws the attack: the
		// driver never does that for a declaration the script makes.)
		for {
			_, st := s.drv.Offer(p.player, []string{"break-shields"}, window)
			if st == nil {
				break
			}
			if engine, why := s.scripted(stepStrs(st, "cards")); why != "" {
				s.drv.Resolve(&Refusal{why, "not-offered"})
				continue
			} else {
				s.send(p, engine, false, 0, true, nil)
				s.flight.note = s.notOfferedNote(p, stepStrs(st, "cards"))
				return
			}
		}
		if s.window == "AT-S1" {
			s.earlyBreak[s.drv.attack] = fmt.Sprintf("the engine asked player %s for the shields to break in step AT-S1, at the declaration (%q, offered: %s)",
				p.player, p.text, s.names(p.offered))
		}
		if s.stopAtUnanswered(p) {
			return
		}
		s.unscripted(p, p.min)
	case "block":
		for {
			_, st := s.drv.Offer(p.player, []string{"block", "no-block"}, window)
			if st == nil {
				if s.stopAtUnanswered(p) {
					return
				}
				s.send(p, nil, true, 0, false, nil) // an optional question no step answers anywhere: not blocked
				return
			}
			if stepStr(st, "do") == "no-block" {
				s.send(p, nil, true, 0, true, nil)
				return
			}
			blocker := stepStr(st, "card")
			engine, why := s.scripted([]string{blocker})
			if why != "" {
				s.drv.Resolve(&Refusal{why, "not-offered"})
				continue
			}
			// the `block` event is the engine's: its Battle of the attacker with the blocker
			// (duel.go observe), not this answer being accepted
			s.send(p, engine, false, 0, true, nil)
			s.flight.note = s.notOfferedNote(p, []string{blocker})
			return
		}
	case "shield-trigger":
		for {
			_, st := s.drv.Offer(p.player, []string{"use-shield-trigger", "decline"}, window)
			if st == nil {
				if s.stopAtUnanswered(p) {
					return
				}
				s.send(p, nil, true, 0, false, nil) // an optional question no step answers anywhere: declined
				return
			}
			if stepStr(st, "do") == "decline" {
				s.send(p, nil, true, 0, true, nil)
				return
			}
			engine, why := s.scripted([]string{stepStr(st, "card")})
			if why != "" {
				s.drv.Resolve(&Refusal{why, "not-offered"})
				continue
			}
			s.send(p, engine, false, 0, true, nil)
			s.flight.note = s.notOfferedNote(p, []string{stepStr(st, "card")})
			return
		}
	case "yes-no":
		_, st := s.drv.Offer(p.player, []string{"choose"}, window)
		if st == nil {
			if s.stopAtUnanswered(p) {
				return
			}
			s.send(p, nil, true, 0, false, nil) // an optional question no step answers anywhere: no
			return
		}
		if o := stepStr(st, "option"); o == "yes" || o == "no" {
			s.send(p, nil, o == "no", 0, true, nil)
			return
		}
		// an answer of another shape (cards, another option) goes to the engine as it is: the
		// engine's own validation decides (a question answered by anything but a cancel is a yes
		// to the engine, fx/quality_of_life.go BinaryQuestion: the step is then applied)
		s.sendAsIs(p, st, "a yes/no question")
	case "option":
		for {
			_, st := s.drv.Offer(p.player, []string{"choose"}, window)
			if st == nil {
				break
			}
			n := -1
			for k, c := range p.choices {
				if strings.EqualFold(c, stepStr(st, "option")) {
					n = k
				}
			}
			if n < 0 {
				// not one of the options: sent as the option after the last, which the engine's
				// validation refuses (fx/quality_of_life.go MultipleChoiceQuestion) or not
				s.send(p, nil, false, len(p.choices), true, nil)
				s.flight.note = fmt.Sprintf(" (%q asked, options: %s; the step's answer %q is none of them)", p.text,
					strings.Join(p.choices, ", "), stepStr(st, "option"))
				return
			}
			s.send(p, nil, false, n, true, nil)
			return
		}
		if s.stopAtUnanswered(p) {
			return
		}
		s.fail(s.missing(p, fmt.Sprintf("one of %s", strings.Join(p.choices, ", "))))
	case "cards":
		for {
			_, st := s.drv.Offer(p.player, []string{"choose"}, window)
			if st == nil {
				break
			}
			if _, ok := st["cards"]; !ok {
				// an option (yes, no, ...) to a card choice goes to the engine as it is: the
				// engine's own validation decides
				s.sendAsIs(p, st, "a card choice")
				return
			}
			engine, why := s.scripted(stepStrs(st, "cards"))
			if why != "" {
				s.drv.Resolve(&Refusal{why, "not-offered"})
				continue
			}
			s.send(p, engine, false, 0, true, nil)
			s.flight.note = s.notOfferedNote(p, stepStrs(st, "cards"))
			return
		}
		if s.stopAtUnanswered(p) {
			return
		}
		if p.cancellable {
			s.send(p, nil, true, 0, false, nil) // an optional choice no step answers anywhere: declined
			return
		}
		s.unscripted(p, p.min)
	default:
		if s.stopAtUnanswered(p) {
			return
		}
		s.fail(s.missing(p, "an answer of kind "+p.kind))
	}
}

// answeredBy: the step kinds that answer each kind of the engine's questions.
var answeredBy = map[string][]string{"break": {"break-shields"}, "block": {"block", "no-block"},
	"shield-trigger": {"use-shield-trigger", "decline", "s-back"}, "yes-no": {"choose"}, "cards": {"choose"},
	"option": {"choose"}, "count": {"choose"}, "order": {"order-triggers"}}

// coveringStep: the first unused step of the script, from the pending one up to the next attack
// declaration (the steps of this attack), of the asked player and of a kind that answers the
// question; -1 when none (d.mu held).
func (s *Script) coveringStep(p *prompt) int {
	kinds := answeredBy[p.kind]
	for i := s.drv.pos; i < len(s.drv.script); i++ {
		st := s.drv.script[i]
		if stepStr(st, "do") == "declare-attack" {
			if i == s.drv.pos {
				continue // the declaration being performed (its own questions are answered above)
			}
			break
		}
		if w, _ := st["when"].(map[string]any); w != nil && w["attack"] != nil && toInt(w["attack"]) != s.drv.attack {
			continue
		}
		if stepStr(st, "player") != p.player {
			continue
		}
		for _, k := range kinds {
			if stepStr(st, "do") == k {
				return i
			}
		}
	}
	return -1
}

// stopAtUnanswered: the engine asks a question no step answers here, but a later step of this
// attack does (in another window, or after the pending step): the driver neither declines nor
// answers it for the script (issue 33 §4: the kit rule "name a question no step answered"). The run
// stops at the question: the trace names it (its `log`, and the reason of every step left), that
// step is refused (not-offered) with where the engine asked it, and the engine is not driven further
// (d.mu held). Returns false when no step of the script answers such a question: the format's
// default applies (an optional question declined, a forced one taken, else a missing decision).
func (s *Script) stopAtUnanswered(p *prompt) bool {
	i := s.coveringStep(p)
	if i < 0 || s.stopped != "" || s.fatal != "" {
		return false
	}
	where := "outside an attack step"
	if s.window != "" {
		where = "in step " + s.window
	}
	w, _ := json.Marshal(s.drv.whenOf(i))
	pending, _ := s.drv.Peek()
	why := fmt.Sprintf("step %d (%s) answers it in its own window (when %s)", i, stepStr(s.drv.script[i], "do"), w)
	if i != pending {
		why = fmt.Sprintf("step %d (%s, when %s) answers it, after the pending step %d", i, stepStr(s.drv.script[i], "do"), w, pending)
	}
	s.stopped = fmt.Sprintf("the run stopped at player %s's question %q %s (offered: %s), which no step answers there: %s; "+
		"the driver neither declines nor answers a question for the script", p.player, p.text, where, s.names(p.offered), why)
	s.stopStep = i
	s.stopWhy = fmt.Sprintf("the engine asked it %s, not where the step is used: %s", where, s.stopped)
	if decl := s.declared; decl != nil && !decl.resolved {
		// the engine took the declaration: it runs the attacker's "when attacks" handlers
		// (fx.Attacking) or asks its own questions, after every check of fx/creature.go passed
		s.declarationConfirmed()
	}
	logf("%s", s.stopped)
	s.stopAt = s.d.finalLocked()
	s.d.recording = false // what the engine does while it is released (Dispose) is no part of the run
	return true
}

// sendAsIs sends a step whose answer is of another shape than the question (cards to a yes/no
// question, an option to a card choice) to the engine as it is: cards as cards, "no" as the
// cancel, any other option as an answer with no card. The engine's own validation decides
// (issue 33 §4: the driver never refuses for the engine).
func (s *Script) sendAsIs(p *prompt, st map[string]any, what string) {
	note := ""
	if cards, ok := st["cards"]; ok && cards != nil {
		engine, why := s.scripted(stepStrs(st, "cards"))
		if why != "" {
			s.drv.Resolve(&Refusal{why, "not-offered"})
			return
		}
		s.send(p, engine, false, 0, true, nil)
		note = fmt.Sprintf(" (%q asked, %s; the step answers with cards %s)", p.text, what, strings.Join(stepStrs(st, "cards"), ", "))
	} else {
		o := stepStr(st, "option")
		s.send(p, nil, o == "no", 0, true, nil)
		note = fmt.Sprintf(" (%q asked, %s; the step answers %q)", p.text, what, o)
	}
	s.flight.note = note
}

// unscripted answers a choice of `min` cards no step gives: nothing when it is optional,
// every candidate when they are as many as must be chosen, else a missing decision.
func (s *Script) unscripted(p *prompt, min int) {
	cards, err := Unscripted(p.player, s.localIDs(p.offered), min, p.max, p.text)
	if err != nil {
		s.fail(s.missing(p, fmt.Sprintf("%d-%d of %s", p.min, p.max, s.names(p.offered))))
		return
	}
	if len(cards) == 0 {
		s.send(p, nil, false, 0, false, nil)
		return
	}
	s.send(p, append([]string(nil), p.offered...), false, 0, false, nil)
}

func (s *Script) missing(p *prompt, what string) string {
	next := "the script has no step left"
	if i, st := s.drv.Peek(); st != nil {
		b, _ := json.Marshal(st)
		next = fmt.Sprintf("the script's next step is step %d %s", i, b)
	}
	where := "outside an attack step"
	if s.window != "" {
		where = "in step " + s.window
	}
	return fmt.Sprintf("missing decision: the engine asks player %s %s %q (%s) and no step answers it there; %s%s",
		p.player, where, p.text, what, next, s.drv.Explain())
}

// send answers the engine's question with an "action" message (match.go Parse; the engine
// reads it on its own goroutine once this returns). `step`: the answer is the pending step.
func (s *Script) send(p *prompt, cards []string, cancel bool, count int, step bool, onAccept func(), onRefuse ...func(string)) {
	d := s.d
	if cards == nil {
		cards = []string{}
	}
	if len(cards) > 0 {
		count = len(cards) // as the engine's test harness answers card choices (SubmitAction)
	}
	s.flight = &flight{player: p.player, step: step, onAccept: onAccept}
	if len(onRefuse) > 0 {
		s.flight.onRefuse = onRefuse[0]
	}
	data, _ := json.Marshal(map[string]any{"header": "action", "cards": cards, "count": count, "cancel": cancel})
	logf("player %s is asked %q in %s (offered: %s); answer: cards %s, count %d, cancel %v",
		p.player, p.text, orNone(s.window), s.names(p.offered), s.names(cards), count, cancel)
	d.m.Parse(d.refs[p.player].Socket, data)
}

func orNone(s string) string {
	if s == "" {
		return "no attack step"
	}
	return s
}

// scripted: the engine's ids of the scenario cards a step names, sent to the engine whether
// or not its question offers them: the engine's own validation decides (it refuses an answer
// with an action_error: the step is refused with its message), never the driver. Only a name
// that is no card of the scenario cannot be sent.
func (s *Script) scripted(ids []string) ([]string, string) {
	engine := []string{}
	for _, id := range ids {
		c := s.d.cards[id]
		if c == nil {
			return nil, fmt.Sprintf("%q is not a card of the scenario", id)
		}
		engine = append(engine, c.ID)
	}
	return engine, ""
}

// notOfferedNote says which of ids the question did not offer (for a refusal's reason).
func (s *Script) notOfferedNote(p *prompt, ids []string) string {
	set := map[string]bool{}
	for _, id := range p.offered {
		set[id] = true
	}
	missing := []string{}
	for _, id := range ids {
		if c := s.d.cards[id]; c == nil || !set[c.ID] {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%q asked; offered: %s; not offered: %s)", p.text, s.names(p.offered), strings.Join(missing, ", "))
}

// askQuestion: the question kinds of trace `ask` events (duelspec.decisions.QUESTIONS) of the
// engine's questions; the declaration's own questions (its target, its confirmation) are part of
// the attack command, not questions of the rules.
var askQuestion = map[string]string{"break": "break-shields", "block": "block", "shield-trigger": "shield-trigger",
	"yes-no": "yes-no", "cards": "target", "option": "option", "count": "option", "order": "order"}

// reportAsk emits the `ask` event of a question the engine sends (d.mu held), with the cards it
// offers when every one is a card of the scenario.
func (s *Script) reportAsk(p *prompt) {
	q := askQuestion[p.kind]
	if q == "" {
		return
	}
	ev := map[string]any{"event": "ask", "player": p.player, "question": q}
	if q != "yes-no" && len(p.offered) > 0 {
		local := []string{}
		for _, id := range p.offered {
			if l, ok := s.d.local[id]; ok {
				local = append(local, l)
			}
		}
		if len(local) == len(p.offered) {
			ev["cards"] = local
		}
	}
	s.d.emit(ev)
}

// shown: a choice of one candidate the engine makes without asking (fx/quality_of_life.go
// SelectFilter: not cancellable and unambiguous) is the pending `choose` step naming exactly that
// card, applied when the engine's next event acting on a card (destroy, move, tap, untap) since
// its last question acts on it, in the step's window (d.mu held). An event acting on another
// card first leaves the step pending (refused when its window closes).
func (s *Script) shown(ev map[string]any) {
	switch ev["event"] {
	case "destroy", "move", "tap", "untap":
	default:
		return
	}
	i, st := s.drv.Peek()
	if st == nil || i == s.missed || stepStr(st, "do") != "choose" || s.flight != nil {
		return
	}
	cards := stepStrs(st, "cards")
	player := stepStr(st, "player")
	if len(cards) != 1 || s.prompts[player] != nil || !matchesWindow(s.drv.whenOf(i), s.drv.Current()) {
		return
	}
	if ev["card"] != cards[0] {
		s.missed = i
		return
	}
	logf("player %s's choice of %s in %s: the engine made it without asking (one candidate); the step is applied",
		player, cards[0], orNone(s.window))
	s.drv.Resolve(nil)
}

func (s *Script) localIDs(ids []string) []string {
	out := []string{}
	for _, id := range ids {
		if l, ok := s.d.local[id]; ok {
			out = append(out, l)
		} else {
			out = append(out, "engine card "+id)
		}
	}
	return out
}

func (s *Script) names(ids []string) string {
	out := []string{}
	for _, id := range ids {
		if l, ok := s.d.local[id]; ok {
			out = append(out, l)
		} else {
			out = append(out, "(a card outside the scenario)")
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}
