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

// Script plays a scenario's script on the engine. The turn player's attack declarations
// are commands (match.Match.AttackPlayer / AttackCreature: the calls the engine's message
// handler makes for "attack_player" / "attack_creature", match.go Parse); every other step
// answers a question the engine asks through its message protocol (an "action" message to
// a player, answered with an "action" message: match.go Parse, case "action").
//
// Semantics (README "Writing an adapter"): steps are used in script order; a step answers
// only a question of its kind asked of its player; an optional question with no step is
// declined; a mandatory one is an error (missing decision), never guessed. A scripted
// answer the engine does not offer is refused without being sent; one it offers is sent
// and the engine may still refuse it (its "action_error" message is the reason).
type Script struct {
	d        *Duel
	steps    []map[string]any
	pos      int
	out      map[int]map[string]any
	protocol int
	decl     *declaration
}

type declaration struct {
	index    int
	player   string
	attacker string
	target   string
}

func newScript(d *Duel, steps []map[string]any, protocol int) *Script {
	return &Script{d: d, steps: steps, out: map[int]map[string]any{}, protocol: protocol}
}

func str(st map[string]any, key string) string {
	s, _ := st[key].(string)
	return s
}

func strs(st map[string]any, key string) []string {
	list, _ := st[key].([]any)
	out := []string{}
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func (s *Script) turnPlayer() string {
	if s.d.sc.Setup.TurnPlayer == "" {
		return "A"
	}
	return s.d.sc.Setup.TurnPlayer
}

func (s *Script) record(index int, outcome, reason string) {
	if index < 0 || s.out[index] != nil {
		return
	}
	rec := map[string]any{"index": index, "outcome": outcome}
	if reason != "" {
		rec["reason"] = bounded(reason, 500)
	}
	s.out[index] = rec
}

func (s *Script) outcomes() []map[string]any {
	list := []map[string]any{}
	for i := range s.steps {
		if rec := s.out[i]; rec != nil {
			list = append(list, rec)
		} else {
			list = append(list, map[string]any{"index": i, "outcome": "not-reached",
				"reason": "the engine never asked for this step"})
		}
	}
	return list
}

// peek is the pending step (the next unused one), or nil.
func (s *Script) peek() (int, map[string]any) {
	for s.pos < len(s.steps) && s.out[s.pos] != nil {
		s.pos++
	}
	if s.pos >= len(s.steps) {
		return -1, nil
	}
	return s.pos, s.steps[s.pos]
}

func (s *Script) run() string {
	for !s.d.ended && !s.d.m.IsClosed() {
		i, st := s.peek()
		if st == nil || str(st, "do") != "declare-attack" || str(st, "player") != s.turnPlayer() {
			break
		}
		s.pos++
		if err := s.declare(i, st); err != "" {
			return err
		}
	}
	s.d.mu.Lock()
	s.d.recording = false
	s.d.mu.Unlock()
	return ""
}

// declare performs a scripted attack declaration.
func (s *Script) declare(index int, st map[string]any) string {
	d := s.d
	player, attackerID, target := str(st, "player"), str(st, "attacker"), str(st, "target")
	attacker := d.cards[attackerID]
	if attacker == nil {
		s.record(index, "refused", fmt.Sprintf("%q is not a card of the scenario", attackerID))
		return ""
	}
	s.decl = &declaration{index: index, player: player, attacker: attackerID, target: target}
	d.mu.Lock()
	d.attackTarget, d.attackOK = "", false
	if target == "player" {
		d.attackTarget = "player"
	}
	start := len(d.log)
	d.mu.Unlock()
	ref := d.refs[player]
	var cmd func()
	if target == "player" {
		cmd = func() { d.m.AttackPlayer(ref, attacker.ID) }
	} else {
		cmd = func() { d.m.AttackCreature(ref, attacker.ID) }
	}
	if err := s.command(cmd); err != "" {
		return err
	}
	d.mu.Lock()
	ok := d.attackOK
	warnings := d.messages(start, player, "warn")
	d.mu.Unlock()
	if ok {
		s.record(index, "applied", "")
	} else if len(warnings) > 0 {
		s.record(index, "refused", strings.Join(warnings, "; "))
	} else {
		s.record(index, "refused", "the engine did not perform the attack")
	}
	return ""
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
	step        int // the step whose answer is in flight, or -1
}

var breakRe = regexp.MustCompile(`^Select (\d+) shield\(s\) to break$`)

func parsePrompt(it logItem) *prompt {
	p := &prompt{player: it.player, step: -1}
	var msg server.ActionMessage
	if err := json.Unmarshal(it.raw, &msg); err == nil {
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
		json.Unmarshal(it.raw, &multi)
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
	// The engine's prompts are told apart by their text (fx/creature.go, match.go).
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

// command runs one engine command on its own goroutine and answers the questions the
// engine asks until it returns.
func (s *Script) command(f func()) string {
	d := s.d
	done := make(chan any, 1)
	d.mu.Lock()
	seen := len(d.log)
	d.mu.Unlock()
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	var pending *prompt
	answered, finished := false, false
	deadline := time.After(commandTimeout)
	for {
		d.mu.Lock()
		items := append([]logItem(nil), d.log[seen:]...)
		seen = len(d.log)
		d.mu.Unlock()
		for _, it := range items {
			switch it.header {
			case "action":
				if pending != nil && answered {
					s.accepted(pending)
				}
				pending, answered = parsePrompt(it), false
			case "action_error":
				if pending != nil && answered && it.player == pending.player {
					var w server.WarningMessage
					json.Unmarshal(it.raw, &w)
					s.record(pending.step, "refused", "the engine refused it: "+w.Message)
					pending.step, answered = -1, false
				}
			case "close_action":
				if pending != nil && answered && it.player == pending.player {
					s.accepted(pending)
					pending = nil
				}
			}
		}
		if finished {
			if pending != nil && answered {
				s.accepted(pending)
			}
			return ""
		}
		if pending != nil && !answered && !d.m.IsClosed() {
			if err := s.answer(pending); err != "" {
				d.m.Dispose() // releases the engine from the question (NextAction panics)
				select {
				case <-done:
				case <-time.After(commandTimeout):
				}
				return err
			}
			answered = true
			continue
		}
		select {
		case r := <-done:
			finished = true
			if r != nil && !match.IsMatchDisposed(r) {
				return fmt.Sprintf("the engine panicked: %v", r)
			}
		case <-d.notify:
		case <-deadline:
			what := "running"
			if pending != nil {
				what = fmt.Sprintf("after the answer to %q", pending.text)
			}
			return fmt.Sprintf("the engine neither finished nor asked anything for %s (%s)", commandTimeout, what)
		}
	}
}

func (s *Script) accepted(p *prompt) {
	s.record(p.step, "applied", "")
}

// send answers the engine's question with an "action" message (match.go Parse).
func (s *Script) send(p *prompt, cards []string, cancel bool, count int, onAccept func()) {
	d := s.d
	d.mu.Lock()
	d.inFlight = &answer{player: p.player, onAccept: onAccept}
	d.mu.Unlock()
	if cards == nil {
		cards = []string{}
	}
	if len(cards) > 0 {
		count = len(cards) // as the engine's test harness answers card choices (SubmitAction)
	}
	data, _ := json.Marshal(map[string]any{"header": "action", "cards": cards, "count": count, "cancel": cancel})
	logf("player %s is asked %q (offered: %s); answer: cards %s, count %d, cancel %v",
		p.player, p.text, s.names(p.offered), s.names(cards), count, cancel)
	d.m.Parse(d.refs[p.player].Socket, data)
}

func (s *Script) offered(p *prompt, ids []string) ([]string, string) {
	set := map[string]bool{}
	for _, id := range p.offered {
		set[id] = true
	}
	engine := []string{}
	for _, id := range ids {
		c := s.d.cards[id]
		if c == nil || !set[c.ID] {
			return nil, fmt.Sprintf("the engine does not offer %q here (%s; offered: %s)", id, p.text, s.names(p.offered))
		}
		engine = append(engine, c.ID)
	}
	return engine, ""
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

// answer decides the answer to a question and sends it, or returns the error of a missing
// decision.
func (s *Script) answer(p *prompt) string {
	switch p.kind {
	case "attack-target":
		// The question of the declaration being performed: its target.
		if s.decl == nil || s.decl.target == "player" {
			return "the engine asks for an attack target outside an attack declaration"
		}
		engine, why := s.offered(p, []string{s.decl.target})
		if why != "" {
			s.record(s.decl.index, "refused", why)
			s.send(p, nil, true, 0, nil)
			return ""
		}
		s.d.mu.Lock()
		s.d.attackTarget = s.decl.target
		s.d.mu.Unlock()
		s.send(p, engine, false, 0, nil)
		return ""
	case "confirm-attack":
		// The engine's confirmation of the declaration being performed.
		if s.decl == nil {
			return "the engine asks to confirm an attack outside an attack declaration"
		}
		s.send(p, nil, false, 0, nil)
		return ""
	}
	for {
		i, st := s.peek()
		mine := st != nil && str(st, "player") == p.player
		do := ""
		if mine {
			do = str(st, "do")
		}
		switch p.kind {
		case "break":
			if do == "break-shields" {
				if s.pick(p, i, strs(st, "cards"), nil) {
					return ""
				}
				continue
			}
			return s.forced(p, "break-shields", st)
		case "block":
			if do == "block" {
				blocker, attacker := str(st, "card"), ""
				if s.decl != nil {
					attacker = s.decl.attacker
				}
				if s.pick(p, i, []string{blocker}, func() {
					ev := map[string]any{"event": "block", "blocker": blocker}
					if attacker != "" {
						ev["attacker"] = attacker
					}
					s.d.emit(ev)
				}) {
					return ""
				}
				continue
			}
			s.decline(p, i, do == "no-block")
			return ""
		case "shield-trigger":
			if do == "use-shield-trigger" {
				if s.pick(p, i, []string{str(st, "card")}, nil) {
					return ""
				}
				continue
			}
			s.decline(p, i, do == "decline")
			return ""
		case "yes-no":
			if do == "choose" && (str(st, "option") == "yes" || str(st, "option") == "no") {
				s.pos++
				p.step = i
				s.send(p, nil, str(st, "option") == "no", 0, nil)
				return ""
			}
			s.send(p, nil, true, 0, nil) // an optional question: declined
			return ""
		case "option":
			if do == "choose" && str(st, "option") != "" {
				s.pos++
				for n, c := range p.choices {
					if strings.EqualFold(c, str(st, "option")) {
						p.step = i
						s.send(p, nil, false, n, nil)
						return ""
					}
				}
				s.record(i, "refused", fmt.Sprintf("the engine does not offer the option %q (%s; offered: %s)", str(st, "option"), p.text, strings.Join(p.choices, ", ")))
				continue
			}
			return s.missing(p, st)
		case "cards":
			if do == "choose" && st["cards"] != nil {
				if s.pick(p, i, strs(st, "cards"), nil) {
					return ""
				}
				continue
			}
			if p.cancellable {
				s.send(p, nil, true, 0, nil)
				return ""
			}
			if p.min == 0 {
				s.send(p, nil, false, 0, nil)
				return ""
			}
			return s.forced(p, "choose", st)
		default:
			return s.missing(p, st)
		}
	}
}

// pick answers p with the cards step i scripts: sent (true), or refused without being sent
// because the engine does not offer them (false).
func (s *Script) pick(p *prompt, i int, ids []string, onAccept func()) bool {
	s.pos++
	engine, why := s.offered(p, ids)
	if why != "" {
		s.record(i, "refused", why)
		return false
	}
	p.step = i
	s.send(p, engine, false, 0, onAccept)
	return true
}

// decline closes an optional question (the engine's "close"); `scripted`: step i says so.
func (s *Script) decline(p *prompt, i int, scripted bool) {
	if scripted {
		s.pos++
		p.step = i
	}
	s.send(p, nil, true, 0, nil)
}

// forced answers a question whose answer is forced (as many candidates as must be chosen),
// or reports the missing decision.
func (s *Script) forced(p *prompt, kind string, st map[string]any) string {
	if p.min > 0 && len(p.offered) == p.min {
		s.send(p, append([]string(nil), p.offered...), false, p.min, nil)
		return ""
	}
	return s.missing(p, st)
}

func (s *Script) missing(p *prompt, st map[string]any) string {
	next := "the script has no step left"
	if st != nil {
		b, _ := json.Marshal(st)
		next = "the script's next step is " + string(b)
	}
	return fmt.Sprintf("missing decision: the engine asks player %s %q (choose %d-%d of %s) and %s",
		p.player, p.text, p.min, p.max, s.names(p.offered), next)
}
