// Helpers shared by the play modules of grid puzzles: a cursor on an R×C grid,
// the grid element, cells with accessible labels and the outer frame, the
// cells a player got wrong, and place names as the explanations write them.

export function place(r, c) {
  return `r${r + 1}c${c + 1}`;
}

export function clampMove(rows, cols, cursor, dr, dc) {
  return {
    r: (cursor.r + dr + rows) % rows,
    c: (cursor.c + dc + cols) % cols,
  };
}

// `firstCursor` and `move` of a module whose model has `size(m) -> [rows, cols]`.
export function gridCursor(size) {
  return {
    firstCursor() { return { r: 0, c: 0 }; },
    move(m, cursor, dr, dc) { return clampMove(...size(m), cursor, dr, dc); },
  };
}

export function isMarked(set, r, c) {
  return set.has(place(r, c)) || set.has(`row ${r + 1}`) || set.has(`column ${c + 1}`)
    || set.has(`col ${c + 1}`);
}

// The grid element: `columns` tracks wide (plus `extra` tracks, e.g. a clue column).
// Its cells go into rows (`rowElement`), as a screen reader walks a grid by rows.
export function gridElement(label, columns, extra = "") {
  const grid = document.createElement("div");
  grid.className = "grid";
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", label);
  grid.style.gridTemplateColumns = `repeat(${columns}, var(--cell))${extra ? " " + extra : ""}`;
  return grid;
}

// A row of the grid: laid out by the grid itself (display: contents), there for
// screen readers, which walk a grid row by row.
export function rowElement(grid) {
  const row = document.createElement("div");
  row.className = "grid-row";
  row.setAttribute("role", "row");
  grid.appendChild(row);
  return row;
}

// A cell at (r, c) of a rows×cols grid: cursor, wrong and hint marks, the thick
// outer frame on the edge cells, a click that moves the cursor there.
export function cellElement(ctx, r, c, label, rows = 0, cols = 0) {
  const el = document.createElement("div");
  el.className = "cell";
  el.setAttribute("role", "gridcell");
  el.dataset.place = place(r, c);
  el.dataset.at = `${r},${c}`;   // the cursor position (the setter's editor selects by it)
  el.setAttribute("aria-label", label);
  const here = ctx.cursor.r === r && ctx.cursor.c === c;
  el.tabIndex = here ? 0 : -1;
  if (here) el.classList.add("cursor");
  if (ctx.marks.wrong.has(place(r, c))) el.classList.add("wrong");
  if (ctx.selected) el.setAttribute("aria-selected", String(ctx.selected.has(place(r, c))));
  if (isMarked(ctx.marks.hint, r, c)) el.classList.add("hint");
  if (rows && cols) frame(el, r, c, rows, cols);
  el.addEventListener("click", () => ctx.select({ r, c }));
  return el;
}

// The thick outer border on the cells at the grid's edge.
export function frame(el, r, c, rows, cols) {
  if (r === 0) el.classList.add("thick-top");
  if (c === 0) el.classList.add("thick-left");
  if (r === rows - 1) el.classList.add("thick-bottom");
  if (c === cols - 1) el.classList.add("thick-right");
}

// The place names of the cells where `isWrong(r, c)` holds, row by row.
export function wrongCells(rows, cols, isWrong) {
  const out = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (isWrong(r, c)) out.push(place(r, c));
  }
  return out;
}

export function setCellSize(board, cols, extra = 1) {
  // Fit the grid (and its clue column) into the width available, up to 52 px a cell.
  const width = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
  const size = Math.max(26, Math.min(52, Math.floor((width - 56) / (cols + extra))));
  board.style.setProperty("--cell", `${size}px`);
}
