"""The declaration types, behind one protocol (``Spec``), and collect-all checking beside them.

A game declares its YAML once with these types; validation, the JSON Schema, the starter
template and ``scorecalc tally``'s answers all derive from the declaration, each asking
the spec what it does (``base.Spec``). A game's own types (Galapagos' money, Caribe's
books) live in the game; this package names no game.

- ``base``: the protocol; ``MISSING``;
- ``values``: ``Int``, ``Text``, ``Name``, ``Date``, ``Flag``, ``Choice``;
- ``record``: ``Record`` and its ``Field``; ``record_of``, ``fields_asked`` (a spec's record);
- ``containers``: ``ListOf``, ``MapOf``, ``Either``, ``Anything``;
- ``answer``: one-line answers -> the node a file would hold;
- ``context``: ``Context`` (one collect-all pass), ``Stop``, ``Reported`` (no spec in it);
- ``checking``: ``check_alone``, ``salvage`` (imported by who runs a pass, not with the types).
"""

from .base import MISSING, Spec
from .containers import Anything, Either, ListOf, MapOf
from .record import Field, Record, fields_asked, record_of
from .values import MAX_COUNT, Choice, Date, Flag, Int, Name, Text

__all__ = ["MAX_COUNT", "MISSING", "Anything", "Choice", "Date", "Either", "Field", "Flag", "Int", "ListOf",
           "MapOf", "Name", "Record", "Spec", "Text", "fields_asked", "record_of"]
