"""One profile, many games: every write reads the profile on disk, merges, and writes
back under a file lock, so games run side by side never lose each other's endings or
sleeves; a profile damaged meanwhile is never overwritten, and the player is told an
ending is unlocked only once it is stored."""
from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path

from narrator import bots, tomlfile
from narrator.profile import Profile
from narrator.session import Session

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"takeo": "bot:partner", "fumie": "bot:partner"}


def _game(story, folder: Path, seed: int, name: str) -> Session:
    return Session.new(story, "basic", seed, SEATS, folder / f"{name}.toml", Profile.load(folder))


def _finish(story, session: Session) -> None:
    players = {s: bots.make("partner", story, s, session.save.seed) for s in SEATS}
    while session.ending() is None:
        seat = session.to_act()[0]
        session.act(seat, players[seat].choose(session.view(seat)))


def _ending_seeds(story, tmp_path, n: int) -> list[int]:
    """Seeds whose games end on different pages."""
    found: dict[str, int] = {}
    for seed in range(60):
        s = Session.new(story, "basic", seed, SEATS, tmp_path / "probe.toml", None, autosave=False)
        _finish(story, s)
        found.setdefault(s.ending().id, seed)
        if len(found) == n:
            return list(found.values())
    raise AssertionError(f"only {found}")


def test_two_games_in_one_folder_keep_both_endings_and_sleeves(story, tmp_path):
    a_seed, b_seed = _ending_seeds(story, tmp_path, 2)
    a, b = _game(story, tmp_path, a_seed, "a"), _game(story, tmp_path, b_seed, "b")
    _finish(story, b)
    _finish(story, a)
    kept = Profile.load(tmp_path)
    assert set(kept.endings["fumie"]["basic"]) == {a.ending().id, b.ending().id}
    learned = {e.data["card"] for s in (a, b) for e in s.log if e.kind == "sleeve"}
    assert learned and learned <= set(kept.carried["sleeves"]["fumie"])


def test_parallel_writers_lose_nothing(tmp_path):
    script = (
        "import sys\nfrom pathlib import Path\nfrom narrator.profile import Profile\n"
        "p = Profile.load(Path(sys.argv[1]))\n"
        "for i in range(25):\n"
        "    p.record(lambda q: q.keep('story', {'sleeves': [*q.carried.get('sleeves', {}).get('story', []),"
        " f'{sys.argv[2]}{i}']}))\n")
    runs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path), tag], cwd=ROOT) for tag in "abc"]
    assert [r.wait(timeout=120) for r in runs] == [0, 0, 0]
    kept = Profile.load(tmp_path).carried["sleeves"]["story"]
    assert sorted(kept) == sorted(f"{t}{i}" for t in "abc" for i in range(25))


def test_a_profile_damaged_during_a_game_is_never_rewritten_and_the_game_says_so(story, tmp_path):
    session = _game(story, tmp_path, 3, "g")
    broken = b"format_version = 1\nendings = [ this is not toml\n"
    (tmp_path / "profile.toml").write_bytes(broken)
    _finish(story, session)
    assert (tmp_path / "profile.toml").read_bytes() == broken
    assert not session.first_time
    assert "not being kept" in session.profile_note and str(tmp_path / "profile.toml") in session.profile_note
    assert Session.resume(tmp_path / "g.toml", None, autosave=False).ending() == session.ending()


def test_the_cli_tells_of_a_new_ending_only_once_it_is_stored(cli, script, tmp_path, monkeypatch):
    game = script(3)
    real = tomlfile.write

    def no_profile(path, data):
        if path.name == "profile.toml":
            raise OSError(errno.EACCES, "Permission denied", str(path))
        real(path, data)

    monkeypatch.setattr(tomlfile, "write", no_profile)
    result = cli("play", "fumie", "--seed", 3, input=game.text)
    assert "A new ending is unlocked" not in result.output
    assert "not being kept" in result.output
    save = next(p for p in tmp_path.glob("*.toml"))
    ended = Session.resume(save, None, autosave=False)
    assert ended.ending() is not None and ended.save.ended      # the last move is in the save
    monkeypatch.setattr(tomlfile, "write", real)
    again = cli("play", "fumie", "--seed", 3, input=game.text)
    assert "A new ending is unlocked" in again.output
