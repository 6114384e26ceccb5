// The keyboard on the board.  Edit: a cell cursor moved by the arrow keys, a label typed at it
// (an endpoint of that pair), Delete or Backspace to erase, Enter or Space to place the
// next endpoint, "#" for a hole.  Play: hand.js's keys (a label's key picks its colour, the
// arrows extend its path, Backspace undoes).  The board (an SVG with tabindex) has the keys while it
// has the focus, so typing in the side panel's fields is never taken for an edit.

import * as M from "./model.js";
import * as P from "./play.js";

const MOVES = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

export function setupKeys({S, svg, edit, redraw, say, wanted, played}) {
  svg.setAttribute("tabindex", "0");
  svg.addEventListener("focus", () => { if (S.cursor == null) S.cursor = 0; });
  svg.addEventListener("keydown", e => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (S.mode === "play" && S.layout) {  // play by keyboard: hand.js's keys
      const result = P.key(S.layout, S.model, S.play, {cursor: S.cursor}, e);
      if (!result.handled) return;
      e.preventDefault();
      S.cursor = result.cursor; S.keyboard = true;
      played(result);
      return;
    }
    if (S.mode !== "edit" || S.preview) return;
    const m = S.model;
    if (S.cursor == null) S.cursor = 0;
    if (!S.keyboard) { S.keyboard = true; redraw(); }
    const x = S.cursor;
    if (MOVES[e.key]) {
      e.preventDefault();
      const [dr, dc] = MOVES[e.key], [r, c] = M.rc(m, x);
      const r2 = Math.max(0, Math.min(m.height - 1, r + dr)), c2 = Math.max(0, Math.min(m.width - 1, c + dc));
      S.cursor = r2 * m.width + c2;
      redraw();
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      edit(mm => M.erase(mm, x));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      edit(mm => M.placeEnd(mm, x, wanted()));
    } else if (e.key === "#") {
      e.preventDefault();
      edit(mm => M.toggleHole(mm, x));
    } else if (e.key.length === 1 && M.ALPHABET.includes(e.key)) {
      e.preventDefault();
      const label = e.key;
      edit(mm => M.placeLabel(mm, x, label));
    } else if (e.key === "Escape") {
      S.cursor = null; svg.blur(); redraw(); say("");
    }
  });
}
