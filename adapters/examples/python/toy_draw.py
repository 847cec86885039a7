#!/usr/bin/env python3
"""A tiny Yu-Gi-Oh! "simulator" as a duelspec adapter, written with the Python adapter kit.

It knows one rule, the normal draw (ND-01, ND-02): at the start of the Draw Phase the turn
player draws the top card of their deck, except the player who goes first on turn 1. It
has no card effects: a scenario with a card face-up on the field is skipped (that card's
effects could matter), and a scripted activation is refused (never offered). It plays
scenario format 2 through the kit's driver: it opens the one window it has (before the draw)
and declares what it observes. Run it as a protocol program:

    duelspec smoke --adapter 'cmd:python adapters/examples/python/toy_draw.py'
    duelspec run --game ygo --adapter 'cmd:python adapters/examples/python/toy_draw.py'
"""
from duelspec.adapters.kit import Refusal, ScriptDriver, Simulator, Skip

ZONES = ("deck", "hand", "monster", "spell-trap", "field", "graveyard", "banished", "extra")


class ToyDraw(Simulator):
    name = "toy-draw"
    version = "1.0"
    homepage = "https://example.org/toy-draw"
    games = ("ygo",)
    unsupported = ("chain", "reveal-on-normal-draw", "cost", "negate-activation", "negate-effect", "fizzle", "draw-replacement", "pledge",
                   "continuous-card", "trigger-effect", "effect-draw", "opening-hand", "xyz", "graveyard-effect")
    # what this engine shows (anything else a scenario expects is skipped up front, never guessed)
    observes = {"events": ["phase", "draw", "move", "win"],
                "final": ["cards.zone", "players.lp", "players.counts", "winner", "turn", "phase"],
                "windows": ["before-draw"]}

    def setup(self, scenario: dict) -> None:
        s = scenario["setup"]
        if s["phase"] != "draw" or s.get("step") == "after-draw":
            raise Skip("toy-draw only plays the start of the Draw Phase")
        face_up = [c["id"] for c in s["cards"] if c["zone"] in ("monster", "spell-trap", "field")
                   and c.get("position", "").startswith("face-up")]
        if face_up:
            raise Skip(f"toy-draw models no card effects, and {', '.join(face_up)} is face-up on the field")
        self.s = s
        self.zone = {c["id"]: c["zone"] for c in s["cards"]}
        self.lp = {p: s["players"][p].get("lp", 8000) for p in ("A", "B")}
        self.log: list[dict] = []
        self.winner = None

    def deck(self, player: str) -> list[str]:
        """The player's deck, top first: `order: top`, then indexes, listed order, `bottom`."""
        cards = [c for c in self.s["cards"] if c["owner"] == player and self.zone[c["id"]] == "deck"]

        def key(ic):
            i, c = ic
            o = c.get("order")
            return (0, 0) if o == "top" else (3, 0) if o == "bottom" else (1, o) if isinstance(o, int) else (2, i)
        return [c["id"] for _, c in sorted(enumerate(cards), key=key)]

    def decide(self, driver: ScriptDriver) -> None:
        tp = self.s["turn_player"]
        opp = "B" if tp == "A" else "A"
        turn = self.s["turn"]
        self.log.append({"event": "phase", "phase": "draw", "player": tp, "turn": turn})
        driver.event(self.log[-1])
        # before the draw both players may act; this engine has no effects to offer
        if not (turn == 1 and self.s["first_player"] == tp):
            driver.open({"window": "before-draw"})
            for p in (tp, opp):
                driver.priority(p, lambda step: Refusal("toy-draw has no card effects", code="not-offered"))
            driver.close("before-draw")
        if not (self.s["turn"] == 1 and self.s["first_player"] == tp):
            deck = self.deck(tp)
            if not deck:
                self.winner = opp
                self.log.append({"event": "win", "player": opp, "reason": "deck-out"})
                return
            top = deck[0]
            self.zone[top] = "hand"
            self.log.append({"event": "draw", "player": tp, "cards": [top], "normal": True, "phase": "draw"})
            self.log.append({"event": "move", "card": top, "from": "deck", "to": "hand", "player": tp, "reason": "draw"})
        self.log.append({"event": "phase", "phase": "standby", "player": tp, "turn": turn})

    def events(self):
        counts = {p: {z: 0 for z in ZONES} for p in ("A", "B")}
        for c in self.s["cards"]:
            counts[c["owner"]][self.zone[c["id"]]] = counts[c["owner"]].get(self.zone[c["id"]], 0) + 1
        final = {"cards": {cid: {"zone": z} for cid, z in self.zone.items()},
                 "players": {p: {"lp": self.lp[p], "counts": counts[p]} for p in ("A", "B")},
                 "winner": self.winner, "turn": self.s["turn"], "phase": "standby" if self.winner is None else "draw"}
        return self.log, final


if __name__ == "__main__":
    ToyDraw.main()
