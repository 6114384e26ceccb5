// The work of the page kept safe: the pack in the browser's local storage a moment after each
// change (and at once when the page is left), a warning before leaving with unsaved changes,
// the unsaved work of an earlier page offered back, and a shared board added to the pack.

import * as Doc from "./document.js";
import { layoutOf } from "./draw.js";
import * as M from "./model.js";

const $ = id => document.getElementById(id);

// files: a function giving files.js's parts (set up after this module, which they use).
export function setupWork({S, say, rules, setRules, fresh, files}) {
  let keepTimer = null;
  function touch(dirty = true) {
    if (dirty) S.pack.dirty = true;
    files()?.showWhere();
    clearTimeout(keepTimer);
    keepTimer = setTimeout(keepNow, 300);
  }
  function keepNow() { clearTimeout(keepTimer); Doc.keep(S, S.model, rules()); }
  window.addEventListener("beforeunload", e => {
    keepNow();
    if (S.pack.dirty) { e.preventDefault(); e.returnValue = ""; }
  });
  window.addEventListener("pagehide", keepNow);

  function offerBack(offered) {
    const n = offered.pack.boards.length, when = new Date(offered.at).toLocaleTimeString();
    $("restore-text").textContent = `Unsaved work from ${when}: ${n} board(s) of ${offered.pack.path || "a new pack"}. Restore it?`;
    $("restore").hidden = false;
    $("restore-yes").onclick = () => {
      $("restore").hidden = true;
      S.pack = offered.pack;
      S.pack.trash = [];
      if (offered.rules) setRules(offered.rules);
      const model = M.fromBoard(offered.model.board);
      model.paths = M.pathsToCells(model, offered.model.paths || {});
      if (offered.model.colours) model.colours = offered.model.colours;
      M.colourise(model);
      $("path").value = S.pack.path || "";
      fresh(model);
      Doc.dropOffered();
      touch();
      say(`restored ${n} board(s)${S.pack.path ? ` of ${S.pack.path}` : ""}: not saved yet`);
      if (S.mode === "pack") files().showPack();
    };
    $("restore-no").onclick = () => { $("restore").hidden = true; Doc.dropOffered(); say("the unsaved work was discarded"); };
  }

  // A shared board: added to the pack (the board on screen is kept), and opened.
  function openShared(shared) {
    if (shared.rules) setRules(shared.rules);
    const model = M.fromBoard(shared.board);
    model.paths = M.pathsToCells(model, shared.paths || {});
    M.reconcile(model, layoutOf(model));
    M.colourise(model);
    const item = S.pack.boards[S.pack.current];
    if (item && Doc.isBlank(item) && !item.fromFile && S.pack.boards.length === 1) {
      fresh(model); touch(); say("opened from a share link");
    } else files().addAndOpen(model, "the board of a share link");
  }

  return {touch, offerBack, openShared};
}
