// Helpers shared by the grid kinds' play modules: a cursor on an R×C grid,
// cells with accessible labels, and place names as the explanations write them.

export function place(r, c) {
  return `r${r + 1}c${c + 1}`;
}

export function clampMove(rows, cols, cursor, dr, dc) {
  return {
    r: (cursor.r + dr + rows) % rows,
    c: (cursor.c + dc + cols) % cols,
  };
}

export function isMarked(set, r, c) {
  return set.has(place(r, c)) || set.has(`row ${r + 1}`) || set.has(`column ${c + 1}`)
    || set.has(`col ${c + 1}`);
}

export function cellElement(ctx, r, c, label) {
  const el = document.createElement("div");
  el.className = "cell";
  el.setAttribute("role", "gridcell");
  el.dataset.place = place(r, c);
  el.setAttribute("aria-label", label);
  const here = ctx.cursor.r === r && ctx.cursor.c === c;
  el.tabIndex = here ? 0 : -1;
  if (here) el.classList.add("cursor");
  if (ctx.marks.wrong.has(place(r, c))) el.classList.add("wrong");
  if (isMarked(ctx.marks.hint, r, c)) el.classList.add("hint");
  el.addEventListener("click", () => ctx.select({ r, c }));
  return el;
}

export function setCellSize(board, cols, extra = 1) {
  // Fit the grid (and its clue column) into the width available, up to 52 px a cell.
  const width = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
  const size = Math.max(26, Math.min(52, Math.floor((width - 56) / (cols + extra))));
  board.style.setProperty("--cell", `${size}px`);
}
