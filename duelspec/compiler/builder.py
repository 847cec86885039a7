"""ScenarioBuilder: the scenario JSON document being assembled from steps."""
from __future__ import annotations

import re

from .. import SCENARIO_FORMAT, words
from ..catalogue import cards as card_catalogue
from .grammar import StepError


class ScenarioBuilder:
    """Collects setup, script and expectations; :meth:`build` returns the scenario dict.

    Card references in steps are either a local id given with ``as "id"`` or a catalogue
    name (English, Japanese or the id) of a card listed in the setup exactly once.
    """

    def __init__(self, game: str, file: str = "<string>", scenario_id: str = "", title: str = "",
                 rulings=(), tags=(), origin: dict | None = None):
        self.game, self.file = game, file
        self.id, self.title = scenario_id, title
        self.rulings = list(dict.fromkeys(rulings))
        self.tags = list(dict.fromkeys(tags))
        self.origin = origin
        self.line: int | None = None
        self.expect_started = False
        self.requires: set[str] = set()
        self.setup: dict = {"players": {"A": {}, "B": {}}, "cards": []} if game == "dm" else \
            {"players": {"A": {"lp": 8000}, "B": {"lp": 8000}}, "cards": []}
        self.script: list[dict] = []
        self.cites: list[dict] = []            # `# cites:` comments of the scenario
        self.when: dict | None = None          # the moment of the When step being applied (format 2)
        self.expect: dict = {}
        self.in_force: dict | None = None         # {"from": date, "until"?: date} (Examples columns, tags)
        self.superseded: list[dict] = []          # earlier answers with their own expectations
        self.catalogue = card_catalogue(game)
        self._ids: set = set()

    # -- cards -----------------------------------------------------------------------------
    def add_card(self, name: str, owner: str, zone: str, alias: str | None = None, **fields) -> str:
        """Add a card of the catalogue (by name or id) to the setup; returns its local id."""
        entry = self.catalogue.by_name(name)
        if entry is None:
            import difflib
            names = [c["name"]["en"] for c in self.catalogue]
            near = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
            raise StepError(f"a card of the {self.game} catalogue (features/cards/{self.game}.json) by its English or "
                            f"Japanese name or id" + (f"; did you mean {', '.join(map(repr, near))}?" if near else ""))
        local = alias or self._fresh_id(entry["name"]["en"])
        if local in self._ids:
            raise StepError(f"a local card id not used yet in this scenario ({local!r} is taken)")
        card = {"id": local, "card": entry["id"], "owner": owner, "zone": zone}
        card.update({k: v for k, v in fields.items() if v is not None})
        self.setup["cards"].append(card)
        self._ids.add(local)
        return local

    def _fresh_id(self, name: str) -> str:
        base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card"
        taken = self._ids
        if base not in taken:
            return base
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    def ref(self, text: str) -> str:
        """Resolve a card reference of a step to a local id."""
        ids = [c["id"] for c in self.setup["cards"]]
        if text in ids:
            return text
        entry = self.catalogue.by_name(text)
        if entry is not None:
            same = [c["id"] for c in self.setup["cards"] if c["card"] == entry["id"]]
            if len(same) == 1:
                return same[0]
            if len(same) > 1:
                raise StepError(f"a card reference that names one card; {text!r} is in the setup "
                                f"{len(same)} times ({', '.join(same)}): use its local id")
        if not ids:
            raise StepError(f"a card of this scenario's setup, but no card is set up yet (Given steps come "
                            f"before When and Then steps); {text!r} names none")
        raise StepError(f"a card of this scenario's setup, by its local id ({', '.join(ids)}) "
                        f"or its name; {text!r} is neither")

    def card(self, local: str) -> dict:
        return next(c for c in self.setup["cards"] if c["id"] == local)

    # -- script and expectations ------------------------------------------------------------
    def step(self, **fields) -> None:
        """Add a script step; it belongs to the moment of the When step being applied."""
        step = {k: v for k, v in fields.items() if v is not None}
        if self.when is not None:
            step = {"player": step.pop("player"), "do": step.pop("do"), "when": dict(self.when), **step}
        self.script.append(step)

    def turn_player_of(self, turn: int) -> str | None:
        """The turn player of ``turn`` (players alternate from the setup's turn), if the setup says."""
        start, tp = self.setup.get("turn"), self.setup.get("turn_player")
        if start is None or tp is None:
            return None
        start = max(start, 1)
        if self.setup.get("phase") == "start-of-duel":
            tp = self.setup.get("first_player", tp)
        return tp if (turn - start) % 2 == 0 else ("B" if tp == "A" else "A")

    def expect_event(self, **pattern) -> None:
        self.expect.setdefault("events", []).append({k: v for k, v in pattern.items() if v is not None})

    def expect_never(self, **pattern) -> None:
        self.expect.setdefault("never", []).append({k: v for k, v in pattern.items() if v is not None})

    def expect_card(self, local: str, **state) -> None:
        self.expect.setdefault("final", {}).setdefault("cards", {}).setdefault(local, {}).update(state)

    def expect_player(self, player: str, **state) -> None:
        ps = self.expect.setdefault("final", {}).setdefault("players", {}).setdefault(player, {})
        for k, v in state.items():
            if k == "counts":
                ps.setdefault("counts", {}).update(v)
            else:
                ps[k] = v

    def superseded_entry(self, ruling: str, answered: str, replaced: str) -> dict:
        """The scenario's entry for the earlier answer ``ruling`` given on ``answered`` and
        replaced on ``replaced`` (created on first use, with its place on the page from the ruling
        catalogue when the catalogue has that answer)."""
        for e in self.superseded:
            if (e["ruling"], e["answered"], e["replaced"]) == (ruling, answered, replaced):
                return e
        e = {"ruling": ruling, "answered": answered, "replaced": replaced}
        from ..catalogue import rulings
        r = rulings().get(ruling)
        quotes = sorted({a["where"]["quote"] for a in (r.superseded() if r else ())
                         if (a["answered"], a.get("replaced")) == (answered, replaced)})
        if quotes:
            e["source"] = " / ".join(quotes)
        self.superseded.append(e)
        return e

    def build(self) -> dict:
        """The scenario document (format 2; 2.1, ``format_minor: 1``, when it uses a word of 2.1). Not validated here: see :func:`duelspec.compiler.validate`."""
        doc = {"format": SCENARIO_FORMAT}
        doc.update({"id": self.id, "game": self.game, "title": self.title,
                    "rulings": self.rulings, "requires": sorted(self.requires)})
        if self.tags:
            doc["tags"] = self.tags
        if self.origin:
            doc["origin"] = self.origin
        if self.cites:
            doc["cites"] = self.cites
        doc["setup"] = self.setup
        doc["script"] = self.script
        doc["expect"] = _ordered(self.expect)
        if self.in_force:
            doc["in_force"] = dict(self.in_force)
        if self.superseded:
            doc["superseded"] = [dict(e, expect=_ordered(e["expect"])) if "expect" in e else e
                                 for e in sorted(self.superseded, key=lambda e: (e["answered"], e["replaced"]))]
        if words.minor(doc):           # format 2.1 only when a word of it is used: every other document stays 2.0
            doc = {"format": SCENARIO_FORMAT, "format_minor": words.minor(doc), **{k: v for k, v in doc.items() if k != "format"}}
        return doc


def _ordered(expect: dict) -> dict:
    """``expect`` with its parts in the order a reader reads them (the ruling marks, ``carries``, last)."""
    order = ("events", "never", "final", "carries")
    return {k: expect[k] for k in sorted(expect, key=lambda k: order.index(k) if k in order else len(order))}
