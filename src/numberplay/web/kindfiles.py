"""A kind's own web files, served from its package: `/kinds/<kind>/<file>`.

Each kind keeps its play module (`play.js`, and `play.css` when it has one) in
the `static/` folder of its package (`Kind.files()`), so a kind installed from
another package plays on the page like the built-in ones. Only plain file names
with a known suffix are served; anything else is 404.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import NumberplayError
from ..kinds import Kind, get_kind

MEDIA_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
               ".png": "image/png", ".json": "application/json"}
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}(\.[a-z]{2,4})$")
MAX_BYTES = 2 * 1024 * 1024


def kind_file(kind: str, name: str) -> tuple[bytes, str] | None:
    """(content, media type) of the file `name` in the kind's static folder, or
    None when there is no such kind or file, or the name is not a plain one."""
    match = NAME.match(name)
    if match is None or match.group(1) not in MEDIA_TYPES:
        return None
    try:
        impl = get_kind(kind)
    except NumberplayError:
        return None
    entry = impl.files() / "static" / name
    if not entry.is_file():
        return None
    data = entry.read_bytes()
    if len(data) > MAX_BYTES:
        return None
    return data, MEDIA_TYPES[match.group(1)]


def play_info(impl: Kind) -> dict[str, Any] | None:
    """What the page needs to load the kind's play module: its script, its style
    sheet (or None) and the kind's `play_data`; None when the kind has no module."""
    static = impl.files() / "static"
    if not (static / "play.js").is_file():
        return None
    base = f"/kinds/{impl.name}/"
    return {"script": base + "play.js",
            "style": base + "play.css" if (static / "play.css").is_file() else None,
            "data": impl.play_data()}
