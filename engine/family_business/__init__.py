"""Family Business (Mike Fitzgerald) for 2-6 players: the rules engine.

``GAME`` implements the shared protocol of engine.game; the rules are numbered as in the
project's rules file (sections 1-11, RULINGs R1-R31).
"""

from engine.family_business.game import GAME, FamilyBusiness, FBOptions

__all__ = ["GAME", "FBOptions", "FamilyBusiness"]
