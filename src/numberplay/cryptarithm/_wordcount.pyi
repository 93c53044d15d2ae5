"""Types of the optional compiled module built from _wordcount.c."""

def count(addends: list[bytes], total: bytes, base: int, limit: int, max_nodes: int, /
          ) -> tuple[int, bytes | None, int]:
    """(solutions up to limit, or -1 when max_nodes ran out; the first one's digits; nodes)."""

def unique_sums(addends: list[bytes], sums: list[bytes], base: int, max_nodes: int, /
                ) -> tuple[list[tuple[int, bytes]], list[int], int]:
    """(the sums with exactly one solution and its digits, the sums left undecided, nodes)."""
