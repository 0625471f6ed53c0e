"""FunnyTime's rules: the family protocol of engine.contract.

A 本 (an issue of the magazine, the game's turn) runs through phases, each carried out
here until someone must decide something:

    dawn          stars whose time has come relight; Draw Time: each artist draws
    shortage      an artist who cannot field four Koma cards redraws, or suffers 星裁
    make          Make Time: each artist in turn, in secret, lays four panels face down
                  (position and orientation) and chooses Make cards
    make_reveal   both manuscripts are revealed as face-down cards; Make cards are shown
    make_pay      the Make cards are paid for (both artists, then the sky is checked)
    make_effects  Make cards of Make Time do what they say
    show          Show Time: each artist in turn, in secret, chooses each panel's rotation
    show_reveal   all panels turn face up at once
    show_pay      each artist pays their panels' icons in stars
    show_effects  panels' "when shown" effects, then Make cards of Show Time
    duels         the editors' verdicts, 起 against 起, the winner staying on
    aftermath     survivors to the Stock Pool, unbattled panels back to hand, Make cards
                  of the end of the 本
    upkeep        each artist keeps (and pays for) or releases each Stock Pool card
    deadline      after the last 本, the editors' verdict; else the next 本

Paying (the `*_pay` phases) and the upkeep are in `engine.funnytime.stars`.

"In secret" is the engine's form of simultaneous play: the two artists submit one
after the other, nothing of the first submission is shown to anyone but its author,
and both are revealed together. Legality is decided here, in `apply`, and nowhere else.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Sequence

from engine import legality, turns
from engine.chance import shuffle
from engine.contract import Ending
from engine.errors import BadOption
from engine.events import Event, private, public
from engine.funnytime import effects
from engine.funnytime.stars import decide_pay, decide_upkeep, pay_phase, upkeep_phase
from engine.funnytime.actions import (DONE, DRAW, LAYS, MAKES, OPENS, PASS, STOCK_LAYS, STOP, Action,
                                      interned, parse)
from engine.funnytime.content import CLEAN, MANUSCRIPT, POSITIONS, Content
from engine.funnytime.deck import Deck, DeckError
from engine.funnytime.state import Pending, Plan, Side, Slot, State

parse_action = parse


def new_game(content: Content, seats: Sequence[str], seed: int, options: dict) -> State:
    """Shuffle both decks, deal the opening hands, and play on to the first decision.

    options: `decks` (seat -> a starter deck's id, or {name, cards}); a seat not named
    plays its starter deck. A deck that is not legal raises DeckError (a BadOption).
    `deadline` (the last 本) keeps the deadline a game was saved under, when the table's
    has moved since; by default the table's.
    """
    seats = tuple(seats)
    assert seats == content.seats, f"FunnyTime is played by {content.seats}, not {seats}"
    chosen = options.get("decks") or {}
    if not isinstance(chosen, dict):
        raise DeckError("the decks option", ["`decks` is a table of seat = a starter deck's id"
                                            " or a deck's {name, cards}"])
    rng = random.Random(seed)
    sides, names = {}, {}
    for seat in seats:
        deck = Deck.from_option(chosen.get(seat, content.starter[seat]), content, seat)
        cards = deck.cards()
        shuffle(rng, cards)
        sides[seat] = Side(cards)
        names[seat] = deck.name
    deadline = options.get("deadline", content.table.deadline)
    if not isinstance(deadline, int) or isinstance(deadline, bool) or not 1 <= deadline <= 99:
        raise BadOption(f"the deadline is {deadline!r}, not a 本 from 1 to 99")
    state = State(content, seats, seed, rng, sides, names, deadline=deadline)
    log = [public("setup", seats=list(seats), decks=names, stars=len(content.stars),
                  deadline=deadline)]
    for seat in seats:
        _opening_hand(state, seat, log)
    _advance(state, log)
    turns.record(state, log)
    return state


def _opening_hand(state: State, seat: str, log: list[Event]) -> None:
    """Draw seven; with three Koma cards or fewer, show the Make cards, shuffle them back
    and draw as many again, until the hand holds four Koma cards (a pre-game exception)."""
    side, is_koma = state.sides[seat], state.content.is_koma
    side.hand = [side.deck.pop() for _ in range(min(state.content.table.hand, len(side.deck)))]
    while sum(map(is_koma, side.hand)) < MANUSCRIPT and any(is_koma(c) for c in side.deck):
        shown = [c for c in side.hand if not is_koma(c)]
        log.append(public("mulligan", seat=seat, cards=shown, count=len(shown)))
        side.hand = [c for c in side.hand if is_koma(c)]
        side.deck.extend(shown)
        shuffle(state.rng, side.deck)
        side.hand.extend(side.deck.pop() for _ in range(min(len(shown), len(side.deck))))
    log.append(private("opening_hand", (seat,), seat=seat, cards=list(side.hand)))


to_act = turns.to_act


def legal_actions(state: State, seat: str) -> list[Action]:
    return list(choices(state, seat).actions)


def choices(state: State, seat: str) -> legality.Choices:
    """The seat's legal actions and their texts, made once per decision (view, bot, check).

    Every move answers a pending decision: its options, then stopping. Make Time's
    options are made afresh at every step (the hand and plan change them) with their
    choices beside them; every other decision offers one of a few tuples of options made
    once (Show Time's turns, a sky's stars, a card's upkeep, the bonus), whose choices
    are made once too. Kept in the state by the identity of the pending options, which
    name the decision (`legality.choices`' count of moves and events would be asked
    again at every call, and costs more than this)."""
    pending = state.pending
    if state.ended is not None or pending is None or seat != pending.seat:
        return _NOTHING
    options = pending.options
    kept = state.offered
    if kept is not None and kept[0] is options:
        return kept[1]
    made = legality.Choices((*options, STOP)) if pending.kind == "make" else _offers(options)
    state.offered = (options, made)
    return made


_NOTHING = legality.Choices(())
# As many as the sky's choices of stars kept (stars._offered), which come back often but
# are many: a game offers some twenty, and a few hundred games some thousand kinds.
_offers = legality.Offers(STOP, bound=4096)


def apply(state: State, seat: str, action: Action) -> list[Event]:
    """Carry out one action of `seat`; the only place an action's legality is decided."""
    # Legal: an answer to the seat's pending decision (one of its options, most often the
    # very value offered, so found by identity first), or stopping.
    pending = state.pending
    if state.ended is not None or pending is None or seat != pending.seat \
            or not (any(map(is_, pending.options, repeat(action))) or action is STOP
                    or action in pending.options or action == STOP):
        legality.check(state, seat, action, over=state.ended is not None, to_act=to_act,
                       legal_actions=choices)   # raises the error the mistake deserves
    log: list[Event] = []
    state.moves += 1
    state.pending = None
    # Counted by what the move may change of the sides as a view shows them (see
    # `State.changes`, `State.skies`), as `_advance` counts the phases.
    verb = action.verb
    if verb in _SKY_ANSWERS:
        state.skies += 1
    elif verb not in _QUIET_ANSWERS:
        state.changes += 1
    if verb == "stop":
        log.append(public("surrender", seat=seat))
        state.ended = Ending(state.content.ending_id("surrender", state.opponent(seat)), "surrender",
                             {"winner": state.opponent(seat), "loser": seat})
    else:
        DECISIONS[pending.kind](state, seat, action, pending, log)
    if state.pending is None:     # (most answers ask the next step of their decision at once)
        _advance(state, log)
    return turns.record(state, log)


ending = turns.ending


def _advance(state: State, log: list[Event]) -> None:
    """Carry out the phases until someone must decide, each counted first by what it may
    change of the sides as a view shows them (`State.changes`, `State.skies`)."""
    while state.pending is None and state.ended is None:
        phase = state.phase
        if phase in _SKY_PHASES:
            state.skies += 1
        elif phase not in _QUIET_PHASES:
            state.changes += 1
        PHASES[phase](state, log)


# --- Draw Time -------------------------------------------------------------------------

def _dawn(state: State, log: list[Event]) -> None:
    state.number += 1
    state.duels = []
    log.append(public("issue", number=state.number, deadline=state.deadline))
    for seat in state.seats:
        side = state.sides[seat]
        side.peeks, side.free_upkeep, side.redraws, side.judged = {}, False, 0, False
        back = sorted((s for s, at in side.dark.items() if at <= state.number),
                      key=state.content.star_index.__getitem__)      # in the sky's order
        for s in back:
            del side.dark[s]
        if back:
            log.append(public("relight", seat=seat, stars=[state.content.star[s].name for s in back],
                              lit=state.lit_count(seat)))
    for seat in state.seats:
        effects.draw(state, seat, state.content.table.draw, log)
    state.goto("shortage")


# --- a shortage of Koma cards ------------------------------------------------------------

def _shortage(state: State, log: list[Event]) -> None:
    if state.index >= 2:
        _dropped(state, log)
        if state.ended is None:
            state.goto("make")
        return
    seat = state.seats[state.index]
    side = state.sides[seat]
    lack = MANUSCRIPT - state.fieldable(seat)
    if lack <= 0 or side.judged:
        state.index += 1
        return
    makes = [c for c in side.hand if not state.content.is_koma(c)]
    if len(makes) >= lack and side.redraws < state.content.table.redraws:
        options = _return_options(makes, ())
        if len(makes) == lack or len(options) == 1:
            _redraw(state, seat, makes[:lack] if len(makes) == lack else [makes[0]] * lack, lack, log)
        else:
            state.pending = Pending(seat, "return", options, {"lack": lack, "chosen": ()})
        return
    _star_judgment(state, seat, lack, log)


def _dropped(state: State, log: list[Event]) -> None:
    """An artist who still cannot field four Koma cards once every redraw and 星裁 is done
    has run out of pages to draw: the manuscript is dropped (原稿を落とす), the issue goes
    to print without it, and that artist loses. The draft has no such rule; without it
    an artist out of cards could neither lose nor be beaten, and the duel never ended."""
    short = [s for s in state.seats if state.fieldable(s) < MANUSCRIPT]
    if short:
        for seat in short:
            log.append(public("dropped", seat=seat, fieldable=state.fieldable(seat)))
        effects.defeat(state, short, "dropped")


def _return_options(makes: list[str], chosen) -> tuple[Action, ...]:
    left = list(makes)
    for c in chosen:
        left.remove(c)
    return _returning(tuple(dict.fromkeys(left)))


@lru_cache(maxsize=512)   # bounded; the very same tuple for the same cards, so its choices are made once
def _returning(cards: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(interned("return", c) for c in cards)


def _decide_return(state: State, seat: str, action: Action, pending: Pending, log) -> None:
    chosen = (*pending.data["chosen"], action.args[0])
    lack = pending.data["lack"]
    if len(chosen) < lack:
        makes = [c for c in state.sides[seat].hand if not state.content.is_koma(c)]
        state.pending = Pending(seat, "return", _return_options(makes, chosen), {"lack": lack, "chosen": chosen})
        return
    _redraw(state, seat, list(chosen), lack, log)


def _redraw(state: State, seat: str, returned: list[str], lack: int, log) -> None:
    """Show the returned Make cards, shuffle them into the deck and draw as many again."""
    side = state.sides[seat]
    for c in returned:
        effects.leave_hand(state, seat, c)
    side.deck.extend(returned)
    shuffle(state.rng, side.deck)
    side.redraws += 1
    log.append(public("redraw", seat=seat, lack=lack, cards=returned))
    effects.draw(state, seat, len(returned), log, why="redraw")


def _star_judgment(state: State, seat: str, lack: int, log) -> None:
    """星裁: every Make card in hand goes back into the deck; draw until four Koma cards can
    be fielded, the Make cards drawn on the way going unused to the Lost Hole. The rival
    may then draw as many cards as were lacking."""
    side, is_koma = state.sides[seat], state.content.is_koma
    back = [c for c in side.hand if not is_koma(c)]
    for c in back:
        effects.leave_hand(state, seat, c)
    side.deck.extend(back)
    shuffle(state.rng, side.deck)
    wasted, found = [], []
    while state.fieldable(seat) < MANUSCRIPT and side.deck:
        c = side.deck.pop()
        if is_koma(c):
            side.hand.append(c)
            found.append(c)
        else:
            side.lost.append(c)
            wasted.append(c)
    side.judged = True
    log.append(public("star_judgment", seat=seat, lack=lack, returned=len(back), cards=wasted,
                      drawn=len(found)))
    if found:
        log.append(private("draw_seen", (seat,), seat=seat, cards=found))
    rival = state.opponent(seat)
    if state.sides[rival].deck:
        state.pending = Pending(rival, "bonus", _BONUS, {"count": lack, "from": seat})


_BONUS = (DRAW, PASS)     # one tuple, so its choices are made once


def _decide_bonus(state: State, seat: str, action: Action, pending: Pending, log) -> None:
    count = pending.data["count"]
    log.append(public("bonus", seat=seat, count=count, taken=action.verb == "draw", rival=pending.data["from"]))
    if action.verb == "draw":
        effects.draw(state, seat, count, log, why="bonus")


# --- Make Time -------------------------------------------------------------------------

def _plan(state: State, seat: str) -> Plan:
    """A plan begun in secret: nothing used yet of the hand and Stock Pool."""
    plan = Plan()
    plan.recount(state.sides[seat], state.content)
    return plan


def to_lay(state: State, seat: str) -> int:
    """How many panels this artist must lay: four, or all they can field."""
    return min(MANUSCRIPT, state.fieldable(seat))


def _make_options(state: State, seat: str) -> legality.Choices:
    """Make Time's next step: lay a card at the next position (any Koma card of the hand
    or Stock Pool not laid yet, either way up), play a Make card the sky can still pay
    for, or be done once every panel is laid; then stopping."""
    plan = state.sides[seat].plan
    koma, costs, laid = state.content.koma, state.content.costs, len(plan.laid)
    laying = laid < plan.lay
    budget = state.lit_count(seat) - plan.cost
    # the actions, and beside them their texts (the view shows them), as the tables keep them
    out: list[Action] = []
    texts: list[str] = []
    makes: list[Action] = []
    make_texts: list[str] = []
    lays = LAYS[laid] if laying else None
    for card in dict.fromkeys(plan.hand):
        if card not in koma:
            if costs[card] <= budget:
                actions, written = MAKES[card]
                makes += actions
                make_texts += written
        elif lays is not None:
            actions, written = lays[card]
            out += actions
            texts += written
    if laying:
        lays = STOCK_LAYS[laid]
        for card in dict.fromkeys(plan.stock):
            actions, written = lays[card]
            out += actions
            texts += written
    out += makes
    texts += make_texts
    if not laying:
        out.append(DONE)
        texts.append("done")
    out.append(STOP)
    texts.append("stop")
    return legality.Choices(out, tuple(texts))


def _make(state: State, log: list[Event]) -> None:
    if state.index >= 2:
        state.goto("make_reveal")
        return
    seat = state.seats[state.index]
    side = state.sides[seat]
    if side.plan is None:
        side.plan = _plan(state, seat)
    _ask_make(state, seat)


def _ask_make(state: State, seat: str, answered: Pending | None = None) -> None:
    """Ask `seat` for the next step of its Make Time, its choices made beside it (in the
    decision just `answered`, if any: the same decision, asked on, as a new one would be)."""
    offered = _make_options(state, seat)
    options = offered.actions[:-1]
    if answered is None:
        state.pending = Pending(seat, "make", options)
    else:
        answered.options = options
        state.pending = answered
    state.offered = (options, offered)


def _decide_make(state: State, seat: str, action: Action, pending: Pending, log) -> None:
    plan = state.sides[seat].plan
    if action.verb == "lay":
        pos, card, orientation = action.args[:3]
        source = "stock" if len(action.args) == 4 else "hand"
        plan.laid.append((pos, card, orientation, source))
        (plan.stock if source == "stock" else plan.hand).remove(card)
        # (secret moves are told as events made here, not by `private`: they come at
        # nearly every move, and its call and seat set were most of what telling one cost)
        log.append(Event("laid", {"seat": seat, "position": pos, "card": card, "orientation": orientation,
                                  "source": source, "misplaced": pos not in state.content.koma[card].icons},
                         state.content.only[seat]))
    elif action.verb == "make":
        card = action.args[0]
        cost = state.content.costs[card]
        plan.makes.append(card)
        plan.hand.remove(card)
        plan.cost += cost
        log.append(Event("make_chosen", {"seat": seat, "card": card, "cost": cost}, state.content.only[seat]))
    else:  # done
        log.append(public("ready", seat=seat, phase="make"))
        state.index += 1
        return
    # the next step, asked at once as the phase would ask it (Make Time changes nothing
    # a view shows of the sides: the phase counts nothing)
    _ask_make(state, seat, pending)


def _make_reveal(state: State, log: list[Event]) -> None:
    """Both manuscripts are laid out face down, and the Make cards are shown."""
    for seat in state.seats:
        side = state.sides[seat]
        plan, side.plan = side.plan, None
        side.manuscript = []
        for pos, card, orientation, source in plan.laid:
            if source == "stock":
                side.stock.remove(card)
            else:
                effects.leave_hand(state, seat, card)
            side.manuscript.append(Slot(card, pos, orientation, source,
                                        misplaced=pos not in state.content.koma[card].icons))
        for card in plan.makes:
            effects.leave_hand(state, seat, card)
        side.played = list(plan.makes)
        log.append(public("revealed", seat=seat, panels=len(side.manuscript),
                          cards=[s.card for s in side.manuscript if s.source == "stock"]))
        for card in plan.makes:
            log.append(public("make_played", seat=seat, card=card, cost=state.content.cost(card),
                              when=state.content.make[card].when))
    state.goto("make_pay")


def _make_bill(state: State, seat: str) -> int:
    return sum(map(state.content.costs.__getitem__, state.sides[seat].played))


_make_pay = pay_phase("make", _make_bill, "make_effects")


def _make_effects(state: State, log: list[Event]) -> None:
    _fire_makes(state, "make", log)
    if state.ended is None:
        state.goto("show")


def _fire_makes(state: State, when: str, log: list[Event]) -> None:
    """The Make cards of this time do what they say, then go to the Lost Hole."""
    for seat in state.seats:
        side = state.sides[seat]
        for card in [c for c in side.played if state.content.make[c].when == when]:
            if state.ended is not None:
                return
            log.append(public("make_effect", seat=seat, card=card, when=when))
            effects.run(state, seat, state.content.make[card].effect, card, log)
            side.played.remove(card)
            side.lost.append(card)


# --- Show Time -------------------------------------------------------------------------

def _show(state: State, log: list[Event]) -> None:
    if state.index >= 2:
        state.goto("show_reveal")
        return
    seat = state.seats[state.index]
    side = state.sides[seat]
    if side.plan is None:
        side.plan = _plan(state, seat)
    chosen = len(side.plan.rotations)
    if chosen >= len(side.manuscript):
        state.index += 1
        return
    _ask_open(state, side.manuscript[chosen].position, Pending(seat, "open", ()))


def _ask_open(state: State, pos: str, pending: Pending) -> None:
    """Ask how the panel at `pos` turns face up, in `pending` (the decision just answered,
    asked on, or a new one), with the position's choices made once."""
    pending.options = options = OPENS[pos]
    state.pending = pending
    state.offered = (options, _OPEN_CHOICES[pos])


_OPEN_CHOICES = {pos: legality.Choices((*options, STOP)) for pos, options in OPENS.items()}


def _decide_open(state: State, seat: str, action: Action, pending: Pending, log) -> None:
    side = state.sides[seat]
    rotations = side.plan.rotations
    rotations.append((action.args[0], action.args[1]))
    log.append(Event("rotation_chosen", {"seat": seat, "position": action.args[0], "rotation": action.args[1]},
                     state.content.only[seat]))
    chosen = len(rotations)
    if chosen == len(side.manuscript):
        log.append(public("ready", seat=seat, phase="show"))
    else:   # the next panel's turn, asked at once as the phase would ask it
        _ask_open(state, side.manuscript[chosen].position, pending)


def _show_reveal(state: State, log: list[Event]) -> None:
    """Every panel is turned face up at once: its rotation gives its FP and effects; one
    turned against the way it lies is a miss (星裁): FP − the miss penalty."""
    for seat in state.seats:
        side = state.sides[seat]
        plan, side.plan = side.plan, None
        for slot, (_, rot) in zip(side.manuscript, plan.rotations):
            slot.rotation = rot
            slot.face = state.content.koma[slot.card].rotation(rot)
            slot.base = slot.face.fp
            slot.missed = rot not in CLEAN[slot.orientation]
        ms = side.manuscript
        log.append(public(
            "strip", seat=seat, cards=[s.card for s in ms], positions=[s.position for s in ms],
            rotations=[s.rotation for s in ms], orientations=[s.orientation for s in ms],
            fps=[fp(state, s) for s in ms], missed=[s.missed for s in ms], misplaced=[s.misplaced for s in ms],
            captions=[s.face.caption for s in ms],
        ))
    state.goto("show_pay")


def fp(state: State, slot: Slot) -> int:
    return slot.base + slot.bonus - (state.content.table.miss_penalty if slot.missed else 0)


def _show_bill(state: State, seat: str) -> int:
    return sum(state.content.icon_count[s.card] for s in state.sides[seat].manuscript)


_show_pay = pay_phase("show", _show_bill, "show_effects")


def _show_effects(state: State, log: list[Event]) -> None:
    for seat in state.seats:
        for slot in state.sides[seat].manuscript:
            steps = slot.face.show
            if steps and state.ended is None:
                if effects.works(state, slot):
                    effects.run(state, seat, steps, slot.card, log, slot)
                else:
                    log.append(public("effect", seat=seat, card=slot.card, op="nothing", why="misplaced"))
    _fire_makes(state, "show", log)
    if state.ended is None:
        state.goto("duels")


# --- the duels -------------------------------------------------------------------------

def _duels(state: State, log: list[Event]) -> None:
    """起 against 起; the loser is rejected, the winner stays and meets the next panel; a
    tie sends both on. The duel in which a 結 panel takes part is the last of the 本, as
    is one after which a side has no panel left to send."""
    a_seat, b_seat = state.seats
    a, b = state.sides[a_seat].manuscript, state.sides[b_seat].manuscript
    i = j = 0
    while i < len(a) and j < len(b) and state.ended is None:
        sa, sb = a[i], b[j]
        final = "ketsu" in (sa.position, sb.position)
        fa, fb = fp(state, sa), fp(state, sb)
        sa.battled = sb.battled = True
        if fa == fb and sa.tiebreak != sb.tiebreak:
            winner = a_seat if sa.tiebreak else b_seat
        else:
            winner = a_seat if fa > fb else b_seat if fb > fa else None
        state.duels.append((winner, i, j))
        log.append(public("duel", seats=[a_seat, b_seat], cards=[sa.card, sb.card],
                          positions=[sa.position, sb.position], fps=[fa, fb], winner=winner,
                          tiebreak=fa == fb and winner is not None, final=final, number=len(state.duels)))
        if winner is None:
            i, j = i + 1, j + 1
        else:
            won, lost = (sa, sb) if winner == a_seat else (sb, sa)
            loser = state.opponent(winner)
            effects.reject(state, loser, lost, log)
            if effects.works(state, lost):
                effects.run(state, loser, lost.face.lose,
                            lost.card, log, lost)
            if effects.works(state, won):
                effects.run(state, winner, won.face.win,
                            won.card, log, won)
            if winner == a_seat:
                j += 1
            else:
                i += 1
        if final:
            break
    if state.ended is None:
        state.goto("aftermath")


def _aftermath(state: State, log: list[Event]) -> None:
    """Panels that battled and were not beaten go to the Stock Pool; panels that never
    battled go back to hand; then the Make cards of the end of the 本."""
    for seat in state.seats:
        for slot in state.sides[seat].manuscript:
            steps = slot.face.survive
            if slot.battled and not slot.beaten and steps and state.ended is None and effects.works(state, slot):
                effects.run(state, seat, steps, slot.card, log, slot)
    if state.ended is not None:
        return
    for seat in state.seats:
        side = state.sides[seat]
        stocked = [s.card for s in side.manuscript if s.battled and not s.beaten]
        back = [s.card for s in side.manuscript if not s.battled]
        side.stock.extend(stocked)
        side.hand.extend(back)
        side.open_hand.extend(back)
        side.manuscript = []
        if stocked:
            log.append(public("stocked", seat=seat, cards=stocked))
        if back:
            log.append(public("returned", seat=seat, cards=back))
    _fire_makes(state, "end", log)
    if state.ended is None:
        state.goto("upkeep")


# --- the deadline ------------------------------------------------------------------------

def _deadline(state: State, log: list[Event]) -> None:
    """After the last 本 the editors keep the artist whose Botsu Box holds fewer icons, by
    at least the table's margin; closer than that, it is too close to call: no verdict."""
    if state.number < state.deadline:
        state.goto("dawn")
        return
    a, b = state.seats
    botsu = [state.botsu_icons(a), state.botsu_icons(b)]
    lead = botsu[1] - botsu[0]
    log.append(public("verdict", seats=[a, b], botsu=botsu, lit=[state.lit_count(a), state.lit_count(b)],
                      margin=state.content.table.margin))
    if abs(lead) < state.content.table.margin:
        effects.defeat(state, [a, b], "deadline")
    else:
        effects.defeat(state, [b if lead > 0 else a], "deadline")


PHASES = {
    "dawn": _dawn, "shortage": _shortage, "make": _make, "make_reveal": _make_reveal,
    "make_pay": _make_pay, "make_effects": _make_effects, "show": _show, "show_reveal": _show_reveal,
    "show_pay": _show_pay, "show_effects": _show_effects, "duels": _duels, "aftermath": _aftermath,
    "upkeep": upkeep_phase, "deadline": _deadline,
}
# What the phases, and the answers to decisions (by verb), may change of the sides as a
# view shows them: those that change nothing (quiet), and those that only put out stars
# (sky); every other one may change anything. An artist planning in secret touches only their own plan (and
# whose turn it is), and the deadline only turns to the next 本 or ends the duel; paying
# puts out stars, as does the upkeep's phase. Keeping a Stock Pool card only adds it to
# the bill (paid by the phase), and passing up the bonus draws nothing.
_QUIET_PHASES = frozenset({"make", "show", "deadline"})
_SKY_PHASES = frozenset({"make_pay", "show_pay", "upkeep"})
_QUIET_ANSWERS = frozenset({"lay", "make", "done", "open", "keep", "pass"})
_SKY_ANSWERS = frozenset({"spend", "pay"})
DECISIONS = {
    "return": _decide_return, "bonus": _decide_bonus, "make": _decide_make, "open": _decide_open,
    "pay": decide_pay, "upkeep": decide_upkeep,
}
