"""Caribe scored: universities, theory books and leftovers on top of the scoring track; the solo modes.

Readings are documented in ``docs/rules/caribe.md``; rulebook sentences are quoted in
the docstrings of the functions that implement them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...sheet import PlayerScore, ScoreSheet, TieBreak, plural, rank
from .declaration import ACHIEVEMENTS, ANIMAL_PLURALS, CATEGORIES, HEAD_START, KNOWLEDGE, SCORE_TO_BEAT
from .table import Book, Leftover, Percy, Player, Solo, Table

# --- scoring -------------------------------------------------------------------------------------

Line = tuple[str, int, str]
"""One item: (item, points, detail)."""


def score_coimbra(scientists: int, knowledge_type: str, knowledge: Mapping[str, int]) -> Line:
    """'Coimbra – Green — Players score points by multiplying the number of their scientists at Coimbra
    University on the game board by the white points value of the knowledge marker on their player
    board indicated on the University card.'"""
    value = knowledge[knowledge_type]
    return ("Coimbra", scientists * value,
            f"{plural(scientists, 'scientist')} × {knowledge_type} white value {value}")


def score_london(scientists: int, terrain: str, board: Mapping[str, int]) -> Line:
    """'London – Red — Players score points by multiplying the number of their scientists at London
    University on the game board by the number of scientists they have placed on the track indicated
    on the University card.'"""
    on_track = board[terrain]
    return ("London", scientists * on_track,
            f"{plural(scientists, 'scientist')} × {plural(on_track, 'scientist')} on the {terrain} track")


def score_paris(scientists: int, animal: str, board: Mapping[str, int]) -> Line:
    """'Paris – Yellow — Players score points by multiplying the number of their scientists at Paris
    University by the number of animals on their player board of the type indicated on the University
    card.'"""
    animals = board[animal]
    name = animal if animals == 1 else ANIMAL_PLURALS[animal]
    return ("Paris", scientists * animals,
            f"{plural(scientists, 'scientist')} × {animals} {name} on the player board")


def score_universities(cards: Mapping[str, str], universities: Mapping[str, int],
                       knowledge: Mapping[str, int], board: Mapping[str, int]) -> list[Line]:
    """'For each University, players score points by multiplying the number of their scientists
    currently at that University on the game board by the number of elements required by that
    University that they have earned.'"""
    return [
        score_coimbra(universities["coimbra"], cards["coimbra"], knowledge),
        score_london(universities["london"], cards["london"], board),
        score_paris(universities["paris"], cards["paris"], board),
    ]


def score_theory_book(number: int, book: Book, knowledge: Mapping[str, int]) -> Line:
    """'For each whole icon on a book the player gains points equal to the white points value of the
    knowledge marker on their player board.' A book without a whole icon is not complete."""
    item = f"Book {number}"
    if book.icons == 0:
        return item, 0, "no whole icon: not a complete book, scores nothing"
    terms = " + ".join(f"{count} {kind} × {knowledge[kind]}" for kind, count in book.whole.items())
    if book.slots is not None:
        where = [str(s) for s, (left, right) in enumerate(book.slots, start=1) if left == right != "none"]
        terms += f" (whole in slot{'s' if len(where) > 1 else ''} {', '.join(where)} of {len(book.slots)})"
    return item, sum(count * knowledge[kind] for kind, count in book.whole.items()), terms


def score_theory_books(books: tuple[Book, ...], knowledge: Mapping[str, int]) -> list[Line]:
    if not books:
        return [("Books", 0, "no completed books")]
    return [score_theory_book(number, book, knowledge) for number, book in enumerate(books, start=1)]


def one_per_three(parts: list[tuple[int, str]]) -> Line:
    """'Players score 1 point for every 3 of the following elements they have in total'.

    ``parts`` are (count, shown), e.g. ``(2, "2 coins")``.
    """
    total = sum(count for count, _ in parts)
    shown = " + ".join(text for _, text in parts)
    return "Leftover elements", total // 3, f"{shown} = {total}; 1 per 3"


def coins_and_compasses(coins: int, compass: int) -> list[tuple[int, str]]:
    return [(coins, plural(coins, "coin")), (compass, plural(compass, "compass", "compasses"))]


def score_remaining_elements(leftover: Leftover) -> Line:
    """'Animals collected beside the player board but not placed on it; Scientists still on the game
    board; Coins; Compass markers.' — one pool, 1 point per 3."""
    return one_per_three([
        (leftover.animals, plural(leftover.animals, "animal")),
        (leftover.scientists, plural(leftover.scientists, "scientist") + " on the map"),
        *coins_and_compasses(leftover.coins, leftover.compass),
    ])


def score_percy_books(half_icons: Mapping[str, int], knowledge: Mapping[str, int]) -> list[Line]:
    """'For each knowledge marker type, add together the number of half icons shown on the collected
    theory cards, then divide by 2, rounding down. These are Percy's multipliers'."""
    lines = []
    for kind in KNOWLEDGE:
        halves = half_icons[kind]
        value = knowledge[kind]
        lines.append((kind.title(), halves // 2 * value,
                      f"{plural(halves, 'half icon')} ÷ 2 = {halves // 2} × {kind} white value {value}"))
    return lines


def score_percy_leftovers(percy: Percy) -> Line:
    """'Add together any coins and compasses, scoring 1 point for every 3 items.'"""
    return one_per_three(coins_and_compasses(percy.coins, percy.compass))


def score_player(cards: Mapping[str, str], player: Player) -> PlayerScore:
    sheet = PlayerScore(player.name)
    sheet.add("Game score", "Scoring track", player.score, "points scored during the game")
    for line in score_universities(cards, player.universities, player.knowledge, player.board):
        sheet.add("Universities", *line)
    for line in score_theory_books(player.books, player.knowledge):
        sheet.add("Books", *line)
    sheet.add("Leftovers", *score_remaining_elements(player.leftover))
    return sheet


def score_percy(cards: Mapping[str, str], percy: Percy, difficulty: str) -> PlayerScore:
    sheet = PlayerScore("Percy")
    detail = "points scored during the game"
    if HEAD_START[difficulty]:
        detail += f", {difficulty} head start of {HEAD_START[difficulty]} included"
    sheet.add("Game score", "Scoring track", percy.score, detail)
    for line in score_universities(cards, percy.universities, percy.knowledge, percy.board):
        sheet.add("Universities", *line)
    for line in score_percy_books(percy.half_icons, percy.knowledge):
        sheet.add("Books", *line)
    sheet.add("Leftovers", *score_percy_leftovers(percy))
    return sheet


PERCY_SEAT = 1
"""Percy comes after the human in ``players``."""


def tiebreaks(players: tuple[Player, ...]) -> list[TieBreak]:
    """'If there is a tie the winner is the tied player who has the most whole knowledge icons on
    their scored theory cards. If the tie persists the winner is the tied player with the most
    scientists beside the University Cards on the game board. If the tie still persists the winner is
    the tied player who has the most animals plus scientists on their player board. In the rare case
    that the tie cannot be broken all the tied players share the victory.'"""
    return [
        TieBreak("most whole icons on books", lambda i: players[i].whole_icons,
                 lambda i: str(players[i].whole_icons)),
        TieBreak("most scientists at the universities", lambda i: players[i].scientists_at_universities,
                 lambda i: str(players[i].scientists_at_universities)),
        TieBreak("most animals plus scientists on the player board", lambda i: players[i].on_player_board,
                 lambda i: str(players[i].on_player_board)),
    ]


PERCY_WINS_TIES = TieBreak(
    "the solo rule that a tie goes to Percy (you must score more than him to win)",
    lambda i: i == PERCY_SEAT,
)
"""'If you scored more points than Percy, you beat your rival scientist and win the game.'"""


def achievement(total: int) -> tuple[str, str, str]:
    """The BYOS merit table: (JSON label, printed label, achievement) for a final score."""
    for lowest, label, printed, text in ACHIEVEMENTS:
        if lowest is None or total >= lowest:
            return label, printed, text
    raise AssertionError("the last band has no lower bound")


def campaign(condition_a: bool, goals_completed: int | None) -> dict[str, Any]:
    """'A. You beat Percy (You vs Percy) or your score is higher than the score to beat (BYOS) for the
    difficulty level you have chosen. B. You have completed one or more of the face-up Campaign
    Goals.'"""
    condition_b = None if goals_completed is None else goals_completed >= 1
    passed = None if condition_b is None else condition_a and condition_b
    return {"condition_a": condition_a, "goals_completed": goals_completed,
            "condition_b": condition_b, "passed": passed}


def campaign_notes(result: dict[str, Any], a_because: str) -> list[str]:
    if result["goals_completed"] is None:
        return []
    a = "met" if result["condition_a"] else "not met"
    b = "met" if result["condition_b"] else "not met"
    verdict = ("both met: the game is complete; flip the goals you completed" if result["passed"]
               else "not both met: this game is lost (play it again; 2 lost games end the campaign)")
    return [f"Campaign: condition A {a} ({a_because}); condition B {b} "
            f"({plural(result['goals_completed'], 'goal')} completed); {verdict}."]


def solo_outcome(sheet: ScoreSheet, solo: Solo) -> ScoreSheet:
    """``sheet`` (ranked) with the outcome of a You vs Percy or BYOS game: whether the goal was
    met, the notes and the JSON ``solo`` key."""
    you = sheet.players[0]
    if solo.mode == "percy":
        percy = sheet.players[1]
        beaten = goal = you.total > percy.total  # the goal of You vs Percy: beat Percy
        head_start = HEAD_START[solo.difficulty]
        result = campaign(beaten, solo.goals_completed)
        outcome: dict[str, object] = {"mode": "percy", "difficulty": solo.difficulty,
                                      "head_start": head_start, "percy_beaten": beaten, "campaign": result}
        said = ("you beat Percy" if beaten
                else "a tie goes to Percy" if you.total == percy.total else "Percy wins")
        notes = [f"Solo, You vs Percy ({solo.difficulty}): Percy's scoring marker started on "
                 f"{head_start}" + (" (included in his game score)." if head_start else "."),
                 f"{you.name} {you.total}, Percy {percy.total}: {said}."]
        because = f"{you.total} {'>' if beaten else '≤'} Percy's {percy.total}"
    else:
        label, printed, text = achievement(you.total)
        to_beat = SCORE_TO_BEAT[solo.difficulty]
        passed = goal = you.total > to_beat  # the goal of BYOS: pass the difficulty's score to beat
        result = campaign(passed, solo.goals_completed)
        outcome = {"mode": "byos", "difficulty": solo.difficulty, "score": you.total,
                   "band": label, "achievement": text, "score_to_beat": to_beat,
                   "score_to_beat_passed": passed, "campaign": result}
        notes = [f"Solo, Beat Your Own Score ({solo.difficulty}): {you.total} is in the "
                 f"{printed} band: {text}.",
                 f"Score to beat at {solo.difficulty}: {to_beat} — "
                 + (f"passed ({you.total} > {to_beat})." if passed
                    else f"not passed ({you.total} ≤ {to_beat}).")]
        because = f"{you.total} {'>' if passed else '≤'} {to_beat}"
    return replace(sheet, solo_goal=goal, extra={**sheet.extra, "solo": outcome},
                   notes=(*sheet.notes, *notes, *campaign_notes(result, because)))


def score(table: Table) -> ScoreSheet:
    players = [score_player(table.cards, player) for player in table.players]
    if table.percy is not None and table.solo is not None:
        players.append(score_percy(table.cards, table.percy, table.solo.difficulty))
    against_percy = table.solo is not None and table.solo.mode == "percy"
    sheet = ScoreSheet("caribe", CATEGORIES, tuple(players),
                       # 'Every round Percy plays first and you next.'
                       start_player="Percy" if table.percy is not None else None,
                       automa=("Percy",) if against_percy else ())
    if table.solo is None:
        return rank(sheet, tiebreaks(table.players))
    return solo_outcome(rank(sheet, [PERCY_WINS_TIES] if against_percy else []), table.solo)
