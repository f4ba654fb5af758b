"""What ``standings``' insight options add, laid out: JSON keys, CSV columns and the table sections.

Each option adds to every format (SPEC section 7, "League insight"), and nothing else
changes:

- ``--ratings``: JSON ``rating: {ordinal, mu, sigma}`` overall and per game (null before a
  play with others); CSV ``rating_ordinal, rating_mu, rating_sigma``; a "Ratings" table,
  one column for all games and one per game.
- ``--streaks``: JSON ``streak: {longest, current}`` and ``form``; CSV ``streak_longest,
  streak_current, form`` (overall rows); a "Streaks and form" table.
- ``--versus``: JSON ``versus: [{name, met, ahead, behind}]``, ``rival``, ``nemesis``; CSV
  ``rival, nemesis`` (overall rows); a "Head to head" table.
- ``--by-players``: JSON ``by_game.GAME.by_players``; CSV ``players2_played`` … (per table
  size seen, game rows); a table per game.
- ``--categories``: JSON ``by_game.GAME.categories``; CSV one column per category (their
  union, game by game, in each game's order; game rows); a table per game.

Numbers are rounded to 3 decimals in JSON and CSV, to 1 in tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..league.standings import ALL, Player, Record, Standings

if TYPE_CHECKING:
    from ..league.ratings import Rating

NO_VALUE = "–"
"""A figure that is not there (a category not recorded, no rating yet): an en dash, as SPEC shows."""
"""A table cell with nothing to show (no rating yet, no result)."""


def rating_json(rating: Rating | None) -> dict[str, float] | None:
    if rating is None:
        return None
    return {"ordinal": round(rating.ordinal, 3), "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3)}


def names_by_key(standings: Standings) -> dict[str, str]:
    return {player.key: player.name for player in standings.players}


def player_json(standings: Standings, player: Player) -> dict[str, Any]:
    """The overall keys the insight options add to a player."""
    insight = standings.insight
    found: dict[str, Any] = {}
    if insight.ratings:
        found["rating"] = rating_json(player.overall.rating)
    if insight.streaks:
        form = player.form
        found["streak"] = {"longest": form.longest if form else 0, "current": form.current if form else 0}
        found["form"] = form.form if form else ""
    if insight.versus:
        names = names_by_key(standings)
        found["versus"] = [{"name": names[meeting.key], "met": meeting.met, "ahead": meeting.ahead,
                            "behind": meeting.behind} for meeting in player.versus or []]
        found["rival"] = player.rival
        found["nemesis"] = player.nemesis
    return found


def by_players_json(record: Record) -> dict[str, dict[str, Any]]:
    return {str(size): {"played": part.played, "wins": part.wins, "win_rate": round(part.win_rate, 3),
                        "average": round(part.average, 3)}
            for size, part in sorted((record.by_players or {}).items())}


def game_json(standings: Standings, game: str, record: Record) -> dict[str, Any]:
    """The keys the insight options add to a player's record in one game."""
    insight = standings.insight
    found: dict[str, Any] = {}
    if insight.ratings:
        found["rating"] = rating_json(record.rating)
    if insight.by_players:
        found["by_players"] = by_players_json(record)
    if insight.categories:
        averages = record.category_averages()
        found["categories"] = {category: None if value is None else round(value, 3)
                               for category, value in averages.items()}
    return found


# --- CSV -------------------------------------------------------------------------------------


Cell = Callable[[Standings, Player, str, Record], Any]


class Column(NamedTuple):
    """A CSV column an option adds: its name and its cell for a player's row of one game."""

    name: str
    cell: Cell
    free_text: bool = False
    """A player's name (kept from reading as a formula)."""


def overall_only(value: Callable[[Player], Any]) -> Cell:
    return lambda standings, player, game, record: value(player) if game == ALL else ""


def games_only(value: Callable[[Record], Any]) -> Cell:
    return lambda standings, player, game, record: "" if game == ALL else value(record)


def rating_cell(part: str) -> Cell:
    def cell(standings: Standings, player: Player, game: str, record: Record) -> Any:
        found = rating_json(record.rating)
        return "" if found is None else found[part]

    return cell


def csv_columns(standings: Standings) -> list[Column]:
    """The columns the insight options add, in a fixed order (ratings, streaks, head to
    head, by number of players, categories), whatever the order of the options."""
    insight = standings.insight
    columns: list[Column] = []
    if insight.ratings:
        columns += [Column(f"rating_{part}", rating_cell(part)) for part in ("ordinal", "mu", "sigma")]
    if insight.streaks:
        columns += [Column("streak_longest", overall_only(lambda p: p.form.longest if p.form else 0)),
                    Column("streak_current", overall_only(lambda p: p.form.current if p.form else 0)),
                    Column("form", overall_only(lambda p: p.form.form if p.form else ""))]
    if insight.versus:
        columns += [Column("rival", overall_only(lambda p: p.rival or ""), free_text=True),
                    Column("nemesis", overall_only(lambda p: p.nemesis or ""), free_text=True)]
    if insight.by_players:
        columns += by_players_columns(standings)
    if insight.categories:
        columns += category_columns(standings)
    return columns


def by_players_columns(standings: Standings) -> list[Column]:
    sizes = sorted({size for player in standings.players for record in player.by_game.values()
                    for size in record.by_players or {}})
    def value(size: int, figure: str) -> Callable[[Record], Any]:
        return lambda record: by_players_json(record).get(str(size), {}).get(figure, "")

    return [Column(f"players{size}_{figure}", games_only(value(size, figure)))
            for size in sizes for figure in ("played", "wins", "win_rate", "average")]


def category_columns(standings: Standings) -> list[Column]:
    names: list[str] = []
    for game in standings.games:
        names += [category for category in standings.categories[game] if category not in names]
    def value(name: str) -> Callable[[Record], Any]:
        return lambda record: rounded_or_empty(record.category_averages().get(name))

    return [Column(name, games_only(value(name))) for name in names]


def rounded_or_empty(value: float | None) -> Any:
    return "" if value is None else round(value, 3)


# --- tables ----------------------------------------------------------------------------------


def one_decimal(value: float | None) -> str:
    return NO_VALUE if value is None else f"{value:.1f}"


def section(title: str, headers: Sequence[str], body: list[list[str]], align: Sequence[str],
            markdown: bool, width: int | None, note: str = "", wrapped: Sequence[int] = (1,),
            level: str = "## ") -> str:
    """A titled table (with a note under the title, wrapped to ``width``)."""
    from .standings import escape, laid_out, note_lines

    lines = [(level if markdown else "") + title, ""]
    if note:
        lines += [*note_lines(note, markdown, width), ""]
    if markdown:
        body = [[escape(cell) for cell in row] for row in body]
    lines.append(laid_out(headers, body, align, markdown, width, wrapped))
    return "\n".join(lines)


def overall_sections(standings: Standings, markdown: bool, width: int | None) -> list[str]:
    """The sections after the overall table: ratings, streaks and form, head to head."""
    insight = standings.insight
    found = []
    if insight.ratings:
        found.append(ratings_section(standings, markdown, width))
    if insight.streaks:
        found.append(streaks_section(standings, markdown, width))
    if insight.versus:
        found.append(versus_section(standings, markdown, width))
    return found


RATINGS_NOTE = ("Rating: the ordinal mu - 3 sigma of openskill's Thurstone-Mosteller model, 0 before "
                "a first play with others; it rises with wins against strong players.")


def ratings_section(standings: Standings, markdown: bool, width: int | None) -> str:
    """One row per player, best rated over all games first; one column for all games and
    one per game."""
    def rank_key(player: Player) -> tuple[Any, ...]:
        rating = player.overall.rating
        return (rating is None, -(rating.ordinal if rating else 0.0), player.key, player.name)

    players = sorted(standings.players, key=rank_key)
    headers = ["#", "Player", "All games", *(short_title(game) for game in standings.games)]
    body: list[list[str]] = []
    previous: tuple[Any, ...] | None = None
    for index, player in enumerate(players):
        level = rank_key(player)[:2]
        position = body[-1][0] if previous == level else str(index + 1)
        previous = level
        cells = [position, player.name, one_decimal(ordinal(player.overall.rating))]
        cells += [one_decimal(ordinal(player.by_game[game].rating)) if game in player.by_game else NO_VALUE
                  for game in standings.games]
        body.append(cells)
    align = ["right", "left", *["right"] * (len(headers) - 2)]
    return section("Ratings", headers, body, align, markdown, width, RATINGS_NOTE)


def ordinal(rating: Rating | None) -> float | None:
    return None if rating is None else rating.ordinal


def short_title(game: str) -> str:
    """A game's name as a column header (``Origin``, not the whole title)."""
    return game.capitalize()


def streaks_section(standings: Standings, markdown: bool, width: int | None) -> str:
    body = []
    for player in standings.players:
        form = player.form
        if form is None:
            body.append([player.name, NO_VALUE, NO_VALUE, NO_VALUE])
        else:
            body.append([player.name, str(form.current), str(form.longest), form.form or NO_VALUE])
    note = ("Streak: wins in a row up to the latest play. Form: the last five results, latest last "
            "(solo plays without a goal count in neither).")
    return section("Streaks and form", ["Player", "Streak", "Longest", "Form"], body,
                   ["left", "right", "right", "left"], markdown, width, note, wrapped=(0,))


def versus_section(standings: Standings, markdown: bool, width: int | None) -> str:
    names = names_by_key(standings)
    body = []
    for player in standings.players:
        for index, meeting in enumerate(player.versus or []):
            opponent = names[meeting.key]
            marks = [word for word, who in (("rival", player.rival), ("nemesis", player.nemesis))
                     if who == opponent]
            shown = f"{opponent} ({', '.join(marks)})" if marks else opponent
            body.append([player.name if index == 0 or markdown else "", shown, str(meeting.met),
                         str(meeting.ahead), str(meeting.behind)])
    note = ("Met: plays together. Ahead, Behind: who finished ahead (a shared place counts for "
            "neither). Rival: the opponent met most (then the closest record). Nemesis: the opponent "
            "most often ahead, of those ahead more often than behind.")
    if not body:
        body = [[player.name, NO_VALUE, "0", "0", "0"] for player in standings.players]
    return section("Head to head", ["Player", "Opponent", "Met", "Ahead", "Behind"], body,
                   ["left", "left", "right", "right", "right"], markdown, width, note, wrapped=(0, 1))


def game_sections(standings: Standings, game: str, markdown: bool, width: int | None) -> list[str]:
    """The sections after a game's table: by number of players, average per category."""
    insight = standings.insight
    title = standings.titles.get(game, game)
    found = []
    if insight.by_players:
        found.append(by_players_section(standings, game, title, markdown, width))
    if insight.categories:
        found.append(categories_section(standings, game, title, markdown, width))
    return found


def by_players_section(standings: Standings, game: str, title: str, markdown: bool, width: int | None) -> str:
    from .standings import percent

    body = []
    for player, record in standings.table(game):
        for index, (size, part) in enumerate(sorted((record.by_players or {}).items())):
            body.append([player.name if index == 0 or markdown else "", str(size), str(part.played),
                         str(part.wins), percent(part.win_rate), f"{part.average:.1f}"])
    headers = ["Player", "Players", "Played", "Wins", "Win rate", "Average"]
    return section(f"{title} by number of players", headers, body, ["left", *["right"] * 5], markdown, width,
                   wrapped=(0,), level="### ")


def categories_section(standings: Standings, game: str, title: str, markdown: bool, width: int | None) -> str:
    categories = standings.categories[game]
    body = []
    for player, record in standings.table(game):
        averages = record.category_averages()
        body.append([player.name, *(one_decimal(averages.get(category)) for category in categories)])
    return section(f"{title}: average per category", ["Player", *categories], body,
                   ["left", *["right"] * len(categories)], markdown, width, wrapped=(0,), level="### ")
