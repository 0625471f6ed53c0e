"""The partner bot of FunnyTime: an artist who plays to win, from its own view only.

It reads only what its seat sees: its hand and plan, both Stock Pools, Botsu Boxes,
Lost Holes and planispheres, the rival's panels once they are face up, and a panel a
Make card let it peek at. With that it prices stars by how dark its sky is, lays the
four panels that give the most FP for the stars they cost (its strongest first, to
sweep from 起), turns each panel the clean way its orientation allows, plays the Make
cards worth their price, keeps Stock Pool cards it can afford, and never spends the
last star it does not have to.
"""
from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from functools import lru_cache

from engine.funnytime.content import CLEAN, POSITIONS, ROTATIONS

# What an effect's step is worth, in FP, by operation (per card, star or point).
WORTH = {"draw": 4.0, "relight": 6.0, "douse": 5.0, "rescue": 5.0, "bury": 5.0, "recall": 4.0,
         "discard": 3.0, "spare": 6.0, "tiebreak": 3.0, "free_upkeep": 4.0, "peek": 2.0}
# How much a trigger's steps count, for the chance that it fires.
CHANCE = {"show": 1.0, "win": 0.5, "lose": 0.4, "survive": 0.5}
# Position weights: the 起 panel duels first and may sweep; the 結 panel has the last word.
WEIGHT = {"ki": 1.15, "sho": 1.0, "ten": 0.95, "ketsu": 1.05}


def glance(legal: tuple[str, ...]) -> str | None:
    """The answer read from the legal actions alone (`families.Plugin.glance`): a payment
    is always paid in full, and only a payment offers `pay` (first, before any `spend`).
    Partner.choose gives the same, and remembers nothing of it."""
    return "pay" if legal and legal[0] == "pay" else None


class Partner:
    def __init__(self, story, seat: str, seed: int):
        self.content = story.content
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self._read: _Sky | None = None      # what was read of the last sky seen

    # --- judging ---------------------------------------------------------------------
    def step_worth(self, step, trigger: str = "show") -> float:
        return _step_worth(step, trigger)

    def rotation_worth(self, card: str, rot: str, effects_work: bool) -> float:
        return _rotation_worth(self.content, card, rot, effects_work)

    def best(self, card: str, pos: str, orientation: str | None = None) -> tuple[float, str]:
        """(worth, rotation) of the card's best clean reading at `pos`."""
        return _best(self.content, card, pos, orientation)

    def star_price(self, view) -> float:
        """What one star is worth in FP now: dearer as the sky darkens."""
        return self._sky(view).price

    def next_lit(self, view, spend: int) -> int:
        """The stars lit at the next 本's start if `spend` more are put out now (those that
        relight soonest first, as `pay` does)."""
        return self._sky(view).next_lit(spend)

    def _sky(self, view) -> "_Sky":
        """What the bot reads of its own sky: asked again and again of one planisphere,
        which a view keeps while no star of it changes (its cards may: a draw, a panel
        laid), so the last reading is kept for as long as the view shows those same stars."""
        read = self._read
        if read is None or read.stars is not view.me.stars or read.number != view.number:
            read = self._read = _Sky(view.me.stars, view.number)
        return read

    def room(self, view, need: int) -> int:
        """The most stars that can be spent now and still leave one lit, and `need` lit at
        the next 本's start."""
        return self._sky(view).room(need)

    def need_next(self, view, using=()) -> int:
        """What the next manuscript will cost at least: its four cheapest panels, from
        the cards not laid now (a card yet to be drawn counted as two icons)."""
        koma = self.content.icon_count           # a Koma card costs its icons
        left = [c for c in (*(view.plan.hand if view.plan else view.me.hand), *view.me.stock)
                if c in self.content.koma]
        for c in using:
            if c in left:
                left.remove(c)
        return _least(sorted(map(koma.__getitem__, left)))

    def upkeep_due(self, view) -> int:
        return sum(map(self.content.costs.__getitem__, view.me.stock))

    # --- choosing ----------------------------------------------------------------------
    def choose(self, view) -> str:
        d = view.decision
        if d is None:
            return "stop" if "stop" in view.legal else view.legal[0]
        # `stop` comes last of the legal actions, and none of these choices takes it: with
        # one answer besides it (one card left to lay, nothing to play but `done`: a
        # decision in thirty), that answer is the choice, and there is nothing to weigh
        legal = view.legal
        if len(legal) == 2:
            return legal[0]
        kind = d.kind
        if kind == "make":
            return self._make(view, view.legal)
        if kind == "open":
            return self._open(view, view.legal)
        if kind == "pay":
            return "pay"
        if kind == "upkeep":
            return self._upkeep(view, d.data["card"])
        legal = [a for a in view.legal if a != "stop"]
        if kind == "return":
            return min(legal, key=lambda a: (self.make_worth(view, a.split()[1]), a))
        if kind == "bonus":
            return "draw" if view.me.deck > 6 else "pass"
        return legal[0]

    def next_panel(self, view) -> tuple[str, str, str, str] | None:
        """The panel the bot would lay next: (position, card, orientation, source). Each
        panel is chosen knowing only those laid before it, so the next one costs only itself.

        Ties are broken at random, drawn afresh from the seed and the moment, so a game
        continued from its save plays on exactly as it would have."""
        plan = view.plan
        koma, cost_of = self.content.koma, self.content.icon_count    # a Koma card costs its icons
        hand = [c for c in plan.hand if c in koma]
        sky = self._sky(view)
        price = sky.price
        # the next manuscript's least cost (need_next: the Stock Pool holds Koma cards only)
        budget = sky.room(_least(sorted(map(cost_of.__getitem__, (*hand, *view.me.stock))))) - plan.make_cost
        spent = sum([cost_of[c] for _, c, _, _ in plan.laid])
        i = len(plan.laid)
        pos = POSITIONS[i]
        left = plan.to_lay - i - 1
        scored = []
        costs = sorted(map(cost_of.__getitem__, (*hand, *plan.stock)))
        # The cheapest `left` cards but one of them: those of all, or, when the card left
        # out is among them, the cheapest `left + 1` less that card.
        low, low_plus = sum(costs[:left]), sum(costs[:left + 1])
        scores = _worths(self.content, price, pos)
        # Stars a card and the cheapest cards for the positions after it would cost beyond
        # what the sky can bear are avoided above all else. Most often no card goes over:
        # not even the dearest with the cheapest others, nor the cheapest `left + 1`.
        bearable = costs and spent + max(low_plus, costs[-1] + low) <= budget
        for source, cards in (("hand", hand), ("stock", plan.stock)):
            worth = scores[source == "stock"]
            if bearable:
                for card in dict.fromkeys(cards):
                    score, rot = worth[card]
                    scored.append((score, card, source, rot))
                continue
            for card in dict.fromkeys(cards):
                cost = cost_of[card]
                others = low_plus - cost if bisect_left(costs, cost) < left else low
                over = spent + cost + others - budget
                score, rot = worth[card]
                if over > 0:
                    score -= 1000.0 * over
                scored.append((score, card, source, rot))
        if not scored:
            return None
        # Most choices have one best candidate; a tie is broken by `_Ties`, from the seed
        # and the moment (sorting finds the best two without a call per candidate)
        ranked = sorted(scored)
        score, card, source, rot = ranked[-1]
        if len(ranked) > 1 and ranked[-2][0] == score:
            score, card, source, rot = _Ties(self.rng, self.seed * 1_000_003 + view.moment).best(scored)
        return pos, card, "upright" if rot in CLEAN["upright"] else "inverted", source

    def make_worth(self, view, card: str) -> float:
        m = self.content.make.get(card)
        if m is None:
            return 0.0
        value = 0.0
        for step in m.effect:
            if step.if_ == "behind" and not view.me.botsu_icons > view.other.botsu_icons:
                continue
            if step.if_ == "ahead" and not view.me.botsu_icons < view.other.botsu_icons:
                continue
            if step.op == "relight":
                dark = sum(1 for s in view.me.stars if not s.lit)
                value += WORTH["relight"] * min(step.count, max(0, dark - 1)) * 1.5
            elif step.op == "douse":
                value += 40.0 if view.other.lit <= step.count else WORTH["douse"] * step.count
            elif step.op == "rescue":
                value += WORTH["rescue"] * min(step.count, len(view.me.botsu))
            elif step.op in ("bury", "recall"):
                pile = view.other.lost if step.op == "bury" else view.me.lost
                n = min(step.count, sum(1 for c in pile if c in self.content.koma))
                value += WORTH[step.op] * n * (2.0 if step.op == "bury" and
                                               view.other.botsu_icons > view.botsu_limit - 8 else 1.0)
            elif step.op == "free_upkeep":
                value += self.upkeep_due(view) * self.star_price(view) * 0.8
            elif step.op == "draw":
                value += WORTH["draw"] * step.count * (1.5 if view.me.hand_count < 5 else 0.7)
            else:
                value += self.step_worth(step)
        return value

    def _make(self, view, legal: list[str]) -> str:
        plan = view.plan
        if len(plan.laid) < plan.to_lay:
            panel = self.next_panel(view)
            if panel is not None:
                pos, card, orientation, source = panel
                want = f"lay {pos} {card} {orientation}" + (" stock" if source == "stock" else "")
                if want in legal:
                    return want
            return next(a for a in legal if a.startswith("lay"))
        # the Make cards worth their stars, while the sky can bear them
        sky, cost_of = self._sky(view), self.content.costs
        price = sky.price
        using = [c for _, c, _, _ in plan.laid]
        room = sky.room(self.need_next(view, using)) - sum(map(cost_of.__getitem__, using)) - plan.make_cost \
            - min(self.upkeep_due(view), 2)
        # each card's worth, judged once; ties are broken by name (a set's order changes
        # with the hash seed)
        worth = {c: self.make_worth(view, c) for c in {a.split()[1] for a in legal if a.startswith("make ")}}
        makes = sorted(worth, key=lambda c: (-worth[c] + cost_of[c] * price, c))
        for card in makes:
            cost = cost_of[card]
            if cost <= room and worth[card] > cost * price:
                return f"make {card}"
        return "done" if "done" in legal else legal[0]

    def _open(self, view, legal: list[str]) -> str:
        # the panels are turned in their order: the next is the first not turned in the plan
        slot = view.me.manuscript[len(view.plan.rotations)]
        worth, rot = _best(self.content, slot.card, slot.position, slot.orientation)
        return f"open {slot.position} {rot}"

    def next_sky(self, view) -> int:
        """The stars that will be lit at the next 本's start, if nothing more is spent."""
        return view.me.lit + sum(1 for s in view.me.stars if not s.lit and s.relights == view.number + 1)

    def _upkeep(self, view, card: str) -> str:
        cost = self.content.costs[card]
        price = self.star_price(view)
        worth = _keep_worth(self.content, card)
        # the cards already kept at this upkeep are paid with this one
        kept = view.decision.data.get("kept", 0)
        if view.me.lit - kept - cost <= 2 or self.next_lit(view, kept + cost) < self.need_next(view):
            return f"release {card}"
        return f"keep {card}" if worth - 30 > cost * price * 0.6 else f"release {card}"


# The worth of a card's reading depends on the box alone: counted once per card, rotation
# and place, in bounded caches that hold the content itself (never its reusable id).
def _step_worth(step, trigger: str = "show") -> float:
    if step.op == "fp":
        n = 3.0 if step.target in ("all", "rival_all") else 1.0
        mine = not step.target.startswith("rival_") and step.target != "facing"
        value = step.amount * n if mine else -step.amount * n * 0.8
    else:
        value = WORTH[step.op] * (step.count or 1)
    if step.if_ is not None:
        value *= 0.5
    return value * CHANCE.get(trigger, 1.0)


@lru_cache(maxsize=4096)
def _rotation_worth(content, card: str, rot: str, effects_work: bool) -> float:
    r = content.koma[card].rotation(rot)
    value = float(r.fp)
    if effects_work:
        for trigger in ("show", "win", "lose", "survive"):
            value += sum(_step_worth(s, trigger) for s in r.steps(trigger))
    return value


@lru_cache(maxsize=4096)
def _placing(content, card: str, pos: str) -> tuple[float, str, float]:
    """A card laid at `pos`: the worth of its best clean reading weighted by the place,
    that reading's rotation, and what the place costs it (a card in its own place keeps
    its effects)."""
    worth, rot = _best(content, card, pos, None)
    return worth * WEIGHT[pos], rot, 0.0 if pos in content.koma[card].icons else -5.0


@lru_cache(maxsize=4096)
def _keep_worth(content, card: str) -> float:
    """A Stock Pool card's worth: its best clean reading at the best of its own places."""
    return max(_best(content, card, p, None)[0] for p in content.koma[card].icons)


class _Worth(dict):
    """card -> (its score laid at one position before what the sky can bear counts, the
    rotation it would be turned to), at one star price, from the hand or the Stock Pool.
    Depends on the box alone: a few kept (`_worths`), each filled as cards are asked for."""

    __slots__ = ("content", "price", "pos", "stock")

    def __init__(self, content, price: float, pos: str, stock: bool):
        super().__init__()
        self.content, self.price, self.pos, self.stock = content, price, pos, stock

    def __missing__(self, card: str) -> tuple[float, str]:
        weighted, rot, placed = _placing(self.content, card, self.pos)
        cost, price = self.content.icon_count[card], self.price    # a Koma card costs its icons
        # a card from the Stock Pool saves its upkeep
        bonus = cost * price * 0.5 if self.stock else 0.0
        made = self[card] = (weighted - cost * price + bonus + placed, rot)
        return made


@lru_cache(maxsize=64)    # bounded: the sky's four prices x four positions, per box
def _worths(content, price: float, pos: str) -> tuple[_Worth, _Worth]:
    """What each card is worth laid at `pos` at this star price: from the hand, from the
    Stock Pool."""
    return _Worth(content, price, pos, False), _Worth(content, price, pos, True)


@lru_cache(maxsize=4096)
def _best(content, card: str, pos: str, orientation: str | None) -> tuple[float, str]:
    koma = content.koma[card]
    works = pos in koma.icons or koma.works_on_miss
    rots = CLEAN[orientation] if orientation else ROTATIONS
    return max((_rotation_worth(content, card, r, works), r) for r in rots)


def _least(costs: list[int]) -> int:
    """What a manuscript will cost at least, given the costs of the Koma cards it may be
    laid from, cheapest first: its four cheapest panels (a card yet to be drawn counted
    as two icons), and two more."""
    costs = costs[:4]
    return sum(costs) + 2 * (4 - len(costs)) + 2


class _Ties:
    """Tie-breaks drawn from the generator seeded for the moment, one draw for each
    candidate as they come. Seeding costs more than scoring, and most choices have one
    best candidate: the generator is seeded, and the draws owed made, only at a tie."""

    def __init__(self, rng: random.Random, seed: int):
        self.rng, self.seed = rng, seed
        self.seeded = False
        self.owed = 0                     # draws not made yet, for choices without a tie

    def best(self, scored: list[tuple]) -> tuple:
        """The best of `scored` (its score first), a tie broken at random."""
        top = max(scored)
        if sum(1 for c in scored if c[0] == top[0]) == 1:
            self.owed += len(scored)
            return top
        if not self.seeded:
            self.rng.seed(self.seed)
            self.seeded = True
        for _ in range(self.owed):
            self.rng.random()
        self.owed = 0
        return max((c[0], self.rng.random(), c) for c in scored)[2]


class _Sky:
    """One reading of a planisphere as seen at a 本: the kana lengths of its lit stars,
    shortest first; how many have none, and how many at most one; how many dark ones
    relight at the next 本; what a star is worth; and what each spending leaves lit next."""

    __slots__ = ("stars", "number", "lit", "none", "one", "back", "price", "short")

    def __init__(self, stars, number: int):
        self.stars, self.number = stars, number      # the stars read, and the 本 they were read at
        lit, back, soon = [], 0, 0
        for s in stars:          # one pass: a sky is read again whenever one of its stars changes
            if s.lit:
                lit.append(len(s.kana))
            elif s.relights is not None and s.relights <= number + 1:
                soon += 1
                back += s.relights == number + 1
        lit.sort()
        self.lit = lit
        self.none = bisect_left(lit, 1)
        self.one = bisect_right(lit, 1)
        self.back = back
        eff = len(lit) + soon * 0.5
        self.price = 3.0 if eff >= 15 else 7.0 if eff >= 11 else 12.0 if eff >= 8 else 22.0
        self.short: list[int] | None = None    # what each spending leaves lit next, negated

    def next_lit(self, spend: int) -> int:
        back = self.back
        if spend < 0:   # not a spending: read the sky as it is
            back += sum(1 for k in self.lit[:spend] if k == 1)
        else:           # the stars put out are the shortest-named first: those of one kana relight
            back += max(0, min(spend, self.one) - self.none)
        return len(self.lit) - spend + back

    def room(self, need: int) -> int:
        """How many stars can be spent now, leaving one lit, and `need` lit at the next 本's
        start. Each star spent puts out one more, less those of one kana (back at once), so
        the stars lit next fall, or stay, as more are spent: the room is how many of the
        spendings leave enough, found by halving among them (read once a sky)."""
        short = self.short
        if short is None:
            # -next_lit(x) for each spending x from 1, written out (a call apiece cost more)
            n, back, one, none = len(self.lit), self.back, self.one, self.none
            short = self.short = [x - n - back - max(0, min(x, one) - none) for x in range(1, n)]    # rising
        return bisect_right(short, -need)
