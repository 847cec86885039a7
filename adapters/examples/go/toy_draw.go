// A tiny Yu-Gi-Oh! "simulator" as a duelspec adapter in Go (standard library only), written to
// docs/adapters.md alone: adapter protocol 2, JSON lines over stdin/stdout, scenario format 2.
//
// It knows one rule, the normal draw (ND-01, ND-02): at the start of the Draw Phase the turn
// player draws the top card of their deck, except the player who goes first on turn 1; with an
// empty deck the opponent wins. It has no card effects: a scenario with a card face-up on the
// field is skipped (that card's effects could matter), and a scripted activation is refused (its
// engine offers nothing). It opens two windows, `before-draw` (when the turn player has a normal
// draw) and `open` in the Draw Phase after the draw, and uses the script by the rules of
// docs/adapters.md, "How to use the script": steps in script order, a step answers only a
// decision of its player in the window its `when` names, a step whose window closed unused is
// refused (not-offered), one whose window never opened is not-reached.
//
//	go build -o toy_draw adapters/examples/go/toy_draw.go
//	duelspec smoke --adapter 'cmd:./toy_draw'
//	duelspec run --game ygo --adapter 'cmd:./toy_draw'
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type obj = map[string]any

var implementation = obj{
	"name": "toy-draw-go", "version": "1.0", "language": "go", "homepage": "https://example.org/toy-draw-go",
	"games": []string{"ygo"},
	"unsupported": []string{"chain", "reveal-on-normal-draw", "cost", "negate-activation", "negate-effect", "fizzle",
		"draw-replacement", "pledge", "continuous-card", "trigger-effect", "effect-draw", "opening-hand", "xyz",
		"graveyard-effect"},
	"observes": obj{
		"events":  []string{"phase", "draw", "move", "win"},
		"final":   []string{"cards.zone", "players.lp", "players.counts", "winner", "turn", "phase"},
		"windows": []string{"before-draw", "open"},
	},
}

var zones = []string{"deck", "hand", "monster", "spell-trap", "field", "graveyard", "banished", "extra"}

func num(v any, def int) int {
	if f, ok := v.(float64); ok {
		return int(f)
	}
	return def
}

func str(v any) string { s, _ := v.(string); return s }

// driver: the script rules of docs/adapters.md ("How to use the script").
type driver struct {
	script   []obj
	turn     int // the setup's turn: a step's default `turn`
	pos      int
	opened   bool // has the pending step's window opened since it became pending?
	outcomes []obj
}

// names: does the step's `when` name this window (kind, phase) of this turn?
func (d *driver) names(step obj, kind, phase string, turn int) bool {
	w, _ := step["when"].(obj)
	if w == nil || str(w["window"]) != kind || num(w["turn"], d.turn) != turn {
		return false
	}
	return kind != "open" || str(w["phase"]) == phase
}

func (d *driver) consume(outcome, code, reason string) {
	rec := obj{"index": d.pos, "outcome": outcome, "reason": reason}
	if code != "" {
		rec["code"] = code
	}
	d.outcomes = append(d.outcomes, rec)
	d.pos++
	d.opened = false
}

func (d *driver) pending() obj {
	if d.pos < len(d.script) {
		return d.script[d.pos]
	}
	return nil
}

// window: a window opens, each of `players` gets a decision to activate in it (the engine offers
// nothing, so a step that answers one is refused: rule 3), and it closes (rule 4).
func (d *driver) window(kind, phase string, turn int, players ...string) {
	if s := d.pending(); s != nil && d.names(s, kind, phase, turn) {
		d.opened = true
	}
	for _, p := range players {
		for s := d.pending(); s != nil && str(s["player"]) == p && str(s["do"]) == "activate" && d.names(s, kind, phase, turn); s = d.pending() {
			d.consume("refused", "not-offered", "toy-draw-go has no card effects: the engine offers nothing to activate")
			if s := d.pending(); s != nil && d.names(s, kind, phase, turn) {
				d.opened = true
			}
		}
	}
	for s := d.pending(); s != nil && d.names(s, kind, phase, turn); s = d.pending() {
		d.consume("refused", "not-offered", "its window closed and the engine never offered it")
	}
}

// finish: the run is over; the rest were not reached (or refused, if their window had opened).
func (d *driver) finish() []obj {
	for d.pending() != nil {
		if d.opened {
			d.consume("refused", "not-offered", "its window opened but the engine never offered it")
		} else {
			d.consume("not-reached", "", "toy-draw-go never opens that window")
		}
	}
	return d.outcomes
}

func play(sc obj) obj {
	s, _ := sc["setup"].(obj)
	if str(sc["game"]) != "ygo" {
		return obj{"skipped": obj{"reason": "toy-draw-go plays Yu-Gi-Oh! only"}}
	}
	if num(sc["format"], 1) != 2 {
		return obj{"skipped": obj{"reason": "toy-draw-go plays scenario format 2 only"}}
	}
	if str(s["phase"]) != "draw" || str(s["step"]) == "after-draw" {
		return obj{"skipped": obj{"reason": "toy-draw-go only plays the start of the Draw Phase"}}
	}
	cards, _ := s["cards"].([]any)
	zone := map[string]string{}
	var faceUp []string
	for _, c := range cards {
		c := c.(obj)
		zone[str(c["id"])] = str(c["zone"])
		z := str(c["zone"])
		if (z == "monster" || z == "spell-trap" || z == "field") && strings.HasPrefix(str(c["position"]), "face-up") {
			faceUp = append(faceUp, str(c["id"]))
		}
	}
	if len(faceUp) > 0 {
		return obj{"skipped": obj{"reason": "toy-draw-go models no card effects, and " + strings.Join(faceUp, ", ") + " is face-up on the field"}}
	}
	turn, tp := num(s["turn"], 1), str(s["turn_player"])
	opp := map[string]string{"A": "B", "B": "A"}[tp]
	script := []obj{}
	for _, st := range sc["script"].([]any) {
		script = append(script, st.(obj))
	}
	d := &driver{script: script, turn: max(turn, 1), outcomes: []obj{}}
	events := []obj{{"event": "phase", "phase": "draw", "player": tp, "turn": turn}}
	drawRight := !(turn == 1 && str(s["first_player"]) == tp) // ND-02
	var winner any
	if drawRight {
		d.window("before-draw", "", turn, tp, opp) // the timing immediately before the normal draw (ND-05)
		deck := deckOf(cards, zone, tp)
		if len(deck) == 0 {
			winner = opp
			events = append(events, obj{"event": "win", "player": opp, "reason": "deck-out"})
		} else {
			zone[deck[0]] = "hand"
			events = append(events, obj{"event": "draw", "player": tp, "cards": []string{deck[0]}, "normal": true, "phase": "draw"},
				obj{"event": "move", "card": deck[0], "from": "deck", "to": "hand", "player": tp, "reason": "draw"})
		}
	}
	phase := "draw"
	if winner == nil {
		d.window("open", "draw", turn, tp, opp) // the Draw Phase's open game state, after the draw
		events = append(events, obj{"event": "phase", "phase": "standby", "player": tp, "turn": turn})
		phase = "standby"
	}
	players := obj{}
	for _, p := range []string{"A", "B"} {
		counts := obj{}
		for _, z := range zones {
			counts[z] = 0 // every zone, empty ones as 0
		}
		for _, c := range cards {
			c := c.(obj)
			if str(c["owner"]) == p {
				counts[zone[str(c["id"])]] = num(counts[zone[str(c["id"])]], 0) + 1
			}
		}
		lp := 8000
		if ps, ok := s["players"].(obj)[p].(obj); ok {
			lp = num(ps["lp"], 8000)
		}
		players[p] = obj{"lp": lp, "counts": counts}
	}
	final := obj{"cards": obj{}, "players": players, "winner": winner, "turn": turn, "phase": phase}
	for id, z := range zone {
		final["cards"].(obj)[id] = obj{"zone": z}
	}
	return obj{"trace": obj{"format": 2, "events": events, "steps": d.finish(), "final": final}}
}

// deckOf: the player's deck, top first: `order: "top"`, then integer orders, then as listed, then "bottom".
func deckOf(cards []any, zone map[string]string, player string) []string {
	type ranked struct {
		a, b int
		id   string
	}
	var out []ranked
	for i, c := range cards {
		c := c.(obj)
		if str(c["owner"]) != player || zone[str(c["id"])] != "deck" {
			continue
		}
		r := ranked{2, i, str(c["id"])}
		switch o := c["order"].(type) {
		case string:
			if o == "top" {
				r.a, r.b = 0, 0
			} else if o == "bottom" {
				r.a, r.b = 3, 0
			}
		case float64:
			r.a, r.b = 1, int(o)
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].a < out[j].a || (out[i].a == out[j].a && out[i].b < out[j].b) })
	ids := make([]string, len(out))
	for i, r := range out {
		ids[i] = r.id
	}
	return ids
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := json.NewEncoder(os.Stdout) // one object per line; os.Stdout is unbuffered: each line is flushed
	for {
		line, err := in.ReadString('\n') // no line-length limit (a scenario line may be long)
		if strings.TrimSpace(line) != "" {
			var msg obj
			if json.Unmarshal([]byte(line), &msg) != nil {
				fmt.Fprintln(os.Stderr, "toy-draw-go: not JSON:", line)
				os.Exit(1)
			}
			switch str(msg["cmd"]) {
			case "start":
				if num(msg["protocol"], 1) < 2 {
					fmt.Fprintln(os.Stderr, "toy-draw-go speaks adapter protocol 2 only")
					os.Exit(3)
				}
				out.Encode(obj{"protocol": 2, "implementation": implementation})
			case "run":
				reply := func() (r obj) {
					defer func() { // an engine bug is this scenario's error, not a crash
						if e := recover(); e != nil {
							r = obj{"errored": obj{"message": fmt.Sprint(e), "detail": "panic in toy-draw-go"}}
						}
					}()
					return play(msg["scenario"].(obj))
				}()
				reply["seq"] = msg["seq"]
				out.Encode(reply)
			case "stop":
				os.Exit(0)
			}
		}
		if err != nil {
			os.Exit(0) // end of input means stop
		}
	}
}
