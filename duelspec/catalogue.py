"""The ruling catalogue and the card catalogue, loaded and schema-validated.

Files (data, in ``features/``):
- ``features/rulings/*.json``: every ruling ID with its source section, dates and summary
  (schema ``rulings.schema.json``).
- ``features/cards/<game>.json``: every card a scenario may use, with its facts and sources
  (schema ``cards.schema.json``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import validation as schemas
from .errors import InputError
from .resources import features_dir, load_json


@dataclass(frozen=True)
class Ruling:
    """One ruling: ``id`` (``ND-E1``), ``game`` (``ygo``/``dm``), ``section``, ``summary``, ``dates`` (ISO,
    empty when the page gives the ruling no date), ``answers`` (its dated answers, dicts of
    ``rulings.schema.json#/$defs/answer``: current, superseded, unchanged)."""
    id: str
    game: str
    section: str
    summary: str
    dates: tuple = ()
    answers: tuple = ()

    def known_dates(self) -> set:
        """Every date the catalogue gives for this ruling: its ``dates`` and its answers'
        ``answered``, ``holds_since``, ``replaced`` and ``reconfirmed`` (ISO strings)."""
        out = set(self.dates)
        for a in self.answers:
            out.update(a[k] for k in ("answered", "holds_since", "replaced", "reconfirmed") if k in a)
        return out

    def superseded(self) -> list:
        """The answers of this ruling that were replaced (``status: superseded``)."""
        return [a for a in self.answers if a["status"] == "superseded"]


@lru_cache(maxsize=None)
def rulings(root: str | None = None) -> dict[str, Ruling]:
    """All catalogued rulings by ID. Raises :class:`InputError` for a file that fails its schema
    or an ID catalogued twice."""
    folder = Path(root) if root else features_dir() / "rulings"
    out: dict[str, Ruling] = {}
    for path in sorted(folder.glob("*.json")):
        doc = load_json(str(path))
        schemas.check(doc, "rulings", str(path))
        for i, r in enumerate(doc["rulings"]):
            if r["id"] in out:
                raise InputError(str(path), f"/rulings/{i}/id", "a ruling ID not catalogued elsewhere", r["id"])
            out[r["id"]] = Ruling(r["id"], doc["game"], r["section"], r["summary"], tuple(r.get("dates", ())),
                                  tuple(r.get("answers", ())))
    return out


@lru_cache(maxsize=None)
def sources(root: str | None = None) -> dict:
    """The source page of each game's rulings (``{"ygo": {...}, "dm": {...}}``: the catalogue's
    ``source`` object: title, url, revision, ...)."""
    folder = Path(root) if root else features_dir() / "rulings"
    out = {}
    for path in sorted(folder.glob("*.json")):
        doc = load_json(str(path))
        schemas.check(doc, "rulings", str(path))
        out[doc["game"]] = doc["source"]
    return out


def changed_answers(card_id: str) -> list:
    """The superseded answers about the card ``card_id`` (dicts with ``ruling`` added), oldest
    first: e.g. Skull Flame's answer of 2019-03-17 replaced on 2022-07-30 (ND-H1)."""
    out = [dict(a, ruling=r.id) for r in rulings().values() for a in r.superseded()
           if a["subject"].get("card") == card_id]
    return sorted(out, key=lambda a: a["answered"])


class CardCatalogue:
    """The cards of one game, by catalogue id, with lookup by English name.

    >>> cat = cards("ygo")
    >>> cat["14558127"]["name"]["en"]
    'Ash Blossom & Joyous Spring'
    >>> cat.by_name("Ash Blossom & Joyous Spring")["id"]
    '14558127'
    """

    def __init__(self, game: str, path: str, entries: list[dict]):
        self.game, self.path = game, path
        self._by_id = {c["id"]: c for c in entries}
        self._by_name: dict[str, dict] = {}
        for c in entries:
            self._by_name.setdefault(_fold(c["name"]["en"]), c)
            if "ja" in c["name"]:
                self._by_name.setdefault(_fold(c["name"]["ja"]), c)

    def __getitem__(self, card_id: str) -> dict:
        return self._by_id[card_id]

    def __contains__(self, card_id: str) -> bool:
        return card_id in self._by_id

    def __iter__(self):
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def search(self, query: str) -> list[dict]:
        """Cards matching ``query``: its catalogue id (a passcode also without leading zeros, a
        Duel Masters set number such as ``DM-01 109/110``), its English or Japanese name (case,
        spacing and punctuation folded), or, when none matches exactly, every card whose folded
        English or Japanese name contains the folded query. Listed in catalogue order.

        >>> [c["id"] for c in cards("ygo").search("2295831")]
        ['02295831']
        >>> [c["name"]["en"] for c in cards("ygo").search("灰流うらら")]
        ['Ash Blossom & Joyous Spring']
        """
        q = query.strip()
        if not q:
            return []
        exact = self._by_id.get(q) or (self._by_id.get(q.zfill(8)) if q.isdigit() and self.game == "ygo" else None) \
            or self._by_name.get(_fold(q))
        if exact is not None:
            return [exact]
        fq = _fold(q)
        return [c for c in self._by_id.values()
                if fq and (fq in _fold(c["name"]["en"]) or fq in _fold(c["name"].get("ja", "")) or q.casefold() in c["id"].casefold())]

    def by_name(self, name: str) -> dict | None:
        """The card whose English (or Japanese) name is ``name`` (case and punctuation
        folded), or whose id is ``name``; ``None`` if there is none."""
        return self._by_id.get(name) or self._by_name.get(_fold(name))


def _fold(name: str) -> str:
    return re.sub(r"[\s\-−–'’\"\.,!&]+", "", name).casefold()


@lru_cache(maxsize=None)
def cards(game: str, root: str | None = None) -> CardCatalogue:
    """The card catalogue of ``game`` (``ygo``/``dm``). Raises :class:`InputError` for a catalogue
    that fails its schema or holds a card id twice."""
    path = (Path(root) if root else features_dir() / "cards") / f"{game}.json"
    doc = load_json(str(path))
    schemas.check(doc, "cards", str(path))
    seen, names = set(), {}
    for i, c in enumerate(doc["cards"]):
        if c["id"] in seen:
            raise InputError(str(path), f"/cards/{i}/id", "a card id not used by another entry", c["id"])
        seen.add(c["id"])
        folded = _fold(c["name"]["en"])
        if folded in names:
            raise InputError(str(path), f"/cards/{i}/name/en", f"an English name not used by another entry "
                             f"(steps name cards by it; also /cards/{names[folded]})", c["name"]["en"])
        names[folded] = i
    return CardCatalogue(game, str(path), doc["cards"])
