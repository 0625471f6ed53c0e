"""Carrying out effects: the interpreter of the story's operation vocabulary.

An event, an Action card or a king's decree is a list of steps, run through `Frame`s
held in the state. A step that needs a choice ("every nation chooses a card to pass
left") leaves a `Pending` decision for one seat at a time, with the seats still to
choose in its data; the REPL, bots, saves and the network answer it like any other
action, and the effect carries on from the same place.
"""
from __future__ import annotations

from functools import lru_cache

from engine.events import Event
from engine.fatima import combat, moves
from engine.fatima.actions import PASS, Action, act, row
from engine.fatima.moves import ALONE
from engine.fatima.state import Ctx, Frame, Pending, State


def start(state: State, steps, ctx: Ctx) -> None:
    state.frames.append(Frame(tuple(steps), ctx))


def run(state: State, log: list[Event]) -> None:
    """Carry out steps until the effects are done, a decision is needed, or the game ends."""
    frames = state.frames
    while frames and state.pending is None and state.ended is None:
        frame = frames[-1]
        if frame.index >= len(frame.steps):
            frames.pop()
            continue
        step = frame.steps[frame.index]
        frame.index += 1
        OPERATIONS[step.op](state, step, frame.ctx, log)


def seats_for(state: State, who: str, ctx: Ctx) -> tuple[str, ...]:
    order = state.around(ctx.user)
    if who == "user":
        return (ctx.user,)
    if who == "target":
        return (ctx.target,)
    if who == "each":
        return order
    if who == "others":
        return order[1:]
    if who == "over_limit":
        return tuple([s for s in order if state.over_limit(s)])
    if who == "no_fatima":
        return tuple([s for s in order if not state.nations[s].fatima])
    raise AssertionError(who)


def positions(state: State, seat: str, verb: str) -> tuple[Action, ...]:
    return _positions(verb, len(state.nations[seat].hand))


# A card of the hand by its position: the same few lists of answers (bounded).
@lru_cache(maxsize=256)
def _positions(verb: str, cards: int) -> tuple[Action, ...]:
    return tuple(act(verb, str(i)) for i in range(1, cards + 1))


# --- the operations ----------------------------------------------------------------

_SPY, _GIVE, _UNVEIL = row("spy"), row("give"), row("unveil")


def _draw(state, step, ctx, log):
    for seat in seats_for(state, step.who, ctx):
        moves.draw(state, seat, step.n, log)


def _steal(state, step, ctx, log):
    moves.take_random(state, ctx.user, ctx.target, step.n, log, ctx.card)


def _look_hand(state, step, ctx, log):
    hand = list(state.nations[ctx.target].hand)
    log.append(Event("peek", {"seat": ctx.user, "target": ctx.target, "cards": hand}, ALONE[ctx.user]))


def see_king(state: State, seat: str, target: str, log: list[Event]) -> None:
    king = state.nations[target].king
    state.intel.setdefault(seat, {})[target] = king
    log.append(Event("king_seen", {"seat": seat, "target": target, "card": king}, ALONE[seat]))


def _see_king(state, step, ctx, log):
    if ctx.target is not None:
        see_king(state, ctx.user, ctx.target, log)
        return
    known = state.intel.get(ctx.user, {})
    options = tuple([_SPY[s] for s in state.others(ctx.user)
                     if not state.nations[s].king_shown and s not in known])
    if len(options) == 1:
        see_king(state, ctx.user, options[0].args[0], log)
    elif options:
        state.pending = Pending(ctx.user, "spy", options, {"ctx": ctx})


def _reveal_king(state, step, ctx, log):
    for seat in seats_for(state, step.who, ctx):
        moves.reveal_king(state, seat, ctx.card, log)


def _recall(state, step, ctx, log):
    persons = [i for i in range(len(state.discard) - 1, -1, -1)
               if state.content.cards[state.discard[i]].kind == "person"][:step.n]
    cards = [state.discard.pop(i) for i in persons]   # latest first; indexes fall, so pops stay right
    for card in cards:
        moves.to_hand(state, ctx.user, card)
    log.append(Event("recalled", {"seat": ctx.user, "cards": cards}))


def _give_fatima(state, step, ctx, log):
    moves.move_fatima(state, ctx.fatima, ctx.target, "dowry", log)


def _unveil(state, step, ctx, log):
    moves.unveil(state, ctx.fatima, ctx.user, log)


def _swap_fatima(state, step, ctx, log):
    mine = state.nations[ctx.user].fatima
    if not mine or state.owner(ctx.fatima) in (None, ctx.user):
        return
    options = tuple(map(_GIVE.__getitem__, mine))
    state.pending = Pending(ctx.user, "swap", options, {"ctx": ctx})


def _then_attack(state, step, ctx, log):
    options = combat.attack_options(state, ctx.user)
    if not options:
        log.append(Event("declined", {"seat": ctx.user, "what": "march"}))
        return
    state.pending = Pending(ctx.user, "march", (PASS, *options), {"ctx": ctx})


def _discard_to_limit(state, step, ctx, log):
    _levy(state, seats_for(state, step.who, ctx), ctx, log)


def _levy(state: State, queue: tuple[str, ...], ctx: Ctx, log: list[Event]) -> None:
    """The first seat of `queue` over its military power chooses a card to discard."""
    for i, seat in enumerate(queue):
        if state.over_limit(seat):
            state.pending = Pending(seat, "discard", positions(state, seat, "discard"),
                                    {"queue": queue[i:], "ctx": ctx, "limit": state.military(seat)})
            return


def _discard_random(state, step, ctx, log):
    for seat in seats_for(state, step.who, ctx):
        hand = state.nations[seat].hand
        cards = state.content.cards
        pool = range(len(hand)) if step.kind != "person" else \
            [i for i, c in enumerate(hand) if cards[c].kind == "person"]
        if pool:
            card = hand.pop(pool[state.rng.below(len(pool))])
            moves.discard(state, seat, card, ctx.card, log)


def _pass_left(state, step, ctx, log):
    state.passing = {}
    _ask_each(state, "pass_left", _holding(state, state.around(ctx.user)), ctx, log)


def _tribute(state, step, ctx, log):
    _ask_each(state, "tribute", _holding(state, state.others(ctx.user)), ctx, log)


def _holding(state: State, seats: tuple[str, ...]) -> tuple[str, ...]:
    """The seats with a card in hand, sifted once: each asked gives one of its own cards
    (passed face down, or to the user, who is not asked), so no other of them runs out."""
    return tuple([s for s in seats if state.nations[s].hand])


def _ask_each(state: State, kind: str, queue: tuple[str, ...], ctx: Ctx, log: list[Event]) -> None:
    """Ask the first seat of `queue` to pick a card of its hand; deliver when none is left."""
    if queue:
        state.pending = Pending(queue[0], kind, positions(state, queue[0], "give"), {"queue": queue, "ctx": ctx})
    elif kind == "pass_left":
        # Every card was picked face down; now they all cross at once.
        for seat in state.seats:
            if seat in state.passing:
                moves.hand_over(state, seat, state.left_of(seat), state.passing.pop(seat), ctx.card, log)


def _truce(state, step, ctx, log):
    state.truce_until = ctx.user
    log.append(Event("truce", {"seat": ctx.user}))


def _ward(state, step, ctx, log):
    state.wards.add(ctx.user)
    log.append(Event("ward", {"seat": ctx.user}))


def _may_unveil(state, step, ctx, log):
    _ask_unveil(state, seats_for(state, step.who, ctx), ctx)


def _ask_unveil(state: State, queue: tuple[str, ...], ctx: Ctx) -> None:
    for i, seat in enumerate(queue):
        fatima = state.nations[seat].fatima
        if fatima:
            options = (PASS, *map(_UNVEIL.__getitem__, fatima))
            state.pending = Pending(seat, "may_unveil", options, {"queue": queue[i:], "ctx": ctx})
            return


OPERATIONS = {
    "draw": _draw,
    "steal": _steal,
    "look_hand": _look_hand,
    "see_king": _see_king,
    "reveal_king": _reveal_king,
    "recall": _recall,
    "give_fatima": _give_fatima,
    "unveil": _unveil,
    "swap_fatima": _swap_fatima,
    "then_attack": _then_attack,
    "discard_to_limit": _discard_to_limit,
    "discard_random": _discard_random,
    "pass_left": _pass_left,
    "tribute": _tribute,
    "truce": _truce,
    "ward": _ward,
    "may_unveil": _may_unveil,
}

# The pending kinds this module answers.
KINDS = ("discard", "pass_left", "tribute", "may_unveil", "march", "swap", "spy")


def resolve(state: State, action: Action, log: list[Event]) -> None:
    """Carry out a pending decision inside an effect, then ask the next seat if any."""
    pending, state.pending = state.pending, None
    seat, data = pending.seat, pending.data
    ctx: Ctx = data["ctx"]
    if pending.kind == "discard":
        card = moves.from_hand(state, seat, action.args[0])
        moves.discard(state, seat, card, ctx.card, log)
        _levy(state, data["queue"], ctx, log)
    elif pending.kind == "pass_left":
        state.passing[seat] = moves.from_hand(state, seat, action.args[0])
        log.append(Event("picked", {"seat": seat}))
        _ask_each(state, "pass_left", data["queue"][1:], ctx, log)
    elif pending.kind == "tribute":
        card = moves.from_hand(state, seat, action.args[0])
        moves.hand_over(state, seat, ctx.user, card, ctx.card, log)
        _ask_each(state, "tribute", data["queue"][1:], ctx, log)
    elif pending.kind == "may_unveil":
        if action.verb == "pass":
            log.append(Event("declined", {"seat": seat, "what": "unveil"}))
        else:
            moves.unveil(state, action.args[0], seat, log)
        _ask_unveil(state, data["queue"][1:], ctx)
    elif pending.kind == "march":
        if action.verb == "pass":
            log.append(Event("declined", {"seat": seat, "what": "march"}))
        else:
            combat.declare(state, seat, action, log)
    elif pending.kind == "swap":
        theirs, owner = ctx.fatima, state.owner(ctx.fatima)
        moves.move_fatima(state, theirs, seat, "exchange", log, owner)
        moves.move_fatima(state, action.args[0], owner, "exchange", log, seat)
    elif pending.kind == "spy":
        see_king(state, seat, action.args[0], log)
    else:  # pragma: no cover - every kind is made above
        raise AssertionError(pending.kind)


__all__ = ["run", "resolve", "start", "KINDS", "seats_for", "see_king"]
