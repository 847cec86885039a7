// pattern.mjs — duelspec EDOPro adapter (MIT). An event pattern matched against a trace event,
// as duelspec's checker does it (duelspec/judging/checker.py `matches`): every field the pattern names
// is equal in the event; arrays compare as multisets; booleans equal only booleans.
// Used for a format-2 step's `when.after` (the trigger window it names).

const key = (x) => JSON.stringify(x, Object.keys(x ?? {}).sort());

/** Equality of a pattern value and an event value (checker.py `_same`). */
export function same(expected, actual) {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    const a = expected.map((x) => (typeof x === "object" ? key(x) : JSON.stringify(x))).sort();
    const b = actual.map((x) => (typeof x === "object" ? key(x) : JSON.stringify(x))).sort();
    return a.every((x, i) => x === b[i]);
  }
  if (typeof expected === "boolean" || typeof actual === "boolean") return typeof expected === typeof actual && expected === actual;
  if (expected !== null && typeof expected === "object") return actual !== null && typeof actual === "object" && key(expected) === key(actual);
  return expected === actual;
}

/** Does `event` match `pattern` (checker.py `matches`)? */
export function matches(pattern, event) {
  if (!pattern || !event || pattern.event !== event.event) return false;
  for (const [k, v] of Object.entries(pattern)) if (!(k in event) || !same(v, event[k])) return false;
  return true;
}
