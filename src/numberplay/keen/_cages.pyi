"""Types of the optional compiled module built from _cages.c."""

from collections.abc import Callable

def tries(n: int, level: int, hard: bool, state: object, base: bytes | None, attempt: int,
          attempts: int, batch: int, cap: int, tick: Callable[[int], object],
          search: object, restart_base: float
          ) -> tuple[bytes | None, int, int, int, list[int] | None,
                     tuple[tuple[str, int, tuple[int, ...]], ...] | None, list[int] | None]: ...
