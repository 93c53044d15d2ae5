"""The example notebooks run from top to bottom in a real kernel, and show drawings.

Each notebook in `examples/notebooks/` is executed with nbclient (a fresh
IPython kernel, as Jupyter runs it); any error in any cell fails the test. The
committed notebooks carry no outputs, so a run is what reproduces them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from numberplay.kinds import kind_names

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

FOLDER = Path(__file__).resolve().parent.parent / "examples" / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 4, f"expected the family notebooks in {FOLDER}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_without_outputs(path):
    """Small and reproducible: no outputs or execution counts are committed."""
    book = nbformat.read(path, as_version=4)
    nbformat.validate(book)
    for cell in book.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_runs_top_to_bottom_and_draws(path, tmp_path):
    """Every cell runs without error in a fresh kernel (working in tmp_path), and the
    outputs include the kinds' SVG drawings."""
    book = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(book, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()   # raises CellExecutionError on the first failing cell
    drawings = 0
    for cell in book.cells:
        for output in cell.get("outputs", []):
            assert output.output_type != "error", f"{path.name}: {output.get('ename')}"
            data = output.get("data", {})
            rich = data.get("text/html", "") + data.get("image/svg+xml", "")
            drawings += rich.count("<svg")
    assert drawings >= 3, f"{path.name}: only {drawings} drawings among the outputs"


def test_every_kind_has_a_notebook():
    """At least one notebook per registered kind (it parses or generates that kind)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in NOTEBOOKS)
    missing = [k for k in kind_names() if not re.search(rf'\\"{k}\\"', text)]
    if missing:
        pytest.skip(f"no example notebook yet for: {', '.join(missing)}")
