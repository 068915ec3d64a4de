"""The engine is pure Python: no module under engine/ imports discord, aiosqlite or asyncio."""

from __future__ import annotations

import ast
from pathlib import Path

import engine

FORBIDDEN = {"discord", "aiosqlite", "asyncio"}
ENGINE_DIR = Path(engine.__file__).parent


def forbidden_imports(source: str) -> set[str]:
    """Top-level names of forbidden modules imported by ``source`` (import statements,
    ``__import__`` and ``importlib.import_module`` with a literal name)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            arg = node.args[0]
            if called in ("import_module", "__import__") and isinstance(arg, ast.Constant):
                names = [str(arg.value)]
        found |= {n.split(".")[0] for n in names} & FORBIDDEN
    return found


def test_checker_catches_every_form():
    assert forbidden_imports("import discord") == {"discord"}
    assert forbidden_imports("from discord.ext import commands") == {"discord"}
    assert forbidden_imports("import os, aiosqlite as db") == {"aiosqlite"}
    assert forbidden_imports("def f():\n    import asyncio.locks") == {"asyncio"}
    assert forbidden_imports("importlib.import_module('discord')") == {"discord"}
    assert forbidden_imports("__import__('asyncio')") == {"asyncio"}
    assert forbidden_imports("import discordant\nfrom . import asyncio") == set()


def test_no_engine_module_imports_discord_aiosqlite_or_asyncio():
    files = sorted(ENGINE_DIR.rglob("*.py"))  # subpackages included
    assert len(files) >= 10
    offenders = {
        str(f.relative_to(ENGINE_DIR)): bad
        for f in files
        if (bad := forbidden_imports(f.read_text(encoding="utf-8")))
    }
    assert offenders == {}
