"""The partner bot of the Fatima Unveiling Game: a careful ruler, from its own view only.

It reads what its seat sees: its hand and its own king, every Fatima on the table, the
kings turned face up (or seen in secret), hand sizes and the discard pile, and the
printed text of the cards, which every player may read. With that it weighs each
choice in Fatima points: what a Fatima is worth in its nation and in another, what a
card in hand is worth, how likely a combat is to be won, and what a king's defeat
would cost. In the final round it knows the order of play that is left: a card in hand
is worth only the turns still to come, the nation that plays last (and so cannot be
answered) is the one to weaken, and in the game's last combat only the crown counts. It
never looks at a card face down.
"""
from __future__ import annotations

from functools import lru_cache
from operator import add
from typing import Any

from engine.fatima import points
from engine.fatima.actions import INDEX, numbers
from engine.fatima.content import Content

# What the bot expects an unknown defending card to deal, and the attacking one.
TYPICAL_DEFENCE = 4.0
TYPICAL_ATTACK = 5.0
# What a king who can still fight is worth, beyond the court he would lose.
KING_COST = 1.5
# In the final round: how many points one Fatima taken can swing, and how much more harm
# to the last rival to play is worth than harm to the leader.
REACH = 8
FINAL_THREAT = 3.0


class Partner:
    def __init__(self, story, seat: str, seed: int):
        self.content: Content = story.content
        self.seat = seat
        # It draws no random numbers: a choice is a function of the view alone, so a
        # resumed game plays on the same with nothing to reseed at each decision.
        self.seed = seed
        # What the bot has read of the view it is choosing from (`choose` begins each
        # afresh: every reading below is of the view it was handed), so a court, a gain
        # or a loss weighed for many candidates is counted once. Each kind of reading has
        # its own table: they are asked for hundreds of times a turn.
        self._read: dict = {}
        self._courts: dict[str, Court] = {}
        self._judges = _judges(self.content)    # each card's steps and their judges
        self._cards = _cards(self.content)      # what each card promises, by card id

    # --- reading the table ------------------------------------------------------------
    def _nation(self, view, seat: str) -> "Court":
        """`seat`'s nation as we see it: its Fatima and its king as we know him."""
        got = self._courts.get(seat)
        if got is None:
            got = self._courts[seat] = _seen(self.content, view.nation(seat))
        return got

    def court(self, view, seat: str) -> tuple[str, ...]:
        """The Fatima of `seat`'s nation."""
        return self._nation(view, seat).court

    def king_of(self, view, seat: str) -> str | None:
        """`seat`'s king as we know him (None: face down)."""
        return self._nation(view, seat).king

    def score(self, view, seat: str, court) -> int:
        return points.score(self.content, court, self.king_of(view, seat))

    def gain(self, view, seat: str, fatima: str) -> int:
        """What `fatima` would add to `seat`'s nation."""
        return self._nation(view, seat).gains[fatima]

    def loss(self, view, seat: str, fatima: str) -> int:
        """What `seat`'s nation would lose without `fatima` (negative: it would gain)."""
        return self._nation(view, seat).losses[fatima]

    def _table(self, view) -> tuple[dict[str, "Court"], dict[str, float]]:
        """Every nation's court as we see it, and how much harm to each is worth to us,
        read once per view with the leader, in one pass over the nations: a turn weighs
        every Fatima on the table, against her nation, for every card that may take her or
        give her away. Harm is worth most to us done to whoever leads, and in the final
        round to a rival who still has a turn to play (the last most of all); harm to us
        is a loss (-1)."""
        read = self._read
        got = read.get("table")
        if got is None:
            courts, content, me = self._courts, self.content, self.seat
            # the leader: the first of the most points, then the most Fatima (a loop: `max`
            # with a key calls it from C, a frame a nation)
            leader, top, most = None, 0, 0
            rivals = {}
            for nv in view.nations:
                seat = nv.seat
                if seat not in courts:
                    courts[seat] = _seen(content, nv)
                if seat == me:
                    mine = nv.score
                    rivals[seat] = -1.0
                else:
                    rivals[seat] = 0.4
                    score = nv.score
                    if leader is None or score > top or (score == top and len(nv.fatima) > most):
                        leader, top, most = seat, score, len(nv.fatima)
            if leader is not None:
                rivals[leader] = 0.8
            left = view.final_left
            if left:
                # In the final round a rival still to play, near enough to overtake us with
                # one Fatima, is the danger: the later it plays, the fewer can answer it, and
                # the last to play answers everyone.
                for nv in view.nations:
                    seat = nv.seat
                    if seat != me and seat in left and nv.score + REACH >= mine:
                        rivals[seat] += FINAL_THREAT * (left.index(seat) + 1) / len(left)
            read["leader"] = leader
            got = read["table"] = courts, rivals
        return got

    def leader(self, view) -> str:
        self._table(view)
        return self._read["leader"]

    # --- reading cards ----------------------------------------------------------------
    def expected(self, card_id: str, side: str, vs_king: bool = False) -> float:
        """The damage a card deals on average in combat, abilities counted roughly."""
        return _expected(self.content, card_id, side, vs_king)

    def worth(self, card_id: str) -> float:
        """What keeping a card in hand is worth, roughly in Fatima points."""
        return _worth(self.content, card_id)

    @staticmethod
    def still_useful(view) -> float:
        """How much of a card's worth in hand is still to be had. Before the final round,
        all of it; in the final round a card is only good for the turns still to come (a
        defence against them, mostly), and nothing once the last nation has played."""
        if not view.final_round:
            return 1.0
        return len(view.final_left) / view.players

    @staticmethod
    def chance(mine: float, theirs: float) -> float:
        """A rough chance of out-damaging the other side."""
        # bounded by comparisons: `max` and `min` parse their keywords at every call
        p = 0.5 + (mine - theirs) / 8
        p = p if p < 0.95 else 0.95
        return p if p > 0.05 else 0.05

    # --- choosing ---------------------------------------------------------------------
    def choose(self, view) -> str:
        d = view.decision
        # The decision's options are the legal actions but stopping, which a bot never
        # chooses while it has another.
        if d is None or not d.options:
            return "stop"
        self._read, self._courts = {}, {}     # a view read afresh
        pick = _CHOOSERS[d.kind](self, view, d.options)
        assert pick in view.legal, (pick, view.legal)
        return pick

    def _turn(self, view, legal: tuple[str, ...]) -> str:
        """The best of the turn's choices, if it beats passing: each use of a card or the
        decree and each unveiling weighed in the order offered, then each target's best
        attack (a tie goes to the first weighed)."""
        best, value = "pass", 0.35
        final = view.final_round
        hand = view.hand
        over = 0.3 if len(hand) > view.military else 0.0   # a card used is one less to discard
        table = self._table(view)
        mine, n = table[0][self.seat], view.players
        read = _READ.__getitem__
        # The attacks come as one run of texts (`_rows`): only the texts around it are
        # read one by one, in the order offered, the run found as they are.
        size, at, run = len(legal), 0, None
        while at < size:
            verb, first_word, rest = read(legal[at])
            if verb == "unveil":
                v = _unveiling(mine.losses[first_word], n)
            elif verb == "action" or verb == "decree":
                # a card's (its place in hand) or the decree's uses, one for each aim, come
                # together: weighed at once, then each in turn
                aims = [rest]
                end = at + 1
                while end < size and (r := read(legal[end]))[0] == verb and r[1] == first_word:
                    aims.append(r[2])
                    end += 1
                if verb == "action":
                    card, extra = hand[first_word].id, over
                else:
                    card, extra = view.king.id, -0.3
                for v in self._use_values(view, table, card, aims, final):
                    v += extra
                    if v > value + 1e-9:
                        best, value = legal[at], v
                    at += 1
                continue
            else:
                if verb == "attack" and run is None:
                    end, rows = _run(view, legal, at)
                    run = at, rows
                    if rows is not None:
                        at = end
                        continue
                at += 1
                continue
            if v > value + 1e-9:
                best, value = legal[at], v
            at += 1
        first, rows = run or (0, ((), ()))
        if rows is None:         # not offered as the rules write a turn: each text read alone
            for (nation, fatima), card, v in self._attack_values(view, _attacks(legal), final):
                if v > value + 1e-9:
                    best, value = _attack(nation, fatima, card), v
            return best
        targets, fighters = rows
        contenders = _contenders(self._odds(view), fighters) if targets else ()
        if contenders:           # each row's best combatant, and what its attack is worth
            courts, rivals = table
            gains = mine.gains
            bonus = 1.0 if final else 0.0
            width, at = len(fighters), first
            for nation, fatima in targets:
                prize = gains[fatima] + courts[nation].losses[fatima] * rivals[nation] + bonus
                if prize > 0:
                    top = None
                    for j, p, risk in contenders:
                        v = p * prize - risk
                        if top is None or v > top:
                            top, pick = v, j
                    v = top - 0.3
                    if v > value + 1e-9:
                        best, value = legal[at + pick], v
                at += width
        return best

    def _use_values(self, view, table, card: str, aims: list, final: bool) -> list[float]:
        """What using `card` (an Action card, or our king's decree) at each of `aims` is
        worth; `table` is the view's courts and rivalries (`_table`): each step of its
        effect weighed by the judge of its kind (`_judges`), at every aim at once (a
        judge that reads no aim, once)."""
        values = None
        for judge, step, flat in self._judges[card]:
            if flat:
                got = [judge(self, view, table, step, final)] * len(aims)
            else:
                got = judge(self, view, table, step, aims, final)
            values = got if values is None else list(map(add, values, got))
        return [0.0] * len(aims) if values is None else values

    # The judges of a step of an effect, by its kind (`_JUDGES`): each what that step is
    # worth at each of `aims` (the use's words: a nation, then a Fatima), or for those
    # worth the same at any aim (`_FLAT`), what it is worth.
    def _draw_value(self, view, table, step, final: bool) -> float:
        return 0.0 if final else 0.8 * step.n

    def _steal_value(self, view, table, step, aims, final: bool) -> list[float]:
        rivals, out = table[1], []
        if final:
            for aim in aims:
                out.append(0.1 + 0.2 * rivals[aim[0]])
            return out
        n = step.n
        for aim in aims:
            nation = aim[0]
            size = view.nation(nation).hand
            out.append(0.9 * (size if size < n else n) + 0.2 * rivals[nation])
        return out

    def _peek_value(self, view, table, step, final: bool) -> float:
        return 0.2

    def _reveal_value(self, view, table, step, aims, final: bool) -> list[float]:
        leader = self.leader(view)
        return [0.2 if aim[0] == leader else 0.05 for aim in aims]

    def _recall_value(self, view, table, step, final: bool) -> float:
        # the last `n` persons of the pile, summed oldest first, read from the top down
        # (the pile grows all game)
        n = step.n
        if n > 0:
            persons = []
            for f in reversed(view.discard):
                if f.kind == "person":
                    persons.append(f.id)
                    if len(persons) == n:
                        break
            persons.reverse()
        else:     # as the slice `[-n:]` reads it
            persons = [f.id for f in view.discard if f.kind == "person"][-n:]
        return sum(_worth(self.content, p) for p in persons) * (0.2 if final else 0.8)

    def _give_value(self, view, table, step, aims, final: bool) -> list[float]:
        # what we shed, and what it does to them (a gift to the leader is a harm to us)
        courts, rivals, out = table[0], table[1], []
        shed = courts[self.seat].losses
        for aim in aims:
            nation, fatima = aim[0], aim[1]
            out.append(-shed[fatima] - rivals[nation] * courts[nation].gains[fatima] - 0.3)
        return out

    def _unveiling_value(self, view, table, step, aims, final: bool) -> list[float]:
        courts, rivals, n, me, out = table[0], table[1], view.players, self.seat, []
        gains = courts[me].gains
        for aim in aims:
            owner, fatima = aim[0], aim[1]
            if owner == me:
                out.append(_unveiling(courts[owner].losses[fatima], n))
            else:
                out.append(gains[fatima] / n + rivals[owner] * courts[owner].losses[fatima] * (n - 1) / n)
        return out

    def _swap_value(self, view, table, step, aims, final: bool) -> list[float]:
        courts, out = table[0], []
        mine = courts[self.seat]
        if not mine.court:
            return [0.0] * len(aims)
        kept, shed = self._swap_out(view)
        for aim in aims:
            nation, fatima = aim[0], aim[1]
            harm = table[1][nation] * courts[nation].losses[fatima]
            out.append((_gain(self.content, kept, mine.king, fatima) - shed) + harm)
        return out

    def _march_step_value(self, view, table, step, final: bool) -> float:
        return self._march_value(view, final) - 0.2

    def _limit_value(self, view, table, step, final: bool) -> float:
        return 0.6

    def _tribute_value(self, view, table, step, final: bool) -> float:
        return 0.5 * (view.players - 1)

    def _ward_value(self, view, table, step, final: bool) -> float:
        return 0.8 if self.seat == max(view.nations, key=lambda x: x.score).seat else 0.1

    def _swap_out(self, view) -> tuple[tuple[str, ...], int]:
        """Our court once the Fatima we miss least has gone in an exchange, and what she
        was worth to it (one per view)."""
        read = self._read
        if "swap_out" not in read:
            mine = self.court(view, self.seat)
            worst = min(mine, key=lambda f: self.loss(view, self.seat, f))
            read["swap_out"] = tuple(f for f in mine if f != worst), self.loss(view, self.seat, worst)
        return read["swap_out"]

    def _march_value(self, view, final: bool) -> float:
        """The best attack a Forced March would allow (weighed once per view)."""
        read = self._read
        key = ("march", final)
        if key not in read:
            top = None     # the best worth (a loop: no texts written, no generator for `max`)
            for _, _, v in self._attack_values(view, self._attack_table(view), final):
                if top is None or v > top:
                    top = v
            read[key] = 0.0 if top is None else top
        return read[key]

    def _attack_table(self, view) -> dict[tuple[str, str], list[str]]:
        """The attacks a Forced March would allow, built from what we can see."""
        table: dict[tuple[str, str], list[str]] = {}
        if view.truce_until is not None:
            return table
        fighters = [str(i) for i, f in enumerate(view.hand, 1)
                    if (f.kind == "person" or (f.kind == "action" and f.role == "combat"))
                    and self.content.cards[f.id].commit in ("any", "attack")] + ["king"]
        for nv in view.nations:
            if nv.seat != self.seat and nv.seat not in view.wards:
                for f in nv.fatima:
                    table[(nv.seat, f.face.id)] = fighters
        return table

    def _attack_values(self, view, attacks: dict[tuple[str, str], list[str]], final: bool):
        """For each target, the best card to attack with, and what the attack is worth:
        (target, card, worth), the text written only for the one chosen (`_attack`)."""
        odds = self._odds(view)
        bonus = 1.0 if final else 0.0
        courts, rivals = self._table(view)
        gains = courts[self.seat].gains
        for (nation, fatima), fighters in attacks.items():
            gain = gains[fatima]
            harm = courts[nation].losses[fatima] * rivals[nation]
            prize = gain + harm + bonus
            if prize <= 0:
                continue
            top = None
            for c in fighters:
                got = odds.get(c)
                if got is not None:
                    p, risk = got
                    v = p * prize - risk
                    if top is None or v > top:
                        top, card = v, c
            if top is not None:
                yield (nation, fatima), card, top - 0.3

    def _odds(self, view) -> dict[str, tuple[float, float]]:
        """Each combatant in hand (its position as written, or `king`) that deals damage,
        with its chance against a typical defence and what losing it costs times the
        chance of losing: the same whatever the target, so weighed once per view."""
        read = self._read
        odds = read.get("odds")
        if odds is not None:
            return odds
        odds = read["odds"] = {}
        useful = self.still_useful(view)
        e = self._cards.attack[view.king.id]
        if e > 0:          # a card that deals nothing never attacks
            score = view.nation(self.seat).score     # our own count: the view's is ours
            cost = (score if score > 0 else 0) + KING_COST * useful
            p = self.chance(e, TYPICAL_DEFENCE)
            odds["king"] = (p, (1 - p) * cost)
        at = self._cards.odds.get(useful)
        if at is None:
            at = self._cards.odds[useful] = _ByCard(self.content, _card_odds, useful)
        for position, face in zip(numbers(len(view.hand)), view.hand):
            got = at[face.id]
            if got is not None:
                odds[position] = got
        return odds

    def _defend(self, view, legal: tuple[str, ...]) -> str:
        c = view.combat
        stake = self._nation(view, self.seat).losses[c.fatima]
        my_score = view.nation(self.seat).score   # our own count: the view's is ours
        their = view.nation(c.attacker)
        bonus = (their.score if their.score > 0 else 0) if c.attack_king else 0.0
        if stake <= 0 and not bonus:
            return "avoid"
        cards = self._cards
        threat = cards.attack[their.king.id] if (c.attack_king and their.king) else TYPICAL_ATTACK
        if view.final_round and not view.final_left:
            stand = self._last_stand(view, legal, threat)
            if stand is not None:
                return stand
        best, value = "avoid", 0.0
        useful = self.still_useful(view)
        read = _READ.__getitem__
        guards = cards.guard[c.attack_king]
        for text in legal:
            verb, who, _ = read(text)
            if verb != "fight":
                continue
            if who == "king":
                e = cards.defend[c.attack_king][view.king.id]
                rest = my_score - stake       # the rest of our court, if the king falls
                cost = (rest if rest > 0 else 0) + KING_COST * useful
            else:
                guard, e, worth, lost = guards[view.hand[INDEX[who]].id]
                if guard == "keep":
                    v = stake + bonus * 0 - worth * 0.5
                    if v > value:
                        best, value = text, v
                    continue
                if guard == "unveil":
                    v = stake * (1 / view.players) + 0.3 - worth * 0.5
                    if v > value:
                        best, value = text, v
                    continue
                cost = lost * useful
            if e <= 0:
                continue
            p = self.chance(e + 0.5, threat)    # ties go to the defender
            v = p * (stake + bonus) - (1 - p) * cost
            if v > value:
                best, value = text, v
        return best

    def _crown(self, view, courts: dict[str, list[str]]) -> float:
        """Our share of the crown if the courts ended so (a tie at the top shared)."""
        sc = {n.seat: self.score(view, n.seat, courts[n.seat]) for n in view.nations}
        top = max(sc.values())
        if sc[self.seat] < top:
            return 0.0
        return 1.0 / sum(v == top for v in sc.values())

    def _last_stand(self, view, legal: tuple[str, ...], threat: float) -> str | None:
        """The last combat of the game: nothing in hand is worth keeping, only the crown.
        Weigh each card by the chance it keeps the crown within reach, the king too (if
        losing this Fatima costs the crown anyway, losing the whole court costs no more).
        None if the crown is out of reach whatever happens."""
        c = view.combat
        courts = {n.seat: self.court(view, n.seat) for n in view.nations}
        def moved(fatima: list[str]) -> dict[str, list[str]]:
            out = {s: [f for f in cs if not (s == self.seat and f in fatima)] for s, cs in courts.items()}
            out[c.attacker] = out[c.attacker] + list(fatima)
            return out
        kept = self._crown(view, courts)
        if c.attack_king:   # their king falls: his court comes to us
            won = {s: list(cs) for s, cs in courts.items()}
            won[self.seat] = won[self.seat] + won[c.attacker]
            won[c.attacker] = []
            kept = self._crown(view, won)
        lost = self._crown(view, moved([c.fatima]))
        fallen = self._crown(view, moved(courts[self.seat]))
        if max(kept, lost) == 0:
            return None
        best, value = "avoid", lost
        for text in legal:
            if not text.startswith("fight"):
                continue
            who = text.split()[-1]
            if who == "king":
                p = self.chance(self.expected(view.king.id, "defend", c.attack_king) + 0.5, threat)
                v = p * kept + (1 - p) * fallen
            else:
                card = view.hand[int(who) - 1].id
                ops = _ops(self.content, card)
                if ops & _KEEPS:
                    v = self._crown(view, courts)
                else:
                    e = self.expected(card, "defend", c.attack_king)
                    p = self.chance(e + 0.5, threat) if e > 0 else 0.0
                    v = p * kept + (1 - p) * lost
            if v > value + 1e-9:
                best, value = text, v
        return best

    def _cheapest(self, view, legal: tuple[str, ...]) -> str:
        """The card worth least in hand (a loop, as `leader`'s)."""
        hand, top, worth, read = view.hand, None, self._cards.worth, _READ.__getitem__
        for text in legal:
            key = (worth[hand[INDEX[read(text)[1]]].id], text)
            if top is None or key < top:
                top = key
        return top[1]

    _discard = _cheapest
    _pass_left = _cheapest
    _tribute = _cheapest

    def _may_unveil(self, view, legal: tuple[str, ...]) -> str:
        best, value = "pass", 0.0
        losses, n = self._nation(view, self.seat).losses, view.players   # our court, read once
        read = _READ.__getitem__
        for text in legal:
            verb, fatima, _ = read(text)
            if verb == "unveil":
                v = _unveiling(losses[fatima], n)
                if v > value:
                    best, value = text, v
        return best

    def _march(self, view, legal: tuple[str, ...]) -> str:
        best, value = "pass", 0.0
        for (nation, fatima), card, v in self._attack_values(view, _attacks(legal), view.final_round):
            if v > value:
                best, value = _attack(nation, fatima, card), v
        return best

    def _swap(self, view, legal: tuple[str, ...]) -> str:
        return min(legal, key=lambda t: (self.loss(view, self.seat, t.split()[1]), t))

    def _spy(self, view, legal: tuple[str, ...]) -> str:
        return max(legal, key=lambda t: (view.nation(t.split()[1]).score, t))


# The method that chooses at each kind of decision (`Partner.choose`): a table, where the
# method was found by its name, written afresh at every decision.
_CHOOSERS = {
    "turn": Partner._turn, "defend": Partner._defend, "discard": Partner._discard,
    "pass_left": Partner._pass_left, "tribute": Partner._tribute, "may_unveil": Partner._may_unveil,
    "march": Partner._march, "swap": Partner._swap, "spy": Partner._spy,
}


def _attack(nation: str, fatima: str, card: str) -> str:
    """The text of an attack on `fatima` of `nation` with `card` (a hand position or `king`)."""
    return f"attack {nation} {fatima} with {card}"


def _unveiling(loss: int, players: int) -> float:
    """What unveiling one of our own Fatima is worth, `loss` what our count loses without
    her (negative: it gains): worth it when she costs us points."""
    return loss * -1 * (players - 1) / players - 0.2


# The judge of each kind of step (a step of any other kind, or a draw by anyone but the
# user, is worth nothing), and each card's steps with their judges, made once per card: a
# turn weighs a card at each of its aims. The judges of the kinds in `_FLAT` read no aim:
# asked once for all of a card's aims.
_JUDGES = {
    "draw": Partner._draw_value, "steal": Partner._steal_value, "look_hand": Partner._peek_value,
    "see_king": Partner._peek_value, "reveal_king": Partner._reveal_value,
    "recall": Partner._recall_value, "give_fatima": Partner._give_value,
    "unveil": Partner._unveiling_value, "swap_fatima": Partner._swap_value,
    "then_attack": Partner._march_step_value, "discard_to_limit": Partner._limit_value,
    "tribute": Partner._tribute_value, "ward": Partner._ward_value,
}
_FLAT = frozenset({"draw", "look_hand", "see_king", "recall", "then_attack", "discard_to_limit", "tribute",
                   "ward"})


class _Judges(dict):
    """The steps of each card's effect (an Action card's, or a king's decree) that are
    worth something, each with its judge, in order, by card id: one box's (`_judges`),
    so one entry at most for each card of it."""

    def __init__(self, content: Content):
        super().__init__()
        self.content = content

    def __missing__(self, card: str) -> tuple:
        c = self.content
        steps = c.actions[card].effect if card in c.actions else c.kings[card].decree.effect
        got = self[card] = tuple((_JUDGES[step.op], step, step.op in _FLAT) for step in steps
                                 if step.op in _JUDGES and (step.op != "draw" or step.who == "user"))
        return got


# One per box (bounded; holds the content itself, never its id).
@lru_cache(maxsize=8)
def _judges(content: Content) -> _Judges:
    return _Judges(content)


class _ByCard(dict):
    """What `measure` makes of each card of one box (with `how`), by card id: a turn or a
    defence asks it of every card in hand, and a lookup by the card's id is a fraction of
    a bounded cache's call, which hashes a tuple of the box, the card and the rest."""

    __slots__ = ("content", "measure", "how")

    def __init__(self, content: Content, measure, *how):
        self.content, self.measure, self.how = content, measure, how

    def __missing__(self, card: str):
        got = self[card] = self.measure(self.content, card, *self.how)
        return got


class _Cards:
    """One box's tables of what its cards promise (`_ByCard`): each card's worth in hand,
    the damage a king deals attacking, and defending (by whether the other king rode
    out), how each card defends (the same), and the odds of attacking with each, by how
    much of a card's worth is still to be had (a few values a table: the share of the
    final round left)."""

    __slots__ = ("worth", "attack", "defend", "guard", "odds")

    def __init__(self, content: Content):
        self.worth = _ByCard(content, _worth)
        self.attack = _ByCard(content, _expected, "attack", False)
        self.defend = {vs: _ByCard(content, _expected, "defend", vs) for vs in (False, True)}
        self.guard = {vs: _ByCard(content, _guard, vs) for vs in (False, True)}
        self.odds: dict[float, _ByCard] = {}


# One per box (bounded; holds the content itself, never its id).
@lru_cache(maxsize=8)
def _cards(content: Content) -> _Cards:
    return _Cards(content)


# A text offered reads as the same words every time, as a turn weighs them: its verb,
# then for an attack its target (nation, Fatima) and combatant, for an Action card its
# index in hand and its aim, for the decree its aim, for an unveiling the Fatima. A turn
# reads some forty (bounded, emptied when full). The texts are the rules' own, written
# from an action's words (`actions.act`), so their words are read by splitting them: no
# check of the grammar, which a player's text needs (`actions.parse`).
class _Reads(dict):
    def __missing__(self, text: str) -> tuple[str, Any, Any]:
        # a text the rules offered (a view's legal actions): their own words, as written
        verb, *rest = text.split()
        words = tuple(rest)
        if verb == "attack":
            got: tuple[str, Any, Any] = verb, (words[0], words[1]), words[3]
        elif verb == "action":
            got = verb, INDEX[words[0]], words[1:]
        elif verb in ("decree", "pass"):
            got = verb, None, words
        elif verb == "fight":      # fight with N|king
            got = verb, words[1], ()
        else:
            got = verb, words[0] if words else None, words[1:]
        if len(self) >= 8192:
            self.clear()
        self[text] = got
        return got


_READ = _Reads()


def _attacks(legal: tuple[str, ...]) -> dict[tuple[str, str], list[str]]:
    """The attacks among `legal`, each text read alone: the combatants offered against
    each target (nation, Fatima), targets and combatants in the order offered."""
    attacks: dict[tuple[str, str], list[str]] = {}
    for verb, target, fighter in map(_READ.__getitem__, legal):
        if verb == "attack":
            attacks.setdefault(target, []).append(fighter)
    return attacks


def _run(view, legal: tuple[str, ...], first: int):
    """The run of a turn's attacks that begins at `first`: where it ends, and its rows
    (targets, combatants), or None if they are not rows. The view's rows when the texts
    bear them out (the run's first and last texts theirs, and as long), so only those two
    are read; else read from the texts (`_rows`)."""
    read = _READ.__getitem__
    targets, fighters = view.targets, view.combatants
    end, size = first + len(targets) * len(fighters), len(legal)
    if (targets and fighters and end <= size and read(legal[first]) == ("attack", targets[0], fighters[0])
            and read(legal[end - 1]) == ("attack", targets[-1], fighters[-1])
            and (end == size or read(legal[end])[0] != "attack")):
        return end, (targets, fighters)
    end = size
    while read(legal[end - 1])[0] != "attack":
        end -= 1
    return end, _rows(legal, first, end)


def _rows(legal: tuple[str, ...], first: int, end: int):
    """A turn's attacks, the texts `first` to `end - 1`, as the rules offer them: a row
    for each target (nation, Fatima), each row every combatant in the same order. Then
    (targets, combatants), read from each row's first and last texts; None if they do not
    come so. `_attack_values` groups the attacks by target in the order offered, each
    with its combatants in order: for rows, the same groups, read without reading each
    text."""
    read = _READ.__getitem__
    verb, target, fighter = read(legal[first])
    fighters = [fighter]
    width = first + 1
    while width < end and (r := read(legal[width]))[1] == target:
        fighters.append(r[2])
        width += 1
    width -= first
    if (end - first) % width or len(set(fighters)) != width:
        return None
    targets = []
    head, last = fighters[0], fighters[-1]
    for at in range(first, end, width):
        verb, target, fighter = read(legal[at])
        tail = read(legal[at + width - 1])
        if verb != "attack" or fighter != head or tail[0] != "attack" or tail[1] != target or tail[2] != last:
            return None
        targets.append(target)
    if len(set(targets)) != len(targets):
        return None
    return targets, fighters


def _contenders(odds: dict[str, tuple[float, float]], fighters) -> list[tuple[int, float, float]]:
    """The combatants that may be the best to attack with, whatever the prize: each with
    its place among `fighters`, its chance and its risk (`Partner._odds`), in order. One
    that deals nothing is left out, and so is one no better than a combatant before it
    (a chance no higher, a risk no lower): for any prize above nothing its worth is no
    higher (rounding keeps the order of products and differences), and a tie goes to the
    first, so it is never the one chosen."""
    out: list[tuple[int, float, float]] = []
    for at, c in enumerate(fighters):
        got = odds.get(c)
        if got is not None:
            p, risk = got
            for _, q, r in out:
                if q >= p and r <= risk:
                    break
            else:
                out.append((at, p, risk))
    return out


class _Gains(dict):
    """What each Fatima would add to a court (`mask`, its count `score`), by Fatima.
    Made empty, its fields then set (`Court`): an `__init__` in Python would be a frame
    called from C at every court first seen, twice."""

    __slots__ = ("tally", "mask", "king", "score")

    def __missing__(self, fatima: str) -> int:
        got = self[fatima] = self.tally.score(self.mask | self.tally.bit[fatima], self.king) - self.score
        return got


class _Losses(_Gains):
    """What a court would lose without each Fatima (negative: it would gain), by Fatima."""

    __slots__ = ()

    def __missing__(self, fatima: str) -> int:
        got = self[fatima] = self.score - self.tally.score(self.mask & ~self.tally.bit[fatima], self.king)
        return got


class Court:
    """A nation as a seat may see it: its Fatima, its king if known (None: face down),
    and what each Fatima coming or going would change in its count (the count of the
    view, which counts it from what the seat knows). A function of the box and of what
    is seen of that nation alone, so one is kept for each court and king seen, between
    views (`court_of`): a turn weighs every Fatima it may take, against every nation."""

    __slots__ = ("content", "court", "king", "gains", "losses")

    def __init__(self, content: Content, court: tuple[str, ...], king: str | None, score: int):
        # `score`: the nation's count as the view shows it, which counts the court under
        # the king it knows (`points.values`), as this would
        self.content, self.court, self.king = content, court, king
        tally = points.tally(content)
        mask = tally.mask(court)
        self.gains, self.losses = gains, losses = _Gains(), _Losses()
        gains.tally, gains.mask, gains.king, gains.score = tally, mask, king, score
        losses.tally, losses.mask, losses.king, losses.score = tally, mask, king, score


# Bounded; holds the content itself (never its id, which a later box could reuse).
@lru_cache(maxsize=1024)
def court_of(content: Content, court: tuple[str, ...], king: str | None, score: int) -> Court:
    return Court(content, court, king, score)


# The court of a nation as a view shows it, found by the very tuple of her Fatima the
# view holds: views share one tuple for each court and known king (engine.fatima.view),
# so a nation seen as before is one lookup, with no ids read nor tuple hashed. Each
# entry holds its tuple, so no other live tuple has its id; the king is part of the key
# (every empty court is the one empty tuple). Bounded: emptied when full.
_SEEN: dict[tuple[int, str | None], tuple[tuple, Court]] = {}


def _seen(content: Content, nv) -> Court:
    king = nv.king.id if nv.king is not None else None
    key = (id(nv.fatima), king)
    kept = _SEEN.get(key)
    if kept is not None and kept[0] is nv.fatima and kept[1].content is content:
        return kept[1]
    got = court_of(content, tuple([f.face.id for f in nv.fatima]), king, nv.score)
    if len(_SEEN) >= 1024:
        _SEEN.clear()
    _SEEN[key] = (nv.fatima, got)
    return got


def _gain(content: Content, court: tuple[str, ...], king: str | None, fatima: str) -> int:
    """What `fatima` would add to a nation holding `court`."""
    return points.score(content, court + (fatima,), king) - points.score(content, court, king)


# What a card deals and is worth depends on the box alone: counted once per card, in
# bounded caches that hold the content itself (never its id, which a later box could reuse).
@lru_cache(maxsize=4096)
def _expected(content: Content, card_id: str, side: str, vs_king: bool = False) -> float:
    c = content
    card = c.cards[card_id]
    abilities = c.abilities(card_id)
    ops = {a.op for a in abilities if a.when == "fight" and a.applies(side, vs_king)}
    if "mirror" in ops:
        return 8.0 if side == "defend" else 0.0
    if "call_off" in ops:
        return 0.0
    power = c.power(card_id)
    if power is None or power.mode == "commoner":
        return 0.0
    if power.mode == "diver":
        return float(power.power)
    dice = power.dice + sum(a.n for a in abilities if a.when == "fight" and a.op == "dice"
                            and a.applies(side, vs_king))
    t = min(6, power.target + sum(a.n for a in abilities if a.when == "fight" and a.op == "target"))
    e = dice * t * (t + 1) / 12
    if "reroll" in ops:
        e *= 1 + (6 - t) / 6
    return e + (0.7 if "wins_ties" in ops else 0.0) + (0.3 if card.kind == "king" else 0.0)


# What attacking with a card of the hand promises: its chance against a typical defence,
# and what losing it costs times the chance of losing (None: it deals nothing, so it
# never attacks). The same for every target, and a function of the card and of how much
# of a card's worth is still to be had (`Partner.still_useful`) alone.
@lru_cache(maxsize=4096)
def _card_odds(content: Content, card_id: str, useful: float) -> tuple[float, float] | None:
    e = _expected(content, card_id, "attack")
    if e <= 0:
        return None
    cost = 0.2 if "retreat" in _ops(content, card_id) else _worth(content, card_id)
    if content.cards[card_id].kind == "action":
        cost = _worth(content, card_id) * 0.8
    cost *= useful
    p = Partner.chance(e, TYPICAL_DEFENCE)
    return p, (1 - p) * cost


_KEEPS = frozenset({"keep_fatima", "call_off"})


# How a card of the hand defends, a function of the box and of whether the king rode out
# alone: "keep" (it keeps the Fatima or calls the combat off), "unveil" (she is unveiled
# instead), else "fight"; the damage it deals in defence; its worth in hand; and what
# losing it costs (a card that retreats costs little).
@lru_cache(maxsize=4096)
def _guard(content: Content, card_id: str, vs_king: bool) -> tuple[str, float, float, float]:
    ops, worth = _ops(content, card_id), _worth(content, card_id)
    guard = "keep" if ops & _KEEPS else "unveil" if "unveil_instead" in ops else "fight"
    return guard, _expected(content, card_id, "defend", vs_king), worth, (worth if "retreat" not in ops else 0.2)


@lru_cache(maxsize=4096)
def _ops(content: Content, card_id: str) -> frozenset[str]:
    """The operations of a card's abilities."""
    return frozenset(a.op for a in content.abilities(card_id))


@lru_cache(maxsize=4096)
def _worth(content: Content, card_id: str) -> float:
    card = content.cards[card_id]
    ops = _ops(content, card_id)
    if card.kind == "action" and card.use == "turn":
        return 1.2
    if ops & {"keep_fatima", "call_off", "mirror"}:
        return 2.5
    if ops & {"unveil_instead", "retreat", "steal", "draw"} and _expected(content, card_id, "any") == 0:
        return 1.0
    return 0.4 + _expected(content, card_id, "attack") / 3
