"""Reading a file: YAML text -> a node tree with positions; syntax errors in plain words; scalar rules.

- ``loading``: the file's text, composed (never constructed) into nodes that know their line
  and column; safe scalars and tags; the budgets that hold a hostile file.
- ``scalars``: the one table of rules by which a plain scalar is a number, a boolean, null or
  text, in a file and in a tally answer alike.
- ``syntax``: a YAML syntax error as a player can act on it.
- ``words``: spellings of names (``Howler Monkey`` = ``howler_monkey``) and "did you mean".
- ``document``: the validated document a game's ``parse`` reads.
"""
