"""Snow White Apple Roulette's rules: the family protocol of engine.contract.

Setup (the rulebook's tables, the NPC at four players), the Opening Phase's private
looks, the Story Phase's turns (five actions), the Last-Turn Phase once the draw pile
is gone, and the Ending Phase (the Queen's apple, the characters, the feast). Legality
is decided here, in `apply`, and nowhere else.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from engine.applerulette import effects, legal
from engine.applerulette.actions import KEEP, Action, parse
from engine.applerulette.content import NPC, NPC_AT, PLAYERS, Content
from engine.applerulette.state import Pending, State
from engine import legality, turns
from engine.chance import shuffle
from engine.contract import Ending
from engine.errors import IllegalAction
from engine.events import Event, private, public

# The events of every move (a turn, a draw, a card used or discarded) are made as Event
# values directly, public (seats None) or private (a frozenset of seats): `public` and
# `private` are a call more for each, and the rules make about three a move.

parse_action = parse

DEFAULT_PLAYERS = 5
# The long night: a Story Phase that goes on this many rounds (turns per player) without
# the draw pile running out ends anyway, and the Last-Turn Phase begins.
LONG_NIGHT_ROUNDS = 12


# --- the table ----------------------------------------------------------------------

def table(content: Content, options: dict) -> tuple[int, int]:
    """(players, mix) from the options, checked; raises IllegalAction saying what is allowed."""
    players = options.get("players", DEFAULT_PLAYERS)
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
        raise IllegalAction(f"Snow White Apple Roulette is played by 4 to 8 players, not {players!r}.")
    mix = options.get("mix", 1)
    offered = len(content.mixes(players))
    if isinstance(mix, bool) or not isinstance(mix, int) or not 1 <= mix <= offered:
        if offered == 1:
            raise IllegalAction(f"At {players} players the rulebook offers one mix of characters: use"
                                f" mix 1 (or leave it out), not {mix!r}.")
        raise IllegalAction(f"At {players} players the rulebook offers mixes 1 and 2, not {mix!r}.")
    return players, mix


def impossible_facts(content: Content, options: dict) -> set[str]:
    """The ending book's facts that cannot hold at this table: the NPC who may be Snow
    White sits only at four players, and Rose lives only where the mix deals her in."""
    players, mix = table(content, options)
    out = set()
    if players != NPC_AT:
        out.add("npc_snow_white_fell")
    if not content.mixes(players)[mix - 1].rose:
        out.add("rose_lives")
    return out


def seats(content: Content, options: dict) -> tuple[str, ...]:
    """p1..pN in turn order (p1 starts), and the NPC at four players."""
    return _seating(table(content, options)[0])[0]


@lru_cache(maxsize=len(PLAYERS))
def _seating(players: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """A table's seats, those of its players (not the NPC) and its apple tiles' ids."""
    all_seats = tuple(f"p{i}" for i in range(1, players + 1)) + ((NPC,) if players == NPC_AT else ())
    tile_ids = tuple(f"a{i}" for i in range(1, len(all_seats) + 1))
    return all_seats, tuple(s for s in all_seats if s != NPC), tile_ids


# A faction's characters always in play, those drawn from, and how many are drawn.
Drawn = tuple[tuple[str, ...], tuple[str, ...], int]


@lru_cache(maxsize=4 * len(PLAYERS))
def _dealt(content: Content, players: int, mix: int) -> tuple[tuple[str, ...], tuple[Drawn, ...]]:
    """What a new game deals from, the same for every game of a table: the draw pile
    before its shuffle, and each faction's Drawn (the draws themselves are each game's
    own)."""
    m = content.mixes(players)[mix - 1]
    factions = []
    for faction, n in (("snow_white", m.snow_white), ("queen", m.queen), ("rose", m.rose)):
        pool = content.of_faction(faction)
        fixed = [c for c in pool if c in (content.snow_white, content.queen)]
        factions.append((tuple(fixed), tuple(c for c in pool if c not in fixed), n - len(fixed)))
    return tuple(content.deck(players)), tuple(factions)


def new_game(content: Content, seat_names: Sequence[str], seed: int, options: dict) -> State:
    """Set a game up as the rulebook's Setup says, and play the Opening Phase.

    options: `players` (4-8, default 5), `mix` (1 or 2 where the table offers two).
    """
    players, mix = table(content, options)
    all_seats, player_seats, tile_ids = _seating(players)
    assert tuple(seat_names) == all_seats, f"this table seats {all_seats}, not {tuple(seat_names)}"
    rng = random.Random(seed)
    npc = NPC if players == NPC_AT else None
    deck, factions = _dealt(content, players, mix)

    # 1-2. The draw pile, and one card set aside unseen.
    pile = list(deck)
    shuffle(rng, pile)      # random.Random.shuffle's draws, without a Python call a card
    aside = [pile.pop()]
    # The characters in play: Snow White and the Queen always, the rest of each faction
    # drawn from the box; which ones are in play is known to the table.
    cast = _cast(content, factions, rng)
    # 3. Apple tiles, one a seat; which are poisoned is chosen at random.
    poisoned = set(rng.sample(tile_ids, content.poisoned(players)))
    # (Loops, not comprehensions: on Python 3.11 each comprehension is a call of its own.)
    tiles: dict[str, list[str]] = {}
    knows_tile: dict[str, dict[str, bool]] = {}
    knows_role: dict[str, set[str]] = {}
    for s, t in zip(all_seats, tile_ids):
        tiles[s], knows_tile[s], knows_role[s] = [t], {}, set()
    # 4. Characters; at four players the NPC's first, never the Queen.
    roles: dict[str, str] = {}
    deal = list(cast)
    if npc is not None:
        candidates = [c for c in deal if c != content.queen]
        roles[npc] = rng.choice(candidates)
        deal.remove(roles[npc])
    shuffle(rng, deal)
    roles.update(zip(player_seats, deal))
    # 5. A hand of one card each.
    hands: dict[str, list[str]] = {}
    for s in all_seats:
        hands[s] = [pile.pop()]

    state = State(content, seed, rng, all_seats, player_seats, npc, mix, cast, roles, tiles, poisoned,
                  hands, pile, aside, list(all_seats), knows_tile=knows_tile, knows_role=knows_role)
    log: list[Event] = [public("setup", players=players, npc=npc is not None, mix=mix, seats=list(all_seats),
                               cast=list(cast), poisoned=len(poisoned), pile=len(pile), aside=len(aside))]
    # 6. Each player looks at their own apple, character and hand (the NPC has no player).
    for s in player_seats:
        tile = tiles[s][0]
        state.knows_tile[s][tile] = tile in poisoned
        log.append(private("deal_seen", (s,), seat=s, character=roles[s], apple=tile in poisoned,
                           tile=tile, card=hands[s][0]))
    _opening(state, log)
    # 7. The start player: the one who most recently ate an apple, here p1.
    _next_turn(state, log, player_seats[0])
    state.log.extend(log)
    return state


def _cast(content: Content, factions: tuple[Drawn, ...], rng: random.Random) -> tuple[str, ...]:
    chosen: set[str] = set()
    for fixed, rest, drawn in factions:     # as _dealt lists them
        chosen.update(fixed)
        chosen.update(rng.sample(rest, drawn))
    cast = []
    for c in content.characters:            # the box's order
        if c in chosen:
            cast.append(c)
    return tuple(cast)


def _opening(state: State, log: list[Event]) -> None:
    """Green sees Snow White; Black sees where the poisoned apples lie. Each only if in
    play; a private look only for a seat with a player (an NPC opens no eyes)."""
    content = state.content
    sw = state.seat_of(content.snow_white)
    for op in ("see_snow_white", "see_poisoned"):
        for character in content.with_power("opening", op):
            if character not in state.cast:
                continue
            log.append(public("opening", who=character))
            seat = state.seat_of(character)
            if seat == state.npc:
                continue
            if op == "see_snow_white":
                state.knows_role[seat].add(sw)
                log.append(private("green_sees", (seat,), seat=seat, snow_white=sw))
            else:
                where = [s for s in state.seats if any(t in state.poisoned for t in state.tiles[s])]
                state.knows_tile[seat].update({t: t in state.poisoned for s in state.seats for t in state.tiles[s]})
                log.append(private("black_sees", (seat,), seat=seat, poisoned=where))


# --- whose move, and what is legal ----------------------------------------------------

to_act = turns.to_act


def legal_actions(state: State, seat: str) -> list[Action]:
    return list(choices(state, seat).actions)


def choices(state: State, seat: str) -> legality.Choices:
    """The seat's legal actions and their texts, made once per moment (view, bot, check)
    and kept, per position, across moments and games (engine.applerulette.legal)."""
    return legality.choices(state, seat, legal.of)


progress_choices = legal.progress


# --- applying an action -------------------------------------------------------------

def apply(state: State, seat: str, action: Action) -> list[Event]:
    """Carry out one action of `seat`; the only place an action's legality is decided.
    (Past the check the action is a legal one, told apart by its verb and words.)"""
    legality.check(state, seat, action, over=state.ended is not None, to_act=to_act,
                   legal_actions=choices)
    log: list[Event] = []
    state.moves += 1
    pending, verb, args = state.pending, action.verb, action.args
    if verb == "stop":
        state.ended = effects.finish(state, "stopped", "stopped", {"seat": seat})
    elif pending is not None and pending.kind == "queen":
        state.pending = None
        _queen_gives(state, seat, action, log)
    elif pending is not None and pending.kind == "may":
        effects.resolve(state, action, log)
    elif pending is not None:          # "progress": the drawn hand, to use or discard from
        state.pending = None
        _use_or_discard(state, seat, action, log)
    # A turn's action (told apart here, not by a call of its own: most moves are these).
    elif verb == "progress" and not args:
        _draw(state, seat, log)
    elif verb == "progress":
        _use_or_discard(state, seat, action, log)
    elif verb == "exchange" and args[0] == "hand" and state.phase == "last":
        # The Q&A: with no draw pile, "a hand exchange simply means giving your hand to
        # the other player".
        effects.give_hand(state, seat, args[1], log)
    elif verb == "exchange" and args[0] == "hand":
        effects.exchange_hands(state, seat, args[1], seat, log)
    elif verb == "exchange":
        effects.exchange_apples(state, seat, args[1], seat, log)
    elif verb == "check":
        effects.look_at_apples(state, seat, seat, log, told_all=True)
    elif verb == "ability":
        _ability(state, seat, args, log)
    else:
        raise AssertionError(f"unhandled turn action {action}")
    if state.ended is None and state.pending is None and state.phase in ("story", "last"):
        _next_turn(state, log)
    return turns.record(state, log)


ending = turns.ending


def _draw(state: State, seat: str, log: list[Event]) -> None:
    """Draw one card, as printed ("draw 1 card … so that your hand has 2 cards"): a hand
    left empty by an exchange draws one all the same."""
    hand = state.hands[seat]
    if state.pile:
        card = state.pile.pop()
        hand.append(card)
        # State.moved for one seat, without its call: a draw and a card played are half
        # of all moves.
        state.rows.pop(seat, None)
        log.append(Event("draw", {"seat": seat}))
        log.append(Event("draw_seen", {"seat": seat, "card": card}, frozenset((seat,))))
    options = legal.progress(state, seat)
    if options:
        state.pending = Pending(seat, "progress", options)


def _use_or_discard(state: State, seat: str, action: Action, log: list[Event]) -> None:
    how, index, chosen = action.args[0], int(action.args[1]) - 1, action.args[2:]
    card_id = state.hands[seat].pop(index)
    state.rows.pop(seat, None)        # State.moved, without its call (as `_draw`)
    state.discard.append(card_id)
    if how == "discard":
        log.append(Event("card_discarded", {"seat": seat, "card": card_id}))
        return
    card = state.content.cards[card_id]
    if card.when == "last_turn" and state.phase != "last":
        # Only the Huntsman's power lets a weapon out before the last turn: he shows himself.
        _reveal(state, seat, log, card=card_id)
    data: dict = {"seat": seat, "card": card_id}
    if len(chosen) == 1:
        data["target"] = chosen[0]
    elif chosen:
        data["targets"] = list(chosen)
    log.append(Event("card_used", data))
    effects.run(state, seat, card_id, chosen, log)


def _ability(state: State, seat: str, chosen: tuple[str, ...], log: list[Event]) -> None:
    character = state.character(seat)
    power = character.power("turn")
    if power.once:
        state.used.add(seat)
    _reveal(state, seat, log, **({"target": chosen[0]} if len(chosen) == 1 else
                                 {"targets": list(chosen)} if chosen else {}))
    effects.run(state, seat, character.id, chosen, log)


def _reveal(state: State, seat: str, log: list[Event], **data) -> None:
    """Using an ability shows the character card to the table."""
    state.revealed.add(seat)
    state.moved(seat)
    log.append(public("ability", seat=seat, character=state.roles[seat], **data))


# --- turns and phases -----------------------------------------------------------------

def _next_turn(state: State, log: list[Event], seat: str | None = None) -> None:
    """Start the next turn, the next living player's in turn order (or `seat`'s, the
    game's first): first check the draw pile. Without one, the Last-Turn Phase: every
    living player, from this one on, takes one more turn; then the Ending Phase. (One
    function, not two: a call less at every move.)"""
    if state.phase == "story":
        if seat is None:   # the next living player in turn order
            order, living = state.players, state.living
            i, n = order.index(state.active), len(order)
            seat = order[(i + 1) % n]       # most turns: the next one lives
            if seat not in living:
                for k in range(i + 2, i + n + 1):     # the others after it, then this one
                    if order[k % n] in living:
                        break
                else:
                    raise AssertionError("no player lives, yet the story goes on")
                seat = order[k % n]
        long_night = state.turn >= LONG_NIGHT_ROUNDS * len(state.players)
        if not state.pile or long_night:
            state.phase = "last"
            players = [s for s in state.players if s in state.living]
            i = players.index(seat)
            state.last_queue = players[i:] + players[:i]
            log.append(public("last_turns", first=seat, reason="long_night" if state.pile else "pile_empty"))
    if state.phase == "last":
        state.last_queue = [s for s in state.last_queue if s in state.living]
        if not state.last_queue:
            _ending_phase(state, log)
            return
        seat = state.last_queue.pop(0)
    state.active = seat
    state.turn += 1
    log.append(Event("turn", {"seat": seat, "number": state.turn, "phase": state.phase}))


def _ending_phase(state: State, log: list[Event]) -> None:
    """1. The Queen alone turns her apple face up; if it is poisoned she hands it on."""
    state.phase = "ending"
    queen = state.seat_of(state.content.queen)
    if queen not in state.living:
        _feast(state, log)
        return
    tiles = state.tiles[queen]
    state.knows_tile[queen].update({t: t in state.poisoned for t in tiles})
    if any(t in state.poisoned for t in tiles):
        options = [Action("give", (s,)) for s in state.living if s != queen]
        state.pending = Pending(queen, "queen", (*options, KEEP))
        return
    _show_queens_apple(state, queen, list(tiles), log, poisoned=False, apples=len(tiles))
    _feast(state, log)


def _queen_gives(state: State, queen: str, action: Action, log: list[Event]) -> None:
    tiles = state.tiles[queen]
    shown = list(tiles)
    tile = next(t for t in tiles if t in state.poisoned)
    if action.verb == "keep":
        _show_queens_apple(state, queen, shown, log, poisoned=True, apples=len(shown), kept=True)
    else:
        target = action.args[0]
        tiles.remove(tile)
        state.tiles[target].append(tile)
        state.moved(queen, target)
        state.queen_gift = target
        _show_queens_apple(state, queen, shown, log, poisoned=True, apples=len(shown), target=target)
    _feast(state, log)


def _show_queens_apple(state: State, queen: str, tiles: list[str], log: list[Event], **data) -> None:
    """The table sees the Queen's apple, and so who the Queen is."""
    state.revealed.add(queen)
    state.moved(queen)
    for s in state.seats:
        state.knows_tile[s].update({t: t in state.poisoned for t in tiles})
    log.append(public("queen_apple", seat=queen, **data))


def _feast(state: State, log: list[Event]) -> None:
    """2. The characters are turned face up. 3. Everyone eats: a poisoned apple kills
    (the Prince comes back after two); the Cursed Ring kills whoever holds it."""
    content = state.content
    living = [s for s in state.seats if s in state.living]
    state.revealed.update(living)
    state.moved(*living)
    log.append(public("characters_revealed", roles={s: state.roles[s] for s in living}))
    for s in living:
        tiles = state.tiles[s]
        for viewer in state.seats:
            state.knows_tile[viewer].update({t: t in state.poisoned for t in tiles})
        k = sum(1 for t in tiles if t in state.poisoned)
        log.append(public("eat", seat=s, poisoned=k > 0, apples=len(tiles), poisoned_apples=k,
                          cards=list(state.hands[s])))
        if k:
            state.deaths.setdefault(s, []).append("poison")
            log.append(public("died", seat=s, cause="poison"))
            if k >= 2 and state.character(s).power("passive", "revive_on_two_poisoned") is not None:
                state.deaths[s].remove("poison")
                state.revived.append(s)
                log.append(public("revived", seat=s))
    for s in living:
        for card in state.hands[s]:
            if content.cards[card].at_end == "kill_holder":
                state.deaths.setdefault(s, []).append("ring")
                log.append(public("died", seat=s, cause="ring", card=card))
    state.ended = _verdict(state)


def _verdict(state: State) -> Ending:
    """What the feast left true; the ending book says what page that is."""
    content = state.content
    sw = state.seat_of(content.snow_white)
    fate = state.deaths.get(sw, [])
    came_back = [s for s in state.revived if not state.deaths.get(s)]
    rose = state.seat_of(content.rose) if content.rose in state.cast else None
    facts = {
        "npc_snow_white_fell": state.snow_white_fell,
        "snow_white_poisoned": "poison" in fate,
        "queens_gift": "poison" in fate and state.queen_gift == sw,
        "snow_white_ringed": "ring" in fate,
        "rose_lives": rose is not None and rose in state.living and not state.deaths.get(rose),
        "prince_came_back": bool(came_back),
    }
    # Whose page it is: Snow White's if she fell; else Rose's if she lives; else the Prince's.
    fell = facts["npc_snow_white_fell"] or facts["snow_white_poisoned"] or facts["snow_white_ringed"]
    seat = sw if fell else rose if facts["rose_lives"] else came_back[0] if came_back else sw
    return effects.finish(state, "feast", "feast", {"seat": seat}, facts)
