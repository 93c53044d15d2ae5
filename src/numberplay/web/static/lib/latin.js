// What the play modules of Latin-square kinds share: the repeats in rows and
// columns, two quick digits typed as one value past 9, the grid as text.
import { place } from "/static/lib/grid.js";

const JOIN_MS = 900; // orders over 9: a second digit typed this soon makes 10, 11, …

export function latinClashes(n, v) {
  // Cells whose placed value repeats in a row or column, and the lines with a repeat.
  const dup = new Set();
  const lines = new Set();
  for (let i = 0; i < n; i++) {
    for (const [line, at] of [[`row ${i + 1}`, (k) => [i, k]], [`column ${i + 1}`, (k) => [k, i]]]) {
      const seen = new Map();
      for (let k = 0; k < n; k++) {
        const [r, c] = at(k);
        if (!v[r][c]) continue;
        if (!seen.has(v[r][c])) seen.set(v[r][c], []);
        seen.get(v[r][c]).push(place(r, c));
      }
      for (const cells of seen.values()) {
        if (cells.length > 1) {
          lines.add(line);
          for (const p of cells) dup.add(p);
        }
      }
    }
  }
  return { dup, lines };
}

export function joinDigits(module, n, r, c, value, direct, now) {
  // Orders over 9: "1" then "2" quickly in the same cell is 12. `module._last`
  // remembers the digit before; returns the value the keystroke stands for.
  const last = module._last;
  if (n > 9 && !direct && last && now - last.t < JOIN_MS
      && last.r === r && last.c === c && last.v * 10 + value <= n) {
    module._last = null;
    return last.v * 10 + value;
  }
  module._last = { r, c, v: value, t: now };
  return value;
}

export function allFilled(n, v) {
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (!v[r][c]) return false;
  return true;
}

export function gridText(n, token) {
  // The grid as text: `token(r, c)` per cell, right-aligned in columns, a line a row.
  const tokens = [];
  for (let r = 0; r < n; r++) tokens.push(Array.from({ length: n }, (_, c) => token(r, c)));
  const width = Math.max(...tokens.flat().map((t) => t.length));
  return tokens.map((row) => row.map((t) => t.padStart(width)).join(" ")).join("\n") + "\n";
}
