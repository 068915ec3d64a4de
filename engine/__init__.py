"""The game engines: pure Python, no Discord, no database, no asyncio.

* ``engine.game``      the protocol every game implements (``Game``, ``Outcome``, ``replay``)
* ``engine.games``     the registry: game name -> its ``Game`` object
* ``engine.famiglia``  Famiglia (two players, or solo against the robot gangster)
* ``engine.ai``        search that works on any game through the protocol
* ``engine.errors``    the errors every game raises (``IllegalAction``)
* ``engine.cli``       the ``famiglia`` command: play or simulate in the terminal
"""
