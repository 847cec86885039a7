//go:build ignore

// Plays sequences of windows, events and decisions through the Go port of the script driver
// (adapters/duel-masters-go/driver/windows.go) for tests/test_duel_masters_go_adapter.py,
// which plays the same sequences through duelspec's Python ScriptDriver (adapters/kit.py)
// and compares. Built by the test with `go run` together with windows.go alone. (MIT)
// stdin: JSON [{script, ops: [...]}, ...]; stdout: JSON [[result of each op..., outcomes], ...]
package main

import (
	"encoding/json"
	"errors"
	"os"
)

type op struct {
	Op         string         `json:"op"`
	Window     map[string]any `json:"window"`
	Kind       string         `json:"kind"`
	Event      map[string]any `json:"event"`
	Player     string         `json:"player"`
	Kinds      []string       `json:"kinds"`
	Accept     []string       `json:"accept"`
	Candidates []string       `json:"candidates"`
	Min        int            `json:"min"`
	Max        int            `json:"max"`
}

type testCase struct {
	Script []map[string]any `json:"script"`
	Ops    []op             `json:"ops"`
}

func main() {
	var cases []testCase
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		panic(err)
	}
	out := [][]any{}
	for _, c := range cases {
		d := NewScriptDriver(c.Script)
		res := []any{}
		for _, o := range c.Ops {
			switch o.Op {
			case "open":
				d.Open(o.Window)
				res = append(res, nil)
			case "close":
				d.Close(o.Kind)
				res = append(res, nil)
			case "event":
				d.Event(o.Event)
				res = append(res, nil)
			case "take":
				accept := map[string]bool{}
				for _, a := range o.Accept {
					accept[a] = true
				}
				step := d.Take(o.Player, o.Kinds, func(st map[string]any) *Refusal {
					if accept[stepStr(st, "card")] || accept[stepStr(st, "attacker")] {
						return nil
					}
					return &Refusal{"not accepted", "not-offered"}
				}, nil)
				if step == nil {
					res = append(res, nil)
				} else {
					res = append(res, step)
				}
			case "choose":
				cards, err := d.Choose(o.Player, o.Candidates, o.Min, o.Max, "pick", nil)
				var missing *MissingDecision
				if errors.As(err, &missing) {
					res = append(res, "MissingDecision")
				} else {
					res = append(res, cards)
				}
			case "yesno":
				res = append(res, d.YesNo(o.Player, "yes or no", nil))
			case "explain":
				res = append(res, d.Explain())
			default:
				panic("unknown op " + o.Op)
			}
		}
		res = append(res, d.Finish())
		out = append(out, res)
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
