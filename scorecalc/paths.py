"""PATH arguments -> the files a run reads.

Files are taken as given; folders are searched for ``*.yaml``/``*.yml`` in sorted path
order; a file reached twice (given twice, or inside two given folders) is read once;
a folder that cannot be read is reported, never silently skipped.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class Expanded:
    files: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    """``PATH: message`` lines for folders that could not be read."""


def expand_paths(paths: list[str]) -> Expanded:
    """The files named by ``paths`` (``-`` for standard input stays as it is)."""
    found = Expanded()
    seen: set[tuple[int, int] | str] = set()
    for path in paths:
        if path != "-" and os.path.isdir(path):
            candidates = _walk(path, found.unreadable)
        else:
            candidates = [path]
        for name in candidates:
            identity = _identity(name)
            if identity in seen:
                continue
            seen.add(identity)
            found.files.append(name)
    return found


def _identity(name: str) -> tuple[int, int] | str:
    if name == "-":
        return name
    try:
        info = os.stat(name)
    except OSError:
        return os.path.abspath(name)
    return (info.st_dev, info.st_ino)


def _walk(folder: str, unreadable: list[str]) -> list[str]:
    """Every ``*.yaml``/``*.yml`` file below ``folder``, in sorted path order; links to folders
    are not followed (as ``os.walk``). A stack, not recursion: Python 3.11's ``os.walk``
    recurses, and a folder 1,100 levels deep would exceed the recursion limit."""
    files = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as entries:
                found = list(entries)
        except OSError as error:
            unreadable.append(f"{error.filename or current}: cannot read this folder: "
                              f"{error.strerror or error}")
            continue
        for entry in found:
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_folder = False
            if is_folder:
                stack.append(entry.path)
            elif entry.name.lower().endswith(YAML_SUFFIXES) and os.path.isfile(entry.path):
                files.append(entry.path)
    return sorted(files)
