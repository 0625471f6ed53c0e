"""The `narrator` command. Only this outermost layer turns errors into messages and exit codes.

Heavy modules (pydantic, jinja2, prompt_toolkit) are imported inside the commands that
need them, so `narrator --help` and `narrator stories` start fast.
"""
from __future__ import annotations

import os
import sys
import threading

import click

from narrator import __version__


class Failure(click.ClickException):
    """A clear message and exit code 1."""

    def show(self, file=None) -> None:
        from narrator.terminal import wrap

        click.echo(wrap(f"Error: {self.format_message()}"), err=True, file=file)


# A game's seed is kept in its save, and TOML holds 64-bit whole numbers.
SEED = click.IntRange(-(2 ** 63), 2 ** 63 - 1)


def _saves(ctx: click.Context):
    from narrator.paths import saves_dir

    return saves_dir(ctx.obj.get("saves"))


def _guard(fn):
    """Turn the project's own errors into messages saying what is wrong and what to do."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from engine.errors import GameError, StoryError
        from narrator.errors import Refused
        from narrator.library import UnknownStory
        from narrator.tomlfile import BrokenFile

        from narrator.terminal_text import clean

        # A message may quote a file's or a command line's words: cleaned like all outside text.
        try:
            return fn(*args, **kwargs)
        except BrokenFile as err:
            raise Failure(clean(f"cannot use {err.path}: {err.problem}.\n{err.fix}.")) from None
        except StoryError as err:
            raise Failure(clean(f"the story file {err.file} is broken at `{err.key}`: {err.problem}")) from None
        except UnknownStory as err:
            raise Failure(clean(str(err.args[0]))) from None
        except GameError as err:
            raise Failure(clean(err.message)) from None
        except Refused as err:
            raise Failure(clean(str(err))) from None
        except BrokenPipeError:
            # The reader went away (`narrator replay X | head`): stop quietly.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except OSError as err:
            where = f" {err.filename}" if err.filename else ""
            raise Failure(f"cannot use{where}: {err.strerror or err}. Check that the saves folder"
                          " (--saves or NARRATOR_SAVES) is a folder you can write to.") from None
    return wrapper


@click.group()
@click.version_option(__version__, prog_name="narrator")
@click.option("--saves", metavar="DIR", envvar="NARRATOR_SAVES",
              help="Folder for saves and the profile (default: the checkout's saves/, else your user data folder).")
@click.option("--stories", "story_folders", metavar="DIR", multiple=True,
              help="Add a story folder, or a folder of them, to the library (repeatable; also NARRATOR_STORIES).")
@click.pass_context
def main(ctx: click.Context, saves: str | None, story_folders: tuple[str, ...]) -> None:
    """Narrative card games, played as stories at the terminal."""
    ctx.ensure_object(dict)["saves"] = saves
    # Whatever bytes come in, and whatever the terminal's encoding cannot show, the game
    # goes on: an undecodable byte reads as U+FFFD, an unshowable character as "?".
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass
    from narrator.library import UnknownStory, add_folders

    try:
        add_folders(story_folders)
    except UnknownStory as err:
        raise Failure(str(err.args[0])) from None
    _fit_to_terminal(ctx)
    if ctx.invoked_subcommand not in AT_A_TABLE:
        from narrator import startup

        startup.ready()


# The commands whose start-up lasts until their table's first move (narrator.repl.Table
# says it is ready then); every other command's start-up ends as it begins.
AT_A_TABLE = frozenset({"play", "continue", "host"})


def _fit_to_terminal(ctx: click.Context) -> None:
    """Everything a command prints is wrapped to the terminal's width, between words."""
    from narrator.terminal import WrappedStream

    if isinstance(sys.stdout, WrappedStream):
        return
    plain = sys.stdout
    sys.stdout = WrappedStream(plain)

    def restore() -> None:
        sys.stdout.flush()
        sys.stdout = plain
    ctx.call_on_close(restore)


def _game_profile(folder: Path):
    """The profile a game plays with; a damaged one is said once and left untouched, and
    the game goes on without keeping anything in it."""
    from narrator.profile import Profile
    from narrator.terminal_text import clean

    profile, note = Profile.for_a_game(folder)
    if note:
        click.echo(clean(note) + "\n")
    return profile


@main.command()
@click.pass_context
@_guard
def stories(ctx) -> None:
    """List the stories, their episodes in the order to play them, and endings collected."""
    from narrator.library import ending_ids, front_page, story_ids
    from narrator.profile import Profile

    profile = Profile.load(_saves(ctx))
    for sid in story_ids():
        info = front_page(sid)
        seats = " / ".join(info.get("cast", {}).get(s, s) for s in info.get("seats", []))
        click.echo(f"{sid:<12} {info['title']}  ({seats})")
        for ep in info.get("episode", []):
            pages = ending_ids(sid, ep["id"])
            got = sum(1 for p in pages if p in profile.endings.get(sid, {}).get(ep["id"], {}))
            name = f"{sid}/{ep['id']}"
            click.echo(f"    {name:<18} {ep['title']:<30} endings {got}/{len(pages)}")


@main.command()
@click.argument("story")
@_guard
def rules(story: str) -> None:
    """Print a story's rules, the project's rulings included."""
    from narrator.library import load, split_name

    click.echo(load(split_name(story)[0]).rules_text())


def _table_options(story, players: int | None, mix: int | None) -> dict:
    """The table's own options, for stories played by a varying number of people."""
    table = {k: v for k, v in (("players", players), ("mix", mix)) if v is not None}
    takes = story.family.table.options
    refused = [f"--{k}" for k in table if k not in takes]
    if refused and not {"players", "mix"} & takes:
        raise Failure(f"{story.title} is always played by {len(story.seats_for())}: --players and --mix do not apply")
    if refused:
        raise Failure(f"{story.title} is played without {' or '.join(refused)}: leave it out.")
    return table


def _seats_for(story, me: str | None, hotseat: bool, bot: str, table: dict) -> dict[str, str]:
    from engine.errors import GameError

    try:
        seats = story.seats_for(table)
    except GameError as err:
        raise Failure(err.message) from None
    if hotseat:
        if me is not None:
            raise Failure(f"--hotseat seats a player at every seat, so --as {me} has nothing to choose:"
                          " leave out --as to share the terminal, or --hotseat to play one seat")
        # A seat that never moves (a non-player character) has no one to sit at it.
        idle = story.family.table.idle
        return {s: "bot:random" if s in idle else "human" for s in seats}
    me = me or seats[0]
    if me not in seats:
        raise Failure(f"--as {me}: {story.title} has the seats {', '.join(seats)}")
    return {s: "human" if s == me else f"bot:{bot}" for s in seats}


def _seat_named(session, given: str) -> str:
    """A seat of this game, named by its id or its story name (replay --as a seat's name)."""
    from narrator.menu import token

    seats = session.seats
    for seat in seats:
        if given.lower() in (seat, token(session.story.seat_name(seat))):
            return seat
    said = ", ".join(token(session.story.seat_name(x)) for x in seats)
    raise Failure(f"--as {given}: the seats of this game are {said}")


def verbose_option(fn):
    return click.option("--verbose", is_flag=True,
                        help="Tell every draw, turn and payment, not one line a move"
                        " (or set verbose = true under [narration] in the config file).")(fn)


def _verbose(flag: bool) -> bool:
    from narrator.settings import verbose

    return verbose(flag)


def llm_options(fn):
    """The flags that turn on LLM narration (and the screen's theme), shared by `play` and `continue`."""
    fn = click.option("--theme", type=click.Choice(["dark", "light", "none"]), default=None,
                      help="Colours for a dark or a light terminal, or none (default: NARRATOR_THEME, else dark;"
                           " NO_COLOR turns colour off).")(fn)
    fn = click.option("--llm", "llm_url", metavar="URL",
                      help="Narrate with the model at this OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1.")(fn)
    fn = click.option("--model", metavar="NAME", help="The model to ask for (or a .gguf file for --llm-backend local).")(fn)
    fn = click.option("--llm-backend", metavar="NAME", help="openai (default), local, or a plug-in backend.")(fn)
    fn = click.option("--llm-config", metavar="FILE", help="A TOML file with an [llm] table (default: your config folder).")(fn)
    fn = click.option("--move-budget", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                      help="The longest a round waits for the model before play goes on (default 12).")(fn)
    fn = click.option("--verbose", "llm_verbose", is_flag=True,
                      help="Tell every draw, turn and payment, not one line a move (or verbose = true under"
                      " [narration] in the config file); with a model, say each time it fails or a sentence"
                      " of its is refused, and why.")(fn)
    return fn


def _llm(story, episode: str, llm_url, model, llm_backend, llm_config, move_budget=None, llm_verbose=False):
    """An LLMTelling when any LLM setting is given (flag, environment or config), else None."""
    from narrator.llm.config import ENV, asks_for_llm, config_file

    # A config file turns the model on only with an [llm] table: the file may be there
    # for other settings, and a game must not then fail for want of a server.
    wanted = any((llm_url, model, llm_backend)) or any(os.environ.get(v) for v in ENV.values() if "KEY" not in v) \
        or llm_config is not None or asks_for_llm(config_file(None))
    if not wanted:
        return None
    from narrator.llm import backends
    from narrator.llm.config import ConfigError, resolve
    from narrator.llm.telling import LLMTelling
    from narrator.terminal_text import clean

    from narrator.llm import model as knowing

    try:
        config = resolve({"url": llm_url, "model": model, "backend": llm_backend, "move_budget": move_budget},
                         llm_config)
        backend = backends.make(config)
    except (ConfigError, backends.LLMError) as err:
        raise Failure(f"LLM narration: {clean(str(getattr(err, 'message', err)))}") from None
    # A notice may quote the server's own words: cleaned like all text from outside.
    notice = lambda text: click.echo(clean(text), err=True)  # noqa: E731
    template, known = _chat_template(backend)
    for warning in knowing.warnings(template, getattr(backend, "name", config.model), known):
        notice(f"(LLM narration: {warning}.)")
    return LLMTelling(story, episode, backend, config, notice=notice, verbose=llm_verbose,
                      fold_system=known and knowing.drops_system(template))


def _played(code: int, llm) -> int:
    """With --verbose, what the model did in the game, once it is over."""
    if llm is not None and llm.verbose:
        click.echo(f"(LLM narration: {llm.tally.summary()}.)", err=True)
    return code


def _chat_template(backend) -> tuple[str | None, bool]:
    """The backend's chat template and whether it could say."""
    ask = getattr(backend, "chat_template", None)
    if ask is None:
        return None, False
    try:
        return ask(), True
    except LookupError:
        return None, False


def _screen_settings(theme: str | None, verbose: bool) -> tuple[str, bool]:
    """The theme and the narration's verbosity, from flags, environment and config file.
    Read before a game is made, so that a bad one stops it with no save left behind."""
    from narrator import style

    try:
        return style.theme_name(theme), _verbose(verbose)
    except ValueError as err:
        raise Failure(str(err)) from None


def _table(session, hotseat: bool, llm=None, remotes=None, theme: str | None = None, verbose: bool = False):
    from narrator import bots, style
    from narrator.repl import PlainReader, PromptReader, Table, wipe

    theme, verbose = _screen_settings(theme, verbose)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    colour = interactive and style.wants_colour(sys.stdout, theme)
    painter = style.Painter(sys.stdout, theme) if colour else None
    reader = PromptReader(painter.style if painter else None) if interactive else PlainReader(sys.stdin, sys.stdout)
    humans = tuple(s for s, who in session.save.seats.items() if who == "human")
    players = {s: bots.make(who.split(":", 1)[1], session.story, s, session.save.seed)
               for s, who in session.save.seats.items() if who.startswith("bot:")}
    clear = (lambda: wipe(sys.stdout)) if interactive else None
    return Table(session, humans, players, reader, hotseat=hotseat, clear=clear, llm=llm,
                 remotes=remotes or {}, painter=painter, verbose=verbose)


@main.command()
@click.argument("story")
@click.option("--as", "seat", metavar="SEAT", help="The seat you play (the first by default; a bad one lists them).")
@click.option("--seed", type=SEED, help="Make the deal repeatable.")
@click.option("--hotseat", is_flag=True, help="Two players share this terminal.")
@click.option("--bot", type=click.Choice(["partner", "random"]), default="partner", show_default=True,
              help="How the other seat is played.")
@click.option("--slot", help="Name of the save (default: a new one).")
@click.option("--players", type=int, help="How many play, for stories with a varying table (e.g. 4 to 8).")
@click.option("--mix", type=int, help="Which of the rulebook's mixes of roles, where it offers two (1 or 2).")
@click.option("--deck", metavar="FILE|NAME", help="Your deck, for stories whose players bring their own:"
              " a deck file, or a starter deck's name (default: your seat's starter deck).")
@llm_options
@click.pass_context
@_guard
def play(ctx, story: str, seat: str | None, seed: int | None, hotseat: bool, bot: str, slot: str | None,
         players: int | None, mix: int | None, deck: str | None, llm_url, model, llm_backend, llm_config,
         move_budget, llm_verbose, theme):
    """Play a story, named as STORY or STORY/EPISODE, (`narrator stories` lists them)."""
    from narrator.library import load, split_name
    from narrator.profile import Profile
    from narrator.saves import slot_path
    from narrator.session import Session, default_slot

    sid, episode = split_name(story)
    st = load(sid)
    ep = st.episode(episode)["id"]
    folder = _saves(ctx)
    profile = _game_profile(folder)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    path = slot_path(folder, slot) if slot else default_slot(folder, st, ep)
    if slot and path.exists():
        raise Failure(f"a save named {slot!r} exists already; `narrator continue {slot}` resumes it,"
                      " or choose another --slot")
    _screen_settings(theme, llm_verbose)
    llm = _llm(st, ep, llm_url, model, llm_backend, llm_config, move_budget, llm_verbose)
    table = _table_options(st, players, mix)
    if deck is not None:
        from narrator import decks

        table["decks"] = {seat or st.seats_for(table)[0]: decks.option(st, deck)}
    session = Session.new(st, ep, seed, _seats_for(st, seat, hotseat, bot, table), path, profile, table=table)
    sys.exit(_played(_table(session, hotseat, llm, theme=theme, verbose=llm_verbose).run(), llm))


@main.command(name="continue")
@click.argument("slot", required=False)
@llm_options
@click.pass_context
@_guard
def continue_(ctx, slot: str | None, llm_url, model, llm_backend, llm_config, move_budget, llm_verbose, theme):
    """Resume a saved game where it was left (the latest unfinished one by default)."""
    from narrator.profile import Profile
    from narrator.saves import Save, all_saves, slot_path
    from narrator.session import Session
    from narrator.tomlfile import BrokenFile

    folder = _saves(ctx)
    if slot is None:
        for p in all_saves(folder):
            try:
                if not Save.read(p).ended:
                    slot = p.stem
                    break
            except BrokenFile as err:
                click.echo(f"(passing over {p.name}, which cannot be read: {err.problem})", err=True)
        if slot is None:
            raise Failure(f"no unfinished game in {folder}; start one with `narrator play STORY` (`narrator stories` lists them)")
    path = slot_path(folder, slot)
    if not path.exists():
        raise Failure(f"no save named {slot!r} in {folder}; `narrator saves` lists them")
    session = Session.resume(path, _game_profile(folder))
    if "remote" in session.save.seats.values():
        raise Failure(f"the game in {slot!r} was played over the network; `narrator host --continue {slot}`"
                      " picks it up, with the same join codes for the other players")
    if session.ending() is not None:
        title = session.story.content.page(session.episode, session.ending().id).title
        raise Failure(f"the game in {slot!r} is over (it ended with \"{title}\"); `narrator replay {slot}`"
                      " reads it again")
    hotseat = sum(v == "human" for v in session.save.seats.values()) > 1   # more than one at this terminal
    llm = _llm(session.story, session.episode, llm_url, model, llm_backend, llm_config, move_budget, llm_verbose)
    sys.exit(_played(_table(session, hotseat, llm, theme=theme, verbose=llm_verbose).run(opening=False), llm))


@main.command()
@click.argument("story", required=False)
@click.option("--as", "seat", metavar="SEAT", help="Your seat at the host's terminal (default: the first).")
@click.option("--seed", type=SEED, help="Make the deal repeatable.")
@click.option("--players", type=int, help="How many play, for stories with a varying table.")
@click.option("--mix", type=int, help="Which mix of roles, where the rulebook offers two.")
@click.option("--remote", "remote_count", type=click.IntRange(1), default=1, show_default=True,
              help="How many seats are played from other terminals; the rest are bots.")
@click.option("--bot", type=click.Choice(["partner", "random"]), default="partner", show_default=True)
@click.option("--bind", default="127.0.0.1", show_default=True, help="The address to listen on (e.g. 0.0.0.0 for a LAN).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="The port (default: any free one).")
@click.option("--continue", "resume", metavar="SLOT", help="Host a saved network game again.")
@click.option("--slot", help="Name of the save (default: a new one).")
@click.pass_context
@_guard
def host(ctx, story, seat, seed, players, mix, remote_count, bot, bind, port, resume, slot):
    """Host a game that others join from their own terminals (narrator join)."""
    from narrator.net.host import RemoteSeat
    from narrator.screens import for_story

    folder = _saves(ctx)
    made: list = []     # the new game's session, once it is made (and its save written)
    try:
        session = _hosted_session(folder, story, seat, seed, players, mix, remote_count, bot, resume, slot, made)
        screen = for_story(session.story)
        names = {s: session.story.seat_name(s) for s in session.seats}
        lock = threading.Lock()   # the joiners' threads read the game the table plays

        def show(remote_seat: str, command: str) -> str:
            with lock:
                return screen.show(command, session.view(remote_seat), names)

        remotes = {s: RemoteSeat(s, names[s], show, list(screen.COMMANDS))
                   for s, who in session.save.seats.items() if who == "remote"}
        table_ = _table(session, hotseat=False, remotes=remotes)
        table_.lock = lock
        kept = session.save.network
        slot = session.save.slot
        server, moved = _listen(remotes, bind, port or kept.get("port", 0), kept.get("codes"))
    except KeyboardInterrupt:
        # Ctrl-C before the host listens: nothing is hosted yet, so a new game's save (written
        # as it was made, before anything was played) goes, as when a game is left before
        # its first move.
        if made and not made[0].save.actions:
            made[0].save.path.unlink(missing_ok=True)
        click.echo("\nStopped before the game was hosted" + (
            f"; `narrator host --continue {resume}` hosts it." if resume else ": nothing was played or saved."))
        sys.exit(0)

    def join_line(seat: str) -> str:
        return f"narrator join {server.address} {server.codes[seat]}"

    def left(remote) -> None:
        click.echo(f"\n({remote.name}'s player has left. The game waits; they can rejoin with their code:"
                   f" {join_line(remote.seat)}. Ctrl-C stops hosting and keeps the game.)", err=True)

    def back(remote) -> None:
        click.echo(f"\n({remote.name}'s player is back.)", err=True)

    # From the moment the host listens, Ctrl-C stops it in one way, closing the server and
    # saying how to host the game again: one that came while the codes were saved or
    # printed, before the table ran, ended in click's bare "Aborted!" and exit status 1.
    try:
        session.save.network = {"port": server.port, "codes": dict(server.codes)}
        session.save.write()   # the codes are kept, so hosting the game again lets the same players in
        for remote in remotes.values():
            remote.on_leave, remote.on_return = left, back
        click.echo(f"Hosting {session.story.title} (save: {slot}). Each remote seat has its own join code;"
                   " give each player only theirs:")
        for s in remotes:
            click.echo(f"    {names[s]}: {join_line(s)}")
        if moved:
            click.echo(f"(Port {kept['port']} is in use now, so the address has changed; the codes are the same.)")
        click.echo()
        code = table_.run(opening=not resume)
    except KeyboardInterrupt:
        click.echo(f"\nThe game is saved; `narrator host --continue {slot}` hosts it again,"
                   " with the same codes.")
        code = 0
    finally:
        server.close()
    sys.exit(code)


def _hosted_session(folder, story, seat, seed, players, mix, remote_count, bot, resume, slot, made: list):
    """The session `narrator host` plays: the saved game `resume`, or a new one of `story`
    (appended to `made` as soon as it exists)."""
    from narrator.library import load, split_name
    from narrator.saves import slot_path
    from narrator.session import Session, default_slot

    profile = _game_profile(folder)
    _screen_settings(None, False)
    if resume:
        session = Session.resume(slot_path(folder, resume), profile)
        if session.ending() is not None:
            raise Failure(f"the game in {resume!r} is over; host a new one")
        return session
    if story is None:
        raise Failure("say which story to host, as `narrator host STORY`, or --continue SLOT")
    sid, episode = split_name(story)
    st = load(sid)
    ep = st.episode(episode)["id"]
    table = _table_options(st, players, mix)
    seats = _seats_for(st, seat, False, bot, table)
    me = next(s for s, who in seats.items() if who == "human")
    others = [s for s in seats if s != me]
    if remote_count > len(others):
        raise Failure(f"--remote {remote_count}: this table has only {len(others)} other seats")
    for s in others[:remote_count]:
        seats[s] = "remote"
    path = slot_path(folder, slot) if slot else default_slot(folder, st, ep)
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    made.append(Session.new(st, ep, seed, seats, path, profile, table=table))
    return made[0]


def _listen(remotes, bind: str, port: int, codes):
    """The host, on `port` if it is free (a game hosted again keeps its address), else on
    any free port; True as well when the port had to change."""
    from narrator.net.host import Host

    try:
        return Host(remotes, bind=bind, port=port, codes=codes), False
    except OSError:
        if not port:
            raise
        return Host(remotes, bind=bind, port=0, codes=codes), True


@main.command()
@click.argument("address")
@click.argument("code")
@click.option("--seat", help="Ask for a particular seat.")
@_guard
def join(address: str, code: str, seat: str | None):
    """Take a seat in a game hosted on another terminal: ADDRESS is HOST:PORT."""
    from narrator.net.join import play
    from narrator.repl import PlainReader, PromptReader

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    reader = PromptReader() if interactive else PlainReader(sys.stdin, sys.stdout)
    sys.exit(play(address, code, seat, reader, sys.stdout))


@main.command()
@click.option("--spoilers", is_flag=True, help="Name the endings of finished games even where they are not yet in your collection.")
@click.pass_context
@_guard
def saves(ctx, spoilers: bool):
    """List the saved games."""
    from narrator.profile import Profile
    from narrator.saves import Save, all_saves
    from narrator.terminal_text import clean
    from narrator.tomlfile import BrokenFile

    folder = _saves(ctx)
    found = all_saves(folder)
    if not found:
        click.echo(f"No saves in {folder}.")
    profile = Profile.load(folder) if found else None
    for p in found:
        try:
            s = Save.read(p)
            state = f"ended: {_ending_name(profile, s, spoilers)}" if s.ended else f"{len(s.actions)} actions, unfinished"
            click.echo(clean(f"{p.stem:<20} {s.story}/{s.episode}  seed {s.seed}  {state}"))   # a file's words
        except BrokenFile as err:
            click.echo(clean(f"{p.stem:<20} (cannot be read: {err.problem})"))


def _ending_name(profile, save, spoilers: bool) -> str:
    """A finished game's ending by its title, if it is in the collection (or spoilers are
    asked for); else only that it is a page still to find."""
    from narrator.library import UnknownStory, load

    try:
        page = load(save.story).content.page(save.episode, save.ended)
    except (UnknownStory, LookupError, StopIteration):   # a story's `page` finds with next()
        return "an ending this narrator does not know"
    if spoilers or save.ended in profile.endings.get(save.story, {}).get(save.episode, {}):
        return f"\u201c{page.title}\u201d"
    return "a page not yet in your collection (--spoilers names it)"


@main.command()
@click.argument("slot")
@click.option("--as", "seat", metavar="SEAT", help="Read it as one seat saw it (default: what both saw).")
@click.option("--offline", is_flag=True, help="Narrate again with the offline templates, not the prose that was shown.")
@click.option("--markdown", "markdown_file", metavar="FILE", help="Write the game as a book in Markdown.")
@click.option("--html", "html_file", metavar="FILE", help="Write the game as a book: one self-contained HTML file.")
@verbose_option
@click.pass_context
@_guard
def replay(ctx, slot: str, seat: str | None, offline: bool, markdown_file: str | None, html_file: str | None,
           verbose: bool):
    """Print the whole narrated story of a save, as it was shown (or write it as a book)."""
    from narrator import endpage, render, storybook
    from narrator.narration import tell_game
    from narrator.saves import slot_path
    from narrator.session import Session
    from narrator.terminal_text import clean

    path = slot_path(_saves(ctx), slot)
    if not path.exists():
        raise Failure(f"no save named {slot!r}; `narrator saves` lists them")
    session = Session.resume(path, None, autosave=False)
    st = session.story
    if seat is not None:
        seat = _seat_named(session, seat)
    narrator = session.narrator(verbose=_verbose(verbose))
    if markdown_file or html_file:
        humans = [s for s, who in session.save.seats.items() if who == "human"]
        reader = seat or (humans[0] if len(humans) == 1 else None)
        # From a file, it may hold anything: cleaned for a book read with `cat` or a browser.
        kept = [{**k, "text": clean(k["text"])} for k in session.save.narration
                if k["seat"] == reader] if not offline else []
        book = storybook.make(session, narrator, reader, kept)
        for name, write in ((markdown_file, storybook.markdown), (html_file, storybook.page_html)):
            if name:
                with open(name, "w", encoding="utf-8") as f:
                    f.write(write(book))
                click.echo(f"The storybook of {slot} is written to {name}.")
        return
    click.echo(f"{storybook.title(st, session.episode)}  (seed {session.save.seed})\n")
    # Kept prose was told to one seat and holds its secrets: without --as it is read only
    # when one person played; a hot-seat game's players each had their own.
    humans = [s for s, who in session.save.seats.items() if who == "human"]
    reader = seat or (humans[0] if len(humans) == 1 else None)
    kept = [k for k in session.save.narration if k["seat"] == reader]
    if kept and not offline:
        # The prose that was shown, model's and offline alike, in the order it was shown.
        for entry in kept:   # from a file: it may hold anything
            click.echo(render.prose(clean(entry["text"])) + "\n")
    else:
        for passage in tell_game(narrator, session.log, session.marks, seat):
            click.echo(render.prose(passage) + "\n")
    ending = session.ending()
    if ending is not None:
        page = endpage.render(st, session.episode, ending.id, session.log)
        click.echo(render.page(page.title, page.text))
    else:
        click.echo(f"(The story goes on: `narrator continue {slot}`.)")


@main.command()
@click.option("--read", "ref", metavar="STORY/EPISODE/ENDING", help="Read a page of your collection again.")
@click.option("--html", "html_file", metavar="FILE", help="Write the map of every story's endings as an HTML page.")
@click.pass_context
@_guard
def endings(ctx, ref: str | None, html_file: str | None):
    """Your collection: every story's endings, the found ones by title, the others as a hint."""
    from narrator import gallery, render
    from narrator.profile import Profile
    from narrator.terminal import prose_width

    profile = Profile.load(_saves(ctx))
    if ref is not None:
        try:
            entry = gallery.find(profile, ref)
        except gallery.NotFound as err:
            raise Failure(str(err.args[0])) from None
        page = gallery.page_of(entry)
        click.echo(render.page(page.title, page.text, prose_width()))
        return
    if html_file is not None:
        with open(html_file, "w", encoding="utf-8") as f:
            f.write(gallery.map_html(profile))
        click.echo(f"The map of your endings is written to {html_file}.")
        return
    click.echo(gallery.listing(profile))


@main.group()
def deck():
    """Decks of your own, for stories whose players bring their own decks."""


@deck.command(name="check")
@click.argument("file")
@_guard
def deck_check(file: str):
    """Say whether a deck file is legal, and everything that is wrong with it if not."""
    from narrator import decks

    summary, problems = decks.check(file)
    if problems:
        raise Failure(f"{file} is not a legal deck:\n" + "\n".join(f"  - {p}" for p in problems))
    click.echo(f"{file}: a legal deck of {summary}.")


@main.command(name="check")
@click.argument("story")
@click.option("--games", type=click.IntRange(1), default=4, show_default=True,
              help="Sample bot games per episode and table size.")
@_guard
def check_story(story: str, games: int):
    """An author's check: every file, and every template against sample events of its kind."""
    from narrator.authoring import check
    from narrator.library import split_name

    report = check(split_name(story)[0], games)
    for finding in report.findings:
        click.echo(f"{'problem' if finding.problem else 'note'}: {finding}")
    if report.problems:
        raise Failure(f"{story}: {len(report.problems)} problem{'s' if len(report.problems) != 1 else ''}")
    click.echo(f"{story}: no problems ({report.games} sample games, {report.rendered} renderings).")


@main.command()
@click.argument("story")
@click.pass_context
@_guard
def cards(ctx, story: str):
    """List a story's cards: what every player may read (a card in its sleeve only once you have seen its face)."""
    from narrator.library import load, split_name
    from narrator.profile import Profile
    from narrator.screens import for_story

    st = load(split_name(story)[0])
    carried = st.family.carried
    known: frozenset[str] = frozenset()
    if carried is not None:
        # The faces a new game would start knowing, from what the profile keeps.
        kept = Profile.load(_saves(ctx)).kept(st.id, carried)
        known = frozenset(carried.faces(carried.options(st.content, st.episodes[0]["id"], kept)))
    click.echo(for_story(st).catalogue(st.content, known))


@main.group()
def llm():
    """The optional LLM narrator."""


@llm.command()
@click.option("--llm", "llm_url", metavar="URL", help="The server (else NARRATOR_LLM_URL or the config file).")
@click.option("--model", metavar="NAME")
@click.option("--llm-backend", metavar="NAME")
@click.option("--llm-config", metavar="FILE")
@click.option("--move-budget", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS")
@click.option("--story", "story_id", metavar="STORY",
              help="The story whose opening the trial round tells (default: the first `narrator stories` lists).")
def check(llm_url, model, llm_backend, llm_config, move_budget, story_id):
    """Say whether the server answers, its models, what it makes of a round of a story,
    and how long that took."""
    import time

    from narrator.llm import backends
    from narrator.llm import model as knowing
    from narrator.llm.config import ConfigError, resolve
    from narrator.terminal_text import clean

    try:
        config = resolve({"url": llm_url, "model": model, "backend": llm_backend, "move_budget": move_budget},
                         llm_config)
        backend = backends.make(config)
        where = config.url or config.model
        click.echo(f"backend: {config.backend}  server: {where}")
        models = backend.models()
        shown = [clean(str(m), one_line=True) for m in models]   # names the server chose
        click.echo("models: " + (", ".join(shown) or "(none listed)"))
        if config.model and config.backend == "openai" and config.model not in models:
            raise Failure(f"the server has no model {clean(config.model, one_line=True)!r};"
                          f" choose one of: {', '.join(shown)}")
        if not config.model:
            click.echo("(no --model given: give one of those to narrate)")
            return
        template, known = _chat_template(backend)
        if known:
            click.echo("chat template: " + ("none" if template is None else
                                           "drops the system message (it is folded into the first user message)"
                                           if knowing.drops_system(template) else "yes"))
        said = knowing.warnings(template, getattr(backend, "name", config.model), known)
        start = time.monotonic()
        reply = ""
        hello = [{"role": "user", "content": "Say hello in five words."}]
        import inspect

        short = {"options": {"max_tokens": 16}} if "options" in inspect.signature(backend.stream).parameters else {}
        for piece in backend.stream(hello, **short):
            reply += piece
            if time.monotonic() - start > config.total_timeout:
                break
        said += knowing.reply_warnings(reply)
        if reply.strip():
            click.echo(f"first reply after {time.monotonic() - start:.2f} s: ok")
        telling = _trial_round(story_id, backend, config, knowing.drops_system(template) if known else False)
        tally = telling.tally
        click.echo(f"a round of {telling.story.title}: " + (
            f"told by the model in {tally.seconds[-1]:.1f} s: {clean(telling.last)!r}" if tally.told else
            "not told by the model" + (f" (it failed: {', '.join(tally.failures)})" if tally.failures else "")
            + (f" (refused: {', '.join(REASONS_TEXT(tally))})" if tally.rejected else "")))
        for warning in dict.fromkeys(said):
            click.echo(f"warning: {clean(str(warning))}")
        if not reply.strip() and not tally.told:
            raise Failure("the server answered with no usable text: see the warning above")
    except (ConfigError, backends.LLMError) as err:
        raise Failure(clean(getattr(err, "message", str(err)))) from None


def _namer(ctx, st, ep: str, spoilers: bool):
    """An ending page as explore may name it: its title once it is in the player's
    collection (or with --spoilers), else only its tone."""
    from narrator.profile import Profile

    pages = {p.id: p for p in st.content.books[ep].ending}
    got = Profile.load(_saves(ctx)).endings.get(st.id, {}).get(ep, {})

    def named(eid: str) -> str:
        page = pages[eid]
        return page.title if spoilers or eid in got else f"(not yet in your collection: a {page.tone} ending)"
    return named


def _until_all(st, ep: str, cap: int, seed: int, bot: str, table: dict, jobs: int, as_json: bool,
               named) -> None:
    import json

    from engine.errors import GameError
    from narrator.explore import by_stopping, not_possible, until_all

    try:
        never = not_possible(st, ep, table)
    except GameError as err:
        raise Failure(err.message) from None
    report, took = until_all(st, ep, cap, seed, bot, table=table, jobs=jobs)
    if as_json:
        click.echo(json.dumps({**report.to_json(), "took": took, "not_possible": list(never),
                                     "by_stopping": list(by_stopping(st, ep))}, sort_keys=True))
        return
    from narrator.explore import BRANCHES
    from narrator.storybook import title

    click.echo(f"{title(st, ep)}: {bot} bots, seed {seed}")

    dealt = f"game seeds from {seed} dealt round {jobs} shards, " if report.jobs > 1 else ""
    how = f" ({dealt}each dealt game followed by {BRANCHES} that branch from its moves)"
    if took is not None:
        click.echo(f"every possible ending reached in {took} games{how}")
    else:
        click.echo(f"not every ending reached in {cap} games{how}; unreached: "
                   + "; ".join(named(e) for e in report.unreached))
    click.echo("not possible at this table: " + ("; ".join(named(e) for e in never) or "none"))
    click.echo("reached only when a player stops (no bot does): " + "; ".join(named(e) for e in by_stopping(st, ep)))


def REASONS_TEXT(tally) -> list[str]:  # noqa: N802 - read as a phrase where it is used
    from narrator.llm.gate import REASONS

    return [f"{REASONS.get(k, k)} x{n}" for k, n in tally.rejected.most_common()]


def _trial_round(story_id: str | None, backend, config, fold: bool):
    """One round of a story's opening, told to its first seat as in a game."""
    from narrator.library import load, story_ids
    from narrator.llm.telling import LLMTelling
    from narrator.narration import Narrator

    story = load(story_id or story_ids()[0])
    episode = story.episodes[0]["id"]
    seats = story.seats_for({})
    state = story.family.new_game(story.content, seats, 1, {"episode": episode})
    reader = seats[0]
    passages = Narrator(story, 1, set(), episode).tell(state.log, 0, reader)
    notices: list[str] = []
    telling = LLMTelling(story, episode, backend, config, notice=notices.append, fold_system=fold)
    telling.hear(reader, passages)
    out: list[str] = []
    telling.last = telling.colour(reader, seats, out.append)
    return telling


@main.command()
@click.argument("story")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--bot", type=click.Choice(["mixed", "partner", "random"]), default="mixed", show_default=True,
              help="Who plays: partner bots, random bots, or a mix seat by seat.")
@click.option("--players", type=int, help="How many play, for stories with a varying table.")
@click.option("--mix", type=int, help="Which mix of roles, where the rulebook offers two.")
@click.option("--jobs", type=click.IntRange(1), default=None,
              help="Processes to play in (default: the machine's cores). The games are split into"
                   " this many shards of consecutive seeds from --seed, so a run repeats for the same"
                   " --seed and --jobs. What a story carries between games (card knowledge, say)"
                   " is carried within a shard only.")
@click.option("--executor", type=click.Choice(["processes", "dask"]), default="processes", show_default=True,
              help="Where the shards are played: processes on this machine, or a Dask cluster"
                   " (pip install 'narrator[cluster]'); the result is the same for the same --seed and --jobs.")
@click.option("--scheduler", metavar="ADDRESS",
              help="With --executor dask: the scheduler to submit to, e.g. tcp://host:8786"
                   " (default: a cluster of --jobs workers started on 127.0.0.1).")
@click.option("--until-all", is_flag=True,
              help="Play until every ending this table allows is reached, or --cap games; report how"
                   " many games it took (the same for the same --seed and --jobs: game seeds are dealt"
                   " round the shards in turn).")
@click.option("--cap", type=click.IntRange(1), default=100_000, show_default=True,
              help="The most games --until-all plays.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--spoilers", is_flag=True, help="Name every ending reached, even those not yet in your collection.")
@click.pass_context
@_guard
def explore(ctx, story: str, games: int, seed: int, bot: str, players: int | None, mix: int | None,
            jobs: int | None, executor: str, scheduler: str | None, until_all: bool, cap: int,
            as_json: bool, spoilers: bool):
    """Bots play many games; print the endings reached and the speed."""
    import json

    from narrator.explore import default_jobs
    from narrator.explore import explore as run
    from narrator.library import load, split_name

    sid, episode = split_name(story)
    st = load(sid)
    ep = st.episode(episode)["id"]
    table = _table_options(st, players, mix)
    if until_all:
        if executor != "processes":
            raise Failure("--until-all plays in processes on this machine: leave out --executor.")
        return _until_all(st, ep, cap, seed, bot, table, jobs or default_jobs(), as_json,
                          _namer(ctx, st, ep, spoilers))
    if scheduler is not None and executor != "dask":
        raise Failure("--scheduler is the address of a Dask scheduler: add --executor dask, or leave it out.")
    jobs = jobs or default_jobs()
    where = {"table": table, "jobs": jobs, "executor": executor, "scheduler": scheduler}
    if as_json or not sys.stderr.isatty():
        report = run(st, ep, games, seed, bot, **where)
    else:
        # one bar over all the shards: each worker counts the games it finishes
        with click.progressbar(length=games, label=f"{games} games", file=sys.stderr) as bar:
            report = run(st, ep, games, seed, bot, progress=bar.update, **where)
    if as_json:
        click.echo(json.dumps(report.to_json(), sort_keys=True))
        return
    pages = {p.id: p for p in st.content.books[ep].ending}
    from narrator.storybook import title

    click.echo(f"{title(st, ep)}: {report.games} games with {bot} bots, seed {seed}")
    from narrator.gallery import MARKS

    named = _namer(ctx, st, ep, spoilers)
    for eid in report.every:
        click.echo(f"  {MARKS[pages[eid].tone]} {report.endings[eid]:>7}  {report.rate(eid):6.1%}  {named(eid)}")
    click.echo("unreached: " + ("; ".join(named(e) for e in report.unreached) or "none"))
    from narrator.explore import by_stopping

    click.echo("reached only when a player stops (no bot does): "
               + "; ".join(named(e) for e in by_stopping(st, ep) if e in pages))
    true_ids = [p.id for p in pages.values() if p.tone == "true"]
    if true_ids:
        click.echo(f"true ending rate: {sum(report.rate(t) for t in true_ids):.1%}")
    click.echo(f"{report.games / report.seconds:,.0f} games/s, {report.actions / report.seconds:,.0f} actions/s"
               f" in {report.jobs} {'job' if report.jobs == 1 else 'jobs'}")
    if st.family.carried is not None and report.jobs > 1:
        click.echo(f"what a game leaves known for the next is carried within each of the {report.jobs} shards:"
                   " each began knowing nothing, like a separate player")
