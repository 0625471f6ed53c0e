"""The local backend's llama.cpp log lives beside the user's logs, and does not grow
without end: every game appends to it, so a long one is set aside for a fresh one."""
from __future__ import annotations

from narrator.llm import local


def test_a_long_log_is_set_aside_and_a_short_one_kept(tmp_path, monkeypatch):
    monkeypatch.setattr("platformdirs.user_log_dir", lambda *a, **k: str(tmp_path / "logs"))
    path = local.log_path()
    path.write_bytes(b"llama_model_loader: short\n")
    assert local.log_path().read_bytes() == b"llama_model_loader: short\n"
    path.write_bytes(b"x" * (local.LOG_BYTES + 1))
    again = local.log_path()
    assert again == path and not path.exists()
    assert (tmp_path / "logs" / "llama.log.1").stat().st_size == local.LOG_BYTES + 1   # one old log kept
    path.write_bytes(b"y" * (local.LOG_BYTES + 1))
    local.log_path()
    assert (tmp_path / "logs" / "llama.log.1").read_bytes()[:1] == b"y"               # and only one
