// duelspec site: the ja/en card-name switch, the matrix filters and the search box.
// No network, no framework: it runs from file:// as well as from any static host.
(function () {
  "use strict";
  var root = document.documentElement;
  var sw = document.getElementById("lang-switch");
  function setLang(lang) {
    root.setAttribute("data-lang", lang);
    if (sw) { sw.setAttribute("aria-pressed", lang === "ja" ? "true" : "false"); }
    try { window.localStorage.setItem("duelspec-lang", lang); } catch (e) { /* storage may be off under file:// */ }
  }
  var saved = null;
  try { saved = window.localStorage.getItem("duelspec-lang"); } catch (e) { saved = null; }
  if (saved === "ja" || saved === "en") { setLang(saved); }
  if (sw) { sw.addEventListener("click", function () { setLang(root.getAttribute("data-lang") === "ja" ? "en" : "ja"); }); }

  var matrix = document.getElementById("matrix");
  if (!matrix) { return; }
  var game = document.getElementById("f-game"), engine = document.getElementById("f-engine"),
      outcome = document.getElementById("f-outcome"), search = document.getElementById("f-search"),
      count = document.getElementById("match-count"), list = document.getElementById("search-results");
  var index = [];
  if (Array.isArray(window.duelspecSearchIndex)) { index = window.duelspecSearchIndex; }   // search-index.js
  function fold(s) { return String(s || "").toLowerCase().replace(/[\s\-−–'’".,!&・]+/g, ""); }
  index.forEach(function (s) { s._k = fold([s.id, s.title, (s.rulings || []).join(" "), (s.cards || []).join(" ")].join(" ")); });

  function apply() {
    var g = game.value, e = engine.value, o = outcome.value, q = fold(search.value);
    var hits = q ? index.filter(function (s) { return s._k.indexOf(q) !== -1; }) : null;
    var rulingsHit = null;
    if (hits) { rulingsHit = {}; hits.forEach(function (s) { (s.rulings || []).forEach(function (r) { rulingsHit[r] = true; }); }); }
    var shown = 0;
    Array.prototype.forEach.call(matrix.tBodies[0].rows, function (tr) {
      var ok = (!g || tr.getAttribute("data-game") === g);
      if (ok && o) {
        var states = tr.getAttribute("data-states").trim().split(/\s+/).map(function (x) { return x.split("="); });
        ok = states.some(function (p) { return (!e || p[0] === e) && p[1] === o; });
      }
      if (ok && rulingsHit) { ok = !!rulingsHit[tr.getAttribute("data-ruling")] || fold(tr.getAttribute("data-ruling")).indexOf(q) !== -1; }
      tr.hidden = !ok;
      if (ok) { shown += 1; }
    });
    Array.prototype.forEach.call(matrix.querySelectorAll("[data-engine]"), function (cell) {
      cell.hidden = !!e && cell.getAttribute("data-engine") !== e;
    });
    count.textContent = shown + " ruling" + (shown === 1 ? "" : "s") + " shown" + (hits ? "; " + hits.length + " scenario" + (hits.length === 1 ? "" : "s") + " match" : "");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    if (hits) {
      hits.slice(0, 200).forEach(function (s) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = s.href || (s.rulings && s.rulings.length ? "rulings/" + encodeURIComponent(s.rulings[0]) + ".html#generated" : "#");
        a.textContent = s.id; li.appendChild(a);
        li.appendChild(document.createTextNode(" — " + (s.title || "generated chain (" + (s.rulings || []).join(", ") + ")")));
        list.appendChild(li);
      });
    }
    list.hidden = !hits;
  }
  [game, engine, outcome].forEach(function (el) { el.addEventListener("change", apply); });
  search.addEventListener("input", apply);
  apply();
})();
