// Keen (KenKen): an N×N Latin square cut into cages; each cage's digits make its
// target with its operation. A digit fills a cell; Shift+digit (or a digit in
// pencil mode) adds or removes a pencil mark, as in Tatham's Keen.
import {
  cellElement, gridCursor, gridElement, place, rowElement, setCellSize, wrongCells,
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

// ---- the setter's editor: the puzzle as JSON ({n, cages, givens}), its text
// the cage map (`.` a cell in no cage), cages drawn by dragging across cells.

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const OP_TEXT = { "+": "+", "-": "-", "*": "x", "/": "/" };
const OP_KEYS = { "+": "+", "-": "-", "−": "-", "*": "*", "x": "*", "X": "*", "×": "*", "/": "/", "÷": "/" };
const key = ([r, c]) => `${r},${c}`;
const order = (a, b) => a[0] - b[0] || a[1] - b[1];

function loose(cage) {
  // A cell in no cage: a one-cell cage without clue.
  return cage.op === "?" && cage.cells.length === 1;
}

function cageLabel(k) {
  return k < 26 ? LETTERS[k] : LETTERS[k % 26] + Math.floor(k / 26);
}

function normal(puzzle) {
  // Cages ordered by their first cell, cells row by row: the text stays stable.
  const cages = puzzle.cages.map((cage) => ({ ...cage, cells: cage.cells.slice().sort(order) }));
  cages.sort((a, b) => order(a.cells[0], b.cells[0]));
  return { ...puzzle, cages };
}

function components(cells) {
  // The 4-connected parts of a set of [r, c] cells.
  const left = new Map(cells.map((x) => [key(x), x]));
  const parts = [];
  while (left.size) {
    const [first] = left.values();
    left.delete(key(first));
    const part = [first];
    for (let i = 0; i < part.length; i++) {
      const [r, c] = part[i];
      for (const next of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
        if (left.has(key(next))) { part.push(left.get(key(next))); left.delete(key(next)); }
      }
    }
    parts.push(part);
  }
  return parts;
}

function cageAt(puzzle, r, c) {
  return puzzle.cages.findIndex((cage) => cage.cells.some(([cr, cc]) => cr === r + 1 && cc === c + 1));
}

function makeCage(puzzle, cells) {
  // These cells (0-based {r, c}) become one cage without clue; what they leave of
  // other cages stays a cage if still in one piece, else falls apart.
  const mine = cells.map(({ r, c }) => [r + 1, c + 1]).sort(order);
  const chosen = new Set(mine.map(key));
  const same = puzzle.cages.find((cage) => cage.cells.length === mine.length
    && cage.cells.every((x) => chosen.has(key(x))));
  if (same) return puzzle;
  const cages = [];
  for (const cage of puzzle.cages) {
    const rest = cage.cells.filter((x) => !chosen.has(key(x)));
    if (rest.length === cage.cells.length) { cages.push(cage); continue; }
    const parts = components(rest);
    if (parts.length === 1 && parts[0].length > 1) { cages.push({ ...cage, cells: parts[0] }); continue; }
    for (const part of parts) cages.push({ op: "?", target: 0, cells: part });
  }
  cages.push({ op: "?", target: 0, cells: mine });
  return normal({ ...puzzle, cages });
}

function setCage(puzzle, k, cage) {
  const cages = puzzle.cages.slice();
  if (cage) cages[k] = cage;
  else cages.splice(k, 1, ...puzzle.cages[k].cells.map((x) => ({ op: "?", target: 0, cells: [x] })));
  return normal({ ...puzzle, cages });
}

function mapText(puzzle) {
  // The cage map and its clues, as the parser reads them.
  const n = puzzle.n;
  const rows = Array.from({ length: n }, () => Array(n).fill("."));
  const clues = [];
  let k = 0;
  for (const cage of normal(puzzle).cages) {
    if (loose(cage)) continue;
    const name = cageLabel(k++);
    for (const [r, c] of cage.cells) rows[r - 1][c - 1] = name;
    clues.push(cage.op === "?" ? `${name} ?` : cage.op === "=" ? `${name} ${cage.target}`
      : `${name} ${cage.target}${OP_TEXT[cage.op]}`);
  }
  const width = k > 26 ? 2 : 1;
  const lines = rows.map((row) => row.map((t) => t.padEnd(width)).join(" ").trimEnd());
  for (let i = 0; i < clues.length; i += 6) lines.push(clues.slice(i, i + 6).join("  "));
  const givens = Object.entries(puzzle.givens || {});
  if (givens.length) lines.push("given " + givens.map(([at, v]) => `${at}=${v}`).join(" "));
  return lines.join("\n") + "\n";
}

const editor = {
  keysHelp: "Drag across cells (or Shift+arrows, then Enter) to make a cage; type its target and "
    + "+ − x / for its operation; click a cage to select it, Backspace erases a digit of its "
    + "target, Delete removes the cage. Hatched cells are in no cage. Ctrl-Z undo, Ctrl-Y redo.",
  blank(size) {
    const n = Number(size);
    if (!Number.isInteger(n) || n < 3 || n > 16) return null;
    const cages = [];
    for (let r = 1; r <= n; r++) for (let c = 1; c <= n; c++) cages.push({ op: "?", target: 0, cells: [[r, c]] });
    return { n, cages };
  },
  text: mapText,
  size(puzzle) { return [puzzle.n, puzzle.n]; },
  pick(puzzle, cursor) {
    // A click on a cell of a cage selects the whole cage.
    const k = cageAt(puzzle, cursor.r, cursor.c);
    if (k < 0 || loose(puzzle.cages[k])) return [cursor];
    return puzzle.cages[k].cells.map(([r, c]) => ({ r: r - 1, c: c - 1 }));
  },
  drag(puzzle, cells) {
    return cells.length > 1 ? { puzzle: makeCage(puzzle, cells) } : null;
  },
  pad(puzzle) {
    const keys = [];
    for (let d = 0; d <= 9 && d <= Math.max(9, puzzle.n); d++) keys.push({ label: String(d), key: String(d) });
    keys.push({ label: "+", key: "+", aria: "operation add" }, { label: "−", key: "-", aria: "operation subtract" },
      { label: "×", key: "*", aria: "operation multiply" }, { label: "÷", key: "/", aria: "operation divide" },
      { label: "?", key: "?", aria: "no clue" }, { label: "⌫", key: "Backspace", aria: "erase a digit of the target" },
      { label: "Make cage", key: "Enter", aria: "make the selected cells a cage" },
      { label: "Delete cage", key: "Delete", aria: "delete the cage" });
    return keys;
  },
  key(puzzle, ctx, name) {
    const { r, c } = ctx.cursor;
    let k = cageAt(puzzle, r, c);
    if (k < 0) return null;
    const selection = ctx.cells.length > 1 && !ctx.cells.every(({ r: sr, c: sc }) => cageAt(puzzle, sr, sc) === k
      && puzzle.cages[k].cells.length === ctx.cells.length);
    const caged = () => {
      // The selected cells, when they are no cage yet, become one first.
      if (!selection) return puzzle;
      const made = makeCage(puzzle, ctx.cells);
      k = cageAt(made, r, c);
      return made;
    };
    if (name === "Enter") {
      return selection ? { puzzle: caged() } : { message: "Select two or more cells (drag, or Shift+arrows) to make a cage." };
    }
    if (/^\d$/.test(name)) {
      const next = caged();
      const cage = next.cages[k];
      const d = Number(name);
      const target = ctx.typing && cage.op !== "?" ? cage.target * 10 + d : d;
      if (String(target).length > 12) return null;
      if (!target) return selection ? { puzzle: next } : null;
      const op = cage.op !== "?" ? cage.op : cage.cells.length === 1 ? "=" : "+";
      return { puzzle: setCage(next, k, { ...cage, op, target }), typing: true };
    }
    if (OP_KEYS[name]) {
      const next = caged();
      const cage = next.cages[k];
      if (cage.cells.length === 1) return { message: "A one-cell cage gives its digit: type it." };
      return { puzzle: setCage(next, k, { ...cage, op: OP_KEYS[name], target: cage.target }), typing: true };
    }
    const cage = puzzle.cages[k];
    if (name === "?") {
      return { puzzle: setCage(puzzle, k, cage.cells.length === 1 ? null : { ...cage, op: "?", target: 0 }) };
    }
    if (name === "Backspace") {
      if (cage.op === "?") return null;
      const target = Math.floor(cage.target / 10);
      if (target) return { puzzle: setCage(puzzle, k, { ...cage, target }), typing: true };
      return { puzzle: setCage(puzzle, k, cage.cells.length === 1 ? null : { ...cage, op: "?", target: 0 }) };
    }
    if (name === "Delete") return loose(cage) ? null : { puzzle: setCage(puzzle, k, null) };
    return null;
  },
};

const play = {
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
      const row = rowElement(grid);
      for (let c = 0; c < m.N; c++) {
        const v = pos.v[r][c];
        const k = m.owner[r][c];
        const cage = m.cages[k];
        const alone = ctx.editing && loose(cage);
        const clue = alone ? "in no cage" : cage.op === "?" ? "cage without clue" : `cage ${clueText(cage)}`;
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
        if (alone) el.classList.add("no-cage");
        if (r === 0 || m.owner[r - 1][c] !== k) el.classList.add("thick-top");
        if (c === 0 || m.owner[r][c - 1] !== k) el.classList.add("thick-left");
        // a wall between two cages is drawn once, by the cell below or to the right
        if (r === m.N - 1) el.classList.add("thick-bottom");
        if (c === m.N - 1) el.classList.add("thick-right");
        row.appendChild(el);
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

play.editor = editor;
export default play;
