"""Parts that always arrive (SPEC section 9, "A part is all or nothing"; ``scorecalc/web/parts.py``):
random genuine parts of every game at 1 to 5 seats, any names, each decoding whole pasted (any
order, any space around the lines, with another part beside it) or scanned (any order, a code
twice); a sample of them made on one pad and taken by another; and a Ctrl-C while the laptop pad
applies a long part: stopped at once, the part whole in FILE or not at all, nothing after "Stopped.".
"""

from __future__ import annotations

import datetime
import json
import random
import signal
import threading
import urllib.error
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from scorecalc.games import get_game
from scorecalc.spec.interview import record_at
from scorecalc.web import parts
from scorecalc.web.pad import Pad
from tests.helpers import GAMES, per_game, timeout
from tests.support.caracas_tiles import ANIMALS, LANDS
from tests.support.web_pad import Served

pytestmark = pytest.mark.slow  # thousands of parts, pads writing FILE, a server in a process

NOW = datetime.datetime(2026, 12, 3, 20, 0)
CASES = 160
"""Random parts a game and a number of seats: 4 games at 1-5 seats make about 3,000."""
LETTERS = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .'-–“”<>&éèüñøßÅŁżçğ"
           "ÆŒΩλжЯ名字한글ひらがなعربيहिन्दी🎲🐢👩‍👩‍👧")
"""What names are made of: any script, spaces, quotes, marks, an emoji of several code points."""


def name_of(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 14))).strip()
        if name and name not in taken and name[0] not in "-'.<>&":
            taken.add(name)
            return name


def caracas(rng: random.Random, seats: int) -> list[parts.Answer]:
    """A board of the tiles an explorer places at this many seats, row by row from the SEA."""
    count = {1: 18, 2: 17, 3: 16, 4: 15, 5: 14}[seats]
    squares = [(row, col) for row in range(1, 20) for col in range(1, 5)]
    placed = sorted(squares[:count + rng.randint(0, 3)], key=lambda square: rng.random())[:count]
    answers: list[parts.Answer] = []
    for row, col in sorted(placed):
        animals = "".join(rng.sample(sorted(ANIMALS), rng.choice((0, 1, 1, 2))))
        rivers = rng.choice(("", "", "~NS", "~ES", "~NESW", "~NW~ES", "~EW", "~S"))
        answers.append((f"grid.r{row}c{col}", "", rng.choice(sorted(LANDS)) + animals + rivers))
    return [*answers, ("grid", "open", "done")]


def galapagos(rng: random.Random, seats: int) -> list[parts.Answer]:
    animals = rng.choice((str(rng.randint(0, 9)), "sea_lion 2, tortoise 1", "crab 1", "iguana 3, booby 2"))
    answers: list[parts.Answer] = [("exhibition", None, str(rng.randint(0, 120))),
                                   ("education", None, str(rng.randint(0, 25))), ("animals", None, animals),
                                   ("money", None, str(100 * rng.randint(0, 60)))]
    for at in range(rng.choice((0, 0, 0, 2, 6))):
        kinds = ", ".join(rng.sample(["sea_lion", "iguana", "tortoise", "booby", "penguin", "crab"],
                                     rng.randint(1, 3)))
        answers.append((f"exhibitions[{at}].animals", None, kinds))
        if rng.random() < 0.3:
            answers.append((f"exhibitions[{at}].bonus", None, str(rng.randint(1, 6))))
    return answers


def caribe(rng: random.Random, seats: int) -> list[parts.Answer]:
    knowledge = ", ".join(f"{kind} {rng.randint(0, 5)}" for kind in ("fauna", "geology", "flora"))
    answers: list[parts.Answer] = [("score", None, str(rng.randint(20, 120))), ("knowledge", None, knowledge),
                                   ("universities", None, str(rng.randint(0, 3))),
                                   ("board", None, str(rng.randint(0, 5)))]
    return answers + [(f"books[{at}]", None, f"fauna {rng.randint(1, 3)}") for at in range(rng.randint(0, 4))]


def origin(rng: random.Random, seats: int) -> list[parts.Answer]:
    return [("score", None, str(rng.randint(0, 80))), ("books", None, str(rng.randint(0, 6))),
            ("tiles", None, str(rng.randint(0, 9)))]


GENUINE: dict[str, Callable[[random.Random, int], list[parts.Answer]]] = {
    "caracas": caracas, "galapagos": galapagos, "caribe": caribe, "origin": origin}
"""A game's genuine part, as ``parts.part_of`` makes it: her answers, her board row by row."""


def seats_of(game: str) -> list[int]:
    """1 to 5 seats, as many as the game's declaration lets sit."""
    low, high = record_bounds(game)
    return [seats for seats in range(1, 6) if low <= seats <= high]


def record_bounds(game: str) -> tuple[int, int]:
    spec = get_game(game).declaration.fields["players"].spec
    bounds = spec.list_bounds()
    assert bounds is not None and record_at(get_game(game).declaration, "players") is not None
    return bounds


def spaced(rng: random.Random, codes: list[str]) -> str:
    """Codes as a paste may hold them: any order, blank lines, spaces and tabs around each line."""
    lines = [rng.choice(("", " ", "\t", "  ")) + code + rng.choice(("", " ", " \t", "   ")) for code in codes]
    rng.shuffle(lines)
    return rng.choice(("\n", "\r\n", "\n\n", " \n")).join(lines) + rng.choice(("", "\n", "  \n"))


@pytest.mark.parametrize("game", GAMES)
def test_every_genuine_part_decodes_whole_pasted_or_scanned_in_any_order(game: str) -> None:
    made = per_game(GENUINE, game, "genuine parts", "GENUINE in tests/system/test_parts_arrive.py")
    rng = random.Random(f"parts-{game}")
    cases = 0
    for seats in seats_of(game):
        for _ in range(CASES):
            names: set[str] = set()
            table = rng.choice(("", "".join(rng.choice("0123456789ABCDEF") for _ in range(12))))
            part = parts.Part(game, table, name_of(rng, names), tuple(made(rng, seats)))
            codes = parts.split(part)
            assert all(code == code.strip() for code in codes), codes  # nothing a trim could take
            assert parts.joined(spaced(rng, codes)) == part
            scanned = parts.Collector()
            order = [*codes, rng.choice(codes)]
            rng.shuffle(order)
            heard = [scanned.add(rng.choice(("", " ")) + code + rng.choice(("", "\n", " ")))
                     for code in order]
            assert next(one.part for one in heard if one.part is not None) == part
            other = parts.Part(game, table, name_of(rng, names), tuple(made(rng, seats)))
            found, wrong = parts.pasted(spaced(rng, [*codes, *parts.split(other)]))
            assert (sorted(found, key=str), wrong) == (sorted([part, other], key=str), [])
            if game == "caracas" and seats == 4:
                assert len(codes) <= 2, (len(parts.pack(part)), part.player)
            if game == "galapagos" and len(part.answers) == 4:
                assert len(codes) == 1, (len(parts.pack(part)), part.player)
            cases += 1
    assert cases >= CASES * 3


@pytest.mark.parametrize("game", GAMES)
def test_parts_made_on_a_phone_are_taken_whole_at_every_seat(game: str, tmp_path: Path) -> None:
    """A sample made on a phone's pad (each answer as the phone took it) and taken by the
    holder's, at each number of seats and any seat: her record in the holder's FILE is the phone's."""
    made = per_game(GENUINE, game, "genuine parts", "GENUINE in tests/system/test_parts_arrive.py")
    rng = random.Random(f"taken-{game}")
    for seats in seats_of(game):
        names: set[str] = set()
        sitting = [name_of(rng, names) for _ in range(seats)]
        mine = rng.randrange(seats)
        phone = Pad(get_game(game), str(tmp_path / f"phone{seats}.yaml"), NOW)
        holder = Pad(get_game(game), str(tmp_path / f"holder{seats}.yaml"), NOW, ident="HOLDER")
        for seat, name in enumerate(sitting):
            assert holder.answer(f"players[{seat}].name", None, name).status == "saved"
        assert phone.answer("players[0].name", None, sitting[mine]).status == "saved"
        for place, seen, value in made(rng, seats):
            phone.answer(f"players[0].{place}", seen, value)  # what the phone refuses is not in her part
        part = parts.part_of(phone, sitting[mine], "HOLDER")
        assert part.answers
        reply = parts.take_text(holder, spaced(rng, parts.split(part)), "HOLDER")
        assert reply.status == "saved", reply.message
        sent = yaml.safe_load(Path(phone.name).read_text(encoding="utf-8"))["players"][0]
        got = yaml.safe_load(Path(holder.name).read_text(encoding="utf-8"))["players"]
        assert got[mine] == sent
        assert all(set(record) == {"name"} for seat, record in enumerate(got) if seat != mine)
        phone.close()
        holder.close()


def test_ctrl_c_while_a_long_part_is_applied_stops_the_pad_at_once(tmp_path: Path) -> None:
    """200 exhibitions given last first, pasted at the laptop pad, Ctrl-C meanwhile: the pad stops
    at once (it ran on, rewriting FILE, when each answer was retried in rounds), the part whole in
    FILE or not at all, and nothing said after "Stopped."."""
    file = tmp_path / "tonight.yaml"
    inherited = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        pad = Served("galapagos", file)
    finally:
        signal.signal(signal.SIGINT, inherited)
    answers = tuple((f"exhibitions[{at}].animals", None, "sea_lion") for at in reversed(range(200)))
    text = "\n".join(parts.split(parts.Part("galapagos", "", "Ana", answers)))
    replies: list[tuple[int, str]] = []

    def post() -> None:
        try:
            code, _, body = pad.request("part", json.dumps({"text": text}).encode(),
                                        {"Content-Type": "application/json"})
            replies.append((code, json.loads(body)["message"]))
        except (OSError, urllib.error.URLError, ValueError):
            replies.append((0, ""))  # the pad stopped before it answered

    try:
        assert pad.answer("players[0].name", "Ana")[0] == 200
        sending = threading.Thread(target=post, daemon=True)
        sending.start()
        sending.join(0.3)  # the part under way
        pad.process.send_signal(signal.SIGINT)
        code, _, said = pad.finish(seconds=2)  # the busy machine's share of it (helpers.timeout)
        sending.join(timeout(10))
    finally:
        pad.stop()
    assert code == 130, said
    lines = said.rstrip("\n").splitlines()
    assert lines[-1].startswith("Stopped. ") and "Traceback" not in said, said  # nothing after it
    written = yaml.safe_load(file.read_text(encoding="utf-8"))["players"][0]
    assert len(written.get("exhibitions", [])) in (0, 200), written  # whole, or not at all
    assert replies in ([(0, "")], [(200, "Ana's part: 200 answers taken")],
                       [(422, "Ana's part was not taken: the pad stopped")]), replies


def test_a_phone_is_answered_while_a_long_part_is_applied(tmp_path: Path) -> None:
    """The part holds the pad's lock for one pass (an answer's check each, FILE written once): a
    phone's answer sent meanwhile is saved once it is done, and FILE holds both."""
    file = tmp_path / "tonight.yaml"
    pad = Served("galapagos", file)
    answers = tuple((f"exhibitions[{at}].animals", None, "iguana") for at in reversed(range(200)))
    text = "\n".join(parts.split(parts.Part("galapagos", "", "Bea", answers)))
    replies: list[tuple[int, str]] = []

    def post() -> None:
        code, _, body = pad.request("part", json.dumps({"text": text}).encode(),
                                    {"Content-Type": "application/json"})
        replies.append((code, json.loads(body)["message"]))

    try:
        for seat, name in enumerate(("Ana", "Bea")):
            assert pad.answer(f"players[{seat}].name", name)[0] == 200
        sending = threading.Thread(target=post, daemon=True)
        sending.start()
        sending.join(0.2)
        assert pad.answer("players[0].money", "2300") == (200, {
            "status": "saved", "message": "", "current": "2300", "warnings": []})
        sending.join(timeout(30))
    finally:
        pad.stop()
    assert replies == [(200, "Bea's part: 200 answers taken")]
    written = yaml.safe_load(file.read_text(encoding="utf-8"))["players"]
    assert written[0]["money"] == 2300 and written[1]["exhibitions"] == [{"animals": ["iguana"]}] * 200
