package main

// The script driver of duelspec's scenario format 2 for the Duel Masters windows: a Go port
// of the format-2 half of duelspec's ScriptDriver (adapters/kit.py; docs/design/
// scenario-format.md, "How a driver uses steps"). It knows nothing of the engine: the
// engine side tells it which window the game is in (Open / Close), what happened (Event),
// and asks it for every decision (Offer + Resolve, Choose, YesNo). tests/
// test_duel_masters_go_adapter.py plays the same sequences through this port and through
// the Python kit and compares the decisions and the step outcomes.
//
// Semantics: steps are used in script order; the next unused one is pending. A decision of
// player P is asked in the innermost open window; the pending step answers it only when it
// is P's, of a kind the decision takes, and its `when` names that window. Otherwise P
// declines an optional decision, and a mandatory one is a MissingDecision (an error of the
// scenario, never guessed). A step the engine refuses, or whose card/option is not offered,
// is `refused` and never replaced by another choice. When the pending step's window closes
// unused it is `refused` (code not-offered); when its window can no longer open (its attack
// step is over, or the run ended) it is `not-reached` — `refused`/`not-offered` if the
// window had opened.
//
// Only the standard library: the file compiles on its own (the test harness builds it
// without the engine).

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Window is an open window: {"window": "AT-S4", "attack": 1, "events": [...]}.
type Window = map[string]any

// notWindowField: the fields of a step's `when` that say how the step uses its window, not
// which window it is (adapters/kit.py NOT_WINDOW_FIELDS).
var notWindowField = map[string]bool{"window": true, "after": true, "every": true, "opens": true, "before": true}

// dmStepOrder: the steps of the attack procedure in their order (AT-S6a/b/c are
// alternatives), as adapters/kit.py DM_STEP_ORDER.
var dmStepOrder = map[string]int{"AT-S1": 1, "AT-S2": 2, "AT-S3": 3, "AT-S4": 4, "AT-S5": 5,
	"AT-S6a": 6, "AT-S6b": 6, "AT-S6c": 6, "AT-S7": 7}

// MissingDecision: the engine needs a mandatory decision the script does not give.
type MissingDecision struct{ Msg string }

func (e *MissingDecision) Error() string { return e.Msg }

// Refusal is the reason a step is refused, with a code of the trace schema's refusal
// vocabulary ("" when the engine gives none).
type Refusal struct {
	Text string
	Code string
}

// ScriptDriver answers the engine's decisions from a format-2 script.
type ScriptDriver struct {
	script   []map[string]any
	pos      int
	outcomes []map[string]any
	stack    []Window // open windows, innermost last
	armed    []map[string]any
	attack   int  // the number of the attack whose windows were opened last
	declared bool // ... and it has been declared (an `attack` event or an applied declaration)
	opened   bool // has the pending step's window opened since it became pending?
	bound    int  // the attack the pending step's AT window means when it names none (0: none)
}

// NewScriptDriver is the driver of a format-2 script.
func NewScriptDriver(script []map[string]any) *ScriptDriver {
	d := &ScriptDriver{script: script}
	d.becamePending()
	return d
}

// Peek is the pending step (nil: the script is used up) and its index.
func (d *ScriptDriver) Peek() (int, map[string]any) {
	if d.pos < len(d.script) {
		return d.pos, d.script[d.pos]
	}
	return -1, nil
}

func (d *ScriptDriver) consume(outcome string, r Refusal) {
	step := d.script[d.pos]
	rec := map[string]any{"index": d.pos, "outcome": outcome}
	if r.Code != "" {
		rec["code"] = r.Code
	}
	if r.Text != "" {
		rec["reason"] = boundedText(r.Text, 500)
	}
	d.outcomes = append(d.outcomes, rec)
	d.pos++
	if outcome == "applied" && stepStr(step, "do") == "declare-attack" {
		d.declared = true
	}
	d.becamePending()
}

// Finish: the run is over; the pending step is refused (not-offered) if its window had
// opened, else not-reached, and so are the rest. Returns every outcome.
func (d *ScriptDriver) Finish() []map[string]any {
	for d.pos < len(d.script) {
		if d.opened {
			d.consume("refused", Refusal{"its window opened but the engine never offered it", "not-offered"})
		} else {
			d.consume("not-reached", Refusal{Text: "its window never opened"})
		}
	}
	return d.outcomes
}

// Stop: the run stopped at a question no step answers where the engine asked it (the engine is
// not driven further, `note` says where): step `covering`, the script's answer to that question,
// is refused (not-offered) with `reason`; every other unused step is refused (not-offered) when
// its window had opened, else not-reached, each saying why the engine got no further. A step
// with `legal: false` is not-reached whatever its window did: the engine was not shown refusing it
// (a `refused` outcome would credit the engine with a refusal it never made).
func (d *ScriptDriver) Stop(covering int, reason, note string) []map[string]any {
	for d.pos < len(d.script) {
		illegal := d.script[d.pos]["legal"] == false
		switch {
		case illegal && d.pos == covering:
			d.consume("not-reached", Refusal{Text: reason})
		case illegal:
			d.consume("not-reached", Refusal{Text: "the engine was not shown refusing it: " + note})
		case d.pos == covering:
			d.consume("refused", Refusal{reason, "not-offered"})
		case d.opened:
			d.consume("refused", Refusal{"its window opened, but " + note, "not-offered"})
		default:
			d.consume("not-reached", Refusal{Text: "its window never opened: " + note})
		}
	}
	return d.outcomes
}

// whenOf is the step's `when` with its defaults (the attack it is bound to).
func (d *ScriptDriver) whenOf(index int) map[string]any {
	w := map[string]any{}
	if m, ok := d.script[index]["when"].(map[string]any); ok {
		for k, v := range m {
			w[k] = v
		}
	}
	kind, _ := w["window"].(string)
	if strings.HasPrefix(kind, "AT-") {
		if _, has := w["attack"]; !has && d.bound != 0 && index == d.pos {
			w["attack"] = d.bound
		}
	}
	return w
}

// Current is the innermost open window (nil: none).
func (d *ScriptDriver) Current() Window {
	if len(d.stack) == 0 {
		return nil
	}
	return d.stack[len(d.stack)-1]
}

// matches: does a step's `when` (with defaults) name the window?
func matchesWindow(when map[string]any, window Window) bool {
	if window == nil || when["window"] != window["window"] {
		return false
	}
	for k, v := range when {
		if notWindowField[k] {
			continue
		}
		wv, has := window[k]
		if has && !sameValue(v, wv) {
			return false
		}
		if !has && k != "turn" {
			return false
		}
	}
	events, _ := window["events"].([]map[string]any)
	if before, ok := when["before"].(map[string]any); ok {
		for _, ev := range events {
			if patternMatches(before, ev) {
				return false // format 2.1: the part of the window before that event is over
			}
		}
	}
	if after, ok := when["after"].(map[string]any); ok {
		for _, ev := range events {
			if patternMatches(after, ev) {
				return true
			}
		}
		return false
	}
	return true
}

// Open: a window opens (the engine is at that moment); returns it as recorded. An AT
// window without `attack` belongs to the current attack, AT-S1 after a declared attack
// (or before any) to the next one.
func (d *ScriptDriver) Open(window Window) Window {
	w := Window{}
	for k, v := range window {
		w[k] = v
	}
	if _, ok := w["events"]; !ok {
		w["events"] = []map[string]any{}
	}
	kind, _ := w["window"].(string)
	if strings.HasPrefix(kind, "AT-") {
		if _, has := w["attack"]; !has {
			if kind == "AT-S1" && (d.declared || d.attack == 0) {
				w["attack"] = d.attack + 1
			} else {
				w["attack"] = d.attack
			}
		}
		if n := toInt(w["attack"]); n != d.attack {
			d.attack, d.declared = n, false
		}
	}
	d.stack = append(d.stack, w)
	d.expirePast(w)
	if i, step := d.Peek(); step != nil && matchesWindow(d.whenOf(i), w) {
		d.opened = true
	}
	return w
}

// Close: the innermost open window of that kind closes. A pending step whose window it is
// and that was not used is refused (not-offered), and so on for the next steps.
func (d *ScriptDriver) Close(kind string) {
	at := -1
	for i := len(d.stack) - 1; i >= 0; i-- {
		if d.stack[i]["window"] == kind {
			at = i
			break
		}
	}
	if at < 0 {
		return
	}
	w := d.stack[at]
	d.stack = append(d.stack[:at:at], d.stack[at+1:]...)
	// while it closes it still counts: a step becoming pending now belongs to the same attack
	d.stack = append(d.stack, w)
	defer func() { d.stack = d.stack[:len(d.stack)-1] }()
	for {
		i, step := d.Peek()
		if step == nil || !matchesWindow(d.whenOf(i), w) {
			return
		}
		d.consume("refused", Refusal{"its window closed and the engine never offered it", "not-offered"})
	}
}

// Event: an event happened (every trace event, in order).
func (d *ScriptDriver) Event(ev map[string]any) {
	d.armed = append(d.armed, ev)
	for _, w := range d.stack {
		if w["window"] != "trigger" {
			events, _ := w["events"].([]map[string]any)
			w["events"] = append(events, ev)
		}
	}
	if ev["event"] == "attack" {
		d.declared = true
	}
	// format 2.1 (`when.before`): the moment the pending step names is over once such an event
	// happened in its open window
	if i, step := d.Peek(); step != nil && d.opened {
		when := d.whenOf(i)
		if before, ok := when["before"].(map[string]any); ok && patternMatches(before, ev) {
			bare := map[string]any{}
			for k, v := range when {
				if k != "before" {
					bare[k] = v
				}
			}
			for _, x := range d.stack {
				if matchesWindow(bare, x) {
					d.consume("refused", Refusal{"its moment ended (an event it must come before happened) and the engine never offered it", "not-offered"})
					return
				}
			}
		}
	}
}

// Explain: why the pending step may not have answered a decision, when its binding says so
// (appended to a missing decision's message; adapters/kit.py ScriptDriver.explain).
func (d *ScriptDriver) Explain() string {
	i, step := d.Peek()
	if step == nil {
		return ""
	}
	w, _ := step["when"].(map[string]any)
	kind, _ := w["window"].(string)
	if _, has := w["attack"]; strings.HasPrefix(kind, "AT-") && !has && d.bound != 0 && d.bound != d.attack && d.attack != 0 {
		return fmt.Sprintf("; the script's pending step #%d (`in step %s`, player %s %s) binds to attack %d (a step written "+
			"after an attack's declaration binds to the next attack), and this decision is in attack %d: did you mean "+
			"`in step %s of attack %d`, or to write it before the steps of attack %d?",
			i, kind, stepStr(step, "player"), stepStr(step, "do"), d.bound, d.attack, kind, d.attack, d.bound)
	}
	return ""
}

func (d *ScriptDriver) becamePending() {
	d.opened = false
	d.bound = 0
	i, step := d.Peek()
	if step == nil {
		return
	}
	w, _ := step["when"].(map[string]any)
	kind, _ := w["window"].(string)
	if _, has := w["attack"]; strings.HasPrefix(kind, "AT-") && !has {
		// "the current attack": the one being declared or processed; a declaration step after a
		// declared attack names the next one
		declaring, processing := false, false
		for _, x := range d.stack {
			xk, _ := x["window"].(string)
			if xk == "AT-S1" && !d.declared {
				declaring = true
			}
			if d.declared && strings.HasPrefix(xk, "AT-") {
				processing = true
			}
		}
		if declaring || (processing && kind != "AT-S1") {
			d.bound = d.attack
		} else {
			d.bound = d.attack + 1
		}
	}
	when := d.whenOf(i)
	for _, x := range d.stack {
		if matchesWindow(when, x) {
			d.opened = true
		}
	}
	if !d.opened {
		d.expirePast(d.Current())
	}
}

// past: can the window `when` no longer open (the game went past it)?
func past(when map[string]any, opened Window) bool {
	kind, _ := when["window"].(string)
	if !strings.HasPrefix(kind, "AT-") || opened == nil {
		return false
	}
	ok, _ := opened["window"].(string)
	if !strings.HasPrefix(ok, "AT-") {
		return false
	}
	a := toInt(opened["attack"])
	if v, has := when["attack"]; has {
		a = toInt(v)
	}
	oa := toInt(opened["attack"])
	return oa > a || (oa == a && dmStepOrder[ok] > dmStepOrder[kind])
}

func (d *ScriptDriver) expirePast(opened Window) {
	for {
		i, step := d.Peek()
		if step == nil || !past(d.whenOf(i), opened) {
			return
		}
		if d.opened {
			d.consume("refused", Refusal{"its window closed and the engine never offered it", "not-offered"})
		} else {
			d.consume("not-reached", Refusal{Text: "its window never opened (the game went past it)"})
		}
	}
}

// ------------------------------------------------------------------ decisions

func (d *ScriptDriver) answers(player string, kinds []string, window Window) bool {
	i, step := d.Peek()
	if step == nil || stepStr(step, "player") != player {
		return false
	}
	do := stepStr(step, "do")
	found := false
	for _, k := range kinds {
		if k == do {
			found = true
		}
	}
	if !found {
		return false
	}
	if window == nil {
		window = d.Current()
	}
	return matchesWindow(d.whenOf(i), window)
}

// Offer: player may make a decision of one of kinds in window (nil: the innermost open
// one). Returns the pending step when it answers it (the caller tries it and calls
// Resolve), or nil: no step answers (the player passes / declines).
func (d *ScriptDriver) Offer(player string, kinds []string, window Window) (int, map[string]any) {
	if !d.answers(player, kinds, window) {
		return -1, nil
	}
	return d.Peek()
}

// Resolve records the outcome of the step Offer returned: applied (refusal nil) or refused.
func (d *ScriptDriver) Resolve(refusal *Refusal) {
	if refusal == nil {
		d.consume("applied", Refusal{})
	} else {
		d.consume("refused", *refusal)
	}
}

// Take: Offer, validate (nil: the engine accepts it), Resolve, until a step is applied
// (returned) or none answers (nil), as the kit's ScriptDriver.take.
func (d *ScriptDriver) Take(player string, kinds []string, validate func(map[string]any) *Refusal, window Window) map[string]any {
	for {
		_, step := d.Offer(player, kinds, window)
		if step == nil {
			return nil
		}
		r := validate(step)
		d.Resolve(r)
		if r == nil {
			return step
		}
	}
}

// ChoiceRefusal: why a scripted `choose` step does not answer a choice of min..max of
// candidates (nil: it does).
func ChoiceRefusal(step map[string]any, candidates []string, min, max int, prompt string) *Refusal {
	picked, ok := step["cards"].([]any)
	if !ok {
		return &Refusal{prompt + ": cards to choose, not an option", "not-offered"}
	}
	set := map[string]bool{}
	for _, c := range candidates {
		set[c] = true
	}
	seen := map[string]bool{}
	valid := len(picked) >= min && len(picked) <= max
	for _, p := range picked {
		s, _ := p.(string)
		if !set[s] || seen[s] {
			valid = false
		}
		seen[s] = true
	}
	if valid {
		return nil
	}
	return &Refusal{fmt.Sprintf("%s: choose %d-%d of %s", prompt, min, max, strings.Join(candidates, ", ")), "not-offered"}
}

// Choose: player chooses min..max of candidates (local card ids). A scripted `choose` step
// for this window answers; one naming a card not offered, or too few or too many, is
// refused. With no scripted answer: an optional choice (min 0) chooses nothing; a forced one
// (as many candidates as must be chosen) takes them; anything else is a MissingDecision.
func (d *ScriptDriver) Choose(player string, candidates []string, min, max int, prompt string, window Window) ([]string, error) {
	step := d.Take(player, []string{"choose"}, func(st map[string]any) *Refusal {
		return ChoiceRefusal(st, candidates, min, max, prompt)
	}, window)
	if step != nil {
		return stepStrs(step, "cards"), nil
	}
	return Unscripted(player, candidates, min, max, prompt)
}

// Unscripted is the answer to a choice no step gives: nothing for an optional one, all the
// candidates for a forced one, else a MissingDecision.
func Unscripted(player string, candidates []string, min, max int, prompt string) ([]string, error) {
	if min == 0 {
		return []string{}, nil
	}
	if len(candidates) == min {
		return append([]string(nil), candidates...), nil
	}
	return nil, &MissingDecision{fmt.Sprintf("player %s must choose %d-%d of [%s] (%s) and the script gives no `choose` step for it",
		player, min, max, strings.Join(candidates, ", "), prompt)}
}

// YesNo: an optional yes/no decision; a scripted `choose` with option yes/no answers, else no.
func (d *ScriptDriver) YesNo(player, prompt string, window Window) bool {
	step := d.Take(player, []string{"choose"}, func(st map[string]any) *Refusal {
		if o := stepStr(st, "option"); o == "yes" || o == "no" {
			return nil
		}
		return &Refusal{prompt + ": yes or no", "not-offered"}
	}, window)
	return step != nil && stepStr(step, "option") == "yes"
}

// ------------------------------------------------------------------ patterns and values

// patternMatches: every field the pattern names is equal in the event (arrays as
// multisets, booleans only equal to booleans), as duelspec/judging/checker.py `matches`.
func patternMatches(pattern, event map[string]any) bool {
	if pattern["event"] != event["event"] {
		return false
	}
	for k, v := range pattern {
		ev, ok := event[k]
		if !ok || !sameValue(v, ev) {
			return false
		}
	}
	return true
}

func sameValue(expected, actual any) bool {
	// format 2.1: {"includes": [...]} matches a list that includes those items (a sub-multiset)
	if m, ok := expected.(map[string]any); ok && len(m) == 1 {
		if inc, ok := asList(m["includes"]); ok {
			other, ok := asList(actual)
			if !ok {
				return false
			}
			rest := append([]any(nil), other...)
			for _, item := range inc {
				hit := -1
				for j, y := range rest {
					if sameValue(item, y) {
						hit = j
						break
					}
				}
				if hit < 0 {
					return false
				}
				rest = append(rest[:hit], rest[hit+1:]...)
			}
			return true
		}
	}
	if list, ok := asList(expected); ok {
		other, ok := asList(actual)
		if !ok || len(other) != len(list) {
			return false
		}
		a, b := canonicalKeys(list), canonicalKeys(other)
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	if eb, ok := expected.(bool); ok {
		ab, ok := actual.(bool)
		return ok && eb == ab
	}
	if _, ok := actual.(bool); ok {
		return false
	}
	if en, ok := number(expected); ok {
		an, ok := number(actual)
		return ok && en == an
	}
	return canonical(expected) == canonical(actual)
}

func asList(v any) ([]any, bool) {
	switch l := v.(type) {
	case []any:
		return l, true
	case []string:
		out := make([]any, len(l))
		for i, s := range l {
			out[i] = s
		}
		return out, true
	}
	return nil, false
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

func canonical(v any) string {
	if n, ok := number(v); ok {
		return fmt.Sprint(n)
	}
	b, _ := json.Marshal(v) // maps marshal with sorted keys
	return string(b)
}

func canonicalKeys(list []any) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = canonical(v)
	}
	sort.Strings(out)
	return out
}

func toInt(v any) int {
	n, _ := number(v)
	return int(n)
}

func stepStr(st map[string]any, key string) string {
	s, _ := st[key].(string)
	return s
}

func stepStrs(st map[string]any, key string) []string {
	out := []string{}
	if list, ok := asList(st[key]); ok {
		for _, v := range list {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func boundedText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
