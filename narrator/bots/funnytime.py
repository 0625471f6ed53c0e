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
from functools import lru_cache

from engine.funnytime.content import CLEAN, POSITIONS, ROTATIONS

# What an effect's step is worth, in FP, by operation (per card, star or point).
WORTH = {"draw": 4.0, "relight": 6.0, "douse": 5.0, "rescue": 5.0, "bury": 5.0, "recall": 4.0,
         "discard": 3.0, "spare": 6.0, "tiebreak": 3.0, "free_upkeep": 4.0, "peek": 2.0}
# How much a trigger's steps count, for the chance that it fires.
CHANCE = {"show": 1.0, "win": 0.5, "lose": 0.4, "survive": 0.5}
# Position weights: the 起 panel duels first and may sweep; the 結 panel has the last word.
WEIGHT = {"ki": 1.15, "sho": 1.0, "ten": 0.95, "ketsu": 1.05}


class Partner:
    def __init__(self, story, seat: str, seed: int):
        self.content = story.content
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self._sky_of = None      # (the view, what `_sky` read of it)

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
        lit = view.me.lit
        soon = sum(1 for s in view.me.stars if not s.lit and s.relights is not None
                   and s.relights <= view.number + 1)
        eff = lit + soon * 0.5
        if eff >= 15:
            return 3.0
        if eff >= 11:
            return 7.0
        if eff >= 8:
            return 12.0
        return 22.0

    def next_lit(self, view, spend: int) -> int:
        """The stars lit at the next 本's start if `spend` more are put out now (those that
        relight soonest first, as `pay` does)."""
        lit, none, one, back = self._sky(view)
        if spend < 0:   # not a spending: read the sky as it is
            back += sum(1 for k in lit[:spend] if k == 1)
        else:           # the stars put out are the shortest-named first: those of one kana relight
            back += max(0, min(spend, one) - none)
        return len(lit) - spend + back

    def _sky(self, view) -> tuple[list[int], int, int, int]:
        """The kana lengths of the view's lit stars, shortest first; how many have none,
        and how many at most one; how many dark ones relight at the next 本. The bot asks
        again and again of one view, so the last view's answer is kept."""
        if self._sky_of is not None and self._sky_of[0] is view:
            return self._sky_of[1]
        lit = sorted(len(s.kana) for s in view.me.stars if s.lit)
        back = sum(1 for s in view.me.stars if not s.lit and s.relights == view.number + 1)
        read = (lit, sum(1 for k in lit if k < 1), sum(1 for k in lit if k <= 1), back)
        self._sky_of = (view, read)
        return read

    def room(self, view, need: int) -> int:
        """The most stars that can be spent now and still leave one lit, and `need` lit at
        the next 本's start."""
        best = 0
        for x in range(1, view.me.lit):
            if self.next_lit(view, x) < need:
                break
            best = x
        return best

    def need_next(self, view, using=()) -> int:
        """What the next manuscript will cost at least: its four cheapest panels, from
        the cards not laid now (a card yet to be drawn counted as two icons)."""
        left = [c for c in (*(view.plan.hand if view.plan else view.me.hand), *view.me.stock)
                if c in self.content.koma]
        for c in using:
            if c in left:
                left.remove(c)
        costs = sorted(self.content.cost(c) for c in left)[:4]
        return sum(costs) + 2 * (4 - len(costs)) + 2

    def upkeep_due(self, view) -> int:
        return sum(self.content.cost(c) for c in view.me.stock)

    # --- choosing ----------------------------------------------------------------------
    def choose(self, view) -> str:
        self.rng.seed(self.seed * 1_000_003 + view.moment)
        d = view.decision
        if d is None:
            return "stop" if "stop" in view.legal else view.legal[0]
        legal = [a for a in view.legal if a != "stop"]
        kind = d.kind
        if kind == "make":
            return self._make(view, legal)
        if kind == "open":
            return self._open(view, legal)
        if kind == "pay":
            return "pay"
        if kind == "upkeep":
            return self._upkeep(view, d.data["card"])
        if kind == "return":
            return min(legal, key=lambda a: (self.make_worth(view, a.split()[1]), a))
        if kind == "bonus":
            return "draw" if view.me.deck > 6 else "pass"
        return legal[0]

    def plan_panels(self, view) -> list[tuple[str, str, str, str]]:
        """The whole manuscript the bot would lay now: (position, card, orientation, source),
        the panels already laid first."""
        plan = view.plan
        laid = [tuple(x) for x in plan.laid]
        hand = [c for c in plan.hand if c in self.content.koma]
        stock = list(plan.stock)
        price = self.star_price(view)
        budget = self.room(view, self.need_next(view)) - plan.make_cost
        spent = sum(self.content.cost(c) for _, c, _, _ in laid)
        out = list(laid)
        for i in range(len(laid), plan.to_lay):
            pos = POSITIONS[i]
            left = plan.to_lay - i - 1
            pool = [(c, "hand") for c in dict.fromkeys(hand)] + [(c, "stock") for c in dict.fromkeys(stock)]
            scored = []
            costs = sorted(self.content.cost(c) for c in hand + stock)
            for card, source in pool:
                cost = self.content.cost(card)
                rest = list(costs)
                rest.remove(cost)
                # stars this card and the cheapest cards for the positions after it would
                # cost beyond what the sky can bear: avoided above all else
                over = max(0, spent + cost + sum(rest[:left]) - budget)
                worth, rot = self.best(card, pos)
                # a card from the Stock Pool saves its upkeep; a card in its own place keeps its effects
                bonus = cost * price * 0.5 if source == "stock" else 0.0
                placed = 0.0 if pos in self.content.koma[card].icons else -5.0
                score = worth * WEIGHT[pos] - cost * price + bonus + placed - 1000.0 * over
                scored.append((score, self.rng.random(), card, source, rot))
            if not scored:
                break
            score, _, card, source, rot = max(scored)
            (stock if source == "stock" else hand).remove(card)
            spent += self.content.cost(card)
            out.append((pos, card, "upright" if rot in CLEAN["upright"] else "inverted", source))
        return out

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
            pos, card, orientation, source = self.plan_panels(view)[len(plan.laid)]
            want = f"lay {pos} {card} {orientation}" + (" stock" if source == "stock" else "")
            return want if want in legal else next(a for a in legal if a.startswith("lay"))
        # the Make cards worth their stars, while the sky can bear them
        price = self.star_price(view)
        koma_cost = sum(self.content.cost(c) for _, c, _, _ in plan.laid)
        using = [c for _, c, _, _ in plan.laid]
        room = self.room(view, self.need_next(view, using)) - koma_cost - plan.make_cost \
            - min(self.upkeep_due(view), 2)
        # Ties are broken by name: a set's order changes with the hash seed.
        makes = sorted({a.split()[1] for a in legal if a.startswith("make ")},
                       key=lambda c: (-self.make_worth(view, c) + self.content.cost(c) * price, c))
        for card in makes:
            cost = self.content.cost(card)
            if cost <= room and self.make_worth(view, card) > cost * price:
                return f"make {card}"
        return "done" if "done" in legal else legal[0]

    def _open(self, view, legal: list[str]) -> str:
        pos = legal[0].split()[1]
        slot = next(p for p in view.me.manuscript if p.position == pos)
        worth, rot = self.best(slot.card, pos, slot.orientation)
        return f"open {pos} {rot}"

    def next_sky(self, view) -> int:
        """The stars that will be lit at the next 本's start, if nothing more is spent."""
        return view.me.lit + sum(1 for s in view.me.stars if not s.lit and s.relights == view.number + 1)

    def _upkeep(self, view, card: str) -> str:
        cost = self.content.cost(card)
        price = self.star_price(view)
        worth = max(self.best(card, p)[0] for p in self.content.koma[card].icons)
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
def _best(content, card: str, pos: str, orientation: str | None) -> tuple[float, str]:
    koma = content.koma[card]
    works = pos in koma.icons or koma.works_on_miss
    rots = CLEAN[orientation] if orientation else ROTATIONS
    return max((_rotation_worth(content, card, r, works), r) for r in rots)
