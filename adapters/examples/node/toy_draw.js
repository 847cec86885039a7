#!/usr/bin/env node
// A minimal duelspec adapter in Node.js (>= 18, no dependencies): adapter protocol 2 (and 1
// for a runner that asks for it), JSON lines over stdin/stdout. It plays one Yu-Gi-Oh! rule,
// the normal draw: at the start of the Draw Phase the turn player draws the top card of their
// deck (not the player who goes first, on turn 1). It has no card effects: a scenario with a
// card face-up on the field is skipped, and scripted activations are refused (never offered).
// Scenario format 2: the only window it has is "before the draw"; a step for any other
// window is not reached. It declares what it observes; the runner skips what it cannot see.
//
//   duelspec smoke --adapter 'cmd:node adapters/examples/node/toy_draw.js'
//   duelspec run --game ygo --adapter 'cmd:node adapters/examples/node/toy_draw.js'
'use strict';
const readline = require('node:readline');

const IMPLEMENTATION = {
  name: 'toy-draw-node', version: '1.0', language: 'javascript',
  homepage: 'https://example.org/toy-draw-node', games: ['ygo'],
  unsupported: ['chain', 'reveal-on-normal-draw', 'cost', 'negate-activation', 'negate-effect', 'fizzle', 'draw-replacement', 'pledge',
    'continuous-card', 'trigger-effect', 'effect-draw', 'opening-hand', 'xyz', 'graveyard-effect'],
  observes: {
    events: ['phase', 'draw', 'move', 'win'],
    final: ['cards.zone', 'players.lp', 'players.counts', 'winner', 'turn', 'phase'],
    windows: ['before-draw'],
  },
};
const PROTOCOL = 2;   // the highest version this adapter speaks
const ZONES = ['deck', 'hand', 'monster', 'spell-trap', 'field', 'graveyard', 'banished', 'extra'];

function send(obj) { process.stdout.write(JSON.stringify(obj) + '\n'); }

// The player's deck, top first: `order: "top"`, then numeric orders, listed order, `"bottom"`.
function deckOf(setup, zone, player) {
  const rank = (c, i) => c.order === 'top' ? [0, 0] : c.order === 'bottom' ? [3, 0]
    : Number.isInteger(c.order) ? [1, c.order] : [2, i];
  return setup.cards.map((c, i) => [rank(c, i), c])
    .filter(([, c]) => c.owner === player && zone[c.id] === 'deck')
    .sort(([a], [b]) => a[0] - b[0] || a[1] - b[1]).map(([, c]) => c.id);
}

function play(scenario) {
  const s = scenario.setup;
  if (scenario.game !== 'ygo') return { skipped: { reason: 'toy-draw-node plays Yu-Gi-Oh! only' } };
  if (s.phase !== 'draw' || s.step === 'after-draw') return { skipped: { reason: 'toy-draw-node only plays the start of the Draw Phase' } };
  const faceUp = s.cards.filter(c => ['monster', 'spell-trap', 'field'].includes(c.zone) && String(c.position || '').startsWith('face-up'));
  if (faceUp.length) return { skipped: { reason: `toy-draw-node models no card effects, and ${faceUp.map(c => c.id).join(', ')} is face-up on the field` } };
  const zone = Object.fromEntries(s.cards.map(c => [c.id, c.zone]));
  const tp = s.turn_player, opp = tp === 'A' ? 'B' : 'A';
  const events = [{ event: 'phase', phase: 'draw', player: tp, turn: s.turn }];
  const drawRight = !(s.turn === 1 && s.first_player === tp);
  const format = scenario.format || 1;
  // The script. Format 1: passes are applied, activations refused (no card effects), the rest never
  // asked for. Format 2: the "before the draw" window (opened when the turn player has a normal draw)
  // offers nothing, so an activation for it is refused (not offered); any other window never opens here.
  const steps = scenario.script.map((step, index) => {
    if (format === 1) {
      return step.do === 'pass' ? { index, outcome: 'applied' }
        : step.do === 'activate' ? { index, outcome: 'refused', reason: 'toy-draw-node has no card effects' }
        : { index, outcome: 'not-reached', reason: 'the engine never asked for this step' };
    }
    const turn = (step.when && step.when.turn) || Math.max(s.turn, 1);
    return step.when && step.when.window === 'before-draw' && turn === s.turn && drawRight
      ? { index, outcome: 'refused', code: 'not-offered', reason: 'toy-draw-node has no card effects' }
      : { index, outcome: 'not-reached', reason: 'toy-draw-node never opens that window' };
  });
  let winner = null;
  if (drawRight) {
    const deck = deckOf(s, zone, tp);
    if (deck.length === 0) {
      winner = opp;
      events.push({ event: 'win', player: opp, reason: 'deck-out' });
    } else {
      zone[deck[0]] = 'hand';
      events.push({ event: 'draw', player: tp, cards: [deck[0]], normal: true, phase: 'draw' });
      events.push({ event: 'move', card: deck[0], from: 'deck', to: 'hand', player: tp, reason: 'draw' });
    }
  }
  if (winner === null) events.push({ event: 'phase', phase: 'standby', player: tp, turn: s.turn });
  const players = {};
  for (const p of ['A', 'B']) {
    const counts = Object.fromEntries(ZONES.map(z => [z, 0]));   // every zone, empty ones as 0
    for (const c of s.cards) if (c.owner === p) counts[zone[c.id]] = (counts[zone[c.id]] || 0) + 1;
    players[p] = { lp: (s.players[p] && s.players[p].lp) || 8000, counts };
  }
  const cards = Object.fromEntries(Object.entries(zone).map(([id, z]) => [id, { zone: z }]));
  return { trace: { format, events, steps, final: { cards, players, winner, turn: s.turn, phase: winner === null ? 'standby' : 'draw' } } };
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);             // the runner only sends valid JSON
  if (msg.cmd === 'start') {
    send({ protocol: Math.min(msg.protocol, PROTOCOL), implementation: IMPLEMENTATION });
  } else if (msg.cmd === 'run') {
    let reply;
    try {
      reply = play(msg.scenario);
    } catch (err) {                         // an engine bug is this scenario's error, not a crash
      reply = { errored: { message: String(err), detail: err.stack || '' } };
    }
    send({ seq: msg.seq, ...reply });
  } else if (msg.cmd === 'stop') {
    rl.close();
  }
});
rl.on('close', () => process.exit(0));
