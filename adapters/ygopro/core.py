"""ctypes binding of the classic YGOPro core's C API (Fluorohydride/ygopro-core, ocgapi.h).

The library is the user's own build (``build.sh`` in this folder) or one they point to; it is
loaded once per process. Its three callbacks (script reader, card reader, log handler) are
process-global in the core (ocgapi.cpp:25-39), so :class:`Core` routes them to the duel that
is running (one at a time). Facts of the API this binding relies on (ocgapi.cpp at
``db4fd16``):

* ``process`` returns ``length | flags``: ``PROCESSOR_BUFFER_LEN`` (0x0fffffff) is the size of
  the pending messages, ``PROCESSOR_WAITING`` (0x10000000) a response is awaited,
  ``PROCESSOR_END`` (0x20000000) the duel is over (common.h:35-39). The core may say
  "waiting" with no prompt in the buffer (call ``process`` again).
* ``get_message`` copies the messages back to back, with no length prefix (messages.py).
* ``set_responseb`` always copies the core's whole ``SIZE_RETURN_VALUE`` from the buffer it is
  given, whatever the response's length: 256 bytes in Fluorohydride's core (duel.cpp:149-151 at
  ``db4fd16``), 512 in KoishiPro's (purerosefallen/ygopro-core ``535020f``) and mycard's
  (``cf3431e``: common.h:42, duel.cpp:153-155), as in Fluorohydride's before 2026-06-21 (``da19f8e``, 2024-06-18, to ``e19401a``). So the
  buffer passed is :data:`RESPONSE_BUFFER` = 512 bytes, zero past the response (both layouts read
  inside it), and a response is at most :data:`SIZE_RETURN_VALUE` = 256 bytes (what the smaller
  layout takes).
* The script reader gets names like ``./script/c12345.lua`` (interpreter.cpp:54-56, 191) and
  returns a pointer to the bytes that stays valid until the next call.
* ``card_data`` (card_data.h:48-62): code, alias, u16 setcode[16], type, level, attribute,
  race, attack, defense, lscale, rscale, link_marker, rule_code.
"""
from __future__ import annotations

import ctypes
import os

PROCESSOR_BUFFER_LEN = 0x0FFFFFFF
PROCESSOR_WAITING = 0x10000000
PROCESSOR_END = 0x20000000
SIZE_RETURN_VALUE = 256      # the longest response every core of the lineage reads whole
RESPONSE_BUFFER = 512        # what set_responseb copies from, in the cores that copy the most (512)
MESSAGE_BUFFER = 0x100000  # the core's own message buffers are of this order (ocgapi.cpp:28)
SEED_COUNT = 8              # ocgapi.h:26
QUERY_BUFFER = 0x20000      # of one query_field_card result


class CardData(ctypes.Structure):
    """``struct card_data`` of card_data.h."""
    _fields_ = [("code", ctypes.c_uint32), ("alias", ctypes.c_uint32), ("setcode", ctypes.c_uint16 * 16),
                ("type", ctypes.c_uint32), ("level", ctypes.c_uint32), ("attribute", ctypes.c_uint32),
                ("race", ctypes.c_uint32), ("attack", ctypes.c_int32), ("defense", ctypes.c_int32),
                ("lscale", ctypes.c_uint32), ("rscale", ctypes.c_uint32), ("link_marker", ctypes.c_uint32),
                ("rule_code", ctypes.c_uint32)]


SCRIPT_READER = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int))
CARD_READER = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_uint32, ctypes.POINTER(CardData))
MESSAGE_HANDLER = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_void_p, ctypes.c_uint32)

#: the 21 functions of ocgapi.h, (restype, argtypes)
_API = {
    "set_script_reader": (None, [SCRIPT_READER]),
    "set_card_reader": (None, [CARD_READER]),
    "set_message_handler": (None, [MESSAGE_HANDLER]),
    "create_duel": (ctypes.c_void_p, [ctypes.c_size_t]),
    "create_duel_v2": (ctypes.c_void_p, [ctypes.POINTER(ctypes.c_uint32)]),
    "start_duel": (None, [ctypes.c_void_p, ctypes.c_uint32]),
    "end_duel": (None, [ctypes.c_void_p]),
    "set_player_info": (None, [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32]),
    "get_log_message": (None, [ctypes.c_void_p, ctypes.c_char_p]),
    "get_message": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p]),
    "process": (ctypes.c_uint32, [ctypes.c_void_p]),
    "new_card": (None, [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint8, ctypes.c_uint8, ctypes.c_uint8,
                        ctypes.c_uint8, ctypes.c_uint8]),
    "new_tag_card": (None, [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint8, ctypes.c_uint8]),
    "query_card": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint8, ctypes.c_uint8, ctypes.c_uint32,
                                    ctypes.c_char_p, ctypes.c_int32]),
    "query_field_count": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint8]),
    "query_field_card": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_uint8, ctypes.c_uint8, ctypes.c_uint32,
                                          ctypes.c_char_p, ctypes.c_int32]),
    "query_field_info": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p]),
    "set_responsei": (None, [ctypes.c_void_p, ctypes.c_int32]),
    "set_responseb": (None, [ctypes.c_void_p, ctypes.c_char_p]),
    "preload_script": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p]),
    "default_script_reader": (ctypes.c_void_p, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]),
}


class CoreLoadError(Exception):
    """The library could not be loaded or lacks functions of the API."""


class Core:
    """The loaded library. ``Core(path)``; then :meth:`duel` for each scenario.

    Raises :class:`CoreLoadError` when ``path`` is not a loadable ygopro-core library."""

    def __init__(self, path: str):
        try:
            self.lib = ctypes.CDLL(os.path.abspath(path))
        except OSError as exc:
            raise CoreLoadError(f"{path}: cannot load the core library ({exc})") from None
        missing = [n for n in _API if not hasattr(self.lib, n)]
        if missing:
            raise CoreLoadError(f"{path}: not a classic ygopro-core library (missing {', '.join(missing)})")
        for name, (res, args) in _API.items():
            f = getattr(self.lib, name)
            f.restype, f.argtypes = res, args
        self.path = path
        self.current: Duel | None = None
        self._script_buf = None  # keeps the bytes of the last script alive for the core
        # scratch buffers of the calls that copy data out of the core, made once per process (a
        # duel runs at a time, and each call's bytes are taken before the next call)
        self._msg = ctypes.create_string_buffer(MESSAGE_BUFFER)
        self._resp = ctypes.create_string_buffer(RESPONSE_BUFFER)
        self._query = ctypes.create_string_buffer(QUERY_BUFFER)
        # the callbacks must outlive every call into the core: kept on the instance
        self._cb_script = SCRIPT_READER(self._read_script)
        self._cb_card = CARD_READER(self._read_card)
        self._cb_msg = MESSAGE_HANDLER(self._on_message)
        self.lib.set_script_reader(self._cb_script)
        self.lib.set_card_reader(self._cb_card)
        self.lib.set_message_handler(self._cb_msg)
        # the field is read ~1,000 times a scenario (issue 37): ``query_field_card`` without ctypes'
        # per-argument conversions (argtypes cost ~0.5 us a call; the handle is passed as a c_void_p,
        # the small integers as C ints, the buffer as its address), its bytes read in place
        self._query_fast = self.lib["query_field_card"]           # a function object of its own
        self._query_fast.restype = ctypes.c_int32
        self._query_view = memoryview(self._query).cast("B")
        if os.environ.get("DUELSPEC_ENGINE_CLOCK"):
            _install_clock(self, os.environ["DUELSPEC_ENGINE_CLOCK"])

    # -- callbacks (exceptions must not cross into C: they are recorded on the duel)
    def _read_script(self, name, length):
        d = self.current
        try:
            text = d.script_reader(name.decode("utf-8", "replace")) if d else None
        except Exception as exc:  # pragma: no cover - defensive
            if d:
                d.log.append(f"[adapter] script reader failed on {name!r}: {exc}")
            text = None
        if d and d.watch is not None:
            d.watch.on_read(name.decode("utf-8", "replace"), text is not None)
        if text is None:
            return None
        # the core reads the bytes in place (a bytes object's buffer does not move); kept alive
        # until the next read, as the core expects (no copy: the base scripts are ~0.5 MB a duel)
        text = bytes(text)
        self._script_buf = text
        length[0] = len(text)
        return ctypes.cast(ctypes.c_char_p(text), ctypes.c_void_p).value

    def _read_card(self, code, data):
        d = self.current
        try:
            rec = d.card_reader(int(code)) if d else None
        except Exception as exc:  # pragma: no cover - defensive
            if d:
                d.log.append(f"[adapter] card reader failed on {code}: {exc}")
            rec = None
        cd = data.contents
        ctypes.memset(ctypes.byref(cd), 0, ctypes.sizeof(CardData))
        cd.code = code
        if rec:
            cd.alias = rec.get("alias", 0)
            for i, s in enumerate(rec.get("setcodes", [])[:16]):
                cd.setcode[i] = s
            cd.type, cd.level, cd.attribute = rec.get("type", 0), rec.get("level", 0), rec.get("attribute", 0)
            cd.race, cd.attack, cd.defense = rec.get("race", 0), rec.get("attack", 0), rec.get("defense", 0)
            cd.lscale, cd.rscale = rec.get("lscale", 0), rec.get("rscale", 0)
            cd.link_marker = rec.get("link_marker", 0)
        return 0

    def _on_message(self, pduel, kind):
        buf = ctypes.create_string_buffer(256)
        self.lib.get_log_message(pduel, buf)
        text = buf.value.decode("utf-8", "replace")
        d = self.current
        if d:
            d.log.append(f"[core {'error' if kind == 1 else 'debug'}] {text}")
            if d.watch is not None:
                d.watch.on_log(int(kind), text)
        return 0

    def duel(self, seed: int, card_reader, script_reader, watch=None) -> "Duel":
        """A new duel; ``card_reader(code) -> dict | None`` (keys of :class:`CardData`, ``setcodes``
        a list), ``script_reader(name) -> bytes | None``; ``watch``: an object with ``on_read(name,
        found)`` and ``on_log(type, text)`` told of every script read and core log line from the
        duel's creation on (the base scripts are loaded then), e.g. an
        :class:`~duelspec.adapters.ygopro.engine_errors.EngineErrors`. Destroy it with :meth:`Duel.end`."""
        return Duel(self, seed, card_reader, script_reader, watch)


#: the core's own work, measured for benchmarks/bench.py (``engines``): with DUELSPEC_ENGINE_CLOCK
#: set to a file, the CPU time of this thread (the core runs in it) and the wall time spent inside
#: the calls that play the duel ("duel") are summed (a call made from inside another counts once; the
#: adapter's callbacks the core makes during a call, card data and script bytes, count in it) and one
#: JSON line is appended to the file when the process exits. Only the duel calls are clocked (~90 a
#: scenario): clocking also the ~1,000 calls a scenario that only read the duel ("observe": messages,
#: queries) inflated the run it measured (issue 37); DUELSPEC_ENGINE_CLOCK_OBSERVE=1 clocks those too,
#: for a profile. What one clocked call reads around no work (the clock's own cost inside the
#: interval) is measured at exit over :data:`CALIBRATION` calls, ``clock_bias_cpu_s`` (per call):
#: bench.py subtracts calls x bias.
CLOCKED = {"duel": ("create_duel", "create_duel_v2", "start_duel", "end_duel", "set_player_info", "process", "new_card",
                    "new_tag_card", "set_responsei", "set_responseb", "preload_script"),
           "observe": ("get_log_message", "get_message", "query_card", "query_field_count", "query_field_card",
                       "query_field_info")}
CALIBRATION = 20000


def _install_clock(core: Core, path: str) -> None:
    import atexit
    import json
    import time
    cpu, wall = time.thread_time_ns, time.perf_counter_ns          # the core runs in this thread
    kinds = ("duel", "observe") if os.environ.get("DUELSPEC_ENGINE_CLOCK_OBSERVE") == "1" else ("duel",)
    spent = {k: [0, 0, 0] for k in kinds}                            # CPU ns, wall ns, calls
    depth = [0]

    def timed(total, f):
        def call(*args):
            if depth[0]:
                return f(*args)
            depth[0] = 1
            c, w = cpu(), wall()
            try:
                return f(*args)
            finally:
                total[0] += cpu() - c
                total[1] += wall() - w
                total[2] += 1
                depth[0] = 0
        return call
    lib = core.lib
    for kind in kinds:
        for name in CLOCKED[kind]:
            setattr(lib, name, timed(spent[kind], getattr(lib, name)))
    if "observe" in kinds:
        core._query_fast = timed(spent["observe"], core._query_fast)

    def write():
        t = os.times()
        line = {"engine": "ygopro", "pid": os.getpid(), "cpu_s": t.user + t.system, "observe_clocked": "observe" in kinds}
        for kind, (c, w, n) in spent.items():
            line.update({f"{kind}_cpu_s": c / 1e9, f"{kind}_wall_s": w / 1e9, f"{kind}_calls": n})
        probe = [0, 0, 0]
        empty = timed(probe, lambda: 0)
        for _ in range(CALIBRATION):
            empty()
        line.update({"clock_bias_cpu_s": probe[0] / 1e9 / CALIBRATION, "clock_bias_wall_s": probe[1] / 1e9 / CALIBRATION})
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(line) + "\n")
    atexit.register(write)


class Duel:
    """One duel in the core. Methods map 1:1 to ocgapi.h."""

    def __init__(self, core: Core, seed: int, card_reader, script_reader, watch=None):
        self.core, self.lib = core, core.lib
        self.card_reader, self.script_reader = card_reader, script_reader
        self.log: list[str] = []
        self.watch = watch
        core.current = self
        seeds = (ctypes.c_uint32 * SEED_COUNT)(*[(seed * (i + 1) + 0x9E3779B9 * i) & 0xFFFFFFFF
                                                  for i in range(SEED_COUNT)])
        self.h = self.lib.create_duel_v2(seeds)
        self._msg, self._resp, self._query = core._msg, core._resp, core._query
        self._handle = ctypes.c_void_p(self.h)

    def _active(self):
        self.core.current = self

    def set_player_info(self, player: int, lp: int, start_count: int, draw_count: int) -> None:
        self.lib.set_player_info(self.h, player, lp, start_count, draw_count)

    def new_card(self, code: int, owner: int, controller: int, location: int, sequence: int, position: int) -> None:
        self._active()
        self.lib.new_card(self.h, code, owner, controller, location, sequence, position)

    def preload(self, name: str) -> bool:
        self._active()
        return bool(self.lib.preload_script(self.h, name.encode()))

    def start(self, options: int) -> None:
        self._active()
        self.lib.start_duel(self.h, options)

    def process(self) -> tuple[int, bool, bool]:
        """``(buffer length, waiting, ended)``."""
        self._active()
        r = self.lib.process(self.h)
        return r & PROCESSOR_BUFFER_LEN, bool(r & PROCESSOR_WAITING), bool(r & PROCESSOR_END)

    def messages(self) -> bytes:
        n = self.lib.get_message(self.h, self._msg)
        return ctypes.string_at(self._msg, max(n, 0))   # only the n bytes (``.raw`` copies the whole 1 MiB first)

    def respond_int(self, value: int) -> None:
        self.lib.set_responsei(self.h, value)

    def respond_bytes(self, data: bytes) -> None:
        if len(data) > SIZE_RETURN_VALUE:
            raise ValueError(f"a response is at most {SIZE_RETURN_VALUE} bytes")
        ctypes.memset(self._resp, 0, RESPONSE_BUFFER)
        ctypes.memmove(self._resp, data, len(data))
        self.lib.set_responseb(self.h, self._resp)

    def query_field_card(self, player: int, location: int, flags: int) -> bytes:
        self._active()
        n = self.lib.query_field_card(self.h, player, location, flags, self._query, 0)
        return ctypes.string_at(self._query, max(n, 0))

    def query_field_view(self, player: int, location: int, flags: int) -> memoryview:
        """What :meth:`query_field_card` returns, as a view of the core's bytes in this process's
        query buffer, not copied: valid until the next query (the caller copies what it keeps).
        The duel must be the core's current one (:meth:`activate`)."""
        n = self.core._query_fast(self._handle, player, location, flags, self._query, 0)
        return self.core._query_view[:n if n > 0 else 0]

    def activate(self) -> None:
        """This duel is the one the core's callbacks are for (set by every call that plays it)."""
        self.core.current = self

    def query_field_count(self, player: int, location: int) -> int:
        return self.lib.query_field_count(self.h, player, location)

    def end(self) -> None:
        if self.h:
            self.lib.end_duel(self.h)
            self.h = None
        if self.core.current is self:
            self.core.current = None
