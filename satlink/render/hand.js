/* satlink's rules of the hand: drawing paths as in Flow Free, on the board's own graph, by
   pointer and by keyboard; for the studio's Play and draw modes and the one-file player.

   A path grows one neighbour at a time (the layout's neighbour pairs, less walls and holes);
   it never enters another colour's endpoint; through a bridge it goes straight on (the step
   out is on the axis of the step in, to the opposite side: two axes on square cells, three
   on hexagons); entering a cell another path holds cuts that path there (a bridge's
   crossings are held separately, one per axis); going back onto its own cells takes the
   path back.  Whether the finished drawing wins is not decided here: the studio asks
   satlink's referee, the player compares it with the solution it stores.  A move refused
   leaves its reason in a word in ``play.refused`` (REFUSALS says it in a sentence).

   The keyboard, as puzz.link's players have it: a cursor; a label's key picks that colour
   (its path goes on from where it stopped, or starts at its first end); the arrows extend
   the picked path (or, with none picked, move the cursor); Enter or Space picks what is
   under the cursor; Backspace undoes the last change; Escape lets go of the colour.  Every
   change, by pointer or key, can be undone (``remember`` before it, ``undo`` after).

   A classic script (no imports, no build step) after board.js: the studio serves it as
   /static/hand.js, the player inlines it; both find it as window.SatlinkHand. */
(function (root) {
  'use strict';
  var B = root.SatlinkBoard;
  var HISTORY = 500;  /* changes kept for undo */

  function newPlay() { return {paths: {}, active: null, done: new Set(), refused: null, history: []}; }

  var REFUSALS = {wall: 'a wall is in the way', hole: 'a hole is no cell to cross',
    'too far': 'step to a neighbouring cell', taken: "another colour's endpoint",
    straight: 'a bridge is crossed straight on', done: 'this path already joins its ends',
    loop: 'a path may not run into its own start', edge: 'no neighbouring cell that way',
    'no colour': 'no such colour on this board'};

  function refuse(play, why) { play.refused = why; return false; }
  function isEnd(ch) { return ch !== '.' && ch !== '#'; }
  function axis(layout, a, b) { return layout.byKey.get(B.pairKey(a, b)).axis; }

  /* why the step from a to b is refused ("too far", "wall", "hole"), or null */
  function blocked(layout, m, a, b) {
    if (!layout.byKey.get(B.pairKey(a, b))) return 'too far';
    if (m.walls.has(B.pairKey(a, b))) return 'wall';
    return m.cells[b] === '#' ? 'hole' : null;
  }

  /* what a path occupies: cells, and for a bridge the crossing's axis */
  function visits(layout, m, path) {
    return path.map(function (x, i) {
      if (!m.bridges.has(x)) return String(x);
      var other = i > 0 ? path[i - 1] : path[i + 1];
      return other === undefined ? x + ':?' : x + ':' + axis(layout, other, x);
    });
  }

  function holder(layout, m, play, visit, except) {
    var labels = Object.keys(play.paths);
    for (var k = 0; k < labels.length; k++) {
      if (labels[k] === except) continue;
      var i = visits(layout, m, play.paths[labels[k]]).indexOf(visit);
      if (i >= 0) return [labels[k], i];
    }
    return null;
  }

  /* start drawing at cell x: from an endpoint (a fresh path) or from a cell of a drawn path */
  function start(layout, m, play, x) {
    var ch = m.cells[x];
    if (isEnd(ch)) {
      var path = play.paths[ch];
      if (!path || path[path.length - 1] !== x || path.length === 1) play.paths[ch] = [x];  /* afresh */
      play.active = ch;  /* (pressing the end a path reached keeps it: after a warp, say) */
      return true;
    }
    var labels = Object.keys(play.paths);
    for (var k = 0; k < labels.length; k++) {
      var i = play.paths[labels[k]].indexOf(x);
      if (i >= 0) { play.paths[labels[k]] = play.paths[labels[k]].slice(0, i + 1); play.active = labels[k]; return true; }
    }
    return false;
  }

  /* the pointer (or a key) moved onto cell y while drawing: extend, take back, or refuse
     (saying why in play.refused).  keepLonger: a path this one enters keeps its longer part */
  function extend(layout, m, play, y, options) {
    var keepLonger = !!(options && options.keepLonger), label = play.active;
    play.refused = null;
    if (label === null || y < 0) return false;
    var path = play.paths[label], last = path[path.length - 1];
    if (y === last) return false;
    var back = path.lastIndexOf(y);
    if (back >= 0 && !m.bridges.has(y)) { play.paths[label] = path.slice(0, back + 1); return true; }
    if (path.length > 1 && m.cells[last] === label && last !== path[0]) return refuse(play, 'done');
    var why = blocked(layout, m, last, y);
    if (why) return refuse(play, why);
    var ch = m.cells[y];
    if (isEnd(ch) && ch !== label) return refuse(play, 'taken');
    if (ch === label && y === path[0]) return refuse(play, 'loop');
    if (m.bridges.has(last) && path.length > 1 && axis(layout, path[path.length - 2], last) !== axis(layout, last, y)) {
      return refuse(play, 'straight');  /* straight through a bridge */
    }
    var visit = m.bridges.has(y) ? y + ':' + axis(layout, last, y) : String(y);
    if (path.indexOf(y) >= 0 && visits(layout, m, path).indexOf(visit) >= 0) return refuse(play, 'loop');
    var held = holder(layout, m, play, visit, label);
    if (held) {
      var other = held[0], i = held[1], cut = play.paths[other];
      var before = cut.slice(0, i), after = cut.slice(i + 1);
      play.paths[other] = keepLonger && after.length > before.length ? after : before;
      if (!play.paths[other].length) delete play.paths[other];
    }
    path.push(y);
    return true;
  }

  function stop(play) { play.active = null; }

  /* the drawing as satlink reads it: {label: [[r, c]...]}, one-cell stubs left out */
  function drawn(m, play) {
    var out = {};
    Object.keys(play.paths).forEach(function (label) {
      var path = play.paths[label];
      if (path.length > 1) out[label] = path.map(function (x) { return [Math.floor(x / m.width), x % m.width]; });
    });
    return out;
  }

  /* whether every pair's path joins its two ends */
  function joined(m, play) {
    var labels = new Set(m.cells.filter(isEnd));
    var done = 0;
    labels.forEach(function (label) {
      var p = play.paths[label];
      if (p && p.length > 1 && m.cells[p[0]] === label && m.cells[p[p.length - 1]] === label && p[0] !== p[p.length - 1]) done++;
    });
    return {done: done, pairs: labels.size};
  }

  /* -- undo ------------------------------------------------------------------------------- */
  function copyPaths(paths) {
    var out = {};
    Object.keys(paths).forEach(function (label) { out[label] = paths[label].slice(); });
    return out;
  }
  function remember(play) {
    play.history.push(copyPaths(play.paths));
    if (play.history.length > HISTORY) play.history.shift();
  }
  /* the drawing as it was before the last change that differs from it; false when none */
  function undo(play) {
    var now = JSON.stringify(play.paths);
    while (play.history.length) {
      var before = play.history.pop();
      if (JSON.stringify(before) !== now) {
        play.paths = before;
        if (play.active !== null && !(play.paths[play.active] || []).length) play.active = null;
        return true;
      }
    }
    return false;
  }

  /* -- the keyboard ----------------------------------------------------------------------- */
  var ARROWS = {ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0]};

  /* the neighbour of x the arrow points to: the one whose direction (across a warp, the way
     out through the tunnel) is nearest the arrow's; on hexagons two tie for left and right,
     and the lower one is taken (the upper one with Shift) */
  function neighbourToward(layout, x, arrow, upper) {
    var d = ARROWS[arrow], best = -1, score = 0.3, c = layout.cells[x].c;
    layout.near[x].forEach(function (b) {
      var q = layout.cells[b].c, dx = q[0] - c[0], dy = q[1] - c[1], n = Math.hypot(dx, dy) || 1;
      var sign = layout.byKey.get(B.pairKey(x, b)).wrap ? -1 : 1;
      dx = sign * dx / n; dy = sign * dy / n;
      var s = dx * d[0] + dy * d[1] + (upper ? -dy : dy) * 1e-3;
      if (s > score) { score = s; best = b; }
    });
    return best;
  }

  /* the label a key names: itself, or the label of the other case when only that one is on
     the board (so "a" picks A, as a player expects); null when none */
  function labelOfKey(m, key) {
    if (key.length !== 1 || !isEnd(key)) return null;
    var present = new Set(m.cells.filter(isEnd));
    if (present.has(key)) return key;
    var other = key === key.toLowerCase() ? key.toUpperCase() : key.toLowerCase();
    return present.has(other) ? other : null;
  }

  /* pick a colour: its path goes on from where it stopped, or starts at its first end */
  function pick(layout, m, play, label) {
    var path = play.paths[label];
    if (!path || !path.length) {
      var first = m.cells.indexOf(label);
      play.paths[label] = [first];
      path = play.paths[label];
    }
    play.active = label;
    return path[path.length - 1];
  }

  /* one key on the board: {cursor, changed, handled}; the change already remembered for
     undo.  kb = {cursor} (the cell the keyboard is on). */
  function key(layout, m, play, kb, event) {
    var k = event.key, out = {cursor: kb.cursor, changed: false, handled: true};
    play.refused = null;
    if (out.cursor === null || out.cursor === undefined) out.cursor = 0;
    if (ARROWS[k]) {
      var to = neighbourToward(layout, out.cursor, k, event.shiftKey);
      if (to < 0) { refuse(play, 'edge'); return out; }
      if (play.active === null) { out.cursor = to; return out; }
      remember(play);
      if (extend(layout, m, play, to)) { out.cursor = to; out.changed = true; } else play.history.pop();
      return out;
    }
    if (k === 'Backspace') {
      out.changed = undo(play);
      var p = play.active !== null ? play.paths[play.active] : null;
      if (p && p.length) out.cursor = p[p.length - 1];
      return out;
    }
    if (k === 'Escape') { play.active = null; return out; }
    if (k === 'Enter' || k === ' ') {
      remember(play);
      if (!start(layout, m, play, out.cursor)) play.history.pop(); else out.changed = true;
      return out;
    }
    var label = labelOfKey(m, k);
    if (label !== null) {
      remember(play);
      out.cursor = pick(layout, m, play, label);
      out.changed = true;
      return out;
    }
    if (k.length === 1 && isEnd(k)) { refuse(play, 'no colour'); return out; }
    out.handled = false;
    return out;
  }

  root.SatlinkHand = {newPlay: newPlay, REFUSALS: REFUSALS, start: start, extend: extend,
    stop: stop, drawn: drawn, joined: joined, remember: remember, undo: undo, key: key,
    neighbourToward: neighbourToward, labelOfKey: labelOfKey};
})(typeof window !== 'undefined' ? window : this);
