// The editor's two panels on the board's verdict: why (the explanation: the second solution,
// the located reason, the grade and a step-through of the deductions) and repair (single
// edits previewed on hover and applied with one click, or a chain of edits).

import { latest } from "./api.js";
import * as M from "./model.js";

const $ = id => document.getElementById(id);

export function setupPanels({S, redraw, replace, say, rules}) {
  // -- why -----------------------------------------------------------------------------------
  function tags(obj) {
    return Object.entries(obj || {}).map(([k, v]) => `<span class="tag">${k} ×${v}</span>`).join("");
  }
  function esc(text) { const d = document.createElement("div"); d.textContent = text; return d.innerHTML; }

  function showWhy() {
    const w = S.why, out = $("why-out");
    if (!w) { out.textContent = ""; return; }
    let html = `<p class="sentence">${esc(w.sentence)}</p>`;
    if (w.status === "multiple") {
      html += `<div class="steps"><button data-which="0">first solution</button>
        <button data-which="1">second solution</button></div>`;
    } else if (w.status === "unsolvable") {
      html += `<p>responsible: ${(w.responsible || []).map(r => `<span class="tag">${esc(r)}</span>`).join("") || "—"}</p>`;
      for (const more of [w.core, w.empty_cells]) {
        if (more?.sentence && more.sentence !== w.sentence) html += `<p class="muted">${esc(more.sentence)}</p>`;
      }
    } else if (w.status === "unique" && w.trace) {
      const g = w.trace.grade, steps = w.trace.steps, s = steps[S.step];
      if (g) html += `<p>grade <b>${g.band}</b> (${g.technique}, score ${g.score})</p><p>${tags(g.techniques)}</p>`;
      if (steps.length) {
        html += `<div class="steps"><button data-step="-1">◀</button>
          <span>step ${S.step + 1} / ${steps.length}</span><button data-step="1">▶</button></div>
          <p class="sentence step"><span class="tag">${esc(s.technique)}</span>${esc(s.sentence)}</p>`;
        if (s.tried) html += `<p class="muted">look-ahead: ${esc(s.tried.failure_sentence || "")}</p>`;
      }
    }
    for (const note of w.notes || []) html += `<p class="muted">${esc(note)}</p>`;
    out.innerHTML = html;
    out.querySelectorAll("[data-which]").forEach(b => b.addEventListener("click", () => {
      S.which = Number(b.dataset.which); redraw();
    }));
    out.querySelectorAll("[data-step]").forEach(b => b.addEventListener("click", () => {
      S.step = Math.max(0, Math.min(w.trace.steps.length - 1, S.step + Number(b.dataset.step)));
      showWhy(); redraw();
    }));
  }

  $("why").addEventListener("click", async () => {
    $("why-out").textContent = "…";
    try {
      const w = await latest("why", "explain", {board: M.toBoard(S.model), rules: rules()});
      if (!w) return;
      S.why = w; S.step = 0; S.which = 0;
      if (w.status === "multiple" && w.ambiguity?.solutions) {
        S.verdict = {...(S.verdict || {}), solutions: w.ambiguity.solutions};
        $("show-solution").checked = true;
      }
      showWhy(); redraw();
    } catch (e) { $("why-out").textContent = e.message; }
  });

  // -- repair --------------------------------------------------------------------------------
  function proposalItem(text, model, paths, cells) {
    const li = document.createElement("li");
    li.textContent = text;
    li.addEventListener("mouseenter", () => {
      S.preview = {model, paths, cells}; redraw(); say(`preview: ${text}, proven unique (click to apply)`);
    });
    li.addEventListener("mouseleave", () => { S.preview = null; redraw(); say(""); });
    li.addEventListener("click", () => { S.preview = null; replace(model); say("repair applied (Undo takes it back)"); });
    return li;
  }

  function proposalModel(grid, geometry) {
    const m = M.fromBoard({grid, geometry: geometry || M.toBoard(S.model).geometry});
    return m;
  }

  $("repair").addEventListener("click", async () => {
    const list = $("proposals");
    list.textContent = "…";
    try {
      const r = await latest("repair", "repair", {board: M.toBoard(S.model), rules: rules()});
      if (!r) return;
      list.textContent = "";
      if (!r.proposals.length) list.textContent = r.status === "unique" ? "already unique" : "no single edit makes it unique (try Chain)";
      for (const p of r.proposals) {
        list.appendChild(proposalItem(`${p.description} (${p.changed} changed)`,
          proposalModel(p.grid, p.geometry), p.solution, p.cells));
      }
    } catch (e) { list.textContent = e.message; }
  });

  $("chain").addEventListener("click", async () => {
    const list = $("proposals");
    list.textContent = "… (up to the studio's timeout)";
    try {
      const r = await latest("repair", "repair", {board: M.toBoard(S.model), rules: rules(), chain: true});
      if (!r) return;
      const c = r.chain;
      list.textContent = "";
      c.steps.forEach((s, i) => {
        const li = document.createElement("li");
        li.textContent = `${s.description} → ${s.status}${s.status === "multiple" ? ` (${s.count}${s.count_complete ? "" : "+"})` : ""}`;
        list.appendChild(li);
        li.addEventListener("mouseenter", () => { S.preview = {model: proposalModel(s.grid, c.geometries[i]), paths: null, cells: s.cells}; redraw(); });
        li.addEventListener("mouseleave", () => { S.preview = null; redraw(); });
      });
      if (c.repaired && c.board) {
        list.appendChild(proposalItem(`apply all ${c.edits} edits (unique, proven)`,
          M.fromBoard(c.board), c.solution, []));
      } else {
        const li = document.createElement("li"); li.textContent = c.reason || "not repaired"; list.appendChild(li);
      }
    } catch (e) { list.textContent = e.message; }
  });
}
