"""``scorecalc tally GAME FILE --web``: the same tally answered from the players' phones.

``pad.py`` holds the table over the interview model and FILE; ``app.py`` serves it (Starlette
routes, the token and ``Host`` checks, the policy headers); ``serve.py`` chooses the address,
prints it with its QR code and runs the server (uvicorn). Only ``--web`` imports this package,
so no other command pays for the web stack.
"""
