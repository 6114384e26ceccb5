// The studio draws with satlink's one board drawing module, satlink/render/board.js (the
// validation report inlines the same file): served as /static/board.js, loaded by index.html
// before the page's modules, found as window.SatlinkBoard.  This module only hands its
// functions to the page's ES modules, and lays a board out without asking the server.

const B = window.SatlinkBoard;
export const { pairKey, cellAt, sideAt, tunnelAt, svgPoint, labelOrder } = B;

// The layout of a board of this size and cell kind (memoised by board.js).
export function layoutOf(m) {
  return B.layout({width: m.width, height: m.height, kind: m.kind, wrap: m.wrap});
}

// Layouts from board.js come indexed (byKey, near); kept for the modules that ask.
export function indexLayout(layout) { return layout; }

export function drawBoard(svg, layout, model, over = {}) { return B.draw(svg, layout, model, over); }
