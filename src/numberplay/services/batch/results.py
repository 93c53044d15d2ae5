"""The results file of a batch: which ids it holds, whole lines appended, a torn
line repaired, one batch run at a time (a POSIX lock)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ...errors import NumberplayError, OutputError
from ...interrupts import deferred
from .jobs import Result, error_result, id_key


class BatchError(NumberplayError):
    """The batch itself cannot run (missing jobs file, unwritable results...)."""


class ResultsFile:
    """The results file: which ids it holds, and appending whole lines to it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.fd: int | None = None
        self.done: dict[str, bool] = {}  # id key -> ok
        self.repaired = 0

    def open(self) -> ResultsFile:
        """Open for appending, lock against a second run, read (and repair) what is
        there; BatchError if we cannot."""
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
            _lock(self.fd, self.path)
            self._load()
        except OSError as exc:
            self.close()
            raise OutputError(f"cannot write results file {str(self.path)!r}: "
                              f"{exc.strerror or exc}") from None
        except BaseException:
            self.close()
            raise
        return self

    def _load(self) -> None:
        """Note the ids already there; drop torn or unreadable lines and repeated ids."""
        assert self.fd is not None
        data = _read_all(self.fd)
        keep: list[bytes] = []
        lines = data.split(b"\n")
        torn = lines.pop()  # b"" when the file ends with a newline
        for raw in lines + ([torn] if torn.strip() else []):
            result = _parse_result(raw)
            if result is None or id_key(result["id"]) in self.done:
                self.repaired += bool(raw.strip())
                continue
            self.done[id_key(result["id"])] = bool(result["ok"])
            keep.append(raw.rstrip(b"\r") + b"\n")
        if not (self.repaired or torn):
            return
        good = b"".join(keep)
        if data.startswith(good):  # only a torn tail to cut: in place
            os.ftruncate(self.fd, len(good))
        elif good == data + b"\n":  # a whole last line without its newline
            os.write(self.fd, b"\n")
        else:  # bad lines in the middle: write the good ones to a new file
            _replace_file(self.path, good)
            os.close(self.fd)
            self.fd = os.open(self.path, os.O_RDWR | os.O_APPEND, 0o644)
            _lock(self.fd, self.path)

    def write(self, result: Result) -> Result:
        """Append one result as one whole line, at once, and note its id. A result
        that is not plain JSON (a kind's bug) is written as an error; returns what
        was written."""
        assert self.fd is not None
        try:
            text = json.dumps(result, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as exc:
            result = error_result(result["id"], f"internal error: result is not JSON: {exc}")
            text = json.dumps(result, ensure_ascii=False)
        try:
            with deferred():  # Ctrl-C never leaves half a line
                self._append((text + "\n").encode("utf-8"))
        except OSError as exc:
            raise OutputError(f"cannot write results file {str(self.path)!r}: "
                              f"{exc.strerror or exc}; the results written so far are kept: "
                              "make room and run the same command again to finish") from None
        self.done[id_key(result["id"])] = bool(result["ok"])
        return result

    def _append(self, data: bytes) -> None:
        """Write `data` at the end of the file (all of it, or raise OSError; a
        line cut short by a full disk is dropped when the file is opened again)."""
        assert self.fd is not None
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view):]

    def close(self) -> None:
        """Close the file."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _read_all(fd: int) -> bytes:
    """The whole content of an open file."""
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _lock(fd: int, path: Path) -> None:
    """Lock the results file for this process (a POSIX lock: worker processes forked
    later do not hold it); BatchError when another batch run holds it."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        return
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise BatchError(f"results file {str(path)!r} is in use by another batch run") from None


def _parse_result(raw: bytes) -> dict[str, Any] | None:
    """A result line as a dict, or None when it is not one."""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if isinstance(obj, dict) and "id" in obj and isinstance(obj.get("ok"), bool):
        return obj
    return None


def _replace_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically (temporary file, then rename)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


