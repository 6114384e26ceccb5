// What the board shows over the model in each mode and state (board.js's ``over``): the
// drawing and the other solution dashed where it parts from it, a solution, the cells that
// differ, a why panel's reason or deduction step, a hint; and in every mode the labels' own
// colours, the coordinates, lone endpoints and the cells the page's words name.

import * as M from "./model.js";

// The cells a text names as "(r,c)" (satlink writes cells so), on the board ``m``.
const COORD = /\((\d+),\s*(\d+)\)/g;
export function namedCells(m, text) {
  const out = new Set();
  for (const [, r, c] of text.matchAll(COORD)) {
    if (+r < m.height && +c < m.width) out.add(+r * m.width + +c);
  }
  return out;
}

// S: the page's state; showSolution, packSolutions: the two checkboxes.
export function overlayOf(S, {showSolution, packSolutions}) {
  const m = S.model, v = S.verdict;
  const over = {colours: m.colours, coords: true, named: S.named, lone: M.loneCells(m)};
  if ((S.mode === "edit" || S.mode === "play") && S.keyboard) over.cursor = S.cursor;
  if (S.error && S.error.row != null) over.bad = new Set([S.error.row * m.width + S.error.col]);
  if (S.mode === "pack") {  // a player's view: the solution only when asked for
    if (packSolutions && v?.solutions?.length) over.paths = M.pathsToCells(m, v.solutions[0]);
    return over;
  }
  if (S.mode === "play") {
    over.paths = S.play.paths;
    if (S.hint) { over.mark = S.hint.mark; over.edges = S.hint.edges; over.cuts = S.hint.cuts; }
    return over;
  }
  const drawn = S.sketch ? S.sketch.play.paths : m.paths;
  const hasDrawing = Object.keys(drawn).length > 0;
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
    if (hasDrawing) over.paths = drawn;
    return over;
  }
  const show = showSolution && v && v.solutions?.length && !S.sketch;
  const pair = solutionPair(S);
  if (hasDrawing) {
    const d = v?.drawing;
    if (pair && !S.sketch) {  // the drawing and the other solution, either one in full
      over.diff = M.cellsOf(m, pair.diff);
      if (S.which === 1) {  // the other in its own colours, the drawing thin beneath
        over.paths = M.pathsToCells(m, pair.second);
        over.ghost = drawn;
      } else {
        over.paths = drawn;
        if (pair.first) over.ghost = M.pathsToCells(m, pair.first);  // a drawing in progress
        else over.other = M.pathsToCells(m, pair.second);  // dashed where it parts from the drawing
      }
      return over;
    }
    over.paths = drawn;
    if (show && d && d.outcome !== "unique-solution") {
      over.ghost = M.pathsToCells(m, v.solutions[Math.min(S.which, v.solutions.length - 1)]);
    }
    return over;
  }
  if (show) over.paths = M.pathsToCells(m, v.solutions[Math.min(S.which, v.solutions.length - 1)]);
  if (v && v.status === "multiple") over.diff = M.cellsOf(m, v.diff_cells);
  return over;
}

// Two solutions the page can switch between, or null: a drawing and the other solution of
// its puzzle, or the first two solutions of a board that has several.
export function solutionPair(S) {
  const v = S.verdict, d = v?.drawing;
  if (d && d.outcome === "one-of-several" && d.other) {
    return {first: null, second: d.other, diff: d.diff_cells, names: ["your drawing", "the other solution"]};
  }
  if (v && v.status === "multiple" && v.solutions?.length > 1) {
    return {first: v.solutions[0], second: v.solutions[1], diff: v.diff_cells,
      names: ["first solution", "second solution"]};
  }
  return null;
}

// The drawing judged beside the verdict, in words.
const DRAWING_WORDS = {
  "unique-solution": () => "your drawing is its only solution",
  "one-of-several": d => `another solution exists (show: switches to it), ${d.diff_cells.length} cells differ: see the fixes that keep your drawing`,
  "breaks-rules": d => `your drawing breaks the rules: ${d.errors[0] || ""}`,
  partial: d => `drawing in progress: ${d.placed?.length ? `${d.placed.length} pair(s) without a path, ` : ""}` +
    `${d.empty?.length || 0} cell(s) not drawn (Complete fills the rest)`,
  "obeys-rules": () => "your drawing obeys the rules",
  undecided: () => "no verdict in time",
  "not-the-solution": () => "the puzzle's solutions differ from your drawing",
};

export function drawingWords(d) { return (DRAWING_WORDS[d.outcome] || (() => d.outcome))(d); }
