"""Classroom play over the network: one server owns the tables, each child's client speaks for one seat.

``protocol`` is the wire: size-bounded JSON lines, each checked before it is
used, and the codec that carries a seat's view and the public events (never a
sentence: the client words them in its player's own language). ``server`` holds
the tables on the table loop and sends each seat only its own view. ``client``
is ``accessible-cards join``: the lobby and the game screen of local play, fed
from the server.
"""
