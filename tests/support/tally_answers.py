"""What is typed to ``scorecalc tally`` for each game: a terminal session and the same answers
piped (``tests/system/test_tally.py``; the piped ones also seed ``bench/fuzz_tally.py``).

Typed answers are genuinely a game's own: a game of the registry without a session here fails
the tally tests, saying to add one (``helpers.per_game``).
"""

from __future__ import annotations

# (the question's label, what is typed); "^C" interrupts; "!message" expects a refusal first
SESSIONS = {
    "galapagos": {
        "first": [
            ("date", "2026-01-05 20:00"), ("location", "Home"),
            ("player 1's name", "Anna"), ("player 2's name", "Ben"), ("player 3's name", ""),
            ("exhibition", "41"), ("education", "30"), ("!", "must be at most 25"), ("education", "17"),
            ("animals", "sea_l\t 2, tort\t 1"), ("money", "<"), ("animals", ""), ("money", "2300"),
            ("exhibition 1 animals", ""), ("exhibition", "^C"),
        ],
        "resume": "exhibition",
        "second": [
            ("exhibition", "35"), ("education", "12"), ("animals", "3"), ("money", "1900"),
            ("exhibition 1 animals", ""),
        ],
        "piped": ["2026-01-05 20:00", "Home", "Anna", "Ben", "", "41", "17", "sea_lion 2, tortoise 1", "2300",
                  "", "35", "12", "3", "1900", ""],
    },
    "caribe": {
        "first": [
            ("university cards", "coim\t fauna, london coast\t, paris turtle"), ("solo", ""),
            ("date", "2026-01-05"), ("location", ""),
            ("player 1's name", "Inês"), ("player 2's name", "Jo"), ("player 3's name", ""),
            ("score", "70"), ("knowledge", "3 4 9"), ("!", "white value is 0-5"), ("knowledge", "3 4 2"),
            ("universities", "2 1 1"), ("board", "<"), ("universities", ""), ("board", "5 0 0 0 0 3"),
            ("book 1", "fauna 2, geology 1"), ("book 2", ""), ("leftover", "2 2 2 1"), ("score", "^C"),
        ],
        "resume": "score",
        "second": [
            ("score", "60"), ("knowledge", "2 3 3"), ("universities", "1 0 0"), ("board", "3 3 3 1 1 1"),
            ("book 1", ""), ("leftover", ""),
        ],
        "piped": ["coimbra fauna, london coastline, paris turtle", "", "2026-01-05", "", "Inês", "Jo", "",
                  "70", "3 4 2", "2 1 1", "5 0 0 0 0 3", "fauna 2, geology 1", "", "2 2 2 1",
                  "60", "2 3 3", "1 0 0", "3 3 3 1 1 1", "", ""],
    },
    "caracas": {
        "first": [
            ("house rules?", "caiman_ties str\t"), ("date", "2026-01-05"), ("location", ""),
            ("player 1's name", "Alex"), ("player 2's name", "Bea"), ("player 3's name", ""),
            ("row 1", "JuJa~ES JuSlSo~NESW JuHo~SW SaAt"), ("row 2", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb"),
            ("row 3", "JuCp~E SwCm~NEW SwEe~ESW"), ("!", "a row has 4"),
            ("row 3", "JuCp~E SwCm~NEW SwEe~ESW SaTa"), ("row 4", "<"),
            ("row 3", "JuCp~E SwCm~NEW SwEe~ESW JuIbSh~W"), ("row 4", ""), ("row 1", "^C"),
        ],
        "resume": "row 1",
        "second": [("row 1", "6 4 2 3")],
        "piped": ["caiman_ties strict", "2026-01-05", "", "Alex", "Bea", "",
                  "JuJa~ES JuSlSo~NESW JuHo~SW SaAt", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb",
                  "JuCp~E SwCm~NEW SwEe~ESW JuIbSh~W", "", "6 4 2 3"],
    },
    "origin": {
        "first": [
            ("variant", ""), ("objective", "plym\t"), ("date", "2026-01-05"), ("location", ""),
            ("player 1's name", "Rachel"), ("player 2's name", "Ezra"), ("player 3's name", ""),
            ("score", "38"), ("books", "4 8 2"), ("tiles", "<"), ("books", ""), ("tiles", "Sea Snail"),
            ("score", "^C"),
        ],
        "resume": "score",
        "second": [
            ("score", "30"), ("books", "2 2 2"), ("tiles", "2"),
            ("tile 1 species", "Sea Lion"), ("level", "5"), ("!", "must be at most 4"),
            ("level", "3"), ("cubes", "Rach\t 2, Ezra 1"),
            ("tile 2 species", ""),
        ],
        "piped": ["", "plymouth", "2026-01-05", "", "Rachel", "Ezra", "", "38", "4 8 2", "Sea Snail",
                  "30", "2 2 2", "2", "Sea Lion", "3", "Rachel 2, Ezra 1", ""],
    },
}

PIPED = {game: session["piped"] for game, session in SESSIONS.items()}
"""Each game's piped answers, one a line: a whole table from nothing."""
