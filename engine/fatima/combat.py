"""Combat: to take another nation's Fatima.

1. The attacker names the Fatima and lays a card face down (a Person, a combat Action,
   or the king, whom all see ride out though none yet know which king it is).
2. The defender, without seeing that card, avoids (the Fatima goes over) or lays a card
   face down too: two hidden submissions, one after the other, turned up together.
3. Each side rolls its dice; every die at or under the target hits, and the hits summed
   are the damage. A diver rolls nothing and deals its diver power; a commoner loses to
   anyone who is not a commoner. Higher damage wins; a tie goes to the defender.
4. The losing card is discarded (a king is never: it stands, face up), Actions are
   discarded win or lose, the winning Person goes back to its hand, the Fatima moves if
   the attacker won, and a side that fought with its king and lost loses every Fatima it
   has to the winner.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, compress, repeat
from operator import attrgetter, eq

from engine.events import Event
from engine.fatima import moves
from engine.fatima.actions import AVOID, Action, Row, numbers, row
from engine.fatima.content import Ability, Content, Power
from engine.fatima.moves import ALONE
from engine.fatima.state import Combat, Pending, State


def combatants(state: State, seat: str, side: str) -> tuple[str, ...]:
    """What `seat` may fight with, as written in an action: hand positions, then `king`
    (the hand read in one pass of C, `compress`: it is asked at every turn)."""
    nation = state.nations[seat]
    hand = nation.hand
    may = compress(numbers(len(hand)), map(state.content.may_fight[side].__contains__, hand))
    return tuple(may) if nation.humbled else (*may, "king")


def courts_to_attack(state: State, seat: str) -> dict[str, tuple[str, ...]]:
    """The rule of whom `seat` may attack now, in one place (the rules' options, their
    lazy count and the view's rows all read it): every rival's court, as it is now, in
    turn order from the seat's left; none in a truce, none in a warded nation, none empty."""
    if state.truce_until is not None:
        return {}
    nations, wards = state.nations, state.wards
    courts = {}
    for other in state.others(seat):
        court = nations[other].fatima
        if court and other not in wards:
            courts[other] = tuple(court)     # a copy: the nation's list moves on
    return courts


def attack_options(state: State, seat: str) -> list[Action]:
    """Every Fatima `seat` may attack now (`courts_to_attack`) with every combatant. A
    turn's most options, 33 of 44 on average: each comes from one lookup of its
    combatant's word in the row of its target, and the rows of a table are found once
    (`_attacks`)."""
    courts = courts_to_attack(state, seat)
    if not courts:
        return []
    rows, fighters = _attacks(state.seats), combatants(state, seat, "attack")
    out: list[Action] = []
    for other, court in courts.items():
        of = rows[other]
        for f in court:
            out += map(of[f].__getitem__, fighters)
    return out


def attack_at(seats: tuple[str, ...], courts: dict[str, tuple[str, ...]], fighters: tuple[str, ...],
              i: int) -> Action:
    """The i-th attack (0 <= i < their count) on `courts` with `fighters`, in the order of
    `attack_options`: the one value for its words (the rows of `_attacks`)."""
    k, j = divmod(i, len(fighters))
    for nation, court in courts.items():
        if k < len(court):
            return _attacks(seats)[nation][court[k]][fighters[j]]
        k -= len(court)
    raise IndexError(i)


def offered(courts: dict[str, tuple[str, ...]], fighters: tuple[str, ...], action: Action) -> bool:
    """Whether `action` attacks one of `courts` with one of `fighters`, read from its words."""
    if action.verb != "attack" or len(action.args) != 4:
        return False
    nation, fatima, word, fighter = action.args
    court = courts.get(nation)
    return court is not None and fatima in court and word == "with" and fighter in fighters


class Attacks(Sequence):
    """A turn's attacks in their order (by target nation, then its Fatima, then the
    attacker's combatant) without making them: a rules loop or a random player counts
    them and takes one, and an attack is found among them by its words (its target's court and the
    attacker's combatants as they were offered). Each made is the one value for its
    words (the rows of `_attacks`), as `attack_options` makes them."""

    __slots__ = ("seats", "courts", "fighters", "size")

    def __init__(self, seats: tuple[str, ...], courts: dict[str, tuple[str, ...]], fighters: tuple[str, ...],
                 aims: int):
        self.seats, self.courts, self.fighters = seats, courts, fighters
        self.size = aims * len(fighters)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Action:       # 0 <= i < size: asked by `_Written`
        return attack_at(self.seats, self.courts, self.fighters, i)

    def __iter__(self) -> Iterator[Action]:
        table, rows = _attacks(self.seats), []
        for nation, court in self.courts.items():
            rows += map(table[nation].__getitem__, court)
        return chain.from_iterable(map(map, map(_LOOKUP, rows), repeat(self.fighters)))

    def __contains__(self, action: object) -> bool:
        if action.__class__ is not Action:     # only a value of another kind could equal one so
            return any(map(eq, self, repeat(action)))
        return offered(self.courts, self.fighters, action)

    def named(self, text: str) -> Action | None:
        """The attack written `text` if it is one of these (the very value offered), else None."""
        words = text.split(" ")
        if len(words) != 5 or words[0] != "attack" or words[3] != "with":
            return None
        _, nation, fatima, _, fighter = words
        if fatima not in self.courts.get(nation, ()) or fighter not in self.fighters:
            return None
        return _attacks(self.seats)[nation][fatima][fighter]


NO_ATTACKS = Attacks((), {}, (), 0)
_LOOKUP = attrgetter("__getitem__")


class _Court(dict):
    """The rows of attacks on one nation's Fatima, by Fatima."""

    __slots__ = ("nation",)

    def __init__(self, nation: str):
        super().__init__()
        self.nation = nation

    def __missing__(self, fatima: str) -> Row:
        found = self[fatima] = row("attack", self.nation, fatima, "with")
        return found


# The seats of a table, each with its rows (bounded: a few tables; each row holds only
# the Fatima of the boxes played at it).
@lru_cache(maxsize=16)
def _attacks(seats: tuple[str, ...]) -> dict[str, _Court]:
    return {s: _Court(s) for s in seats}


_FIGHT = row("fight", "with")


def defend_options(state: State, seat: str) -> tuple[Action, ...]:
    return (AVOID, *map(_FIGHT.__getitem__, combatants(state, seat, "defend")))


def _lay_down(state: State, seat: str, combatant: str) -> tuple[str, bool]:
    if combatant == "king":
        return state.nations[seat].king, True
    return moves.from_hand(state, seat, combatant), False


def declare(state: State, seat: str, action: Action, log: list[Event]) -> None:
    """`attack NATION FATIMA with N|king`: the card goes face down; the defender must answer."""
    nation, fatima, _, combatant = action.args
    card, king = _lay_down(state, seat, combatant)
    state.combat = Combat(seat, nation, fatima, card, king)
    state.record.attacked.add(seat)
    log.append(Event("attack", {"seat": seat, "target": nation, "card": fatima, "king": king}))
    log.append(Event("laid_down", {"seat": seat, "card": card, "side": "attack"}, ALONE[seat]))
    state.pending = Pending(nation, "defend", defend_options(state, nation))


def answer(state: State, seat: str, action: Action, log: list[Event]) -> None:
    """The defender's answer: `avoid`, or `fight with N|king` (then the combat is resolved)."""
    c = state.combat
    if action.verb == "avoid":
        log.append(Event("avoid", {"seat": seat, "card": c.fatima, "source": c.attacker}))
        moves.move_fatima(state, c.fatima, c.attacker, "avoid", log, c.defender)
        state.record.by_sword.add(c.attacker)
        if state.final_round:
            state.record.final_takers.add(c.attacker)
        card = state.content.cards[c.attack]
        if card.kind == "action":
            moves.discard(state, c.attacker, c.attack, "avoided", log)
        elif not c.attack_king:
            moves.to_hand(state, c.attacker, c.attack)   # back unseen: it was never turned up
            log.append(Event("returned", {"seat": c.attacker, "card": None, "why": "avoided"}))
        state.combat = None
        return
    _, combatant = action.args       # fight with N|king
    c.defend, c.defend_king = _lay_down(state, seat, combatant)
    log.append(Event("fight", {"seat": seat, "king": c.defend_king}))
    log.append(Event("laid_down", {"seat": seat, "card": c.defend, "side": "defend"}, ALONE[seat]))
    resolve(state, log)


# --- resolution --------------------------------------------------------------------

@dataclass(slots=True)
class Fighter:
    seat: str
    side: str              # "attack" or "defend"
    card: str
    king: bool
    mode: str = ""         # dice, diver, commoner, mirror
    dice: int = 0
    target: int = 0
    power: int = 0
    reroll: bool = False
    wins_ties: bool = False
    # The dice as they are told (`_told`): the lists rolled, none for a side that rolls none.
    rolls: list[int] | None = None
    rerolls: list[int] | None = None
    damage: int = 0


# The printed card, the moment, its side and whether it faces a king decide: read once for each.
@lru_cache(maxsize=4096)
def working(content: Content, card: str, when: str, side: str, against_king: bool) -> tuple[Ability, ...]:
    """The card's abilities that work at this moment of a combat (fight, win or lose)."""
    return tuple(a for a in content.abilities(card) if a.when == when and a.applies(side, against_king))


def fight_abilities(content: Content, card: str, side: str, against_king: bool) -> tuple[Ability, ...]:
    """The card's abilities that work in this fight."""
    return working(content, card, "fight", side, against_king)


@dataclass(frozen=True, slots=True)
class Traits:
    """What a card's abilities that work in a fight add up to (most cards have none), with
    its printed power and what it does as it wins or falls: all a combat reads of a card."""

    call_off: bool
    mirror: bool
    dice: int              # more (or fewer) dice
    target: int            # its own target moved
    enemy_target: int      # the enemy's target moved
    halve_diver: bool      # an enemy diver deals half
    reroll: bool
    wins_ties: bool
    power: Power | None
    win: tuple[Ability, ...]       # its abilities that work as it wins
    lose: tuple[Ability, ...]      # ... and as it falls


@lru_cache(maxsize=4096)
def traits(content: Content, card: str, side: str, against_king: bool) -> Traits:
    mine = fight_abilities(content, card, side, against_king)
    ops = {a.op for a in mine}

    def total(op: str) -> int:
        return sum(a.n for a in mine if a.op == op and a.n is not None)

    return Traits("call_off" in ops, "mirror" in ops, total("dice"), total("target"), total("enemy_target"),
                  "halve_diver" in ops, "reroll" in ops, "wins_ties" in ops, content.power(card),
                  working(content, card, "win", side, against_king), working(content, card, "lose", side, against_king))


def _profile(f: Fighter, mine: Traits, theirs: Traits) -> None:
    """What `f` fights with, by its card's power and its traits (`mine`) and its enemy's."""
    if mine.mirror:
        f.mode = "mirror"
        return
    power = mine.power
    f.mode = power.mode
    dice = power.dice + mine.dice
    f.dice = dice if dice > 0 else 0           # (compared, not max/min: each a call with a tuple)
    target = power.target + mine.target + theirs.enemy_target
    f.target = (6 if target > 6 else 1 if target < 1 else target) if f.mode == "dice" else 0
    f.power = power.power // 2 if theirs.halve_diver else power.power
    f.reroll = mine.reroll
    f.wins_ties = mine.wins_ties


def _roll(state: State, f: Fighter) -> None:
    if f.mode == "diver":
        f.damage = f.power
        return
    rolls = f.rolls = state.rng.rolls(f.dice)
    if f.reroll:
        rolls = f.rerolls = [state.rng.d6() if r > f.target else r for r in rolls]
    damage, target = 0, f.target
    for r in rolls:             # every die at or under the target hits
        if r <= target:
            damage += r
    f.damage = damage


def _told(f: Fighter) -> Event:
    return Event("dice", {"seat": f.seat, "side": f.side, "card": f.card, "mode": f.mode,
                          "rolls": f.rolls or [], "rerolls": f.rerolls or [], "target": f.target, "damage": f.damage})


def resolve(state: State, log: list[Event]) -> None:
    c, content = state.combat, state.content
    state.record.combats += 1
    if c.attack_king:
        moves.reveal_king(state, c.attacker, "combat", log)
    if c.defend_king:
        moves.reveal_king(state, c.defender, "combat", log)
    log.append(Event("reveal", {"attacker": c.attacker, "defender": c.defender,
                                "cards": [c.attack, c.defend]}))
    a = Fighter(c.attacker, "attack", c.attack, c.attack_king)
    d = Fighter(c.defender, "defend", c.defend, c.defend_king)
    # each side's traits face the other's card (a king or not): read once for the combat
    ta, td = traits(content, a.card, "attack", d.king), traits(content, d.card, "defend", a.king)
    if ta.call_off or td.call_off:        # the attacker's first, if both would
        f = a if ta.call_off else d
        log.append(Event("called_off", {"seat": f.seat, "card": f.card}))
        _call_off(state, (a, d), log)
        return
    _profile(a, ta, td)
    _profile(d, td, ta)
    if a.mode == "commoner" or d.mode == "commoner":
        if a.mode == d.mode:
            winner, why = d, "tie"          # neither can hurt the other: the defender holds
        else:
            winner, why = (d, "commoner") if a.mode == "commoner" else (a, "commoner")
    else:
        if a.mode != "mirror":
            _roll(state, a)
        if d.mode != "mirror":
            _roll(state, d)
        if a.mode == "mirror" or d.mode == "mirror":
            for f, enemy in ((a, d), (d, a)):
                if f.mode == "mirror":
                    f.damage = enemy.damage if enemy.mode != "mirror" else 0
        log.append(_told(a))
        log.append(_told(d))
        if a.damage != d.damage:
            winner, why = (a if a.damage > d.damage else d), "damage"
        else:
            winner, why = (a if a.wins_ties and not d.wins_ties else d), "tie"
    if winner is a:
        _aftermath(state, a, d, ta.win, td.lose, why, a, d, log)
    else:
        _aftermath(state, d, a, td.win, ta.lose, why, a, d, log)


def _call_off(state: State, fighters: tuple[Fighter, Fighter], log: list[Event]) -> None:
    for f in fighters:
        if f.king:
            continue
        if state.content.cards[f.card].kind == "action":
            moves.discard(state, f.seat, f.card, "combat", log)
        else:
            moves.to_hand(state, f.seat, f.card)
            log.append(Event("returned", {"seat": f.seat, "card": f.card, "why": "called_off"}))
    state.combat = None


def _ability(log: list[Event], f: Fighter, op: str, **data) -> None:
    log.append(Event("ability", {"seat": f.seat, "card": f.card, "op": op, **data}))


def _aftermath(state: State, w: Fighter, l: Fighter, win: tuple[Ability, ...], lose: tuple[Ability, ...],
               why: str, a: Fighter, d: Fighter, log: list[Event]) -> None:
    """`win`: what the winner's card does as it wins, `lose` what the loser's does as it falls."""
    c, content = state.combat, state.content
    log.append(Event("combat_won", {"seat": w.seat, "loser": l.seat, "side": w.side, "why": why,
                                    "attack_damage": a.damage, "defend_damage": d.damage}))
    flags = {x.op for x in lose} if lose else ()     # most cards do nothing as they fall
    for x in lose:   # what the loser does as it falls comes first
        if x.op == "steal":
            _ability(log, l, "steal")
            moves.take_random(state, l.seat, w.seat, x.n, log, "ability")
        elif x.op == "draw":
            _ability(log, l, "draw")
            moves.draw(state, l.seat, x.n, log)
        else:
            _ability(log, l, x.op)
    # the losing card
    if not l.king:
        if "retreat" in flags and content.cards[l.card].kind == "person":
            moves.to_hand(state, l.seat, l.card)
            log.append(Event("returned", {"seat": l.seat, "card": l.card, "why": "retreat"}))
        else:
            moves.discard(state, l.seat, l.card, "combat", log)
    # the winning card
    if not w.king:
        spent = bool(win) and any(x.op == "spent" for x in win)
        if content.cards[w.card].kind == "action":
            moves.discard(state, w.seat, w.card, "combat", log)
        elif spent or "take_down" in flags:
            if spent:
                _ability(log, w, "spent")
            moves.discard(state, w.seat, w.card, "taken_down" if not spent else "spent", log)
        else:
            moves.to_hand(state, w.seat, w.card)
            log.append(Event("returned", {"seat": w.seat, "card": w.card, "why": "win"}))
    for x in win:
        if x.op == "draw":
            _ability(log, w, "draw")
            moves.draw(state, w.seat, x.n, log)
        elif x.op == "steal":
            _ability(log, w, "steal")
            moves.take_random(state, w.seat, l.seat, x.n, log, "ability")
    # the Fatima
    if w is a:
        if "keep_fatima" in flags:
            log.append(Event("fatima_stays", {"seat": d.seat, "card": c.fatima, "why": "keep"}))
        elif "unveil_instead" in flags:
            moves.unveil(state, c.fatima, d.seat, log)
        else:
            moves.move_fatima(state, c.fatima, a.seat, "combat", log, d.seat)
            state.record.by_sword.add(a.seat)
            if state.final_round:
                state.record.final_takers.add(a.seat)
    # a king's defeat costs every Fatima, and the king fights no more
    if l.king:
        state.nations[l.seat].humbled = True
        taken = list(state.nations[l.seat].fatima)
        log.append(Event("king_fall", {"seat": l.seat, "to": w.seat, "card": l.card, "cards": taken}))
        for f in taken:
            moves.move_fatima(state, f, w.seat, "king_fall", log, l.seat)
        state.record.king_falls.append((w.seat, l.seat, tuple(taken)))
        if taken:
            state.record.by_sword.add(w.seat)
            if state.final_round:
                state.record.final_takers.add(w.seat)
    state.combat = None
