// The studio's one drawing module: every board, every mode, every geometry.
//
// The pixel positions come from the server (satlink/render/layout.py, the module the SVG and
// PNG renderers use, through /api/layout): cell centres and outlines for squares and
// hexagons, the side between each pair of neighbours, how a path runs along each pair (one
// segment, or two stubs through a warp's tunnels), and the palette.  This module only
// strokes them, so a geometry is laid out in one place.

const NS = "http://www.w3.org/2000/svg";
export const CANVAS = "#111114", CELL = "#1b1b1f", GRID = "#444", WALL = "#e2e2e8";

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function pts(list) { return list.map(p => p[0] + "," + p[1]).join(" "); }

export function pairKey(a, b) { return a < b ? a + "-" + b : b + "-" + a; }

// Index a layout once: pair lookup by key and each cell's neighbours.
export function indexLayout(layout) {
  if (layout.byKey) return layout;
  layout.byKey = new Map();
  layout.near = layout.cells.map(() => []);
  for (const p of layout.pairs) {
    layout.byKey.set(pairKey(p.a, p.b), p);
    layout.near[p.a].push(p.b);
    layout.near[p.b].push(p.a);
  }
  return layout;
}

// Labels in the order satlink numbers them (row-major first appearance): their colours.
export function labelOrder(model) {
  const seen = [];
  for (const ch of model.cells) if (ch !== "." && ch !== "#" && !seen.includes(ch)) seen.push(ch);
  return seen;
}

export function colourOf(layout, labels, label) {
  const i = labels.indexOf(label);
  return layout.palette[(i < 0 ? 0 : i) % layout.palette.length];
}

// Draw ``model`` (see studio.js) into ``svg``.  ``over``: {paths: {label: [cell...]},
// ghost: {label: [cell...]} (dashed), mark: Set of cells, diff: Set, bad: Set, edges:
// [[a, b]...] (thin decided edges), faded: bool}.
export function drawBoard(svg, layout, model, over = {}) {
  indexLayout(layout);
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const [W, H] = layout.px;
  svg.setAttribute("viewBox", `-2 -2 ${W + 4} ${H + 4}`);
  svg.setAttribute("class", "board" + (over.faded ? " faded" : ""));
  const labels = labelOrder(model);
  const walls = model.walls, bridges = model.bridges;
  el("rect", {x: -2, y: -2, width: W + 4, height: H + 4, fill: CANVAS}, svg);
  // tunnels first, so the cells' outlines cover their inner end
  for (const p of layout.pairs) {
    if (!p.wrap || walls.has(pairKey(p.a, p.b))) continue;
    for (const t of p.tunnels) el("polygon", {points: pts(t), class: "tunnel"}, svg);
  }
  const cellsG = el("g", {class: "cells"}, svg);
  layout.cells.forEach((c, i) => {
    const kind = model.cells[i] === "#" ? "hole" : "cell";
    const classes = [kind];
    if (over.diff && over.diff.has(i)) classes.push("diff");
    if (over.mark && over.mark.has(i)) classes.push("mark");
    if (over.bad && over.bad.has(i)) classes.push("bad");
    el("polygon", {points: pts(c.poly), class: classes.join(" "), "data-cell": i}, cellsG);
  });
  const pathsG = el("g", {class: "paths"}, svg);
  const width = layout.path_width;
  const stroke = (a, b, colour, extra = {}) => {
    const p = layout.byKey.get(pairKey(a, b));
    if (!p) return;
    for (const run of p.runs) {
      el("polyline", {points: pts(run), fill: "none", stroke: colour, "stroke-width": width,
        "stroke-linecap": "round", "stroke-linejoin": "round", ...extra}, pathsG);
    }
  };
  const drawPaths = (paths, extra, widthScale) => {
    for (const [label, path] of Object.entries(paths || {})) {
      const colour = colourOf(layout, labels, label);
      if (path.length === 1) {
        const [x, y] = layout.cells[path[0]].c;
        el("circle", {cx: x, cy: y, r: width * widthScale / 2, fill: colour, ...extra}, pathsG);
      }
      for (let i = 1; i < path.length; i++) {
        stroke(path[i - 1], path[i], colour, {...extra, "stroke-width": width * widthScale});
      }
    }
  };
  drawPaths(over.ghost, {"stroke-dasharray": `${width * 0.6} ${width * 0.6}`, opacity: 0.8,
    class: "ghost"}, 0.45);
  drawPaths(over.paths, {class: "path"}, 1);
  for (const [a, b] of over.edges || []) stroke(a, b, "#ffffff", {"stroke-width": width * 0.25,
    class: "decided", opacity: 0.9});
  for (const [a, b] of over.cuts || []) {  // sides a deduction closed
    const p = layout.byKey.get(pairKey(a, b));
    for (const [s, t] of p ? p.sides : []) {
      el("line", {x1: s[0], y1: s[1], x2: t[0], y2: t[1], class: "cut", stroke: "#ff5a5a",
        "stroke-width": layout.cell * 0.08, "stroke-linecap": "round"}, svg);
    }
  }
  // bridges: a deck over the vertical crossing, the horizontal one drawn again on top
  for (const b of bridges) {
    const [x, y] = layout.cells[b].c, [dw, dh] = layout.deck;
    el("rect", {x: x - dw, y: y - dh, width: 2 * dw, height: 2 * dh, class: "bridge"}, svg);
    el("line", {x1: x - dw, y1: y - dh, x2: x + dw, y2: y - dh, class: "railing"}, svg);
    el("line", {x1: x - dw, y1: y + dh, x2: x + dw, y2: y + dh, class: "railing"}, svg);
    for (const [label, path] of Object.entries(over.paths || {})) {
      for (let i = 1; i < path.length; i++) {
        const a = path[i - 1], c = path[i];
        if ((a === b || c === b) && !layout.byKey.get(pairKey(a, c))?.vertical) {
          const p = layout.byKey.get(pairKey(a, c));
          for (const run of p ? p.runs : []) {
            el("polyline", {points: pts(run), fill: "none", "stroke-linecap": "butt",
              stroke: colourOf(layout, labels, label), "stroke-width": width, class: "over"}, svg);
          }
        }
      }
    }
  }
  for (const key of walls) {
    const p = layout.byKey.get(key);
    if (!p) continue;
    for (const [s, t] of p.sides) {
      el("line", {x1: s[0], y1: s[1], x2: t[0], y2: t[1], class: "wall", stroke: WALL,
        "stroke-width": layout.cell * 0.12, "stroke-linecap": "round"}, svg);
    }
  }
  const endsG = el("g", {class: "ends"}, svg);
  model.cells.forEach((ch, i) => {
    if (ch === "." || ch === "#") return;
    const k = labels.indexOf(ch), [x, y] = layout.cells[i].c;
    el("circle", {cx: x, cy: y, r: layout.cell * 0.36, fill: colourOf(layout, labels, ch),
      class: "end", "data-label": ch}, endsG);
    const t = el("text", {x, y, "font-size": layout.cell * 0.42, fill: layout.ink[k % layout.ink.length],
      "text-anchor": "middle", "dominant-baseline": "central"}, endsG);
    t.textContent = ch;
  });
  return svg;
}

// The SVG point under a pointer event.
export function svgPoint(svg, event) {
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

// The cell under a point, or -1 (farther than a cell from every centre).
export function cellAt(layout, x, y) {
  let best = -1, dist = Infinity;
  layout.cells.forEach((c, i) => {
    const d = (c.c[0] - x) ** 2 + (c.c[1] - y) ** 2;
    if (d < dist) { dist = d; best = i; }
  });
  return dist <= (layout.cell * 0.62) ** 2 ? best : -1;
}

// Where a warp's tunnel under a point leads: dragging into the tab outside a's border that
// the wrap edge to b leaves through means stepping to b (-1: no tunnel there).
export function tunnelAt(layout, x, y) {
  for (const p of layout.pairs) {
    if (!p.wrap) continue;
    for (const [i, target] of [[0, p.b], [1, p.a]]) {
      const t = p.tunnels[i];
      const cx = t.reduce((s, q) => s + q[0], 0) / t.length, cy = t.reduce((s, q) => s + q[1], 0) / t.length;
      if ((cx - x) ** 2 + (cy - y) ** 2 <= (layout.cell * 0.4) ** 2) return target;
    }
  }
  return -1;
}

// The neighbour pair whose shared side is nearest a point (walls are clicked there).
export function sideAt(layout, x, y) {
  let best = null, dist = Infinity;
  for (const p of layout.pairs) {
    for (const [s, t] of p.sides) {
      const mx = (s[0] + t[0]) / 2, my = (s[1] + t[1]) / 2;
      const d = (mx - x) ** 2 + (my - y) ** 2;
      if (d < dist) { dist = d; best = p; }
    }
  }
  return dist <= (layout.cell * 0.35) ** 2 ? best : null;
}
