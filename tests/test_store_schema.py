"""The store's schema version is read back: a store of a newer schema is refused."""

from __future__ import annotations

import sqlite3

import pytest

from numberplay.services.store import SCHEMA_VERSION, PuzzleStore, StoreError


def test_a_store_of_a_newer_schema_is_refused_in_one_line(tmp_path):
    path = tmp_path / "p.db"
    with PuzzleStore(path) as store:
        assert store.db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone() \
            == (str(SCHEMA_VERSION),)
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE name = 'schema'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="has schema") as exc:
        PuzzleStore(path)
    assert "\n" not in str(exc.value)
