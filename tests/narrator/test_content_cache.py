"""A story's validated content is kept between runs, and the cache is only a shortcut:
stale, damaged or unwritable, the story is validated afresh."""
from __future__ import annotations

import gc
import importlib.util
import io
import os
import pickle
import subprocess
import shutil
import sys
from pathlib import Path

import pytest

from narrator import content_cache
from narrator.library import Kept, load


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(content_cache.ENV, str(tmp_path / "cache"))
    return tmp_path / "cache" / "content"


def _same(a, b) -> bool:
    """Content objects hold their validated parts (records, which compare by value)."""
    return type(a) is type(b) and vars(a) == vars(b)


def _entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.pickle")) if cache.exists() else []


def test_the_kept_content_is_the_validated_content(cache):
    validated = load("fumie", fresh=True).content
    assert len(_entries(cache)) == 1
    kept = load("fumie", fresh=True).content
    assert kept is not validated and _same(kept, validated)


def test_the_voice_is_kept_beside_the_content(cache):
    voice = load("applerulette", fresh=True).voice
    [entry] = _entries(cache)
    assert content_cache.fetch(entry.stem).voice == voice == load("applerulette", fresh=True).voice


def test_a_damaged_entry_is_validated_afresh_and_written_again(cache):
    validated = load("applerulette", fresh=True).content
    [entry] = _entries(cache)
    entry.write_bytes(b"\x80\x05not a pickle at all")
    assert _same(load("applerulette", fresh=True).content, validated)
    assert _same(content_cache.fetch(entry.stem).content, validated)


def test_a_changed_story_file_is_a_new_key(cache, tmp_path):
    shutil.copytree(Path(load("fumie").folder), tmp_path / "mine" / "fumie")
    place = tmp_path / "mine" / "fumie"
    before = content_cache.key(place, load("fumie").family.load)
    page = place / "story.toml"
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 10**9))
    assert content_cache.key(place, load("fumie").family.load) != before


def test_a_story_folder_keeps_only_its_latest_entry(cache, tmp_path, monkeypatch):
    """An edited story (or an upgraded narrator) makes a new key: the entry kept under the
    old one is removed, so the cache does not grow with every change; other stories' stay."""
    place = tmp_path / "mine" / "myfumie"
    shutil.copytree(Path(load("fumie").folder), place)
    monkeypatch.setenv("NARRATOR_STORIES", str(tmp_path / "mine"))
    load("applerulette", fresh=True)
    others = {e.name for e in _entries(cache)}
    load("myfumie", fresh=True)
    first = {e.name for e in _entries(cache)} - others
    assert len(first) == 1
    page = place / "story.toml"
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 10**9))
    load("myfumie", fresh=True)
    second = {e.name for e in _entries(cache)}
    assert others <= second and len(second - others) == 1 and not first & second
    assert content_cache.fetch(content_cache.key(place, load("fumie").family.load)) is not None


def test_a_cache_that_cannot_be_written_is_not_used(tmp_path, monkeypatch):
    (tmp_path / "cache").write_text("a file where the folder would be")
    monkeypatch.setenv(content_cache.ENV, str(tmp_path / "cache"))
    assert load("fatima", fresh=True).content is not None


def test_an_empty_setting_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv(content_cache.ENV, "")
    assert content_cache.folder() is None
    assert load("fatima", fresh=True).content is not None


def test_the_authors_check_reads_the_files_not_the_kept_copy(cache):
    story = load("fatima", fresh=True)
    [entry] = _entries(cache)
    # A kept copy that no longer matches the files (as if written by another edition):
    # a game may use it, but the check validates the story's files themselves.
    content_cache.store(entry.stem, Kept("not the validated content", story.voice))
    assert load("fatima", fresh=True).content == "not the validated content"
    assert _same(load("fatima", validate=True).content, story.content)
    assert _same(content_cache.fetch(entry.stem).content, story.content)     # and writes it again


def test_an_entry_kept_in_another_shape_is_validated_afresh(cache):
    story = load("fatima", fresh=True)
    [entry] = _entries(cache)
    content_cache.store(entry.stem, story.content)      # as an earlier edition kept it
    assert _same(load("fatima", fresh=True).content, story.content)
    assert isinstance(content_cache.fetch(entry.stem), Kept)



def test_an_engine_changed_under_a_running_process_keeps_the_key_of_the_code_it_runs(tmp_path, monkeypatch):
    # The process validates with the engine it imported: were the key read from the files
    # at every load, content of the old shape would be kept under the new files' key, and
    # a process started after the upgrade would find it there.
    engine = tmp_path / "engine" / "lantern"
    engine.mkdir(parents=True)
    (engine.parent / "core.py").write_text("")
    (engine / "load.py").write_text("def load(): pass\n")
    (tmp_path / "story").mkdir()
    spec = importlib.util.spec_from_file_location("lantern_load", engine / "load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setitem(sys.modules, "lantern_load", module)
    before = content_cache.key(tmp_path / "story", module.load)
    (engine / "load.py").write_text("def load(): return 'a new edition'\n")
    os.utime(engine / "load.py", ns=(1, 1))
    assert content_cache.key(tmp_path / "story", module.load) == before
    content_cache._engine_stamp.cache_clear()      # a process started after the upgrade
    assert content_cache.key(tmp_path / "story", module.load) != before


# Run in a process of its own: as a later run reads the cache. (In the process that
# validated and stored the content, pickling it has put each original's attributes in a
# dictionary, and objects of those classes read back there are made that way too.)
_RECORDS_READ_BACK = """
import gc, pickle, sys
from engine.storyfiles import Frozen
from narrator.library import load


def records(content):
    seen, todo, found = set(), [content], []
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None), type)):
            continue
        seen.add(id(obj))
        if isinstance(obj, Frozen):
            found.append(obj)
        todo.extend(gc.get_referents(obj))
    return found


def in_a_dict(obj):
    # The collector's referents show an attribute dictionary without making one, as
    # reading obj.__dict__ would.
    names = {f.name for f in type(obj).__story_fields__}
    return any(type(r) is dict and names <= r.keys() for r in gc.get_referents(obj))


kept = load(sys.argv[1]).content
counted = len(records(kept)), sum(map(in_a_dict, records(kept)))
# (pickling the default way reads each object's __dict__, which makes one: counted first)
plain = pickle.loads(pickle.dumps(kept, pickle.HIGHEST_PROTOCOL))
print(*counted, sum(map(in_a_dict, records(plain))))
"""


@pytest.mark.parametrize("story", ["fumie", "fatima"])
def test_content_read_back_keeps_its_records_attributes_inline(cache, story):
    # Read back the default way, every record's attributes sit in a dictionary of its
    # own, and each read of one costs several times as much (content_cache.Keeper).
    load(story, fresh=True)
    assert len(_entries(cache)) == 1
    out = subprocess.run([sys.executable, "-c", _RECORDS_READ_BACK, story], capture_output=True,
                         text=True, check=True, env=os.environ, cwd=Path(__file__).parents[2])
    records, inline_not, plain_not = map(int, out.stdout.split())
    assert records > 40
    assert inline_not == 0
    assert plain_not == records     # (the way of telling them apart tells them apart)


class _Knot:
    def __init__(self, name):
        self.name = name
        self.itself = self
        self.shared = []


def test_what_is_kept_reads_back_whole_cycles_shared_parts_and_frozen_records_included():
    knot, other = _Knot("a"), _Knot("b")
    other.shared = knot.shared
    record = next(iter(load("fumie").content.cards.values()))
    out = io.BytesIO()
    content_cache.Keeper(out, protocol=pickle.HIGHEST_PROTOCOL).dump((knot, other, record))
    k, o, r = pickle.loads(out.getvalue())
    assert k.itself is k and k.name == "a" and o.shared is k.shared
    assert r == record
    with pytest.raises(AttributeError):
        r.id = "another"        # still frozen


class _Notes(dict):
    """A dict with attributes besides its items."""


def test_what_holds_items_reads_back_with_its_items_and_its_attributes():
    notes = _Notes(first="a")
    notes.seen = 2
    out = io.BytesIO()
    content_cache.Keeper(out, protocol=pickle.HIGHEST_PROTOCOL).dump([notes])
    [back] = pickle.loads(out.getvalue())
    assert type(back) is _Notes and back == {"first": "a"} and back.seen == 2
