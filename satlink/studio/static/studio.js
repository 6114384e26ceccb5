// satlink studio: the page.  Edit a board with a live verdict (draw its paths, or place its
// endpoints), ask why, repair, generate, play it, share it, and order a pack; every
// judgement comes from the server (satlink itself).

import { ApiError, cancel, get, latest, post } from "./api.js";
import { cellAt, drawBoard, layoutOf, sideAt, svgPoint, tunnelAt } from "./draw.js";
import { setupFiles } from "./files.js";
import { setupKeys } from "./keys.js";
import { drawingWords, namedCells, overlayOf, solutionPair } from "./overlay.js";
import * as M from "./model.js";
import { setupPanels } from "./panels.js";
import * as P from "./play.js";
import { setupRepair } from "./repair.js";
import { setupShare, sharedIn } from "./share.js";
import * as Doc from "./document.js";
import { setupWork } from "./work.js";
import * as D from "./sketch.js";

const $ = id => document.getElementById(id);
const svg = $("board");
const S = {
  mode: "edit", model: M.emptyModel(5, 5), layout: null, history: [], future: [],
  verdict: null, error: null, which: 0, why: null, step: 0, preview: null, sketch: null,
  play: P.newPlay(), hint: null, pack: null, session: null, timings: [], solverMs: [], phases: [],
  version: 0, cursor: null, chain: null, panelFor: null,
};
window.studio = S;  // for the tests and the curious
let files = null;  // setupFiles's, once the page's parts are set up

// -- layouts (one per size and cell kind, laid out by board.js in the page) -----------------
function layoutFor(m) { return Promise.resolve(layoutOf(m)); }

// A message belongs to the board it was said about: the next change clears it.
function say(text, cls = "") { $("message").textContent = text || ""; $("message").className = cls; named(); }
function rules() { return $("rules").value; }
function setRules(name) {
  const select = $("rules");
  if (![...select.options].some(o => o.value === name)) select.add(new Option(name, name));
  select.value = name;
  $("rules-text").textContent = ruleText(name);
}
function tool() { return document.querySelector("input[name=tool]:checked").value; }
function wanted() { const v = $("label").value.trim(); return M.isTypedLabel(v) ? v : null; }

// -- drawing -------------------------------------------------------------------------------
// The cells the words on the page name, "(r,c)": each is ringed on the board.
function named() {
  const text = [$("message").textContent, $("verdict").querySelector(".detail").textContent,
    S.mode === "play" ? $("play-out").textContent : "",
    ...(S.mode === "edit" ? [...document.querySelectorAll("#why-out p")].map(p => p.textContent) : [])].join(" ");
  S.named = namedCells(S.model, text);
  return S.named;
}

function overlay() {
  return overlayOf(S, {showSolution: $("show-solution").checked, packSolutions: $("pack-solutions").checked});
}

async function redraw() {
  if (S.preview) {
    const pm = S.preview.model;
    const layout = await layoutFor(pm);
    drawBoard(svg, layout, pm, {paths: S.preview.paths ? M.pathsToCells(pm, S.preview.paths) : pm.paths,
      mark: M.cellsOf(pm, S.preview.cells), faded: true, colours: pm.colours, coords: true});
    return;
  }
  S.layout = await layoutFor(S.model);
  named();  // the cells the words on the page name now (a why panel, a message)
  drawBoard(svg, S.layout, S.model, overlay());
}

function showVerdict() {
  const box = $("verdict"), v = S.verdict, status = box.querySelector(".status"), detail = box.querySelector(".detail");
  $("nearest").hidden = true;
  if (!M.labelsOf(S.model).size) {
    box.className = "verdict blank"; status.textContent = "blank";
    detail.textContent = "drag across cells to draw a path (its ends are the puzzle), or place endpoints";
    named(); return;
  }
  if (S.error) {
    box.className = "verdict invalid";
    const label = M.pending(S.model);
    status.textContent = "invalid";
    detail.textContent = label
      ? `${label} has one endpoint: place its second endpoint, or erase this one too` : S.error.message;
    named(); return;
  }
  if (!v) { box.className = "verdict"; status.textContent = "…"; showSwitch(); return; }
  // a drawing in progress whose ends are no puzzle yet: said as such, not as an error
  const drawing = v.drawing?.outcome === "partial" && v.status === "unsolvable";
  box.className = "verdict " + (drawing ? "drawing" : v.status);
  status.textContent = drawing ? "drawing" : v.status;
  const how = v.decided_by_deduction ? ", by deduction" : "";
  const parts = [`under ${v.rules} · ${Math.round(v.seconds * 1000)} ms${how}`];
  if (v.breaks?.length) parts.push("but " + v.breaks.join("; "));
  if (drawing) parts.push(`the ends placed so far: ${v.status}`);
  if (v.drawing) parts.push(drawingWords(v.drawing));
  else if (v.status === "multiple") parts.push(`${v.diff_cells.length} cells differ`);
  if (v.message) parts.push(v.message);
  detail.textContent = parts.join(" · ");
  $("nearest").hidden = !(v.status === "unsolvable" && tool() !== "draw" && !Object.keys(S.model.paths).length);
  showSwitch();
  named();
}

// The switch between two solutions (a drawing and the other one, or the first two of a
// board with several), shown whenever there are two: each is drawn in full when chosen.
function showSwitch() {
  const box = $("which"), pair = S.mode === "edit" ? solutionPair(S) : null;
  box.hidden = !pair;
  if (!pair) return;
  box.querySelectorAll("button").forEach((b, i) => {
    b.textContent = pair.names[i];
    b.classList.toggle("on", S.which === i);
  });
}
$("which").querySelectorAll("button").forEach((b, i) => b.addEventListener("click", () => {
  S.which = i; showSwitch(); redraw();
}));

// -- the live verdict ----------------------------------------------------------------------
async function liveCheck() {
  const board = M.toBoard(S.model), editedAt = S.editedAt ?? performance.now(), version = S.version;
  S.editedAt = null;
  S.verdict = null;
  if (!M.labelsOf(S.model).size) {  // a blank board: nothing to judge yet
    S.error = null; showVerdict(); $("verdict").dataset.state = "done"; await redraw(); return;
  }
  $("verdict").dataset.state = "checking";
  const sentAt = performance.now();
  let answeredAt = sentAt;
  const body = {board, rules: rules()};
  if (Object.keys(S.model.paths).length) body.paths = M.pathsToCoords(S.model, S.model.paths);
  try {
    const v = await latest("check", "check", body);
    answeredAt = performance.now();
    if (!v || version !== S.version) return;  // a newer edit took over
    S.verdict = v; S.error = null;
    if (S.pack.current != null) {
      const item = S.pack.boards[S.pack.current];
      item.verdict = {status: v.status, solution: v.status === "unique" ? v.solutions[0] : undefined};
      if (v.status === "unique") item.solution = v.solutions[0];
      if (S.mode === "pack") files.showPack();
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (version !== S.version) return;
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
  if (S.verdict?.drawing?.outcome === "one-of-several" && S.mode === "edit") repair.fixes();
}

// -- edits, undo and redo ------------------------------------------------------------------
function changed() {
  S.version++;
  S.editedAt = performance.now();
  S.why = null; S.preview = null; S.hint = null; S.which = 0; S.play = P.newPlay();
  $("why-out").textContent = ""; $("play-out").textContent = "";
  say("");
  if (!repair.follow()) repair.clear();
  if (S.pack.current == null) {  // an edit always lands in the pack: a board of its own
    S.pack.current = Doc.addBoard(S.pack, Doc.newItem(M.toBoard(S.model), {rules: rules()}));
  }
  const item = S.pack.boards[S.pack.current];
  item.board = M.toBoard(S.model); item.rules = rules(); item.verdict = null; delete item.solution;
  item.paths = M.pathsToCoords(S.model, S.model.paths);
  touch();
  showLabel();
  redraw();
  liveCheck();
}

// One edit of the model; ``fn`` returns true (done), false (nothing to do) or a sentence
// (refused, said on the page).  Drawn paths the edit broke are dropped, and said so.
function edit(fn) {
  const before = M.copyModel(S.model);
  const done = fn(S.model);
  if (typeof done === "string") { say(done); return false; }
  if (!done) return false;
  const dropped = M.reconcile(S.model, S.layout);
  M.colourise(S.model);
  S.history.push(before); S.future = [];
  changed();
  return {dropped, before};
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
  if (S.cursor != null && S.cursor >= S.model.cells.length) S.cursor = null;
}

// The label the next new pair gets (the designer's choice when free), shown in its box.
function showLabel() {
  const box = $("label"), next = M.pending(S.model) || M.newLabel(S.model, box.value.trim().slice(0, 1) || null);
  box.placeholder = next || "";
  if (box.value && M.labelsOf(S.model).has(box.value) && M.pending(S.model) !== box.value) box.value = "";
  if (!box.value) box.classList.remove("invalid");
}

// A new pair whose label's other case is a pair already: said, as the two are distinct.
function caseNote(before) {
  for (const label of M.labelsOf(S.model)) {
    const twin = before.has(label) ? null : M.caseTwin(S.model, label);
    if (twin) say(`${label} is a pair of its own, not ${twin}: labels are case-sensitive (the key of ${twin} with or without Shift)`);
  }
}

function erased(before, x) {
  const ch = before.cells[x];
  if (!M.isLabel(ch)) return;
  const partner = M.endsOf(S.model, ch);
  if (partner.length === 1) say(`erased one end of ${ch}: its other end at ${M.where(S.model, partner[0])} waits ` +
    "for a partner (place one) or for Delete");
  else say(`erased the last end of ${ch}: the pair is gone`);
}

function dropNote(result, why) {
  if (result && result.dropped?.length) say(`the drawn path of ${result.dropped.join(", ")} was dropped (${why}); Undo brings it back`);
}

// -- pointer: the editor's tools and play mode ----------------------------------------------
let drag = null;

svg.addEventListener("pointerdown", e => {
  if (!S.layout || S.preview) return;
  const p = svgPoint(svg, e), x = cellAt(S.layout, p.x, p.y);
  svg.setPointerCapture(e.pointerId);
  S.keyboard = false;  // the cursor is the keyboard's: shown again at its next key
  if (S.mode === "play") {
    P.remember(S.play);  // one gesture, one undo
    if (x >= 0 && P.start(S.layout, S.model, S.play, x)) {
      drag = {play: true}; S.hint = null; $("play-out").textContent = ""; say(""); redraw();
    }
    return;
  }
  if (S.mode !== "edit") return;
  if (x >= 0) S.cursor = x;
  const t = tool();
  if (t === "wall") {
    const side = sideAt(S.layout, p.x, p.y);
    if (side) dropNote(edit(m => M.toggleWall(m, side.a, side.b)), "a wall crosses it");
    return;
  }
  if (x < 0) return;
  const ch = S.model.cells[x];
  if (t === "draw") {
    const session = D.begin(S.layout, S.model, x, wanted());
    if (session.refused) { say(`refused: ${session.refused} — ${P.REFUSALS[session.refused] || ""}`); return; }
    S.sketch = session; drag = {sketch: true};
    return;
  }
  if (t === "end") {
    if (M.isLabel(ch)) drag = {from: x};
    else edit(m => M.placeEnd(m, x, wanted()));
  } else if (t === "hole") {
    const value = ch === "#" ? "." : "#";
    dropNote(edit(m => M.toggleHole(m, x)), "a hole is on it");
    drag = {paint: value, last: x};
  } else if (t === "bridge") {
    if (ch !== ".") say("a bridge goes on an empty cell, never on an endpoint or a hole");
    else dropNote(edit(m => M.toggleBridge(m, x)), "a bridge turns it");
  } else if (t === "erase") {
    const result = edit(m => M.erase(m, x));
    if (result) erased(result.before, x);
  }
});

svg.addEventListener("pointermove", e => {
  if (!drag || !S.layout) return;
  const p = svgPoint(svg, e), x = cellAt(S.layout, p.x, p.y);
  const to = x >= 0 ? x : tunnelAt(S.layout, p.x, p.y);
  if (drag.play) {
    if (P.extend(S.layout, S.model, S.play, to)) { say(""); redraw(); } else refused(S.play);
  } else if (drag.sketch) {
    if (D.move(S.layout, S.sketch, to)) { say(""); redraw(); } else refused(S.sketch.play);
  } else if (drag.paint && x >= 0 && x !== drag.last) {
    drag.last = x;
    if (S.model.cells[x] !== drag.paint && ".#".includes(S.model.cells[x])) edit(m => M.toggleHole(m, x));
  }
});

function refused(play) {
  if (play.refused) { say(`refused: ${play.refused} — ${P.REFUSALS[play.refused]}`, "refused"); play.refused = null; }
}

svg.addEventListener("pointerup", e => {
  const was = drag; drag = null;
  if (!was || !S.layout) return;
  if (was.play) { P.stop(S.play); referee(); return; }
  if (was.sketch) { endSketch(); return; }
  if (was.from != null) {
    const p = svgPoint(svg, e), to = cellAt(S.layout, p.x, p.y);
    if (to >= 0 && to !== was.from) dropNote(edit(m => M.moveEnd(m, was.from, to)), "its end moved");
  }
});

function endSketch() {
  const session = S.sketch;
  S.sketch = null;
  const before = new Set(M.labelsOf(S.model));
  if (!session.moved) {  // a click: an endpoint on an empty cell, as the endpoint tool does
    const ch = S.model.cells[session.start];
    if (M.isLabel(ch) && M.labelCount(S.model, ch) === 1 && !S.model.paths[ch]) {  // a lone end: taken back
      if (edit(m => M.erase(m, session.start))) say(`took back the lone end of ${ch} (a click on a lone end takes it back)`);
      return;
    }
    if (!M.isLabel(S.model.cells[session.start]) && !M.pathThrough(S.model, session.start)) {
      edit(m => M.placeEnd(m, session.start, wanted()));
      caseNote(before);
    } else redraw();
    return;
  }
  const paths = D.finish(S.model, session);
  let removed = [];
  const result = edit(m => { removed = M.commitPaths(m, paths); return true; });
  if (result && removed.length) say(`the path of ${removed.join(", ")} was cut to nothing: its pair is gone (Undo brings it back)`);
  if ($("label").value && !M.pending(S.model)) $("label").value = "";
}

// -- play: the referee's win and the hint ---------------------------------------------------
async function referee() {
  const paths = P.drawn(S.model, S.play);
  const labels = new Set(S.model.cells.filter(M.isLabel));
  const joined = Object.entries(S.play.paths).filter(([label, p]) =>
    p.length > 1 && S.model.cells[p[0]] === label && S.model.cells[p[p.length - 1]] === label);
  if (joined.length < labels.size) return;  // the referee judges a whole drawing only
  try {
    const r = await post("referee", {board: M.toBoard(S.model), rules: rules(), paths});
    if (r.win) { say(`Solved! (checked by satlink's referee under ${r.rules})`, "win"); $("play-out").textContent = ""; }
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
$("clear").addEventListener("click", () => { P.remember(S.play); S.play.paths = {}; S.play.active = null; S.hint = null; $("play-out").textContent = ""; say(""); redraw(); });

setupPanels({S, redraw, rules});
const repair = setupRepair({S, redraw, replace, say, rules});
setupKeys({S, svg, edit: fn => {
  const before = new Set(M.labelsOf(S.model)), r = edit(fn);
  if (r) { erasedAtCursor(r); caseNote(before); }
  return r;
}, redraw, say, wanted,
  played});
// A key in play mode: the drawing redrawn, a refused move said, a whole drawing refereed.
function played(result) {
  if (S.play.refused) refused(S.play); else say("");
  S.hint = null; $("play-out").textContent = "";
  redraw();
  if (result.changed) referee();
}
function undoPlay() { if (P.undo(S.play)) { S.hint = null; say(""); redraw(); } }
$("play-undo").addEventListener("click", undoPlay);
function erasedAtCursor(result) { if (S.cursor != null) erased(result.before, S.cursor); }

// -- generate and complete -----------------------------------------------------------------
// A long request on a live channel: said with the seconds it has run and a Cancel button,
// until it answers (``done``), is cancelled, or the board changes.
function busy(text, channel) {
  const begun = performance.now(), version = S.version;
  const show = () => {
    say(`${text} ${Math.round((performance.now() - begun) / 1000)} s`);
    const b = document.createElement("button");
    b.textContent = "Cancel";
    b.addEventListener("click", () => { stop(); cancel(channel); say("cancelled"); });
    $("message").append(" ", b);
  };
  const timer = setInterval(() => { if (version !== S.version) stop(); else show(); }, 1000);
  const stop = () => clearInterval(timer);
  show();
  return stop;
}

$("generate").addEventListener("click", async () => {
  const wh = size();
  if (!wh) return;
  const done = busy("generating…", "make");
  const version = S.version;
  try {
    const r = await latest("make", "generate", {width: wh.w, height: wh.h, kind: $("kind").value,
      wrap: $("wrap").checked, colours: $("colours").value || null, grade: $("band").value || null,
      holes: +$("gen-holes").value, walls: +$("gen-walls").value, bridges: +$("gen-bridges").value,
      rules: rules(), seed: Math.floor(Math.random() * 1e9)});
    done();
    if (!r || version !== S.version) return;  // a newer Generate or Complete, or an edit, took over
    if (r.error) { say(r.error.message); return; }
    const item = S.pack.boards[S.pack.current];
    if (item && Doc.isBlank(item) && !item.fromFile) { replace(M.fromBoard(r.board)); say(`generated in ${r.attempts} attempt(s)`); }
    else files.addAndOpen(M.fromBoard(r.board), `a board generated in ${r.attempts} attempt(s)`);
  } catch (e) { done(); say(e.message); }
});

async function complete() {
  const done = busy("completing (your paths and endpoints are kept)…", "make");
  const version = S.version, kept = Object.keys(S.model.paths).length;
  try {
    const r = await latest("make", "complete", {board: M.toBoard(S.model), rules: rules(),
      paths: Object.keys(S.model.paths).length ? M.pathsToCoords(S.model, S.model.paths) : P.drawn(S.model, S.play),
      seed: Math.floor(Math.random() * 1e9)});
    done();
    if (!r || version !== S.version) return;
    if (r.error) { say(r.error.message); return; }
    const model = M.fromBoard(r.board, S.model);
    model.paths = M.pathsToCells(model, r.solution);  // the whole solution, drawn: yours and the new paths
    M.colourise(model);
    replace(model);
    say(`completed: your ${kept} path(s) kept, ${Object.keys(model.paths).length - kept} drawn around them; unique under ${rules()}`);
  } catch (e) { done(); say(e.message); }
}
$("complete").addEventListener("click", complete);
$("complete-draw").addEventListener("click", complete);

// -- board, rules, undo --------------------------------------------------------------------
// W and H as typed: whole numbers from 1 to 60 within the studio's cells, else a message by
// the box and nothing made.
function size() {
  const read = id => {
    const box = $(id), text = box.value.trim(), n = Number(text);
    const ok = /^\d+$/.test(text) && n >= 1 && n <= 60;
    box.classList.toggle("invalid", !ok);
    return ok ? n : null;
  };
  const w = read("w"), h = read("h");
  if (w == null || h == null) {
    say(`${w == null ? `W (${$("w").value || "empty"})` : `H (${$("h").value || "empty"})`} must be a whole number from 1 to 60`, "refused");
    return null;
  }
  const limit = S.session?.limits?.max_cells;
  if (limit && w * h > limit) { say(`${w}×${h} is ${w * h} cells, more than this studio's ${limit}`, "refused"); return null; }
  return {w, h};
}
$("new").addEventListener("click", () => {
  const wh = size();
  if (!wh) return;
  const model = M.emptyModel(wh.w, wh.h, $("kind").value, $("wrap").checked);
  const item = S.pack.boards[S.pack.current];
  if (item && Doc.isBlank(item) && !item.fromFile) replace(model);  // a blank new board: remade
  else files.addAndOpen(model, `a new ${wh.w}×${wh.h} board`);
});
$("resize").addEventListener("click", () => { const wh = size(); if (wh) replace(M.resized(S.model, wh.w, wh.h)); });
["w", "h"].forEach(id => $(id).addEventListener("input", () => $(id).classList.remove("invalid")));
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("rules").addEventListener("change", () => { $("rules-text").textContent = ruleText(rules()); changed(); });
$("show-solution").addEventListener("change", redraw);
$("label").addEventListener("input", () => { checkLabel(); showLabel(); });
// The new-pair box as typed: one letter or digit, said at once when it is not (nothing is
// swapped for another label silently), and a lower-case twin of a pair (or upper) named.
function checkLabel() {
  const box = $("label"), v = box.value.trim();
  const bad = v !== "" && !M.isTypedLabel(v);
  box.classList.toggle("invalid", bad);
  if (bad) { say(`"${v}" is not a label: a label is one letter or digit (A–Z, a–z, 0–9)`, "refused"); return; }
  const twin = v ? M.caseTwin(S.model, v) : null;
  if (twin && !M.labelsOf(S.model).has(v)) say(`${v} will be a pair of its own, not ${twin}: labels are case-sensitive`);
  else say("");
}
document.querySelectorAll("input[name=tool]").forEach(r => r.addEventListener("change", () => {
  $("draw-help").hidden = tool() !== "draw";
  showVerdict(); redraw();  // switching tools keeps everything: the drawing, the endpoints
}));
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

// -- modes ---------------------------------------------------------------------------------
function setMode(mode) {
  S.mode = mode;
  document.querySelectorAll("#modes button").forEach(b => b.classList.toggle("on", b.dataset.mode === mode));
  document.querySelectorAll(".panel").forEach(p => { p.hidden = p.dataset.for !== mode; });
  document.body.dataset.mode = mode;
  S.preview = null; S.hint = null; S.sketch = null; say(""); $("play-out").textContent = "";
  if (mode === "pack") files.enterPack();
  redraw();
}
document.querySelectorAll("#modes button").forEach(b => b.addEventListener("click", () => setMode(b.dataset.mode)));

// A board opened afresh (from a pack, a share link): no history, nothing said of another.
function fresh(model) {
  S.history = []; S.future = [];
  S.model = model;
  syncSizeInputs();
  S.why = null; S.preview = null; S.play = P.newPlay(); S.hint = null;
  S.version++; S.chain = null; repair.clear();
  $("why-out").textContent = ""; $("play-out").textContent = ""; say("");
  showLabel(); redraw(); liveCheck();
}
S.pack = Doc.blankPack(M.toBoard(S.model), "flow");
const work = setupWork({S, say, rules, setRules, fresh, files: () => files});
const touch = work.touch;
files = setupFiles({S, say, rules, setRules, fresh, setMode, redraw, layoutFor, touch});
setupShare({S, say, rules, openShared: work.openShared});

// -- start ---------------------------------------------------------------------------------
async function main() {
  const offered = Doc.takeOffered();  // before this page keeps anything of its own
  S.session = await get("session");
  for (const name of [...S.session.profiles, ...MORE_RULES]) $("rules").add(new Option(name, name));
  for (const name of S.session.formats) {
    $("save-format").add(new Option(name, name));
    $("export-format").add(new Option(name, name));
  }
  $("export-format").value = "json";  // the format that holds everything (rules, variants)
  $("rules-text").textContent = ruleText(rules());
  $("draw-help").hidden = tool() !== "draw";
  let shared = null;
  try { shared = sharedIn(location.hash); } catch (e) { say(e.message); }
  S.pack.boards[0].rules = rules();
  if (S.session.opened) files.loadPack(S.session.opened, {asked: true});
  if (shared) work.openShared(shared);
  else if (!S.session.opened) { showLabel(); redraw(); liveCheck(); }
  files.showWhere();
  if (offered?.pack?.boards) work.offerBack(offered);
  document.body.dataset.ready = "1";
}
main();
