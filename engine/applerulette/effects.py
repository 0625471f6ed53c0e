"""Carrying out effects: the interpreter of the story's operation vocabulary, and the
few things effects do to the table (kill, exchange, look).

A card's or a character's effect is a list of steps run in order against the seats the
user designated. A step that asks the user something ("you may exchange...") stops with
a `Pending` decision in the state and the steps after it kept there; the answer carries
on from the same place, so the REPL, bots, saves and the network handle it like any
other action.
"""
from __future__ import annotations

from engine.applerulette.actions import MAY as ANSWERS, Action
from engine import endings
from engine.applerulette.content import EPISODE, Step
from engine.applerulette.state import Pending, State
from engine.contract import Ending
from engine.events import Event, private, public

# The events that most moves make (exchanges, looks, questions) are made as Event values
# directly (engine.applerulette.game says why).


# --- designating seats --------------------------------------------------------------

def targets(kind: str, seat: str, living: tuple[str, ...], holding: tuple[str, ...],
            npc: str | None) -> list[tuple[str, ...]]:
    """The seats `seat` may designate for a card or power of this target kind, in turn
    order, at a table where `living` live and `holding` hold apple tiles."""
    others = [s for s in living if s != seat]
    if kind == "none":
        return [()]
    if kind == "player":                       # a question: never the NPC
        return [(s,) for s in others if s != npc]
    if kind == "seat":
        return [(s,) for s in others]
    if kind == "seat_with_apple":
        return [(s,) for s in others if s in holding]
    if kind == "two_seats":
        return [(a, b) for i, a in enumerate(living) for b in living[i + 1:]]
    raise AssertionError(f"unknown target kind {kind!r}")


# --- running steps ------------------------------------------------------------------

def effect_of(state: State, source: str) -> tuple[Step, ...]:
    """The steps of a story card's effect, or of a character's turn power."""
    content = state.content
    if source in content.cards:
        return tuple(content.cards[source].effect)
    power = content.characters[source].power("turn")
    assert power is not None, f"{source} has no turn power"
    return tuple(power.effect)


def run(state: State, user: str, source: str, chosen: tuple[str, ...], log: list[Event],
        start: int = 0) -> None:
    """Carry out the effect of `source` (a card or a character) from step `start` until it
    is done, a decision is needed, or the game ends. A decision keeps where to carry on
    as plain data: the source, and the index of the next step."""
    steps = effect_of(state, source)
    for i in range(start, len(steps)):
        if state.ended is not None:
            return
        step = steps[i]
        OPERATIONS[step.op](state, user, step, chosen, source, log)
        if state.pending is not None:
            state.pending.data["next"] = i + 1
            return


def resolve(state: State, action: Action, log: list[Event]) -> None:
    """The answer to a "may" inside an effect; the steps after it follow."""
    p, state.pending = state.pending, None
    assert p is not None and p.kind == "may"
    d = p.data
    if action.verb == "yes":
        MAY[d["then"]](state, p.seat, d["chosen"], d["source"], log)
    run(state, p.seat, d["source"], d["chosen"], log, d["next"])


def _ask(state, user, step, chosen, source, log):
    target = chosen[0]
    character = state.character(target)
    q = step.question
    if q in ("apples", "mushrooms"):
        answer = character.food == q[:-1]
    elif q == "snow_white":
        answer = character.role == "snow_white"
        if answer:
            state.knows_role.setdefault(user, set()).add(target)
    else:  # "faction": does the target bear the snowflake?
        answer = character.faction == "snow_white"
    log.append(Event("question", {"seat": user, "target": target, "question": q, "source": source}))
    log.append(Event("answer", {"seat": user, "target": target, "question": q, "answer": answer},
                     frozenset((user,))))
    state.answers.setdefault(user, []).append((target, q, answer))


def _kill(state, user, step, chosen, source, log):
    kill(state, chosen[0], user, source, log)


def _look_apple(state, user, step, chosen, source, log):
    look_at_apples(state, user, chosen[0], log)


def _take_apple(state, user, step, chosen, source, log):
    target = chosen[0]
    state.tiles[user].extend(state.tiles[target])
    state.tiles[target] = []
    state.moved(user, target)
    log.append(public("apple_exchange", seat=user, target=target, one_way=True))


def _look_character(state, user, step, chosen, source, log):
    target = chosen[0]
    state.knows_role.setdefault(user, set()).add(target)
    log.append(private("answer", (user,), seat=user, target=target, question="character",
                       answer=state.roles[target]))
    state.answers.setdefault(user, []).append((target, "character", state.roles[target]))


def _throw_away(state, user, step, chosen, source, log):
    """Their hand is discarded face up; the user's hand goes to them (Q&A: a player with
    no cards simply receives the card)."""
    target = chosen[0]
    thrown, state.hands[target] = state.hands[target], []
    state.moved(target, user)
    for card in thrown:
        state.discard.append(card)
        log.append(public("card_discarded", seat=target, card=card, by=user))
    given, state.hands[user] = state.hands[user], []
    if given:
        state.hands[target] = given
        log.append(public("hand_exchange", seat=user, target=target, one_way=True))
        for card in given:
            log.append(private("hand_received", (target,), seat=target, card=card, source=user))


def _may(state, user, step, chosen, source, log):
    """Ask the user; what taking it does is named by the step's operation (see MAY)."""
    state.pending = Pending(user, "may", ANSWERS,
                            {"prompt": step.prompt, "then": step.op, "chosen": chosen, "source": source})


def _exchange_with_user(state, user, chosen, source, log):
    exchange_apples(state, user, chosen[0], user, log)


def _swap_apples(state, user, step, chosen, source, log):
    exchange_apples(state, chosen[0], chosen[1], user, log)


def _swap_hands(state, user, step, chosen, source, log):
    exchange_hands(state, chosen[0], chosen[1], user, log)


OPERATIONS = {
    "ask": _ask,
    "kill": _kill,
    "look_apple": _look_apple,
    "take_apple": _take_apple,
    "look_character": _look_character,
    "throw_away": _throw_away,
    "may_exchange_apples": _may,
    "swap_apples": _swap_apples,
    "swap_hands": _swap_hands,
}


# What a "may" operation does when the user takes it.
MAY = {
    "may_exchange_apples": _exchange_with_user,
}


# --- what effects and actions do to the table ---------------------------------------

def exchange_apples(state: State, a: str, b: str, by: str, log: list[Event]) -> None:
    """All the tiles each holds change hands (a seat with none simply receives)."""
    state.tiles[a], state.tiles[b] = state.tiles[b], state.tiles[a]
    state.moved(a, b)
    data = {"seat": a, "target": b}
    if by != a:
        data["by"] = by
    log.append(Event("apple_exchange", data))


def exchange_hands(state: State, a: str, b: str, by: str, log: list[Event]) -> None:
    """Whole hands change places (a seat with no hand simply receives the card)."""
    state.hands[a], state.hands[b] = state.hands[b], state.hands[a]
    if len(state.hands[a]) != len(state.hands[b]):    # the table sees only how many cards
        state.moved(a, b)
    data = {"seat": a, "target": b}
    if by != a:
        data["by"] = by
    log.append(Event("hand_exchange", data))
    for seat, other in ((a, b), (b, a)):
        for card in state.hands[seat]:
            log.append(Event("hand_received", {"seat": seat, "card": card, "source": other}, frozenset((seat,))))


def give_hand(state: State, giver: str, to: str, log: list[Event]) -> None:
    """`giver`'s whole hand joins `to`'s; `giver` is left with none."""
    given, state.hands[giver] = state.hands[giver], []
    state.hands[to] = state.hands[to] + given
    state.moved(giver, to)
    log.append(public("hand_given", seat=giver, target=to, count=len(given)))
    for card in given:
        log.append(private("hand_received", (to,), seat=to, card=card, source=giver))


def look_at_apples(state: State, seat: str, target: str, log: list[Event], *, told_all: bool = False) -> None:
    """`seat` looks at `target`'s tiles (its own, with `check apple`)."""
    tiles = state.tiles[target]
    known = state.knows_tile.setdefault(seat, {})
    k = 0                                  # how many are poisoned
    for t in tiles:
        known[t] = poisoned = t in state.poisoned
        k += poisoned
    log.append(Event("apple_checked", {"seat": seat, "target": target, "mine": True, "poisoned": k > 0,
                                       "apples": len(tiles), "poisoned_apples": k, "tiles": list(tiles)},
                     frozenset((seat,))))
    if told_all:
        # Everyone sees the player look at their own apple, not what it is.
        others = []
        for s in state.seats:
            if s != seat:
                others.append(s)
        log.append(Event("apple_checked", {"seat": seat, "target": target, "mine": False,
                                           "apples": len(tiles)}, frozenset(others)))


def kill(state: State, target: str, by: str, card: str, log: list[Event]) -> None:
    """A card's effect kills `target`. Snow White killed ends the game for the Queen's
    faction, unless she is the NPC; anyone else is eliminated, announced only as not
    Snow White, and their cards leave the game."""
    if state.roles[target] == state.content.snow_white:
        npc = target == state.npc
        log.append(public("snow_white_killed", seat=target, by=by, card=card, npc=npc))
        if npc:
            state.snow_white_fell = True
            eliminate(state, target, log)
            return
        shown = {s: state.roles[s] for s in state.seats if s in state.living}
        state.revealed.update(shown)
        state.moved(*state.seats)
        log.append(public("characters_revealed", roles=shown))
        state.living.remove(target)
        state.ended = finish(state, "weapon", "weapon", {"seat": target, "card": card})
        return
    log.append(public("killed", seat=target, not_snow_white=True, by=by, card=card))
    eliminate(state, target, log)


def eliminate(state: State, seat: str, log: list[Event]) -> None:
    state.living.remove(seat)
    state.moved(seat)
    if seat in state.last_queue:
        state.last_queue.remove(seat)
    state.removed.extend(state.hands[seat])
    state.hands[seat] = []
    state.removed_tiles.extend(state.tiles[seat])
    state.tiles[seat] = []
    log.append(public("eliminated", seat=seat))


def finish(state: State, moment: str, cause: str, detail: dict,
           facts: dict[str, bool] | None = None) -> Ending:
    """The game is over: the ending book says which page it reached and which faction won
    (the NPC wins with its character's side)."""
    state.phase = "over"
    state.pending = None
    page = endings.reach(state.content.books[EPISODE], moment, facts or {})
    factions = state.content.characters
    winners = [s for s in state.seats if page.winners is not None
               and factions[state.roles[s]].faction == page.winners]
    return Ending(page.id, cause, {"winners": winners, **detail})
