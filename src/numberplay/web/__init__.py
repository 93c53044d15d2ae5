"""The web front end: `numberplay serve` (FastAPI; needs the `web` extra).

`create_app()` builds the app: the JSON API under `/api/` (each answer the
object the CLI prints with `--format json`) and the play page, whose static
files ship with the package.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
