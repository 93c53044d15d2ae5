"""The puzzle store: generated puzzles in SQLite, each kept once.

    with PuzzleStore("puzzles.db") as store:
        store.add(generated, "somekind")    # True when new
        store.export_markdown(sys.stdout, kind="somekind")

A puzzle's identity is `impl.canonical_key(puzzle)`, unique per kind, so a
puzzle and its twins (row/column permutations, renamings... as the kind
decides) are stored once, even from two runs at the same time. Every write is
one transaction (WAL journal): a killed run leaves whole rows or none.
Built only on the kind interface: no kind is named here.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from ..errors import NumberplayError
from ..kinds import Kind, get_kind
from ..model import Generated, Puzzle, Solution

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    size TEXT NOT NULL DEFAULT '',
    difficulty TEXT NOT NULL DEFAULT '',
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    seed TEXT,
    canonical_key TEXT NOT NULL,
    created TEXT NOT NULL,
    UNIQUE (kind, canonical_key)
);
CREATE INDEX IF NOT EXISTS puzzles_filter ON puzzles (kind, size, difficulty);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
PAGE_BREAK = '<div style="page-break-after: always"></div>'


class StoreError(NumberplayError):
    """The store cannot be opened or read (not a numberplay store, locked, ...)."""


@dataclass(frozen=True)
class StoredPuzzle:
    """One row of the store, with its puzzle and solution as JSON values."""

    id: int
    kind: str
    size: str
    difficulty: str
    puzzle: Any
    solution: Any
    text: str
    seed: str | None
    key: str
    created: str

    def to_json(self) -> dict[str, Any]:
        """The row as a JSONL export line."""
        return {"id": self.id, "kind": self.kind, "size": self.size,
                "difficulty": self.difficulty, "puzzle": self.puzzle,
                "solution": self.solution, "text": self.text, "seed": self.seed,
                "key": self.key, "created": self.created}

    def objects(self) -> tuple[Kind, Puzzle, Solution]:
        """(impl, puzzle, solution): the kind's `Kind` object, and the puzzle and
        solution read back through it."""
        impl = get_kind(self.kind)
        return (impl, impl.puzzle_type.from_json(self.puzzle),
                impl.solution_type.from_json(self.solution))


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class PuzzleStore:
    """A SQLite file of generated puzzles."""

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise StoreError(f"no puzzle store at {str(self.path)!r}")
        deadline = time.monotonic() + 30
        while True:
            try:
                found = self._open()
                break
            except sqlite3.OperationalError as exc:
                # Two runs creating the same store at once: switching to WAL (or the
                # schema's first write) can fail at once with "locked" rather than
                # wait on SQLite's busy handler, so wait and try again here.
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise StoreError(f"cannot open puzzle store {str(self.path)!r}: {exc}") from None
                if hasattr(self, "db"):
                    self.db.close()
                time.sleep(0.05)
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"cannot open puzzle store {str(self.path)!r}: {exc}") from None
        version = found[0] if found else ""
        if not str(version).isdigit() or int(version) > SCHEMA_VERSION:
            self.db.close()
            raise StoreError(f"puzzle store {str(self.path)!r} has schema {version!r}; this "
                             f"numberplay reads schema {SCHEMA_VERSION} (a newer numberplay "
                             "made it?)")

    def _open(self) -> tuple[str] | None:
        """Connect, make the schema if it is missing, and read its version."""
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        with self.transaction() as db:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            found: tuple[str] | None = db.execute(
                "SELECT value FROM meta WHERE name = 'schema'").fetchone()
        return found

    # -- lifetime ----------------------------------------------------------------
    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def __enter__(self) -> PuzzleStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: everything in it is stored, or nothing."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- writing -------------------------------------------------------------------
    def add(self, generated: Generated, kind: str | Kind | None = None) -> bool:
        """Store one generated puzzle; True when it was new."""
        return self.add_many([generated], kind) == 1

    def add_many(self, items: Iterable[Generated], kind: str | Kind | None = None) -> int:
        """Store puzzles in one transaction; the number that were new."""
        added = 0
        with self.transaction() as db:
            for generated in items:
                row = self._row(generated, kind)
                cursor = db.execute(
                    "INSERT OR IGNORE INTO puzzles (kind, size, difficulty, puzzle, solution,"
                    " text, seed, canonical_key, created) VALUES (?,?,?,?,?,?,?,?,?)", row)
                added += cursor.rowcount
        return added

    def add_report(self, report: dict[str, Any]) -> int:
        """Store the puzzles of a `generate --format json` report; the number new."""
        impl = get_kind(report["kind"])
        return self.add_many([generated_from_json(impl, item) for item in report["puzzles"]], impl)

    @staticmethod
    def _row(generated: Generated, kind: str | Kind | None) -> tuple[Any, ...]:
        """The column values of one puzzle."""
        impl = get_kind(kind if kind is not None else generated.puzzle.kind)
        puzzle = generated.puzzle
        seed = None if generated.seed is None else str(generated.seed)
        return (impl.name, impl.size_of(puzzle) or "", generated.difficulty or "",
                _dumps(puzzle.to_json()), _dumps(generated.solution.to_json()),
                generated.text or "", seed, impl.canonical_key(puzzle), _now())

    # -- reading -------------------------------------------------------------------
    def list(self, kind: str | None = None, size: str | None = None,
             difficulty: str | None = None, limit: int | None = None) -> list[StoredPuzzle]:
        """The stored puzzles matching the filters, oldest first."""
        return list(self.iter(kind=kind, size=size, difficulty=difficulty, limit=limit))

    def iter(self, kind: str | None = None, size: str | None = None,
             difficulty: str | None = None, limit: int | None = None) -> Iterator[StoredPuzzle]:
        """Like `list`, lazily."""
        where, args = _filters(kind, size, difficulty)
        sql = ("SELECT id, kind, size, difficulty, puzzle, solution, text, seed, canonical_key,"
               f" created FROM puzzles{where} ORDER BY id")
        if limit is not None:
            sql += " LIMIT ?"
            args.append(int(limit))
        for row in self.db.execute(sql, args):
            yield StoredPuzzle(row[0], row[1], row[2], row[3], json.loads(row[4]),
                               json.loads(row[5]), row[6], row[7], row[8], row[9])

    def count(self, kind: str | None = None, size: str | None = None,
              difficulty: str | None = None) -> int:
        """How many stored puzzles match the filters."""
        where, args = _filters(kind, size, difficulty)
        return self.db.execute(f"SELECT COUNT(*) FROM puzzles{where}", args).fetchone()[0]

    def stats(self) -> dict[str, Any]:
        """`{"total": n, "groups": [{"kind", "size", "difficulty", "count"}...]}`."""
        rows = self.db.execute(
            "SELECT kind, size, difficulty, COUNT(*) FROM puzzles"
            " GROUP BY kind, size, difficulty ORDER BY kind, size, difficulty").fetchall()
        groups = [{"kind": k, "size": s, "difficulty": d, "count": n} for k, s, d, n in rows]
        return {"total": sum(g["count"] for g in groups), "groups": groups}

    # -- exporting -----------------------------------------------------------------
    def export_jsonl(self, out: TextIO, answers: bool = True, **filters: Any) -> int:
        """One JSON line per matching puzzle (without `"solution"` unless
        `answers`); the number written."""
        n = 0
        for stored in self.iter(**filters):
            data = stored.to_json()
            if not answers:
                data.pop("solution", None)
            out.write(json.dumps(data, ensure_ascii=False) + "\n")
            n += 1
        return n

    def export_markdown(self, out: TextIO, title: str = "Puzzles", answers: bool = True,
                        **filters: Any) -> int:
        """The matching puzzles, then (when `answers`) their answers after a page
        break, ready to print; the number written."""
        rows = self.list(**filters)
        out.write(f"# {title}\n\n")
        for i, stored in enumerate(rows, 1):
            impl, puzzle, _ = stored.objects()
            out.write(f"## {i}. {_heading(impl, stored)}\n\n")
            out.write(impl.render(puzzle, fmt="markdown").rstrip() + "\n\n")
        if not answers:
            return len(rows)
        out.write(f"{PAGE_BREAK}\n\n# Answers\n\n")
        for i, stored in enumerate(rows, 1):
            impl, puzzle, solution = stored.objects()
            out.write(f"## {i}. {_heading(impl, stored)}\n\n")
            out.write(impl.render(puzzle, solution, fmt="markdown").rstrip() + "\n\n")
        return len(rows)


def _heading(impl: Kind, stored: StoredPuzzle) -> str:
    """"Kind title, size S, difficulty" for the Markdown export."""
    parts = [impl.title or impl.name]
    if stored.size:
        parts.append(f"size {stored.size}")
    if stored.difficulty:
        parts.append(stored.difficulty)
    return ", ".join(parts)


def _filters(kind: str | None, size: str | None,
             difficulty: str | None) -> tuple[str, list[Any]]:
    """A WHERE clause and its arguments for the given filters."""
    clauses, args = [], []
    if kind is not None:
        clauses.append("kind = ?")
        args.append(_kind_name(kind))
    if size is not None:
        clauses.append("size = ?")
        args.append(str(size))
    if difficulty is not None:
        clauses.append("difficulty = ?")
        args.append(difficulty)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), args


def _kind_name(name: str) -> str:
    """The registered name of a kind (aliases resolved), or the name as given."""
    try:
        return get_kind(name).name
    except NumberplayError:
        return name


def generated_from_json(impl: Kind, item: dict[str, Any]) -> Generated:
    """A `Generated` back from an item of a generate report's `"puzzles"`."""
    known = {"puzzle", "text", "difficulty", "solution", "seed"}
    return Generated(impl.puzzle_type.from_json(item["puzzle"]),
                     impl.solution_type.from_json(item["solution"]),
                     item.get("difficulty") or "", item.get("text") or "",
                     seed=item.get("seed"),
                     extra={k: v for k, v in item.items() if k not in known})
