// Sum pyramids: every brick is the sum of the two bricks below it, and the
// bottom row holds digits 1 to 9. Type a brick's number digit by digit;
// Backspace takes the last digit off. A brick whose two bricks below are
// filled turns red when it is not their sum.

const MAX = 999;

function place(r, c) {
  return `r${r + 1}c${c + 1}`;
}

function bad(m, pos, r, c) {
  // Does the brick disagree with the two below it (or is a bottom brick not a digit)?
  const v = pos.v[r][c];
  if (!v) return false;
  if (r === m.N - 1) return v > 9;
  const a = pos.v[r + 1][c];
  const b = pos.v[r + 1][c + 1];
  return a > 0 && b > 0 && a + b !== v;
}

export default {
  title: "Sum pyramid",
  sizes: ["3", "4", "5", "6"],
  defaultSize: "4",
  defaultDifficulty: "easy",
  example: "      .\n    .   .\n  12  .   9\n.   5   .   4",
  keysHelp: "Arrow keys move; type a brick's number digit by digit; Backspace takes the last "
    + "digit off; Ctrl-Z undo, Ctrl-Y redo. Every brick is the sum of the two below it, and the "
    + "bottom row holds digits 1 to 9; a brick that is not the sum of the two below turns red.",

  init(puzzle) {
    return { rows: puzzle.rows, N: puzzle.rows.length };
  },
  empty(m) {
    return { v: m.rows.map((row) => row.map((x) => x || 0)) };
  },
  firstCursor(m) {
    for (let r = m.N - 1; r >= 0; r--) {
      for (let c = 0; c <= r; c++) if (m.rows[r][c] === null) return { r, c };
    }
    return { r: 0, c: 0 };
  },
  move(m, cursor, dr, dc) {
    const r = (cursor.r + dr + m.N) % m.N;
    const c = ((dr ? Math.min(cursor.c, r) : cursor.c + dc) + r + 1) % (r + 1);
    return { r, c };
  },
  describe(m) { return `${m.N} rows`; },

  pad() {
    const keys = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((d) => ({ label: String(d), key: { digit: d } }));
    keys.push({ label: "⌫", aria: "take the last digit off", key: { clear: true } });
    return keys;
  },

  input(m, pos, cursor, key) {
    const { r, c } = cursor;
    if (key.letter !== undefined || key.strike !== undefined) return null;
    if (m.rows[r][c] !== null) return { message: `${place(r, c)} is given.` };
    const v = pos.v.map((row) => row.slice());
    if (key.clear) {
      v[r][c] = Math.floor(v[r][c] / 10);
    } else {
      const d = key.digit ?? key.value;
      if (d === undefined) return null;
      const next = v[r][c] * 10 + d;
      if (next > MAX) return { message: `A brick holds at most ${MAX}.` };
      v[r][c] = next;
    }
    return { pos: { v } };
  },

  render(board, ctx) {
    const { model: m, pos } = ctx;
    const room = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
    board.style.setProperty("--brick", `${Math.max(40, Math.min(72, Math.floor((room - 48) / m.N)))}px`);
    const wall = document.createElement("div");
    wall.className = "pyramid";
    wall.setAttribute("role", "grid");
    wall.setAttribute("aria-label", `Sum pyramid of ${m.N} rows`);
    wall.style.gridTemplateColumns = `repeat(${2 * m.N}, calc(var(--brick) / 2))`;
    for (let r = 0; r < m.N; r++) {
      for (let c = 0; c <= r; c++) {
        const el = document.createElement("div");
        const given = m.rows[r][c] !== null;
        const v = pos.v[r][c];
        el.className = "brick" + (given ? " given" : " entry");
        el.setAttribute("role", "gridcell");
        el.dataset.place = place(r, c);
        el.style.gridRow = String(r + 1);
        el.style.gridColumn = `${m.N - r + 2 * c} / span 2`;
        el.textContent = v ? String(v) : "";
        el.setAttribute("aria-label", `row ${r + 1}, brick ${c + 1}: ${v || "empty"}`);
        const here = ctx.cursor.r === r && ctx.cursor.c === c;
        el.tabIndex = here ? 0 : -1;
        if (here) el.classList.add("cursor");
        if (ctx.marks.wrong.has(place(r, c))) el.classList.add("wrong");
        if (ctx.marks.hint.has(place(r, c))) el.classList.add("hint");
        if (bad(m, pos, r, c)) el.classList.add("bad");
        el.addEventListener("click", () => ctx.select({ r, c }));
        wall.appendChild(el);
      }
    }
    board.appendChild(wall);
  },

  solved(m, pos) {
    for (let r = 0; r < m.N; r++) {
      for (let c = 0; c <= r; c++) if (!pos.v[r][c] || bad(m, pos, r, c)) return false;
    }
    return true;
  },

  wrong(m, pos, solution) {
    const out = [];
    for (let r = 0; r < m.N; r++) {
      for (let c = 0; c <= r; c++) {
        if (pos.v[r][c] && pos.v[r][c] !== solution.rows[r][c]) out.push(place(r, c));
      }
    }
    return out;
  },

  reveal(m, solution) { return { v: solution.rows.map((row) => row.slice()) }; },

  stateText(m, pos) {
    return pos.v.map((row) => row.map((v) => (v ? String(v) : ".")).join(" ")).join("\n") + "\n";
  },
};
