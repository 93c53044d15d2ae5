"""Drawing CrossProduct grids as text, markdown and HTML (JSON is the Kind's)."""

from __future__ import annotations

import html

from ..errors import PuzzleError
from .model import CrossProductPuzzle, CrossProductSolution

FORMATS = ("text", "markdown", "html")


def cells_of(puzzle: CrossProductPuzzle,
             solution: CrossProductSolution | None) -> list[list[str]]:
    """The cell texts: digits when solved, '?' otherwise."""
    R, C = puzzle.shape
    if solution is None:
        cells = [["?"] * C for _ in range(R)]
        for i, d in puzzle.givens:
            cells[i // C][i % C] = str(d)
        return cells
    return [[str(v) for v in row] for row in solution.grid]


def label(product: int | None) -> str:
    """A product as written: `?` when blank."""
    return "?" if product is None else str(product)


def render_text(puzzle: CrossProductPuzzle, cells: list[list[str]]) -> str:
    """Column products on top, the grid, row products on the right."""
    R, C = puzzle.shape
    widths = [max([len(label(p))] + [len(cells[r][c]) for r in range(R)])
              for c, p in enumerate(puzzle.cols)]
    top = " ".join(label(p).rjust(w) for p, w in zip(puzzle.cols, widths, strict=False))
    rule = " ".join("-" * w for w in widths)
    lines = [top.rstrip(), rule]
    for r in range(R):
        body = " ".join(cells[r][c].rjust(widths[c]) for c in range(C))
        lines.append(f"{body} | {label(puzzle.rows[r])}")
    return "\n".join(lines) + "\n"


def render_markdown(puzzle: CrossProductPuzzle, cells: list[list[str]]) -> str:
    """The notebook's style: `|6615|15552|420|[6x3]|`, `|---|...`, `|7|6|5|**210**|`."""
    R, C = puzzle.shape

    def row(items) -> str:
        return "|" + "|".join(map(str, items)) + "|"

    head = row([*map(label, puzzle.cols), f"[{R}x{C}]"])
    dash = row(["---"] * (1 + C))
    rest = [row([*cells[r], f"**{label(puzzle.rows[r])}**"]) for r in range(R)]
    return "\n".join([head, dash, *rest]) + "\n"


def render_html(puzzle: CrossProductPuzzle, cells: list[list[str]]) -> str:
    """A table: column products in the header row, row products in the last column."""
    R, C = puzzle.shape
    out = ['<table class="crossproduct">', "<thead><tr>"]
    out += [f'<th scope="col">{label(p)}</th>' for p in puzzle.cols]
    out += [f'<th>[{R}x{C}]</th>', "</tr></thead>", "<tbody>"]
    for r in range(R):
        tds = "".join(f"<td>{html.escape(v)}</td>" for v in cells[r])
        out.append(f'<tr>{tds}<th scope="row">{label(puzzle.rows[r])}</th></tr>')
    out += ["</tbody>", "</table>"]
    return "\n".join(out) + "\n"


def render(puzzle: CrossProductPuzzle, solution: CrossProductSolution | None = None,
           fmt: str = "text") -> str:
    """The puzzle (solved when `solution` is given) in one of FORMATS."""
    cells = cells_of(puzzle, solution)
    if fmt == "text":
        return render_text(puzzle, cells)
    if fmt == "markdown":
        return render_markdown(puzzle, cells)
    if fmt == "html":
        return render_html(puzzle, cells)
    raise PuzzleError(f"unknown format {fmt!r} (use one of {', '.join(FORMATS)})")
