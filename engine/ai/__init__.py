"""Game-independent search: AI opponents that play any game through the protocol of
engine.game (``awaiting``, ``legal_actions``, ``apply``, ``determinize``, ``outcome``).

A game's own tuned search, which works on its internal representation, lives in that
game's package (Famiglia's: engine.famiglia.ai).
"""
