"""A player's part on the way from her phone to the phone that holds the table (SPEC section 9,
"Several phones, no network"): the one place that knows the part's format (``parts.py`` makes a
part from a pad and applies it to one).

A part is the pad's own answers, ``{place, seen, value}``, below one player named by her name
(``money``, ``grid.r3c2``, ``grid``: the places of ``players[i].`` without the seat), with the
game, the table's id (empty when the phone started from the game and her name alone) and a
version. The table's own code (what a joining phone scans first: the game, the settings, the
names and the id) is the same form with no player and whole places (``players[1].name``).

On the way: JSON with one-letter keys, raw deflate (zlib ``wbits=-15``) with a preset
dictionary of the game's own places and words (``dictionary``: what every part of the game
repeats costs a few bits), then Base45 (RFC 9285), whose 45 characters are QR's alphanumeric
set: 5.5 bits a character where byte mode spends 8 (docs/app.md has the measured sizes). Split
over codes of at most ``MOST`` characters, each ``SC2:ID:I:N:DATA`` ("2 of 3"), taken in any
order and joined when every one is in (``Collector``); several parts pasted together are each
found (``pasted``). No code loses a character to trimming: Base45 never writes a space as the
last character of a group (the last of three is at most ``W``, the last of two at most ``5``),
codes are cut between groups, and the head protects each code's start. It runs under Pyodide too.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..games import REGISTRY, get_game
from ..spec.base import Spec
from ..spec.interview import board_of, palette_of, record_at
from ..spec.record import record_of
from . import shallow

VERSION = 2
"""The part format's version (``v``, and the codes' head); a part of another is refused, saying so."""
HEAD = f"SC{VERSION}"
"""What every code begins with: this is a scorecalc part of this format."""
OLD_HEAD = re.compile(r"SC[0-9]{1,3}")
"""The head of a code of any version: another version's code is refused as one."""
MOST = 160
"""Characters of a part's data in one code. With the head, a code holds at most 175 alphanumeric
characters: QR version 7 at error correction M (45 x 45 modules, 53 with the quiet zones), so a
code 170 camera pixels wide (the app's 360 CSS pixels held at arm's length: docs/app.md) gets
more than 3 pixels a module, where every decoder measured read every code with a pixel of blur
(``bench/qr_parts.py``)."""
GROUP = 3
"""Base45 characters of two bytes: codes are cut between groups (no code's data ends in a space)."""
BIGGEST = 64 * 1024
"""Bytes a part may unpack to (the pad's own limit on a request): more is no part."""
CODES = 36
"""Codes a part may be split over."""
PASTED = CODES * 8 * (MOST + 20)
"""Characters a paste may hold: several players' parts of the most codes each, with room around."""
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
CODE = re.compile(r"(SC[0-9]{1,3}):([A-Z2-7]{6}):([0-9]{1,2}):([0-9]{1,2}):([0-9A-Z $%*+\-./:]*)")
"""A code's text: head, the part's id, I of N (ASCII digits: a superscript is no digit here), data."""


class PartError(ValueError):
    """A text or code that is no part this table can take, in the players' words."""


# --- Base45 (RFC 9285) ---------------------------------------------------------------------------

def base45(data: bytes) -> str:
    out = []
    for at in range(0, len(data) - 1, 2):
        number = data[at] * 256 + data[at + 1]
        number, c = divmod(number, 45)
        e, d = divmod(number, 45)
        out += [ALPHABET[c], ALPHABET[d], ALPHABET[e]]
    if len(data) % 2:
        d, c = divmod(data[-1], 45)
        out += [ALPHABET[c], ALPHABET[d]]
    return "".join(out)


def unbase45(text: str) -> bytes:
    try:
        values = [ALPHABET.index(char) for char in text]
    except ValueError:
        raise PartError("a character that is in no part: was it copied whole?") from None
    if len(values) % 3 == 1:
        raise PartError("the part is cut short: was it copied whole?")
    out = bytearray()
    for at in range(0, len(values), 3):
        group = values[at:at + 3]
        number = sum(value * 45 ** power for power, value in enumerate(group))
        if len(group) == 3:
            if number > 0xFFFF:
                raise PartError("the part is damaged: was it copied whole?")
            out += bytes(divmod(number, 256))
        else:
            if number > 0xFF:
                raise PartError("the part is damaged: was it copied whole?")
            out.append(number)
    return bytes(out)


# --- the part ------------------------------------------------------------------------------------

Answer = tuple[str, str | None, str]
"""``(place, seen, value)``: the pad's answer form (``seen`` ``None``: nothing seen there)."""


@dataclass(frozen=True)
class Part:
    """One player's answers (``player`` her name), or the table's own code (``player`` ``None``:
    the settings and names, whole places)."""

    game: str
    table: str
    player: str | None
    answers: tuple[Answer, ...]

    def data(self) -> bytes:
        sent: dict[str, Any] = {"v": VERSION, "g": self.game, "t": self.table,
                                "a": [list(answer) for answer in self.answers]}
        if self.player is not None:
            sent["p"] = self.player
        text = json.dumps(sent, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        return text.encode("utf-8")


@cache
def dictionary(game: str) -> bytes:
    """The preset dictionary of ``game``'s parts: what each of them repeats, as the JSON writes it,
    drawn from the game's declaration and interview (a player's places, a board's first squares
    and the codes its tiles are tapped from, the settings), the most frequent last (nearest). Both
    phones must draw the same: a change of it (of what it is drawn from) is a new format version
    (``tests/rules/test_parts.py`` pins each game's)."""
    known = get_game(game)
    declaration, interview = known.declaration, known.interview
    words: list[str] = []
    for name, spec_field in declaration.fields.items():
        if name not in ("players", "game", "expect", "tally", "notes"):
            words += [f'["{place}",null,"' for place in places_below(name, spec_field.spec)]
    form = interview.form("players")
    palette = palette_of(form)
    if palette is not None:
        words += [code for pick in palette.picks for code, _ in pick.options]
        words.append(palette.mark + "".join(code for code, _ in palette.sides))
    board = board_of(form)
    if board is not None:
        words += [f'["{cell.key}","","' for cell in board.cells({})]
        words += [f'["{name}","open","done"]' for name in board.fields]
    player = record_at(declaration, "players")
    for name, spec_field in player.fields.items():
        if name != "name" and interview.ask(f"players.{name}").order is not None:
            words += [f'["{place}",null,"' for place in places_below(name, spec_field.spec)]
    words += ['["players[0].name",null,"', '"],["players[1].name",null,"']
    words.append(f'{{"v":{VERSION},"g":"{game}","t":"","a":[["')
    return "".join(words).encode("utf-8")


def places_below(name: str, spec: Spec) -> list[str]:
    """The places a part names at field ``name`` of ``spec``: the field, or each asked field of a
    list's first entry, or of a record (one level down)."""
    entries = spec.asked_entries()
    record = record_of(entries) if entries is not None else record_of(spec.asked_fields())
    if record is None or not record.fields:
        return [name]
    below = f"{name}[0]" if entries is not None else name
    return [f"{below}.{key}" for key in record.fields]


def deflate(data: bytes, game: str) -> bytes:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, dictionary(game))
    return squeeze.compress(data) + squeeze.flush()


def inflate(raw: bytes, game: str) -> bytes | None:
    """``raw`` inflated with ``game``'s dictionary; ``None`` when it is none of that game's."""
    loose = zlib.decompressobj(-15, zdict=dictionary(game))
    try:
        data = loose.decompress(raw, BIGGEST)
    except zlib.error:
        return None
    if loose.unconsumed_tail or not loose.eof:
        raise PartError("the part is damaged or too large: was it copied whole?")
    return data


def pack(part: Part) -> str:
    """The part as one text: JSON, raw deflate with its game's dictionary, Base45."""
    if part.game not in REGISTRY:
        raise PartError(f"no game here is called {part.game}")
    try:
        return base45(deflate(part.data(), part.game))
    except UnicodeEncodeError:  # a lone surrogate, which no phone's text holds
        raise PartError("a name or an answer holds a character no part can carry") from None


def unpack(text: str) -> Part:
    """The part a text holds; ``PartError`` in the players' words when it holds none. Its game is
    the one whose dictionary inflates it into a part of that game."""
    raw = unbase45(text)
    for game in REGISTRY:
        data = inflate(raw, game)
        if data is None:
            continue
        try:
            sent = shallow.loads(data)
        except ValueError:
            continue
        if isinstance(sent, dict) and sent.get("g") == game:
            return read(sent)
    raise PartError("the part is damaged, or made by another version of scorecalc: was it copied "
                    "whole? (if so, update both phones)")


def read(sent: Any) -> Part:
    if not isinstance(sent, dict) or not isinstance(sent.get("v"), int):
        raise PartError("this is no scorecalc part")
    if sent["v"] != VERSION:
        raise PartError("this part was made by another version of scorecalc: update both phones")
    game, table, player, answers = sent.get("g"), sent.get("t", ""), sent.get("p"), sent.get("a")
    if not (isinstance(game, str) and isinstance(table, str) and (player is None or isinstance(player, str))
            and isinstance(answers, list)):
        raise PartError("this is no scorecalc part")
    taken: list[Answer] = []
    for answer in answers:
        if not (isinstance(answer, list) and len(answer) == 3 and isinstance(answer[0], str)
                and (answer[1] is None or isinstance(answer[1], str)) and isinstance(answer[2], str)):
            raise PartError("this is no scorecalc part")
        taken.append((answer[0], answer[1], answer[2]))
    return Part(game, table, player, tuple(taken))


def part_id(packed: str) -> str:
    """Six characters naming a packed part (its codes carry it, so two parts never mix)."""
    return base64.b32encode(hashlib.sha256(packed.encode("ascii")).digest()).decode()[:6]


def split(part: Part, most: int = MOST) -> list[str]:
    """The part's codes: ``SC2:ID:I:N:DATA``, each ``DATA`` at most ``most`` characters, cut only
    between Base45's groups (so none ends in a space, which a paste or a scan would trim)."""
    packed = pack(part)
    most -= most % GROUP
    count = max(1, -(-len(packed) // most))
    size = -(-len(packed) // count)  # as even as can be: each code as sparse as the others
    size += -size % GROUP
    pieces = [packed[at:at + size] for at in range(0, len(packed), size)] or [""]
    if len(pieces) > CODES:
        raise PartError(f"this part needs {len(pieces)} codes, more than {CODES}")
    ident = part_id(packed)
    return [f"{HEAD}:{ident}:{i}:{len(pieces)}:{piece}" for i, piece in enumerate(pieces, start=1)]


@dataclass(frozen=True)
class Code:
    ident: str
    index: int
    count: int
    data: str


def code_of(text: str) -> Code:
    """One code's text, read; ``PartError`` when it is none of a part's (another version's code is
    refused as one)."""
    found = CODE.fullmatch(text.strip())
    head = OLD_HEAD.match(text.strip())
    if head is not None and head.group() != HEAD and text.strip()[head.end():head.end() + 1] == ":":
        raise PartError("this code was made by another version of scorecalc: update both phones")
    if found is None or not 1 <= int(found.group(3)) <= int(found.group(4)) <= CODES:
        raise PartError("this code is not a scorecalc part")
    return Code(found.group(2), int(found.group(3)), int(found.group(4)), found.group(5))


@dataclass
class Heard:
    """What a code (or a pasted text) brought: the part's codes in so far, and the part once
    whole, with its codes' text (``packed``: a code a line, what a paste of them is)."""

    ident: str
    have: int
    count: int
    part: Part | None = None
    packed: str = ""


@dataclass
class Collector:
    """The codes heard, by part: joined when each of a part's codes is in, in any order."""

    codes: dict[str, dict[int, Code]] = field(default_factory=dict)

    def add(self, text: str) -> Heard:
        code = code_of(text)
        have = self.codes.setdefault(code.ident, {})
        if have and next(iter(have.values())).count != code.count:
            raise PartError("this code is not a scorecalc part")
        have[code.index] = code
        heard = Heard(code.ident, len(have), code.count)
        if len(have) == code.count:
            packed = "".join(have[i].data for i in range(1, code.count + 1))
            if part_id(packed) != code.ident:
                del self.codes[code.ident]
                raise PartError("the part's codes do not fit together: scan them again")
            heard.part = unpack(packed)
            heard.packed = "\n".join(f"{HEAD}:{code.ident}:{i}:{code.count}:{have[i].data}"
                                     for i in range(1, code.count + 1))
        return heard

    def waiting(self, done: set[str]) -> list[str]:
        """What is missing of each part begun and not whole (``done``: the ids of the whole ones)."""
        return [f"{len(have)} of a part's {next(iter(have.values())).count} codes pasted: paste every one"
                for ident, have in self.codes.items() if ident not in done and have]


def pasted(text: str) -> tuple[list[Part], list[str]]:
    """A pasted text: the codes of one or more parts, a line each, in any order, with any space
    around the lines. The parts whole (each once), and what is wrong with the rest, in words."""
    if len(text) > PASTED:
        raise PartError("this is more text than any part: paste one part's codes")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise PartError("nothing pasted: paste the text the sending phone shows")
    collector = Collector()
    whole: dict[str, Part] = {}
    wrong: list[str] = []
    for line in lines:
        try:
            heard = collector.add(line)
        except PartError as error:
            wrong.append(str(error))
            continue
        if heard.part is not None:
            whole.setdefault(heard.ident, heard.part)
    wrong += collector.waiting(set(whole))
    return list(whole.values()), list(dict.fromkeys(wrong))


def joined(text: str) -> Part:
    """A pasted text that holds one part whole (a table's code): that part, else ``PartError``."""
    found, wrong = pasted(text)
    if len(found) == 1 and not wrong:
        return found[0]
    if len(found) > 1:
        raise PartError("several parts pasted: paste one")
    raise PartError(wrong[0] if wrong else "this is no scorecalc part")
