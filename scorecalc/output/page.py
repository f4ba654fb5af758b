"""A scored table, and the standings, as a page of blocks (``scorecalc.blocks``: heading, facts,
paragraph, table, tie-break, bars, picture), which a renderer draws in its format
(``output.html``; ``output.text`` for the table format and Markdown).

Library code builds the blocks from the sheet and the play's details, and from the pictures a
game draws (``Game.pictures``): the same figures as JSON, nothing worked out again. A block
holds text, never markup: each renderer escapes it its own way. Nothing here imports a
renderer or a template engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..blocks import (
    Bar,
    Bars,
    Block,
    Column,
    Facts,
    Group,
    Heading,
    Markup,
    Page,
    Paragraph,
    PictureBlock,
    Row,
    Section,
    Segment,
    Tabular,
    TieBreak,
)
from ..sheet import PlayerScore, Scored, ScoreSheet, plural

if TYPE_CHECKING:
    from ..league.records import Standings
    from ..pictures import Picture

def score_page(results: Sequence[Scored], pictures: Sequence[Sequence[Picture]], *,
               summary: bool = False) -> Page:
    """One section per scored table (``pictures``: each table's, as its game drew them)."""
    sections = tuple(table_section(scored, drawn, f"table-{number}", summary=summary)
                     for number, (scored, drawn) in enumerate(zip(results, pictures, strict=True), start=1))
    if len(results) == 1:
        return Page(table_title(results[0]), sections)
    contents = tuple((section.key, f"{table_title(scored)}") for section, scored in zip(sections, results,
                                                                                         strict=True))
    return Page(f"Scores of {plural(len(results), 'table')}", sections, contents)


def table_title(scored: Scored) -> str:
    """``Caracas — examples/caracas/rulebook-alex.yaml``."""
    return f"{scored.info.title or scored.sheet.game} — {scored.info.file}"


def table_section(scored: Scored, pictures: Sequence[Picture], key: str, *, summary: bool) -> Section:
    """The heading and the play's facts, the warnings, the summary (table, bars, then the
    winners, the tie-break and the sheet's notes as one passage, then the play's notes), then
    each player's board and items (not with ``summary``)."""
    sheet, info = scored.sheet, scored.info
    blocks: list[Block | Section] = [Heading(info.title or sheet.game, 1), play_facts(scored)]
    blocks.extend(Paragraph(f"Warning: {warning}", "warning") for warning in info.warnings)
    blocks += [Heading("Summary"), summary_table(sheet), bars(sheet)]
    label, names = winner_line(sheet)
    outcome: list[Paragraph | TieBreak] = [Paragraph(names, "winner", label)]
    if sheet.tiebreak:
        outcome.append(TieBreak(sheet.tiebreak))
    outcome.extend(note_paragraph(note) for note in sheet.notes)
    blocks.append(Group(tuple(outcome)))
    if info.notes:
        blocks.append(Paragraph(info.notes, "notes", "Notes"))
    if not summary:
        drawn = {picture.player: picture for picture in pictures}
        blocks.extend(player_section(player, drawn.get(player.name), f"{key}-player-{number}")
                      for number, player in enumerate(sheet.players, start=1))
    return Section(key, tuple(blocks), "scored-table", (("file", info.file), ("game", sheet.game)))


def winner_line(sheet: ScoreSheet) -> tuple[str, str]:
    """``("Winner", "Hana")``, ``("Winners", "Jo, Kit")``, or nobody and why (SPEC's one
    winner rule: a solo game is won only by meeting its goal)."""
    if sheet.winners:
        return ("Winner" if len(sheet.winners) == 1 else "Winners"), ", ".join(sheet.winners)
    if sheet.solo_goal is None:
        return "Winner", "nobody (a solo game without a goal is played, not won)"
    return "Winner", "nobody (the solo goal was not met)"


def note_paragraph(note: str) -> Paragraph:
    """A line of the sheet's notes: written indented, it is a line of a list under the note
    before it; an empty one is a blank line."""
    return Paragraph(note.strip(), "note", indent=len(note) - len(note.lstrip(" ")))


def play_facts(scored: Scored) -> Facts:
    info = scored.info
    pairs = [("game", "Game", info.title or scored.sheet.game)]
    if info.date:
        pairs.append(("date", "Date", info.date.replace("T", " ")))
    if info.location:
        pairs.append(("location", "Location", info.location))
    pairs.append(("file", "File", info.file))
    return Facts(tuple(pairs))


def summary_table(sheet: ScoreSheet) -> Tabular:
    """Rank, player, each category's total and the total, best first (JSON's figures)."""
    columns = (Column("Rank", "right"), Column("Player", wraps=True),
               *(Column(category, "right") for category in sheet.categories),
               Column("Total", "right", beside=True))
    rows = tuple(Row((str(player.rank), player.name,
                      *(str(points) for points in player.category_totals(sheet.categories).values()),
                      str(player.total)),
                     (("player", player.name), ("rank", str(player.rank)), ("total", str(player.total))))
                 for player in sorted(sheet.players, key=lambda p: p.rank))
    return Tabular(columns, rows, "summary")


def bars(sheet: ScoreSheet) -> Bars:
    """Each player's category totals, in the summary's order (best first), on one scale."""
    drawn = []
    for player in sorted(sheet.players, key=lambda p: p.rank):
        totals = player.category_totals(sheet.categories)
        segments = [Segment(category, points, index)
                    for index, (category, points) in enumerate(totals.items())]
        drawn.append(Bar(player.name, tuple(s for s in segments if s.points > 0),
                         tuple(s for s in segments if s.points < 0), player.total))
    left = max((-sum(s.points for s in bar.negative) for bar in drawn), default=0)
    right = max((sum(s.points for s in bar.positive) for bar in drawn), default=0)
    return Bars(tuple(drawn), tuple(sheet.categories), left, right)


ITEM_COLUMNS = (Column("Category", wraps=True), Column("Item", wraps=True),
                Column("Points", "right", beside=True), Column("Detail", fills=True))
"""An item's columns: the table format groups them by category when it stacks them, with the
points beside the item and the detail under it."""


def player_section(player: PlayerScore, picture: Picture | None, key: str) -> Section:
    """A player's name, the game's picture of her table, and her items with their total."""
    blocks: list[Block | Section] = [Heading(player.name, 2)]
    if picture is not None:
        blocks.append(PictureBlock(picture))
    rows = [Row((item.category, item.item, str(item.points), item.detail),
                (("category", item.category), ("points", str(item.points))))
            for item in player.items]
    rows.append(Row(("", "Total", str(player.total), ""), (("total", str(player.total)),), "total"))
    blocks.append(Tabular(ITEM_COLUMNS, tuple(rows), "items", f"{player.name}'s items", "items"))
    return Section(key, tuple(blocks), "player", (("player", player.name),))


# --- standings -------------------------------------------------------------------------------------


def standings_page(standings: Standings, blocks: Sequence[Block], chart: str | None, chart_note: str) -> Page:
    """The standings: the ``blocks`` every format draws (``output.standings_layout.standings_blocks``:
    each table and note, with the options given), then the season chart (``chart``: SVG
    markup made fit to embed) or ``chart_note`` saying why there is none."""
    drawn: list[Block | Section] = list(blocks)
    drawn.append(Heading("The season"))
    if chart is not None:
        drawn.append(Markup(chart, chart_note))
    else:
        drawn.append(Paragraph(chart_note, "chart-note"))
    title = "League standings"
    if standings.players:
        title += f": {plural(standings.plays, 'play')}"
    return Page(title, (Section("standings", tuple(drawn), "standings"),))
