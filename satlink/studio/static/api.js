// Talking to the studio's server: JSON in, JSON out, and the live requests that a newer
// edit makes stale (the previous fetch is aborted and the server drops it by its number).
// Every request carries the launch's token (the page got it in its <meta>) and the tab's id
// (the server bounds the requests one tab has in its queue).

const TAB = Math.random().toString(36).slice(2, 10);
const TOKEN = document.querySelector('meta[name="satlink-token"]')?.content || "";
const HEADERS = {"X-Satlink-Token": TOKEN, "X-Satlink-Tab": TAB};
const live = new Map();  // channel -> {seq, controller}

export class ApiError extends Error {
  constructor(status, error) { super(error.message || "error"); this.status = status; this.error = error; }
}

export async function post(name, body, signal) {
  const answer = await fetch("/api/" + name, {method: "POST", signal,
    headers: {...HEADERS, "Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await answer.json().catch(() => ({error: {message: answer.statusText}}));
  if (!answer.ok) throw new ApiError(answer.status, data.error || {message: "stale", stale: data.stale});
  return data;
}

export async function get(name) {
  const answer = await fetch("/api/" + name, {headers: HEADERS});
  return answer.json();
}

// A request on a live channel: aborts the previous one; resolves null if it went stale.
export async function latest(channel, name, body) {
  const before = live.get(channel);
  if (before) before.controller.abort();
  const seq = (before ? before.seq : 0) + 1;
  const controller = new AbortController();
  live.set(channel, {seq, controller});
  try {
    const data = await post(name, {...body, channel: TAB + ":" + channel, seq}, controller.signal);
    return live.get(channel).seq === seq ? data : null;
  } catch (e) {
    if (e.name === "AbortError" || (e instanceof ApiError && e.status === 409 && !e.error.confirm)) return null;
    if (live.get(channel).seq !== seq) return null;
    throw e;
  }
}

// Stop the request on a live channel (the server drops its job: the client went away).
export function cancel(channel) {
  const before = live.get(channel);
  if (before) { before.controller.abort(); live.set(channel, {...before, controller: new AbortController()}); }
}

// A long search on a live channel, its progress polled from the server every ``every`` ms
// and handed to ``onProgress`` ({stage, seconds}) until it answers; null if it went stale
// or was cancelled.
export async function search(channel, name, body, onProgress, every = 300) {
  let polling = true;
  const poll = async () => {
    while (polling) {
      await new Promise(done => setTimeout(done, every));
      if (!polling) break;
      try {
        const p = await post("progress", {channel: TAB + ":" + channel});
        if (polling && p.running) onProgress(p);
      } catch (e) { /* the poll is a courtesy: a failed one is skipped */ }
    }
  };
  poll();
  try { return await latest(channel, name, body); } finally { polling = false; }
}
