"""``scorecalc tally GAME FILE``: ask for a finished table question by question, writing FILE as it goes.

Tally knows no game: it runs the game's interview (``Game.interview``, a
``spec.interview.Interview`` from ``games/GAME/interview.py``) over the game's declaration.

- ``questions.py`` plans the questions: the declaration walked in the interview's order (the
  same declaration that validates files, writes the template and the schema) against the
  table so far: settings, date and location, the players' names, each player's fields, then
  what refers to the players; a game's own entry form (``EntryForm``) is one question, asked
  until the form is done.
- ``answers.py`` turns a one-line answer into a YAML node and checks it with the field's spec.
- FILE itself is the table-file module's (``scorecalc/tablefile/``): read back (a table tally
  started, or one it did not), written in the template's layout with a ``tally:`` block while
  it is unfinished, kept safe (``Keeper``); ``progress.py`` and ``keeping.py`` name those here.
- ``session.py`` is the loop (and the ``Entry`` a form is handed); ``prompt.py`` the terminal
  (questions on standard error).

Imported only by the ``tally`` command: no other command pays for it.
"""
