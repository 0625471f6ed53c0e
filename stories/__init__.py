"""The stories shipped with narrator: one folder each, data only (TOML and Markdown)."""
