// Cross Set: an N×N Latin square; each cell takes one of its candidates.
// A digit places a value; Shift+digit (or a digit in pencil mode) strikes or
// restores a candidate, as in Tatham's Latin-square puzzles.
import {
  cellElement, gridCursor, gridElement, place, rowElement, setCellSize, wrongCells,
} from "/static/lib/grid.js";
import { allFilled, gridText, joinDigits, latinClashes } from "/static/lib/latin.js";

function values(m, pos, r, c) {
  // The candidates still open in a cell (its placed value only, once placed).
  if (pos.v[r][c]) return [pos.v[r][c]];
  const struck = new Set(pos.x[r][c]);
  return m.cells[r][c].filter((v) => !struck.has(v));
}

function clashes(m, pos) {
  // Cells whose placed value repeats in a row or column, and the lines with a repeat.
  return latinClashes(m.N, pos.v);
}

// ---- the setter's editor: the puzzle as JSON ({cells}); digits toggle the
// candidates of the selected cells, Space fills them all or clears them.

function editText(puzzle) {
  // The candidate lists as the parser reads them: `.` for every value, `,` for none.
  const n = puzzle.cells.length;
  const sep = n > 9 ? "," : "";
  return gridText(n, (r, c) => {
    const cands = puzzle.cells[r][c];
    return cands.length === n ? "." : cands.length ? cands.join(sep) : ",";
  });
}

function editCells(puzzle, cells, change) {
  // The puzzle with `change(candidates) -> candidates` applied to each selected cell.
  const next = puzzle.cells.map((row) => row.map((cands) => cands.slice()));
  for (const { r, c } of cells) next[r][c] = [...new Set(change(next[r][c]))].sort((a, b) => a - b);
  return { ...puzzle, cells: next };
}

const editor = {
  keysHelp: "Click or drag to select cells (Shift+arrows or Shift+click add more); a digit turns "
    + "that candidate on or off in every selected cell; Space fills them all, or clears them when "
    + "full; Backspace clears. Ctrl-Z undo, Ctrl-Y redo.",
  blank(size) {
    const n = Number(size);
    if (!Number.isInteger(n) || n < 2 || n > 9) return null;
    const all = Array.from({ length: n }, (_, k) => k + 1);
    return { cells: Array.from({ length: n }, () => Array.from({ length: n }, () => all.slice())) };
  },
  text: editText,
  size(puzzle) { return [puzzle.cells.length, puzzle.cells.length]; },
  pad(puzzle) {
    const n = puzzle.cells.length;
    const keys = [];
    for (let v = 1; v <= Math.min(9, n); v++) keys.push({ label: String(v), key: String(v), aria: `candidate ${v} on or off` });
    keys.push({ label: "All", key: " ", aria: "every candidate, or none" }, { label: "⌫", key: "Backspace", aria: "no candidates" });
    return keys;
  },
  key(puzzle, ctx, name) {
    const n = puzzle.cells.length;
    if (/^\d$/.test(name)) {
      const v = Number(name);
      if (v < 1 || v > n) return null;
      const all = ctx.cells.every(({ r, c }) => puzzle.cells[r][c].includes(v));
      return { puzzle: editCells(puzzle, ctx.cells, (cands) => (all ? cands.filter((x) => x !== v) : [...cands, v])) };
    }
    if (name === " ") {
      const full = ctx.cells.every(({ r, c }) => puzzle.cells[r][c].length === n);
      return { puzzle: editCells(puzzle, ctx.cells, () => (full ? [] : Array.from({ length: n }, (_, k) => k + 1))) };
    }
    if (name === "Backspace" || name === "Delete") return { puzzle: editCells(puzzle, ctx.cells, () => []) };
    return null;
  },
};

const play = {
  title: "Cross Set",
  sizes: ["4", "5", "6", "7", "8", "9"],
  defaultSize: "5",
  defaultDifficulty: "easy",
  pencil: true,
  example: "  23   34 1234  134\n 134   23   14  124\n 124  124   34  234\n  24 1234 1234   24",
  keysHelp: "Arrow keys move; a digit places that value; Shift+digit, or P for pencil mode, strikes or "
    + "restores a candidate; Backspace clears; Ctrl-Z undo, Ctrl-Y redo. Each value appears once in "
    + "every row and column; a row or column with a repeated value turns red.",

  init(puzzle) {
    const cells = puzzle.cells;
    return { cells, N: cells.length };
  },
  empty(m) {
    // Cells with one candidate are givens: placed from the start.
    return {
      v: m.cells.map((row) => row.map((cands) => (cands.length === 1 ? cands[0] : 0))),
      x: Array.from({ length: m.N }, () => Array.from({ length: m.N }, () => [])),
    };
  },
  ...gridCursor((m) => [m.N, m.N]),
  describe(m) { return `${m.N}×${m.N}`; },

  pad(m) {
    const keys = [];
    for (let v = 1; v <= m.N; v++) keys.push({ label: String(v), key: { value: v } });
    keys.push({ label: "⌫", aria: "clear", key: { clear: true } });
    return keys;
  },

  input(m, pos, cursor, key, now) {
    const { r, c } = cursor;
    const next = { v: pos.v.map((row) => row.slice()), x: pos.x.map((row) => row.map((s) => s.slice())) };
    if (key.clear) {
      if (m.cells[r][c].length === 1) return null;
      if (next.v[r][c]) next.v[r][c] = 0; else next.x[r][c] = [];
      return { pos: next };
    }
    if (m.cells[r][c].length === 1) return { message: `r${r + 1}c${c + 1} is given.` };
    let value = key.value ?? key.digit ?? key.strike;
    if (value === undefined) return null;
    const direct = key.value !== undefined || key.direct;
    value = joinDigits(this, m.N, r, c, value, direct, now);
    if (key.strike !== undefined) {
      if (next.v[r][c]) return { message: `r${r + 1}c${c + 1} holds a value; clear it first.` };
      if (!m.cells[r][c].includes(value)) return { message: `${value} is not a candidate of r${r + 1}c${c + 1}.` };
      const struck = next.x[r][c];
      const at = struck.indexOf(value);
      if (at >= 0) struck.splice(at, 1);
      else if (values(m, pos, r, c).length <= 1) return { message: "That is the last candidate: place it instead." };
      else struck.push(value);
      struck.sort((a, b) => a - b);
      return { pos: next };
    }
    if (value < 1 || value > m.N) return null;
    if (!m.cells[r][c].includes(value)) {
      return { message: `${value} is not a candidate of r${r + 1}c${c + 1}.` };
    }
    next.v[r][c] = value;
    return { pos: next };
  },

  render(board, ctx) {
    const { model: m, pos } = ctx;
    setCellSize(board, m.N, 0.2);
    const { dup, lines } = clashes(m, pos);
    const grid = gridElement(`Cross Set, ${m.N} by ${m.N}`, m.N);
    const side = Math.ceil(Math.sqrt(m.N));
    for (let r = 0; r < m.N; r++) {
      const row = rowElement(grid);
      for (let c = 0; c < m.N; c++) {
        const v = pos.v[r][c];
        const open = values(m, pos, r, c);
        const label = v ? `row ${r + 1}, column ${c + 1}: ${v}`
          : `row ${r + 1}, column ${c + 1}: ${open.length ? `empty, candidates ${open.join(" ")}` : "no candidates"}`;
        const el = cellElement(ctx, r, c, label, m.N, m.N);
        if (v) {
          el.textContent = String(v);
          el.classList.add("entry");
          if (m.cells[r][c].length === 1) el.classList.replace("entry", "given");
        } else {
          const cands = document.createElement("div");
          cands.className = "cands";
          cands.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
          const struck = new Set(pos.x[r][c]);
          for (let k = 1; k <= m.N; k++) {
            const span = document.createElement("span");
            span.textContent = String(k);
            if (!m.cells[r][c].includes(k)) span.className = "gone";
            else if (struck.has(k)) span.className = "struck";
            cands.appendChild(span);
          }
          el.appendChild(cands);
        }
        if (dup.has(place(r, c))) el.classList.add("dup");
        if (lines.has(`row ${r + 1}`) || lines.has(`column ${c + 1}`)) el.classList.add("line-bad");
        row.appendChild(el);
      }
    }
    board.appendChild(grid);
  },

  solved(m, pos) {
    return allFilled(m.N, pos.v) && clashes(m, pos).dup.size === 0;
  },

  wrong(m, pos, solution) {
    return wrongCells(m.N, m.N, (r, c) => {
      const v = pos.v[r][c];
      const answer = solution.grid[r][c];
      return (v && v !== answer) || (!v && pos.x[r][c].includes(answer));
    });
  },

  reveal(m, solution) {
    const pos = this.empty(m);
    pos.v = solution.grid.map((row) => row.slice());
    return pos;
  },

  stateText(m, pos) {
    // The candidate grid in Cross Set's own text format.
    const sep = m.N > 9 ? "," : "";
    return gridText(m.N, (r, c) => values(m, pos, r, c).join(sep));
  },
};

play.editor = editor;
export default play;
