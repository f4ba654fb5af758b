"""A question's kind as a type: what it asks for, and how the model and the screens treat it.

Every ``Question`` (``questions.py``) holds one kind of ``KINDS``, the one registry:

- ``Value``: one answer, kept at the question's ``path`` (a money figure, a player's name);
- ``Item``: the next entry of a list asked entry by entry (``list_path``): an answer starts the
  entry, an empty one closes the list (at the terminal; on phones a list stays open);
- ``Form``: a step of a game's ``EntryForm`` (Caracas' board, row by row), kept under the form's
  first field and asked again until a person finishes it.

The model (``model.py``, ``editing.py``), the terminal (``session.py``, ``moving.py``,
``wording.py``) and the pad (``web/``) ask the kind what they need and never compare its name;
the name is the question's ``key`` (``("item", ("players", 2, "name"))``). A field is asked as
another kind than a value by naming it in the game's interview (``Ask.kind``); a new kind is a
subclass of ``Kind`` in a module of its own and one entry of ``KINDS``
(``tests/rules/test_question_kinds.py`` adds a toy one).
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from ..errors import Path
from ..spec import MISSING, Field, Spec
from .answers import check


class Asked(Protocol):
    """What a kind reads of its question (``questions.Question``)."""

    @property
    def path(self) -> Path: ...

    @property
    def spec(self) -> Spec: ...

    @property
    def label(self) -> str: ...

    @property
    def optional(self) -> bool: ...

    @property
    def default(self) -> Any: ...

    @property
    def answered(self) -> bool: ...

    @property
    def declined(self) -> bool: ...

    @property
    def list_path(self) -> Path | None: ...

    @property
    def minimum(self) -> int: ...

    @property
    def index(self) -> int: ...

    @property
    def declared(self) -> Field | None: ...


class Kind:
    """A question's kind; what it answers is a value's, which a kind overrides where it differs.
    Kinds hold no state: two of one name are equal."""

    name: ClassVar[str] = "value"
    checks_the_table: ClassVar[bool] = True
    """After its answer, the game's checks on the table so far are tried (``Tally.trial``)."""
    stays_until_answered: ClassVar[bool] = False
    """The terminal stays at it after an answer while it is not answered (a board's next row)."""

    def read(self, question: Asked, text: str) -> Any:
        """A typed answer as the value the table holds (``BadAnswer`` refuses it)."""
        return check(question.spec, text, question.path)

    def adds_to(self, question: Asked) -> Path | None:
        """The list whose next entry its answer starts; ``None``: its answer has a place of its own
        (``path``), which is there once answered."""
        return None

    def may_grow(self, question: Asked) -> bool:
        """While it is not answered, the plan may still grow (a list, a form)."""
        return False

    def asks_another(self, question: Asked) -> bool:
        """A list's next entry past its least (another book or exhibition): it waits for whoever
        has one more, counts as in for "every answer in", and a phone may leave it empty."""
        return False

    def settled_by_empty(self, question: Asked) -> bool:
        """An empty answer may settle it when the table is scored (an optional part, a default,
        the date)."""
        return question.optional or question.default is not MISSING or question.path == ("date",)

    def score_it_answer(self, question: Asked) -> str:
        """The answer "Score it" gives it: ``-`` declines a part with a default left untouched
        (a default becomes an answer only by a person's act), empty otherwise."""
        return "-" if question.default is not MISSING else ""

    def declined_if_absent(self, question: Asked) -> Path | None:
        """What an absent optional answer declines in a file tally did not start (``None``:
        nothing)."""
        return question.path

    def asked_first_on_problem(self, question: Asked) -> bool:
        """Among the questions about a problem of the whole table, it is asked first (a finished
        board reopened, a list's next entry)."""
        return False

    def skipped_going_back(self, question: Asked) -> bool:
        """``<`` passes it by (a list declined as a whole, which no question of its own asked)."""
        return question.declined and question.declared is None

    def empty_answer_words(self, question: Asked) -> str | None:
        """What an empty answer means, in brackets, where the kind says it (``done``); ``None``:
        the common wording (``wording.default_text``)."""
        return None

    def seen_at(self, question: Asked) -> tuple[Path, str]:
        """Where its question is seen in the players' words, and what follows that place's name
        (a form: ``Alex's`` ``board``)."""
        return question.path, ""

    def owning_record(self, question: Asked) -> Path:
        """The record its answer belongs to (a list for a next entry)."""
        return question.path[:-1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Kind) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Value(Kind):
    """One answer at the question's ``path``."""


class Item(Kind):
    """The next entry of the list at ``list_path``: the entry's first answer (``Player 3's name``);
    an empty answer closes the list once it holds its least (``minimum``)."""

    name = "item"

    def adds_to(self, question: Asked) -> Path | None:
        return question.list_path

    def may_grow(self, question: Asked) -> bool:
        return True

    def asks_another(self, question: Asked) -> bool:
        return question.index >= question.minimum

    def settled_by_empty(self, question: Asked) -> bool:
        return question.index >= question.minimum

    def score_it_answer(self, question: Asked) -> str:
        return ""

    def declined_if_absent(self, question: Asked) -> Path | None:
        return question.list_path if question.index == 0 else None

    def asked_first_on_problem(self, question: Asked) -> bool:
        return not question.answered

    def skipped_going_back(self, question: Asked) -> bool:
        return False

    def empty_answer_words(self, question: Asked) -> str | None:
        if question.index < question.minimum:
            return ""
        if question.index == 0 and question.default is not MISSING:
            return "none"
        if question.index == 0:
            return "skip" if question.optional else ""
        return "done" if question.list_path != ("players",) else "that's everyone"

    def owning_record(self, question: Asked) -> Path:
        return question.list_path or ()


class Form(Kind):
    """A step of a game's entry form (``Question.form``), kept under the form's first field: asked
    again until a person finishes it, which nothing else does."""

    name = "form"
    checks_the_table = False
    stays_until_answered = True

    def may_grow(self, question: Asked) -> bool:
        return True

    def settled_by_empty(self, question: Asked) -> bool:
        return False

    def asked_first_on_problem(self, question: Asked) -> bool:
        return True

    def skipped_going_back(self, question: Asked) -> bool:
        return False

    def seen_at(self, question: Asked) -> tuple[Path, str]:
        return question.path[:-1], f" {question.label}"


VALUE, ITEM, FORM = Value(), Item(), Form()
KINDS: dict[str, Kind] = {kind.name: kind for kind in (VALUE, ITEM, FORM)}
"""Every kind of question, by name: the one registry."""


def named(name: str) -> Kind:
    """The kind registered as ``name`` (empty: a value)."""
    if not name:
        return VALUE
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"no question kind {name!r}; the kinds: {', '.join(map(repr, KINDS))}") from None
