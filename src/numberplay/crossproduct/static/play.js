// CrossProduct: digits 1-9 in an R×C grid; each row and column multiplies to its product.
import { cellElement, gridCursor, gridElement, setCellSize, wrongCells } from "/static/lib/grid.js";

function product(values) {
  let p = 1n;
  for (const v of values) p *= BigInt(v);
  return p;
}

function lineState(values, target) {
  if (target === null || values.some((v) => !v)) return "";   // a blank product: any digits
  return product(values) === BigInt(target) ? "good" : "bad";
}

export default {
  title: "CrossProduct",
  sizes: ["3x3", "4x4", "5x3", "5x5", "6x6", "8x8"],
  defaultSize: "4x4",
  defaultDifficulty: "easy",
  example: "rows 210 144 54 135 4 49\ncols 6615 15552 420",
  keysHelp: "Arrow keys move; 1-9 enter a digit; Backspace clears; Ctrl-Z undo, Ctrl-Y redo. "
    + "A line turns green when all its digits are in and multiply to its product, red when they do not.",

  init(puzzle) {
    // Digits given in advance (the setter's workbench adds them): {"r2c3": 5}.
    const R = puzzle.rows.length;
    const C = puzzle.cols.length;
    const givens = Array.from({ length: R }, () => Array(C).fill(0));
    for (const [at, v] of Object.entries(puzzle.givens || {})) {
      const found = at.match(/^r(\d+)c(\d+)$/);
      if (found) givens[Number(found[1]) - 1][Number(found[2]) - 1] = v;
    }
    return { rows: puzzle.rows, cols: puzzle.cols, R, C, givens };
  },
  empty(m) {
    return { g: m.givens.map((row) => row.slice()) };
  },
  ...gridCursor((m) => [m.R, m.C]),
  describe(m) { return `${m.R} rows × ${m.C} columns`; },

  pad() {
    const keys = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => ({ label: String(d), key: { digit: d } }));
    keys.push({ label: "⌫", aria: "clear", key: { clear: true } });
    return keys;
  },

  input(m, pos, cursor, key) {
    if (m.givens[cursor.r][cursor.c]) {
      return key.clear || key.digit !== undefined ? { message: `r${cursor.r + 1}c${cursor.c + 1} is given.` } : null;
    }
    const g = pos.g.map((row) => row.slice());
    if (key.clear) g[cursor.r][cursor.c] = 0;
    else if (key.digit >= 1 && key.digit <= 9) g[cursor.r][cursor.c] = key.digit;
    else if (key.digit === 0) g[cursor.r][cursor.c] = 0;
    else return null;
    return { pos: { g } };
  },

  render(board, ctx) {
    const { model: m, pos } = ctx;
    setCellSize(board, m.C, 1.6);
    const grid = gridElement(`CrossProduct, ${m.R} by ${m.C}`, m.C, "auto");
    for (let r = 0; r < m.R; r++) {
      const row = pos.g[r];
      const state = lineState(row, m.rows[r]);
      for (let c = 0; c < m.C; c++) {
        const v = row[c];
        const el = cellElement(ctx, r, c,
          `row ${r + 1}, column ${c + 1}: ${v || "empty"}`, m.R, m.C);
        el.textContent = v ? String(v) : "";
        el.classList.add(m.givens[r][c] ? "given" : "entry");
        grid.appendChild(el);
      }
      const clue = document.createElement("div");
      clue.className = "clue" + (state ? " " + state : "");
      if (ctx.marks.hint.has(`row ${r + 1}`)) clue.classList.add("hint");
      clue.dataset.place = `row ${r + 1}`;
      clue.textContent = `× ${m.rows[r] ?? "?"}`;
      clue.setAttribute("aria-label", `row ${r + 1} product ${m.rows[r] ?? "blank"}${state === "good" ? ", right" : state === "bad" ? ", wrong" : ""}`);
      grid.appendChild(clue);
    }
    for (let c = 0; c < m.C; c++) {
      const values = pos.g.map((row) => row[c]);
      const state = lineState(values, m.cols[c]);
      const clue = document.createElement("div");
      clue.className = "clue col" + (state ? " " + state : "");
      if (ctx.marks.hint.has(`column ${c + 1}`)) clue.classList.add("hint");
      clue.dataset.place = `column ${c + 1}`;
      clue.textContent = String(m.cols[c] ?? "?");
      clue.setAttribute("aria-label", `column ${c + 1} product ${m.cols[c] ?? "blank"}${state === "good" ? ", right" : state === "bad" ? ", wrong" : ""}`);
      grid.appendChild(clue);
    }
    board.appendChild(grid);
  },

  solved(m, pos) {
    for (let r = 0; r < m.R; r++) if (lineState(pos.g[r], m.rows[r]) !== "good") return false;
    for (let c = 0; c < m.C; c++) if (lineState(pos.g.map((row) => row[c]), m.cols[c]) !== "good") return false;
    return true;
  },

  wrong(m, pos, solution) {
    return wrongCells(m.R, m.C, (r, c) => pos.g[r][c] && pos.g[r][c] !== solution[r][c]);
  },

  reveal(m, solution) { return { g: solution.map((row) => row.slice()) }; },

  stateText(m, pos) {
    return pos.g.map((row) => row.map((v) => (v ? String(v) : ".")).join("")).join("\n") + "\n";
  },
};
