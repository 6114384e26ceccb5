/* The one-file player: a pack of puzzles played in any browser, with no server and no network
   (satlink/render/player.py writes the file: board.js draws, hand.js is the rules of the
   hand, this script is the page).

   Each puzzle carries its board and the SHA-256 of its one solution (the puzzle is proven
   unique when the file is written), never the solution itself: when every pair is joined,
   the drawing's own hash is compared with it, and "Solved!" is said only on a match.  The
   drawing is hashed as the solution was: per label (in code point order), the steps of its
   path as sorted pairs of cell numbers, so the direction a path was drawn in does not count.

   Keys: a label's key picks its colour, the arrows extend its path (or move the cursor), Enter
   picks what is under the cursor, Backspace undoes, Esc lets go; PageDown and PageUp go to the
   next and the previous puzzle. */
(function (root) {
  'use strict';
  var B = root.SatlinkBoard, H = root.SatlinkHand, PACK = root.SATLINK_PACK;
  var $ = function (id) { return document.getElementById(id); };
  var svg = $('board');
  var state = {at: 0, plays: [], solved: [], cursor: null, keyboard: false, drag: false};

  /* -- SHA-256 (FIPS 180-4), so a file:// page needs no crypto API ------------------------ */
  var K = [];
  (function () {
    var n = 2, found = 0;
    function frac(x) { return ((x - Math.floor(x)) * 4294967296) >>> 0; }
    while (found < 64) {
      var prime = true;
      for (var d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
      if (prime) { K.push(frac(Math.cbrt(n))); found++; }
      n++;
    }
  })();
  function sha256(text) {
    var bytes = Array.from(new TextEncoder().encode(text)), len = bytes.length * 8;
    bytes.push(0x80);
    while (bytes.length % 64 !== 56) bytes.push(0);
    for (var s = 56; s >= 0; s -= 8) bytes.push(s >= 32 ? Math.floor(len / Math.pow(2, s)) & 255 : (len >>> s) & 255);
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var w = new Array(64);
    function rotr(x, r) { return (x >>> r) | (x << (32 - r)); }
    for (var off = 0; off < bytes.length; off += 64) {
      for (var i = 0; i < 16; i++) {
        w[i] = (bytes[off + 4 * i] << 24) | (bytes[off + 4 * i + 1] << 16) | (bytes[off + 4 * i + 2] << 8) | bytes[off + 4 * i + 3];
      }
      for (i = 16; i < 64; i++) {
        var s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        var s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
      for (i = 0; i < 64; i++) {
        var t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h = [h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + hh].map(function (v) { return v | 0; });
    }
    return h.map(function (v) { return ('00000000' + (v >>> 0).toString(16)).slice(-8); }).join('');
  }

  /* the text a drawing is hashed as (satlink/render/player.py's solution_text) */
  function drawingText(m, paths) {
    var labels = Object.keys(paths).filter(function (l) { return paths[l].length > 1; });
    labels.sort(function (p, q) { return p < q ? -1 : p > q ? 1 : 0; });
    return m.width + 'x' + m.height + '|' + labels.map(function (label) {
      var p = paths[label], steps = [];
      for (var i = 1; i < p.length; i++) steps.push(p[i - 1] < p[i] ? [p[i - 1], p[i]] : [p[i], p[i - 1]]);
      steps.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
      return label + ':' + steps.map(function (s) { return s[0] + '-' + s[1]; }).join(',');
    }).join(';');
  }

  /* -- the puzzles ------------------------------------------------------------------------ */
  function modelOf(puzzle) {
    var grid = puzzle.board.grid, g = puzzle.board.geometry || {};
    var width = grid[0].length, at = function (rc) { return rc[0] * width + rc[1]; };
    var m = {width: width, height: grid.length, kind: g.kind || 'square', wrap: !!g.wrap,
      cells: Array.from(grid.join('')), walls: new Set(), bridges: new Set()};
    (g.walls || []).forEach(function (w) { m.walls.add(B.pairKey(at(w[0]), at(w[1]))); });
    (g.bridges || []).forEach(function (b) { m.bridges.add(at(b)); });
    return m;
  }
  var models = PACK.puzzles.map(modelOf);
  PACK.puzzles.forEach(function () { state.plays.push(H.newPlay()); state.solved.push(false); });

  function current() { return {puzzle: PACK.puzzles[state.at], m: models[state.at], play: state.plays[state.at]}; }
  function layout() { var m = current().m; return B.layout({width: m.width, height: m.height, kind: m.kind, wrap: m.wrap}); }

  function say(text, cls) { var s = $('status'); s.textContent = text; s.className = cls || ''; }

  function judge() {
    var c = current(), j = H.joined(c.m, c.play);
    if (j.done < j.pairs) {
      if (!state.solved[state.at]) say(j.done + ' of ' + j.pairs + ' pairs joined');
      return;
    }
    if (sha256(drawingText(c.m, c.play.paths)) === c.puzzle.hash) {
      state.solved[state.at] = true;
      say('Solved!', 'solved');
    } else {
      say('Every pair is joined, but this is not the solution: a cell may be left empty, or a ' +
        'rule broken (' + c.puzzle.rules + ')', 'wrong');
    }
    showWhere();
  }

  function redraw() {
    var c = current(), lay = layout();
    B.draw(svg, lay, c.m, {paths: c.play.paths, cursor: state.keyboard ? state.cursor : null});
  }

  function showWhere() {
    var n = PACK.puzzles.length, c = current();
    $('where').textContent = 'Puzzle ' + (state.at + 1) + ' of ' + n + ' · ' + c.m.width + '×' + c.m.height +
      ' · ' + c.puzzle.rules + (state.solved[state.at] ? ' · solved' : '');
    $('prev').disabled = state.at === 0;
    $('next').disabled = state.at === n - 1;
  }

  function go(i) {
    if (i < 0 || i >= PACK.puzzles.length) return;
    state.at = i; state.cursor = null;
    showWhere(); redraw(); judge();
    if (!state.solved[i]) say(H.joined(current().m, current().play).done + ' of ' +
      H.joined(current().m, current().play).pairs + ' pairs joined');
  }

  function refusedSay(play) { if (play.refused) say('refused: ' + H.REFUSALS[play.refused], 'refused'); }

  /* -- pointer ---------------------------------------------------------------------------- */
  function cellOf(e) {
    var lay = layout(), p = B.svgPoint(svg, e), x = B.cellAt(lay, p.x, p.y);
    return x >= 0 ? x : B.tunnelAt(lay, p.x, p.y);
  }
  svg.addEventListener('pointerdown', function (e) {
    var c = current(), x = cellOf(e);
    state.keyboard = false;
    if (x < 0) return;
    H.remember(c.play);
    if (H.start(layout(), c.m, c.play, x)) { state.drag = true; svg.setPointerCapture(e.pointerId); redraw(); }
  });
  svg.addEventListener('pointermove', function (e) {
    if (!state.drag) return;
    var c = current();
    if (H.extend(layout(), c.m, c.play, cellOf(e))) redraw(); else refusedSay(c.play);
  });
  svg.addEventListener('pointerup', function () {
    if (!state.drag) return;
    state.drag = false; H.stop(current().play); judge();
  });

  /* -- keys ------------------------------------------------------------------------------- */
  svg.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'PageDown') { e.preventDefault(); go(state.at + 1); return; }
    if (e.key === 'PageUp') { e.preventDefault(); go(state.at - 1); return; }
    var c = current(), r = H.key(layout(), c.m, c.play, {cursor: state.cursor}, e);
    if (!r.handled) return;
    e.preventDefault();
    state.cursor = r.cursor; state.keyboard = true;
    redraw();
    if (c.play.refused) refusedSay(c.play); else judge();
  });
  svg.addEventListener('focus', function () { if (state.cursor === null) state.cursor = 0; });

  $('undo').addEventListener('click', function () { if (H.undo(current().play)) { redraw(); judge(); } });
  $('reset').addEventListener('click', function () {
    var play = current().play;
    H.remember(play); play.paths = {}; play.active = null; state.solved[state.at] = false;
    redraw(); judge(); showWhere();
  });
  $('prev').addEventListener('click', function () { go(state.at - 1); });
  $('next').addEventListener('click', function () { go(state.at + 1); });

  root.satlinkPlayer = {state: state, sha256: sha256, drawingText: drawingText, go: go};
  go(0);
  svg.focus();
  document.body.dataset.ready = '1';
})(window);
