"""Shared fixtures: the CLI runner, and the toy kind registered for core and CLI tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def toy():
    """The toy kind, registered for the duration of a test."""
    import numberplay
    from numberplay.kinds import unregister
    from toykind import TOY

    numberplay.register(TOY)
    yield TOY
    unregister(TOY.name)


@pytest.fixture
def toy_cli(toy):
    """Run the CLI (built with the toy kind registered): returns a function(args, input)."""
    from click.testing import CliRunner

    from numberplay.cli import build_app

    app = build_app()
    runner = CliRunner()

    def run(args, stdin=None):
        return runner.invoke(app, args, input=stdin)

    return run


@pytest.fixture(scope="module")
def run():
    """Run the CLI with the registered kinds: returns a function(args, stdin, color)
    giving Typer's result (exit_code, output, stdout, stderr)."""
    from click.testing import CliRunner

    from numberplay.cli import build_app

    app = build_app()
    runner = CliRunner()

    def invoke(args, stdin=None, color=False):
        return runner.invoke(app, args, input=stdin, color=color)

    return invoke
