"""Moving at the terminal: ``<`` back one question, ``=`` to any answer, and where to go after one.

A mixin of the terminal's ``Session`` (``session.py``): its cursor over the model's plan.
``<`` takes back a form's last answer, else goes to the question before (a finished board
there opens again at its next row); ``=`` lists every answer so far, numbered, and goes to
the one picked, then back where it was; after a whole-table problem, the questions that
can fix it come in turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .questions import Question
from .wording import brief

WHOLE = 120
"""How much of an answer the '=' list shows: whole in practice, wrapped under its number."""

if TYPE_CHECKING:
    from .draft import Draft, Outcome
    from .model import Tally
    from .prompt import Terminal

Key = tuple[str, Any]


class Moving:
    model: Tally
    state: Draft
    terminal: Terminal
    cursor: Key | None
    reviewing: bool
    return_to: Key | None
    queue: list[Key]

    def plan(self) -> list[Question]:
        raise NotImplementedError

    def save(self) -> None:
        raise NotImplementedError

    def seen(self, question: Question) -> str:
        raise NotImplementedError

    def apply(self, outcome: Outcome, question: Question, save: bool = True) -> None:
        raise NotImplementedError

    def back(self, question: Question, plan: list[Question]) -> None:
        """``<``: the form's last answer taken back; else the question before (a finished board
        before it opens again at its next row)."""
        taken = self.model.take_back(self.state, question)
        if taken is not None:
            self.apply(taken, question)
            return
        index = next(i for i, q in enumerate(plan) if q.key == question.key)
        earlier = [q for q in plan[:index] if not q.kind.skipped_going_back(q)]
        if not earlier:
            self.terminal.say("  (this is the first question)")
            return
        self.visit(earlier[-1])
        self.reviewing = True

    def visit(self, question: Question) -> None:
        """Put the cursor on ``question``; a finished board opens again at its next row."""
        reopened = self.model.reopen(self.state, question)
        if reopened is not None:
            self.state = reopened
            self.save()
            opened = self.model.find(self.plan(), question.key)
            if opened is not None and opened.step is not None:
                self.terminal.say(self.terminal.dim(
                    f"  {opened.section}: open again at {opened.label} · '<' takes back "
                    f"{opened.step.back or 'the last answer'} · Enter alone: {opened.step.default}"))
        self.cursor = question.key

    def go_to(self, question: Question, plan: list[Question]) -> bool | None:
        """``=``: the answers so far, numbered, then ``go to which? [stay]``; ``None`` when the
        input ends, ``False`` when a piped answer is not one of the numbers."""
        answered = [q for q in plan if q.answered and q.kind.adds_to(q) is None]
        if not answered:
            self.terminal.say("  (nothing is answered yet)")
            return True
        for number, earlier in enumerate(answered, start=1):
            self.terminal.say(f"  {number:>3}. {self.seen(earlier)}: {brief(earlier, WHOLE)}")
        while True:
            text = self.terminal.ask("› go to which? [stay]: ")
            if text is None:
                return None
            text = text.strip()
            if text in ("", "-"):
                return True
            if text.isdigit() and 1 <= int(text) <= len(answered):
                break
            self.terminal.say(self.terminal.bad(f"  ✗ a number from 1 to {len(answered)}, or Enter to "
                                                "stay"))
            if not self.terminal.interactive:
                return False
        self.return_to = self.return_to or question.key
        self.reviewing = False
        self.visit(answered[int(text) - 1])
        return True

    def advance(self, question: Question) -> None:
        """After an answer: back where tally was before '=', the next question that fixes the
        whole table, or the first question still open; after going back with '<', the next one
        in order (so going back walks forward again over the answers given, Enter keeping each)."""
        self.cursor = None
        plan = self.plan()
        held = self.model.find(plan, question.key)
        if question.kind.stays_until_answered and held is not None and not held.answered:
            self.cursor = question.key  # the board takes its next row
            return
        if self.return_to is not None:
            self.cursor, self.return_to = self.return_to, None
            return
        if self.queue and self.model.left(plan):
            return  # the entry begun (a ledger's next exhibition) is finished first
        while self.queue:
            key = self.queue.pop(0)
            if self.model.find(plan, key) is not None:
                self.cursor = key
                return
        if not self.reviewing:
            return
        keys = [q.key for q in plan]
        if question.key in keys and not question.kind.stays_until_answered:
            following = plan[keys.index(question.key) + 1:]
            if following and following[0].answered:
                self.cursor = following[0].key
                return
        self.reviewing = False
