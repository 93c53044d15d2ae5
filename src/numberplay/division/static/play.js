// Skeleton long divisions: the division as printed, a digit typed into each place.
// A place is named as the explanations name it: a letter (every cell of that letter),
// else the dividend's a1.., the divisor's b1.., the quotient's c1.., a subtraction's
// Y digits y2.1 and Z digits z2.1 (an X shows the Z above it and the dividend's
// digits brought down). Given digits cannot be changed.

function parseDivision(text) {
  const parts = text.split(";").map((p) => p.trim());
  const [a, b, c] = parts[0].split(/\s*[/=]\s*/).map((s) => s.trim());
  const subs = parts.slice(1, 1 + c.length).map((p) => (p ? p.split(/\s*[-=]\s*/) : null));
  while (subs.length < c.length) subs.push(null);
  return { a, b, c, subs };
}

const isLetter = (ch) => /^\p{L}$/u.test(ch);

function layout(d) {
  // Printed rows: [{row, cells: [{col, place, ch}]}]; cols in the dividend's columns.
  const n = d.a.length, m = d.c.length;
  const rows = [];
  const cell = (col, place, ...chars) => {
    const ch = chars.find((x) => x && isLetter(x)) || chars.find((x) => x && /[0-9]/.test(x)) || "?";
    return { col, place: isLetter(ch) ? ch : place, ch };
  };
  rows.push({ kind: "quotient", cells: [...d.c].map((ch, k) => cell(n - m + k, `c${k + 1}`, ch)) });
  const live = d.subs.map((s, k) => (s ? k : -1)).filter((k) => k >= 0);
  // the dividend's places also show what each X brings down (the first X: its first digits)
  const A = [...d.a];
  let end0 = -1;
  for (const k of live) {
    const x = d.subs[k][0], end = n - m + k, head = x.length - (end - end0);
    for (let col = end0 + 1; col <= end; col++) A[col] = cell(col, "", A[col], x[head + col - end0 - 1]).ch;
    end0 = end;
  }
  rows.push({ kind: "dividend", cells: A.map((ch, i) => cell(i, `a${i + 1}`, ch)) });
  let prev = null, prevEnd = -1, prevK = 0;
  const lastK = live[live.length - 1];
  for (const k of live) {
    const [x, y, z] = d.subs[k];
    const end = n - m + k;
    if (prev) {
      const head = prev[2] === "0" && k !== lastK ? "" : prev[2];
      const cells = [...head].map((ch, i) => cell(end - x.length + 1 + i, `z${prevK + 1}.${i + 1}`, ch, x[i]));
      for (let col = prevEnd + 1; col <= end; col++) {
        cells.push(cell(col, `a${col + 1}`, A[col]));
      }
      rows.push({ kind: "x", cells });
    }
    rows.push({ kind: "y", rule: [end - x.length + 1, end],
                cells: [...y].map((ch, i) => cell(end - y.length + 1 + i, `y${k + 1}.${i + 1}`, ch)) });
    prev = [x, y, z]; prevEnd = end; prevK = k;
  }
  const [, , zl] = prev;
  const cells = zl === "0" ? [] : [...zl].map((ch, i) => cell(prevEnd - zl.length + 1 + i, `z${prevK + 1}.${i + 1}`, ch));
  for (let col = prevEnd + 1; col < n; col++) cells.push(cell(col, `a${col + 1}`, A[col]));
  if (!cells.length) cells.push({ col: n - 1, place: "", ch: "0" });
  rows.push({ kind: "remainder", cells });
  const divisor = [...d.b].map((ch, i) => cell(i, `b${i + 1}`, ch));
  return { rows, divisor, n };
}

function answerOf(model, s) {
  // {place: digit} of a solution, from its numbers worked out as printed.
  if (!s) return null;
  const out = {};
  const A = String(s.dividend), B = String(s.divisor), C = String(s.quotient);
  const n = A.length, m = C.length;
  [...B].forEach((ch, i) => { out[model.divisor[i].place] = +ch; });
  const printed = { quotient: C, dividend: A };
  let z = 0, cursor = 0;
  const lines = [];
  for (let k = 0; k < m; k++) {
    const q = +C[k];
    if (!q) continue;
    const end = n - m + k;
    const x = z * 10 ** (end + 1 - cursor) + +A.slice(cursor, end + 1);
    const y = s.divisor * q;
    if (lines.length) lines.push(String(x));
    lines.push(String(y));
    z = x - y; cursor = end + 1;
  }
  lines.push(String(z * 10 ** (n - cursor) + (cursor < n ? +A.slice(cursor) : 0)));
  let li = 0;
  for (const row of model.rows) {
    const digits = row.kind in printed ? printed[row.kind] : lines[li++];
    const text = row.kind === "remainder" && digits.length < row.cells.length
      ? digits.padStart(row.cells.length, "0") : digits;
    row.cells.forEach((c, i) => { if (c.place) out[c.place] = +text[text.length - row.cells.length + i]; });
  }
  return out;
}

export default {
  title: "Skeleton division",
  sizes: ["5x2", "6x2", "7x2", "7x3"],
  defaultSize: "6x2",
  defaultDifficulty: "easy",
  example: "7????? / ?? = ????? ; 7? - ?? = ?? ; ??? - ?? = ? ; ; ??? - ?? = ?? ; ??? - ??7 = 0",
  keysHelp: "Click a place (or use the arrow keys) and type its digit; a letter's digit "
    + "fills it everywhere; Backspace clears. Ctrl-Z undo, Ctrl-Y redo.",

  init(puzzle, solution) {
    const model = layout(parseDivision(puzzle.division));
    model.fixed = {};
    for (const c of [...model.divisor, ...model.rows.flatMap((r) => r.cells)]) {
      if (c.place && /[0-9]/.test(c.ch)) model.fixed[c.place] = +c.ch;
    }
    for (const [l, d] of Object.entries(puzzle.fixed || {})) model.fixed[l] = d;
    model.places = [...new Set([...model.divisor, ...model.rows.flatMap((r) => r.cells)]
      .map((c) => c.place).filter((p) => p))];
    model.answer = answerOf(model, solution);
    return model;
  },
  empty(m) { return { v: { ...m.fixed } }; },
  firstCursor(m) { return m.places.find((p) => !(p in m.fixed)) || m.places[0]; },
  move(m, cursor, dr, dc) {
    const i = m.places.indexOf(cursor);
    const step = dr || dc;
    return m.places[(i + step + m.places.length) % m.places.length];
  },
  describe(m) { return `${m.n}-digit dividend, ${m.places.length} places`; },
  pad() {
    const keys = [];
    for (let d = 0; d < 10; d++) keys.push({ label: String(d), key: { digit: d } });
    keys.push({ label: "⌫", aria: "clear", key: { clear: true } });
    return keys;
  },
  input(m, pos, cursor, key) {
    if (key.letter !== undefined) {
      return m.places.includes(key.letter) ? { cursor: key.letter }
        : { message: `There is no letter ${key.letter} here.` };
    }
    if (cursor in m.fixed) return { message: `${cursor} is given.` };
    const v = { ...pos.v };
    if (key.clear) { delete v[cursor]; return { pos: { v } }; }
    const d = key.digit ?? key.value;
    if (d === undefined || d < 0 || d > 9) return null;
    v[cursor] = d;
    return { pos: { v } };
  },
  render(board, ctx) {
    const m = ctx.model;
    const off = m.divisor.length + 1;
    const grid = document.createElement("div");
    grid.className = "division";
    grid.style.display = "grid";
    grid.style.gridTemplateColumns = `repeat(${off + m.n}, 1.6em)`;
    grid.style.fontFamily = "monospace";
    grid.style.fontSize = "1.3em";
    let line = 1;
    const put = (c, col, row) => {
      const el = document.createElement("div");
      el.style.gridColumn = `${col + 1}`;
      el.style.gridRow = `${row}`;
      el.style.textAlign = "center";
      el.style.cursor = c.place ? "pointer" : "default";
      if (c.place) {
        el.dataset.place = c.place;
        const d = ctx.pos.v[c.place];
        el.textContent = d === undefined ? (isLetter(c.ch) ? c.ch : "·") : String(d);
        if (c.place in m.fixed) el.style.fontWeight = "bold";
        if (ctx.cursor === c.place) el.style.outline = "2px solid #c98a00";
        if (ctx.marks.wrong.has(c.place)) el.style.color = "#c0392b";
        if (ctx.marks.hint.has(c.place)) el.style.background = "#ffe08a";
        el.addEventListener("click", () => ctx.select(c.place));
      } else el.textContent = c.ch;
      grid.appendChild(el);
    };
    for (const row of m.rows) {
      const r = line++;
      if (row.kind === "dividend") {
        m.divisor.forEach((c, i) => put(c, i, r));
        const br = document.createElement("div");
        br.textContent = ")";
        br.style.gridColumn = `${off}`;
        br.style.gridRow = `${r}`;
        grid.appendChild(br);
      }
      row.cells.forEach((c) => put(c, off + c.col, r));
      if (row.kind === "quotient" || row.rule) {
        const [lo, hi] = row.rule || [0, m.n - 1];
        const rule = document.createElement("div");
        rule.style.gridColumn = `${off + lo + 1} / ${off + hi + 2}`;
        rule.style.gridRow = `${line++}`;
        rule.style.borderTop = "2px solid currentColor";
        grid.appendChild(rule);
      }
    }
    board.appendChild(grid);
  },
  solved(m, pos) {
    return !!m.answer && m.places.every((p) => pos.v[p] === m.answer[p]);
  },
  wrong(m, pos, solution) {
    const ans = answerOf(m, solution) || m.answer || {};
    return m.places.filter((p) => p in pos.v && p in ans && pos.v[p] !== ans[p]);
  },
  reveal(m, solution) { return { v: { ...(answerOf(m, solution) || {}) } }; },
  stateText(m, pos) {
    const entries = Object.entries(pos.v).filter(([p]) => !(p in m.fixed));
    return entries.length ? entries.map(([p, d]) => `${p}=${d}`).join(",") : null;
  },
};
