// The editor's repairs, in one vocabulary: every line reads "edit → what the board is after
// it" in the server's words (satlink/repair/plans.py outcome_words: "unique", "unique, but
// path A has 2 cells (at least 3 wanted)", "3 solutions", "unsolvable").
//
//   Proposals  single edits, each proven; previewed on hover, applied with one click.
//   Chain      a chain of edits, applied one step at a time and in order: only the next
//              step can be clicked, and the verdict the page then shows is the step's.
//   Nearest    for an unsolvable draft in endpoint mode: the chain, which goes through the
//              nearest solvable board first, offered before anything else.
//   Fixes      for a whole drawing whose puzzle has another solution: changes that keep
//              the drawing (a path cut where the solutions part, an end handed over, a wall
//              on a variant board), each previewed and applied with one click.
//
// Every search answers within the budget chosen (2 s by default), shows what it is doing
// while it runs (the server's progress, polled) and can be cancelled; a search that ran out
// of time says so and offers to search longer.

import { cancel, search } from "./api.js";
import * as M from "./model.js";

const $ = id => document.getElementById(id);
const LONGER = 10;  // seconds of "Search longer" (within the studio's --timeout)

export function setupRepair({S, redraw, replace, say, rules}) {
  const list = $("proposals"), status = $("repair-status");

  function budget() { return Number($("repair-seconds").value) || 2; }

  // A search with its progress and a Cancel button in the status line.
  async function run(name, body, what) {
    status.innerHTML = `<span class="spin">${what}…</span> <button id="repair-cancel">Cancel</button>`;
    list.textContent = "";
    let stopped = false;
    $("repair-cancel").addEventListener("click", () => {
      stopped = true; cancel("repair"); status.textContent = `${what}: cancelled`;
    });
    try {
      const r = await search("repair", name, {...body, seconds: body.seconds ?? budget()}, p => {
        const span = status.querySelector(".spin");
        if (span) span.textContent = `${what}: ${p.stage} (${p.seconds} s)`;
      });
      if (!r || stopped) return null;
      status.textContent = "";
      return r;
    } catch (e) {
      if (!stopped) status.textContent = e.message;
      return null;
    }
  }

  function item(text, cls, onHover, onClick) {
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    if (onHover) {
      li.addEventListener("mouseenter", () => onHover(true));
      li.addEventListener("mouseleave", () => onHover(false));
    }
    if (onClick) li.addEventListener("click", onClick);
    list.appendChild(li);
    return li;
  }

  function preview(model, paths, cells, text) {
    return on => {
      if (!S.panelFor || S.panelFor !== S.version) return;  // the list is of another board
      S.preview = on ? {model, paths, cells} : null;
      redraw();
      if (on) say(`preview: ${text} (click to apply)`); else say("");
    };
  }

  function longer(again) {
    const b = document.createElement("button");
    b.textContent = `Search longer (${LONGER} s)`;
    b.addEventListener("click", () => again(LONGER));
    status.appendChild(document.createTextNode(" "));
    status.appendChild(b);
  }

  function modelOf(board) { return M.fromBoard(board, S.model); }

  // -- single edits ----------------------------------------------------------------------
  async function proposals(seconds) {
    const version = S.version;
    const r = await run("repair", {board: M.toBoard(S.model), rules: rules(), seconds}, "searching single edits");
    if (!r || version !== S.version) return;
    S.panelFor = version;
    status.textContent = r.statement;
    for (const p of r.proposals) {
      const model = modelOf({grid: p.grid, geometry: p.geometry || M.toBoard(S.model).geometry});
      const text = `${p.description} → ${p.outcome}`;
      const li = item(text, "proposal", preview(model, p.solution, p.cells, text),
        () => { S.preview = null; replace(model); say(`applied: ${text} (Undo takes it back)`); });
      li.dataset.status = "unique";
    }
    for (const p of r.short) {
      const model = modelOf({grid: p.grid, geometry: p.geometry});
      const text = `${p.description} → ${p.outcome}`;
      const li = item(text, "short", preview(model, null, p.cells, text),
        () => { S.preview = null; replace(model); say(`applied: ${text} (Undo takes it back)`); });
      li.dataset.status = "unique";
    }
    if (!r.complete && !r.proposals.length && r.budget < LONGER) longer(proposals);
    if (!r.proposals.length && r.status !== "unique") {
      const b = document.createElement("button");
      b.textContent = "Try a chain of edits";
      b.addEventListener("click", () => chain());
      status.appendChild(document.createTextNode(" "));
      status.appendChild(b);
    }
  }

  // -- chains, one step at a time --------------------------------------------------------
  async function chain(seconds) {
    const version = S.version, start = M.copyModel(S.model);
    const r = await run("repair", {board: M.toBoard(S.model), rules: rules(), chain: true, seconds},
      S.verdict?.status === "unsolvable" ? "looking for the nearest unique board" : "searching a chain of edits");
    if (!r || version !== S.version) return;
    const c = r.chain;
    const models = [start];
    c.steps.forEach((s, i) => models.push(modelOf({grid: s.grid, geometry: c.geometries[i]})));
    S.chain = {steps: c.steps, models, applied: 0, statement: c.statement, partial: c.partial && !c.repaired,
      budget: c.budget};
    S.panelFor = version;
    showChain();
  }

  function showChain() {
    const ch = S.chain;
    list.textContent = "";
    status.textContent = ch.statement;
    if (ch.partial && ch.budget < LONGER) longer(chain);
    ch.steps.forEach((s, i) => {
      const text = `${s.description} → ${s.outcome}`;
      const next = i === ch.applied, done = i < ch.applied;
      const li = item(text, "step" + (done ? " done" : next ? " next" : " later"),
        next ? preview(ch.models[i + 1], null, s.cells, text) : null,
        next ? () => applyStep(i) : null);
      li.dataset.status = s.status;
      li.dataset.step = i;
      li.title = done ? "applied (Undo takes it back)" : next ? "click to apply this step"
        : "apply the steps before it first";
    });
  }

  function applyStep(i) {
    const ch = S.chain, s = ch.steps[i];
    S.preview = null;
    replace(ch.models[i + 1], {keepChain: true});
    ch.applied = i + 1;
    showChain();
    say(`step ${i + 1} applied: ${s.description} → ${s.outcome}` +
      (i + 1 < ch.steps.length ? "; the next step goes on" : ""));
  }

  // After any change: a chain stays while the board is one of its boards (a step applied,
  // or undone), and goes otherwise.
  function follow() {
    const ch = S.chain;
    if (!ch) return false;
    const now = JSON.stringify(M.toBoard(S.model));
    const at = ch.models.findIndex(m => JSON.stringify(M.toBoard(m)) === now);
    if (at < 0) { S.chain = null; return false; }
    ch.applied = at;
    S.panelFor = S.version;
    showChain();
    return true;
  }

  // -- fixes that keep a drawing ---------------------------------------------------------
  async function fixes(seconds) {
    const version = S.version;
    const r = await run("fix", {board: M.toBoard(S.model), rules: rules(), seconds,
      paths: M.pathsToCoords(S.model, S.model.paths)}, "searching changes that keep your drawing");
    if (!r || version !== S.version) return;
    S.panelFor = version;
    status.textContent = r.statement;
    for (const p of r.proposals) {
      const model = modelOf({grid: p.grid, geometry: p.geometry || M.toBoard(S.model).geometry});
      model.paths = M.pathsToCells(model, p.solution);
      M.colourise(model);
      const words = p.edits.map(e => `${e.description} → ${e.outcome}`).join("; then ");
      const cells = p.edits.flatMap(e => e.cells);
      const li = item(words, "fix", preview(model, p.solution, cells, words),
        () => { S.preview = null; replace(model); say(`applied: ${words} (Undo takes it back)`); });
      li.dataset.status = p.edits[p.edits.length - 1].status;
    }
    if (!r.proposals.length && r.budget < LONGER) longer(fixes);
  }

  $("repair").addEventListener("click", () => proposals());
  $("chain").addEventListener("click", () => chain());
  $("nearest").addEventListener("click", () => chain());
  // The board changed: a search still running is about the board before, so it stops.
  function clear() { cancel("repair"); list.textContent = ""; status.textContent = ""; }
  return {proposals, chain, fixes, follow, clear};
}
