"""``scorecalc tally GAME FILE``: ask for a finished table question by question, writing FILE as it goes.

Tally knows no game: it runs the game's interview (``Game.interview``, a
``spec.interview.Interview`` from ``games/GAME/interview.py``) over the game's declaration.

- ``questions.py`` plans the questions: the declaration walked in the interview's order (the
  same declaration that validates files, writes the template and the schema) against the
  table so far: settings, date and location, the players' names, each player's fields, then
  what refers to the players; a game's own entry form (``EntryForm``) is one question, asked
  until the form is done.
- ``answers.py`` turns a one-line answer into a YAML node and checks it with the field's spec.
- ``model.py`` is the interview apart from any screen: a ``State`` (the table so far and its
  progress), an answer applied giving a new state or a refusal, whole-table problems with the
  questions that can fix them, and the ``Entry`` a game's form is handed. No I/O.
- FILE itself is the table-file module's (``scorecalc/tablefile/``): read back (a table tally
  started, or one it did not), written in the template's layout with a ``tally:`` block while
  it is unfinished, kept safe (``Keeper``).
- ``session.py`` is the terminal's presenter over the model (its cursor, ``<`` and ``=``,
  FILE written after each new state), ``wording.py`` what it shows of a question, ``prompt.py``
  the terminal (questions on standard error).

Imported only by the ``tally`` command: no other command pays for it.
"""
