"""Types of the optional compiled module built from _lines.c."""

def revise(masks: tuple[int, ...], e2: int, e3: int, e5: int, e7: int, /) -> tuple[int, ...] | None:
    """The line's masks made arc consistent, or None on a wipe-out."""
