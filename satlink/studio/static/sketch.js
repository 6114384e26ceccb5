// Draw mode: the designer drags paths and the puzzle is their ends.
//
// A gesture is drawn with Play's rules of the hand (play.js: neighbours only, no walls or
// holes, straight through a bridge, across a warp by its tunnel), on a working copy of the
// board in which the ends of drawn paths are no obstacles: a drawn path's end is where the
// designer stopped, not a given, so entering another drawn path (end or middle) cuts it and
// it keeps its longer part.  The endpoints of pairs placed without a path stay obstacles,
// except the partner of the pair being drawn, where the path ends.
//
// Pressing a cell starts:
//   an endpoint     - its path goes on from there (the path drawn so far is kept), or a path
//                     starts there for a pair placed without one;
//   a drawn path    - it is taken back to there, and goes on from there (the longer part);
//   an empty cell   - a new pair's path (labelled as the designer chose, when free).
// Letting go commits the paths: each one's ends become its pair's endpoints (model.js
// commitPaths).  A press that never moved is a click: the caller places an endpoint.

import * as M from "./model.js";
import * as P from "./play.js";

export function begin(layout, m, x, wanted) {
  if (x < 0 || m.cells[x] === "#") return {refused: "hole"};
  const play = P.newPlay();
  for (const [label, path] of Object.entries(m.paths)) play.paths[label] = path.slice();
  const work = M.copyModel(m);
  for (const label of Object.keys(m.paths)) {
    for (const end of M.endsOf(m, label)) work.cells[end] = ".";
  }
  const ch = m.cells[x];
  let label = null;
  if (M.isLabel(ch)) {
    label = ch;
    const path = play.paths[label];
    if (path && path[0] === x) play.paths[label] = path.slice().reverse();  // go on from x
    else if (!path) play.paths[label] = [x];
    work.cells[x] = ".";
  } else {
    const held = Object.entries(play.paths).find(([, p]) => p.includes(x));
    if (held) {
      const [name, path] = held, i = path.indexOf(x);
      label = name;
      play.paths[label] = i + 1 >= path.length - i ? path.slice(0, i + 1) : path.slice(i).reverse();
    } else {
      if (m.bridges.has(x)) return {refused: "straight"};
      label = M.newLabel(m, wanted);
      if (!label) return {refused: "taken"};
      play.paths[label] = [x];
    }
  }
  play.active = label;
  return {label, play, work, start: x, moved: false};
}

// The pointer is over cell y: the path grows, goes back, or the move is refused (its
// reason in session.play.refused).
export function move(layout, session, y) {
  if (y < 0 || y === current(session)) return false;
  const ok = P.extend(layout, session.work, session.play, y, {keepLonger: true});
  if (ok) session.moved = true;
  return ok;
}

export function current(session) {
  const path = session.play.paths[session.label];
  return path ? path[path.length - 1] : -1;
}

// The paths to commit: the gesture's own, its end taken back off a bridge (never an end).
export function finish(m, session) {
  const paths = session.play.paths, path = paths[session.label];
  while (path && path.length && m.bridges.has(path[path.length - 1])) path.pop();
  const out = {};
  for (const [label, p] of Object.entries(paths)) {
    const before = m.paths[label];
    if (label === session.label || !before || before.join() !== p.join()) out[label] = p;
  }
  for (const label of Object.keys(m.paths)) if (!paths[label]) out[label] = [];
  return out;
}
