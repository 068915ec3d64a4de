"""Checks that keep the code as the project's rules say: the type checker finds nothing
in engine/ and db/ (strict settings and the files in pyproject.toml), and no function
in engine/, db/, bot/ or cogs/ is more complex than ruff's C901 allows (max-complexity
in pyproject.toml), ruff's lint finds nothing anywhere and every file is formatted
(``ruff format``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_the_engine_and_the_store():
    run = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_function_of_the_program_is_too_complex():
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "C90", "engine", "db", "bot", "cogs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_finds_nothing_and_the_code_is_formatted():
    for args in (["check", "."], ["format", "--check", "."]):
        run = subprocess.run(
            [sys.executable, "-m", "ruff", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, " ".join(args) + "\n" + run.stdout + run.stderr


def test_the_layers_import_only_downwards():
    """import-linter's contracts in pyproject.toml: the engine imports nothing of the
    bot, the cogs or the store (nor discord, a database driver or asyncio); the store
    nothing of the bot or the cogs."""
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
