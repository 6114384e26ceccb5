// The board being edited, as plain data, and every edit the editor makes to it.
//
// model = {width, height, kind: "square"|"hex", wrap, cells: ["." | "#" | label, ...],
//          walls: Set("a-b"), bridges: Set(cell), paths: {label: [cell, ...]},
//          colours: {label: palette index}}; cells are row * width + col as in satlink.
// ``paths`` are the paths drawn in draw mode: each joins its label's two endpoints (the
// puzzle is their ends), a bridge cell once per crossing.  ``colours`` give each label its
// own colour for as long as it lives, so deleting or adding a pair never recolours another.
// It goes to the server as a record's board ({grid, geometry}) and comes back the same way.

import { labelOrder, pairKey } from "./draw.js";

export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

// The palette's indices in the order the studio hands them out: the palette's own order,
// but its maroon (13) after the other eighteen, since on the dark board it reads as a second
// red beside the first (index 0).
const HANDED = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 13];
export const paletteIndex = i => (i < HANDED.length ? HANDED[i] : i);

// Whether ``text`` is one label a designer may type: a letter or a digit.
export const isTypedLabel = text => typeof text === "string" && text.length === 1 && ALPHABET.includes(text);

// The pair of the other case on the board (A for a, a for A), if any: labels are
// case-sensitive, so the page says so when a new pair stands beside its twin.
export function caseTwin(m, label) {
  const other = label === label.toLowerCase() ? label.toUpperCase() : label.toLowerCase();
  return other !== label && labelsOf(m).has(other) ? other : null;
}
export const isLabel = ch => ch !== "." && ch !== "#";

export function emptyModel(width, height, kind = "square", wrap = false) {
  return {width, height, kind, wrap: kind === "hex" ? false : wrap,
    cells: Array(width * height).fill("."), walls: new Set(), bridges: new Set(), paths: {}, colours: {}};
}

export function copyModel(m) {
  const paths = {};
  for (const [label, path] of Object.entries(m.paths || {})) paths[label] = path.slice();
  return {...m, cells: m.cells.slice(), walls: new Set(m.walls), bridges: new Set(m.bridges), paths,
    colours: {...(m.colours || {})}};
}

export const rc = (m, x) => [Math.floor(x / m.width), x % m.width];
export const where = (m, x) => { const [r, c] = rc(m, x); return `(${r},${c})`; };

export function toBoard(m) {
  const grid = [];
  for (let r = 0; r < m.height; r++) grid.push(m.cells.slice(r * m.width, (r + 1) * m.width).join(""));
  const plain = m.kind === "square" && !m.wrap && !m.walls.size && !m.bridges.size;
  if (plain) return {grid};
  const walls = [...m.walls].map(k => k.split("-").map(Number)).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return {grid, geometry: {kind: m.kind, wrap: m.wrap, walls: walls.map(([a, b]) => [rc(m, a), rc(m, b)]),
    bridges: [...m.bridges].sort((a, b) => a - b).map(b => rc(m, b))}};
}

// A board from the server; ``keep``: a model whose labels keep their colours (a repair or a
// completion of the board being edited).
export function fromBoard(board, keep = null) {
  const height = board.grid.length, width = board.grid[0].length;
  const g = board.geometry || {};
  const m = emptyModel(width, height, g.kind || "square", !!g.wrap);
  m.cells = [...board.grid.join("")];
  const at = ([r, c]) => r * width + c;
  for (const [a, b] of g.walls || []) m.walls.add(pairKey(at(a), at(b)));
  for (const b of g.bridges || []) m.bridges.add(at(b));
  if (keep) m.colours = {...keep.colours};
  else labelOrder(m.cells).forEach((label, i) => { m.colours[label] = paletteIndex(i); });
  colourise(m);
  return m;
}

// Every label present has a colour; a new one takes the smallest index no other label has.
export function colourise(m) {
  const present = labelsOf(m);
  for (const label of Object.keys(m.colours)) if (!present.has(label)) delete m.colours[label];
  const taken = new Set(Object.values(m.colours));
  for (const label of present) {
    if (m.colours[label] !== undefined) continue;
    let i = 0;
    while (taken.has(paletteIndex(i))) i++;
    m.colours[label] = paletteIndex(i); taken.add(paletteIndex(i));
  }
  return m;
}

export function labelsOf(m) {
  const out = new Set(m.cells.filter(isLabel));
  for (const label of Object.keys(m.paths || {})) out.add(label);
  return out;
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
export function endsOf(m, label) { return m.cells.flatMap((ch, x) => (ch === label ? [x] : [])); }

// The label waiting for its second endpoint, if any.
export function pending(m) {
  const seen = new Map();
  for (const ch of m.cells) if (isLabel(ch)) seen.set(ch, (seen.get(ch) || 0) + 1);
  for (const [label, n] of seen) if (n === 1) return label;
  return null;
}
export function loneCells(m) {
  const out = new Set();
  m.cells.forEach((ch, x) => { if (isLabel(ch) && labelCount(m, ch) === 1) out.add(x); });
  return out;
}

// The label a new pair gets: the designer's choice when it is free, else the first free one.
export function newLabel(m, wanted = null) {
  const used = labelsOf(m);
  if (wanted && ALPHABET.includes(wanted) && !used.has(wanted)) return wanted;
  for (const ch of ALPHABET) if (!used.has(ch)) return ch;
  return null;
}
export const nextLabel = m => newLabel(m);

// Place an endpoint on an empty cell: the partner of a pending label, else a new pair's
// first end (labelled ``wanted`` when free).
export function placeEnd(m, x, wanted = null) {
  if (m.cells[x] !== "." || m.bridges.has(x)) return false;
  const label = pending(m) || newLabel(m, wanted);
  if (!label) return false;
  m.cells[x] = label;
  colourise(m);
  return true;
}

// A typed label at x: a new end of that label (it may have at most two).  Returns true, or
// the reason it was refused.
export function placeLabel(m, x, label) {
  if (!ALPHABET.includes(label)) return `${label} is not a label (letters and digits)`;
  if (m.bridges.has(x)) return "a bridge is crossed, never an end";
  if (m.cells[x] === label) return false;
  if (m.cells[x] !== ".") return `${where(m, x)} holds ${m.cells[x] === "#" ? "a hole" : m.cells[x]}; Delete first`;
  if (labelCount(m, label) >= 2) return `${label} already has both endpoints`;
  m.cells[x] = label;
  delete m.paths[label];
  colourise(m);
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

// The drawn path through cell x (not at its ends), if any.
export function pathThrough(m, x) {
  for (const [label, path] of Object.entries(m.paths)) if (path.includes(x)) return label;
  return null;
}

// Erase what is at x: a bridge, a hole, one endpoint (its partner stays, waiting: the page
// says so), or the drawn path through x (its endpoints stay).
export function erase(m, x) {
  const ch = m.cells[x];
  if (m.bridges.has(x) && !pathThrough(m, x)) { m.bridges.delete(x); return true; }
  if (ch === "#") { m.cells[x] = "."; return true; }
  if (isLabel(ch)) {
    m.cells[x] = ".";
    delete m.paths[ch];
    colourise(m);
    return true;
  }
  const label = pathThrough(m, x);
  if (label) { delete m.paths[label]; return true; }
  return false;
}

// The drawn paths that no longer fit the board (an end moved or erased, a hole, a wall or a
// bridge put in their way): dropped, their labels returned.  ``layout`` gives the steps'
// axes (a path crosses a bridge straight on).
export function reconcile(m, layout) {
  const dropped = [];
  for (const [label, path] of Object.entries(m.paths)) {
    const ends = endsOf(m, label), first = path[0], last = path[path.length - 1];
    let ok = path.length >= 2 && ends.length === 2 && ends.includes(first) && ends.includes(last) && first !== last;
    for (let i = 0; ok && i < path.length; i++) {
      const x = path[i], inner = i > 0 && i < path.length - 1;
      if (m.cells[x] === "#" || (inner && m.cells[x] !== ".")) ok = false;
      if (!inner && m.bridges.has(x)) ok = false;
      if (i > 0) {
        const key = pairKey(path[i - 1], x);
        if (m.walls.has(key) || (layout && !layout.byKey.has(key))) ok = false;
      }
      if (ok && inner && m.bridges.has(x) && layout) {
        const axis = (a, b) => layout.byKey.get(pairKey(a, b)).axis;
        if (axis(path[i - 1], x) !== axis(x, path[i + 1])) ok = false;
      }
    }
    if (!ok) { delete m.paths[label]; dropped.push(label); }
  }
  return dropped;
}

// Take the drawn paths of a draw gesture: each path's ends become its label's endpoints; a
// path cut down below two cells takes its pair with it.  Returns the labels removed.
export function commitPaths(m, paths) {
  const removed = [];
  for (const [label, path] of Object.entries(paths)) {
    const had = !!m.paths[label];
    m.cells = m.cells.map(ch => (ch === label ? "." : ch));
    if (path.length >= 2) {
      m.cells[path[0]] = label; m.cells[path[path.length - 1]] = label;
      m.paths[label] = path.slice();
    } else {
      delete m.paths[label];
      if (had) removed.push(label);
    }
  }
  colourise(m);
  return removed;
}

// The same board cut or grown to width x height from the top left; a pair that loses an
// end loses both, walls and bridges off the board go, drawn paths go.
export function resized(m, width, height) {
  const out = emptyModel(width, height, m.kind, m.wrap);
  const map = x => { const [r, c] = rc(m, x); return r < height && c < width ? r * width + c : -1; };
  m.cells.forEach((ch, x) => { const y = map(x); if (y >= 0) out.cells[y] = ch; });
  for (const label of new Set(out.cells)) {
    if (isLabel(label) && labelCount(out, label) !== 2) {
      out.cells = out.cells.map(c => (c === label ? "." : c));
    }
  }
  for (const b of m.bridges) { const y = map(b); if (y >= 0) out.bridges.add(y); }
  for (const k of m.walls) {
    const [a, b] = k.split("-").map(Number), ya = map(a), yb = map(b);
    if (ya >= 0 && yb >= 0) out.walls.add(pairKey(ya, yb));
  }
  out.colours = {...m.colours};
  return colourise(out);  // a wall no longer between neighbours is refused by the server, located
}
