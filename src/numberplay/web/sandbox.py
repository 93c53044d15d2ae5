"""What a web worker process may touch: no file outside the code, nothing written,
no process started, no connection made, and a cap on its memory.

`confine()` runs once in each worker, after its imports. It is a second wall:
the first is that no API option is a file name (`services.operations.inline_text`). Python's
audit hooks (PEP 578) see every `open`, directory listing, file change, process
start and socket connection the interpreter makes, whoever asks; the hook
refuses what a job never needs with a PermissionError, which the code already
handles as "cannot read". `limit_memory` sets RLIMIT_AS, so a job that would
allocate without bound gets a MemoryError (or, in C code, dies) alone.
"""

from __future__ import annotations

import os
import site
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numberplay

from ..kinds import forbid_files
from ..services.workers import limit_memory

__all__ = ["code_roots", "confine", "kind_folders", "limit_memory", "make_hook"]

# Events that read a path (allowed under the code's folders only) ...
READ_EVENTS = frozenset({"open", "os.listdir", "os.scandir", "glob.glob"})
# ... and events a job never needs at all.
DENIED_EVENTS = frozenset({
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.link",
    "os.symlink", "os.truncate", "os.utime", "shutil.rmtree", "shutil.copyfile",
    "shutil.move", "os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork",
    "os.forkpty", "os.kill", "subprocess.Popen", "socket.connect", "socket.bind",
    "socket.sendto", "urllib.Request", "ctypes.dlopen", "os.chdir",
})
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def kind_folders() -> set[str]:
    """The folder of every registered kind (a plug-in's may lie outside numberplay),
    where its examples and data live; loads every kind now, before the hook."""
    from ..kinds import all_kinds

    folders = set()
    for impl in all_kinds():
        module = sys.modules.get(type(impl).__module__)
        where = getattr(module, "__file__", None)
        if where:
            folders.add(str(Path(where).resolve().parent))
    return folders


def code_roots() -> tuple[str, ...]:
    """The folders a worker may read: numberplay's own, its kinds' and Python's libraries."""
    roots = {str(Path(numberplay.__file__).resolve().parent), *kind_folders()}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        for prefix in {sys.prefix, sys.base_prefix}:
            path = sysconfig.get_path(key, vars={"base": prefix, "platbase": prefix})
            if path:
                roots.add(path)
    roots.update(site.getsitepackages())
    roots.update(p for p in sys.path if p.rstrip("/").endswith(("site-packages", "dist-packages")))
    return tuple(sorted(os.path.realpath(r) for r in roots))


def _inside(path: Any, roots: Iterable[str]) -> bool:
    if isinstance(path, int):  # an already open descriptor
        return True
    try:
        real = os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return False
    return any(real == r or real.startswith(r + os.sep) for r in roots)


def make_hook(roots: tuple[str, ...]):
    """The audit hook: PermissionError for anything outside `roots` or denied."""

    def hook(event: str, args: tuple) -> None:
        if event in DENIED_EVENTS:
            raise PermissionError(f"not allowed in a web worker: {event}")
        if event not in READ_EVENTS:
            return
        path = args[0] if args else None
        if event == "open":
            mode, flags = args[1], args[2]
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
                (mode is None and isinstance(flags, int) and flags & WRITE_FLAGS)
            if writes:
                raise PermissionError("a web worker writes no file")
        if path is None or path == "" or not _inside(path, roots):
            raise PermissionError("a web worker reads only its own code")

    return hook


def confine(megabytes: int | None) -> None:
    """Forbid file names in options, cap memory, and install the audit hook."""
    forbid_files()
    sys.path[:] = [p for p in sys.path if p and os.path.realpath(p) != os.getcwd()]
    limit_memory(megabytes)
    sys.addaudithook(make_hook(code_roots()))
