"""Score sheets as a person reads them: itemised tables that fit the width, or Markdown.

Imported only when a table or Markdown is asked for (with the table engine, ``tables``),
so JSON and CSV runs never load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..sheet import PlayerScore, Scored, ScoreSheet
from .formats import RenderOptions
from .tables import (
    MIN_WIDTH,
    clean,
    column_width,
    display_width,
    draw_markdown,
    draw_table,
    fit_table,
    line_count,
    lines_of,
    longest_word,
    pad,
    wrap,
)
from .terminal import DEFAULT_WIDTH


def render_text(results: Sequence[Scored], options: RenderOptions) -> str:
    """``--format table``: every sheet's itemised tables, then its summary, fitted to the
    width (``--wide``: one line per item, however long)."""
    width = options.table_width()
    if width is not None:
        width = max(width, MIN_WIDTH)
    return "\n".join(render_table(scored, summary=options.summary, width=width) for scored in results)


def render_markdown(results: Sequence[Scored], options: RenderOptions) -> str:
    """``--format markdown``: every sheet as Markdown (never wrapped)."""
    return "\n".join(markdown_page(scored, options.summary) for scored in results)


def render_table(scored: Scored, *, summary: bool = False, width: int | None = None) -> str:
    """Itemised blocks per player, then the summary with totals, ranks and the winner.

    ``width``: wrap the table to that many columns (``None``: one line per item, however
    long). ``summary``: leave the itemised blocks out.
    """
    return _text_page(scored, summary, width)


# --- the plain-text table ---------------------------------------------------------------------------

ITEM_HEADERS = ("Category", "Item", "Points", "Detail")
ITEM_ALIGN = ("left", "left", "right", "left")
WRAPPED_NAME = 4
"""What a wrapped category or item name costs, in lines, when choosing column widths."""
MIN_DETAIL = 30
"""A Detail column narrower than this stacks each item's detail under it instead (at 80
columns the Detail column is always wider)."""


def _text_page(scored: Scored, summary: bool, width: int | None) -> str:
    sheet, info = scored.sheet, scored.info
    lines = _paragraph(heading(scored), width, subsequent="  ")
    lines.append("")
    if not summary:
        for player, table in zip(sheet.players, item_tables(sheet.players, width), strict=True):
            lines.extend(_paragraph(player.name, width))
            lines.append("")
            lines.append(table)
            lines.append("")
    lines.append("Summary")
    lines.append("")
    lines.append(summary_table(sheet, width))
    lines.append("")
    label, names = winner_line(sheet)
    lines.extend(_labelled(label + ": ", names, width))
    if sheet.tiebreak:
        lines.extend(_labelled("Tie-break: ", sheet.tiebreak, width))
    for note in sheet.notes:
        lines.extend(_note(note, width))
    if info.notes:
        lines.append("")
        for index, line in enumerate(lines_of(info.notes)):
            lines.extend(_labelled("Notes: " if index == 0 else "       ", line, width))
    lines.append("")
    return "\n".join(lines)


def winner_line(sheet: ScoreSheet) -> tuple[str, str]:
    """``("Winner", "Hana")``, ``("Winners", "Jo, Kit")``, or nobody and why (SPEC's one
    winner rule: a solo game is won only by meeting its goal)."""
    if sheet.winners:
        return ("Winner" if len(sheet.winners) == 1 else "Winners"), ", ".join(sheet.winners)
    if sheet.solo_goal is None:
        return "Winner", "nobody (a solo game without a goal is played, not won)"
    return "Winner", "nobody (the solo goal was not met)"


def heading(scored: Scored) -> str:
    """``Caracas — examples/x.yaml — 2026-11-28 20:30, Café Zoo`` (date and place when given)."""
    info = scored.info
    parts = [clean(info.title or scored.sheet.game), clean(info.file)]
    when = info.date.replace("T", " ") if info.date else None
    place = " ".join(clean(info.location).split()) if info.location else None
    played = ", ".join(part for part in (when, place) if part)
    if played:
        parts.append(played)
    return " — ".join(parts)


def _paragraph(text: str, width: int | None, *, subsequent: str = "") -> list[str]:
    return [clean(text)] if width is None else wrap(text, width, subsequent=subsequent)


def _labelled(label: str, text: str, width: int | None) -> list[str]:
    """``Tie-break: …`` with wrapped lines under the text (under the label when narrow)."""
    if width is None:
        return [label + clean(text)]
    hang = " " * display_width(label) if width >= 2 * display_width(label) + MIN_DETAIL else "  "
    return wrap(text, width, indent=label, subsequent=hang)


def _note(note: str, width: int | None) -> list[str]:
    """A note line under the summary; an indented one keeps its indent, wrapped lines go further in."""
    text = clean(note)
    if width is None:
        return [text]
    indent = text[:len(text) - len(text.lstrip(" "))]
    return wrap(text, width, indent=indent, subsequent=indent + "  ")


def _wrapped(text: str, width: int) -> str:
    return "\n".join(wrap(text, width))


def _item_rows(player: PlayerScore) -> list[tuple[str, str, str, str]]:
    rows = [(clean(item.category), clean(item.item), str(item.points), clean(item.detail))
            for item in player.items]
    rows.append(("", "Total", str(player.total), ""))
    return rows


def item_tables(players: Sequence[PlayerScore], width: int | None) -> list[str]:
    """Each player's items: Category, Item, Points, Detail, and the Total row.

    Every player's table gets the same column widths, so the blocks line up.
    """
    rows = [_item_rows(player) for player in players]
    if width is None:
        return [draw_table(ITEM_HEADERS, table, ITEM_ALIGN) for table in rows]
    every = [row for table in rows for row in table]
    widths = _fit_items(every, width)
    if widths is None:
        points = max(display_width(row[2]) for row in every)
        label = min(max(display_width("  " + row[1]) for row in every), width - points - 2)
        return [_stacked_items(table, width, label, points) for table in rows]
    category, item, detail = widths
    points = column_width("Points", [row[2] for table in rows for row in table])
    return [draw_table(ITEM_HEADERS, [(_wrapped(row[0], category), _wrapped(row[1], item), row[2],
                                          _wrapped(row[3], detail)) for row in table],
                          ITEM_ALIGN, (category, item, points, detail))
            for table in rows]


def _fit_items(rows: Sequence[Sequence[str]], width: int) -> tuple[int, int, int] | None:
    """Widths of the Category, Item and Detail columns for ``width``, or ``None`` when the
    details are to be stacked under their items instead: the table does not fit as it
    is and ``width`` is under 80, or the Detail column would be narrower than ``MIN_DETAIL``.

    When the natural widths do not fit, the layout taking the fewest lines is chosen
    among a few: each category column (its natural width, or its longest word) with
    each item column width at which a name stops wrapping, a wrapped name counting as
    ``WRAPPED_NAME`` more lines; on a draw, fewer wrapped names, then the wider Detail
    column.
    """
    category, item, points, detail = (column_width(header, [row[i] for row in rows])
                                      for i, header in enumerate(ITEM_HEADERS))
    room = width - points - 2 * (len(ITEM_HEADERS) - 1)
    if category + item + detail <= room:
        return category, item, detail
    if width < DEFAULT_WIDTH:
        return None
    fewest_item = max(display_width("Item") + 2, min(item, max(longest_word(row[1]) for row in rows), 16))
    fewest_category = max(display_width("Category") + 2,
                          min(category, max(longest_word(row[0]) for row in rows)))
    items = {fewest_item, *(size for row in rows for size in _fewer_lines(row[1], fewest_item, item))}
    categories = {fewest_category, category,
                  *(size for row in rows for size in _fewer_lines(row[0], fewest_category, category))}
    layouts = [(category_width, item_width, room - category_width - item_width)
               for category_width in categories for item_width in items
               if room - category_width - item_width >= MIN_DETAIL]
    if not layouts:
        return None
    wanted = min(detail, max(MIN_DETAIL, room // 2))
    layouts = [layout for layout in layouts if layout[2] >= wanted] or [max(layouts, key=lambda w: w[2])]

    def cost(layout: tuple[int, int, int]) -> tuple[int, int, int]:
        category_width, item_width, detail_width = layout
        lines = wrapped = 0
        for row in rows:
            names = line_count(row[0], category_width), line_count(row[1], item_width)
            lines += max(*names, line_count(row[3], detail_width))
            wrapped += (names[0] > 1) + (names[1] > 1)
        return lines + WRAPPED_NAME * wrapped, wrapped, -detail_width

    return min(layouts, key=cost)


def _fewer_lines(name: str, narrowest: int, widest: int) -> set[int]:
    """The column widths between ``narrowest`` and ``widest`` at which ``name`` takes one line
    fewer than at the width before: each is a width worth trying (a name of 25 columns may
    take three lines at 13, two at 16 and one at 25)."""
    sizes: set[int] = set()
    before = line_count(name, narrowest)
    for size in range(narrowest + 1, min(widest, display_width(name)) + 1):
        lines = line_count(name, size)
        if lines < before:
            sizes.add(size)
            before = lines
    return sizes


def _stacked_items(rows: Sequence[Sequence[str]], width: int, label: int, points: int) -> str:
    """Narrow widths: items under their category, each item's detail on lines under it.

    ::

        Common animals
          Jaguar             1
            1 of 4 jaguars scores —
            ...
        --------------------------
        Total               19

    ``label`` is the width of the item names' column, ``points`` of the points'.
    """
    out: list[str] = []
    category = None
    for name, item, score, detail in rows[:-1]:
        if name != category:
            out.extend(wrap(name, width))
            category = name
        names = wrap(item, label, indent="  ", subsequent="    ")
        out.append(pad(names[0], label) + "  " + score.rjust(points))
        out.extend(names[1:])
        if detail:
            out.extend(wrap(detail, width, indent="      ", subsequent="      "))
    out.append("-" * (label + 2 + points))
    out.append(pad("Total", label) + "  " + rows[-1][2].rjust(points))
    return "\n".join(out)


def summary_table(sheet: ScoreSheet, width: int | None) -> str:
    """Rank, player, each category's total and the total, best first, fitted to ``width`` by
    the one fitting rule (``tables.fit_table``): the category headers wrap at their spaces
    ("Common" over "animals"), then long player names wrap; narrower still, each player takes
    a line with the category totals written under it."""
    players = sorted(sheet.players, key=lambda p: p.rank)
    headers = ["Rank", "Player", *(clean(category) for category in sheet.categories), "Total"]
    rows = [[str(player.rank), clean(player.name),
             *(str(points) for points in player.category_totals(sheet.categories).values()),
             str(player.total)] for player in players]
    align = ["right", "left", *(["right"] * len(sheet.categories)), "right"]
    return fit_table(headers, rows, align, width, (1,),
                     stacked=lambda: _stacked_summary(sheet, players, width or 0))


def _stacked_summary(sheet: ScoreSheet, players: Sequence[PlayerScore], width: int) -> str:
    """Narrow widths: ``rank  name  total`` per player, the category totals under it."""
    totals = max(display_width(str(player.total)) for player in players)
    ranks = max(display_width(str(player.rank)) for player in players)
    label = min(max(display_width(clean(player.name)) for player in players), width - ranks - totals - 4)
    out = []
    for player in players:
        names = wrap(player.name, label)
        out.append(str(player.rank).rjust(ranks) + "  " + pad(names[0], label) + "  "
                   + str(player.total).rjust(totals))
        out.extend(" " * (ranks + 2) + name for name in names[1:])
        parts = [f"{clean(category)} {points}"
                 for category, points in player.category_totals(sheet.categories).items()]
        indent = " " * (ranks + 4)
        out.extend(wrap("; ".join(parts), width, indent=indent, subsequent=indent))
    return "\n".join(out)


# --- markdown ---------------------------------------------------------------------------------------


def markdown_cell(text: str) -> str:
    """A GitHub table cell: one line, with ``\\`` and ``|`` escaped (a name cannot end a cell)."""
    return clean(text).replace("\\", "\\\\").replace("|", "\\|")


def _markdown_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], align: Sequence[str]) -> str:
    return draw_markdown([markdown_cell(header) for header in headers],
                          [[markdown_cell(str(cell)) for cell in row] for row in rows], align)


def markdown_page(scored: Scored, summary: bool = False) -> str:
    sheet, info = scored.sheet, scored.info
    lines = [f"# {heading(scored)}", ""]
    if not summary:
        for player in sheet.players:
            rows = [[item.category, item.item, item.points, item.detail] for item in player.items]
            rows.append(["", "Total", player.total, ""])
            table = _markdown_table(ITEM_HEADERS, rows, ITEM_ALIGN)
            lines.extend([f"## {clean(player.name)}", "", table, ""])
    players = sorted(sheet.players, key=lambda p: p.rank)
    rows = [[player.rank, player.name, *player.category_totals(sheet.categories).values(), player.total]
            for player in players]
    align = ["right", "left", *(["right"] * len(sheet.categories)), "right"]
    table = _markdown_table(["Rank", "Player", *sheet.categories, "Total"], rows, align)
    lines.extend(["## Summary", "", table, ""])
    label, names = winner_line(sheet)
    lines.extend([f"{label}: {clean(names)}", ""])
    if sheet.tiebreak:
        lines.extend([f"Tie-break: {clean(sheet.tiebreak)}", ""])
    for note in sheet.notes:
        text = clean(note)
        if text.strip():
            # an indented note is one of a list; the others are paragraphs of their own
            lines.extend([f"- {text.strip()}"] if text.startswith(" ") else ["", text, ""])
    if info.notes:
        lines.extend(["", "Notes: " + "  \n".join(lines_of(info.notes)), ""])
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip("\n") + "\n"
