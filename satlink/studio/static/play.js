// Play mode's rules of the hand: drawing paths as in Flow Free, on the board's own graph.
//
// A path grows one neighbour at a time (the layout's neighbour pairs, less walls and holes);
// it never enters another colour's endpoint; through a bridge it goes straight on (the step
// out is on the axis of the step in, to the opposite side: two axes on square cells, three
// on hexagons); entering a cell another path holds cuts that path there (a bridge's
// crossings are held separately, one per axis); going back onto its own cells takes
// the path back.  Whether the finished drawing wins is not decided here but by the server's
// referee, the validator's, under the board's rules (fill, notouch...).

import { indexLayout, pairKey } from "./draw.js";

export function newPlay() { return {paths: {}, active: null, done: new Set()}; }

function axis(layout, a, b) { return layout.byKey.get(pairKey(a, b)).axis; }

function step(layout, m, a, b) {
  const p = layout.byKey.get(pairKey(a, b));
  return !!p && !m.walls.has(pairKey(a, b)) && m.cells[b] !== "#";
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

// The pointer moved onto cell y while drawing: extend, take back, or refuse.
export function extend(layout, m, play, y) {
  const label = play.active;
  if (label === null || y < 0) return false;
  const path = play.paths[label];
  const last = path[path.length - 1];
  if (y === last) return false;
  const back = path.lastIndexOf(y);
  if (back >= 0 && !m.bridges.has(y)) { play.paths[label] = path.slice(0, back + 1); return true; }
  if (path.length > 1 && m.cells[last] === label && last !== path[0]) return false;  // finished
  if (!step(layout, m, last, y)) return false;
  const ch = m.cells[y];
  if (ch !== "." && ch !== "#" && ch !== label) return false;
  if (ch === label && y === path[0]) return false;
  if (m.bridges.has(last) && path.length > 1 && axis(layout, path[path.length - 2], last) !== axis(layout, last, y)) {
    return false;  // straight through a bridge
  }
  const visit = m.bridges.has(y) ? y + ":" + axis(layout, last, y) : String(y);
  if (path.includes(y) && visits(layout, m, path).includes(visit)) return false;
  const held = holder(layout, m, play, visit, label);
  if (held) {
    const [other, i] = held;
    play.paths[other] = play.paths[other].slice(0, i);
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
