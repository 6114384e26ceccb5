// Play mode's rules of the hand: drawing paths as in Flow Free, on the board's own graph.
//
// A path grows one neighbour at a time (the layout's neighbour pairs, less walls and holes);
// it never enters another colour's endpoint; through a bridge it goes straight on (the step
// out is on the axis of the step in, to the opposite side: two axes on square cells, three
// on hexagons); entering a cell another path holds cuts that path there (a bridge's
// crossings are held separately, one per axis); going back onto its own cells takes
// the path back.  Whether the finished drawing wins is not decided here but by the server's
// referee, the validator's, under the board's rules (fill, notouch...).  A move refused
// leaves its reason in a word in ``play.refused`` (REFUSALS says it in a sentence).
//
// The editor's draw mode (sketch.js) draws with these same rules of the hand; it asks a
// path that another one cuts to keep its longer part (the player's path keeps the part from
// the endpoint the player started at).

import { indexLayout, pairKey } from "./draw.js";

export function newPlay() { return {paths: {}, active: null, done: new Set(), refused: null}; }

export const REFUSALS = {wall: "a wall is in the way", hole: "a hole is no cell to cross",
  "too far": "step to a neighbouring cell", taken: "another colour's endpoint",
  straight: "a bridge is crossed straight on", done: "this path already joins its ends",
  loop: "a path may not run into its own start"};

function refuse(play, why) { play.refused = why; return false; }

function axis(layout, a, b) { return layout.byKey.get(pairKey(a, b)).axis; }

// Why the step from a to b is refused ("too far", "wall", "hole"), or null.
function blocked(layout, m, a, b) {
  if (!layout.byKey.get(pairKey(a, b))) return "too far";
  if (m.walls.has(pairKey(a, b))) return "wall";
  return m.cells[b] === "#" ? "hole" : null;
}

// What a path occupies: cells, and for a bridge the crossing's axis.
function visits(layout, m, path) {
  const out = [];
  path.forEach((x, i) => {
    if (m.bridges.has(x)) {
      const other = i > 0 ? path[i - 1] : path[i + 1];
      out.push(other === undefined ? x + ":?" : x + ":" + axis(layout, other, x));
    } else out.push(String(x));
  });
  return out;
}

function holder(layout, m, play, visit, except) {
  for (const [label, path] of Object.entries(play.paths)) {
    if (label === except) continue;
    const i = visits(layout, m, path).indexOf(visit);
    if (i >= 0) return [label, i];
  }
  return null;
}

// Start drawing at cell x: from an endpoint (a fresh path) or from a cell of a drawn path.
export function start(layout, m, play, x) {
  indexLayout(layout);
  const ch = m.cells[x];
  if (ch !== "." && ch !== "#") {
    const path = play.paths[ch];
    if (!path || path[path.length - 1] !== x || path.length === 1) play.paths[ch] = [x];  // afresh
    play.active = ch;  // (pressing the end a path reached keeps it: after a warp, say)
    return true;
  }
  for (const [label, path] of Object.entries(play.paths)) {
    const i = path.indexOf(x);
    if (i >= 0) { play.paths[label] = path.slice(0, i + 1); play.active = label; return true; }
  }
  return false;
}

// The pointer moved onto cell y while drawing: extend, take back, or refuse (saying why in
// ``play.refused``).  ``keepLonger``: a path this one enters keeps its longer part.
export function extend(layout, m, play, y, {keepLonger = false} = {}) {
  const label = play.active;
  play.refused = null;
  if (label === null || y < 0) return false;
  const path = play.paths[label];
  const last = path[path.length - 1];
  if (y === last) return false;
  const back = path.lastIndexOf(y);
  if (back >= 0 && !m.bridges.has(y)) { play.paths[label] = path.slice(0, back + 1); return true; }
  if (path.length > 1 && m.cells[last] === label && last !== path[0]) return refuse(play, "done");
  const why = blocked(layout, m, last, y);
  if (why) return refuse(play, why);
  const ch = m.cells[y];
  if (ch !== "." && ch !== "#" && ch !== label) return refuse(play, "taken");
  if (ch === label && y === path[0]) return refuse(play, "loop");
  if (m.bridges.has(last) && path.length > 1 && axis(layout, path[path.length - 2], last) !== axis(layout, last, y)) {
    return refuse(play, "straight");  // straight through a bridge
  }
  const visit = m.bridges.has(y) ? y + ":" + axis(layout, last, y) : String(y);
  if (path.includes(y) && visits(layout, m, path).includes(visit)) return refuse(play, "loop");
  const held = holder(layout, m, play, visit, label);
  if (held) {
    const [other, i] = held, cut = play.paths[other];
    const before = cut.slice(0, i), after = cut.slice(i + 1);
    play.paths[other] = keepLonger && after.length > before.length ? after : before;
    if (!play.paths[other].length) delete play.paths[other];
  }
  path.push(y);
  return true;
}

export function stop(play) { play.active = null; }

// The drawing as the server reads it: {label: [[r, c]...]}, one-cell stubs left out.
export function drawn(m, play) {
  const out = {};
  for (const [label, path] of Object.entries(play.paths)) {
    if (path.length > 1) out[label] = path.map(x => [Math.floor(x / m.width), x % m.width]);
  }
  return out;
}
