"""FILE kept safe for one tally run: the table-file module's ``Keeper`` (``tablefile/keeping.py``),
named here for the code that imports it from tally."""

from __future__ import annotations

from ..tablefile.keeping import MOST_BACKUPS, Changed, Keeper

__all__ = ["MOST_BACKUPS", "Changed", "Keeper"]
