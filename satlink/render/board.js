/* satlink's one board drawing module, for the validation report and the studio.

   Every geometry is drawn here once: square and hexagonal cells, holes, walls, warps (the
   tunnels at the border and a path through one drawn as two stubs), bridges (a deck carrying
   the horizontal crossing over the vertical one; on hexagons the falling crossing on a deck
   over the rising one, the vertical one on a deck over both), paths, and the highlights both pages use
   (differing cells, marked cells, a located error, ghost paths, decided edges, closed sides).

   The layout is satlink/render/layout.py's (the module the SVG and PNG renderers use), written
   again here so that a page with no server (the report is one self-contained file) can draw
   any board: the studio's browser tests compare the two, point by point, for every geometry.

   A classic script, no build step and no imports: the report inlines it before report.js, the
   studio serves it as /static/board.js before its ES modules; both find it as
   window.SatlinkBoard. */
(function (root) {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  /* as satlink/render/layout.py */
  var PATH_WIDTH = 0.4, TUNNEL_DEPTH = 0.34, TUNNEL_WIDTH = 0.6, WRAP_MARGIN = 0.45;
  var BRIDGE_INSET = 0.1, BRIDGE_GAP = 0.09;
  /* as satlink/geometry.py: (row, col) steps to the neighbours, in ascending cell order */
  var SQUARE = [[-1, 0], [0, -1], [0, 1], [1, 0]];
  var HEX_EVEN = [[-1, 0], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
  var HEX_ODD = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, 0]];
  var INK = {canvas: '#111114', cell: '#1b1b1f', grid: '#444', hole: '#0a0a0c', holeGrid: '#222',
    tunnel: '#80808c', wall: '#e2e2e8', railing: '#a0a0ac', deck: '#2c2c34', diff: '#6b5a1c',
    mark: '#1f3a5a', bad: '#6a1a1a'};
  /* An endpoint's disc and a path's stroke, as fractions of the distance between the centres
     of neighbouring cells (the same on both kinds of cell).  A hexagon has 87% of a square's
     area at that distance, so the same disc and stroke crowd it: hexagons get slightly
     smaller ones, in proportion to the cell's size. */
  var DISC = {square: 0.36, hex: 0.32}, STROKE = {square: PATH_WIDTH, hex: 0.36};

  function unit(dx, dy) { var n = Math.hypot(dx, dy) || 1; return [dx / n, dy / n]; }
  function pairKey(a, b) { return a < b ? a + '-' + b : b + '-' + a; }

  /* -- colours, as satlink/render/colours.py ------------------------------------------- */
  var BASE = ['#e6194b', '#3cb44b', '#4363d8', '#ffe119', '#f58231', '#42d4f4', '#f032e6', '#bfef45',
    '#fabed4', '#469990', '#dcbeff', '#9a6324', '#fffac8', '#800000', '#aaffc3', '#808000',
    '#ffd8b1', '#a9a9ff', '#ffffff', '#a9a9a9'];
  function rgb(i) {
    if (i < BASE.length) {
      var c = BASE[i];
      return [parseInt(c.substr(1, 2), 16), parseInt(c.substr(3, 2), 16), parseInt(c.substr(5, 2), 16)];
    }
    var n = i - BASE.length, h = (n * 0.618033988749895 + 0.05) % 1;
    var l = [0.55, 0.70, 0.42][n % 3], s = [0.85, 0.60][Math.floor(n / 3) % 2];
    var m2 = l <= 0.5 ? l * (1 + s) : l + s - l * s, m1 = 2 * l - m2;
    function v(hue) {
      hue = ((hue % 1) + 1) % 1;
      if (hue < 1 / 6) return m1 + (m2 - m1) * hue * 6;
      if (hue < 0.5) return m2;
      if (hue < 2 / 3) return m1 + (m2 - m1) * (2 / 3 - hue) * 6;
      return m1;
    }
    return [v(h + 1 / 3), v(h), v(h - 1 / 3)].map(function (t) { return Math.round(t * 255); });
  }
  function colour(i) {
    return '#' + rgb(i).map(function (t) { return (t < 16 ? '0' : '') + t.toString(16); }).join('');
  }
  function ink(i) { var c = rgb(i); return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 140 ? '#000000' : '#ffffff'; }
  /* labels in the order satlink numbers them (row-major first appearance) */
  function labelOrder(cells) {
    var seen = [];
    for (var i = 0; i < cells.length; i++) {
      var ch = cells[i];
      if (ch !== '.' && ch !== '#' && seen.indexOf(ch) < 0) seen.push(ch);
    }
    return seen;
  }

  /* -- the layout, as satlink/render/layout.py ------------------------------------------ */
  var layouts = {};

  /* Pixel positions for a board of this size and kind: cells (centre ``c``, outline
     ``poly``), each pair of neighbours (``a`` < ``b``, the ``axis`` of the step between them
     as satlink.geometry numbers axes (square: 0 horizontal, 1 vertical; hexagons: 0
     vertical, 1 falling like a backslash, 2 rising like a slash), ``wrap``, the ``runs``
     a path along it is drawn as, the ``sides`` a wall between them is drawn on, the
     ``tunnels`` of a wrap edge), ``px`` the picture's size.  ``plain``: a square board
     without variants, drawn without a margin (as the renderers draw it).  Memoised: a
     report of ten thousand boards of a few sizes lays out a few. */
  function layout(spec) {
    var w = spec.width, h = spec.height, kind = spec.kind === 'hex' ? 'hex' : 'square';
    var wrap = !!spec.wrap, cell = spec.cell || 40;
    var plain = spec.plain !== undefined ? !!spec.plain : kind === 'square' && !wrap;
    var key = [w, h, kind, wrap, plain, cell].join(':');
    if (layouts[key]) return layouts[key];
    var hex = kind === 'hex', rad = cell / Math.sqrt(3);
    var pad = plain ? 0 : wrap ? Math.round(cell * WRAP_MARGIN) : Math.max(2, Math.round(cell * 0.1));
    var pw = cell * (hex ? STROKE.hex : STROKE.square);
    var innerW = hex ? 2 * rad + 1.5 * rad * (w - 1) : cell * w;
    var innerH = hex ? cell * h + (w > 1 ? cell / 2 : 0) : cell * h;

    function centre(x) {
      var r = Math.floor(x / w), c = x % w;
      if (hex) {
        var low = c % 2 === 0 && w > 1 ? cell / 2 : 0;
        return [pad + rad + 1.5 * rad * c, pad + cell / 2 + r * cell + low];
      }
      return [pad + c * cell + cell / 2, pad + r * cell + cell / 2];
    }
    function outline(x) {
      var p = centre(x), out = [], a;
      if (hex) {
        for (a = 0; a < 360; a += 60) {
          out.push([p[0] + rad * Math.cos(a * Math.PI / 180), p[1] + rad * Math.sin(a * Math.PI / 180)]);
        }
        return out;
      }
      var d = cell / 2;
      return [[p[0] - d, p[1] - d], [p[0] + d, p[1] - d], [p[0] + d, p[1] + d], [p[0] - d, p[1] + d]];
    }
    function isWrap(a, b) {
      if (!wrap) return false;
      return Math.abs(Math.floor(a / w) - Math.floor(b / w)) + Math.abs(a % w - b % w) !== 1;
    }
    function direction(a, b) {
      var pa = centre(a), pb = centre(b), d = unit(pb[0] - pa[0], pb[1] - pa[1]);
      return isWrap(a, b) ? [-d[0], -d[1]] : d;
    }
    function side(a, b) {  /* the side of a facing b (on the border for a wrap edge) */
      var corners = outline(a), p = centre(a), d = direction(a, b), best = 0, score = -Infinity;
      for (var i = 0; i < corners.length; i++) {
        var q = corners[(i + corners.length - 1) % corners.length];
        var s = ((corners[i][0] + q[0]) / 2 - p[0]) * d[0] + ((corners[i][1] + q[1]) / 2 - p[1]) * d[1];
        if (s > score) { score = s; best = i; }
      }
      return [corners[(best + corners.length - 1) % corners.length], corners[best]];
    }
    function tunnel(a, b) {
      var s = side(a, b), m = [(s[0][0] + s[1][0]) / 2, (s[0][1] + s[1][1]) / 2];
      var t = unit(s[1][0] - s[0][0], s[1][1] - s[0][1]), d = direction(a, b);
      var half = cell * TUNNEL_WIDTH / 2, depth = cell * TUNNEL_DEPTH;
      return [[m[0] - t[0] * half, m[1] - t[1] * half],
        [m[0] - t[0] * half + d[0] * depth, m[1] - t[1] * half + d[1] * depth],
        [m[0] + t[0] * half + d[0] * depth, m[1] + t[1] * half + d[1] * depth],
        [m[0] + t[0] * half, m[1] + t[1] * half]];
    }
    function stub(a, b) {
      var p = centre(a), d = direction(a, b), reach = cell / 2 + cell * TUNNEL_DEPTH - pw / 2;
      return [p[0] + d[0] * reach, p[1] + d[1] * reach];
    }
    function adjacent(x) {
      var r = Math.floor(x / w), c = x % w, steps = hex ? (c % 2 ? HEX_ODD : HEX_EVEN) : SQUARE, out = [];
      for (var k = 0; k < steps.length; k++) {
        var r2 = r + steps[k][0], c2 = c + steps[k][1];
        if (wrap) { r2 = (r2 % h + h) % h; c2 = (c2 % w + w) % w; } else if (r2 < 0 || r2 >= h || c2 < 0 || c2 >= w) continue;
        var n = r2 * w + c2;
        if (n !== x && out.indexOf(n) < 0) out.push(n);
      }
      return out;
    }
    function axisOf(a, b) {  /* the line between two neighbours' centres */
      if (!hex) return a % w === b % w ? 1 : 0;
      var pa = centre(a), pb = centre(b), dx = pb[0] - pa[0], dy = pb[1] - pa[1];
      if (Math.abs(dx) < 1e-9) return 0;
      return dx * dy > 0 ? 1 : 2;
    }
    var lay = {width: w, height: h, kind: kind, wrap: wrap, plain: plain, cell: cell, pad: pad,
      px: [Math.ceil(innerW + 2 * pad), Math.ceil(innerH + 2 * pad)], path_width: pw,
      disc: cell * (hex ? DISC.hex : DISC.square), cells: [], pairs: [], byKey: new Map(), near: []};
    for (var x = 0; x < w * h; x++) { lay.cells.push({c: centre(x), poly: outline(x)}); lay.near.push([]); }
    for (x = 0; x < w * h; x++) {
      adjacent(x).forEach(function (b) {
        if (b <= x) return;
        var wrapped = isWrap(x, b);
        var pair = {a: x, b: b, axis: axisOf(x, b), wrap: wrapped,
          runs: wrapped ? [[centre(x), stub(x, b)], [stub(b, x), centre(b)]] : [[centre(x), centre(b)]],
          sides: wrapped ? [side(x, b), side(b, x)] : [side(x, b)],
          tunnels: wrapped ? [tunnel(x, b), tunnel(b, x)] : []};
        lay.pairs.push(pair);
        lay.byKey.set(pairKey(x, b), pair);
        lay.near[x].push(b);
        lay.near[b].push(x);
      });
    }
    /* a path through these cells as polylines, split at each wrap step into two stubs */
    lay.runs = function (path) {
      var runs = path.length ? [[centre(path[0])]] : [];
      for (var i = 1; i < path.length; i++) {
        var a = path[i - 1], b = path[i];
        if (isWrap(a, b) && lay.byKey.has(pairKey(a, b))) {
          runs[runs.length - 1].push(stub(a, b));
          runs.push([stub(b, a)]);
        }
        runs[runs.length - 1].push(centre(b));
      }
      return runs;
    };
    /* a bridge's deck (half length, half width); one deck per axis but the last, bottom
       first (as layout.py's deck_axes): square, the horizontal crossing over the vertical
       one; hexagons, falling over rising and vertical over both */
    lay.deck = [cell / 2 - cell * BRIDGE_INSET, pw / 2 + cell * BRIDGE_GAP];
    lay.axes = hex ? [[0, 1], [Math.cos(Math.PI / 6), 0.5], [Math.cos(Math.PI / 6), -0.5]] : [[1, 0], [0, 1]];
    lay.deckAxes = hex ? [1, 0] : [0];
    lay.deckCorners = function (x, axis) {  /* long edges: corners 0-1 and 3-2 */
      var c = centre(x), u = lay.axes[axis], n = [-u[1], u[0]], l = lay.deck[0], d = lay.deck[1];
      return [[-1, -1], [-1, 1], [1, 1], [1, -1]].map(function (sk) {
        return [c[0] + u[0] * l * sk[1] + n[0] * d * sk[0], c[1] + u[1] * l * sk[1] + n[1] * d * sk[0]];
      });
    };
    lay.centre = centre;
    layouts[key] = lay;
    return lay;
  }

  /* -- drawing ---------------------------------------------------------------------------- */
  function el(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var k in attrs) if (attrs[k] !== undefined) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function pts(list) {
    return list.map(function (p) { return p[0].toFixed(1) + ',' + p[1].toFixed(1); }).join(' ');
  }
  function keySet(walls) {  /* walls as a Set of pairKey, or a list of [a, b] */
    if (!walls) return new Set();
    if (walls instanceof Set) return walls;
    return new Set(walls.map(function (p) { return typeof p === 'string' ? p : pairKey(p[0], p[1]); }));
  }
  function has(set, x) { return !!set && (set.has ? set.has(x) : set.indexOf(x) >= 0); }

  /* Draw a board into ``svg`` (emptied first).
     model: {cells: the grid as one string or a list of characters (``#`` a hole), walls: a
       Set of pairKey or a list of [a, b], bridges: a list of cells}.
     over: {paths: {label: [cell...]}, ghost: {label: [cell...]} (dashed, thin, beneath the
       paths), other: {label: [cell...]} (another solution, dashed over the paths where
       it takes steps they do not), mark, diff,
       bad: Sets or lists of cells, edges: [[a, b]...] (decided edges, thin white), cuts:
       [[a, b]...] (sides a deduction closed, red), faded: bool,
       colours: {label: palette index} (a label's own colour whatever the others; default:
       the order satlink numbers labels in), lone: cells whose endpoint waits for its
       partner (a dashed ring), named: cells a sentence names (a ring), cursor: the keyboard's
       cell (an outline), coords: bool (row numbers at the left, column numbers on top)}.
     Every element carries a class (cell, hole, diff, mark, bad, tunnel, path, ghost, decided,
     cut, bridge, railing, over, wall, end) and its colours as attributes, so a page may
     restyle it and a test may find it. */
  function draw(svg, lay, model, over) {
    over = over || {};
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var W = lay.px[0], H = lay.px[1], cell = lay.cell, pw = lay.path_width;
    var cells = typeof model.cells === 'string' ? Array.from(model.cells) : model.cells;
    var walls = keySet(model.walls), bridges = model.bridges || [];
    var labels = labelOrder(cells);
    var margin = over.coords ? Math.round(cell * 0.55) : 0;  /* room for the coordinates */
    svg.setAttribute('viewBox', (-2 - margin) + ' ' + (-2 - margin) + ' ' + (W + 4 + margin) + ' ' +
      (H + 4 + margin));
    svg.setAttribute('width', W + margin);
    svg.setAttribute('height', H + margin);
    svg.setAttribute('class', 'board' + (over.faded ? ' faded' : ''));
    svg.setAttribute('data-drawn-by', 'satlink-board');
    el('rect', {x: -2 - margin, y: -2 - margin, width: W + 4 + margin, height: H + 4 + margin,
      fill: INK.canvas}, svg);
    function indexOf(label) {
      if (over.colours && over.colours[label] !== undefined) return over.colours[label];
      return Math.max(0, labels.indexOf(label));
    }
    function colourOf(label) { return colour(indexOf(label)); }
    if (over.coords) {  /* row numbers left of column 0, column numbers above row 0 */
      var size = (cell * 0.3).toFixed(1);
      for (var r = 0; r < lay.height; r++) {
        var left = lay.cells[r * lay.width].c;
        el('text', {x: (-margin / 2 - 1).toFixed(1), y: left[1].toFixed(1), 'class': 'coord', fill: '#8a8a96',
          'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central'}, svg).textContent = r;
      }
      for (var c0 = 0; c0 < lay.width; c0++) {
        var top = lay.cells[c0].c;
        el('text', {x: top[0].toFixed(1), y: (-margin / 2 - 1).toFixed(1), 'class': 'coord', fill: '#8a8a96',
          'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central'}, svg).textContent = c0;
      }
    }
    /* tunnels first, so the cells' outlines cover their inner end */
    lay.pairs.forEach(function (p) {
      if (!p.wrap || walls.has(pairKey(p.a, p.b))) return;
      p.tunnels.forEach(function (t) { el('polygon', {points: pts(t), 'class': 'tunnel', fill: INK.tunnel}, svg); });
    });
    var cellsG = el('g', {'class': 'cells'}, svg);
    lay.cells.forEach(function (c, i) {
      var hole = cells[i] === '#', classes = [hole ? 'hole' : 'cell'], fill = hole ? INK.hole : INK.cell;
      if (has(over.diff, i)) { classes.push('diff'); fill = INK.diff; }
      if (has(over.mark, i)) { classes.push('mark'); fill = INK.mark; }
      if (has(over.bad, i)) { classes.push('bad'); fill = INK.bad; }
      el('polygon', {points: pts(c.poly), 'class': classes.join(' '), fill: fill,
        stroke: hole ? INK.holeGrid : INK.grid, 'stroke-width': 1, 'data-cell': i}, cellsG);
    });
    var pathsG = el('g', {'class': 'paths'}, svg);
    function stroke(path, col, attrs, width) {
      lay.runs(path).forEach(function (run) {
        var a = {points: pts(run), fill: 'none', stroke: col, 'stroke-width': width.toFixed(1),
          'stroke-linecap': 'round', 'stroke-linejoin': 'round'};
        for (var k in attrs) a[k] = attrs[k];
        el('polyline', a, pathsG);
      });
    }
    function paths(set, attrs, scale) {
      Object.keys(set || {}).forEach(function (label) {
        var path = set[label], col = colourOf(label);
        if (!path.length) return;
        if (path.length === 1) {
          var c = lay.cells[path[0]].c, a = {cx: c[0], cy: c[1], r: pw * scale / 2, fill: col};
          for (var k in attrs) a[k] = attrs[k];
          el('circle', a, pathsG);
          return;
        }
        stroke(path, col, attrs, pw * scale);
      });
    }
    paths(over.ghost, {'stroke-dasharray': (pw * 0.6).toFixed(1) + ' ' + (pw * 0.6).toFixed(1), opacity: 0.8,
      'class': 'ghost'}, 0.45);
    paths(over.paths, {'class': 'path'}, 1);
    /* another solution over the paths, where it differs from them: its steps that no path
       takes, dashed in its colours on a dark casing */
    var taken = new Set();
    Object.keys(over.paths || {}).forEach(function (label) {
      var path = over.paths[label];
      for (var i = 1; i < path.length; i++) taken.add(pairKey(path[i - 1], path[i]));
    });
    Object.keys(over.other || {}).forEach(function (label) {
      var path = over.other[label], runs = [], run = [];
      for (var i = 1; i < path.length; i++) {
        if (taken.has(pairKey(path[i - 1], path[i]))) { if (run.length) runs.push(run); run = []; continue; }
        if (!run.length) run.push(path[i - 1]);
        run.push(path[i]);
      }
      if (run.length) runs.push(run);
      runs.forEach(function (r) {
        stroke(r, '#000000', {'class': 'other-casing', opacity: 0.75}, pw * 0.46);
        stroke(r, colourOf(label), {'class': 'other', 'stroke-dasharray': (pw * 0.5).toFixed(1) + ' ' +
          (pw * 0.3).toFixed(1)}, pw * 0.3);
      });
    });
    (over.edges || []).forEach(function (e) {
      if (lay.byKey.has(pairKey(e[0], e[1]))) stroke(e, '#ffffff', {'class': 'decided', opacity: 0.9}, pw * 0.25);
    });
    (over.cuts || []).forEach(function (e) {  /* sides a deduction closed */
      var p = lay.byKey.get(pairKey(e[0], e[1]));
      (p ? p.sides : []).forEach(function (s) {
        el('line', {x1: s[0][0], y1: s[0][1], x2: s[1][0], y2: s[1][1], 'class': 'cut', stroke: '#ff5a5a',
          'stroke-width': cell * 0.08, 'stroke-linecap': 'round'}, svg);
      });
    });
    /* bridges: a deck per axis but the last (lay.deckAxes, bottom first), each hiding the
       crossings beneath it, with its own crossing drawn again on top */
    var across = {};  /* "cell:axis" -> label */
    Object.keys(over.paths || {}).forEach(function (label) {
      var path = over.paths[label];
      for (var i = 1; i < path.length; i++) {
        var a = path[i - 1], b = path[i], p = lay.byKey.get(pairKey(a, b));
        if (!p) continue;
        if (has(bridges, a)) across[a + ':' + p.axis] = label;
        if (has(bridges, b)) across[b + ':' + p.axis] = label;
      }
    });
    var rail = Math.max(1, cell * 0.06);
    bridges.forEach(function (b) {
      var c = lay.cells[b].c;
      lay.deckAxes.forEach(function (axis) {
        var k = lay.deckCorners(b, axis), u = lay.axes[axis], label = across[b + ':' + axis];
        if (lay.kind === 'hex') {
          el('polygon', {points: pts(k), 'class': 'bridge', fill: INK.deck, 'data-axis': axis}, svg);
        } else {
          el('rect', {x: k[0][0].toFixed(1), y: k[0][1].toFixed(1), width: (k[2][0] - k[0][0]).toFixed(1),
            height: (k[2][1] - k[0][1]).toFixed(1), 'class': 'bridge', fill: INK.deck}, svg);
        }
        if (label !== undefined) {
          el('line', {x1: (c[0] - u[0] * cell / 2).toFixed(1), y1: (c[1] - u[1] * cell / 2).toFixed(1),
            x2: (c[0] + u[0] * cell / 2).toFixed(1), y2: (c[1] + u[1] * cell / 2).toFixed(1), 'class': 'over',
            stroke: colourOf(label), 'stroke-width': pw.toFixed(1), 'data-axis': axis}, svg);
        }
        [[k[0], k[1]], [k[3], k[2]]].forEach(function (e) {
          el('line', {x1: e[0][0].toFixed(1), y1: e[0][1].toFixed(1), x2: e[1][0].toFixed(1), y2: e[1][1].toFixed(1),
            'class': 'railing', stroke: INK.railing, 'stroke-width': rail.toFixed(1), 'stroke-linecap': 'round'}, svg);
        });
      });
    });
    walls.forEach(function (key) {
      var p = lay.byKey.get(key);
      (p ? p.sides : []).forEach(function (s) {
        el('line', {x1: s[0][0].toFixed(2), y1: s[0][1].toFixed(2), x2: s[1][0].toFixed(2), y2: s[1][1].toFixed(2),
          'class': 'wall', stroke: INK.wall, 'stroke-width': Math.max(2, cell * 0.14).toFixed(1),
          'stroke-linecap': 'round'}, svg);
      });
    });
    function ring(set, cls, col, dash, scale) {  /* a ring around each cell of a set */
      (set ? Array.from(set) : []).forEach(function (i) {
        if (!lay.cells[i]) return;
        var c = lay.cells[i].c;
        el('circle', {cx: c[0].toFixed(1), cy: c[1].toFixed(1), r: (cell * scale).toFixed(1), fill: 'none',
          stroke: col, 'stroke-width': Math.max(1.5, cell * 0.06).toFixed(1), 'stroke-dasharray': dash,
          'class': cls, 'data-cell': i}, svg);
      });
    }
    ring(over.named, 'named', '#ffcf70', undefined, 0.46);
    ring(over.lone, 'lone', '#ffffff', (cell * 0.08).toFixed(1) + ' ' + (cell * 0.06).toFixed(1), 0.44);
    if (over.cursor !== undefined && over.cursor !== null && lay.cells[over.cursor]) {
      el('polygon', {points: pts(lay.cells[over.cursor].poly), fill: 'none', stroke: '#7fb2ff',
        'stroke-width': Math.max(2, cell * 0.08).toFixed(1), 'class': 'cursor'}, svg);
    }
    var endsG = el('g', {'class': 'ends'}, svg);
    cells.forEach(function (ch, i) {
      if (ch === '.' || ch === '#') return;
      var k = indexOf(ch), c = lay.cells[i].c;
      var text = ch.charCodeAt(0) < 128 ? ch : String(labels.indexOf(ch) + 1);  /* as colours.display_label */
      el('circle', {cx: c[0].toFixed(1), cy: c[1].toFixed(1), r: lay.disc.toFixed(1), fill: colour(k),
        stroke: '#000', 'stroke-width': 1, 'class': 'end', 'data-label': ch}, endsG);
      var t = el('text', {x: c[0].toFixed(1), y: c[1].toFixed(1),
        'font-size': (lay.disc * (text.length < 3 ? 1.17 : 0.85)).toFixed(1), fill: ink(k),
        'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-family': 'sans-serif',
        'font-weight': 600}, endsG);
      t.textContent = text;
    });
    return svg;
  }

  /* a new SVG element with the board drawn in it */
  function create(lay, model, over) { return draw(document.createElementNS(NS, 'svg'), lay, model, over); }

  /* -- pointing: the studio's editor and play mode ---------------------------------------- */
  function svgPoint(svg, event) {
    var pt = svg.createSVGPoint();
    pt.x = event.clientX; pt.y = event.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  /* the cell under a point, or -1 (farther than a cell from every centre) */
  function cellAt(lay, x, y) {
    var best = -1, dist = Infinity;
    lay.cells.forEach(function (c, i) {
      var d = Math.pow(c.c[0] - x, 2) + Math.pow(c.c[1] - y, 2);
      if (d < dist) { dist = d; best = i; }
    });
    return dist <= Math.pow(lay.cell * 0.62, 2) ? best : -1;
  }
  /* where a warp's tunnel under a point leads: dragging into the tab outside a's border that
     the wrap edge to b leaves through means stepping to b (-1: no tunnel there) */
  function tunnelAt(lay, x, y) {
    for (var i = 0; i < lay.pairs.length; i++) {
      var p = lay.pairs[i];
      if (!p.wrap) continue;
      for (var k = 0; k < 2; k++) {
        var t = p.tunnels[k], cx = 0, cy = 0;
        t.forEach(function (q) { cx += q[0] / t.length; cy += q[1] / t.length; });
        if (Math.pow(cx - x, 2) + Math.pow(cy - y, 2) <= Math.pow(lay.cell * 0.4, 2)) return k === 0 ? p.b : p.a;
      }
    }
    return -1;
  }
  /* the neighbour pair whose shared side is nearest a point (walls are clicked there) */
  function sideAt(lay, x, y) {
    var best = null, dist = Infinity;
    lay.pairs.forEach(function (p) {
      p.sides.forEach(function (s) {
        var d = Math.pow((s[0][0] + s[1][0]) / 2 - x, 2) + Math.pow((s[0][1] + s[1][1]) / 2 - y, 2);
        if (d < dist) { dist = d; best = p; }
      });
    });
    return dist <= Math.pow(lay.cell * 0.35, 2) ? best : null;
  }

  root.SatlinkBoard = {layout: layout, draw: draw, create: create, pairKey: pairKey,
    labelOrder: labelOrder, colour: colour, ink: ink, svgPoint: svgPoint, cellAt: cellAt,
    tunnelAt: tunnelAt, sideAt: sideAt, STEPS: {square: SQUARE, hexEven: HEX_EVEN, hexOdd: HEX_ODD}};
})(typeof window !== 'undefined' ? window : this);
