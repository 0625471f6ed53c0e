"""The partner bot of For Fumie: plays toward the good endings from its own view.

It reads only what its seat sees: its own hand, the cards shown to it, the face-up
cards on the table, and the text of cards whose effect side is known (a card still in
its ◆ sleeve is a blank to it, as to a player). With that it judges what using a card
face up *now* would lead to: an END condition and its page's tone, a danger passed, a
card turned face down, and so on.
"""
from __future__ import annotations

from functools import lru_cache

from engine.fumie.content import Card

# How much the bot wants each kind of page; "continue" (no ending) is 0.
TONE = {"true": 100.0, "good": 40.0, "neutral": -40.0, "bittersweet": -50.0, "bad": -100.0}


class _Table:
    """What a view shows of the table, as sets (the Table protocol of conditions): one
    decision may test the cards' conditions on it dozens of times."""

    __slots__ = ("episode", "up", "anywhere", "removed", "revealed", "ends", "named", "plain", "holds")

    def __init__(self, view, content):
        self.episode = view.episode
        self.up = {s.seat: frozenset([p.card.id for p in s.discard if p.face_up]) for s in (view.me, view.other)}
        self.anywhere = frozenset().union(*self.up.values())
        self.removed = frozenset([f.id for f in view.removed])
        self.revealed = view.culprit_shown
        # The END conditions of the known face-up cards, in the order they are read (with
        # the pile each card lies in), and every card they name: putting any other card
        # face up changes none of them.
        enders = content.enders(self.episode)
        self.ends = [(s.seat, rule) for s in (view.me, view.other) for p in s.discard
                     if p.face_up and p.card.known and p.card.id in enders
                     for rule in content.cards[p.card.id].end if rule.works_in(self.episode) and rule.if_ is not None]
        self.named = frozenset(c for _, rule in self.ends for c in rule.if_.card_ids())
        self.plain = _plain(content, self.episode)
        self.holds: tuple[float | None] | None = None   # (the tone of an END that holds already,)

    def face_up_in(self, card: str, pile: str | None) -> bool:
        return card in (self.anywhere if pile is None else self.up.get(pile, ()))

    def is_removed(self, card: str) -> bool:
        return card in self.removed

    def culprit_revealed(self) -> bool:
        return self.revealed


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

    def culprit_revealed(self) -> bool:
        return self.table.culprit_revealed()


class Partner:
    def __init__(self, story, seat: str, seed: int):
        # It judges, it never draws lots: the seed is the bots' common signature, unused.
        self.content = story.content
        self.seat = seat
        (self.other,) = [s for s in story.content.seats if s != seat]   # the story's two seats
        # What each card is worth from the view being chosen from (the last view only):
        # a card is weighed for several choices, and judged once; and that view's table.
        self._seen = None
        self._worths: dict = {}
        self._table: _Table | None = None

    # --- judging cards ----------------------------------------------------------------
    def tone(self, episode: str, ending: str) -> float:
        return _tones(self.content, episode)[ending]

    def worth(self, view, face, user: str) -> float:
        """What using this card face up now, by `user`, is worth to the pair; 0 if unknown."""
        if face is None or not face.known:
            return 0.0
        return self._card_worth(view, face.id, user)

    def _card_worth(self, view, card_id: str, user: str) -> float:
        """What using the card face up now would be worth, were its text known."""
        if self._seen is not view:
            self._seen, self._worths, self._table = view, {}, _Table(view, self.content)
        table = self._table
        own = table.plain.get(card_id)
        if own is not None and card_id not in table.named:
            # Its text reads nothing of the table, and no END face up names it: it is
            # worth what its text is worth on any table, but for an END that holds already.
            if own[0] is not None:
                return own[0]
            if table.holds is None:
                table.holds = (self._set_off(table, table),)
            return own[1] if table.holds[0] is None else table.holds[0]
        key = (card_id, user)
        found = self._worths.get(key)
        if found is None:
            found = self._worths[key] = self._judge(view, table, card_id, user)
        return found

    def _judge(self, view, table: _Table, card_id: str, user: str) -> float:
        if card_id in table.plain and card_id not in table.named:   # judged the first time
            table.plain[card_id] = self._own(view, table, card_id, user)
            return self._card_worth(view, card_id, user)
        ending, value = self._own(view, table, card_id, user)
        if ending is not None:
            return ending
        found = self._set_off(table, _WithCardUp(table, card_id, user))
        return value if found is None else found

    def _own(self, view, table: _Table, card_id: str, user: str) -> tuple[float | None, float]:
        """(the tone of the ending the card's own text leads to, or None; its worth else)."""
        card: Card = self.content.cards[card_id]
        ending, value = self._steps(view, table, card.effect, user)
        if ending is not None:
            return ending, value
        value += 1.0  # a known card used face up at least keeps the day moving
        after = _WithCardUp(table, card.id, user)
        for rule in card.end:
            if rule.works_in(view.episode) and (rule.if_ is None or self.content.test(rule.if_)(after, user)):
                return self.tone(view.episode, rule.ending), value
        return None, value

    def _set_off(self, table: _Table, after) -> float | None:
        """The tone of the first END face up whose condition holds on `after`, or None."""
        for seat, rule in table.ends:
            if self.content.test(rule.if_)(after, seat):
                return self.tone(table.episode, rule.ending)
        return None

    def _steps(self, view, table: _Table, steps, user: str) -> tuple[float | None, float]:
        """(the tone of the ending these steps lead to, or None; what they are worth else)."""
        value = 0.0
        for step in steps:
            if step.instead is not None and self.content.test(step.instead.if_)(table, user):
                ending, more = self._steps(view, table, step.instead.effect, user)
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
                wrong, _ = self._steps(view, table, step.effect, user)
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
        pool = [c for seat in (self.seat, self.other) for c in self.content.deck_for(seat, view.episode)
                if c not in seen]
        if not pool:
            return 1.0
        return sum([self._card_worth(view, c, user) for c in pool]) / len(pool)

    def _use(self, view, legal: list[str]) -> str:
        front = view.other.hand[0] if view.other.hand else None
        if front is not None and front.known:
            up = self.worth(view, front, self.seat)
        else:
            up = self.unknown_worth(view, self.seat)
        downs = [a for a in legal if a.startswith("down ")]
        if not downs:
            return "up"
        values = [self._common_value(view, a.split()[1]) for a in downs]
        best = max(range(len(downs)), key=values.__getitem__)   # the first of the best
        down = self.down_cost(view) + values[best]
        return "up" if up >= down else downs[best]

    def _common_value(self, view, effect: str) -> float:
        op = _common_ops(self.content, self.seat, view.episode)[effect]
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


@lru_cache(maxsize=64)
def _plain(content, episode: str) -> dict[str, tuple[float | None, float] | None]:
    """The cards of an episode whose own text reads nothing of the table (no `instead`,
    no END of their own, nothing of the culprit), and what that text is worth once judged
    (None until then): the same on every table. Bounded; holds the content itself."""
    def reads_table(steps) -> bool:
        return any(s.instead is not None or s.op in ("accuse", "check_culprit") for s in steps)

    return {c.id: None for c in content.cards.values()
            if episode in c.episodes and not reads_table(c.effect) and not any(r.works_in(episode) for r in c.end)}


@lru_cache(maxsize=64)
def _common_ops(content, seat: str, episode: str) -> dict[str, str]:
    """The first operation of each common effect of the seat's sheet side, by its id."""
    return {c.id: c.effect[0].op if c.effect else "" for c in content.sheets[(seat, episode)].common}


@lru_cache(maxsize=64)
def _tones(content, episode: str) -> dict[str, float]:
    """What each page of the episode's ending book is worth to the bot, by its id."""
    return {p.id: TONE[p.tone] for p in content.books[episode].ending}
