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
    """What the partner's judgements read of a table (the Table protocol of conditions).

    Judging reads only the cards a condition of the episode names (lying face up, in
    which pile, or out of the game), the END conditions of the known face-up cards in the
    order they are read, and what is known of the culprit: the `key` holds just that, so
    the views of a game show the same table until such a card moves, and games share
    tables (a bounded cache; keys are what a view shows, and the content itself)."""

    __slots__ = ("episode", "up", "anywhere", "removed", "culprit_shown", "suspected", "ends", "named",
                 "plain", "holds")

    def __init__(self, content, key: tuple):
        episode, piles, ends, removed, revealed, suspected = key
        self.episode = episode
        self.up = dict(piles)                          # pile's seat -> the named cards face up in it
        self.anywhere = frozenset().union(*self.up.values())
        self.removed = removed
        # What is known of the culprit: revealed or not, and how many suspects the checks
        # so far allow, by what this seat knows and by what the other seat does.
        self.culprit_shown, self.suspected = revealed, suspected
        # The END conditions of the known face-up cards, in the order they are read (with
        # the pile each card lies in), and every card they name: putting any other card
        # face up changes none of them.
        self.ends = [(seat, rule) for seat, card in ends
                     for rule in content.cards[card].end if rule.works_in(episode) and rule.if_ is not None]
        self.named = frozenset(c for _, rule in self.ends for c in rule.if_.card_ids())
        self.plain = _plain(content, episode)
        self.holds: tuple[float | None] | None = None   # (the tone of an END that holds already,)

    def face_up_in(self, card: str, pile: str | None) -> bool:
        return card in (self.anywhere if pile is None else self.up.get(pile, ()))

    def is_removed(self, card: str) -> bool:
        return card in self.removed

    def culprit_revealed(self) -> bool:
        return self.culprit_shown


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


class _Judge:
    """What using a card face up now would be worth to the pair, were its text known:
    judged by one seat's partner on a table, from what that seat is shown."""

    def __init__(self, content, seat: str):
        self.content, self.seat = content, seat

    def tone(self, episode: str, ending: str) -> float:
        return _tones(self.content, episode)[ending]

    def worth(self, table: _Table, card_id: str, user: str) -> float:
        own = table.plain.get(card_id)
        if own is not None and card_id not in table.named:
            # Its text reads nothing of the table, and no END face up names it: it is
            # worth what its text is worth on any table, but for an END that holds already.
            if own[0] is not None:
                return own[0]
            if table.holds is None:
                table.holds = (self._set_off(table, table),)
            return own[1] if table.holds[0] is None else table.holds[0]
        if card_id in table.plain and card_id not in table.named:   # judged the first time
            table.plain[card_id] = self._own(table, card_id, user)
            return self.worth(table, card_id, user)
        ending, value = self._own(table, card_id, user)
        if ending is not None:
            return ending
        found = self._set_off(table, _WithCardUp(table, card_id, user))
        return value if found is None else found

    def _own(self, table: _Table, card_id: str, user: str) -> tuple[float | None, float]:
        """(the tone of the ending the card's own text leads to, or None; its worth else)."""
        card: Card = self.content.cards[card_id]
        ending, value = self._steps(table, card.effect, user)
        if ending is not None:
            return ending, value
        value += 1.0  # a known card used face up at least keeps the day moving
        after = _WithCardUp(table, card.id, user)
        for rule in card.end:
            if rule.works_in(table.episode) and (rule.if_ is None or self.content.test(rule.if_)(after, user)):
                return self.tone(table.episode, rule.ending), value
        return None, value

    def _set_off(self, table: _Table, after) -> float | None:
        """The tone of the first END face up whose condition holds on `after`, or None."""
        for seat, rule in table.ends:
            if self.content.test(rule.if_)(after, seat):
                return self.tone(table.episode, rule.ending)
        return None

    def _steps(self, table: _Table, steps, user: str) -> tuple[float | None, float]:
        """(the tone of the ending these steps lead to, or None; what they are worth else)."""
        value = 0.0
        for step in steps:
            if step.instead is not None and self.content.test(step.instead.if_)(table, user):
                ending, more = self._steps(table, step.instead.effect, user)
                if ending is not None:
                    return ending, value
                value += more
                continue
            if step.op == "end":
                return self.tone(table.episode, step.ending), value
            if step.op == "remove" and step.card == "this":
                value += 60.0  # the danger in it passes
            elif step.op == "flip_down":
                value -= 8.0
            elif step.op == "check_culprit" and not table.culprit_shown:
                value += 3.0
            elif step.op == "accuse" and not table.culprit_shown:
                # Judged by what the user can know: the other seat never saw the culprit.
                n = max(1, table.suspected[0] if user == self.seat else table.suspected[1])
                wrong, _ = self._steps(table, step.effect, user)
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


class _Worths(dict):
    """card id -> what using it face up now, by one user, is worth on one table: judged
    the first time a decision asks, and kept with the table."""

    __slots__ = ("judge", "table", "user")

    def __init__(self, judge: _Judge, table: _Table, user: str):
        super().__init__()
        self.judge, self.table, self.user = judge, table, user

    def __missing__(self, card_id: str) -> float:
        found = self[card_id] = self.judge.worth(self.table, card_id, self.user)
        return found


class _Pile:
    """What the partner reads of one discard pile as a view shows it: the cards face up
    in it, those of them that a condition names, and the known ones with an END, in pile
    order. Kept by the partner and brought up to date as the views show the pile grow."""

    __slots__ = ("seat", "shown", "up", "named_up", "enders")

    def __init__(self, seat: str):
        self.seat = seat
        self.shown: tuple = ()        # the view's pile itself: kept while the views keep it
        self.up: set[str] = set()
        self.named_up: tuple[str, frozenset[str]] = (seat, frozenset())
        self.enders: tuple[tuple[str, str], ...] = ()

    def read(self, shown: tuple, reads: frozenset[str], enders: frozenset[str]) -> bool:
        """Read the pile as `shown`; whether what judging reads of it (its named cards face
        up, its known ENDs) changed."""
        was = self.shown
        n = len(was)
        self.shown = shown
        if len(shown) > n and shown[:n] == was:
            # Cards were put on the pile read last (a pile grows from its top, and changes
            # otherwise only when a card is turned or taken out): read just those.
            new, changed = shown[n:], False
        else:
            new, changed = shown, bool(self.named_up[1] or self.enders)
            self.up, self.named_up, self.enders = set(), (self.seat, frozenset()), ()
        for p in new:
            if p.face_up:
                face = p.card
                self.up.add(face.id)
                if face.id in reads:
                    self.named_up, changed = (self.seat, self.named_up[1] | {face.id}), True
                if face.known and face.id in enders:
                    self.enders, changed = self.enders + ((self.seat, face.id),), True
        return changed


# (content, a table's key) -> the table, and what each card is worth on it by (judging
# seat, user). Bounded; the worths hold their table, never the other way round, so that
# nothing here is a cycle that only the garbage collector would free.
_TABLES: dict[tuple, tuple[_Table, dict[tuple[str, str], _Worths]]] = {}
_MOST_TABLES = 512


class Partner:
    def __init__(self, story, seat: str, seed: int):
        # It judges, it never draws lots: the seed is the bots' common signature, unused.
        self.content = story.content
        self.seat = seat
        self.other = story.content.across[seat]   # the story's two seats
        self.judge = _judge(self.content, seat)
        # The last view chosen from and its table; each pile as last read (a view keeps
        # a pile that has not changed, so most are read once).
        self._seen = None
        self._table: tuple[_Table, dict[tuple[str, str], _Worths]] | None = None
        self._by_user: dict[str, _Worths] = {}   # the last table's worths, by user
        self._piles = {seat: _Pile(seat), self.other: _Pile(self.other)}
        self._known: tuple | None = None      # what was known of the culprit when last counted
        self._parts: tuple | None = None      # what the last table's key was read from
        self._counted = (0, 0)
        self._legal: tuple[str, ...] | None = None   # a turn's choices as last read, and its ways down
        self._removed: tuple = ()             # the cards out of the game as the last table read them
        # What the episode's conditions read, its ENDs, and its cards in the box's order.
        self._episode: tuple[frozenset[str], frozenset[str], tuple[str, ...]] | None = None
        self._ways: tuple[tuple[str, str], ...] = ()

    # --- judging cards ----------------------------------------------------------------
    def tone(self, episode: str, ending: str) -> float:
        return self.judge.tone(episode, ending)

    def worth(self, view, face, user: str) -> float:
        """What using this card face up now, by `user`, is worth to the pair; 0 if unknown."""
        if face is None or not face.known:
            return 0.0
        return self._worths(view, user)[face.id]

    def _worths(self, view, user: str) -> _Worths:
        """What each card is worth used face up by `user` on the table `view` shows."""
        kept = self._table_of(view)
        found = self._by_user.get(user)   # looked up once a table
        if found is None:
            table, judged = kept
            found = judged.get((self.seat, user))
            if found is None:
                found = judged[self.seat, user] = _Worths(self.judge, table, user)
            self._by_user[user] = found
        return found

    def _table_of(self, view) -> tuple[_Table, dict[tuple[str, str], _Worths]]:
        if self._seen is not view:
            self._seen = view
            if self._episode is None:   # a partner plays one game, of one episode
                self._episode = (_reads(self.content, view.episode), self.content.enders(view.episode),
                                 _order(self.content, self.seat, view.episode))
            reads, enders, _ = self._episode
            # Each pile read again only when the view shows a new one (a view keeps a pile
            # that has not changed, so most are read once).
            me, other = view.me, view.other
            mine, theirs = self._piles[me.seat], self._piles[other.seat]
            changed = mine.shown is not me.discard and mine.read(me.discard, reads, enders)
            if theirs.shown is not other.discard and theirs.read(other.discard, reads, enders):
                changed = True
            if not changed and self._table is not None and view.removed == self._removed \
                    and (view.culprit, view.culprit_shown, view.checks) == self._known:
                # Nothing judging reads changed since the last view (as within a turn,
                # whose card goes down on a pile only at its end, or after a turn that put
                # down a card no condition names).
                return self._table
            self._removed = view.removed
            # What the key is made of, as read: most views read it as the last did.
            parts = (view.episode, mine.named_up, theirs.named_up, mine.enders, theirs.enders, view.removed,
                     view.culprit_shown, self._suspected(view))
            if parts != self._parts:
                self._parts = parts
                key = (view.episode, (mine.named_up, theirs.named_up), mine.enders + theirs.enders,
                       frozenset([f.id for f in view.removed if f.id in reads]), view.culprit_shown, parts[-1])
                found = _TABLES.get((self.content, key))
                if found is None:
                    if len(_TABLES) >= _MOST_TABLES:
                        _TABLES.clear()
                    found = _TABLES[self.content, key] = (_Table(self.content, key), {})
                self._table, self._by_user = found, {}
        assert self._table is not None
        return self._table

    def candidates(self, view, mine: bool = True) -> list[str]:
        """The suspects every culprit check so far allows (see `_Judge.candidates`)."""
        return self.judge.candidates(view, mine)

    def _suspected(self, view) -> tuple[int, int]:
        """How many suspects this seat's knowledge allows, and the other seat's: counted
        again only when a check, the culprit or its reveal changed what the view shows."""
        known = (view.culprit, view.culprit_shown, view.checks)
        if known != self._known:
            self._known = known
            self._counted = (len(self.candidates(view)), len(self.candidates(view, mine=False)))
        return self._counted

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
        d = view.decision
        if d is None and len(view.legal) > 1:
            return self._use(view)   # a turn's start: up, the ways face down, stop
        legal = [a for a in view.legal if a != "stop"]
        if not legal:
            return "stop"
        if d is None:
            return self._use(view)
        kind = d.kind
        if kind == "common":
            return "effect " + self._common(view, [a.split()[1] for a in legal])
        if kind == "order_hand":
            return self._order(d.cards, self._worths(view, self.other))
        if kind == "order_deck":
            # My deck feeds my hand, which the other seat uses; theirs feeds me.
            return self._order(d.cards, self._worths(view, self.other if d.deck == self.seat else self.seat))
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
        return self._blind(view, self._worths(view, user))

    def _blind(self, view, worths: "_Worths") -> float:
        seen = {f.id for f in (*view.me.hand, *view.other.hand, *view.removed) if f is not None}
        seen.update(self._piles[view.me.seat].up, self._piles[view.other.seat].up)   # read by _table_of
        assert self._episode is not None   # read by _table_of
        pool = [worths[c] for c in self._episode[2] if c not in seen]
        if not pool:
            return 1.0
        return sum(pool) / len(pool)   # in the box's order, as ever: the same float

    def _use(self, view) -> str:
        worths = self._worths(view, self.seat)
        hand = view.other.hand
        front = hand[0] if hand else None
        known = front is not None and front.known
        up = worths[front.id] if known else self._blind(view, worths)
        downs = self._downs(view)
        if not downs:
            return "up"
        # The first of the best ways down (what each is worth now, by its first operation).
        best, value = downs[0][0], None
        for text, op in downs:
            v = self._op_value(view, op, worths)
            if value is None or v > value:
                best, value = text, v
        return "up" if up >= self.down_cost(view) + value else best

    def _downs(self, view) -> tuple[tuple[str, str], ...]:
        """The turn's ways down: a turn offers the same choices every time (the same texts,
        kept by the rules), so they are read again only when those are not the last ones."""
        if view.legal is not self._legal:
            self._legal, self._ways = view.legal, _downs(self.content, self.seat, view.episode, view.legal)
        return self._ways

    def _common_value(self, view, effect: str) -> float:
        return self._op_value(view, _common_ops(self.content, self.seat, view.episode)[effect],
                              self._worths(view, self.seat))

    def _op_value(self, view, op: str, mine: _Worths) -> float:
        """What a common effect (by its first operation) is worth now; `mine`: what cards
        are worth used by this seat."""
        if op == "rearrange":
            front = view.me.hand[0] if view.me.hand else None
            return 10.0 if front is not None and self.worth(view, front, self.other) < 0 else 0.0
        if op == "to_back":
            hand = view.other.hand
            front = hand[0] if hand else None
            return 9.0 if front is not None and front.known and mine[front.id] < 0 else 0.0
        if op == "show_hand":
            return 4.0 if False in view.other.shown else 0.0   # a card of theirs not yet seen
        if op == "arrange_deck":
            return 2.0
        if op == "check_culprit":
            return 0.0 if view.culprit_shown else 3.0
        return 0.0

    def _common(self, view, ids: list[str]) -> str:
        return max(ids, key=lambda i: self._common_value(view, i))

    @staticmethod
    def _order(cards, worths: _Worths) -> str:
        """The cards in order of their worth, the best first (a card not known is worth 0)."""
        worth = [worths[f.id] if f.known else 0.0 for f in cards]
        ranked = sorted(range(len(cards)), key=lambda i: -worth[i])
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
def _judge(content, seat: str) -> _Judge:
    return _Judge(content, seat)


@lru_cache(maxsize=64)
def _reads(content, episode: str) -> frozenset[str]:
    """Every card a condition of the episode's cards names, in their effects (nested ones
    too) and END conditions: all a judgement of a card can ask of the table."""
    named: set[str] = set()
    for card in content.cards.values():
        if episode in card.episodes:
            _named_in(card.effect, named)
            for star in card.star:
                _named_in(star.effect, named)
            named.update(c for rule in card.end if rule.if_ is not None for c in rule.if_.card_ids())
    return frozenset(named)


def _named_in(steps, named: set[str]) -> None:
    """Add to `named` every card the conditions of `steps` name, nested steps' too. (Not
    a closure: one calling itself is a cycle that only the garbage collector frees.)"""
    for step in steps or ():
        if step.instead is not None:
            named.update(step.instead.if_.card_ids())
            _named_in(step.instead.effect, named)
        _named_in(step.effect, named)


@lru_cache(maxsize=64)
def _order(content, seat: str, episode: str) -> tuple[str, ...]:
    """Both card sets of an episode, the seat's own draw first, each in the box's order."""
    return (*content.deck_for(seat, episode), *content.deck_for(content.other(seat), episode))


@lru_cache(maxsize=512)
def _downs(content, seat: str, episode: str, legal: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The ways to use a card face down among a turn's legal actions, each with the first
    operation of its common effect (a turn offers the same few every time; bounded)."""
    ops = _common_ops(content, seat, episode)
    return tuple((a, ops[a.split()[1]]) for a in legal if a.startswith("down "))


@lru_cache(maxsize=64)
def _common_ops(content, seat: str, episode: str) -> dict[str, str]:
    """The first operation of each common effect of the seat's sheet side, by its id."""
    return {c.id: c.effect[0].op if c.effect else "" for c in content.sheets[(seat, episode)].common}


@lru_cache(maxsize=64)
def _tones(content, episode: str) -> dict[str, float]:
    """What each page of the episode's ending book is worth to the bot, by its id."""
    return {p.id: TONE[p.tone] for p in content.books[episode].ending}
