// Share: the board on screen for a tester, three ways.
//
//   puzz.link   a URL any puzz.link player opens, where the board fits its NumberLink format
//               (square cells, no walls, bridges or warps; the server's puzzlink writer says
//               why when it does not);
//   player      one HTML file that plays the board (or the whole pack) in any browser with no
//               server and no network (satlink/render/player.py; the CLI writes the same:
//               satlink convert PACK --to player);
//   studio link this studio's address with "#share=" and the board, its rules and drawing as
//               base64url JSON: for the designer's own browsers.  Opened without the studio's
//               token, the page asks for it once (the Guard's token prompt) and comes back
//               here; pasted into an open tab, the fragment opens the board at once.

import { post } from "./api.js";
import { download } from "./files.js";
import * as M from "./model.js";

const $ = id => document.getElementById(id);
const PREFIX = "#share=";

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, ch => ch.charCodeAt(0)));
}

// {board: {grid, geometry?}, rules, paths?: {label: [[r, c]...]}} -> the link
export function shareLink(shared) {
  const body = {v: 1, ...shared};
  if (!body.paths || !Object.keys(body.paths).length) delete body.paths;
  return location.origin + location.pathname + PREFIX + toBase64Url(JSON.stringify(body));
}

// The board a link's hash carries, or null (throws a readable Error when it is damaged).
export function sharedIn(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  let data;
  try { data = JSON.parse(fromBase64Url(hash.slice(PREFIX.length))); } catch (e) {
    throw new Error("this share link is damaged (cut short when copied?): " + e.message);
  }
  if (!data || !data.board || !Array.isArray(data.board.grid)) throw new Error("this share link carries no board");
  return data;
}

export function setupShare({S, say, rules, openShared}) {
  function current() {
    return {board: M.toBoard(S.model), rules: rules(), solution: S.verdict?.status === "unique" ? S.verdict.solutions[0] : undefined};
  }

  function show(id, text) { const box = $(id); box.value = text; box.hidden = false; box.select(); }

  $("share").addEventListener("click", async () => {
    $("share-panel").hidden = !$("share-panel").hidden;
    if ($("share-panel").hidden) return;
    show("share-link", shareLink({board: M.toBoard(S.model), rules: rules(), paths: M.pathsToCoords(S.model, S.model.paths)}));
    $("share-out").textContent = "";
    try {
      const r = await post("export", {boards: [current()], format: "puzzlink"});
      show("share-puzzlink", r.text.trim());
      $("share-puzzlink-note").textContent = "";
    } catch (e) {
      $("share-puzzlink").hidden = true;
      $("share-puzzlink-note").textContent = `no puzz.link URL for this board: ${e.message}`;
    }
  });

  async function player(boards, name) {
    $("share-out").textContent = "writing the player (each board proven unique first)…";
    try {
      const r = await post("player", {boards, title: name});
      download(r.html, name.replace(/[^\w.-]+/g, "_") + ".html", "text/html");
      $("share-out").textContent = `player with ${r.puzzles} puzzle(s) downloaded: open it in any browser, ` +
        "no server needed" + (r.left_out.length ? `; left out: ${r.left_out.join("; ")}` : "");
    } catch (e) { $("share-out").textContent = e.message; }
  }
  $("share-player").addEventListener("click", () => player([current()], "puzzle"));
  $("share-player-pack").addEventListener("click", () => {
    const boards = S.pack.boards.filter(item => !item.error).map(item => ({board: item.board, rules: item.rules || rules()}));
    player(boards, (S.pack.path || "pack").replace(/\.[^.]*$/, ""));
  });

  // A share fragment pasted into the address bar of an open tab: opened at once.
  window.addEventListener("hashchange", () => {
    let shared = null;
    try { shared = sharedIn(location.hash); } catch (e) { say(e.message); return; }
    if (shared) openShared(shared);
  });
}
