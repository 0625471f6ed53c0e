"""Run llama-cpp-python's OpenAI-compatible server on a loopback port, for live tests.

    with running_server(model_path) as base_url:     # "http://127.0.0.1:PORT/v1"
        httpx.get(f"{base_url}/models")

The server is `python -m llama_cpp.server` in a subprocess (the same interpreter as the
tests), bound to 127.0.0.1 on a free ephemeral port and serving the model under the
alias "tiny". Its output goes to a log file whose tail is shown if it fails to start.
It is stopped (terminate, then kill) on leaving the block.

llama_cpp.server reads its settings from the environment too, and the environment wins
over the command line for HOST, PORT and CONFIG_FILE: the child gets an environment
with every such setting removed, so only the flags given here apply.
"""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

MODEL_ALIAS = "tiny"
N_CTX = 4096   # room for a whole narration prompt (its tokens are mostly single characters)
START_TIMEOUT = 60.0
LOOPBACK = "127.0.0.1"

# Settings llama_cpp.server would take from the environment (pydantic-settings reads
# every field, case-insensitively; uvicorn's host and port are read from HOST / PORT).
_SERVER_ENV = {
    "host", "port", "config_file", "model", "model_alias", "api_key", "n_ctx",
    "chat_format", "verbose", "interrupt_requests", "root_path", "ssl_keyfile",
    "ssl_certfile", "n_gpu_layers", "n_threads", "n_threads_batch", "cache",
}


def _settings_names() -> set[str]:
    names = set(_SERVER_ENV)
    try:  # every field of the installed version, if it can be read
        from llama_cpp.server.settings import Settings

        names |= {name.lower() for name in Settings.model_fields}
    except Exception:  # noqa: BLE001 - the fixed list above still applies
        pass
    return names


def _child_env() -> dict[str, str]:
    drop = _settings_names()
    env = {k: v for k, v in os.environ.items() if k.lower() not in drop}
    env["PYTHONUNBUFFERED"] = "1"
    return env


def free_port(host: str = LOOPBACK) -> int:
    """An ephemeral port free on `host` right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float) -> int:
    """Status of GET url, without any proxy from the environment."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(url, timeout=timeout) as response:
        response.read()
        return response.status


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def server_command(model_path: Path, port: int, host: str = LOOPBACK, alias: str = MODEL_ALIAS,
                   extra: tuple[str, ...] = ()) -> list[str]:
    return [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(model_path),
        "--model_alias", alias,
        "--host", host,
        "--port", str(port),
        "--n_ctx", str(N_CTX),
        "--n_threads", "1",
        "--n_threads_batch", "1",
        *extra,
    ]


@contextlib.contextmanager
def running_server(
    model_path: Path | str,
    *,
    host: str = LOOPBACK,
    timeout: float = START_TIMEOUT,
    log_path: Path | None = None,
    alias: str = MODEL_ALIAS,
    extra: tuple[str, ...] = (),
) -> Iterator[str]:
    """Start the server, wait until GET /v1/models answers, yield the base URL
    ("http://127.0.0.1:PORT/v1"), and stop the server afterwards."""
    if host != LOOPBACK:
        raise ValueError(f"the test server only binds {LOOPBACK}, not {host!r}")
    model_path = Path(model_path)
    if not model_path.is_file():
        raise FileNotFoundError(model_path)
    if log_path is None:
        fd, name = tempfile.mkstemp(prefix="llama-server-", suffix=".log")
        os.close(fd)
        log_path = Path(name)

    attempts = 3  # another process may take the port between free_port() and bind
    for attempt in range(1, attempts + 1):
        port = free_port(host)
        base = f"http://{host}:{port}/v1"
        with open(log_path, "ab") as log:
            proc = subprocess.Popen(
                server_command(model_path, port, host, alias, extra),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=_child_env(),
            )
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    break  # exited: retry on a new port, or report
                try:
                    if _get(f"{base}/models", timeout=2.0) == 200:
                        break
                except (urllib.error.URLError, ConnectionError, OSError):
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"llama_cpp.server did not answer {base}/models within "
                        f"{timeout:.0f} s; log {log_path}:\n{_tail(log_path)}"
                    )
                time.sleep(0.2)
            if proc.poll() is not None:
                if attempt < attempts and "address already in use" in _tail(log_path).lower():
                    continue
                raise RuntimeError(
                    f"llama_cpp.server exited with {proc.returncode}; "
                    f"log {log_path}:\n{_tail(log_path)}"
                )
            yield base
            return
        finally:
            _stop(proc)
