"""The game engines: pure Python, no Discord, no database, no asyncio.

* ``engine.game``      the protocol every game implements (``Game``, ``Outcome``, ``replay``)
* ``engine.games``     the registry: game name -> its ``Game`` object
* ``engine.famiglia``  Famiglia (two players, or solo against the robot gangster)
* ``engine.family_business``  Family Business (2-6 players, counters out of turn)
* ``engine.ai``        search that works on any game through the protocol (``ismcts``)
* ``engine.errors``    the errors every game raises (``IllegalAction``)
* ``engine.cli``       the ``famiglia`` command: play or simulate in the terminal
"""
