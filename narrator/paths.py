"""Where saves and the profile live.

`--saves DIR` or NARRATOR_SAVES wins; run from a checkout (the code lives in one, or
the current folder is one), the checkout's `saves/` folder; otherwise the platform's
user data folder.
"""
from __future__ import annotations

import os
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent


def _is_checkout(folder: Path) -> bool:
    """A narrator source tree: its pyproject names the project and it has a saves/ folder."""
    try:
        return (folder / "saves").is_dir() and 'name = "narrator"' in (folder / "pyproject.toml").read_text()
    except OSError:
        return False


def saves_dir(option: str | None = None) -> Path:
    if option:
        return Path(option).expanduser()
    if os.environ.get("NARRATOR_SAVES"):
        return Path(os.environ["NARRATOR_SAVES"]).expanduser()
    for place in (CHECKOUT, Path.cwd()):
        if _is_checkout(place):
            return place / "saves"
    import platformdirs  # only when needed: it is not free to import

    return Path(platformdirs.user_data_dir("narrator", appauthor=False)) / "saves"
