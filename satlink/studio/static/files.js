// Files and the pack view: open a pack or catalogue, save the whole pack (never only the board
// on screen), add, duplicate, reorder and delete its boards (with undo), grade them, download
// the pack in any format.  The pack itself is document.js's.

import { ApiError, post } from "./api.js";
import * as D from "./document.js";
import { layoutOf } from "./draw.js";
import * as M from "./model.js";
import { gradeAll, renderPack, sortByGrade } from "./pack.js";

const $ = id => document.getElementById(id);
const AUTO_CHECK = 100;  // packs up to this many boards are checked when the pack view opens
const CHECK_BEFORE_SAVE = 20;  // boards not yet checked that a save checks first, to flag them

export function setupFiles({S, say, rules, setRules, fresh, setMode, redraw, layoutFor, touch}) {
  function showPack() {
    const n = S.pack.boards.length;
    $("pack-undo").disabled = !S.pack.trash.length;
    $("pack-undo").textContent = S.pack.trash.length ? `Undo delete (${S.pack.trash.length})` : "Undo delete";
    if (!n) { $("pack").textContent = "The pack is empty: Add a board, or Open a pack."; return; }
    renderPack($("pack"), S.pack, layoutFor, {
      open: i => { openBoard(i); setMode("edit"); },
      move: (from, to) => { if (D.moveBoard(S.pack, from, to)) { touch(); showPack(); } },
      duplicate: i => { D.duplicate(S.pack, i); touch(); showPack(); say(`board #${i + 1} duplicated as #${i + 2}`); },
      remove: i => {
        const item = D.remove(S.pack, i);
        touch(); showPack();
        say(`deleted board #${i + 1}${item.fromFile ? " (of the file: Save then writes the pack without it)" : ""}; Undo delete brings it back`);
        if (S.pack.current != null && S.pack.boards[S.pack.current] !== undefined) openBoard(S.pack.current, false);
      },
    }, {solutions: $("pack-solutions").checked, size: +$("pack-size").value});
  }
  $("pack-solutions").addEventListener("change", () => { showPack(); redraw(); });
  $("pack-size").addEventListener("input", showPack);
  $("pack-undo").addEventListener("click", () => {
    const at = D.undoRemove(S.pack);
    if (at == null) return;
    touch(); showPack(); say(`board #${at + 1} is back`);
  });
  $("pack-add").addEventListener("click", () => {
    const m = M.emptyModel(S.model.width, S.model.height, S.model.kind, S.model.wrap);
    addAndOpen(m, "a new board"); setMode("edit");
  });

  // Open the board at position i in the editor (its drawing too).
  function openBoard(i, announce = true) {
    const item = S.pack.boards[i];
    if (!item || item.error) return;
    S.pack.current = i;
    if (item.rules) setRules(item.rules);
    if (announce && item.index != null) history.replaceState(null, "", "#" + item.index);
    const model = M.fromBoard(item.board);
    model.paths = M.pathsToCells(model, item.paths || {});
    M.reconcile(model, layoutOf(model));
    fresh(model);
    showWhere();
  }

  // A board added to the pack after the current one, and opened.
  function addAndOpen(model, what) {
    const at = D.addBoard(S.pack, D.newItem(M.toBoard(model), {rules: rules(),
      paths: M.pathsToCoords(model, model.paths)}));
    S.pack.current = at;
    fresh(model);
    touch();
    say(`${what} added to the pack as board #${at + 1} of ${S.pack.boards.length} (Save writes the whole pack)`);
  }

  function showWhere() {
    const p = S.pack, n = p.boards.length;
    const at = p.current != null ? `board ${p.current + 1} of ${n}` : `${n} board(s)`;
    $("pack-where").textContent = `${at} · ${p.path || "new pack"}${p.dirty ? " · unsaved" : ""}`;
    $("pack-where").classList.toggle("dirty", !!p.dirty);
  }

  function where(e) {
    return ["board", "line", "column"].filter(k => e[k] != null).map(k => `${k} ${e[k]}`).join(", ") + ": ";
  }

  function loadPack(opened, {asked = false} = {}) {
    if (!asked && S.pack?.dirty && !confirm("The pack has unsaved changes: open another and drop them?")) {
      say("not opened: save the pack first, or open again to drop its changes"); return;
    }
    S.pack = D.openedPack(opened);
    $("path").value = opened.path;
    $("is-db").checked = opened.format === "catalogue";  // Save then adds to it
    const want = Number(location.hash.slice(1));
    let i = S.pack.boards.findIndex(b => b.index === want && !b.error);
    if (i < 0) i = S.pack.boards.findIndex(b => !b.error);
    if (i >= 0) openBoard(i);
    else { fresh(M.emptyModel(5, 5)); S.pack.current = null; }
    const bad = S.pack.boards.filter(b => b.error);
    say(`opened ${S.pack.boards.length} board(s) from ${opened.path}` + (bad.length
      ? `; ${bad.length} could not be read (${where(bad[0].error)}${bad[0].error.message}): ` +
        "Save refuses to drop it unless you delete it in the pack view" : ""));
    touch(false);
    if (S.mode === "pack") showPack();
  }

  $("open").addEventListener("click", async () => {
    try {
      loadPack(await post("open", {path: $("path").value, catalogue: $("is-db").checked}));
    } catch (e) { say(e.message); }
  });

  // Boards whose verdict is not known yet are checked first (a few), so the save can say
  // which boards are not unique; saving them stays possible.
  async function checkUnchecked() {
    const todo = S.pack.boards.filter(item => !item.error && !item.verdict);
    if (!todo.length || todo.length > CHECK_BEFORE_SAVE) return;
    await gradeAll({boards: todo}, rules(), () => {});
  }

  async function save(overwrite = false) {
    const path = $("path").value.trim();
    if (!path) { say("give a file name to save the pack to (pack.jsonl, boards.txt, ...)"); $("path").focus(); return; }
    const catalogue = $("is-db").checked;
    const unread = S.pack.boards.findIndex(item => item.error);
    if (unread >= 0 && !catalogue && path === S.pack.path) {  // it cannot be written back: kept until deleted here
      say(`not saved: board #${unread + 1} could not be read, and saving would drop it; fix the file, ` +
        "or delete that board in the pack view to save without it", "refused");
      return;
    }
    if (!overwrite) await checkUnchecked();
    const boards = D.saveBoards(S.pack);
    try {
      const r = await post("save", {path, format: $("save-format").value || null, boards, overwrite,
        version: S.pack.version, version_of: S.pack.path || null, deleted: S.pack.deleted, catalogue});
      if (catalogue) {  // boards added to a catalogue: the unique ones, each once
        const refused = r.refused.map(x => `#${x.board} ${x.status}`).join(", ");
        say(`added ${r.added} board(s) to the catalogue ${r.path}` +
          (r.duplicates ? `; ${r.duplicates} already in it` : "") +
          (refused ? `; not unique, not added: ${refused}` : ""));
        return;
      }
      D.markSaved(S.pack, path, r);
      touch(false);
      const {out, unchecked} = D.flagged(S.pack);
      say(`saved ${r.boards} board(s) to ${r.path} (${r.format})` +
        (r.backup ? `; the previous version is kept as ${r.backup}` : "") +
        (out.length ? `; not unique (saved anyway): ${out.join(", ")}` : "") +
        (unchecked.length ? `; ${unchecked.length} not checked (Pack: Check all)` : "") +
        (unread >= 0 ? `; board #${unread + 1} could not be read and is not in ${r.path}` : ""),
      out.length ? "refused" : "");
      if (S.mode === "pack") showPack();
    } catch (e) {
      if (e instanceof ApiError && e.error.confirm) {
        if (confirm(e.message)) return save(true);
        say("not saved");
      } else say(e.message);
    }
  }
  $("save").addEventListener("click", () => save());

  $("grade-all").addEventListener("click", async () => {
    await gradeAll(S.pack, rules(), showPack);
    const {out} = D.flagged(S.pack);
    say("every board checked" + (out.length ? `; not unique: ${out.join(", ")}` : ""));
  });
  $("sort").addEventListener("click", () => { sortByGrade(S.pack); touch(); showPack(); });
  $("download").addEventListener("click", async () => {
    try {
      const fmt = $("export-format").value;
      const r = await post("export", {boards: D.saveBoards(S.pack), format: fmt});
      download(r.text, "pack." + {json: "jsonl", wh: "txt", grid: "grid", flowfree: "flow", puzzlink: "url"}[fmt]);
    } catch (e) { say(e.message); }
  });

  function enterPack() {
    showPack();
    const unchecked = !S.pack.boards.some(b => b.verdict);
    if (unchecked && S.pack.boards.length <= AUTO_CHECK) gradeAll(S.pack, rules(), showPack);
  }

  return {showPack, loadPack, enterPack, openBoard, addAndOpen, showWhere};
}

export function download(text, name, type = "text/plain") {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], {type}));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
