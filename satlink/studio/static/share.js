// A link that carries the board being edited, its rules and its drawn paths: the studio's
// own address with "#share=" and the board as base64url JSON.  Opened in a browser that
// reaches this studio (the launch's cookie lets the page in), it opens that board in the
// editor; the part after "#" pasted onto another studio's address does the same there.

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
