// The board being edited, as plain data, and every edit the editor makes to it.
//
// model = {width, height, kind: "square"|"hex", wrap, cells: ["." | "#" | label, ...],
//          walls: Set("a-b"), bridges: Set(cell)}; cells are row * width + col as in satlink.
// It goes to the server as a record's board ({grid, geometry}) and comes back the same way.

import { pairKey } from "./draw.js";

export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function emptyModel(width, height, kind = "square", wrap = false) {
  return {width, height, kind, wrap: kind === "hex" ? false : wrap,
    cells: Array(width * height).fill("."), walls: new Set(), bridges: new Set()};
}

export function copyModel(m) {
  return {...m, cells: m.cells.slice(), walls: new Set(m.walls), bridges: new Set(m.bridges)};
}

const rc = (m, x) => [Math.floor(x / m.width), x % m.width];

export function toBoard(m) {
  const grid = [];
  for (let r = 0; r < m.height; r++) grid.push(m.cells.slice(r * m.width, (r + 1) * m.width).join(""));
  const plain = m.kind === "square" && !m.wrap && !m.walls.size && !m.bridges.size;
  if (plain) return {grid};
  const walls = [...m.walls].map(k => k.split("-").map(Number)).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return {grid, geometry: {kind: m.kind, wrap: m.wrap, walls: walls.map(([a, b]) => [rc(m, a), rc(m, b)]),
    bridges: [...m.bridges].sort((a, b) => a - b).map(b => rc(m, b))}};
}

export function fromBoard(board) {
  const height = board.grid.length, width = board.grid[0].length;
  const g = board.geometry || {};
  const m = emptyModel(width, height, g.kind || "square", !!g.wrap);
  m.cells = [...board.grid.join("")];
  const at = ([r, c]) => r * width + c;
  for (const [a, b] of g.walls || []) m.walls.add(pairKey(at(a), at(b)));
  for (const b of g.bridges || []) m.bridges.add(at(b));
  return m;
}

// Paths as the server writes them ({label: [[r, c]...]}) as cell lists, and back.
export function pathsToCells(m, paths) {
  const out = {};
  for (const [label, path] of Object.entries(paths || {})) out[label] = path.map(([r, c]) => r * m.width + c);
  return out;
}
export function pathsToCoords(m, paths) {
  const out = {};
  for (const [label, path] of Object.entries(paths || {})) out[label] = path.map(x => rc(m, x));
  return out;
}
export function cellsOf(m, coords) { return new Set((coords || []).map(([r, c]) => r * m.width + c)); }

export function labelCount(m, label) { return m.cells.filter(ch => ch === label).length; }

// The label waiting for its second endpoint, if any.
export function pending(m) {
  const seen = new Map();
  for (const ch of m.cells) if (ch !== "." && ch !== "#") seen.set(ch, (seen.get(ch) || 0) + 1);
  for (const [label, n] of seen) if (n === 1) return label;
  return null;
}

export function nextLabel(m) {
  const used = new Set(m.cells);
  for (const ch of ALPHABET) if (!used.has(ch)) return ch;
  return null;
}

// Place an endpoint on an empty cell: the partner of a pending label, else a new pair's first end.
export function placeEnd(m, x) {
  if (m.cells[x] !== "." || m.bridges.has(x)) return false;
  const label = pending(m) || nextLabel(m);
  if (!label) return false;
  m.cells[x] = label;
  return true;
}

export function moveEnd(m, from, to) {
  if (from === to || m.cells[to] !== "." || m.bridges.has(to)) return false;
  m.cells[to] = m.cells[from];
  m.cells[from] = ".";
  return true;
}

export function toggleHole(m, x) {
  const ch = m.cells[x];
  if (ch !== "." && ch !== "#") return false;
  m.cells[x] = ch === "#" ? "." : "#";
  m.bridges.delete(x);
  return true;
}

export function toggleWall(m, a, b) {
  const k = pairKey(a, b);
  if (m.walls.has(k)) m.walls.delete(k); else m.walls.add(k);
  return true;
}

export function toggleBridge(m, x) {
  if (m.cells[x] !== ".") return false;
  if (m.bridges.has(x)) m.bridges.delete(x); else m.bridges.add(x);
  return true;
}

export function erase(m, x) {
  const ch = m.cells[x];
  if (m.bridges.has(x)) { m.bridges.delete(x); return true; }
  if (ch === ".") return false;
  if (ch === "#") { m.cells[x] = "."; return true; }
  m.cells = m.cells.map(c => (c === ch ? "." : c));  // a pair goes as a whole
  return true;
}

// The same board cut or grown to width x height from the top left; a pair that loses an
// end loses both, walls and bridges off the board go.
export function resized(m, width, height) {
  const out = emptyModel(width, height, m.kind, m.wrap);
  const map = x => { const [r, c] = rc(m, x); return r < height && c < width ? r * width + c : -1; };
  m.cells.forEach((ch, x) => { const y = map(x); if (y >= 0) out.cells[y] = ch; });
  for (const label of new Set(out.cells)) {
    if (label !== "." && label !== "#" && labelCount(out, label) !== 2) {
      out.cells = out.cells.map(c => (c === label ? "." : c));
    }
  }
  for (const b of m.bridges) { const y = map(b); if (y >= 0) out.bridges.add(y); }
  for (const k of m.walls) {
    const [a, b] = k.split("-").map(Number), ya = map(a), yb = map(b);
    if (ya >= 0 && yb >= 0) out.walls.add(pairKey(ya, yb));
  }
  return out;  // a wall no longer between neighbours is refused by the server, located
}
