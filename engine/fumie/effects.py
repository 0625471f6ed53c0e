"""Carrying out effects: the interpreter of the story's operation vocabulary.

An effect is a list of steps run through `Frame`s on a stack held in the state, so a
step that needs a choice ("choose a face-down card") can stop, leave a `Pending`
decision in the state, and carry on from the same place once the choice is made: the
REPL, bots, saves and the network handle that choice like any other action.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from engine.contract import Ending
from engine.events import Event, private, public
from engine.fumie.actions import NO, YES, Action
from engine.fumie.content import HAND_SIZE
from engine.fumie.state import Frame, Pending, State


def run(state: State, log: list[Event]) -> None:
    """Carry out steps until the effects are done, a decision is needed, or the game ends."""
    frames = state.frames
    while frames and state.pending is None and state.ended is None:
        frame = frames[-1]
        if frame.opening is not None:
            log.append(frame.opening)
            frame.opening = None
        if frame.index >= len(frame.steps):
            frames.pop()
            continue
        step = frame.steps[frame.index]
        frame.index += 1
        card, user = frame.card, state.active
        if step.instead is not None and state.content.test(step.instead.if_)(state, user):
            log.append(public("instead", card=card))
            frames.append(Frame(step.instead.effect, 0, card))
        else:
            OPERATIONS[step.op](state, step, card, user, log)


def seats_of(state: State, who: str, user: str) -> tuple[str, ...]:
    """The seats a step's `who` (or `deck`, `pile`) names: "user", "opponent" or "both"."""
    if who == "user":
        return (user,)
    opponent = state.content.across[user]
    return (opponent,) if who == "opponent" else (user, opponent)


def learn(state: State, card: str, log: list[Event]) -> None:
    """The card's effect side is seen: it is re-sleeved to show it, in this and later games."""
    if card not in state.known:
        state.known.add(card)
        log.append(public("sleeve", card=card))


def draw(state: State, seat: str, count: int, log: list[Event], kind: str = "draw") -> None:
    """Draw up to `count` cards to the back of the hand; ★ "when drawn" effects fire."""
    side = state.sides[seat]
    deck = side.deck
    n = min(count, len(deck))
    if not n:
        return
    drawn = deck[:-n - 1:-1]   # from the top, the end of the list
    del deck[-n:]
    side.hand.extend(drawn)
    # Made as Events outright, as a turn's other events are (engine.fumie.game._use).
    log.append(Event(kind, {"seat": seat, "count": n}))
    log.append(Event("draw_seen", {"seat": seat, "cards": drawn}, frozenset((seat,))))
    stars = state.episode_box.drawn
    for card in drawn:
        # A ★ works only once its text can be read, that is once the card is known.
        if card in stars and card in state.known:
            other = state.content.across[seat]
            side.shown.add(card)
            log.append(public("star", seat=seat, card=card))
            log.append(private("shown_on_draw", (seat, other), seat=seat, to=other, card=card))


# --- the operations ----------------------------------------------------------------

def _common(state, step, card, user, log):
    state.pending = Pending(user, "common", state.episode_box.choose_common[user], step=step, card=card)


def use_common(state: State, user: str, effect_id: str, log: list[Event]) -> None:
    """Use a sheet's common effect: the Protagonist effect, and its ★ followers."""
    common = state.episode_box.commons[user][effect_id]
    log.append(Event("common", {"user": user, "effect": effect_id}))
    # ★ "when you use the Protagonist effect": run after the common effect, so push first.
    stars = state.episode_box.protagonist
    if stars:
        for card, face_up in reversed(state.sides[user].discard):
            star = stars.get(card) if face_up else None
            if star is not None:
                state.frames.append(Frame(star.effect, 0, card, public("star", seat=user, card=card)))
    state.frames.append(Frame(common.effect, 0, None))


def _show_hand(state, step, card, user, log):
    for seat in seats_of(state, step.who, user):
        side, to = state.sides[seat], state.content.across[seat]
        side.shown.update(side.hand)
        log.append(private("show_hand", (seat, to), seat=seat, to=to, cards=list(side.hand)))


def _to_back(state, step, card, user, log):
    for seat in seats_of(state, step.who, user):
        hand = state.sides[seat].hand
        if hand:
            hand.append(hand.pop(0))
            log.append(public("to_back", seat=seat))


def _swap_front(state, step, card, user, log):
    for seat in seats_of(state, step.who, user):
        hand = state.sides[seat].hand
        if len(hand) >= 2:
            hand[0], hand[1] = hand[1], hand[0]
            log.append(public("swap_front", seat=seat))


@lru_cache(maxsize=16)
def orders(n: int) -> tuple[Action, ...]:
    """Every order of n cards, as `order` actions (the same few n come up every game)."""
    return tuple(Action("order", tuple(str(i + 1) for i in p)) for p in permutations(range(n)))


def _rearrange(state, step, card, user, log):
    if len(state.sides[user].hand) >= 2:
        state.pending = Pending(user, "order_hand", orders(len(state.sides[user].hand)), step=step, card=card)
    else:
        log.append(public("rearrange", seat=user))


def _arrange_deck(state, step, card, user, log):
    owner = seats_of(state, step.deck, user)[0]
    deck = state.sides[owner].deck
    n = min(step.count, len(deck))
    if n == 0:
        return
    top = deck[-1:-n - 1:-1]  # top first
    log.append(public("arrange_deck", seat=user, deck=owner, count=n))
    log.append(private("deck_seen", (user,), seat=user, deck=owner, cards=top))
    if n >= 2:
        state.pending = Pending(user, "order_deck", orders(n), {"deck": owner, "cards": top}, step=step, card=card)


def _draw(state, step, card, user, log):
    seat = seats_of(state, step.who, user)[0]
    draw(state, seat, step.count, log, kind="draw_extra")


def flip_options(state: State, pile: str, user: str, face_up: bool) -> tuple[Action, ...]:
    """Positions in the pile(s) holding a card of the other face, as `flip` actions."""
    seats = state.sides if pile == "any" else seats_of(state, pile, user)
    return tuple(
        Action("flip", (seat, str(i + 1)))
        for seat in seats
        for i, (_, up) in enumerate(state.sides[seat].discard) if up != face_up
    )


def _flip(state, step, card, user, log):
    face_up = step.op == "flip_up"
    options = flip_options(state, step.pile, user, face_up)
    if len(options) == 1:
        flip(state, options[0], face_up, log)
    elif options:
        state.pending = Pending(user, step.op, options, step=step, card=card)


def flip(state: State, action: Action, face_up: bool, log: list[Event]) -> None:
    seat, position = action.args[0], int(action.args[1]) - 1
    pile = state.sides[seat].discard
    target = pile[position][0]
    pile[position] = (target, face_up)
    if face_up:
        learn(state, target, log)
    log.append(public("flip_up" if face_up else "flip_down", pile=seat, card=target))


def _remove(state, step, card, user, log):
    target = card if step.card == "this" else step.card
    if target is None or not take_out(state, target):
        return
    state.removed.append(target)
    learn(state, target, log)
    log.append(public("remove", card=target))


def take_out(state: State, card: str) -> bool:
    """Take a card from wherever it is (in use, a hand, a deck, a pile); False if nowhere."""
    if state.in_use is not None and state.in_use.card == card:
        state.in_use = None
        return True
    for side in state.sides.values():
        if card in side.hand:
            side.hand.remove(card)
            side.shown.discard(card)
            return True
        if card in side.deck:
            side.deck.remove(card)
            return True
        for entry in ((card, True), (card, False)):
            if entry in side.discard:
                side.discard.remove(entry)
                return True
    return False


def _extra_turn(state, step, card, user, log):
    state.extra_turn = True
    log.append(public("extra_turn", seat=user))


def _may(state, step, card, user, log):
    state.pending = Pending(user, "may", YES_NO, {"prompt": step.prompt}, step=step, card=card)


YES_NO = (YES, NO)


def _end(state, step, card, user, log):
    state.ended = Ending(step.ending, "card", {"card": card, "seat": user})
    state.frames.clear()


def _bring_in(state, step, card, user, log):
    if step.card not in state.aside:
        return  # already brought in: a card is in one place only
    owner = seats_of(state, step.deck, user)[0]
    state.aside.remove(step.card)
    state.sides[owner].deck.append(step.card)  # on top
    log.append(public("bring_in", card=step.card, deck=owner))


def _check_culprit(state, step, card, user, log):
    """Fumie's player says only whether a card of the culprit's name lies face up there."""
    seats = tuple(state.sides) if step.pile == "any" else seats_of(state, step.pile, user)
    looked = tuple(c for s in seats for c, up in state.sides[s].discard if up)
    name = state.card(state.culprit).name
    found = any(state.card(c).name == name for c in looked)
    state.checks.append((looked, found))
    log.append(public("culprit_check", pile=step.pile if step.pile == "any" else seats[0], found=found))
    if found and step.effect:
        state.frames.append(Frame(step.effect, 0, card))


def _reveal_culprit(state, step, card, user, log):
    reveal(state, log)


def reveal(state: State, log: list[Event]) -> None:
    if not state.culprit_shown:
        state.culprit_shown = True
        learn(state, state.culprit, log)
        log.append(public("culprit_revealed", card=state.culprit))


def _accuse(state, step, card, user, log):
    state.pending = Pending(user, "accuse", state.episode_box.accusations, step=step, card=card)


OPERATIONS = {
    "common": _common,
    "show_hand": _show_hand,
    "to_back": _to_back,
    "swap_front": _swap_front,
    "rearrange": _rearrange,
    "arrange_deck": _arrange_deck,
    "draw": _draw,
    "flip_up": _flip,
    "flip_down": _flip,
    "remove": _remove,
    "extra_turn": _extra_turn,
    "may": _may,
    "end": _end,
    "bring_in": _bring_in,
    "check_culprit": _check_culprit,
    "reveal_culprit": _reveal_culprit,
    "accuse": _accuse,
}


def resolve(state: State, action: Action, log: list[Event]) -> None:
    """Carry out a pending decision with the chosen action, then go on with the effects."""
    pending, state.pending = state.pending, None
    seat = pending.seat
    if pending.kind == "common":
        use_common(state, seat, action.args[0], log)
    elif pending.kind in ("flip_up", "flip_down"):
        flip(state, action, pending.kind == "flip_up", log)
    elif pending.kind == "order_hand":
        side = state.sides[seat]
        side.hand[:] = [side.hand[int(i) - 1] for i in action.args]
        log.append(public("rearrange", seat=seat))
    elif pending.kind == "order_deck":
        deck, top = state.sides[pending.data["deck"]].deck, pending.data["cards"]
        new_top = [top[int(i) - 1] for i in action.args]
        deck[len(deck) - len(top):] = reversed(new_top)
    elif pending.kind == "accuse":
        named = action.args[0]
        right = named == state.culprit
        log.append(public("accused", seat=seat, card=named, right=right))
        if right:
            reveal(state, log)
        else:  # what a wrong accusation costs is the card's to say
            state.frames.append(Frame(pending.step.effect, 0, pending.card))
    elif pending.kind == "may":
        if action == YES:
            state.frames.append(Frame(pending.step.effect, 0, pending.card))
        else:
            log.append(public("decline", seat=seat))
    else:  # pragma: no cover - every kind is created above
        raise AssertionError(pending.kind)


__all__ = ["run", "resolve", "use_common", "draw", "learn", "HAND_SIZE"]
