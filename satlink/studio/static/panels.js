// The editor's why panel on the board's verdict: the second solution, the located reason,
// the grade and a step-through of the deductions, in plain words (words.js); the repairs
// are repair.js's.

import { latest } from "./api.js";
import * as M from "./model.js";
import { esc, gradeHtml, legendHtml, technique, techniqueTags, techniqueTip } from "./words.js";

const $ = id => document.getElementById(id);

export function setupPanels({S, redraw, rules}) {

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
      if (g) html += `<p>grade ${gradeHtml(g)}</p><p>${techniqueTags(g.techniques)}</p>${legendHtml()}`;
      if (steps.length) {
        html += `<div class="steps"><button data-step="-1">◀</button>
          <span>step ${S.step + 1} / ${steps.length}</span><button data-step="1">▶</button></div>
          <p class="sentence step"><span class="tag" title="${esc(techniqueTip(s.technique))}">${esc(technique(s.technique))}</span>${esc(s.sentence)}</p>`;
        if (s.tried) html += `<p class="muted">look-ahead: ${esc(s.tried.failure_sentence || "")}</p>`;
      }
    }
    for (const note of w.notes || []) html += `<p class="muted">${esc(note)}</p>`;
    out.innerHTML = html;
    out.querySelectorAll("[data-which]").forEach(b => b.addEventListener("click", () => {
      S.which = Number(b.dataset.which);
      document.querySelectorAll("#which button").forEach((w, i) => w.classList.toggle("on", S.which === i));
      redraw();
    }));
    out.querySelectorAll("[data-step]").forEach(b => b.addEventListener("click", () => {
      S.step = Math.max(0, Math.min(w.trace.steps.length - 1, S.step + Number(b.dataset.step)));
      showWhy(); redraw();
    }));
  }

  $("why").addEventListener("click", async () => {
    $("why-out").textContent = "…";
    const version = S.version;
    try {
      const w = await latest("why", "explain", {board: M.toBoard(S.model), rules: rules()});
      if (!w || version !== S.version) return;  // a newer click, or the board changed
      S.why = w; S.step = 0; S.which = 0;
      if (w.status === "multiple" && w.ambiguity?.solutions) {
        S.verdict = {...(S.verdict || {}), solutions: w.ambiguity.solutions};
        $("show-solution").checked = true;
      }
      showWhy(); redraw();
    } catch (e) { $("why-out").textContent = e.message; }
  });
}
