"""The table: a game played at the terminal, humans at some seats and bots at the rest.

On a terminal the prompt has tab completion of the legal actions and commands, and
history; when standard input is not a terminal, plain lines are read, so a whole game
can be scripted. The hand-off screen of a hot-seat game clears the previous player's
secrets before the next player's are shown.
"""
from __future__ import annotations

import sys
import threading
from dataclasses import dataclass, field
from typing import Callable, TextIO

from engine.action import is_number
from engine.errors import GameError
from narrator import endpage, menu, render, screens, startup, storybook, terminal, undo, voice
from narrator.session import Session
from narrator.terminal_text import brief, clean, unprompt

WIDTH = 78   # the prose's width, as render.prose wraps it

# Commands every story has; each family's screen adds those that show its view.
COMMANDS = {
    "help": "this list",
    "log": "the story so far, a page at a time (log N for the last N passages)",
    "undo": "take back your last move, when it showed you nothing new (solo play only)",
    "save": "write the save now and say where it is (it is also saved after every action)",
    "quit": "leave; `narrator continue` resumes where you left off",
}
STOP = "stop"   # every story's way to end the game at once; asked twice


# No action or command is near this long; a longer line is cut here, so a paste of a
# page is read (and quoted back) as its first words, not as the page.
LINE_LIMIT = 100


class PlainReader:
    """Reads one line per prompt from a stream, echoing it so a transcript reads well."""

    def __init__(self, stream: TextIO, out: TextIO):
        self.stream, self.out = stream, out

    interactive = False

    def read(self, prompt: str, words: list[str], interrupt: str | None = "",
             status: str | None = None) -> str | None:
        line = self.stream.readline(4096)
        if not line:
            return None
        rest = line
        while not rest.endswith("\n"):          # the rest of a long line is let go
            rest = self.stream.readline(65536)
            if not rest:
                break
        text, cut = _cut(line)
        self.out.write(f"{prompt}{brief(text)}\n")
        if cut:
            self.out.write(f"(That line was longer than {LINE_LIMIT} characters; only its start was read.)\n")
        return text


def _cut(line: str) -> tuple[str, bool]:
    """What a typed line says: cleaned of anything that is not text, cut to LINE_LIMIT."""
    text = clean(line, one_line=True)
    return text[:LINE_LIMIT], len(text) > LINE_LIMIT or len(line) >= 4096


class PromptReader:
    """prompt_toolkit at a terminal: completion of what is legal now, and history."""

    interactive = True

    def __init__(self, style=None):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.output import create_output

        from narrator.typing_input import PasteAware

        # The prompt draws on the terminal itself, not through the line-wrapping stream.
        out = getattr(sys.stdout, "inner", sys.stdout)
        self.session = PromptSession(history=InMemoryHistory(), key_bindings=_paste_cut(), input=PasteAware(),
                                     output=create_output(stdout=out), style=style)

    def read(self, prompt: str, words: list[str], interrupt: str | None = "",
             status: str | None = None) -> str | None:
        """The line typed; None at the end of input. Ctrl-C gives `interrupt`: an empty
        line at a prompt (the line is dropped), None where it should leave. `status` is
        the bottom toolbar's line."""
        from prompt_toolkit.completion import WordCompleter

        self.interrupted = False
        try:
            line = self.session.prompt(prompt, completer=ShortLines(WordCompleter(words, sentence=True)),
                                       bottom_toolbar=status)
        except EOFError:
            return None
        except KeyboardInterrupt:
            self.interrupted = True
            return interrupt
        text, cut = _cut(line)
        if cut:
            print(f"(That line was longer than {LINE_LIMIT} characters; only its start was read.)")
        return text


# Home, clear the screen, and clear the scrollback too (ESC[3J): scrolling up after a
# hand-off must not show the previous player's hand.
WIPE = "\x1b[H\x1b[2J\x1b[3J"


def wipe(out: TextIO) -> None:
    out.write(WIPE)
    out.flush()


def _paste_cut():
    """A paste (one event at a terminal with bracketed paste) goes into the line cut to
    just past LINE_LIMIT, so a page pasted by mistake costs nothing to edit or complete."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    bindings = KeyBindings()

    @bindings.add(Keys.BracketedPaste)
    def _(event):
        room = max(0, LINE_LIMIT + 1 - len(event.current_buffer.text))
        event.current_buffer.insert_text(" ".join(event.data.split())[:room])

    return bindings


def ShortLines(inner):
    """A completer that offers nothing once a line is longer than any action: matching a
    pasted page against every word at each keystroke is what made a paste take seconds."""
    from prompt_toolkit.completion import Completer

    class _Short(Completer):
        def get_completions(self, document, complete_event):
            if len(document.text) <= LINE_LIMIT:
                yield from inner.get_completions(document, complete_event)

    return _Short()


@dataclass
class Table:
    session: Session
    humans: tuple[str, ...]
    bots: dict
    reader: object
    out: TextIO = field(default_factory=lambda: sys.stdout)
    hotseat: bool = False
    clear: Callable[[], None] | None = None
    at_screen: str | None = None
    queued: dict = field(default_factory=dict)   # seat -> private prose not yet shown
    told: dict = field(default_factory=dict)     # seat -> prose shown, for `log`
    asked: tuple | None = None                   # the decision last put to a player
    llm: object | None = None                    # an LLMTelling, when a model narrates
    remotes: dict = field(default_factory=dict)  # seat -> RemoteSeat, for seats played from afar
    lock: object = field(default_factory=threading.Lock)   # the game is read from other threads too
    profile_said: str | None = None              # the last word said about the profile
    round_start: dict = field(default_factory=dict)   # seat -> where its uncoloured round began
    painter: object | None = None                # a style.Painter, when the terminal takes colour
    fresh: bool = True                           # a new game, not one continued from its save
    verbose: bool = False                        # tell every draw and turn, not one line a move

    def __post_init__(self):
        s = self.session
        self.names = {seat: s.story.seat_name(seat) for seat in s.seats}
        self.words = menu.Words(self.names)
        self.screen = screens.for_story(s.story)
        # A story may call taking a move back by its own name (a time loop may wind a watch back).
        self.undo_word = s.story.info.get("undo", {}).get("word", "undo")
        self.commands = {(self.undo_word if k == "undo" else k): v
                         for k, v in {**self.screen.COMMANDS, **COMMANDS}.items()}
        # At a shared terminal nobody sits at the screen until the first hand-off, so the
        # opening deal's secrets wait for their own player.
        self.at_screen = None if self.hotseat else (self.humans[0] if self.humans else None)
        # One narrator per human seat: each keeps track of what its reader knows.
        self.narrators = {seat: s.narrator(verbose=self.verbose) for seat in (*self.humans, *self.remotes)}

    # --- output ---------------------------------------------------------------------
    def say(self, text: str = "", kind: str = "") -> None:
        """Print text fitted to the terminal's width, in the look of its kind."""
        text = terminal.wrap(text)
        if self.painter is not None and kind:
            self.out.flush()
            self.painter.write(text, kind)
        else:
            self.out.write(text + "\n")
        self.out.flush()

    def prose(self, passage: str) -> None:
        self.say(render.prose(passage, terminal.prose_width()) + "\n", "prose")

    def page(self, lines: list[str]) -> None:
        """Long text a screenful at a time at a terminal, so its start is not lost."""
        room = terminal.height() - 2
        if not self.interactive or len(lines) <= room:
            self.say("\n".join(lines))
            return
        for at in range(0, len(lines), room):
            self.say("\n".join(lines[at:at + room]))
            if at + room < len(lines):
                more = self.reader.read("— more: Enter for the next page, q to stop — ", [])
                if more is None or more.strip().lower().startswith("q"):
                    return

    def tell(self, start: int, events) -> None:
        """Narrate events to the seats that may know them; queue what the screen must not show."""
        for seat, remote in self.remotes.items():
            for passage in self.narrators[seat].tell(events, start, seat):
                remote.tell(passage)
        for seat in self.humans:
            passages = self.narrators[seat].tell(events, start, seat)
            self.told.setdefault(seat, []).extend(passages)
            if seat == self.at_screen:
                self.show(seat, passages, start, start + len(events))
            else:
                # Another seat's passages wait for that seat's turn at the screen. Public
                # events are told to it again there, so it misses nothing.
                self.queued.setdefault(seat, []).extend(passages)
                if self.llm is not None and passages:
                    # Kept too: with a model narrating, replay reads a seat's story from the
                    # save, and these passages are part of it.
                    self.keep(seat, "\n\n".join(passages), start, start + len(events), by_model=False)

    def show(self, seat: str, passages: list[str], start: int, end: int) -> None:
        """The offline prose, as it is: it carries the game's information. With a model,
        it is also what the model's colour for this round will follow."""
        for p in passages:
            self.prose(p)
        if self.llm is not None and passages:
            self.keep(seat, "\n\n".join(passages), start, end, by_model=False)
            self.llm.hear(seat, passages)
            self.round_start.setdefault(seat, start)

    def colour(self, seat: str) -> bool:
        """The model's colour for the round `seat` was told since it last acted; False
        when the player pressed Ctrl-C twice to leave."""
        if self.llm is None or seat not in self.round_start:
            return True
        start = self.round_start.pop(seat)
        column = 0

        def write(text: str) -> None:
            # Sentences come one by one: wrapped as they come, as render.prose wraps;
            # cleaned already, and no line of it may pass for the prompt.
            nonlocal column
            for word in unprompt(text).split():
                if column and column + 1 + len(word) > WIDTH:
                    self.out.write("\n")
                    column = 0
                self.out.write((" " if column else "") + word)
                column += len(word) + (1 if column else 0)
            self.out.flush()

        try:
            text = self.llm.colour(seat, self.session.seats, write)
        except KeyboardInterrupt:
            self.say("")
            return False
        if text:
            self.say("\n")
            self.keep(seat, text, start, len(self.session.log), by_model=True)
        return True

    def keep(self, seat: str, text: str, start: int, end: int, by_model: bool) -> None:
        """Keep prose shown for events start..end in the save, and write it: the move itself
        was saved before it was told, so without this the last move's prose would be lost."""
        save = self.session.save
        by = "llm" if by_model else "offline"
        if any(k["seat"] == seat and (k["to"] >= end and k.get("by") == by if by_model else k["to"] > start)
               for k in save.narration):
            return  # resuming retells the last moves in brief; the save has them already
        save.narration.append({"at": start, "to": end, "seat": seat, "text": text, "by": by})
        if self.session.autosave:
            try:
                self.session.write()
            except OSError:
                pass  # act() has said so; the next move writes the whole save again

    def hand_off(self, seat: str) -> bool:
        """Clear the screen and wait for the next player; False if input ended."""
        if self.clear is not None:
            self.clear()
        else:
            self.say("\n" * 40)
        self.say(f"Pass the terminal to {self.names[seat]}'s player.")
        # Ctrl-C here leaves (the game is saved): it must not show the next seat's secrets.
        if self.reader.read(f"{self.names[seat]}, press Enter when you are ready. ", [], interrupt=None) is None:
            return False
        if self.llm is not None and self.at_screen is not None:
            self.llm.forget_moment(self.at_screen)   # the last player has gone: no colour for them
            self.round_start.pop(self.at_screen, None)
        self.at_screen = seat
        self.asked = None
        for p in self.queued.pop(seat, []):
            self.prose(p)
            if self.llm is not None:
                self.llm.hear(seat, [p])
        return True

    def who(self, seat: str) -> str:
        if seat in self.remotes:
            return "a player at another terminal"
        return "you" if seat in self.humans else "a bot"

    @property
    def interactive(self) -> bool:
        """Whether a person reads at a terminal (a prompt with a toolbar, long text paged)."""
        return getattr(self.reader, "interactive", False)

    # --- what is asked --------------------------------------------------------------
    def options(self, view) -> list[menu.Option]:
        return self.words.options(self.screen.options(view, self.names))

    def status(self, seat: str, view) -> str:
        """The line at the foot of the screen: the story, the moment, whose move, the counts."""
        s = self.session
        mover = s.to_act()
        whose = "your move" if seat in mover else f"{', '.join(self.names[m] for m in mover)} to move"
        return f" {storybook.title(s.story, s.episode)} · {self.screen.status(view, self.names)} · {whose} "

    def asking(self, view) -> str:
        """What is to be decided and the numbered options, as the player reads them."""
        options = self.options(view)
        text = self.screen.decision(view, self.names)
        if options:
            text += "\n" + menu.listing(options, terminal.width()) + "\n  (type a number, or the words; `help` for more)"
        return text

    # --- the game -------------------------------------------------------------------
    def run(self, opening: bool = True) -> int:
        s = self.session
        log = s.log
        # A network game keeps its save from the start: it holds the joiners' codes.
        self.fresh = opening and not self.remotes
        self.say(f"{storybook.title(s.story, s.episode)}  (save: {s.save.slot})", "heading")
        self.say(", ".join(f"{self.names[x]}: {self.who(x)}"
                           for x in s.seats) + ". Type `help` for commands.\n")
        if opening:
            self.tell(0, log)
        else:
            for seat, narrator in self.narrators.items():
                narrator.skip(log, seat)
            for seat in self.humans[:1] if not self.hotseat else ():
                self.say(self.screen.recap(s.view(seat), self.names) + "\n", "prose")
        startup.ready()     # the table is set and told: the first move is the game's own
        while s.ending() is None:
            seat = s.to_act()[0]
            if seat in self.bots:
                self.act(seat, self.bots[seat].choose(s.view(seat)))
                continue
            if seat in self.remotes:
                self.remote_turn(seat)
                continue
            if self.hotseat and seat != self.at_screen and not self.hand_off(seat):
                return self.leave()
            if self.hotseat and not opening and self.asked is None and seat == self.at_screen:
                self.say(self.screen.recap(s.view(seat), self.names) + "\n", "prose")
            self.at_screen = seat
            if not self.turn(seat):
                return self.leave()
        return self.finish()

    def turn(self, seat: str) -> bool:
        """One prompt for the human at `seat`; False when they leave."""
        s = self.session
        if not self.colour(seat):
            return False
        view = s.view(seat)
        options = self.options(view)
        status = self.status(seat, view)
        # Say what is to be decided once per decision, not again after every command.
        moment = (seat, len(s.log), len(s.save.actions))
        if self.asked != moment:
            self.asked = moment
            if not self.interactive:
                self.say(f"[{status.strip()}]", "status")
            self.say(self.asking(view), "options")
        words = [*(o.said for o in options), *self.commands]
        # A terminal's prompt keeps the status in its bottom toolbar; a piped game has the line above.
        toolbar = {"status": status} if self.interactive else {}
        line = self.reader.read(f"{self.names[seat]}> ", words, **toolbar)
        if line is None:
            return False
        if not line:
            # A second Ctrl-C soon after the one that stopped the model's reply: leave.
            if getattr(self.reader, "interrupted", False) and self.llm is not None \
                    and self.llm.interrupted_recently():
                return False
            return True
        word = line.split()[0].lower()
        if word in self.commands:
            return self.command(seat, word, line)
        try:
            action = menu.pick(line, options) or self.words.hear(line)
        except IndexError as err:
            self.say(f"There is no option {err.args[0]}: the options are numbered 1 to {len(options)}."
                     " Nothing has changed.\n", "warning")
            return True
        if action.split()[0].lower() == STOP and not self.sure_to_stop(seat):
            return True
        try:
            self.act(seat, action)
        except GameError as err:
            legal = ", ".join(self.words.speak(a) for a in (err.legal or view.legal))
            self.say(f"{self.words.speak(err.message)}\nWhat you can do now: {legal}"
                     f" (or a number from 1 to {len(options)}). Nothing has changed.\n", "error")
        return True

    def sure_to_stop(self, seat: str) -> bool:
        answer = self.reader.read("Stop the story here? It ends now, on its page, and cannot be"
                                  " taken back. Type yes to stop: ", [])
        if answer is not None and answer.strip().lower() in ("y", "yes"):
            return True
        self.say("The story goes on. Nothing has changed.\n", "warning")
        return False

    def remote_turn(self, seat: str) -> None:
        """Ask the joiner at `seat` and play their answer; a mistake is explained to them."""
        remote = self.remotes[seat]
        with self.lock:
            view = self.session.view(seat)
        options = self.options(view)
        decision, legal = self.asking(view), [o.said for o in options]
        if not remote.connected:
            # The host cannot type while a joiner holds the turn: say how to stop.
            self.say(f"(It is {self.names[seat]}'s move, and their player is away. The game waits for"
                     f" them; Ctrl-C stops hosting and keeps the game for"
                     f" `narrator host --continue {self.session.save.slot}`.)")
        text = remote.ask(decision, legal)
        while True:
            try:
                action = menu.pick(text, options) or self.words.hear(text)
                self.act(seat, action)
                return
            except IndexError as err:
                mistake = f"There is no option {err.args[0]}: the options are numbered 1 to {len(options)}."
            except GameError as err:
                said = ", ".join(self.words.speak(a) for a in (err.legal or view.legal))
                mistake = f"{self.words.speak(err.message)} What you can do now: {said}. Nothing has changed."
            text = remote.ask(decision, legal, mistake)

    def act(self, seat: str, text: str) -> None:
        """Play an action and tell it; a save that cannot be written does not stop the game."""
        start = len(self.session.log)
        try:
            with self.lock:
                self.session.act(seat, text)
        except OSError as err:
            self.say(f"(The move is made, but the save could not be written: {err.strerror or err}."
                     " Play goes on; narrator writes the whole game again after the next move.)\n", "warning")
        note, self.session.profile_note = self.session.profile_note, None
        if note and note != self.profile_said:
            self.profile_said = note     # said once, not after every move
            self.say(note + "\n")
        self.tell(start, self.session.log[start:])

    def command(self, seat: str, word: str, line: str) -> bool:
        view = self.session.view(seat)
        if word == "quit":
            return False
        if word == "help":
            self.say("\n".join(f"  {k:<6} {v}" for k, v in self.commands.items()))
            self.say("Actions: " + ", ".join(o.said for o in self.options(view))
                     + ". Or type an option's number.")
        elif word in self.screen.COMMANDS:
            self.page(self.screen.show(word, view, self.names).split("\n"))
        elif word == "log":
            self.log(seat, line.split()[1:])
        elif word == self.undo_word:
            self.take_back(seat)
        elif word == "save":
            try:
                self.session.write()
                self.say(f"Saved in slot {self.session.save.slot} ({self.session.save.path}).")
            except OSError as err:
                self.say(f"The save could not be written: {err.strerror or err}. Free some space or"
                         " check the folder's permissions, then `save` again.", "error")
        self.say("")
        return True

    def log(self, seat: str, args: list[str]) -> None:
        """`log`: the whole story this seat was told; `log N`: its last N passages."""
        told = self.told.get(seat, [])
        if args and not is_number(args[0][:6]):
            self.say(f"`log {args[0]}`: give a number of passages, like `log 5`, or just `log`"
                     " for the whole story so far.", "warning")
            return
        n = min(int(args[0]), 10_000) if args else len(told)
        chosen = told[max(0, len(told) - n):] if n > 0 else []
        if not chosen:
            self.say("Nothing has been told yet.")
            return
        lines: list[str] = []
        for p in chosen:
            lines += render.prose(p, terminal.prose_width()).split("\n") + [""]
        self.page(lines)

    def take_back(self, seat: str) -> None:
        """Replay the game without the player's last move, where that is fair."""
        s = self.session
        word = self.undo_word
        if len(self.humans) > 1 or self.remotes:
            self.say(f"`{word}` is for solo play: another player has seen this move, and it cannot"
                     " be taken back from them.", "warning")
            return
        at = undo.last_move(s.save.actions, seat)
        if at is None:
            self.say(f"There is no move of yours to take back yet (`{word}`).", "warning")
            return
        kept = s.save.actions[:at]
        before = undo.replay(s, kept)
        why = undo.why_not(s, seat, before, len(before.log), self.screen.OWN_CHOICES)
        if why is not None:
            self.say(f"That move cannot be taken back: {why}. Taking it back would carry what you"
                     " saw into the past.", "warning")
            return
        try:
            s.rewind(at, before)
        except OSError as err:
            self.say(f"(The save could not be written: {err.strerror or err}.)", "warning")
        self.remake_bots()
        # Each reader's narrator afresh, as if the game had been continued from its save.
        self.narrators = {seat: s.narrator(verbose=self.verbose) for seat in self.narrators}
        for seat, narrator in self.narrators.items():
            narrator.skip(before.log, seat)
        said = s.story.info.get("undo", {}).get("done", "Your last move is taken back.")
        self.say(said + "\n", "prose")
        self.asked = None

    def remake_bots(self) -> None:
        """Bots afresh after a move is taken back: what they took in of it is gone too."""
        from narrator import bots

        s = self.session
        for seat in self.bots:
            self.bots[seat] = bots.make(s.save.seats[seat].split(":", 1)[1], s.story, seat, s.save.seed)

    def leave(self) -> int:
        s = self.session
        if not s.save.actions and self.fresh:
            # A game left before its first move is no game to continue: its save goes.
            s.save.path.unlink(missing_ok=True)
            self.say("\nNothing was played, so nothing was saved.")
            return 0
        slot = self.session.save.slot
        again = f"narrator host --continue {slot}" if self.remotes else f"narrator continue {slot}"
        if not self.session.saved and self.session.autosave:
            try:
                self.session.write()     # one more try: the disk may have room again
            except OSError as err:
                self.say(f"\nThe last moves could not be saved in {self.session.save.path}"
                         f" ({err.strerror or err}), so they are lost. `{again}` picks the game up"
                         " from the last move that was saved.")
                return 1
        self.say(f"\n{voice.quit_line(self.session.story.voice)} Your game is saved; `{again}` picks it up.")
        return 0

    def finish(self) -> int:
        s = self.session
        ending = s.ending()
        if self.at_screen is not None:
            self.colour(self.at_screen)
        # The ending page is for both players: it is written over the public log only.
        page = endpage.render(s.story, s.episode, ending.id, s.log, s.profile)
        self.say("\n" + render.page(page.title, page.text, terminal.prose_width()), "prose")
        self.say(f"({page.condition})")
        for remote in self.remotes.values():
            remote.send({"type": "end", "title": page.title, "text": page.text, "condition": page.condition})
        if s.first_time:
            self.say("A new ending is unlocked. `narrator endings` shows your collection.", "heading")
        return 0
