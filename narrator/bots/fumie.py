"""The partner bot of For Fumie: plays toward the good endings from its own view.

It reads only what its seat sees: its own hand, the cards shown to it, the face-up
cards on the table, and the text of cards whose effect side is known (a card still in
its ◆ sleeve is a blank to it, as to a player). With that it judges what using a card
face up *now* would lead to: an END condition and its page's tone, a danger passed, a
card turned face down, and so on.
"""
from __future__ import annotations

import random

from engine.fumie.content import Card

# How much the bot wants each kind of page; "continue" (no ending) is 0.
TONE = {"true": 100.0, "good": 40.0, "neutral": -40.0, "bittersweet": -50.0, "bad": -100.0}


class _WithCardUp:
    """The table as it will be once `card` lies face up in `pile`."""

    def __init__(self, table, card: str, pile: str):
        self.table, self.card, self.pile = table, card, pile

    def face_up_in(self, card: str, pile: str | None) -> bool:
        if card == self.card and pile in (None, self.pile):
            return True
        return self.table.face_up_in(card, pile)

    def is_removed(self, card: str) -> bool:
        return self.table.is_removed(card)


class _Blind:
    """A card of the box weighed as if it were the blind card: only its id matters, and
    it stands for what the card may be, not for what the bot knows it is."""

    known = True

    def __init__(self, card: Card):
        self.id = card.id


class Partner:
    def __init__(self, story, seat: str, seed: int):
        self.content = story.content
        self.seat = seat
        (self.other,) = [s for s in story.content.seats if s != seat]   # the story's two seats
        self.rng = random.Random(seed)
        self._blind: tuple | None = None    # the last blind card's worth, by what was seen
        # What each card is worth from the view being chosen from (the last view only):
        # a card is weighed for several choices, and judged once.
        self._seen = None
        self._worths: dict = {}

    # --- judging cards ----------------------------------------------------------------
    def tone(self, episode: str, ending: str) -> float:
        return TONE[self.content.page(episode, ending).tone]

    def worth(self, view, face, user: str) -> float:
        """What using this card face up now, by `user`, is worth to the pair; 0 if unknown."""
        if face is None or not face.known:
            return 0.0
        if self._seen is not view:
            self._seen, self._worths = view, {}
        key = (face.id, user)
        if key not in self._worths:
            self._worths[key] = self._worth(view, face, user)
        return self._worths[key]

    def _worth(self, view, face, user: str) -> float:
        card: Card = self.content.cards[face.id]
        test = self.content.test
        ending, value = self._steps(view, card.effect, card.id, user)
        if ending is not None:
            return ending
        value += 1.0  # a known card used face up at least keeps the day moving
        after = _WithCardUp(view, card.id, user)
        for rule in card.end:
            if rule.works_in(view.episode) and (rule.if_ is None or test(rule.if_)(after, user)):
                return self.tone(view.episode, rule.ending)
        for side in (view.me, view.other):
            for p in side.discard:
                if p.face_up and p.card.known:
                    for rule in self.content.cards[p.card.id].end:
                        if rule.works_in(view.episode) and rule.if_ is not None \
                                and test(rule.if_)(after, side.seat):
                            return self.tone(view.episode, rule.ending)
        return value

    def _steps(self, view, steps, card_id: str, user: str) -> tuple[float | None, float]:
        """(the tone of the ending these steps lead to, or None; what they are worth else)."""
        value = 0.0
        for step in steps:
            if step.instead is not None and self.content.test(step.instead.if_)(view, user):
                ending, more = self._steps(view, step.instead.effect, card_id, user)
                if ending is not None:
                    return ending, value
                value += more
                continue
            if step.op == "end":
                return self.tone(view.episode, step.ending), value
            if step.op == "remove" and step.card == "this":
                value += 60.0  # the danger in it passes
            elif step.op == "flip_down":
                value -= 8.0
            elif step.op == "check_culprit" and not view.culprit_shown:
                value += 3.0
            elif step.op == "accuse" and not view.culprit_shown:
                # Judged by what the user can know: the other seat never saw the culprit.
                n = max(1, len(self.candidates(view, mine=user == self.seat)))
                wrong, _ = self._steps(view, step.effect, card_id, user)
                value += 30.0 / n + (1 - 1 / n) * (wrong if wrong is not None else 0.0)
        return None, value

    def candidates(self, view, mine: bool = True) -> list[str]:
        """The suspects every culprit check so far allows: for this seat (`mine`), or for
        the other seat, which knows only what was revealed and checked in the open."""
        if view.culprit is not None and (mine or view.culprit_shown):
            return [view.culprit.id]
        names = self.content.cards
        return [s for s in view.suspects
                if all((names[s].name in {names[c].name for c in looked}) == found
                       for looked, found in view.checks)]

    def down_cost(self, view) -> float:
        """Using a card face down: one step nearer the sheet's END, and a card lost."""
        after = view.me.face_down + 1
        if after >= view.me.face_down_limit:
            return self.tone(view.episode, self._face_down_page(view))
        return -6.0 * after

    def _face_down_page(self, view) -> str:
        sheet = self.content.sheets[(self.seat, view.episode)]
        return next(r.ending for r in sheet.end if r.when == "face_down")

    # --- choosing -----------------------------------------------------------------------
    def choose(self, view) -> str:
        legal = [a for a in view.legal if a != "stop"]
        if not legal:
            return "stop"
        d = view.decision
        if d is None:
            return self._use(view, legal)
        kind = d.kind
        if kind == "common":
            return "effect " + self._common(view, [a.split()[1] for a in legal])
        if kind == "order_hand":
            return self._order(d.cards, lambda f: self.worth(view, f, self.other))
        if kind == "order_deck":
            # My deck feeds my hand, which the other seat uses; theirs feeds me.
            user = self.other if d.deck == self.seat else self.seat
            return self._order(d.cards, lambda f: self.worth(view, f, user))
        if kind in ("flip_up", "flip_down"):
            return self._flip(view, legal, kind == "flip_up")
        if kind == "may":
            return "yes" if self._may(view, d.prompt) else "no"
        if kind == "accuse":
            return "accuse " + (self.candidates(view) or [legal[0].split()[1]])[0]
        return legal[0]

    def unknown_worth(self, view, user: str) -> float:
        """What using a card face up is worth when its effect side is not known: the mean
        over the episode's cards this seat cannot see anywhere, any of which it may be. A
        box with cards that end the day at once makes a blind card a risk, not a gift."""
        seen = {f.id for f in (*view.me.hand, *view.other.hand, *view.removed) if f is not None}
        seen |= {p.card.id for s in (view.me, view.other) for p in s.discard if p.card is not None}
        key = (view.episode, user, view.turn, frozenset(seen))
        if self._blind is not None and self._blind[0] == key:
            return self._blind[1]
        pool = [c for seat in (self.seat, self.other) for c in self.content.deck_for(seat, view.episode)
                if c not in seen]
        value = 1.0
        if pool:
            value = sum(self.worth(view, _Blind(self.content.cards[c]), user) for c in pool) / len(pool)
        self._blind = (key, value)
        return value

    def _use(self, view, legal: list[str]) -> str:
        front = view.other.hand[0] if view.other.hand else None
        if front is not None and front.known:
            up = self.worth(view, front, self.seat)
        else:
            up = self.unknown_worth(view, self.seat)
        downs = [a for a in legal if a.startswith("down ")]
        best_down = max(downs, key=lambda a: self._common_value(view, a.split()[1]), default=None)
        if best_down is None:
            return "up"
        down = self.down_cost(view) + self._common_value(view, best_down.split()[1])
        return "up" if up >= down else best_down

    def _common_value(self, view, effect: str) -> float:
        sheet = self.content.sheets[(self.seat, view.episode)]
        common = next(c for c in sheet.common if c.id == effect)
        op = common.effect[0].op if common.effect else ""
        my_front = view.me.hand[0] if view.me.hand else None
        if op == "rearrange" and my_front is not None and self.worth(view, my_front, self.other) < 0:
            return 10.0
        if op == "to_back" and view.other.hand and view.other.hand[0] is not None \
                and self.worth(view, view.other.hand[0], self.seat) < 0:
            return 9.0
        if op == "show_hand" and any(f is None for f in view.other.hand):
            return 4.0
        if op == "arrange_deck":
            return 2.0
        if op == "check_culprit" and not view.culprit_shown:
            return 3.0
        return 0.0

    def _common(self, view, ids: list[str]) -> str:
        return max(ids, key=lambda i: self._common_value(view, i))

    @staticmethod
    def _order(cards, worth) -> str:
        ranked = sorted(range(len(cards)), key=lambda i: -worth(cards[i]))
        return "order " + " ".join(str(i + 1) for i in ranked)

    def _flip(self, view, legal: list[str], face_up: bool) -> str:
        if face_up:
            # Our own pile first: a card turned up there eases our face-down END.
            mine = [a for a in legal if a.split()[1] == self.seat]
            return (mine or legal)[0]
        # Face down: give up the card that matters least, one no known text names.
        named = self._named_by_known(view)
        pile = {str(p.position): p for p in view.me.discard}
        spare = [a for a in legal if pile[a.split()[2]].card.id not in named]
        return (spare or legal)[-1]

    def _named_by_known(self, view) -> set[str]:
        named: set[str] = set()
        faces = [p.card for s in (view.me, view.other) for p in s.discard if p.card is not None]
        faces += [f for f in (*view.me.hand, *view.other.hand) if f is not None]
        for f in faces:
            if f.known:
                card = self.content.cards[f.id]
                conds = [r.if_ for r in card.end if r.if_] + [s.instead.if_ for s in card.effect if s.instead]
                named.update(c for cond in conds for c in cond.card_ids())
        return named

    def _may(self, view, prompt: str) -> bool:
        if "swap" in prompt.lower():
            hand = view.other.hand
            return len(hand) >= 2 and self.worth(view, hand[1], self.seat) > self.worth(view, hand[0], self.seat)
        front = view.other.hand[0] if view.other.hand else None
        return front is not None and self.worth(view, front, self.seat) < 0
