"""The author's check of a story (`narrator check STORY`), before anyone plays it.

It loads every file of the story (each error names its file, key and fix), compiles
every template, plays a few seeded bot games of every episode and table size, and
renders every variant of every event kind against sample events of that kind for each
reader told of them, folded and verbose, with the fold and flavour templates; it renders
every ending page with and without a game. An undefined name or a Jinja error is
reported with its file and line. It lists the ending pages no rule can reach, the
templates no event uses, and the event kinds no template tells.

What a rule "can reach" is read from the rules themselves: a page with its own rule in
the ending book is reached by it (unless a page before it, with no condition, takes
every game at the same moment); otherwise an ending id or an event
kind is named either in the story's own files (outside the ending book) or as a word in
the family's rules code (its package's string constants; an ending id may be two such
words joined, a cause and a seat), or it happened in a sample game.
"""
from __future__ import annotations

import ast
import copy
import itertools
import tomllib
import traceback
from collections import Counter
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from jinja2 import TemplateError, TemplateSyntaxError

from engine.errors import GameError, StoryError
from narrator import bots, endpage
from narrator.library import UnknownStory, folder, load
from narrator.narration import (GENERIC, Narrator, dealt_one_of, environment_for, own_prompts, package_prompts,
                                tell_game)

PAGE_WORDS = {"id", "title", "tone", "condition", "text"}   # what a page says, not when it is reached
SAMPLES_PER_KIND = 12      # distinct sample events of one kind rendered with every variant
GAMES = 4                  # seeded bot games per episode and table size
TABLES = (None, 2, 3, 4, 5, 6, 7, 8)   # table sizes tried (a family takes those it allows)


@dataclass(frozen=True)
class Finding:
    where: str        # a file (and line), or a file and key
    what: str
    problem: bool = True   # False: worth knowing, not wrong

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


@dataclass
class Report:
    story: str
    findings: list[Finding]
    games: int = 0
    rendered: int = 0

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.problem]


def _where_in_template(err: Exception, fallback: str) -> str:
    """The template file and line an error was raised at, from its traceback."""
    if isinstance(err, TemplateSyntaxError):
        return f"{_short(err.filename or fallback)}:{err.lineno}"
    frames = [f for f in traceback.extract_tb(err.__traceback__)
              if f.filename.endswith(".j2") or f.filename == "<template>"]
    if not frames:
        return fallback
    last = frames[-1]
    name = fallback if last.filename == "<template>" else _short(last.filename)
    return f"{name}:{last.lineno}"


def _short(path: str) -> str:
    """A template's path as an author knows it: prompts/STORY/x.j2, or the file itself."""
    try:
        return "prompts/" + str(Path(path).resolve().relative_to(package_prompts().resolve()))
    except ValueError:
        return path


def _message(err: Exception) -> str:
    return f"{type(err).__name__}: {err}"


def _rule_words(story) -> set[str]:
    """Every string the story's files (outside its ending book) and the family's rules
    code hold: the ending ids and event kinds the rules can name."""
    words: set[str] = set()

    def collect(value) -> None:
        if isinstance(value, str):
            words.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                collect(v)
        elif isinstance(value, list):
            for v in value:
                collect(v)

    for path in _toml_files(story.folder):
        if "endings" not in Path(str(path)).parts:
            try:
                collect(tomllib.loads(path.read_text(encoding="utf-8")))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError):
                pass   # reported as a broken file
    package = story.family.new_game.__module__.rpartition(".")[0]   # the family's engine package
    for source in files(package).iterdir():
        if source.name.endswith(".py"):
            tree = ast.parse(source.read_text(encoding="utf-8"))
            words |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return words


def _toml_files(place) -> list:
    out = []
    for p in sorted(place.iterdir(), key=lambda p: p.name):
        if p.is_dir():
            out += _toml_files(p)
        elif p.name.endswith(".toml"):
            out.append(p)
    return out


def _tables(story, episode: str) -> list[tuple[dict, tuple[str, ...]]]:
    """The table sizes the family allows, each with its seats (one of each)."""
    seen: dict[tuple[str, ...], dict] = {}
    for players in TABLES:
        table = {} if players is None else {"players": players}
        try:
            seats = story.seats_for({**table, "episode": episode})
        except (GameError, ValueError):
            continue
        seen.setdefault(tuple(seats), table)
    return [(table, seats) for seats, table in seen.items()]


@dataclass
class Game:
    episode: str
    seed: int
    seats: tuple[str, ...]
    log: list
    marks: list[int]
    ending: str


def play(story, episode: str, table: dict, seats, seed: int) -> Game:
    g = story.family
    options = {**table, "episode": episode}
    state = g.new_game(story.content, seats, seed, options)
    players = {s: bots.make(bots.NAMES[(seed + i) % len(bots.NAMES)], story, s, seed) for i, s in enumerate(seats)}
    marks = [len(state.log)]
    for _ in range(5000):
        if g.ending(state) is not None:
            break
        seat = g.to_act(state)[0]
        g.apply(state, seat, g.parse(players[seat].choose(story.view(state, seat))))
        marks.append(len(state.log))
    ended = g.ending(state)
    return Game(episode, seed, tuple(seats), list(state.log), marks, ended.id if ended else "")


def _shape(event) -> tuple:
    """What tells two sample events of a kind apart for a template: their keys, and the
    short words among their values (a `why`, a `face`, a yes or no)."""
    return (event.kind, tuple(sorted((k, v if isinstance(v, (str, bool)) and len(str(v)) < 24 else type(v).__name__)
                                     for k, v in event.data.items())), event.seats is None)


class _Profile:
    """A profile that has come to every ending of the story twice."""

    def __init__(self, story):
        counted = type("Unlocked", (), {"count": 2})()
        self.endings = {story.id: {ep["id"]: {p.id: counted for p in story.content.books[ep["id"]].ending}
                                   for ep in story.episodes}}


def check(story_id: str, games: int = GAMES) -> Report:
    report = Report(story_id, [])
    add = report.findings.append
    try:
        place = folder(story_id)
    except UnknownStory as err:
        add(Finding(story_id, str(err.args[0])))
        return report
    for path in _toml_files(place):
        try:
            tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            add(Finding(str(path), f"is not valid TOML: {err}"))
    try:
        story = load(story_id, validate=True)    # the files themselves, not a kept copy
    except StoryError as err:
        add(Finding(f"{err.file}: {err.key}", err.problem))
        return report
    from narrator.llm import voice

    try:
        voice.read(story)          # the model's voice: a broken one would stop a game played with --llm
    except StoryError as err:
        add(Finding(f"{err.file}: {err.key}", err.problem))
    env = environment_for(story)
    mine = sorted(t for t in env.list_templates(extensions=["j2"]) if t.startswith(f"{story.id}/"))
    if not mine:
        add(Finding(f"prompts/{story.id}/", "has no templates: every event would be told nothing"))
    for name in mine:
        try:
            env.get_template(name)
        except TemplateSyntaxError as err:
            add(Finding(_where_in_template(err, name), _message(err)))
        except TemplateError as err:
            add(Finding(name, _message(err)))
    if report.problems:
        return report

    sample_games: list[Game] = []
    for ep in story.episodes:
        for table, seats in _tables(story, ep["id"]):
            for n in range(games):
                try:
                    sample_games.append(play(story, ep["id"], table, seats, 1000 + n))
                except Exception as err:  # noqa: BLE001 - a story's data can break its rules
                    add(Finding(f"{story_id}/{ep['id']} {table or ''}", f"a sample game failed: {_message(err)}"))
    report.games = len(sample_games)
    kinds = _render_events(story, env, sample_games, report)
    _render_pages(story, sample_games, report)
    _unreached(story, env, mine, kinds, sample_games, report)
    return report


def _render_events(story, env, sample_games: list[Game], report: Report) -> set[str]:
    """Tell every sample game to each reader (and verbose to the first seat and a
    spectator), and render every variant of every kind, folded and verbose, in the
    context of distinct sample events of it as they were told; every error found."""
    add = report.findings.append
    errors: set[tuple[str, str]] = set()

    def failed(err: Exception, fallback: str) -> None:
        key = (_where_in_template(err, fallback), _message(err))
        if key not in errors:
            errors.add(key)
            add(Finding(*key))

    kinds: set[str] = set()
    samples: set[tuple] = set()         # (shape, spectator?) of the events rendered with every variant
    per_kind: Counter = Counter()

    def sample(n: Narrator, event, ctx: dict, reader) -> None:
        """An event of a shape not yet seen: every variant of its kind rendered in the very
        context it was told in (its reader's knowledge at that point of the game), with a
        copy of the reader's deal, so that the telling goes on as it would have."""
        key = (*_shape(event), reader is None)
        if key in samples or per_kind[event.kind] >= SAMPLES_PER_KIND:
            return
        samples.add(key)
        per_kind[event.kind] += 1
        spare = {**ctx, "one_of": dealt_one_of(copy.deepcopy(n.reader(reader).deal))}
        for name in n.variants(event.kind):
            for verbose in (False, True):
                try:
                    env.get_template(name).render({**spare, "verbose": verbose})
                    report.rendered += 1
                except Exception as err:  # noqa: BLE001
                    failed(err, name)

    for game in sample_games:
        kinds.update(e.kind for e in game.log)
        for reader in (*game.seats, None):
            # Told as the table tells it to every reader; with --verbose to the first seat
            # and to a spectator (each sample below is rendered both ways besides).
            for verbose in (False, True) if reader in (game.seats[0], None) else (False,):
                n = _Sampling(story, game.seed, set(), game.episode, verbose=verbose)
                if not verbose:
                    n.sampled = sample
                try:
                    tell_game(n, game.log, game.marks, reader)
                except Exception as err:  # noqa: BLE001 - every template error is reported
                    failed(err, f"prompts/{story.id}")
    return kinds


class _Sampling(Narrator):
    """A narrator that shows the check each event's context as it tells it."""

    sampled = None

    def context(self, event, index: int, seat, turn: int) -> dict:
        ctx = super().context(event, index, seat, turn)
        if self.sampled is not None:
            self.sampled(self, event, ctx, seat)
        return ctx


def _render_pages(story, sample_games: list[Game], report: Report) -> None:
    add = report.findings.append
    profile = _Profile(story)
    for ep in story.episodes:
        book = f"{_story_path(story)}/endings/{ep['id']}.toml"
        for page in story.content.books[ep["id"]].ending:
            logs = [None, *[g.log for g in sample_games if g.episode == ep["id"] and g.ending == page.id][:3]]
            for log, who in itertools.product(logs, (None, profile)):
                try:
                    endpage.render(story, ep["id"], page.id, log, who)
                except Exception as err:  # noqa: BLE001
                    where = _where_in_template(err, "<template>")
                    line = where.rpartition(":")[2] if where.startswith("<template>") else ""
                    add(Finding(f"{book}: ending {page.id}" + (f", line {line} of its text" if line else ""),
                                _message(err)))
                    break
            else:
                continue
            break


def _story_path(story) -> str:
    shipped = files("stories") / story.id
    return f"stories/{story.id}" if str(story.folder) == str(shipped) else str(story.folder)


def _unreached(story, env, mine: list[str], kinds: set[str], sample_games: list[Game], report: Report) -> None:
    add = report.findings.append
    words = _rule_words(story)
    reached = {g.ending for g in sample_games}
    page_texts: list[str] = []     # a page, itself a template, may import macros too
    for ep in story.episodes:
        book = f"{_story_path(story)}/endings/{ep['id']}.toml"
        pages = tomllib.loads((story.folder / "endings" / f"{ep['id']}.toml").read_text(encoding="utf-8"))["ending"]
        page_texts += [str(page.get("text", "")) for page in pages]
        for i, page in enumerate(pages):
            rule = set(page) - PAGE_WORDS
            if rule:
                # A page with its own rule is reached by it, unless an earlier page takes
                # every game at the same moment (the first page whose rule holds is read).
                before = next((p for p in pages[:i] if p.get("at") == page.get("at") and not set(p) - PAGE_WORDS - {"at", "winners"}), None)
                if before is not None and page["id"] not in reached:
                    add(Finding(f"{book}: ending {page['id']}", f"no game can reach this page: ending"
                                f" {before['id']}, before it, takes every game at {page.get('at')!r}"))
            elif page["id"] not in reached and not _named_by(page["id"], words):
                add(Finding(f"{book}: ending {page['id']}",
                            "no rule can reach this page: no card, sheet or rule names it"))
    can_happen = kinds | words
    n = Narrator(story, 0, set())
    for name in mine:
        base = Path(name).name
        if base.startswith("_"):
            if base[1:-3] in ("fold", "flavour"):
                continue
            sources = [_source(env, other) for other in mine if other != name] + page_texts
            if not any(f'"{name}"' in text or f"'{name}'" in text for text in sources):
                add(Finding(_file_of(story, name), "no template imports this macro file"))
            continue
        kind = base.split(".")[0]
        if kind not in can_happen:
            add(Finding(_file_of(story, name), f"no event of kind {kind!r} can happen in this story"))
    for kind in sorted(kinds):
        if n.variants(kind) == [f"{GENERIC}/event.1.j2"]:
            add(Finding(f"prompts/{story.id}/{kind}.1.j2",
                        f"missing: events of kind {kind!r} happen, and no template tells them"))


def _named_by(word: str, words: set[str]) -> bool:
    """Whether the rules name `word`, whole or joined from two of their words (an
    ending id the rules make from a cause and a seat's name)."""
    if word in words:
        return True
    parts = word.split("_")
    return any("_".join(parts[:i]) in words and "_".join(parts[i:]) in words for i in range(1, len(parts)))


def _source(env, name: str) -> str:
    return env.loader.get_source(env, name)[0]


def _file_of(story, name: str) -> str:
    own = own_prompts(story)
    return str(own / Path(name).name) if own is not None else f"prompts/{name}"
