"""Everything that talks to people or machines: CLI, REPL, narration, saves, bots."""

__version__ = "0.1.0"
