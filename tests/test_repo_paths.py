"""The code and the documentation cite only files inside the repository: no
absolute path of the machine they were written on, and every `docs/*.md` the
source names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = {".py", ".md", ".js", ".css", ".html", ".toml", ".c", ".h"}
OUTSIDE = re.compile(r"(?<![\w.])/(work|home|Users)/\w")


def _texts() -> list[Path]:
    """The repository's source and documentation files (not build output)."""
    folders = [ROOT / "src", ROOT / "docs", ROOT / "examples"]
    files = [p for folder in folders if folder.is_dir() for p in folder.rglob("*")
             if p.suffix in SUFFIXES and p.is_file()]
    return files + [p for p in (ROOT / "README.md",) if p.is_file()]


def test_no_path_outside_the_repository_is_cited():
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in _texts()
             for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace")
                                      .splitlines(), 1)
             if OUTSIDE.search(line)]
    assert not found, "\n".join(found)


def test_every_cited_doc_exists():
    cited = {m for path in (ROOT / "src").rglob("*.py")
             for m in re.findall(r"docs/[\w-]+\.md", path.read_text(encoding="utf-8"))}
    assert cited, "the source cites its docs"
    missing = sorted(c for c in cited if not (ROOT / c).is_file())
    assert not missing, missing
