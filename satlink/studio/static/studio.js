// satlink studio: the page.  Edit a board with a live verdict, ask why, repair, generate,
// play it, and order a pack; every judgement comes from the server (satlink itself).

import { ApiError, get, latest, post } from "./api.js";
import { cellAt, drawBoard, layoutOf, sideAt, svgPoint, tunnelAt } from "./draw.js";
import * as M from "./model.js";
import { gradeAll, packBoards, renderPack, sortByGrade } from "./pack.js";
import { setupPanels } from "./panels.js";
import * as P from "./play.js";

const $ = id => document.getElementById(id);
const svg = $("board");
const S = {
  mode: "edit", model: M.emptyModel(5, 5), layout: null, history: [], future: [],
  verdict: null, error: null, which: 0, why: null, step: 0, preview: null,
  play: P.newPlay(), hint: null, pack: null, session: null, timings: [], solverMs: [], phases: [],
};
window.studio = S;  // for the tests and the curious

// -- layouts (one per size and cell kind, laid out by board.js in the page) -----------------
function layoutFor(m) { return Promise.resolve(layoutOf(m)); }

function say(text, cls = "") { $("message").textContent = text || ""; $("message").className = cls; }
function rules() { return $("rules").value; }
function setRules(name) {
  const select = $("rules");
  if (![...select.options].some(o => o.value === name)) select.add(new Option(name, name));
  select.value = name;
  $("rules-text").textContent = ruleText(name);
}

// -- drawing -------------------------------------------------------------------------------
function overlay() {
  const m = S.model, v = S.verdict;
  const over = {};
  if (S.error && S.error.row != null) over.bad = new Set([S.error.row * m.width + S.error.col]);
  if (S.mode === "play") {
    over.paths = S.play.paths;
    if (S.hint) { over.mark = S.hint.mark; over.edges = S.hint.edges; over.cuts = S.hint.cuts; }
    return over;
  }
  if (S.why && S.why.status === "unique" && S.why.trace) {
    const steps = S.why.trace.steps, edges = [];
    for (let i = 0; i <= S.step && i < steps.length; i++) edges.push(...steps[i].on);
    over.edges = edges.map(e => e.map(([r, c]) => r * m.width + c));
    over.cuts = (steps[S.step]?.off || []).map(e => e.map(([r, c]) => r * m.width + c));
    over.mark = M.cellsOf(m, steps[S.step]?.cells);
    return over;
  }
  if (S.why && S.why.status === "unsolvable") {
    over.mark = M.cellsOf(m, S.why.cells);
    const decided = S.why.reason === "deduction" ? (S.why.trace?.steps || []).flatMap(st => st.on) : [];
    over.edges = decided.map(e => e.map(([r, c]) => r * m.width + c));  // the state it fails in
    over.cuts = (S.why.failure?.edges || []).map(e => e.map(([r, c]) => r * m.width + c));
    if (S.why.empty_cells?.solution && S.why.reason === "empty-cells") {
      over.ghost = M.pathsToCells(m, S.why.empty_cells.solution);
    }
    return over;
  }
  if (v && $("show-solution").checked && v.solutions?.length) {
    over.paths = M.pathsToCells(m, v.solutions[Math.min(S.which, v.solutions.length - 1)]);
  }
  if (v && v.status === "multiple") over.diff = M.cellsOf(m, v.diff_cells);
  return over;
}

async function redraw() {
  if (S.preview) {
    const layout = await layoutFor(S.preview.model);
    drawBoard(svg, layout, S.preview.model, {paths: M.pathsToCells(S.preview.model, S.preview.paths),
      mark: M.cellsOf(S.preview.model, S.preview.cells), faded: true});
    return;
  }
  S.layout = await layoutFor(S.model);
  drawBoard(svg, S.layout, S.model, overlay());
}

function showVerdict() {
  const box = $("verdict"), v = S.verdict;
  if (S.error) {
    box.className = "verdict invalid";
    const label = M.pending(S.model);
    box.querySelector(".status").textContent = "invalid";
    box.querySelector(".detail").textContent = label
      ? `place the second endpoint of ${label}` : S.error.message;
    return;
  }
  if (!v) { box.className = "verdict"; box.querySelector(".status").textContent = "…"; return; }
  box.className = "verdict " + v.status;
  box.querySelector(".status").textContent = v.status;
  const how = v.decided_by_deduction ? ", by deduction" : "";
  box.querySelector(".detail").textContent =
    `under ${v.rules} · ${Math.round(v.seconds * 1000)} ms${how}` +
    (v.status === "multiple" ? ` · ${v.diff_cells.length} cells differ` : "") + (v.message ? ` · ${v.message}` : "");
}

// -- the live verdict ----------------------------------------------------------------------
async function liveCheck() {
  const board = M.toBoard(S.model), editedAt = S.editedAt ?? performance.now();
  S.editedAt = null;
  S.verdict = null;
  $("verdict").dataset.state = "checking";
  const sentAt = performance.now();
  let answeredAt = sentAt;
  try {
    const v = await latest("check", "check", {board, rules: rules()});
    answeredAt = performance.now();
    if (!v) return;  // a newer edit took over
    S.verdict = v; S.error = null;
    if (S.pack && S.pack.current != null && v.status === "unique") {
      S.pack.boards[S.pack.current].solution = v.solutions[0];
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    S.error = e.error; S.verdict = null;
  }
  $("verdict").dataset.state = "done";
  showVerdict();
  await redraw();
  const drawnAt = performance.now();
  S.timings.push(drawnAt - editedAt);  // edit -> verdict drawn (the benchmark's figure)
  if (S.verdict) S.solverMs.push(1000 * S.verdict.seconds);  // of which the check itself
  S.phases.push({send: sentAt - editedAt, wait: answeredAt - sentAt, draw: drawnAt - answeredAt,
    server: S.verdict ? 1000 * S.verdict.server_seconds : null});  // where the time went
}

// -- edits, undo and redo ------------------------------------------------------------------
function changed() {
  S.editedAt = performance.now();
  S.why = null; S.preview = null; S.hint = null; S.which = 0; S.play = P.newPlay();
  $("why-out").textContent = ""; $("proposals").textContent = ""; $("play-out").textContent = "";
  if (S.pack && S.pack.current != null) {
    const item = S.pack.boards[S.pack.current];
    item.board = M.toBoard(S.model); item.verdict = null; delete item.solution;
  }
  redraw();
  liveCheck();
}

function edit(fn) {
  const before = M.copyModel(S.model);
  if (!fn(S.model)) return;
  S.history.push(before); S.future = [];
  changed();
}

function replace(model) {
  S.history.push(S.model); S.future = [];
  S.model = model;
  syncSizeInputs();
  changed();
}

function undo() { if (S.history.length) { S.future.push(S.model); S.model = S.history.pop(); syncSizeInputs(); changed(); } }
function redo() { if (S.future.length) { S.history.push(S.model); S.model = S.future.pop(); syncSizeInputs(); changed(); } }

function syncSizeInputs() {
  $("w").value = S.model.width; $("h").value = S.model.height;
  $("kind").value = S.model.kind; $("wrap").checked = S.model.wrap;
}

// -- pointer: the editor's tools and play mode ----------------------------------------------
let drag = null;
function tool() { return document.querySelector("input[name=tool]:checked").value; }

svg.addEventListener("pointerdown", e => {
  if (!S.layout || S.preview) return;
  const p = svgPoint(svg, e), x = cellAt(S.layout, p.x, p.y);
  svg.setPointerCapture(e.pointerId);
  if (S.mode === "play") {
    if (x >= 0 && P.start(S.layout, S.model, S.play, x)) { drag = {play: true}; S.hint = null; say(""); redraw(); }
    return;
  }
  if (S.mode !== "edit") return;
  const t = tool();
  if (t === "wall") {
    const side = sideAt(S.layout, p.x, p.y);
    if (side) edit(m => M.toggleWall(m, side.a, side.b));
    return;
  }
  if (x < 0) return;
  const ch = S.model.cells[x];
  if (t === "end") {
    if (ch !== "." && ch !== "#") drag = {from: x};
    else edit(m => M.placeEnd(m, x));
  } else if (t === "hole") {
    const value = ch === "#" ? "." : "#";
    edit(m => M.toggleHole(m, x));
    drag = {paint: value, last: x};
  } else if (t === "bridge") {
    if (ch !== ".") say("a bridge goes on an empty cell, never on an endpoint or a hole");
    else edit(m => M.toggleBridge(m, x));
  }
  else if (t === "erase") edit(m => M.erase(m, x));
});

svg.addEventListener("pointermove", e => {
  if (!drag || !S.layout) return;
  const p = svgPoint(svg, e), x = cellAt(S.layout, p.x, p.y);
  if (drag.play) {
    const to = x >= 0 ? x : tunnelAt(S.layout, p.x, p.y);
    if (P.extend(S.layout, S.model, S.play, to)) redraw();
  } else if (drag.paint && x >= 0 && x !== drag.last) {
    drag.last = x;
    if (S.model.cells[x] !== drag.paint && ".#".includes(S.model.cells[x])) edit(m => M.toggleHole(m, x));
  }
});

svg.addEventListener("pointerup", e => {
  const was = drag; drag = null;
  if (!was || !S.layout) return;
  if (was.play) { P.stop(S.play); referee(); return; }
  if (was.from != null) {
    const p = svgPoint(svg, e), to = cellAt(S.layout, p.x, p.y);
    if (to >= 0 && to !== was.from) edit(m => M.moveEnd(m, was.from, to));
  }
});

// -- play: the referee's win and the hint ---------------------------------------------------
async function referee() {
  const paths = P.drawn(S.model, S.play);
  const labels = new Set(S.model.cells.filter(ch => ch !== "." && ch !== "#"));
  if (Object.keys(paths).length < labels.size) { say(""); return; }
  try {
    const r = await post("referee", {board: M.toBoard(S.model), rules: rules(), paths});
    if (r.win) say(`Solved! (checked by satlink's referee under ${r.rules})`, "win");
    else say(r.errors[0]);
  } catch (e) { say(e.message); }
}

$("hint").addEventListener("click", async () => {
  try {
    const h = await latest("hint", "hint", {board: M.toBoard(S.model), rules: rules(), paths: P.drawn(S.model, S.play)});
    if (!h) return;  // a newer click took over
    const m = S.model, at = ([r, c]) => r * m.width + c;
    S.hint = {mark: M.cellsOf(m, h.step?.cells || h.failure?.cells),
      edges: (h.step?.on || h.failure?.edges || []).map(e => e.map(at)),
      cuts: (h.step?.off || []).map(e => e.map(at))};
    $("play-out").textContent = h.sentence;
    redraw();
  } catch (e) { $("play-out").textContent = e.message; }
});
$("clear").addEventListener("click", () => { S.play = P.newPlay(); S.hint = null; say(""); redraw(); });

setupPanels({S, redraw, replace, say, rules});

// -- generate ------------------------------------------------------------------------------
$("generate").addEventListener("click", async () => {
  say("generating…");
  try {
    const r = await latest("make", "generate", {width: +$("w").value, height: +$("h").value, kind: $("kind").value,
      wrap: $("wrap").checked, colours: $("colours").value || null, grade: $("band").value || null,
      holes: +$("gen-holes").value, walls: +$("gen-walls").value, bridges: +$("gen-bridges").value,
      rules: rules(), seed: Math.floor(Math.random() * 1e9)});
    if (!r) return;  // a newer Generate or Complete took over
    if (r.error) { say(r.error.message); return; }
    replace(M.fromBoard(r.board));
    say(`generated in ${r.attempts} attempt(s)`);
  } catch (e) { say(e.message); }
});

$("complete").addEventListener("click", async () => {
  say("completing…");
  try {
    const r = await latest("make", "complete", {board: M.toBoard(S.model), rules: rules(),
      paths: P.drawn(S.model, S.play), seed: Math.floor(Math.random() * 1e9)});
    if (!r) return;  // a newer Generate or Complete took over
    if (r.error) { say(r.error.message); return; }
    replace(M.fromBoard(r.board));
    say(`completed in ${r.attempts} attempt(s): unique under ${rules()}`);
  } catch (e) { say(e.message); }
});

// -- board, rules, undo --------------------------------------------------------------------
$("new").addEventListener("click", () => {
  replace(M.emptyModel(+$("w").value, +$("h").value, $("kind").value, $("wrap").checked));
});
$("resize").addEventListener("click", () => replace(M.resized(S.model, +$("w").value, +$("h").value)));
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("rules").addEventListener("change", () => { $("rules-text").textContent = ruleText(rules()); changed(); });
$("show-solution").addEventListener("change", redraw);
document.addEventListener("keydown", e => {
  if (!(e.ctrlKey || e.metaKey) || e.target.tagName === "INPUT") return;
  if (e.key === "z") { e.preventDefault(); undo(); }
  if (e.key === "y" || (e.key === "Z" && e.shiftKey)) { e.preventDefault(); redo(); }
});
const RULE_TEXT = {flow: "every cell on a path, no path beside itself", fill: "every cell on a path",
  nikoli: "cells may stay empty", notouch: "no path beside itself; cells may stay empty",
  "fill,no2x2": "every cell on a path, no 2×2 block of one path"};
const MORE_RULES = ["notouch", "fill,no2x2"];
function ruleText(name) { return RULE_TEXT[name] || name; }

const AUTO_CHECK = 100;  // packs up to this many boards are checked when the pack view opens

// -- modes ---------------------------------------------------------------------------------
function setMode(mode) {
  S.mode = mode;
  document.querySelectorAll("#modes button").forEach(b => b.classList.toggle("on", b.dataset.mode === mode));
  document.querySelectorAll(".panel").forEach(p => { p.hidden = p.dataset.for !== mode; });
  S.preview = null; S.hint = null; say("");
  if (mode === "pack") {
    showPack();
    const unchecked = S.pack && !S.pack.boards.some(b => b.verdict);
    if (unchecked && S.pack.boards.length <= AUTO_CHECK) gradeAll(S.pack, rules(), showPack);
  }
  redraw();
}
document.querySelectorAll("#modes button").forEach(b => b.addEventListener("click", () => setMode(b.dataset.mode)));

// -- files and the pack --------------------------------------------------------------------
function showPack() {
  if (!S.pack) { $("pack").textContent = "Open a pack (or start the studio with one) to see it here."; return; }
  renderPack($("pack"), S.pack, layoutFor, i => { openBoard(i); setMode("edit"); });
}

function openBoard(i) {
  const item = S.pack.boards[i];
  S.pack.current = i;
  if (item.rules) setRules(item.rules);
  S.history = []; S.future = [];
  S.model = M.fromBoard(item.board);
  syncSizeInputs();
  S.why = null; S.preview = null; S.play = P.newPlay();
  $("why-out").textContent = ""; $("proposals").textContent = ""; $("play-out").textContent = "";
  history.replaceState(null, "", "#" + item.index);
  redraw(); liveCheck();
}

function where(e) {
  return ["board", "line", "column"].filter(k => e[k] != null).map(k => `${k} ${e[k]}`).join(", ") + ": ";
}

function loadPack(opened) {
  S.pack = {...opened, current: null};
  $("path").value = opened.path;
  $("is-db").checked = opened.format === "catalogue";  // Save then adds to it
  const want = Number(location.hash.slice(1));
  let i = S.pack.boards.findIndex(b => b.index === want && !b.error);
  if (i < 0) i = S.pack.boards.findIndex(b => !b.error);
  if (i >= 0) openBoard(i);
  const bad = S.pack.boards.filter(b => b.error);
  say(`opened ${S.pack.boards.length} board(s) from ${opened.path}` + (bad.length
    ? `; ${bad.length} could not be read (${where(bad[0].error)}${bad[0].error.message})` : ""));
  if (S.mode === "pack") showPack();
}

$("open").addEventListener("click", async () => {
  try {
    loadPack(await post("open", {path: $("path").value, catalogue: $("is-db").checked}));
  } catch (e) { say(e.message); }
});

async function save(overwrite = false) {
  const path = $("path").value;
  const boards = S.pack ? packBoards(S.pack)
    : [{board: M.toBoard(S.model), rules: rules(), solution: S.verdict?.status === "unique" ? S.verdict.solutions[0] : undefined}];
  try {
    const catalogue = $("is-db").checked;
    const r = await post("save", {path, format: $("save-format").value || null, boards, overwrite,
      version: S.pack?.version, version_of: S.pack?.path, catalogue});
    if (catalogue) {  // boards added to a catalogue: the unique ones, each once
      const refused = r.refused.map(x => `#${x.board} ${x.status}`).join(", ");
      say(`added ${r.added} board(s) to the catalogue ${r.path}` +
        (r.duplicates ? `; ${r.duplicates} already in it` : "") +
        (refused ? `; not unique, not added: ${refused}` : ""));
      return;
    }
    if (S.pack) { S.pack.version = r.version; S.pack.path = path; }
    say(`saved ${boards.length} board(s) to ${r.path} (${r.format})`);
  } catch (e) {
    if (e instanceof ApiError && e.error.confirm) {
      if (confirm(e.message)) return save(true);
      say("not saved");
    } else say(e.message);
  }
}
$("save").addEventListener("click", () => save());

$("grade-all").addEventListener("click", async () => {
  if (!S.pack) return;
  await gradeAll(S.pack, rules(), showPack);
  say("every board checked");
});
$("sort").addEventListener("click", () => { if (S.pack) { sortByGrade(S.pack); showPack(); } });
$("download").addEventListener("click", async () => {
  if (!S.pack) return;
  try {
    const fmt = $("export-format").value;
    const r = await post("export", {boards: packBoards(S.pack), format: fmt});
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([r.text], {type: "text/plain"}));
    a.download = "pack." + {json: "jsonl", wh: "txt", grid: "grid", flowfree: "flow", puzzlink: "url"}[fmt];
    a.click();
  } catch (e) { say(e.message); }
});

// -- start ---------------------------------------------------------------------------------
async function main() {
  S.session = await get("session");
  for (const name of [...S.session.profiles, ...MORE_RULES]) $("rules").add(new Option(name, name));
  for (const name of S.session.formats) {
    $("save-format").add(new Option(name, name));
    $("export-format").add(new Option(name, name));
  }
  $("export-format").value = "json";  // the format that holds everything (rules, variants)
  $("rules-text").textContent = ruleText(rules());
  if (S.session.opened) loadPack(S.session.opened);
  else { redraw(); liveCheck(); }
  document.body.dataset.ready = "1";
}
main();
