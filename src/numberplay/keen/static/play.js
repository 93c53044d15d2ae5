// Keen (KenKen): an N×N Latin square cut into cages; each cage's digits make its
// target with its operation. A digit fills a cell; Shift+digit (or a digit in
// pencil mode) adds or removes a pencil mark, as in Tatham's Keen.
import {
  cellElement, gridCursor, gridElement, place, setCellSize, wrongCells,
} from "/static/lib/grid.js";
import { allFilled, gridText, joinDigits, latinClashes } from "/static/lib/latin.js";
const SIGN = { "+": "+", "-": "−", "*": "×", "/": "÷", "=": "", "?": "" };

function clueText(cage) {
  // A cage's clue as drawn: "12×", "4", nothing for a cage without clue ("?").
  return cage.op === "?" ? "" : `${cage.target}${SIGN[cage.op]}`;
}

function holds(cage, vals) {
  // Do these values meet the cage's clue?
  const t = cage.target;
  if (cage.op === "+" || cage.op === "=") return vals.reduce((a, b) => a + b, 0) === t;
  if (cage.op === "*") return vals.reduce((a, b) => a * b, 1) === t;
  const [a, b] = vals;
  if (cage.op === "-") return Math.abs(a - b) === t;
  return a * t === b || b * t === a;
}

function problems(m, pos) {
  // Cells whose value repeats in a row or column, and the full cages that miss their target.
  const { dup } = latinClashes(m.N, pos.v);
  const badCages = new Set();
  m.cages.forEach((cage, k) => {
    const vals = cage.cells.map(([r, c]) => pos.v[r - 1][c - 1]);
    if (vals.every((v) => v) && !holds(cage, vals)) badCages.add(k);
  });
  return { dup, badCages };
}

export default {
  title: "Keen",
  sizes: ["4", "5", "6", "7", "8", "9"],
  defaultSize: "5",
  defaultDifficulty: "easy",
  pencil: true,
  example: "4dn:__a_b_ab_a_3aa_,m12m4s1a7d2a8s1",
  keysHelp: "Arrow keys move; a digit fills the cell; Shift+digit, or P for pencil mode, adds or "
    + "removes a pencil mark; Backspace clears; Ctrl-Z undo, Ctrl-Y redo. Each digit appears once "
    + "in every row and column, and each cage's digits make its target with its operation "
    + "(+ − × ÷). A repeated digit or a full cage that misses its target turns red.",

  init(puzzle) {
    const N = puzzle.n;
    const owner = Array.from({ length: N }, () => Array(N).fill(0));
    const head = Array.from({ length: N }, () => Array(N).fill(""));
    puzzle.cages.forEach((cage, k) => {
      for (const [r, c] of cage.cells) owner[r - 1][c - 1] = k;
      const [r, c] = cage.cells[0];
      head[r - 1][c - 1] = clueText(cage);
    });
    // Digits given in advance (the setter's workbench adds them): {"r2c3": 5}.
    const givens = Array.from({ length: N }, () => Array(N).fill(0));
    for (const [at, v] of Object.entries(puzzle.givens || {})) {
      const found = at.match(/^r(\d+)c(\d+)$/);
      if (found) givens[Number(found[1]) - 1][Number(found[2]) - 1] = v;
    }
    return { N, cages: puzzle.cages, owner, head, givens };
  },
  empty(m) {
    // One-cell cages are givens: filled from the start.
    const v = Array.from({ length: m.N }, () => Array(m.N).fill(0));
    for (const cage of m.cages) {
      if (cage.op === "=") v[cage.cells[0][0] - 1][cage.cells[0][1] - 1] = cage.target;
    }
    m.givens.forEach((row, r) => row.forEach((g, c) => { if (g) v[r][c] = g; }));
    return { v, p: Array.from({ length: m.N }, () => Array.from({ length: m.N }, () => [])) };
  },
  ...gridCursor((m) => [m.N, m.N]),
  describe(m) { return `${m.N}×${m.N}, ${m.cages.length} cages`; },

  given(m, r, c) { return m.cages[m.owner[r][c]].op === "=" || !!m.givens[r][c]; },

  pad(m) {
    const keys = [];
    for (let v = 1; v <= m.N; v++) keys.push({ label: String(v), key: { value: v } });
    keys.push({ label: "⌫", aria: "clear", key: { clear: true } });
    return keys;
  },

  input(m, pos, cursor, key, now) {
    const { r, c } = cursor;
    const next = { v: pos.v.map((row) => row.slice()), p: pos.p.map((row) => row.map((s) => s.slice())) };
    if (this.given(m, r, c)) return key.clear || key.value || key.digit || key.strike
      ? { message: `r${r + 1}c${c + 1} is given.` } : null;
    if (key.clear) {
      if (next.v[r][c]) next.v[r][c] = 0; else next.p[r][c] = [];
      return { pos: next };
    }
    let value = key.value ?? key.digit ?? key.strike;
    if (value === undefined) return null;
    const direct = key.value !== undefined || key.direct;
    value = joinDigits(this, m.N, r, c, value, direct, now);
    if (value < 1 || value > m.N) return null;
    if (key.strike !== undefined) {
      if (next.v[r][c]) return { message: `r${r + 1}c${c + 1} holds a digit; clear it first.` };
      const marks = next.p[r][c];
      const at = marks.indexOf(value);
      if (at >= 0) marks.splice(at, 1); else marks.push(value);
      marks.sort((a, b) => a - b);
      return { pos: next };
    }
    next.v[r][c] = value;
    return { pos: next };
  },

  render(board, ctx) {
    const { model: m, pos } = ctx;
    setCellSize(board, m.N, 0.2);
    const { dup, badCages } = problems(m, pos);
    const grid = gridElement(`Keen, ${m.N} by ${m.N}`, m.N);
    grid.classList.add("keen");
    const side = Math.ceil(Math.sqrt(m.N));
    for (let r = 0; r < m.N; r++) {
      for (let c = 0; c < m.N; c++) {
        const v = pos.v[r][c];
        const k = m.owner[r][c];
        const cage = m.cages[k];
        const clue = cage.op === "?" ? "cage without clue" : `cage ${clueText(cage)}`;
        const label = v ? `row ${r + 1}, column ${c + 1}, ${clue}: ${v}`
          : `row ${r + 1}, column ${c + 1}, ${clue}: empty${pos.p[r][c].length ? `, marks ${pos.p[r][c].join(" ")}` : ""}`;
        const el = cellElement(ctx, r, c, label);
        if (m.head[r][c]) {
          const tag = document.createElement("span");
          tag.className = "cage-clue";
          tag.textContent = m.head[r][c];
          el.appendChild(tag);
        }
        if (v) {
          const digit = document.createElement("span");
          digit.className = "keen-digit";
          digit.textContent = String(v);
          el.appendChild(digit);
          el.classList.add(this.given(m, r, c) ? "given" : "entry");
        } else if (pos.p[r][c].length) {
          const marks = document.createElement("div");
          marks.className = "cands keen-marks";
          marks.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
          for (let d = 1; d <= m.N; d++) {
            const span = document.createElement("span");
            span.textContent = pos.p[r][c].includes(d) ? String(d) : "";
            marks.appendChild(span);
          }
          el.appendChild(marks);
        }
        if (dup.has(place(r, c))) el.classList.add("dup");
        if (badCages.has(k)) el.classList.add("line-bad");
        if (r === 0 || m.owner[r - 1][c] !== k) el.classList.add("thick-top");
        if (c === 0 || m.owner[r][c - 1] !== k) el.classList.add("thick-left");
        // a wall between two cages is drawn once, by the cell below or to the right
        if (r === m.N - 1) el.classList.add("thick-bottom");
        if (c === m.N - 1) el.classList.add("thick-right");
        grid.appendChild(el);
      }
    }
    board.appendChild(grid);
  },

  solved(m, pos) {
    if (!allFilled(m.N, pos.v)) return false;
    const { dup, badCages } = problems(m, pos);
    return dup.size === 0 && badCages.size === 0;
  },

  wrong(m, pos, solution) {
    return wrongCells(m.N, m.N, (r, c) => {
      const v = pos.v[r][c];
      const answer = solution.grid[r][c];
      const marks = pos.p[r][c];
      return (v && v !== answer) || (!v && marks.length && !marks.includes(answer));
    });
  },

  reveal(m, solution) {
    const pos = this.empty(m);
    pos.v = solution.grid.map((row) => row.slice());
    return pos;
  },

  stateText(m, pos) {
    // Keen's state format: a digit per filled cell, the pencil marks of a marked one, "." else.
    const sep = m.N > 9 ? "," : "";
    return gridText(m.N, (r, c) => (pos.v[r][c] ? String(pos.v[r][c])
      : pos.p[r][c].length ? pos.p[r][c].join(sep) : "."));
  },
};
