// Pack view: the boards of the pack with verdict and grade (in plain words; a board that is
// not unique flagged), sorted by grade, reordered by dragging or by its arrows, duplicated,
// deleted (Undo delete), opened in the editor, exported in any format.  Thumbnails are drawn
// ``size`` pixels wide (120 and up, a slider zooms them); solutions stay hidden until asked
// for, as a player would see the pack.

import { post } from "./api.js";
import { drawBoard } from "./draw.js";
import { fromBoard, pathsToCells } from "./model.js";
import { gradeHtml } from "./words.js";

// pack: document.js's
export function gradeOf(item) {
  const g = item.verdict?.grade || item.quality?.grade;
  return g ? g.score : Infinity;
}

// ``on``: {open(i), move(from, to), duplicate(i), remove(i)}: what the buttons and a drag do.
export function renderPack(list, pack, layoutFor, on, {solutions = false, size = 160} = {}) {
  list.textContent = "";
  pack.boards.forEach((item, i) => {
    const li = document.createElement("li");
    li.draggable = true;
    li.dataset.position = i;
    if (i === pack.current) li.classList.add("current");
    const label = document.createElement("span");
    const origin = item.fromFile ? "" : " <i class=\"muted\">new</i>";
    if (item.error) {
      const e = item.error, at = e.line != null ? `line ${e.line}${e.column != null ? `, column ${e.column}` : ""}: ` : "";
      li.classList.add("flag");
      label.textContent = `#${i + 1}: could not be read (${at}${e.message}); delete it to save the others`;
    } else {
      const m = fromBoard(item.board);
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      li.appendChild(svg);
      const solution = item.solution || item.verdict?.solution;
      const over = solutions && solution ? {paths: pathsToCells(m, solution)} : {};
      layoutFor(m).then(layout => { drawBoard(svg, layout, m, over); svg.style.width = size + "px"; });
      const v = item.verdict, g = v?.grade || item.quality?.grade, status = v ? v.status : "…";
      if (v && v.status !== "unique") li.classList.add("flag");
      label.innerHTML = `#${i + 1}${origin} ${m.width}×${m.height} ` +
        `<b class="status">${status}${v && v.status !== "unique" ? " ⚠" : ""}</b> ${gradeHtml(g)}`;
    }
    li.appendChild(label);
    const tools = document.createElement("div");
    tools.className = "item-tools";
    for (const [text, name, title, act] of [["↑", "up", "move up", () => on.move(i, i - 1)],
      ["↓", "down", "move down", () => on.move(i, i + 1)], ["Duplicate", "duplicate", "a copy after it", () => on.duplicate(i)],
      ["Delete", "delete", "delete (Undo delete brings it back)", () => on.remove(i)]]) {
      const b = document.createElement("button");
      b.textContent = text; b.title = title; b.dataset.act = name;
      b.addEventListener("click", e => { e.stopPropagation(); act(); });
      if ((text === "↑" && i === 0) || (text === "↓" && i === pack.boards.length - 1)) b.disabled = true;
      if (text === "Duplicate" && item.error) b.disabled = true;
      tools.appendChild(b);
    }
    li.appendChild(tools);
    li.addEventListener("click", () => { if (!item.error) on.open(i); });
    li.addEventListener("dragstart", e => e.dataTransfer.setData("text/plain", String(i)));
    li.addEventListener("dragover", e => e.preventDefault());
    li.addEventListener("drop", e => {
      e.preventDefault();
      on.move(Number(e.dataTransfer.getData("text/plain")), i);
    });
    list.appendChild(li);
  });
}

export function sortByGrade(pack) {
  const current = pack.boards[pack.current];
  pack.boards.sort((a, b) => gradeOf(a) - gradeOf(b));
  pack.current = current ? pack.boards.indexOf(current) : null;
  pack.dirty = true;
}

export async function gradeAll(pack, rules, onEach) {
  for (const item of pack.boards) {
    if (item.error) continue;
    try {
      item.verdict = await post("grade", {board: item.board, rules: item.rules || rules});
      if (item.verdict.solution && !item.solution) item.solution = item.verdict.solution;
    } catch (e) {
      item.verdict = {status: "invalid", message: e.message};
    }
    onEach();
  }
}

