// Command duelspec-dm-driver plays duelspec's Duel Masters scenarios on the Go engine of
// sindreslungaard/duel-masters and speaks duelspec's adapter protocol (JSON lines on
// stdin/stdout; docs/adapters.md, docs/design/adapter-protocol.md).
//
// It is written for duelspec and compiled INTO the user's own checkout of the engine
// (module "duel-masters") through `go build -overlay` by ../build.sh: no file of the engine
// is copied into duelspec, and the checkout is not modified.
//
// Licence: MIT (duelspec). The engine it links against is MIT (sindreslungaard/duel-masters).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/sirupsen/logrus"
)

// Set by build.sh with -ldflags "-X main.engineCommit=... -X main.engineDescribe=...".
var (
	engineCommit   = "unknown"
	engineDescribe = ""
)

const driverVersion = "0.4.1"

// maxLine bounds one protocol line (the runner's limit is 16 MiB).
const maxLine = 16 << 20

func main() {
	cardsPath := flag.String("cards", "", "duelspec's DM card catalogue (features/cards/dm.json): maps catalogue ids to the engine's card ids")
	flag.Parse()
	if *cardsPath == "" {
		fmt.Fprintln(os.Stderr, "duelspec-dm-driver: --cards PATH (duelspec's features/cards/dm.json) is required")
		os.Exit(2)
	}
	catalogue, err := loadCatalogue(*cardsPath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "duelspec-dm-driver: %v\n", err)
		os.Exit(2)
	}
	// The engine logs through logrus (stderr). Keep warnings: they are evidence when a
	// scenario errors. Never let a finished duel post its result anywhere.
	logrus.SetOutput(os.Stderr)
	logrus.SetLevel(logrus.WarnLevel)
	os.Unsetenv("duel_result_webhook_url")
	registerEngineCards()

	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	protocol := 1
	for {
		line, err := readLine(in)
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "duelspec-dm-driver: reading stdin: %v\n", err)
			os.Exit(1)
		}
		if strings.TrimSpace(string(line)) == "" {
			continue
		}
		var msg struct {
			Cmd      string          `json:"cmd"`
			Protocol int             `json:"protocol"`
			Seq      int             `json:"seq"`
			Scenario json.RawMessage `json:"scenario"`
		}
		if err := json.Unmarshal(line, &msg); err != nil {
			fmt.Fprintf(os.Stderr, "duelspec-dm-driver: not a JSON command: %v\n", err)
			os.Exit(1)
		}
		switch msg.Cmd {
		case "start":
			protocol = chooseProtocol(msg.Protocol)
			write(out, map[string]any{"protocol": protocol, "implementation": implementation(protocol)})
		case "run":
			write(out, runOne(msg.Seq, msg.Scenario, catalogue))
		case "stop":
			return
		default:
			fmt.Fprintf(os.Stderr, "duelspec-dm-driver: unknown command %q\n", msg.Cmd)
			os.Exit(1)
		}
	}
}

// chooseProtocol answers the highest protocol version this driver speaks that is not
// above the one the runner asked for: 3 (format 2.1 too: `before`, `includes`; a scenario of
// several turns is declared unsupported, `several-turns`), 2 (steps used only in the window
// their `when` names, `implementation.observes`), or 1 for a runner that speaks only 1 (which
// sends format-1 scenarios, which this driver skips: it plays format 2).
func chooseProtocol(asked int) int {
	if asked >= 3 {
		return 3
	}
	if asked == 2 {
		return 2
	}
	return 1
}

func implementation(protocol int) map[string]any {
	version := driverVersion + "+engine." + shortCommit(engineCommit)
	impl := map[string]any{
		"name":        "duel-masters-go",
		"version":     version,
		"language":    "go",
		"homepage":    "https://github.com/sindreslungaard/duel-masters",
		"games":       []string{"dm"},
		"unsupported": unsupported,
	}
	if protocol >= 2 {
		impl["observes"] = observes()
	}
	return impl
}

func readLine(r *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxLine {
			return nil, fmt.Errorf("a line longer than %d bytes", maxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(buf) > 0 {
			return buf, nil
		}
		return buf, err
	}
}

func write(out *bufio.Writer, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(map[string]any{"errored": map[string]any{"message": "cannot encode the reply: " + err.Error()}})
	}
	out.Write(data)
	out.WriteByte('\n')
	if err := out.Flush(); err != nil {
		os.Exit(0) // the runner closed the pipe
	}
}

// runOne plays one scenario; every failure of the driver or the engine becomes an
// `errored` reply with the evidence, never a crash of the process.
func runOne(seq int, raw json.RawMessage, cat *Catalogue) (reply map[string]any) {
	reply = map[string]any{"seq": seq}
	defer func() {
		if r := recover(); r != nil {
			reply = map[string]any{"seq": seq, "errored": map[string]any{
				"message": bounded(fmt.Sprintf("driver panic: %v", r), 2000),
				"detail":  bounded(string(debug.Stack()), 8000)}}
		}
	}()
	var sc Scenario
	if err := json.Unmarshal(raw, &sc); err != nil {
		reply["errored"] = map[string]any{"message": "cannot read the scenario: " + err.Error()}
		return reply
	}
	res := play(&sc, cat)
	switch {
	case res.skip != "":
		reply["skipped"] = map[string]any{"reason": bounded(res.skip, 2000)}
	case res.err != "":
		e := map[string]any{"message": bounded(res.err, 2000)}
		if res.detail != "" {
			e["detail"] = bounded(res.detail, 8000)
		}
		reply["errored"] = e
	default:
		reply["trace"] = res.trace
	}
	return reply
}

// logf writes a line of evidence to stderr (duelspec keeps the tail of it when a scenario
// errors).
func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "duel-masters-go: "+format+"\n", args...)
}

func bounded(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// unsupported: tags of schemas/requires.schema.json the engine has no cards or rules for;
// scenarios requiring one are skipped up front with that reason.
//   - ninja-strike, revolution-change, invasion, revolution-0-trigger, s-back: the engine's card
//     sets end at DM-12 (game/cards/dm01..dm12, promo) and its rules have none of them;
//   - wins-all-battles: no condition for it (game/cnd/conditions.go), no card with it;
//     (not `trigger-order`: that its players never order abilities that trigger together, the engine
//     running them as handlers in a fixed order, is a deviation of AT-D1, a verdict: a scripted
//     `order-triggers` step is refused, the engine never offers it; issue 33 §2);
//   - test-card: duelspec's invented test cards are no cards of any engine;
//   - several-turns (format 2.1): the driver plays the attack phase of the scenario's turn; it
//     does not yet drive the engine through the end of that turn and the next turns (EndTurn,
//     both players' untap, draw, charge and main steps) and tell which turn and step it is in.
var unsupported = []string{"ninja-strike", "revolution-change", "invasion", "revolution-0-trigger", "s-back",
	"wins-all-battles", "test-card", "several-turns"}

// observes (protocol 2): what this driver can report of what the engine shows, and the
// windows (attack steps) it can tell the engine is in. Not observable, never reported: `step`
// (the engine has no steps inside an attack), `trigger` (abilities are handlers of the engine's
// events, never announced), `attack-end`, `summon` (a shield-trigger creature is moved from the
// hand, not summoned), `declare`; the attacking creature's power (`power:not-attacking`: the
// engine computes an attacker's power only on demand, GetPower(card, true), for its battle);
// the deck count (the decks hold fillers). Window AT-S2: the engine has no such moment.
func observes() map[string]any {
	return map[string]any{
		"events": []string{"attack", "battle", "destroy", "break", "move", "draw", "tap", "untap",
			"shield-trigger", "block", "win", "ask", "power:not-attacking"},
		"final": []string{"cards.zone", "cards.owner", "cards.controller", "cards.tapped", "cards.power",
			"players.counts", "winner"},
		"windows": []string{"AT-S1", "AT-S3", "AT-S4", "AT-S5", "AT-S6a", "AT-S6b", "AT-S6c", "AT-S7"},
	}
}
