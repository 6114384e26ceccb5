// Pack view: the boards of the opened pack or catalogue with verdict and grade (in plain
// words), sorted by grade, reordered by dragging, opened in the editor, exported in any
// format.  Thumbnails are drawn ``size`` pixels wide (120 and up, a slider zooms them);
// solutions stay hidden until asked for, as a player would see the pack.

import { post } from "./api.js";
import { drawBoard } from "./draw.js";
import { fromBoard, pathsToCells } from "./model.js";
import { gradeHtml } from "./words.js";

// pack = {path, format, version, boards: [{index, board?, rules?, solution?, quality?, error?,
//          verdict?}], current}
export function gradeOf(item) {
  const g = item.verdict?.grade || item.quality?.grade;
  return g ? g.score : Infinity;
}

export function renderPack(list, pack, layoutFor, onOpen, {solutions = false, size = 160} = {}) {
  list.textContent = "";
  pack.boards.forEach((item, i) => {
    const li = document.createElement("li");
    li.draggable = true;
    li.dataset.position = i;
    if (i === pack.current) li.classList.add("current");
    const label = document.createElement("span");
    if (item.error) {
      const e = item.error, at = e.line != null ? `line ${e.line}${e.column != null ? `, column ${e.column}` : ""}: ` : "";
      label.textContent = `#${item.index}: invalid (${at}${e.message})`;
    } else {
      const m = fromBoard(item.board);
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      li.appendChild(svg);
      const solution = item.solution || item.verdict?.solution;
      const over = solutions && solution ? {paths: pathsToCells(m, solution)} : {};
      layoutFor(m).then(layout => { drawBoard(svg, layout, m, over); svg.style.width = size + "px"; });
      const v = item.verdict, g = v?.grade || item.quality?.grade;
      label.innerHTML = `#${item.index} ${m.width}×${m.height} ` +
        `<b class="status">${v ? v.status : "…"}</b> ${gradeHtml(g)}`;
    }
    li.appendChild(label);
    li.addEventListener("click", () => { if (!item.error) onOpen(i); });
    li.addEventListener("dragstart", e => e.dataTransfer.setData("text/plain", String(i)));
    li.addEventListener("dragover", e => e.preventDefault());
    li.addEventListener("drop", e => {
      e.preventDefault();
      move(pack, Number(e.dataTransfer.getData("text/plain")), i);
      renderPack(list, pack, layoutFor, onOpen);
    });
    list.appendChild(li);
  });
}

export function move(pack, from, to) {
  if (from === to || from < 0 || to < 0) return;
  const current = pack.boards[pack.current];
  const [item] = pack.boards.splice(from, 1);
  pack.boards.splice(to, 0, item);
  pack.current = pack.boards.indexOf(current);
}

export function sortByGrade(pack) {
  const current = pack.boards[pack.current];
  pack.boards.sort((a, b) => gradeOf(a) - gradeOf(b));
  pack.current = pack.boards.indexOf(current);
}

export async function gradeAll(pack, rules, onEach) {
  for (const item of pack.boards) {
    if (item.error) continue;
    try {
      item.verdict = await post("grade", {board: item.board, rules: item.rules || rules});
    } catch (e) {
      item.verdict = {status: "invalid", message: e.message};
    }
    onEach();
  }
}

// The pack as the server writes it (solutions kept where they are still valid).
export function packBoards(pack) {
  return pack.boards.filter(item => !item.error).map(item => ({board: item.board,
    rules: item.rules, solution: item.solution}));
}
