// Grades and techniques in plain words (satlink/grading's techniques, by level), for the
// why panel, the pack view and the legend beside them.

export const TECHNIQUES = {
  forced: ["forced moves", "an end with one way out, a cell with exactly two ways left"],
  corner: ["corners", "the cell inside a path's bend stays off it"],
  notouch: ["no touching", "a move that would run a path beside itself is wrong"],
  region: ["regions", "a colour cannot reach a cell, or a region no colour can reach"],
  bottleneck: ["bottlenecks", "a cell or gap every route of a colour must cross"],
  "lookahead-1": ["trying a move", "a move whose consequences contradict is wrong"],
  "lookahead-2": ["trying two moves deep", "a move wrong two steps later"],
  "lookahead-3": ["trying three moves deep", "a move wrong three steps later"],
  unsolved: ["beyond the grader", "not solved by these techniques within their bounds"],
};

export const BANDS = {easy: "solved by forced moves, corners and no-touching alone",
  medium: "needs regions or bottlenecks, still no trial", hard: "needs trying moves ahead"};

export function technique(name) { return (TECHNIQUES[name] || [name, ""])[0]; }
export function techniqueTip(name) { return (TECHNIQUES[name] || [name, ""])[1]; }

export function esc(text) { const d = document.createElement("div"); d.textContent = text; return d.innerHTML; }

// "easy — hardest step: no touching (score 2.8)", the band and technique explained on hover.
export function gradeHtml(g) {
  if (!g) return "";
  const tip = `${g.band}: ${BANDS[g.band] || ""}. Hardest step: ${technique(g.technique)} — ` +
    `${techniqueTip(g.technique)}. Score ${g.score} (higher is harder).`;
  return `<span class="grade" title="${esc(tip)}"><b>${esc(g.band)}</b> — hardest step: ` +
    `${esc(technique(g.technique))} (score ${Number(g.score).toFixed(1)})</span>`;
}

export function techniqueTags(counts) {
  return Object.entries(counts || {}).filter(([, n]) => n).map(([k, n]) =>
    `<span class="tag" title="${esc(techniqueTip(k))}">${esc(technique(k))} ×${n}</span>`).join("");
}

export function legendHtml() {
  const rows = Object.entries(TECHNIQUES).map(([, [plain, tip]]) =>
    `<li><b>${esc(plain)}</b>: ${esc(tip)}</li>`).join("");
  const bands = Object.entries(BANDS).map(([b, t]) => `<li><b>${b}</b>: ${esc(t)}</li>`).join("");
  return `<details class="legend"><summary>What the grades mean</summary><ul>${bands}</ul>` +
    `<p class="muted">Techniques, simplest first:</p><ul>${rows}</ul></details>`;
}
