// The pack as a document: what the studio edits is always a pack (a new one holds the board
// on screen), and Save writes the whole pack, never only the board on screen.
//
// pack = {path, format, version, readonly, boards: [item], current, deleted, trash, dirty}
// item = {key, index, board, rules?, solution?, quality?, error?, verdict?, paths?, fromFile}
//   index: the board's number in the file it came from (null for a board added here);
//   paths: the drawing of draw mode, kept with its board; fromFile: read from the pack's file.
// deleted: how many boards of the file were deleted on purpose (the server lets a save hold
// fewer boards than the file only by that many); trash: the deleted items, for undo.
//
// Work survives a reload and a crash: every change is kept in the browser's local storage
// (a moment later, and at once when the page is left), and a page that starts with work it
// did not save offers it back; leaving with unsaved changes asks first.

import * as M from "./model.js";

const KEY = "satlink-studio:work";        // the work of the page now
const OFFERED = "satlink-studio:offered"; // unsaved work found at start, until taken or dropped
let keyCount = 0;

export function newItem(board, extra = {}) {
  return {key: ++keyCount, index: null, board, fromFile: false, ...extra};
}

export function blankPack(board, rules) {
  return {path: "", format: null, version: null, readonly: false, boards: [newItem(board, {rules})],
    current: 0, deleted: 0, trash: [], dirty: false};
}

export function openedPack(opened) {
  return {path: opened.path, format: opened.format, version: opened.version, readonly: !!opened.readonly,
    boards: opened.boards.map(b => ({...b, key: ++keyCount, fromFile: true})), current: null,
    deleted: 0, trash: [], dirty: false};
}

export function isBlank(item) {
  return !item.error && item.board && !item.board.grid.join("").replace(/[.#]/g, "").length;
}

// A board added after the current one (or at the end); returns its position.
export function addBoard(pack, item) {
  const at = pack.current == null ? pack.boards.length : pack.current + 1;
  pack.boards.splice(at, 0, item);
  pack.dirty = true;
  return at;
}

export function duplicate(pack, i) {
  const item = pack.boards[i];
  const copy = newItem(JSON.parse(JSON.stringify(item.board)), {rules: item.rules, solution: item.solution,
    paths: item.paths, verdict: item.verdict, quality: item.quality});
  pack.boards.splice(i + 1, 0, copy);
  if (pack.current != null && pack.current > i) pack.current++;
  pack.dirty = true;
  return i + 1;
}

// Delete on purpose (undoable): a board of the file counts in ``deleted``.
export function remove(pack, i) {
  const [item] = pack.boards.splice(i, 1);
  pack.trash.push({item, position: i});
  if (item.fromFile) pack.deleted++;
  if (pack.current === i) pack.current = pack.boards.length ? Math.min(i, pack.boards.length - 1) : null;
  else if (pack.current != null && pack.current > i) pack.current--;
  pack.dirty = true;
  return item;
}

export function undoRemove(pack) {
  const last = pack.trash.pop();
  if (!last) return null;
  const at = Math.min(last.position, pack.boards.length);
  pack.boards.splice(at, 0, last.item);
  if (last.item.fromFile) pack.deleted--;
  if (pack.current != null && pack.current >= at) pack.current++;
  pack.dirty = true;
  return at;
}

export function moveBoard(pack, from, to) {
  if (from === to || from < 0 || to < 0 || from >= pack.boards.length || to >= pack.boards.length) return false;
  const current = pack.boards[pack.current];
  const [item] = pack.boards.splice(from, 1);
  pack.boards.splice(to, 0, item);
  pack.current = current ? pack.boards.indexOf(current) : null;
  pack.dirty = true;
  return true;
}

// The boards a save writes (an unreadable board cannot be: the server then refuses a save
// that would lose it, unless it was deleted) and the boards not known to be unique.
export function saveBoards(pack) {
  return pack.boards.filter(item => !item.error).map(item => ({board: item.board, rules: item.rules,
    solution: item.solution}));
}
export function flagged(pack) {
  const out = [], unchecked = [];
  pack.boards.forEach((item, i) => {
    if (item.error) return;
    const status = item.verdict?.status;
    if (!status) unchecked.push(i + 1);
    else if (status !== "unique") out.push(`#${i + 1} ${status}`);
  });
  return {out, unchecked};
}

// After a save: the pack is now that file's (a board that could not be read stays in the
// file it came from, which was another: it leaves the pack).
export function markSaved(pack, path, answer) {
  const current = pack.boards[pack.current];
  pack.boards = pack.boards.filter(item => !item.error);
  pack.current = current ? Math.max(0, pack.boards.indexOf(current)) : null;
  pack.path = path; pack.version = answer.version; pack.format = answer.format;
  pack.boards.forEach((item, i) => { if (!item.error) { item.fromFile = true; item.index = i + 1; } });
  pack.trash.forEach(t => { t.item.fromFile = false; });
  pack.deleted = 0; pack.dirty = false;
}

// -- kept in the browser -------------------------------------------------------------------
function storage() { try { return window.localStorage; } catch (e) { return null; } }

export function keep(S, model, rules) {
  const store = storage();
  if (!store || !S.pack) return;
  const state = {at: Date.now(), rules, pack: {...S.pack, trash: []},
    model: {board: M.toBoard(model), paths: M.pathsToCoords(model, model.paths), colours: model.colours}};
  try { store.setItem(KEY, JSON.stringify(state)); } catch (e) { /* full: the file is the copy */ }
}

// Unsaved work from before this page started: moved aside (so this page's own saving does not
// overwrite it) and returned, or null.
export function takeOffered() {
  const store = storage();
  if (!store) return null;
  const found = store.getItem(KEY);
  if (found) {
    try {
      const state = JSON.parse(found);
      if (state.pack?.dirty) store.setItem(OFFERED, found);
    } catch (e) { /* damaged: dropped */ }
    store.removeItem(KEY);
  }
  try { return JSON.parse(store.getItem(OFFERED) || "null"); } catch (e) { return null; }
}

export function dropOffered() { storage()?.removeItem(OFFERED); }
