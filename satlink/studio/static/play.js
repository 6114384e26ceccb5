// Play mode's rules of the hand (drawing paths as in Flow Free, by pointer and by keyboard,
// with undo) are satlink's one hand module, satlink/render/hand.js (the one-file player
// inlines the same file): served as /static/hand.js, loaded by index.html after board.js,
// found as window.SatlinkHand.  This module only hands its functions to the page's ES modules.
//
// The editor's draw mode (sketch.js) draws with these same rules of the hand; it asks a
// path that another one cuts to keep its longer part (the player's path keeps the part from
// the endpoint the player started at).

const H = window.SatlinkHand;
export const { newPlay, REFUSALS, start, extend, stop, drawn, joined, remember, undo, key } = H;
