// CrossProduct: digits 1-9 in an R×C grid; each row and column multiplies to its product.
import {
  cellElement, gridCursor, gridElement, rowElement, setCellSize, wrongCells,
} from "/static/lib/grid.js";

function product(values) {
  let p = 1n;
  for (const v of values) p *= BigInt(v);
  return p;
}

function lineState(values, target) {
  if (target === null || values.some((v) => !v)) return "";   // a blank product: any digits
  return product(values) === BigInt(target) ? "good" : "bad";
}

// ---- the setter's editor: the puzzle as JSON ({rows, cols, givens}); the cursor
// walks the cells and the products at the lines' ends (row R+1, column C+1).

function editText(puzzle) {
  // As the parser reads it (and `render.to_text` writes it).
  const line = (ps) => ps.map((p) => (p === null || p === undefined ? "?" : String(p))).join(" ");
  let text = `rows ${line(puzzle.rows)}\ncols ${line(puzzle.cols)}\n`;
  const givens = Object.entries(puzzle.givens || {});
  if (givens.length) text += "given " + givens.map(([at, d]) => `${at}=${d}`).join(" ") + "\n";
  return text;
}

function withGiven(puzzle, r, c, digit) {
  const givens = { ...(puzzle.givens || {}) };
  const at = `r${r + 1}c${c + 1}`;
  if (digit) givens[at] = digit; else delete givens[at];
  const sorted = Object.fromEntries(Object.entries(givens).sort(([a], [b]) => {
    const [ra, ca] = a.slice(1).split("c").map(Number);
    const [rb, cb] = b.slice(1).split("c").map(Number);
    return ra - rb || ca - cb;
  }));
  return { ...puzzle, givens: sorted };
}

const editor = {
  keysHelp: "Arrow keys move over the cells and the products at the lines' ends; type a product "
    + "there (Backspace erases a digit, ? leaves it blank) and a given digit 1-9 in a cell "
    + "(Backspace clears it). Ctrl-Z undo, Ctrl-Y redo.",
  blank(size) {
    const found = /^(\d+)(?:\s*[x×]\s*(\d+))?$/.exec(String(size).trim());
    if (!found) return null;
    const R = Number(found[1]);
    const C = Number(found[2] || found[1]);
    if (R < 1 || C < 1 || R > 16 || C > 16) return null;
    return { rows: Array(R).fill(null), cols: Array(C).fill(null) };
  },
  text: editText,
  size(puzzle) { return [puzzle.rows.length + 1, puzzle.cols.length + 1]; },
  move(puzzle, cursor, dr, dc) {
    // Over R+1 rows and C+1 columns, skipping the corner that holds nothing.
    const R = puzzle.rows.length;
    const C = puzzle.cols.length;
    let { r, c } = cursor;
    do {
      r = (r + dr + R + 1) % (R + 1);
      c = (c + dc + C + 1) % (C + 1);
    } while (r === R && c === C);
    return { r, c };
  },
  pad() {
    const keys = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => ({ label: String(d), key: String(d) }));
    keys.push({ label: "?", key: "?", aria: "blank product" }, { label: "⌫", key: "Backspace", aria: "erase" });
    return keys;
  },
  key(puzzle, ctx, name) {
    const R = puzzle.rows.length;
    const C = puzzle.cols.length;
    const { r, c } = ctx.cursor;
    if (r < R && c < C) {
      if (/^[1-9]$/.test(name)) return { puzzle: withGiven(puzzle, r, c, Number(name)) };
      if (["0", "Backspace", "Delete", " "].includes(name)) return { puzzle: withGiven(puzzle, r, c, 0) };
      return null;
    }
    const side = c === C ? "rows" : "cols";
    const k = c === C ? r : c;
    const now = puzzle[side][k];
    let next;
    if (/^\d$/.test(name)) {
      next = ctx.typing && now !== null ? Number(`${now}${name}`) : Number(name);
      if (String(next).length > 15) return null;
    } else if (name === "Backspace") {
      next = now === null || now < 10 ? null : Math.floor(now / 10);
    } else if (name === "?" || name === "Delete") {
      next = null;
    } else {
      return null;
    }
    const line = puzzle[side].slice();
    line[k] = next;
    return { puzzle: { ...puzzle, [side]: line }, typing: /^\d$/.test(name) || name === "Backspace" };
  },
};

const play = {
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
    const clueCell = (text, at, name, target, state, col) => {
      // A product at a line's end: a cell of the grid, the setter's cursor can sit on it.
      const clue = document.createElement("div");
      clue.className = "clue" + (col ? " col" : "") + (state ? " " + state : "");
      clue.setAttribute("role", "gridcell");
      if (ctx.marks.hint.has(name)) clue.classList.add("hint");
      clue.dataset.place = name;
      clue.textContent = text;
      clue.setAttribute("aria-label", `${name} product ${target ?? "blank"}${state === "good" ? ", right" : state === "bad" ? ", wrong" : ""}`);
      if (ctx.editing) {
        clue.dataset.at = `${at.r},${at.c}`;
        const here = ctx.cursor.r === at.r && ctx.cursor.c === at.c;
        clue.tabIndex = here ? 0 : -1;
        if (here) clue.classList.add("cursor");
      }
      return clue;
    };
    for (let r = 0; r < m.R; r++) {
      const row = rowElement(grid);
      const values = pos.g[r];
      const state = lineState(values, m.rows[r]);
      for (let c = 0; c < m.C; c++) {
        const v = values[c];
        const el = cellElement(ctx, r, c,
          `row ${r + 1}, column ${c + 1}: ${v || "empty"}`, m.R, m.C);
        el.textContent = v ? String(v) : "";
        el.classList.add(m.givens[r][c] ? "given" : "entry");
        row.appendChild(el);
      }
      row.appendChild(clueCell(`× ${m.rows[r] ?? "?"}`, { r, c: m.C }, `row ${r + 1}`, m.rows[r], state, false));
    }
    const last = rowElement(grid);
    for (let c = 0; c < m.C; c++) {
      const state = lineState(pos.g.map((row) => row[c]), m.cols[c]);
      last.appendChild(clueCell(String(m.cols[c] ?? "?"), { r: m.R, c }, `column ${c + 1}`, m.cols[c], state, true));
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

play.editor = editor;
export default play;
