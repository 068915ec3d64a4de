"""The services: games without Discord. The games service (lock, load, the engine,
the version-checked commit), the modes (solo robot, AI), the AI's pool and queue, the
game facts kept in memory, cooldowns, and the parsing of typed options. Nothing here
imports discord; the cogs call these, and these call the store and the engine."""
