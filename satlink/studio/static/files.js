// Files, the pack view and share links: open a pack or catalogue, save the board or the pack,
// order and grade the pack, download it in any format, and share the board being edited.

import { ApiError, post } from "./api.js";
import * as M from "./model.js";
import { gradeAll, packBoards, renderPack, sortByGrade } from "./pack.js";
import { shareLink } from "./share.js";

const $ = id => document.getElementById(id);
const AUTO_CHECK = 100;  // packs up to this many boards are checked when the pack view opens

export function setupFiles({S, say, rules, setRules, fresh, setMode, redraw, layoutFor}) {
  function showPack() {
    if (!S.pack) { $("pack").textContent = "Open a pack (or start the studio with one) to see it here."; return; }
    renderPack($("pack"), S.pack, layoutFor, i => { openBoard(i); setMode("edit"); },
      {solutions: $("pack-solutions").checked, size: +$("pack-size").value});
  }
  $("pack-solutions").addEventListener("change", () => { showPack(); redraw(); });
  $("pack-size").addEventListener("input", showPack);

  function openBoard(i) {
    const item = S.pack.boards[i];
    S.pack.current = i;
    if (item.rules) setRules(item.rules);
    history.replaceState(null, "", "#" + item.index);
    fresh(M.fromBoard(item.board));
  }

  function where(e) {
    return ["board", "line", "column"].filter(k => e[k] != null).map(k => `${k} ${e[k]}`).join(", ") + ": ";
  }

  function loadPack(opened) {
    S.pack = {...opened, current: null};
    $("path").value = opened.path;
    $("is-db").checked = opened.format === "catalogue";  // Save then adds to it
    const want = Number(location.hash.slice(1));
    let i = S.pack.boards.findIndex(b => b.index === want && !b.error);
    if (i < 0) i = S.pack.boards.findIndex(b => !b.error);
    if (i >= 0) openBoard(i);
    const bad = S.pack.boards.filter(b => b.error);
    say(`opened ${S.pack.boards.length} board(s) from ${opened.path}` + (bad.length
      ? `; ${bad.length} could not be read (${where(bad[0].error)}${bad[0].error.message})` : ""));
    if (S.mode === "pack") showPack();
  }

  $("open").addEventListener("click", async () => {
    try {
      loadPack(await post("open", {path: $("path").value, catalogue: $("is-db").checked}));
    } catch (e) { say(e.message); }
  });

  async function save(overwrite = false) {
    const path = $("path").value;
    const drawnIsSolution = S.verdict?.drawing?.outcome === "unique-solution";
    const boards = S.pack ? packBoards(S.pack)
      : [{board: M.toBoard(S.model), rules: rules(), solution: S.verdict?.status === "unique"
        ? (drawnIsSolution ? M.pathsToCoords(S.model, S.model.paths) : S.verdict.solutions[0]) : undefined}];
    try {
      const catalogue = $("is-db").checked;
      const r = await post("save", {path, format: $("save-format").value || null, boards, overwrite,
        version: S.pack?.version, version_of: S.pack?.path, catalogue});
      if (catalogue) {  // boards added to a catalogue: the unique ones, each once
        const refused = r.refused.map(x => `#${x.board} ${x.status}`).join(", ");
        say(`added ${r.added} board(s) to the catalogue ${r.path}` +
          (r.duplicates ? `; ${r.duplicates} already in it` : "") +
          (refused ? `; not unique, not added: ${refused}` : ""));
        return;
      }
      if (S.pack) { S.pack.version = r.version; S.pack.path = path; }
      say(`saved ${boards.length} board(s) to ${r.path} (${r.format})`);
    } catch (e) {
      if (e instanceof ApiError && e.error.confirm) {
        if (confirm(e.message)) return save(true);
        say("not saved");
      } else say(e.message);
    }
  }
  $("save").addEventListener("click", () => save());

  $("grade-all").addEventListener("click", async () => {
    if (!S.pack) return;
    await gradeAll(S.pack, rules(), showPack);
    say("every board checked");
  });
  $("sort").addEventListener("click", () => { if (S.pack) { sortByGrade(S.pack); showPack(); } });
  $("download").addEventListener("click", async () => {
    if (!S.pack) return;
    try {
      const fmt = $("export-format").value;
      const r = await post("export", {boards: packBoards(S.pack), format: fmt});
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([r.text], {type: "text/plain"}));
      a.download = "pack." + {json: "jsonl", wh: "txt", grid: "grid", flowfree: "flow", puzzlink: "url"}[fmt];
      a.click();
    } catch (e) { say(e.message); }
  });

  $("share").addEventListener("click", async () => {
    const link = shareLink({board: M.toBoard(S.model), rules: rules(), paths: M.pathsToCoords(S.model, S.model.paths)});
    $("share-link").value = link;
    $("share-link").hidden = false;
    $("share-link").select();
    try { await navigator.clipboard.writeText(link); say("share link copied: it opens this board, its rules and drawing in the studio"); }
    catch (e) { say("share link below: copy it (it opens this board, its rules and drawing in the studio)"); }
  });

  async function openShared(shared) {
    if (shared.rules) setRules(shared.rules);
    const model = M.fromBoard(shared.board);
    model.paths = M.pathsToCells(model, shared.paths || {});
    M.reconcile(model, await layoutFor(model));
    M.colourise(model);
    fresh(model);
    say("opened from a share link");
  }


  function enterPack() {
    showPack();
    const unchecked = S.pack && !S.pack.boards.some(b => b.verdict);
    if (unchecked && S.pack.boards.length <= AUTO_CHECK) gradeAll(S.pack, rules(), showPack);
  }

  return {showPack, loadPack, openShared, enterPack};
}
