"""Where saves and the profile live.

`--saves DIR` or NARRATOR_SAVES wins; run from a checkout, the checkout's `saves/`
folder; otherwise the platform's user data folder.
"""
from __future__ import annotations

import os
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent


def saves_dir(option: str | None = None) -> Path:
    if option:
        return Path(option).expanduser()
    if os.environ.get("NARRATOR_SAVES"):
        return Path(os.environ["NARRATOR_SAVES"]).expanduser()
    if (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "saves").is_dir():
        return CHECKOUT / "saves"
    import platformdirs  # only when needed: it is not free to import

    return Path(platformdirs.user_data_dir("narrator", appauthor=False)) / "saves"
