/* satlink validation report: filters, sorting and board pictures drawn on demand.
   The data is one JSON array of compact rows (see satlink/render/report.py); nothing is
   fetched from the network. */
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('satlink-data').textContent);
  var ROWS = D.rows, ST = D.statuses, SRC = D.sources, PATHS = D.paths, RULES = D.rules;
  var P = 0, IDX = 1, S = 2, W = 3, H = 4, G = 5, R = 6, COL = 7, EFF = 8, GRD = 9, SEC = 10,
    SOL = 11, X = 12;
  var PAGE = 100, CELL = 22;
  var body = document.querySelector('#boards tbody');
  var shownText = document.getElementById('shown'), more = document.getElementById('more');
  var fStatus = document.getElementById('f-status'), fPack = document.getElementById('f-pack');
  var fSize = document.getElementById('f-size'), fQ = document.getElementById('f-q');
  var state = {status: '', pack: '', size: '', q: '', sort: ''};
  var list = [], drawn = 0, open = {};

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
    });
  }
  function extra(row) { return row[X] || {}; }
  function isProblem(row) { return row[S] < D.problems; }
  function sizeOf(row) { return row[W] ? esc(row[W]) + 'x' + esc(row[H]) : ''; }

  /* -- filter controls ------------------------------------------------------------------ */
  function option(value, text) { return '<option value="' + esc(value) + '">' + esc(text) + '</option>'; }
  (function fill() {
    var counts = {}, sizes = {}, packs = {};
    ROWS.forEach(function (row) {
      counts[row[S]] = (counts[row[S]] || 0) + 1;
      packs[row[P]] = (packs[row[P]] || 0) + 1;
      var size = sizeOf(row);
      if (size) sizes[size] = row[W] * row[H];
    });
    var problems = ROWS.filter(isProblem).length;
    var html = option('', 'all (' + ROWS.length + ')') + option('problems', 'problems (' + problems + ')');
    ST.forEach(function (name, i) { if (counts[i]) html += option(name, name + ' (' + counts[i] + ')'); });
    fStatus.innerHTML = html;
    html = option('', 'all packs');
    SRC.forEach(function (name, i) { if (packs[i]) html += option(name, name + ' (' + packs[i] + ')'); });
    fPack.innerHTML = html;
    html = option('', 'all sizes');
    Object.keys(sizes).sort(function (a, b) { return sizes[a] - sizes[b] || (a < b ? -1 : 1); })
      .forEach(function (s) { html += option(s, s); });
    fSize.innerHTML = html;
  })();

  function matches(row, n, q) {
    if (state.status === 'problems' ? !isProblem(row) : state.status && ST[row[S]] !== state.status) return false;
    if (state.pack && SRC[row[P]] !== state.pack) return false;
    if (state.size && sizeOf(row) !== state.size) return false;
    if (!q) return true;
    var m = /^#(\d+)$/.exec(q);
    if (m) return n === +m[1];
    if (/^\d+$/.test(q)) return row[IDX] === +q || n === +q;
    var at = /^(.*?)[:#](\d+)$/.exec(q);
    var name = (SRC[row[P]] + '\n' + PATHS[row[P]]).toLowerCase();
    if (at) return row[IDX] === +at[2] && name.indexOf(at[1]) >= 0;
    return name.indexOf(q) >= 0;
  }

  var KEYS = {
    n: function (n) { return n; },
    pack: function (n) { return SRC[ROWS[n - 1][P]]; },
    index: function (n) { return ROWS[n - 1][IDX]; },
    size: function (n) { var r = ROWS[n - 1]; return r[W] * r[H]; },
    rules: function (n) { return RULES[ROWS[n - 1][R]] || ''; },
    status: function (n) { return ROWS[n - 1][S]; },
    colours: function (n) { return ROWS[n - 1][COL] == null ? -1 : ROWS[n - 1][COL]; },
    effort: function (n) { return ROWS[n - 1][EFF] == null ? -1 : ROWS[n - 1][EFF]; },
    grade: function (n) { return ROWS[n - 1][GRD] == null ? -1 : ROWS[n - 1][GRD][0]; },
    seconds: function (n) { return ROWS[n - 1][SEC] || 0; }
  };

  function apply() {
    var q = state.q.trim().toLowerCase();
    list = [];
    for (var i = 0; i < ROWS.length; i++) if (matches(ROWS[i], i + 1, q)) list.push(i + 1);
    var sort = state.sort.replace(/^-/, ''), down = state.sort.charAt(0) === '-';
    if (KEYS[sort]) {
      var key = KEYS[sort];
      list.sort(function (a, b) {
        var x = key(a), y = key(b), d = x < y ? -1 : x > y ? 1 : a - b;
        return down ? -d : d;
      });
    } else {  /* problems first, most serious first, then file order */
      list.sort(function (a, b) { return ROWS[a - 1][S] - ROWS[b - 1][S] || a - b; });
    }
    document.querySelectorAll('#boards th[data-k]').forEach(function (th) {
      th.className = th.dataset.k === sort ? 'sorted' + (down ? '' : ' up') : '';
    });
    body.innerHTML = '';
    drawn = 0;
    page();
  }

  function page() {
    var end = Math.min(list.length, drawn + PAGE), html = [];
    for (var i = drawn; i < end; i++) html.push(rowHtml(list[i]));
    body.insertAdjacentHTML('beforeend', html.join(''));
    for (i = drawn; i < end; i++) {
      var n = list[i];
      if (open[n] === undefined ? isProblem(ROWS[n - 1]) : open[n]) showDetail(n);
    }
    drawn = end;
    shownText.textContent = (list.length === ROWS.length ? 'all ' + ROWS.length + ' boards'
      : list.length + ' of ' + ROWS.length + ' boards match') +
      (drawn < list.length ? '; showing the first ' + drawn + ' (more as you scroll)' : '');
    more.innerHTML = drawn < list.length
      ? '<button type="button">show ' + Math.min(PAGE, list.length - drawn) + ' more</button>' : '';
    watchEnd();
  }
  more.addEventListener('click', page);
  /* more rows as the end of the list comes into view; observed afresh after each page, so a
     list end that stays in view keeps loading */
  var sentinel = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries) {
    if (entries[entries.length - 1].isIntersecting && drawn < list.length) page();
  }, {rootMargin: '600px'}) : null;
  function watchEnd() {
    if (!sentinel) return;
    sentinel.unobserve(more);
    if (drawn < list.length) sentinel.observe(more);
  }

  function rowHtml(n) {
    var row = ROWS[n - 1], st = ST[row[S]], x = extra(row);
    var link = puzzLink(row), play = D.pz[row[R]], cmd = studioCommand(row);
    var status = esc(st) + (x.dup ? ' <a class="jump" href="#b' + x.dup + '">→ #' + x.dup + '</a>' : '');
    return '<tr class="row" id="b' + n + '" data-n="' + n + '" data-status="' + esc(st) + '">' +
      '<td class="n">' + n + '</td><td title="' + esc(PATHS[row[P]]) + '">' + esc(SRC[row[P]]) + '</td>' +
      '<td class="n">' + esc(row[IDX]) + '</td><td>' + (sizeOf(row) || '–') + '</td>' +
      '<td>' + esc(RULES[row[R]] || '') + '</td><td class="st ' + esc(st) + '">' + status + '</td>' +
      '<td class="n">' + (row[COL] == null ? '–' : esc(row[COL])) + '</td>' +
      '<td class="n">' + (row[EFF] == null ? '–' : esc(row[EFF])) + '</td>' +
      '<td>' + (row[GRD] == null ? '–' : esc(D.bands[row[GRD][1]]) + ' ' + esc(row[GRD][0])) + '</td>' +
      '<td class="n">' + (row[SEC] == null ? '–' : esc(Number(row[SEC]).toFixed(3))) + '</td>' +
      '<td class="open">' + (cmd ? copyButton(cmd, 'studio', 'copy the command that opens this board in the studio: ' + cmd) : '') +
      (link ? ' ' + puzzAnchor(link, play[1], 'puzz.link', true) : '') + '</td></tr>';
  }

  /* -- where a board opens: the studio (a command to copy) and puzz.link ------------------ */
  function studioCommand(row) {  // satlink studio PACK#N, N the board's number in its pack
    var arg = D.studio[row[P]];
    return arg && row[IDX] != null ? 'satlink studio ' + arg[0] + row[IDX] + arg[1] : null;
  }
  function copyButton(text, label, title) {
    return '<button type="button" class="copy" data-copy="' + esc(text) + '" title="' + esc(title) + '">' + esc(label) + '</button>';
  }
  function puzzAnchor(link, warning, label, mark) {  // a warning: puzz.link's rules are not the board's
    return '<a class="pz' + (warning ? ' warn' : '') + '" href="' + esc(link) + '" target="_blank" rel="noopener"' +
      (warning ? ' title="' + esc(warning) + '">' + (mark ? '⚠ ' : '') : '>') + esc(label) + '</a>';
  }
  function noPuzzLink(row) {  // why a board has no puzz.link link
    var g = extra(row).g, grid = row[G] || '', missing = [];
    if (!D.pz[row[R]]) return 'its rules (' + (RULES[row[R]] || 'none given') + ') cannot be read';
    if (g) {
      if (g.k === 'hex') missing.push('hexagonal cells');
      if (g.wrap) missing.push('warps');
      if (g.walls) missing.push('walls');
      if (g.br) missing.push('bridges');
    }
    if (grid.indexOf('#') >= 0) missing.push('solid cells');
    return missing.length ? 'puzz.link has no ' + missing.join(', ') : 'puzz.link numbers stop at 4095';
  }
  function links(row) {
    var cmd = studioCommand(row), link = puzzLink(row), play = D.pz[row[R]], out = [];
    if (cmd) {
      out.push('<div class="studio">Open in the studio: <code class="cmd">' + esc(cmd) + '</code> ' +
        copyButton(cmd, 'copy', 'copy the command') + '</div>');
    }
    if (link) {
      out.push('<div class="play">Play on ' + puzzAnchor(link, play[1], 'puzz.link (' + play[0] + ')', false) +
        (play[1] ? ' <span class="warn">⚠ ' + esc(play[1]) + ' (<code>satlink convert PACK --to puzzlink</code> ' +
          'counts them)</span>' : '') + '</div>');
    } else if (row[W] && row[G]) {
      out.push('<div class="play">No puzz.link link: ' + esc(noPuzzLink(row)) + '.</div>');
    }
    return out.length ? '<div class="links">' + out.join('') + '</div>' : '';
  }
  function copied(button, ok) {
    var was = button.dataset.label || button.textContent;
    button.dataset.label = was;
    button.textContent = ok ? 'copied' : 'select and copy';
    setTimeout(function () { button.textContent = was; }, 1500);
  }
  document.addEventListener('click', function (ev) {
    var button = ev.target.closest('button.copy');
    if (!button) return;
    var text = button.dataset.copy;
    function fallback() {  // no clipboard API (a file page in some browsers): select and copy
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed'; area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      document.body.removeChild(area);
      copied(button, ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { copied(button, true); }, fallback);
    } else {
      fallback();
    }
  });

  /* -- details, drawn when they come into view ------------------------------------------ */
  var watcher = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { watcher.unobserve(e.target); draw(e.target); }
    });
  }, {rootMargin: '400px'}) : null;

  function showDetail(n, now) {  // now: asked for by a click, so drawn at once
    var tr = document.getElementById('b' + n);
    if (!tr || document.getElementById('d' + n)) return;
    tr.classList.add('open');
    tr.insertAdjacentHTML('afterend', '<tr class="detail" id="d' + n + '"><td colspan="11">' +
      '<div class="board-detail" data-n="' + n + '"><div class="pics"><div class="pending"></div></div></div></td></tr>');
    var div = document.getElementById('d' + n).querySelector('.board-detail');
    if (watcher && !now) watcher.observe(div); else draw(div);
  }
  function hideDetail(n) {
    var d = document.getElementById('d' + n), tr = document.getElementById('b' + n);
    if (d) d.parentNode.removeChild(d);
    if (tr) tr.classList.remove('open');
  }
  body.addEventListener('click', function (ev) {
    if (ev.target.closest('a, button')) return;
    var tr = ev.target.closest('tr.row');
    if (!tr) return;
    var n = +tr.dataset.n;
    open[n] = !document.getElementById('d' + n);
    if (open[n]) showDetail(n, true); else hideDetail(n);
  });

  function draw(div) {
    var n = +div.dataset.n, row = ROWS[n - 1], x = extra(row), st = ST[row[S]];
    var notes = [], figs = [];
    if (x.e) {
      var where = ['line', 'column', 'grid_row', 'grid_column'].filter(function (k) { return x.e[k]; })
        .map(function (k) { return k.replace('grid_column', 'column').replace('_', ' ') + ' ' + esc(x.e[k]); })
        .join(', ');
      notes.push('<b>' + esc(st === 'invalid' ? 'cannot read the board' : 'error') + '</b>' +
        (where ? ' (' + where + ')' : '') + ': ' + esc(x.e.message || ''));
      if (x.e.traceback) notes.push('<pre>' + esc(x.e.traceback) + '</pre>');
    }
    if (x.dup !== undefined) {
      notes.push('Same puzzle (up to rotation, reflection and relabelling) as ' +
        (x.dup ? '<a class="jump" href="#b' + x.dup + '">#' + x.dup + '</a> ' : '') + esc(x.dupname) + '.');
    }
    (x.m || []).forEach(function (m) { notes.push('Shipped solution: ' + esc(m)); });
    if (x.c !== undefined) notes.push(esc(x.c) + (x['c+'] ? '+' : '') + ' solutions found');
    if (x.t) notes.push('the time limit cut the search short');
    var sols = row[SOL] || [], diff = x.d || [];
    if (row[W] && row[G]) {
      figs.push(fig(svg(row, null, null), 'puzzle'));
      if (st === 'multiple' && sols.length >= 2) {
        figs.push(fig(svg(row, sols[0], diff), 'solution 1'));
        figs.push(fig(svg(row, sols[1], diff), 'solution 2 (differences highlighted)'));
      } else if (st === 'solution-mismatch') {
        if (sols[0]) figs.push(fig(svg(row, sols[0], diff), 'shipped solution'));
        if (sols[1]) figs.push(fig(svg(row, sols[1], diff), 'unique solution'));
      } else if (sols[0]) {
        figs.push(fig(svg(row, sols[0], null), 'solution'));
      }
      (x.rp || []).forEach(function (p, i) {  // repair proposals: [description, grid, geometry, path]
        var shown = row.slice(), px = {};
        Object.keys(x).forEach(function (k) { px[k] = x[k]; });
        if (p[2]) px.g = p[2]; else delete px.g;
        shown[G] = p[1];
        shown[X] = px;
        figs.push(fig(svg(shown, p[3] || null, null), 'proposal ' + (i + 1) + ' (proven unique): ' + p[0]));
      });
      if (x.dup) {
        var orig = ROWS[x.dup - 1];
        if (orig && orig[G]) {
          figs.push(fig(svg(orig, (orig[SOL] || [])[0], null),
            'original: #' + x.dup + ' ' + SRC[orig[P]] + ' board ' + orig[IDX]));
        }
      }
    } else if (x.x) {
      figs.push(excerpt(x.x));
    }
    div.innerHTML = links(row) + (notes.length ? '<div class="note">' + notes.map(function (t) {
      return '<div>' + t + '</div>';
    }).join('') + '</div>' : '') + '<div class="pics"></div>';
    var pics = div.querySelector('.pics');
    figs.forEach(function (f) {
      if (typeof f === 'string') pics.insertAdjacentHTML('beforeend', f); else pics.appendChild(f);
    });
  }
  function fig(content, caption) {  /* content: an element, or HTML */
    var f = document.createElement('figure'), c = document.createElement('figcaption');
    if (typeof content === 'string') f.innerHTML = content; else f.appendChild(content);
    c.textContent = caption;
    f.appendChild(c);
    return f;
  }

  /* -- boards: drawn by satlink's one drawing module, satlink/render/board.js (inlined
     before this script; the studio draws with the same file) ------------------------------ */
  var SB = window.SatlinkBoard;
  function colour(i) { return SB.colour(i); }
  function ink(i) { return SB.ink(i); }
  function labels(grid) {  /* label -> its number, in satlink's order */
    var order = {};
    SB.labelOrder(grid).forEach(function (ch, k) { order[ch] = k; });
    return order;
  }
  function layoutOf(row) {
    var g = extra(row).g;
    return SB.layout({width: row[W], height: row[H], kind: g && g.k === 'hex' ? 'hex' : 'square',
      wrap: !!(g && g.wrap), plain: !g, cell: CELL});
  }
  /* a path code (see path_code in report.py) as a list of cells: the steps are those of
     satlink/geometry.py, a step across a warp included */
  function decode(code, lay) {
    var cells = [], re = /(\.?)(\d+)|([a-f])/g, m, w = lay.width, h = lay.height;
    while ((m = re.exec(code))) {
      if (m[2] !== undefined) { cells.push(+m[2]); continue; }
      var a = cells[cells.length - 1], r = Math.floor(a / w), c = a % w;
      var steps = lay.kind === 'hex' ? (c % 2 ? SB.STEPS.hexOdd : SB.STEPS.hexEven) : SB.STEPS.square;
      var st = steps[m[3].charCodeAt(0) - 97];
      if (!st) continue;
      cells.push(((r + st[0] + h) % h) * w + ((c + st[1] + w) % w));
    }
    return cells;
  }
  function svg(row, code, diff) {  /* the board of a row, a solution and differing cells */
    var grid = Array.from(row[G]), g = extra(row).g, lay = layoutOf(row), paths = {};
    (code ? code.split(',') : []).forEach(function (part) {
      var cells = decode(part, lay);
      if (cells.length) paths[grid[cells[0]]] = cells;
    });
    return SB.create(lay, {cells: grid, walls: (g && g.walls) || [], bridges: (g && g.br) || []},
      {paths: paths, diff: new Set(diff || [])});
  }

  /* an invalid board as far as it could be read: its characters as cells, or its text */
  function excerpt(x) {
    var at = x.at || [null, null];
    if (x.grid) {
      var width = Math.max.apply(null, x.lines.map(function (t) { return t.length; }).concat([1]));
      var cell = CELL, out = ['<svg xmlns="http://www.w3.org/2000/svg" class="board excerpt" width="' + (width * cell + 2) +
        '" height="' + (x.lines.length * cell + 2) + '" viewBox="-1 -1 ' + (width * cell + 2) + ' ' + (x.lines.length * cell + 2) + '">'];
      var order = labels(Array.from(x.lines.join('')));
      x.lines.forEach(function (line, r) {
        Array.from(line).forEach(function (ch, c) {
          var x0 = c * cell, y0 = r * cell, cx = x0 + cell / 2, cy = y0 + cell / 2, bad = r === at[0] && c === at[1];
          out.push('<rect x="' + x0 + '" y="' + y0 + '" width="' + cell + '" height="' + cell + '" fill="' +
            (ch === '#' ? '#55555c' : '#1b1b1f') + '" stroke="' + (bad ? '#ff3030' : '#444') + '" stroke-width="' + (bad ? 3 : 1) + '"/>');
          if (ch === '.' || ch === '#' || ch === ' ') return;
          var visible = /\S/.test(ch) && ch.charCodeAt(0) >= 32, idx = order[ch] || 0;
          if (visible) out.push('<circle cx="' + cx + '" cy="' + cy + '" r="' + (cell * 0.38).toFixed(1) + '" fill="' + colour(idx) + '"/>');
          out.push('<text x="' + cx + '" y="' + cy + '" font-size="' + Math.round(cell * 0.45) + '" fill="' + (visible ? ink(idx) : '#ff3030') +
            '" text-anchor="middle" dominant-baseline="central" font-family="sans-serif">' + esc(visible ? ch : '?') + '</text>');
        });
        if (r === at[0] && at[1] !== null && at[1] >= line.length) {
          out.push('<rect x="' + line.length * cell + '" y="' + r * cell + '" width="' + cell + '" height="' + cell +
            '" fill="none" stroke="#ff3030" stroke-width="3" stroke-dasharray="3 2"/>');
        }
      });
      out.push('</svg>');
      return fig(out.join(''), 'as read' + (x.from ? ' from line ' + x.from : '') + '; the error outlined in red');
    }
    var text = x.lines.map(function (line, r) {
      var number = x.from ? '<i>' + (x.from + r) + '</i> ' : '';
      if (r !== at[0] || at[1] === null) return number + esc(line);
      var c = Math.min(at[1], line.length);
      return number + esc(line.slice(0, c)) + '<mark>' + esc(line.charAt(c) || ' ') + '</mark>' + esc(line.slice(c + 1));
    }).join('\n');
    return '<pre class="excerpt">' + text + '</pre>';
  }

  /* -- puzz.link: the body as the writer encodes it; the type (numlin, or arukone when the
     rules ask for every cell) and the warning decided in Python, once per rule list ------- */
  function puzzLink(row) {
    var grid = Array.from(row[G] || ''), w = row[W], x = extra(row), play = D.pz[row[R]];
    if (!grid.length || !w || x.g || grid.indexOf('#') >= 0 || !play) return null;
    var order = labels(grid), n = Object.keys(order).length;
    if (!n || n > 4095) return null;
    var out = '', run = 0, digits = '0123456789abcdefghijklmnopqrstuvwxyz';
    for (var ch of grid) {
      if (ch === '.') {
        if (++run === 20) { out += 'z'; run = 0; }
        continue;
      }
      if (run) { out += digits[run + 15]; run = 0; }
      var v = order[ch] + 1;
      out += v < 16 ? v.toString(16) : v < 256 ? '-' + v.toString(16) : '+' + v.toString(16);
    }
    if (run) out += digits[run + 15];
    return 'https://puzz.link/p?' + play[0] + '/' + w + '/' + row[H] + '/' + out;
  }

  /* -- state in the hash: #status=multiple&pack=a.txt&size=10x10&q=...&sort=-effort -------- */
  function readHash() {
    var h = decodeURIComponent(location.hash.slice(1));
    var jump = /^b(\d+)$/.exec(h);
    if (jump) { goTo(+jump[1]); return; }
    var p = new URLSearchParams(location.hash.slice(1));
    state = {status: p.get('status') || '', pack: p.get('pack') || '', size: p.get('size') || '',
      q: p.get('q') || '', sort: (p.get('sort') || '').replace('difficulty', 'effort')};
    fStatus.value = state.status; fPack.value = state.pack; fSize.value = state.size; fQ.value = state.q;
    if (fStatus.value !== state.status) state.status = fStatus.value;
    if (fPack.value !== state.pack) state.pack = fPack.value;
    if (fSize.value !== state.size) state.size = fSize.value;
    apply();
  }
  function writeHash() {
    var p = new URLSearchParams();
    ['status', 'pack', 'size', 'q', 'sort'].forEach(function (k) { if (state[k]) p.set(k, state[k]); });
    var h = p.toString();
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }
  function changed() {
    state.status = fStatus.value; state.pack = fPack.value; state.size = fSize.value; state.q = fQ.value;
    writeHash();
    apply();
  }
  [fStatus, fPack, fSize].forEach(function (el) { el.addEventListener('change', changed); });
  var typing;
  fQ.addEventListener('input', function () { clearTimeout(typing); typing = setTimeout(changed, 150); });
  fQ.addEventListener('change', function () { clearTimeout(typing); changed(); });
  document.getElementById('f-clear').addEventListener('click', function () {
    fStatus.value = fPack.value = fSize.value = fQ.value = ''; state.sort = ''; changed();
  });
  document.querySelectorAll('#boards th[data-k]').forEach(function (th) {
    th.addEventListener('click', function () {
      var k = th.dataset.k;
      state.sort = state.sort === k ? '-' + k : state.sort === '-' + k ? '' : k;
      writeHash();
      apply();
    });
  });

  /* go to board n: shown (filters cleared if they hide it), opened, scrolled to */
  function goTo(n) {
    if (!ROWS[n - 1]) return;
    if (list.indexOf(n) < 0) {
      fStatus.value = fPack.value = fSize.value = fQ.value = '';
      state = {status: '', pack: '', size: '', q: '', sort: state.sort};
      apply();
    }
    while (!document.getElementById('b' + n) && drawn < list.length) page();
    open[n] = true;
    showDetail(n);
    var tr = document.getElementById('b' + n);
    document.querySelectorAll('tr.target').forEach(function (t) { t.classList.remove('target'); });
    tr.classList.add('target');
    tr.scrollIntoView({block: 'start'});
  }
  window.addEventListener('hashchange', readHash);
  readHash();
  document.documentElement.dataset.ready = String(Math.round(performance.now()));
})();
