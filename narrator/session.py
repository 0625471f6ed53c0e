"""A game in progress: the story, its state, its save and the profile, kept in step.

Every action goes through `Session.act`: the engine decides, the save is written
(autosave), and what lasts between runs (endings, and whatever the family carries from
game to game) goes to the profile. The REPL, replay and explore all play through this
one path.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.contract import Ending
from engine.events import Event
from engine.errors import BadOption, GameError
from narrator import saves as saves_mod
from narrator.library import Story, load
from narrator.profile import Profile, not_kept
from narrator.saves import Save
from narrator.tomlfile import BrokenFile


def deal(story: Story, save: Save):
    """The game's state at the save's deal, before any action: its options as this
    edition of the story reads them (BadOption says what is wrong with them)."""
    options = dict(save.options)
    if story.family.carried is not None:
        options = story.family.carried.saved(story.content, save.episode, options)
    return story.family.new_game(story.content, story.seats_for(save.options), save.seed,
                                 {**options, "episode": save.episode})


@dataclass
class Session:
    story: Story
    save: Save
    state: object
    profile: Profile | None = None
    autosave: bool = True
    first_time: bool = False   # the ending just reached had never been reached before
    saved: bool = True         # the save on disk holds every move made
    profile_note: str | None = None   # why the profile is not being kept, for the table to say
    # The log's length after the setup and after each action: a move's events are told
    # together (its bookkeeping folded into one line), so a replay cuts the log here.
    marks: list[int] = field(default_factory=list)

    @property
    def family(self):
        return self.story.family

    @property
    def episode(self) -> str:
        return self.save.episode

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats of this game, in turn order (some stories seat 4 to 8)."""
        return tuple(self.save.seats)

    @classmethod
    def new(cls, story: Story, episode: str, seed: int, seats: dict[str, str], path: Path,
            profile: Profile | None, autosave: bool = True, table: dict | None = None) -> "Session":
        """A new game; `table` holds the table's own options (e.g. the number of players)."""
        carried = story.family.carried
        options: dict = dict(table or {})
        kept: dict = {}
        if carried is not None:
            kept = profile.kept(story.id, carried) if profile else {}
            options.update(carried.options(story.content, episode, kept))
        state = story.family.new_game(story.content, tuple(seats), seed, {"episode": episode, **options})
        save = Save(path, story.id, episode, seed, dict(seats), options)
        session = cls(story, save, state, profile, autosave, marks=[len(state.log)])
        # The opening may already set something that lasts (a secret kept for several games).
        # Only then is the profile written (its lock taken, the file read and written again):
        # an opening that teaches nothing to what this game was dealt from leaves it alone.
        if profile is not None and carried is not None \
                and carried.keep(story.content, episode, kept, session.log) is not None:
            session._keep(lambda p: session._carry(p, session.log))
        if autosave:
            save.write()
        return session

    @classmethod
    def resume(cls, path: Path, profile: Profile | None, autosave: bool = True) -> "Session":
        """Load a save and replay its actions; a save that does not replay is a BrokenFile."""
        save = Save.read(path)
        from narrator.library import UnknownStory
        try:
            story = load(save.story)
            story.episode(save.episode)
        except UnknownStory as err:
            raise BrokenFile(path, str(err), "This save is for a story this narrator does not have") from None
        try:
            expected = story.seats_for(save.options)
        except GameError as err:
            raise BrokenFile(path, f"the table's options do not make a game: {str(err).rstrip('.')}",
                             "Mend [options]") from None
        if list(save.seats) != list(expected):
            raise BrokenFile(path, f"seats are {sorted(save.seats)}, but {story.title} has {list(expected)}",
                             "Mend the [seats] table")
        from narrator.bots import NAMES
        for seat, who in save.seats.items():
            if who.startswith("bot:") and who[4:] not in NAMES:
                raise BrokenFile(path, f"seat {seat} is played by the unknown bot {who[4:]!r}",
                                 f"Mend the [seats] table: the bots are {', '.join(NAMES)}")
        # A save from before a rule changed keeps that rule, and says so when written again.
        for version, rules in sorted(story.family.table.former_rules.items()):
            if save.format_version < version:
                save.options = {**rules, **save.options}
        try:
            state = deal(story, save)
        except BadOption as err:
            raise BrokenFile(path, err.message, "Mend or remove it") from None
        except GameError as err:
            raise BrokenFile(path, f"the table's options do not make a game: {str(err).rstrip('.')}",
                             "Mend [options]") from None
        marks = [len(state.log)]
        for i, (seat, text) in enumerate(save.actions):
            try:
                story.family.apply(state, seat, story.family.parse(text))
            except GameError as err:
                raise BrokenFile(path, f"action {i + 1} ({seat}: {text}) cannot be replayed:"
                                 f" {err.message.rstrip('.')}",
                                 "The save was edited or comes from another version; remove that"
                                 " action and the ones after it to resume from before it") from None
            marks.append(len(state.log))
        return cls(story, save, state, profile, autosave, marks=marks)

    def narrator(self, verbose: bool = False):
        """A narrator for this game, knowing the card faces its readers knew at its start."""
        from narrator.narration import Narrator

        carried, known = self.family.carried, set()
        if carried is not None:
            known = set(carried.faces(carried.saved(self.story.content, self.episode, self.save.options)))
        return Narrator(self.story, self.save.seed, known, self.episode, verbose=verbose)

    def ending(self) -> Ending | None:
        return self.family.ending(self.state)

    def to_act(self) -> tuple[str, ...]:
        return self.family.to_act(self.state)

    def view(self, seat: str):
        return self.story.view(self.state, seat)

    def act(self, seat: str, text: str) -> list[Event]:
        """Parse and apply one action; raises GameError (nothing changes) if it is not legal."""
        action = self.family.parse(text)
        events = self.family.apply(self.state, seat, action)
        self.save.actions.append((seat, str(action)))
        self.saved = False
        self.marks.append(len(self.state.log))
        ended = self.ending()
        if ended is not None:
            self.save.ended = ended.id
        # The move is kept in the save first: a profile that cannot be written must not
        # cost the move, and a save that cannot be written must not cost the profile.
        unsaved = None
        if self.autosave:
            try:
                self.write()
            except OSError as err:
                unsaved = err
        if self.profile is not None:
            self._remember(events)
        if unsaved is not None:
            raise unsaved
        return events

    def rewind(self, moves: int, state) -> None:
        """Go back to the game after its first `moves` actions, `state` being that game
        replayed; the save forgets the rest (autosave writes it; OSError if it cannot)."""
        self.state = state
        del self.save.actions[moves:]
        del self.marks[moves + 1:]        # the cuts after the setup and each kept move
        self.save.narration[:] = [k for k in self.save.narration if k["to"] <= len(state.log)]
        self.save.ended = ""
        self.saved = False
        if self.autosave:
            self.write()

    def write(self) -> None:
        """Write the save; `saved` says whether every move made is in it."""
        self.save.write()
        self.saved = True

    def _remember(self, events: list[Event]) -> None:
        endings = [e.data["ending"] for e in events if e.kind == "ending"]
        carried = self.family.carried
        learns = carried is not None and carried.keep(
            self.story.content, self.episode, self.profile.kept(self.story.id, carried), events) is not None
        if not endings and not learns:
            return

        def change(profile: Profile) -> bool:
            self._carry(profile, events)
            first = False
            for ending in endings:
                first = profile.unlock(self.story.id, self.episode, ending)
            return first

        # An ending counts as unlocked for the player only once the profile holds it.
        self.first_time = bool(self._keep(change))

    def _carry(self, profile: Profile, events: list[Event]) -> None:
        """Keep in `profile` what the family carries on from these events."""
        carried = self.family.carried
        if carried is None:
            return
        kept = carried.keep(self.story.content, self.episode, profile.kept(self.story.id, carried), events)
        if kept is not None:
            profile.keep(self.story.id, kept)

    def _keep(self, change):
        """Record `change` in the profile; when it cannot be, say why in `profile_note`
        and go on (the game itself is in the save)."""
        try:
            return self.profile.record(change)
        except BrokenFile as err:
            self.profile_note = not_kept(err)
        except OSError as err:
            self.profile_note = (f"(Your profile {self.profile.path} could not be written"
                                 f" ({err.strerror or err}), so it is not being kept: what this game learns"
                                 " and the endings it reaches are not recorded.)")
        return None

    @property
    def log(self) -> list[Event]:
        return self.state.log


def default_slot(folder: Path, story: Story, episode: str) -> Path:
    return saves_mod.slot_path(folder, saves_mod.new_slot(folder, f"{story.id}-{episode}"))
