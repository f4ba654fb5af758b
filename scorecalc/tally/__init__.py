"""``scorecalc tally GAME FILE``: ask for a finished table question by question, writing FILE as it goes.

- ``questions.py`` derives the questions from the game's declaration (the same one that
  validates files, writes the template and the schema), in the order a player reads the
  table: settings, date and location, the players' names, each player's fields, then what
  refers to the players. The Caracas board has its own form (the grid, row by row).
- ``answers.py`` turns a one-line answer into a YAML node and checks it with the field's spec.
- ``progress.py`` reads FILE back (a table tally started, or one it did not) and writes it
  in the template's layout with a ``tally:`` block while it is unfinished.
- ``session.py`` is the loop; ``prompt.py`` the terminal (questions on standard error).

Imported only by the ``tally`` command: no other command pays for it.
"""
