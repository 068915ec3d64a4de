"""The services: game orchestration without Discord (no discord import here)."""
