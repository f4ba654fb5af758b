"""The pad: one table shared by every phone, over the interview model (``tally/model.py``).

Every phone sees the whole plan (``Tally.plan``) as sections of fields and may answer any of
them; an answer names its place, the value the phone last saw there and the new value
(SPEC section 8, "Several phones at once"; a declined place is a value too). Under one lock the
pad applies it through the model (the same checks, messages and renaming as the terminal),
writes FILE through the same ``TallyFile`` as tally (the same lock, backup and check that FILE
is still what it last wrote) and only then says "saved". Lists stay open while phones answer
(a player may still join, a ledger take another entry).

Whether "Score it" is offered is the model's (``Tally.review``): every board finished by a
person, nothing required missing, no phone holding a tile half built (``placing``: a phone
says when its editor holds one and when no more; the flag ends ``GONE`` seconds after that
phone's last event stream closed, and any phone or the terminal may drop it), no problem of
the whole table. Its plausibility warnings take a second tap ("Score it anyway"); "Score it"
writes the review's closed table (lists closed, optional parts declined, the date taken).
Every change of the table goes through ``commit``: the version goes up, and its watchers (the
server's event streams) are woken.

This module presents: no HTTP (``app.py``), no rule. The view records are ``views.py``'s; a
game's entry form on a phone is ``forms.py``, a list's removable entries ``lists.py``; what
the laptop's terminal says as the table fills is ``telling.py``.
"""

from __future__ import annotations

import datetime
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Concatenate, ParamSpec

from ..errors import Path, UsageError
from ..games import Game
from ..tablefile.layout import render
from ..tally.answers import BadAnswer
from ..tally.draft import Draft, Review
from ..tally.editing import player_index
from ..tally.model import Tally
from ..tally.opening import TallyFile
from ..tally.questions import Question, get
from ..tally.settings import SettingField
from . import forms, lists, order
from .addresses import parse_place
from .reply import Refused, Reply, Status, gone, stale
from .telling import Telling, said_at
from .views import SectionView, View

GONE = 10.0
"""Seconds after a phone's last event stream closed that its "placing a tile" flag ends (SPEC
section 8): a phone put away, or its page closed, holds nothing up for long."""
STALE = "changed on another phone meanwhile"
GONE_QUESTION = "this question is not asked now (the table changed on another phone)"
Taking = ParamSpec("Taking")


def replying(method: Callable[Concatenate[Pad, Taking], Reply]) -> Callable[Concatenate[Pad, Taking], Reply]:
    """A request the pad takes under its lock: its reply, or the reply of the ``Refused`` it
    raised; either with the table's version once taken."""

    def taken(pad: Pad, /, *args: Taking.args, **kwargs: Taking.kwargs) -> Reply:
        with pad.lock:
            try:
                reply = method(pad, *args, **kwargs)
            except Refused as refusal:
                reply = refusal.reply()
            return replace(reply, version=pad.version)

    taken.__doc__, taken.__name__ = method.__doc__, method.__name__
    return taken


@dataclass
class Phone:
    """One phone as the pad knows it: its event streams open now, and since when it has none."""

    streams: int = 0
    since: float = 0.0


class Pad:
    """One table for every phone; ``lock`` guards ``state``, the flags and FILE."""

    def __init__(self, game: Game[Any], name: str, now: datetime.datetime,
                 say: Callable[[str], None] = lambda line: None,
                 clock: Callable[[], float] = time.monotonic, ident: str = "") -> None:
        self.game = game
        self.name = name
        self.ident = ident or secrets.token_hex(6).upper()  # the table's id: parts.py refuses another's
        self.say = say
        self.clock = clock
        self.model = Tally(game, now)
        self.file = TallyFile(game, name, self.model)
        self.keeper = self.file.keeper
        self.state = self.file.state
        self.foreign = self.file.foreign
        self.lock = threading.RLock()
        self.held_back: list[str] | None = None  # while ``parts.together`` runs: the terminal's lines
        self.version = 0
        self.answers = 0
        self.shown_warnings: set[str] = set()
        self.scored = False
        self.failure = ""
        self.phones: dict[str, Phone] = {}
        self.placing: dict[Path, str] = {}
        """The boards (their form's place) a phone holds a tile half built on, and which phone."""
        self.review_cache: tuple[Draft, frozenset[Path], Review] | None = None
        self.last_told: tuple[Draft, frozenset[Path]] | None = None
        """The state whose review the terminal was last told of (``settle``)."""
        self.warned_for: tuple[Draft, tuple[str, ...]] | None = None
        """The warnings a "Score it" showed, of the state it showed them for: "Score it anyway"."""
        self.pending_enter: tuple[str, Draft, tuple[str, ...]] | None = None
        """What the pad's terminal showed at its last Enter (``enter``): a second Enter takes it."""
        self.telling = Telling(say)
        """What the pad's terminal says as the table fills (``telling.py``)."""
        self.shown: View | None = None
        """The last view drawn (``view``), kept: a view is never changed once made."""
        self.watchers: list[Callable[[], None]] = []
        """Told whenever the version goes up, or a flag's end comes nearer (``commit``, ``closed``):
        the server's event streams wait on it. Called under the lock, from any thread."""
        self.settle()

    def commit(self, *, state: Draft | None = None, placing: dict[Path, str] | None = None,
               warned_for: tuple[Draft, tuple[str, ...]] | None = None, failure: str = "",
               scored: bool = False) -> bool:
        """The one way the table changes: its state, the boards being placed on, the warnings a
        "Score it" showed, FILE failed, or scored. When anything did, the version goes up by one
        and every watcher is told; whether it did."""
        with self.lock:
            changed = False
            if state is not None and state is not self.state:
                self.state, changed = state, True
            if placing is not None and placing != self.placing:
                self.placing, changed = dict(placing), True
            if warned_for is not None:
                changed = changed or self.warned_for is None or self.warned_for[0] is not warned_for[0]
                self.warned_for = warned_for
            if failure and failure != self.failure:
                self.failure, changed = failure, True
            if scored and not self.scored:
                self.scored, changed = True, True
            if changed:
                self.version += 1
                self.wake()
            return changed

    def wake(self) -> None:  # every watcher told: the version went up, or a flag's end came nearer
        for watcher in list(self.watchers):
            watcher()

    # --- the view ----------------------------------------------------------------------------

    def plan(self) -> list[Question]:
        return self.model.plan(self.state)

    def seen(self, path: Path, data: dict[str, Any] | None = None) -> str:
        return self.model.seen(path, self.state.data if data is None else data)

    def review(self) -> Review:
        """The model's review of the table as it is, with the boards being placed on now; kept
        until either changes (a state is never changed once made)."""
        with self.lock:
            flags = frozenset(self.placing)
            if (kept := self.review_cache) is None or kept[0] is not self.state or kept[1] != flags:
                kept = self.review_cache = (self.state, flags, self.model.review(
                    self.state, flags, held=[held.path for held in self.file.held]))
            return kept[2]

    def view(self) -> View:
        with self.lock:
            self.expire()
            self.settle()
            review = self.review()
            problems = [(problem.message, problem.places) for problem in review.problems]
            sections: list[SectionView] = []
            shown: set[Path] = set()
            questions = order.phone_questions(self.model, self.state)
            for question in questions:
                index = player_index(question)
                player = index if question.section != "Players" else None
                title = order.folded_title(questions) if question.folded else question.section
                if not sections or sections[-1].title != title:
                    sections.append(SectionView(title, player, folded=question.folded))
                section = sections[-1]
                if question.form is not None:
                    record = get(self.state.data, question.path[:-1])
                    words = "; ".join(filter(None, [*order.held_text(self.file, question),
                                                   order.at(problems, question.path)]))
                    section.board = forms.view(question, record if isinstance(record, dict) else {}, words)
                    shown.add(question.path)
                    continue
                fields = self.model.setting_fields(question)
                if fields:  # a house rule each, as a choice in words
                    section.fields.extend(order.setting_view(question, one, order.at(problems, question.path))
                                          for one in fields)
                else:
                    section.fields.append(order.field_view(self.model, self.state, self.file, question,
                                                           order.at(problems, question.path)))
                shown.add(question.path)
            order.other_forms(self.model, self.state, sections)
            lists.offer(self.model, self.state, sections)
            loose = [message for message, paths in problems if not any(p in shown for p in paths)]
            warned = last[1] if (last := self.warned_for) is not None and last[0] is self.state else ()
            held = sorted(self.placing.items(), key=lambda flag: str(flag[0]))
            placing = [order.placing_view(self.model, self.state, path, phone) for path, phone in held]
            self.shown = View(sections, review.ready, loose, self.version,
                              waiting=list(review.waiting), placing=placing,
                              anyway=bool(placing) and not (review.waiting or review.problems),
                              date=order.date_words(self.model, review.date), warnings=list(warned))
            return self.shown

    def view_now(self) -> View:
        """The view as it is: the last one drawn if nothing changed since (gone phones' flags dropped)."""
        with self.lock:
            self.expire()
            shown = self.shown
            return shown if shown is not None and shown.version == self.version else self.view()

    # --- answering ---------------------------------------------------------------------------

    @replying
    def answer(self, place: str, seen: str | None, text: str) -> Reply:
        """One phone's answer at ``place``: applied, saved and acknowledged; or refused; with the
        table's version after it."""
        try:
            reply = self.answered(place, seen, text)
        except Refused as refusal:
            if refusal.status is not Status.STALE:
                raise
            reply = refusal.reply()
        if reply.status in (Status.SAVED, Status.STALE):
            reply = replace(reply, words=order.cell_words(self.model, place, reply.current, text))
        return reply

    def open_table(self) -> None:
        """Refused: the table is scored, or FILE could not be written."""
        if self.scored or self.failure:
            raise gone("the table is scored" if self.scored else self.failure, 409)

    def answered(self, place: str, seen: str | None, text: str) -> Reply:
        self.open_table()
        path = parse_place(place)
        part = None if path is None else order.setting_at(self.model, self.state, path)
        if part is not None:
            return self.answered_setting(*part, seen, text)
        found = None if path is None else self.find(path)
        if found is None:
            raise gone(GONE_QUESTION)
        question, row = found
        on_board = row is not None or question.form is not None
        if isinstance(row, str) and seen is not None and seen.strip() in ("", "."):
            seen = ""  # a free square, however the phone wrote it
        where = question.path[:-1] if on_board else question.path
        warnings: tuple[str, ...] = ()
        try:
            if on_board:
                after = forms.answer(self.model, self.state, question, row, text)
            else:
                after, warnings = self.apply(question, text)
        except BadAnswer as error:
            raise Refused(422, error.message) from None
        now = forms.current(question, row, self.state.data) if on_board else order.current(question)
        if after is self.state:
            return Reply(Status.SAVED, current=now)  # nothing to change
        same = (get(self.state.data, where), self.state.progress) == (get(after.data, where), after.progress)
        if same and now is not None:
            return Reply(Status.SAVED, current=now)  # a resend: it holds the new value already
        if isinstance(row, str) and now and forms.current(question, row, after.data) == now:
            return Reply(Status.SAVED, current=now)  # the square holds this tile already: a finished
            # board stays finished (setting it again would reopen the board)
        declined = not on_board and question.declined and seen is None  # declined is an answer too
        if declined or ((now or None) != (seen or None) and not (now is None and seen == "")):
            raise stale(STALE, now)
        label, shown = said_at(self.model, question, row, after.data, text)
        reply = self.take(after, label, shown, warnings, question)
        if isinstance(row, str) and reply.status is Status.SAVED:  # the tile as read
            reply = replace(reply, current=forms.current(question, row, self.state.data))
        return reply

    def answered_setting(self, question: Question, part: SettingField, seen: str | None, text: str) -> Reply:
        """One house rule chosen on a phone: checked and applied by the model (``apply_setting``),
        with the same compare-and-set as any field."""
        now = part.value if question.answered else None
        if now is not None and now == text.strip():
            return Reply(Status.SAVED, current=now)  # a resend: it holds the new value already
        if (now or None) != (seen or None):
            raise stale(STALE, now)
        try:
            outcome = self.model.apply_setting(self.state, question, part.name, text.strip(),
                                            self.shown_warnings)
        except BadAnswer as error:
            raise Refused(422, error.message) from None
        shown = dict(part.choices).get(text.strip(), text.strip())
        reply = self.take(outcome.state, part.label, shown, outcome.warnings)
        if reply.status is Status.SAVED:
            again = order.setting_at(self.model, self.state, (*question.path, part.name))
            reply = replace(reply, current=again[1].value if again is not None else None)
        return reply

    @replying
    def remove(self, place: str, seen: str | None) -> Reply:
        """A list's last entry removed (``players[2]``): saved; a resend "saved" again; refused
        when the entry is no longer the last (another phone added one) or changed since the phone
        saw it (``seen``, its ``entry_mark``)."""
        self.open_table()
        taken = lists.removal(self.model, self.state, place, seen)
        return Reply(Status.SAVED) if taken is None else self.take(taken[0], taken[1], "removed")

    def find(self, path: Path) -> tuple[Question, forms.RowOrCell] | None:
        """The question at ``path``, and the part of its form that ``path`` names (a row, a cell)."""
        row = forms.row_of(path)
        target = path[:-1] if row is not None else path
        plan = order.phone_questions(self.model, self.state)
        for question in plan:
            if question.path == target:
                return question, row
        for question in plan:
            key = forms.cell_key(question, path)
            if key is not None:
                return question, key
        return None

    def apply(self, question: Question, text: str) -> tuple[Draft, tuple[str, ...]]:
        """A field's answer through the model; a field emptied declines what it held."""
        if question.kind.adds_to(question) is not None and not question.answered and text.strip() == "":
            return self.state, ()  # an empty seat or next entry left empty: on phones a list stays open
            # until "Score it" closes it (at the terminal an empty answer closes it)
        if question.answered and text.strip() == "":
            outcome = self.model.decline(self.state, question, self.shown_warnings)
        else:
            outcome = self.model.apply(self.state, question, text.strip(), self.shown_warnings)
        return outcome.state, outcome.warnings

    def take(self, after: Draft, label: str, text: str, warnings: tuple[str, ...] = (),
             question: Question | None = None) -> Reply:
        """The new state kept and written to FILE; "saved" only once it is there. ``label`` and
        ``text`` say on the terminal what changed; the reply carries ``question``'s answer now."""
        try:
            if self.held_back is None:  # else ``parts.together`` writes FILE once, after the last answer
                self.write(render(self.game, after.data, after.progress))
        except UsageError as error:
            self.say(str(error))
            self.say(f"{self.name}: the answer not saved: {label}: {text}")
            self.commit(failure=str(error))
            return Reply(Status.FAILED, 503, self.failure)
        self.answers += 1
        self.shown_warnings.update(warnings)
        (self.say if self.held_back is None else self.held_back.append)(f"  {label}: {text} ✓")
        self.commit(state=after)  # reviewed after the phone is told (``settle``), or by the next view
        return Reply(Status.SAVED, current=self.now_at(question) if question is not None else None,
                     warnings=warnings)

    def now_at(self, question: Question) -> str | None:
        if question.form is not None:
            return None
        again = next((q for q in self.plan() if q.path == question.path and q.kind.adds_to(q) is None),
                     None)  # the answer there now (a seat's name answered: her name's question)
        return order.current(again) if again is not None else None

    def write(self, text: str) -> None:
        if note := self.file.write(text):
            self.say(note)

    # --- a tile half built on a phone ---------------------------------------------------------

    def opened(self, phone: str) -> None:
        """An event stream of ``phone`` opened."""
        with self.lock:
            self.phones.setdefault(phone, Phone()).streams += 1

    def closed(self, phone: str) -> None:
        """An event stream of ``phone`` closed: its flags end ``GONE`` seconds later unless it is back
        (the streams still open are woken to wait for that end)."""
        with self.lock:
            known = self.phones.setdefault(phone, Phone())
            known.streams = max(0, known.streams - 1)
            known.since = self.clock()
            if phone in self.placing.values():
                self.wake()

    @replying
    def place(self, phone: str, where: str, placing: bool) -> Reply:
        """``phone`` says its tile editor on the board at ``where`` holds an unplaced tile (or no
        more); ``placing`` false from any phone drops the flag, whoever set it ("score anyway").
        ``where`` empty with ``placing`` false: the phone holds nothing (a page loaded afresh)."""
        self.open_table()
        if not where and not placing:
            self.commit(placing={held: holder for held, holder in self.placing.items() if holder != phone})
            return Reply(Status.SAVED)
        path = parse_place(where)
        question = None if path is None else next(
            (q for q in self.plan() if q.path == path and q.form is not None), None)
        if path is None or question is None:
            raise gone("this board is not asked now (the table changed on another phone)")
        flags = dict(self.placing)
        if placing:
            flags[path] = phone
            known = self.phones.setdefault(phone, Phone())
            if not known.streams:
                known.since = self.clock()  # a phone without a stream: it must show one soon
        else:
            flags.pop(path, None)
        self.commit(placing=flags)
        return Reply(Status.SAVED)

    def expire(self) -> bool:
        """The flags of phones whose event streams have all been gone ``GONE`` seconds dropped;
        whether any was (the phones then redraw)."""
        with self.lock:
            now = self.clock()
            gone = [path for path, phone in self.placing.items()
                    if (known := self.phones.get(phone)) is None
                    or (not known.streams and now - known.since >= GONE)]
            for path in gone:
                self.say(f"  {self.model.placing(path, self.state.data)}: that phone is gone, the "
                         "tile dropped")
            return bool(gone) and self.commit(placing={path: phone for path, phone in self.placing.items()
                                                       if path not in gone})

    def expiring(self) -> float | None:
        """Seconds until the next flag of a phone with no event stream ends (``expire``); ``None``
        when no flag waits on a gone phone."""
        with self.lock:
            now = self.clock()
            ends = [0.0 if known is None else known.since + GONE - now
                    for known in (self.phones.get(phone) for phone in self.placing.values())
                    if known is None or not known.streams]
            return max(0.0, min(ends)) if ends else None

    # --- the whole table ----------------------------------------------------------------------

    def settle(self) -> None:
        """The terminal told what changed of the table as a whole (each section once all its
        questions are answered; "Score it" offered; problems): the server calls it once the phone
        has its "saved" (the review costs as much as an answer), a view before it draws."""
        with self.lock:
            flags = frozenset(self.placing)
            if self.last_told is not None and self.last_told[0] is self.state and self.last_told[1] == flags:
                return
            self.last_told = (self.state, flags)
            review = self.review()
            self.telling.tell(self.plan(), self.state.data, review)

    @replying
    def score(self, anyway: bool = False) -> Reply:
        """"Score it": offered only when the review is ready; its warnings shown first, then
        "Score it anyway" (``anyway``) scores past them. FILE written without ``tally:``: the
        review's closed table (lists closed, untouched optional parts declined, the date taken)."""
        if self.scored:
            return Reply(Status.SAVED)
        if self.failure:
            return Reply(Status.FAILED, 503, self.failure)
        self.expire()
        review = self.review()
        if review.waiting:
            raise Refused(422, "; ".join(review.waiting))
        if review.placing:
            return Reply(Status.PLACING, 409, "; ".join(review.placing) + ": score anyway?")
        if review.problems:
            raise Refused(422, review.problems[0].message)
        warned = self.warned_for is not None and self.warned_for[0] is self.state and \
            set(review.warnings) <= set(self.warned_for[1])
        if review.warnings and not (anyway and warned):
            self.commit(warned_for=(self.state, review.warnings))  # every phone shows them: "Score it anyway"
            return Reply(Status.WARNED, 200, "score it anyway?", warnings=review.warnings)  # not an error
        try:
            self.file.write_complete(self.state, review.closed, self.answers)
        except UsageError as error:
            self.say(str(error))
            self.commit(failure=str(error))
            return Reply(Status.FAILED, 503, self.failure)
        self.commit(state=self.model.complete(review.closed), scored=True)
        return Reply(Status.SAVED)

    @replying
    def enter(self) -> Reply:
        """Enter at the pad's terminal, as "Score it" on a phone: a phone's tile half built, or the
        warnings, are said first, and a second Enter (nothing changed meanwhile) drops the tile or
        scores anyway."""
        armed, self.pending_enter = self.pending_enter, None
        self.expire()
        review = self.review()
        if review.placing and not review.waiting and not review.problems:
            shown = ("placing", self.state, review.placing)
            if armed is None or armed[0] != "placing" or armed[1] is not self.state or armed[2] != \
                    review.placing:
                self.pending_enter = shown
                return Reply(Status.PLACING, 409, "; ".join(review.placing) + ": score anyway? Enter "
                             "again drops it")
            self.commit(placing={})
        reply = self.score(anyway=armed is not None and armed[0] == "warned" and armed[1] is self.state)
        if reply.status is Status.WARNED:
            self.pending_enter = ("warned", self.state, ())
            reply = replace(reply, message="score it anyway? Enter again scores it")
        return reply

    def close(self) -> None:
        self.file.close()
