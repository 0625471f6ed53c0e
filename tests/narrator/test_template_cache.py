"""The templates' bytecode is cached in the user cache folder, per narrator version, and
a cache folder that cannot be made is skipped without a word."""
from __future__ import annotations

import platformdirs

from narrator import __version__, narration


def _fresh(monkeypatch, where):
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda *a, **k: str(where))
    narration._environment.cache_clear()
    return narration._environment()


def test_compiled_templates_are_kept_under_the_version(monkeypatch, tmp_path):
    try:
        env = _fresh(monkeypatch, tmp_path)
        name = env.list_templates(extensions=["j2"])[0]
        env.get_template(name)
        kept = tmp_path / f"templates-{__version__}"
        assert any(kept.iterdir())
        again = _fresh(monkeypatch, tmp_path)
        assert again.get_template(name).render is not None
    finally:
        narration._environment.cache_clear()


def test_a_cache_that_cannot_be_made_is_skipped(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    try:
        env = _fresh(monkeypatch, blocker / "cache")
        assert env.bytecode_cache is None
        env.get_template(env.list_templates(extensions=["j2"])[0])
    finally:
        narration._environment.cache_clear()
