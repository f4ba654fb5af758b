"""Writing output files: atomically, and never over an input."""

from __future__ import annotations

import os

from .errors import UsageError


def write_atomically(path: str, text: str) -> None:
    """Write ``text`` to ``path`` so that a failure leaves no half-written file."""
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    handle = tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=folder, prefix=".scorecalc-", suffix=".tmp", delete=False, newline=""
    )
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(handle.name, 0o666 & ~umask)  # as an ordinary new file, not the temp file's 0600
        os.replace(handle.name, path)
    except BaseException:
        if os.path.exists(handle.name):
            os.unlink(handle.name)
        raise


def check_output_target(output: str | None, inputs: list[str]) -> None:
    """Refuse ``--output`` onto an input file: input files are never changed."""
    if output is None:
        return
    target = os.path.realpath(output)
    for name in inputs:
        if name != "-" and os.path.realpath(name) == target:
            raise UsageError(f"{output}: --output would overwrite an input file; choose another path")
    if os.path.isdir(output):
        raise UsageError(f"{output}: --output is a folder; give a file path")
