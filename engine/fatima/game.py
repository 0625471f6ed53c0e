"""The Fatima Unveiling Game's rules: the family protocol of engine.contract.

A turn: the active nation draws. A Fatima drawn is placed in the nation and an Event
fires, and either ends the turn; any other card joins the hand and the nation chooses
one of: pass, use one Action card (or its king's decree), combat, or a Fatima
Unveiling. When the deck runs out every nation plays one more turn, without drawing;
then the Fatima points are counted. Legality is decided here, in `apply`, and nowhere
else: an action is legal exactly when it is among the pending decision's options (a
turn's are read from the state when first asked for: `Turn`).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain, groupby
from operator import attrgetter
from typing import Iterator, Mapping, Sequence

from engine.contract import Ending
from engine import endings, legality, turns
from engine.errors import IllegalAction
from engine.events import Event
from engine.fatima import combat, effects, moves, points
from engine.fatima.actions import PASS, STOP, Action, Row, act, numbers, parse, row
from engine.fatima.content import DEFAULT_PLAYERS, HAND, MOMENTS, PLAYERS, Content
from engine.fatima.dice import Chance
from engine.fatima.moves import ALONE
from engine.fatima.state import Ctx, Nation, Pending, State

parse_action = parse


def players_of(options: dict) -> int:
    """The number of nations at the table, checked; raises IllegalAction saying what is allowed."""
    players = options.get("players", DEFAULT_PLAYERS)
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
        raise IllegalAction(f"The Fatima Unveiling Game is played by 2 to 8 players, not {players!r}.")
    return players


def seats(content: Content, options: dict) -> tuple[str, ...]:
    """p1..pN, in turn order (clockwise: the next seat is on your left)."""
    if options.get("mix") is not None:
        raise IllegalAction("The Fatima Unveiling Game has no mixes of roles to choose from: leave the mix out.")
    return tuple(f"p{i}" for i in range(1, players_of(options) + 1))


def new_game(content: Content, seat_names: Sequence[str], seed: int, options: dict) -> State:
    """Deal as the rulebook says: a king face down to each nation, seven cards each (a Fatima
    dealt is placed face up, an Event goes back into the deck unreplaced), then roll for
    initiative and begin. options: `players` (2 to 8, default 5); `hand = "sorted"` keeps
    every hand in the card file's order, as games saved before hands kept their order."""
    table = seats(content, options)
    assert tuple(seat_names) == table, f"this table seats {table}, not {tuple(seat_names)}"
    rng = Chance(seed)
    kings = list(content.kings)
    rng.shuffle(kings)
    deck = list(content.box(len(table)))
    rng.shuffle(deck)
    nations = {s: Nation(kings[i]) for i, s in enumerate(table)}
    state = State(content, seed, rng, table, nations, deck, unused_kings=kings[len(table):],
                  sorted_hands=options.get("hand") == "sorted")
    log: list[Event] = [Event("setup", {"players": len(table), "seats": list(table), "deck": len(deck),
                                        "unused": len(state.unused_kings)})]
    for s in table:
        log.append(Event("king_dealt", {"seat": s, "card": nations[s].king}, ALONE[s]))
    back: list[str] = []
    for _ in range(HAND):
        for s in table:
            card = deck.pop()
            kind = content.cards[card].kind
            if kind == "fatima":
                nations[s].fatima.append(card)
                log.append(Event("fatima_placed", {"seat": s, "card": card, "why": "deal"}))
            elif kind == "event":
                back.append(card)
                log.append(Event("event_returned", {"seat": s, "card": card, "why": "deal"}))
            else:
                nations[s].hand.append(card)     # sorted once dealt, whatever the rule
    for s in table:
        moves.sort_hand(state, s)
        log.append(Event("deal", {"seat": s, "count": len(nations[s].hand)}))
        log.append(Event("hand_seen", {"seat": s, "cards": list(nations[s].hand), "why": "deal"},
                         ALONE[s]))
    if back:
        deck.extend(back)
        rng.shuffle(deck)
    assert deck, "the content check guarantees a deck after the deal"
    state.first = moves.roll_off(state, table, log, "initiative")
    _advance(state, log)
    state.log.extend(log)
    return state


to_act = turns.to_act


def legal_actions(state: State, seat: str) -> Sequence[Action]:
    """The pending decision's options, then stopping, for the seat it waits for; nothing
    for any other seat or once it is over (`choices`, without its texts or its cache: a
    rules loop asks once a moment). A turn not read yet is read as a `Turn`: its attacks
    counted, and made only as they are taken."""
    p = state.pending
    if p is None or p.seat != seat or state.ended is not None:
        return []
    if p.options or p.kind != "turn":
        return [*p.options, STOP]
    turn = p.data.get("turn")
    if turn is None:
        turn = p.data["turn"] = Turn(state, seat)
    return turn


def choices(state: State, seat: str) -> legality.Choices:
    """The seat's legal actions and their texts, made once per moment (view, bot, check)."""
    return legality.choices(state, seat, _legal)


def _legal(state: State, seat: str) -> Choices:
    """Every move answers a pending decision (a turn is one too): `legal_actions`, but a
    turn not read yet is read as it is first asked for (`TurnChoices`)."""
    p = state.pending
    if p is None or p.seat != seat or state.ended is not None:
        return Choices(())
    options = p.options
    if not options and p.kind == "turn":
        return TurnChoices(state, seat)
    return Choices((*options, STOP))


class Choices(legality.Choices):
    """A moment's choices, their texts read off the actions: each wrote its text once, as
    it was made (`actions.act`), and a turn offers dozens of them to every view."""

    __slots__ = ()

    @property
    def texts(self) -> tuple[str, ...]:
        if self._texts is None:
            self._texts = tuple(map(_TEXT, self.actions))
        return self._texts


_TEXT, _VERB = attrgetter("text"), attrgetter("verb")


class TurnChoices(Choices):
    """A turn's choices, read from the state the first time they are asked for (the
    state does not change while a turn waits: `Turn`): for their actions, every option
    made at once into the turn's options, as the views show them all; to be grouped by
    verb, as a `Turn`, so a random player makes only the action it takes (most are
    attacks, each made by its place). A turn read already as a `Turn` is read as it is:
    each state reads a turn once."""

    __slots__ = ("state", "seat", "_turn", "_made")

    def __init__(self, state: State, seat: str):
        self.state, self.seat = state, seat
        self._turn: Turn | None = None
        self._made: tuple[Action, ...] | None = None
        self._texts = None

    def _read(self, grouped: bool) -> None:
        state, p = self.state, self.state.pending
        turn = p.data.get("turn")
        if turn is None and grouped:
            turn = p.data["turn"] = Turn(state, self.seat)
        if turn is not None:
            self._turn = turn
        else:
            options = p.options = tuple(turn_options(state, self.seat))
            self._made = (*options, STOP)
        # Held no longer: the state's cached choices holding it would make a cycle that
        # only the collector frees, a whole game's state when they are its last.
        self.state = None

    @property
    def actions(self) -> tuple[Action, ...]:     # read in place of the slot of legality.Choices
        if self._made is None:
            if self.state is not None:
                self._read(grouped=False)
            if self._made is None:
                self._made = tuple(self._turn)
        return self._made

    def __reduce__(self) -> tuple:
        if self.state is not None:
            return TurnChoices, (self.state, self.seat)      # not read yet: a copy reads its own
        return Choices, (self.actions,)

    def by_verb(self) -> tuple[tuple[str, ...], Mapping[str, Sequence[str]]]:
        if self.state is not None:
            self._read(grouped=True)
        turn = self._turn
        if turn is None:          # every option made already, for a view
            return super().by_verb()
        groups: dict[str, Sequence[str]] = {}
        # The options before combat come a verb at a time (pass, the Action cards', the
        # decree's: `_before_combat`), each run read in C; a verb met again is joined on.
        for verb, run in groupby(turn.head, _VERB):
            texts = tuple(map(_TEXT, run))
            groups[verb] = groups[verb] + texts if verb in groups else texts
        if turn.end > turn.start:
            groups["attack"] = _Written(turn.attacks)
        if len(turn.tail) > 1:
            groups["unveil"] = tuple(map(_TEXT, turn.tail[:-1]))
        return tuple(sorted(groups)), groups

    def taken(self, text: str) -> Action | None:
        if self.state is not None:
            self._read(grouped=True)
        turn = self._turn
        if self._texts is not None or turn is None:     # written for a view: found at its place
            return super().taken(text)
        attack = turn.attacks.named(text)
        if attack is not None:
            return attack
        others = (*turn.head, *turn.tail)
        try:
            return others[tuple(map(_TEXT, others)).index(text)]
        except ValueError:
            return None


class _Written(Sequence):
    """The texts of actions made as they are read (`combat.Attacks`), each written when asked for."""

    __slots__ = ("actions",)

    def __init__(self, actions: Sequence[Action]):
        self.actions = actions

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i: int) -> str:
        return self.actions[i].text


def apply(state: State, seat: str, action: Action) -> list[Event]:
    """Carry out one action of `seat`; the only place an action's legality is decided."""
    pending = state.pending
    # An action offered, or parsed from its text, is the very value the pending decision
    # holds (`actions.act`): found by identity among its options, or in a turn read
    # (`Turn`, an attack by its words), it is legal. Any other is decided, and
    # a refusal worded, by the engine's check, as is any action at a turn not read yet
    # (a turn is offered with no options: not scanned).
    if pending is None or pending.seat != seat or state.ended is not None or not (
            action is STOP or pending.options and _among(action, pending.options)
            or (turn := pending.data.get("turn")) is not None and (action is turn.handed or turn.offers(action))):
        legality.check(state, seat, action, over=state.ended is not None, to_act=to_act,
                       legal_actions=choices)
    log: list[Event] = []
    state.moves += 1
    if action.verb == "stop":      # a verb of no words: cheaper than comparing values
        state.pending = None
        state.ended = Ending(endings.reach(state.content.book, "stopped", {}).id, "stopped", {"seat": seat})
    elif pending.kind == "turn":
        state.pending = None
        _choose(state, seat, action, log)
    elif pending.kind == "defend":
        state.pending = None
        combat.answer(state, seat, action, log)
    else:
        effects.resolve(state, action, log)
    _advance(state, log)
    return turns.record(state, log)


ending = turns.ending


# --- a turn --------------------------------------------------------------------------

def _advance(state: State, log: list[Event]) -> None:
    """Go on until someone must decide or the game is over."""
    while state.ended is None and state.pending is None:
        if state.frames:
            effects.run(state, log)
        else:
            assert state.combat is None, "a combat always waits for its defender"
            _next_turn(state, log)


def _next_turn(state: State, log: list[Event]) -> None:
    if state.turn == 0:
        seat = state.first
    elif state.final_left is not None:
        if not state.final_left:
            _count(state, log)
            return
        if state.record.final_leaders is None:
            state.record.final_leaders = _leaders(state)
        seat = state.final_left.pop(0)
    else:
        seat = state.left_of(state.active)
    state.active = seat
    state.turn += 1
    if state.truce_until == seat:
        state.truce_until = None
    if state.wards:         # seldom any: asked before a call is made
        state.wards.discard(seat)
    final = state.final_left is not None
    log.append(Event("turn", {"seat": seat, "number": state.turn, "final": final}))
    if final:
        state.pending = Pending(seat, "turn", ())
        return
    deck = state.deck
    card = deck.pop()
    kind = state.content.cards[card].kind
    if kind == "fatima":
        state.nations[seat].fatima.append(card)
        log.append(Event("fatima_placed", {"seat": seat, "card": card, "why": "draw"}))
    elif kind == "event":
        log.append(Event("event_drawn", {"seat": seat, "card": card}))
        state.discard.append(card)
        effects.start(state, state.content.events[card].effect, Ctx(seat, card))
    else:
        moves.to_hand(state, seat, card)
        log.append(Event("draw", {"seat": seat, "count": 1, "why": "turn"}))
        log.append(Event("hand_seen", {"seat": seat, "cards": [card], "why": "turn"}, ALONE[seat]))
        state.pending = Pending(seat, "turn", ())     # its options read when asked for (`Turn`)
    if not deck:        # the last card: one more round (asked only then, not at every draw)
        moves.deck_check(state, log)


def aimed(state: State, seat: str, head: tuple[str, ...], target: str, own: bool) -> Sequence[Action]:
    """An Action card's or the decree's actions (`head`: its words before the aim) at what
    it may be aimed at now (`own`: its effect gives one of the user's Fatima in exchange,
    so it needs one). Each from one lookup of its last word in its row (`actions.row`)."""
    if target == "none":
        return [act(*head)]
    others, nations = state.others(seat), state.nations
    if target == "nation":
        return _at_each(head, others)
    if target == "hidden_king":
        at = row(*head)
        return [at[o] for o in others if not nations[o].king_shown]
    if target == "their_fatima":
        if own and not nations[seat].fatima:
            return []
        return _at_fatima(nations, head, others)
    if target == "own_fatima_to":
        rows = _rows_each(head, others)
        return [at[f] for f in nations[seat].fatima for at in rows]
    if target == "any_fatima":
        return _at_fatima(nations, head, state.around(seat))
    raise AssertionError(target)


# The same actions at every turn of a seat with the card at the same place (bounded).
@lru_cache(maxsize=4096)
def _at_each(head: tuple[str, ...], seats: tuple[str, ...]) -> tuple[Action, ...]:
    """The actions aimed at each of `seats`."""
    return tuple(map(row(*head).__getitem__, seats))


@lru_cache(maxsize=4096)
def _rows_each(head: tuple[str, ...], seats: tuple[str, ...]) -> tuple[Row, ...]:
    """The rows of the actions aimed at each of `seats`, by their last word."""
    return tuple(row(*head, s) for s in seats)


def _at_fatima(nations: dict[str, Nation], head: tuple[str, ...], seats: tuple[str, ...]) -> list[Action]:
    """The actions at every Fatima of `seats`, nation by nation (each nation's read in C)."""
    out: list[Action] = []
    for s, at in zip(seats, _rows_each(head, seats)):
        court = nations[s].fatima
        if court:
            out += map(at.__getitem__, court)
    return out


_UNVEIL, _ACTION = row("unveil"), row("action")
_DECREE = ("decree",)
_DECREE_ALONE = act(*_DECREE)


def turn_options(state: State, seat: str) -> list[Action]:
    """The four choices: pass, an Action card (or the king's decree), combat, an unveiling."""
    options = _before_combat(state, seat)
    options += combat.attack_options(state, seat)
    options += map(_UNVEIL.__getitem__, state.nations[seat].fatima)
    return options


def _before_combat(state: State, seat: str) -> list[Action]:
    """Passing, the Action cards in hand and the decree: a turn's options before combat."""
    aim_of, nation = state.content.aims, state.nations[seat]
    hand = nation.hand
    options = [PASS]
    # Most cards and decrees aim at nothing: their one action is looked up in its row.
    for position, card_id in zip(numbers(len(hand)), hand):
        aim = aim_of.get(card_id)        # only the Action cards used as a turn have one
        if aim is not None:
            if aim[0] == "none":
                options.append(_ACTION[position])
            else:
                options += aimed(state, seat, ("action", position), *aim)
    if not nation.decree_used:
        aim = aim_of[nation.king]
        if aim[0] == "none":
            options.append(_DECREE_ALONE)
        else:
            options += aimed(state, seat, _DECREE, *aim)
    return options


def _among(action: Action, options: Sequence[Action]) -> bool:
    """Whether `action` is the very value of one of `options`. A loop: over the few options
    of a decision it costs a third of `any(map(is_, options, repeat(action)))` (the
    iterators made for it cost more than they save)."""
    for option in options:
        if option is action:
            return True
    return False


class Turn(Sequence):
    """A turn's legal actions as the rules read them: its options in their order, then
    stopping, the attacks (every Fatima of every rival with every combatant, most of some
    forty-five) counted, each made when taken (`combat.Attacks`) and found among them by
    its words.

    A turn is offered with no options (`()`), read from the state the first time they are
    asked for, by `legal_actions` or by `choices` (kept in the decision's data as "turn").
    The state does not change while a turn waits (every move is an `apply`, which answers
    the turn before it changes anything), so they read the same whoever asks, in
    whichever copy of the state."""

    __slots__ = ("head", "seats", "courts", "fighters", "tail", "start", "end", "size", "handed", "_attacks")

    def __init__(self, state: State, seat: str):
        self.head = head = _before_combat(state, seat)     # a list, never changed
        # The attacks' courts and combatants, kept here: most turns are read by a rules
        # loop that takes one attack by its place (`combat.attack_at`); a sequence of
        # their own (`attacks`) is made only when asked for, as making an object costs
        # some 2,500 instructions.
        self.courts = courts = combat.courts_to_attack(state, seat)
        self.seats = state.seats
        self.fighters = fighters = combat.combatants(state, seat, "attack") if courts else ()
        self.tail = tail = (*map(_UNVEIL.__getitem__, state.nations[seat].fatima), STOP)
        self.start = len(head)
        self.end = self.start + sum(map(len, courts.values())) * len(fighters)
        self.size = self.end + len(tail)
        # The last action handed out by index: a rules loop applies the one it drew, so
        # `apply` finds it by identity here without reading its words.
        self.handed: Action | None = None
        self._attacks: combat.Attacks | None = None

    @property
    def attacks(self) -> combat.Attacks:
        """The attacks, as a sequence of their own (counted, each made when asked for)."""
        if self._attacks is None:
            courts = self.courts
            self._attacks = combat.Attacks(self.seats, courts, self.fighters, sum(map(len, courts.values()))) \
                if courts else combat.NO_ATTACKS
        return self._attacks

    def offers(self, action: Action) -> bool:
        """Whether `action` is one of these found cheaply: the very value, or an attack's
        words. No answers nothing of an equal value made afresh (`in` does)."""
        if action.__class__ is Action and action.verb == "attack":     # most, and only attacks
            return combat.offered(self.courts, self.fighters, action)
        return _among(action, self.head) or action in self.attacks or _among(action, self.tail)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Action:
        if i.__class__ is not int:
            return list(self)[i]     # a slice, as of the list the legal actions were
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
        if i < self.start:
            action = self.head[i]
        elif i < self.end:
            action = combat.attack_at(self.seats, self.courts, self.fighters, i - self.start)
        else:
            action = self.tail[i - self.end]
        self.handed = action
        return action

    def __iter__(self) -> Iterator[Action]:
        return chain(self.head, self.attacks, self.tail)

    def __contains__(self, action: object) -> bool:
        # Every action offered is the very value (`actions.act`): by identity first, as a
        # scan by equality would compare each action it passes.
        return self.offers(action) or action in self.head or action in self.tail


def _aim(action: Action, first: int) -> tuple[str | None, str | None]:
    words = action.args[first:]
    return (words[0] if words else None), (words[1] if len(words) > 1 else None)


def _choose(state: State, seat: str, action: Action, log: list[Event]) -> None:
    verb = action.verb
    if verb == "pass":
        log.append(Event("pass", {"seat": seat}))
    elif verb == "action":
        card = moves.from_hand(state, seat, action.args[0])
        target, fatima = _aim(action, 1)
        state.discard.append(card)
        log.append(Event("action", {"seat": seat, "card": card, "target": target, "fatima": fatima,
                                    "cards": [fatima] if fatima else []}))
        effects.start(state, state.content.actions[card].effect, Ctx(seat, card, target, fatima))
    elif verb == "decree":
        nation = state.nations[seat]
        decree = state.content.kings[nation.king].decree
        target, fatima = _aim(action, 0)
        nation.decree_used = True
        moves.reveal_king(state, seat, "decree", log)
        log.append(Event("decree", {"seat": seat, "card": nation.king, "decree": decree.name,
                                    "target": target, "fatima": fatima, "cards": [fatima] if fatima else []}))
        effects.start(state, decree.effect, Ctx(seat, nation.king, target, fatima))
    elif verb == "attack":
        combat.declare(state, seat, action, log)
    elif verb == "unveil":
        moves.unveil(state, action.args[0], seat, log)
    else:  # pragma: no cover - the options hold no other verb
        raise AssertionError(verb)


# --- the count -----------------------------------------------------------------------

def scores(state: State) -> dict[str, int]:
    c = state.content
    return {s: points.score(c, n.fatima, n.king) for s, n in state.nations.items()}


def _leaders(state: State) -> tuple[str, ...]:
    sc = scores(state)
    top = max(sc.values())
    return tuple(s for s in state.seats if sc[s] == top)


def _count(state: State, log: list[Event]) -> None:
    """Every king is turned up for the count; the most Fatima points wins."""
    for s in state.seats:
        moves.reveal_king(state, s, "count", log)
    sc = scores(state)
    log.append(Event("final_count", {"scores": dict(sc),
                                     "fatima": {s: list(state.nations[s].fatima) for s in state.seats}}))
    state.ended = decide(state, sc)


def decide(state: State, sc: dict[str, int]) -> Ending:
    """The winners are the rulebook's (most points, then most Fatima); the page of the
    ending book is the book's, from what the count tells it."""
    top = max(sc.values())
    leaders = [s for s in state.seats if sc[s] == top]
    most = max(len(state.nations[s].fatima) for s in leaders)
    kept = [s for s in leaders if len(state.nations[s].fatima) == most]
    facts = dict.fromkeys(MOMENTS["count"], False)
    facts["tie"], facts["shared"] = len(leaders) > 1, len(kept) > 1
    if len(leaders) == 1:
        winner, rec = leaders[0], state.record
        second = max((v for s, v in sc.items() if s != winner), default=0)
        held = set(state.nations[winner].fatima)
        facts["late_snatch"] = (winner in rec.final_takers and rec.final_leaders is not None
                                and winner not in rec.final_leaders)
        facts["kings_fall"] = any(w == winner and len(held.intersection(taken)) >= 2
                                  for w, _, taken in rec.king_falls)
        facts["landslide"] = top - second >= 6 and top >= 2 * max(second, 1)
        facts["by_sword"] = winner in rec.by_sword
    page = endings.reach(state.content.book, "count", facts)
    return Ending(page.id, "tie" if facts["tie"] else "points", {"winners": kept, "scores": dict(sc)})
