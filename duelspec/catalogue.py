"""The ruling catalogue and the card catalogue, loaded and schema-validated.

Files (data, in ``features/``):
- ``features/rulings/*.json``: every ruling ID with its source section, dates and summary
  (schema ``rulings.schema.json``).
- ``features/cards/<game>.json``: every card a scenario may use, with its facts and sources
  (schema ``cards.schema.json``).
- ``features/general_rules/<game>.json``: the general game rules the source pages assume but do
  not state (``YGO-GEN-*``, ``DM-GEN-*``), each with its official sources and the engine code
  that decides it (schema ``general-rules.schema.json``; readers' page
  ``docs/rulings/general-rules.md``).
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
    ``rulings.schema.json#/$defs/answer``: current, superseded, unchanged), ``passage`` (the
    source page's passage it rests on, a dict of ``rulings.schema.json#/$defs/passage``: the
    Japanese ``quote``, whether it is ``commented`` out, its ``seed`` position in the copy read;
    ``None`` when the catalogue gives none)."""
    id: str
    game: str
    section: str
    summary: str
    dates: tuple = ()
    answers: tuple = ()
    passage: dict | None = None

    def known_dates(self) -> set:
        """Every date the catalogue gives for this ruling: its ``dates`` and its answers'
        ``answered``, ``holds_since``, ``replaced`` and ``reconfirmed`` (ISO strings)."""
        out = set(self.dates)
        for a in self.answers:
            out.update(answer_dates(a))
        return out

    def superseded(self) -> list:
        """The answers of this ruling that were replaced (``status: superseded``)."""
        return [a for a in self.answers if a["status"] == "superseded"]


@lru_cache(maxsize=None)
def rulings(root: str | None = None) -> dict[str, Ruling]:
    """All catalogued rulings by ID. Raises :class:`InputError` for a file that fails its schema
    or an ID catalogued twice."""
    out: dict[str, Ruling] = {}
    for path, doc in _ruling_documents(root):
        for i, r in enumerate(doc["rulings"]):
            if r["id"] in out:
                raise InputError(str(path), f"/rulings/{i}/id", "a ruling ID not catalogued elsewhere", r["id"])
            out[r["id"]] = Ruling(r["id"], doc["game"], r["section"], r["summary"], tuple(r.get("dates", ())),
                                  tuple(r.get("answers", ())), r.get("passage"))
    return out


@lru_cache(maxsize=None)
def sources(root: str | None = None) -> dict:
    """The source page of each game's rulings (``{"ygo": {...}, "dm": {...}}``: the catalogue's
    ``source`` object: title, url, revision, ...)."""
    return {doc["game"]: doc["source"] for _, doc in _ruling_documents(root)}


def _ruling_documents(root: str | None):
    """``(path, document)`` of every ruling catalogue file, checked against its schema."""
    folder = Path(root) if root else features_dir() / "rulings"
    for path in sorted(folder.glob("*.json")):
        doc = load_json(str(path))
        schemas.check(doc, "rulings", str(path))
        yield path, doc


@dataclass(frozen=True)
class GeneralRule:
    """One general game rule (``general-rules.schema.json#/$defs/rule``): ``id`` (``YGO-GEN-SEGOC``),
    ``game``, ``title``, ``term`` (Japanese), ``rule`` (English), ``status`` (``decided``,
    ``partly-decided``, ``undecided``), ``undecided`` (what no source decides: no scenario asserts
    it), ``stated_by`` (rulings of the source page that state part of it), ``sources`` (dicts:
    kind, title, section, url, revision, via, date, quote), ``decided_in`` (dotted paths of the
    engine code that applies it), ``gap`` (what the reference engine does not do yet)."""
    id: str
    game: str
    title: str
    term: str
    rule: str
    status: str
    undecided: str = ""
    stated_by: tuple = ()
    sources: tuple = ()
    decided_in: tuple = ()
    gap: str = ""
    notes: str = ""

    @property
    def asserted(self) -> bool:
        """May a scenario rest on this rule (``False`` only for an ``undecided`` one)?"""
        return self.status != "undecided"


#: where the general-rules catalogue lives, relative to ``features/``
GENERAL_RULES_DIR = "general_rules"


@lru_cache(maxsize=None)
def general_rules(root: str | None = None) -> dict[str, GeneralRule]:
    """Every catalogued general rule by ID (both games). Raises :class:`InputError` for a file
    that fails its schema, an ID catalogued twice or an ID of the other game's prefix."""
    folder = Path(root) if root else features_dir() / GENERAL_RULES_DIR
    out: dict[str, GeneralRule] = {}
    for path in sorted(folder.glob("*.json")):
        doc = load_json(str(path))
        schemas.check(doc, "general-rules", str(path))
        prefix = {"ygo": "YGO-GEN-", "dm": "DM-GEN-"}[doc["game"]]
        for i, r in enumerate(doc["rules"]):
            if not r["id"].startswith(prefix):
                raise InputError(str(path), f"/rules/{i}/id", f"an ID beginning with {prefix} (the file is of game {doc['game']})", r["id"])
            if r["id"] in out:
                raise InputError(str(path), f"/rules/{i}/id", "a general-rule ID not catalogued elsewhere", r["id"])
            out[r["id"]] = GeneralRule(r["id"], doc["game"], r["title"], r["term"], r["rule"], r["status"],
                                       r.get("undecided", ""), tuple(r.get("stated_by", ())),
                                       tuple(r.get("sources", ())), tuple(r.get("decided_in", ())),
                                       r.get("gap", ""), r.get("notes", ""))
    return out


def dates_of_sources(scenario: dict) -> set:
    """Dates a scenario's ``in_force`` may begin or end on besides its rulings' own: the day the
    source page of its game was last edited (``source.revision.timestamp``: the page stated its
    rulings then) and the ``date`` of each source of the general rules it cites (an official
    change that replaced an answer of the page, e.g. DM-GEN-HIDDEN-ZONE-TRIGGERS: 2020-10-23)."""
    out = set()
    stamp = (sources().get(scenario.get("game"), {}).get("revision") or {}).get("timestamp")
    if stamp:
        out.add(stamp[:10])
    rules = general_rules()
    for ref in cited_rules(scenario):
        out.update(src["date"] for src in (rules[ref].sources if ref in rules else ()) if src.get("date"))
    return out


def cited_rules(scenario: dict) -> list:
    """The general-rule IDs a scenario cites (``cites`` of kind ``general-rule``), in order."""
    return [c["ref"] for c in scenario.get("cites", []) if isinstance(c, dict) and c.get("kind") == "general-rule"]


#: the dates an answer of the catalogue can carry (``rulings.schema.json#/$defs/answer``)
ANSWER_DATES = ("answered", "holds_since", "replaced", "reconfirmed")


def answer_dates(answer: dict) -> list:
    """Every date of one catalogued answer (:data:`ANSWER_DATES` it has)."""
    return [answer[k] for k in ANSWER_DATES if k in answer]


def one_spaced(text: str) -> str:
    """``text`` with every run of whitespace (line breaks and indentation included) as one space,
    stripped: the form in which a passage's quote is compared with the page."""
    return " ".join(text.split())


def passage_mismatch(copy_text: str, passage: dict) -> str | None:
    """``None`` when ``passage["quote"]`` stands in ``copy_text`` (the copy of the source page
    read, ``source.copy``) where ``passage["seed"]`` says: starting at its ``line`` and 1-based
    ``column`` and ending on its ``end_line`` (default ``line``), whitespace runs counted as one
    space; otherwise a sentence saying what differs (ND-*/AT-* passages, issue 15)."""
    seed, quote = passage["seed"], one_spaced(passage["quote"])
    first, last = seed["line"], seed.get("end_line", seed["line"])
    lines = copy_text.splitlines()
    if not 1 <= first <= last <= len(lines):
        return f"lines {first}-{last} are not lines of the copy (it has {len(lines)})"
    head = lines[first - 1]
    if seed["column"] > len(head):
        return f"column {seed['column']} is past the end of line {first} ({len(head)} characters)"
    if head[seed["column"] - 1].isspace():
        return f"line {first}, column {seed['column']} is whitespace, not the quote's first character"
    def text_to(end):
        return one_spaced("\n".join([head[seed["column"] - 1:]] + lines[first:end]))
    found = text_to(last)
    if not found.startswith(quote):
        if one_spaced(copy_text).find(quote) < 0:
            return "the quote is not in the copy"
        return (f"the quote is not at line {first}, column {seed['column']}"
                f"{f' to line {last}' if last != first else ''}; the copy reads there: {found[:len(quote) + 20]!r}")
    if last > first and text_to(last - 1).startswith(quote):
        return f"the quote ends before line {last} (end_line)"
    return None


_WIKI_MARKUP = [
    (re.compile(r"\[\[([^\]>]*?)(?:>[^\]]*|:[a-z]+://[^\]]*)?\]\]"), r"\1"),           # [[link]], [[text>page]], [[text:url]]
    (re.compile(r"&color\([^)]*\)\{([^}]*)\};"), r"\1"),                                  # &color(gray){不可};
    (re.compile(r"''(.*?)''"), r"\1"),                                                     # ''bold''
    (re.compile(r" ?\[#[0-9A-Za-z_-]+\]"), ""),                                            # heading anchor [#card]
    (re.compile(r"~(?= |$)"), ""),                                                          # ~ line break
    (re.compile(r"(^| )(?:\*{1,3}|-{1,3})(?=\S)"), r"\1"),                                 # heading / list markers
    (re.compile(r"\|h(?= |$)"), "|"),                                                      # table header row marker
]


def page_text(quote: str, form: str = "rendered") -> str:
    """The text a reader sees on the page for a passage's ``quote``. ``form`` is the copy's
    (``source.copy.form``): ``rendered`` quotes are already that text; a ``wiki-source`` quote
    (PukiWiki markup) loses the markup the page does not show (links ``[[…]]``, ``''bold''``,
    ``&color(…){…};``, heading anchors, ``~`` line breaks, list and heading markers). A line
    commented out with ``//`` is not shown on the page at all and is returned unchanged.

    >>> page_text("--[[発動]]・[[効果]]が[[無効]]にされた場合、通常のドローを行う。~", "wiki-source")
    '発動・効果が無効にされた場合、通常のドローを行う。'
    """
    if form != "wiki-source" or quote.startswith("//"):
        return quote
    for pattern, repl in _WIKI_MARKUP:
        quote = pattern.sub(repl, quote)
    return one_spaced(quote)


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
    """``name`` for matching: NFKC (full-width letters as ASCII, e.g. ＡＳＨ / Ｓｉｎ), without
    spaces and punctuation, case-folded."""
    import unicodedata
    return re.sub(r"[\s\-−–'’\"\.,!&・]+", "", unicodedata.normalize("NFKC", name)).casefold()


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


#: the facts of a card ``duelspec cards`` shows, in this order (those it has)
CARD_FACTS = ("card_type", "subtypes", "attribute", "race", "level", "rank", "link", "atk", "def",
              "civilizations", "cost", "power", "races", "keywords", "archetypes")


def card_lines(game: str, card: dict) -> list[str]:
    """What ``duelspec cards`` prints of a card of ``game``'s catalogue: its id and names, its facts,
    its text and where each fact comes from."""
    facts = [f"{k}: {card[k]}" for k in CARD_FACTS if k in card]
    lines = [f"[{game}] {card['id']}  {card['name']['en']}" + (f"  /  {card['name']['ja']}" if card["name"].get("ja") else ""),
             "  " + "; ".join(str(f) for f in facts)]
    if card.get("text"):
        lines.append("  text: " + card["text"])
    lines += [f"  source ({', '.join(src.get('facts', []))}): {src.get('ref', '')}" for src in card.get("sources", [])]
    return lines
