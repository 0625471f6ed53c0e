"""The partner bot of Snow White Apple Roulette: plays any character from its own view.

It keeps a belief built only from what its seat was told: its own character, apple and
hand, the characters it knows (Green's look, answers, abilities shown), the apple tiles
it has seen (and where every tile lies, which everyone sees), the answers it was given,
and the story as its seat heard it (who exchanged hands, who was killed). From that:

- for each seat, the characters it may still be (a question's answer rules some out;
  a character seen elsewhere rules it out everywhere else), hence how likely it is to be
  Snow White, Rose or the Queen;
- for each apple tile, how likely it is to be poisoned (tiles seen are known; the
  poisoned apples not yet found are spread over the tiles not yet seen);
- where the Cursed Ring is, as far as it followed the ring from hand to hand.

The Queen's faction hunts Snow White (poison to her plate, the ring to her hand, a
weapon at her on the last turn); Snow White's faction protects her and goes after Rose;
Rose protects Snow White and herself. Snow White's friends and Rose are slow to use an
ability that shows their character (each one shown leaves Snow White fewer hoods to hide
under), and her friends look hard for Rose, the harder the more of them there are to
each of the Queen's people (see Partner.hunt). Each move is scored by how it changes the chance
that the bot's side wins (for exchanges) or by what it would learn (for looks and
questions), and the best one is played; ties break by numbers drawn from the bot's
seed and the moment alone (narrator.bots.drawn), so a game continued from its save
plays on the same.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import repeat

from engine.applerulette.content import Content, Step

ROSE_HUNT = 2.0     # how hard her friends look for Rose (info, weapons), per ally the Queen has
SHOWING_COST = {"snow_white": 0.3, "rose": 0.15}   # see Partner.showing
QUESTION_WEIGHT = {"apples": 0.6, "mushrooms": 0.6, "faction": 0.8, "snow_white": 1.0}
JITTER = 1e-6                         # the tie-break's reach: a move this much better wins
TIE = 2 * JITTER                      # scores nearer than this to the best may draw
_DRAWN = JITTER / 2**64               # the jitter of one drawn number (of 64 bits)
# The story's events that change what the bot believes (the rest it skips unread).
_NOTED = frozenset({"turn", "draw", "deal_seen", "draw_seen", "hand_received", "hand_exchange",
                    "card_discarded", "killed", "eliminated", "ability", "apple_exchange"})
# The other events after which who may be whom (ROLES: an answer, a character seen, a seat
# gone) or where the apple tiles lie (APPLES: tiles that left the table, or the Queen's
# that she handed on) must be read from the view again (Partner._take_in marks those of
# _NOTED itself); tiles that changed hands it follows, and what the seat learns of the
# tiles, Belief counts.
ROLES, APPLES = 1, 2
_CHANGES = {"answer": ROLES, "green_sees": ROLES, "characters_revealed": ROLES, "snow_white_killed": ROLES,
            "queen_apple": ROLES | APPLES}


class Box:
    """What the bot reads off the printed cards, once per box: the Cursed Ring (and any
    card that kills its holder), and the cards that throw a hand away."""

    def __init__(self, content: Content):
        cards = content.cards.values()
        self.ring = next((c.id for c in cards if c.at_end == "kill_holder"), None)
        self.throws = {c.id for c in cards if any(s.op == "throw_away" for s in c.effect)}
        self.killers = {c.id for c in cards if c.at_end == "kill_holder"}
        self.content = content
        self.cast = lru_cache(maxsize=256)(self._cast)   # the casts a table deals: a few hundred

    def _cast(self, cast: tuple[str, ...]) -> "Cast":
        return Cast(self.content, cast)


class Cast:
    """The characters in play, each one bit, and the bits of those who share a trait: a
    seat's possible characters are a set of these bits (an int), so ruling some out is
    one `&`. The cast is public, so every seat may read it."""

    def __init__(self, content: Content, cast: tuple[str, ...]):
        chars = content.characters
        self.bit = {c: 1 << i for i, c in enumerate(cast)}
        self.every = (1 << len(cast)) - 1
        self.snow_white = self.bit[content.snow_white]
        self.queen = self.bit[content.queen]
        self.rose = self.bit.get(content.rose, 0) if content.rose is not None else 0
        self.friends = self.of(lambda c: chars[c].faction == "snow_white")
        self.eats = {food: self.of(lambda c, food=food: chars[c].food == food) for food in ("apple", "mushroom")}

    def of(self, trait) -> int:
        return sum(b for c, b in self.bit.items() if trait(c))


@lru_cache(maxsize=8)
def box(content: Content) -> Box:
    return Box(content)


Move = tuple[str, str, int, tuple[str, ...]]


@lru_cache(maxsize=1024)
def move(text: str) -> Move:
    """An action's text read once (many decisions share it), as (verb, what, hand index,
    seats designated): `progress use 2 p3` is ("progress", "use", 1, ("p3",)), `exchange apple p2` is
    ("exchange", "apple", 0, ("p2",)), `ability p1 p4` is ("ability", "", 0, ("p1", "p4"))."""
    verb, *words = text.split()
    if verb in ("progress", "exchange", "check") and words:
        what, *words = words
        if verb == "progress":
            return verb, what, int(words[0]) - 1, tuple(words[1:])
        return verb, what, 0, tuple(words)
    return verb, "", 0, tuple(words)


# Like moves side by side (the engine lists them so): (verb, what, hand index, the seats
# each designates), as exchange hand with p2, p3, p4 or use card 1 on p2 and p3, p2 and p4...
Group = tuple[str, str, int, tuple[tuple[str, ...], ...]]


@lru_cache(maxsize=2048)
def plan(legal: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[Group, ...]]:
    """A decision's moves but stopping, each text read once, in groups of like moves: the
    engine hands the same few lists of legal actions game after game (a small bound;
    the key is the view's own legal actions)."""
    texts = tuple(a for a in legal if a != "stop")
    groups: list[tuple[str, str, int, list[tuple[str, ...]]]] = []
    for verb, what, i, chosen in map(move, texts):
        if groups and groups[-1][:3] == (verb, what, i):
            groups[-1][3].append(chosen)
        else:
            groups.append((verb, what, i, [chosen]))
    return texts, tuple((verb, what, i, tuple(chosen)) for verb, what, i, chosen in groups)


class Belief:
    """What the bot makes of its seat's game, carried from one of its decisions to the
    next: each part worked out from the view again only when what the seat was told
    since changed it (Partner._take_in marks which)."""

    __slots__ = ("view", "me", "living", "possible", "p_sw", "p_rose", "p_queen", "dead", "plate", "worth",
                 "tiles", "poison", "dangers", "doubts", "risk", "ring", "held", "known", "chances")

    def __init__(self, me: str):
        self.me = me
        self.known = -1                # how many tiles the seat had seen when it last read them
        self.chances: tuple | None = None   # the count of tiles in play and seen they were read at

    def renew(self, bot: "Partner", view) -> "Belief":
        """This belief, brought up to this view (the next of the seat's game)."""
        self.view = view
        # Who may be whom, and what each seat's fate is worth, change only with what the
        # seat is told: an answer, a character seen, a seat gone.
        if bot.stale & ROLES:
            self.living = living = []
            for p in view.table:
                if p.living:
                    living.append(p.seat)
            self.possible, self.p_sw, self.p_rose, self.p_queen = self._roles(bot, view)
            self.dead, self.plate, self.worth = bot.weigh(self)   # they follow from the chances
        # The apple tiles change only as tiles move (told) or are seen: a seat's known tiles
        # only grow, and what a tile is never changes, so their count says whether they did.
        if bot.stale & APPLES or len(view.known_apples) != self.known:
            self.known = len(view.known_apples)
            self._apples(view)
        elif bot.exchanges:
            self._exchanged(bot.exchanges)
        bot.stale, bot.exchanges = 0, []
        self.ring = bot.ring_at
        self.held: dict[int, tuple] = {}            # Partner.holding, per hand card
        return self

    def _apples(self, view) -> None:
        """Where the tiles are, how likely each is poisoned (tiles seen are known; the
        poisoned apples not yet found are spread over the tiles not yet seen), and the
        danger of each seat's plate."""
        known = view.known_apples
        # (Loops, not comprehensions: on Python 3.11 each comprehension is a call of its own,
        # dearer than the few seats and tiles it would walk.)
        tiles: dict[str, tuple[str, ...]] = {}
        in_play: list[str] = []
        for pl in view.table:
            tiles[pl.seat] = pl.apples
            in_play += pl.apples
        self.tiles = tiles
        # The chances change only as tiles are seen or leave the game (with an eliminated
        # seat; none ever comes back), not as they change hands, which is most of what
        # moves them: so they, and each handful's danger, are kept while those are the same.
        if self.chances != (len(in_play), len(known)):
            self.chances = (len(in_play), len(known))
            seen = found = 0
            for t in in_play:
                if t in known:
                    seen += 1
                    found += known[t]
            hidden = max(0, view.poisoned_apples - found)
            gone = len(view.seats) - len(in_play)       # tiles that left with eliminated seats
            spread = len(in_play) - seen + gone
            p = min(1.0, hidden / spread) if spread else 0.0
            self.poison = poison = {}
            for t in in_play:
                poison[t] = (1.0 if known[t] else 0.0) if t in known else p
            self.dangers, self.doubts = {}, {}
        dangers, danger = self.dangers, self.danger      # most handfuls' dangers are kept
        self.risk = risk = {}
        for s, held in tiles.items():
            risk[s] = dangers[held] if held in dangers else danger(held)

    def _exchanged(self, exchanges: list[tuple[str, str, bool]]) -> None:
        """The kept tiles, as the exchanges told since moved them: tiles that only change
        hands change no tile's chance, so each seat's danger goes with its tiles (as the
        rules move them: both ways, or all of the target's to the seat, `one_way`)."""
        tiles, risk = self.tiles, self.risk
        for a, b, one_way in exchanges:
            if one_way:
                tiles[a], tiles[b] = tiles[a] + tiles[b], ()
                risk[a], risk[b] = self.danger(tiles[a]), self.danger(())
            else:
                tiles[a], tiles[b] = tiles[b], tiles[a]
                risk[a], risk[b] = risk[b], risk[a]

    def _roles(self, bot: "Partner", view):
        """Per seat, the characters it may still be, as a set of bits over the cast (see
        Cast), and how likely each seat is Snow White, Rose and the Queen."""
        cast = bot.box.cast(view.cast)
        bit = cast.bit
        possible = dict.fromkeys(view.seats, cast.every)    # the table's order, as its places
        if view.npc is not None:
            possible[view.npc] &= ~cast.queen      # the NPC is never the Queen
        named = []                                 # told Snow White by the mirror
        for target, question, answer in view.answers:
            if question in ("apples", "mushrooms"):
                eats = cast.eats[question[:-1]]
                possible[target] &= eats if answer else ~eats
            elif question == "faction":
                possible[target] &= cast.friends if answer else ~cast.friends
            elif question == "snow_white":
                if answer:
                    named.append(target)
                else:
                    possible[target] &= ~cast.snow_white
        for seat in bot.not_snow_white:
            possible[seat] &= ~cast.snow_white
        # A character known is the seat's whole story (what the seat was told is true, so
        # no two of these disagree).
        for p in view.table:
            if p.character is not None:
                possible[p.seat] = bit[p.character]
        if view.character is not None:
            possible[self.me] = bit[view.character]
        for seat in named:
            possible[seat] = cast.snow_white
        # A character pinned to one seat is nobody else's. What the seat was told is true,
        # so ruling the pinned ones out never leaves a seat with none (its own character
        # stays): one `&` per seat, not one per pinned character. A pass that pins nobody
        # new leaves nothing for another to rule out.
        pinned = 0
        for p in possible.values():
            if p.bit_count() == 1:
                pinned |= p
        for _ in range(3):
            newly = 0
            for s, p in possible.items():
                if p.bit_count() > 1 and p & pinned:
                    possible[s] = p = p & ~pinned
                    if p.bit_count() == 1:
                        newly |= p
            if not newly:
                break
            pinned |= newly
        # Each living seat is any of the characters it may be, alike: its share of each,
        # worked out once for the three chances (the living in the table's order, as
        # `possible`: the chances are summed in that order).
        sw, rose, queen = {}, {}, {}
        sw_bit, rose_bit, queen_bit = cast.snow_white, cast.rose, cast.queen
        for s in self.living:
            p = possible[s]
            share = 1.0 / p.bit_count()
            if p & sw_bit:
                sw[s] = share
            if p & rose_bit:
                rose[s] = share
            if p & queen_bit:
                queen[s] = share
        return possible, self._chance(sw), self._chance(rose), self._chance(queen)

    @staticmethod
    def _chance(shares: dict[str, float]) -> dict[str, float]:
        """The seats' shares of one character as chances (summing to 1)."""
        total = sum(shares.values())
        if not total:
            return {}
        for s, w in shares.items():     # in place: a comprehension is a call of its own
            shares[s] = w / total
        return shares

    def danger(self, tiles) -> float:
        """The chance that whoever eats these tiles eats poison."""
        d = self.dangers.get(tiles)
        if d is None:
            safe = 1.0
            for t in tiles:
                safe *= 1.0 - self.poison.get(t, 0.0)
            d = self.dangers[tiles] = 1.0 - safe
        return d

    def doubt(self, tiles) -> float:
        """How little is known of these tiles: each one's p * (1 - p), summed."""
        d = self.doubts.get(tiles)
        if d is None:
            d, poison = 0, self.poison         # summed as sum() would, from 0
            for t in tiles:
                p = poison.get(t, 0.0)
                d += p * (1 - p)
            self.doubts[tiles] = d
        return d


class Partner:
    def __init__(self, story, seat: str, seed: int):
        self.content = story.content
        self.box = box(story.content)
        self.seat = seat
        self.seed = seed
        self.read = 0                  # how much of the seat's story has been taken in
        self.ring_at: str | None = None
        self.not_snow_white: set[str] = set()
        self.idle = 0                  # my turns since I last drew a card
        self.last_target: str | None = None
        self.belief = Belief(seat)
        self.stale = ROLES | APPLES       # what the belief must work out from the next view
        self.exchanges: list[tuple[str, str, bool]] = []   # of tiles, told since (Belief._exchanged)
        self.hunt_weight: float | None = None
        self.faction: str | None = None    # mine, and the rest of what I am: at my first decision
        self.is_queen = False
        self.power: list[Step] = []        # the steps of my character's turn power

    # --- taking in the story ---------------------------------------------------------
    def _take_in(self, view) -> None:
        ring, me = self.box.ring, self.seat
        # Each kind tested once, then what it says, the most frequent first (most events
        # are another seat's turn).
        stale = self.stale
        for kind, d in view.log[self.read:]:
            if kind == "turn":          # a third of all events: before the kinds skipped
                if d["seat"] == me:
                    self.idle += 1
            elif kind not in _NOTED:
                if kind in _CHANGES:
                    stale |= _CHANGES[kind]
            elif kind == "draw":
                if d["seat"] == me:
                    self.idle = 0
            elif kind == "apple_exchange":
                self.exchanges.append((d["seat"], d["target"], d.get("one_way", False)))
            elif kind == "hand_exchange":
                a, b = d["seat"], d["target"]
                if d.get("one_way"):
                    if self.ring_at == a:
                        self.ring_at = b
                    elif self.ring_at == b:
                        self.ring_at = None
                elif self.ring_at in (a, b):
                    self.ring_at = b if self.ring_at == a else a
            elif kind == "card_discarded":
                if d["card"] == ring:
                    self.ring_at = None
            elif kind == "ability":     # a character shown: news but of my own
                if d["seat"] == me:
                    self.last_target = d.get("target")
                else:
                    stale |= ROLES
            elif kind == "killed":
                self.not_snow_white.add(d["seat"])
                stale |= ROLES
            elif kind == "eliminated":
                if self.ring_at == d["seat"]:
                    self.ring_at = None
                stale |= ROLES | APPLES
            elif d["card"] == ring:     # deal_seen, draw_seen, hand_received
                self.ring_at = d["seat"]
        self.read = len(view.log)
        self.stale = stale
        if ring in view.hand:
            self.ring_at = self.seat
        elif self.ring_at == self.seat:
            self.ring_at = None

    # --- what the bot's side wants ------------------------------------------------------
    def weigh(self, b: Belief) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
        """Per seat, what its death (`dead`) and the poison on its plate (`plate`) are
        worth to the bot's side; a seat's worth is dead * P(it dies) + plate * P(poison)."""
        me, p_sw, p_rose, faction = self.seat, b.p_sw, b.p_rose, self.faction
        dead, plate, worth = {}, {}, {}
        for s in b.living:
            sw = p_sw.get(s, 0.0)
            if faction == "queen":
                w = sw
            elif faction == "snow_white":
                w = -sw + 0.6 * p_rose.get(s, 0.0)
            else:
                w = -sw - (1.0 if s == me else 0.0)      # Rose must live too
            dead[s] = w
            # The Queen shows her apple first and hands a poisoned one to whom she likes.
            plate[s] = x = 0.8 * max((p for x, p in p_sw.items() if x != s), default=0.0) \
                if self.is_queen and s == me else 0.0
            worth[s] = w + x                 # worth per unit of danger
        return dead, plate, worth

    @staticmethod
    def term(b: Belief, s: str, d: float, ring: bool) -> float:
        """What seat `s` is worth to the bot's side with a plate of danger `d` (and the
        ring, or not)."""
        return b.dead[s] * (1.0 if ring else d) + b.plate[s] * d

    def change(self, b: Belief, tiles: dict | None = None, ring: str | None = "same") -> float:
        """How much better for the bot's side the table is with these seats' tiles (and
        the ring moved), than as it is."""
        ring = b.ring if ring == "same" else ring
        if not tiles:
            return self.ring_to(b, ring)
        seats = set(tiles)
        for x in (b.ring, ring):
            if x is not None:
                seats.add(x)
        v = 0.0
        for s in sorted(seats):   # a fixed order: float sums depend on it
            if s in b.dead:
                d = b.danger(tiles[s]) if s in tiles else b.risk[s]
                v += self.term(b, s, d, ring == s) - self.term(b, s, b.risk[s], b.ring == s)
        return v

    def ring_to(self, b: Belief, to: str | None) -> float:
        """`change` with only the ring moved (to `to`, or out of the game): the terms of
        the seat it leaves and the one it reaches, as `change` sums them."""
        old = b.ring
        if to == old:
            return 0.0                  # nothing moves: every seat's term is as it was
        seats = (to,) if old is None else (old,) if to is None else (old, to) if old < to else (to, old)
        dead, plate, risk = b.dead, b.plate, b.risk
        v = 0.0
        for s in seats:
            if s in dead:
                d = risk[s]
                v += (dead[s] * (1.0 if to == s else d) + plate[s] * d) - (dead[s] * (1.0 if old == s else d)
                                                                           + plate[s] * d)
        return v

    def swap_gains(self, b: Belief, pairs, less: float = 0.0) -> list[float]:
        """`change` for each pair of seats exchanging their tiles, the ring staying where it
        is, less `less` (a move's own cost)."""
        ring, risk, worth, term = b.ring, b.risk, b.worth, self.term
        out = []
        for x, y in pairs:
            if ring == x or ring == y:    # each takes the other's danger; the ring stays put
                v = 0.0
                for s, other in sorted(((x, y), (y, x))):   # as `change` sums them
                    if s in b.dead:
                        v += term(b, s, risk[other], ring == s) - term(b, s, risk[s], ring == s)
                out.append(v - less)
                continue
            dx, dy = risk[x], risk[y]
            out.append((0.0 if dx == dy else (worth.get(x, 0.0) - worth.get(y, 0.0)) * (dy - dx)) - less)
        return out

    def my_swaps(self, b: Belief, targets, less: float = 0.0) -> list[float]:
        """`swap_gains` of my tiles with each target's (targets as the moves name them)."""
        me, ring = self.seat, b.ring
        if ring == me:
            return self.swap_gains(b, map(tuple.__add__, repeat((me,)), targets), less)
        # `swap_gains`' sum with my danger and worth read once: the ring is mine for no pair.
        risk, worth = b.risk, b.worth
        dx, wx = risk[me], worth.get(me, 0.0)
        out = []
        for y, in targets:
            if ring == y:
                out += self.swap_gains(b, ((me, y),), less)
                continue
            dy = risk[y]
            out.append((0.0 if dx == dy else (wx - worth.get(y, 0.0)) * (dy - dx)) - less)
        return out

    def infos(self, b: Belief, targets, weight: float) -> list[float]:
        """What learning about each target's character is worth."""
        queen = self.faction == "queen"
        scale, hunt = (2.0, 0.0) if queen else (1.0, self.hunt(b))
        p_sw, p_rose, possible = b.p_sw, b.p_rose, b.possible
        out = []
        for target, in targets:
            if possible.get(target, 0).bit_count() <= 1:
                out.append(0.0)
                continue
            sw = p_sw.get(target, 0.0)
            worth = sw * (1.0 - sw) * scale
            if not queen:
                rose = p_rose.get(target, 0.0)
                worth += rose * (1.0 - rose) * hunt
            out.append(weight * worth)
        return out

    def apple_infos(self, b: Belief, targets) -> list[float]:
        """What a look at each target's tiles is worth."""
        tiles, p_sw, doubt, me = b.tiles, b.p_sw, b.doubt, self.seat
        base = 0.3 if self.faction == "queen" else 0.1
        rose = self.faction == "rose"
        out = []
        for target, in targets:
            relevance = p_sw.get(target, 0.0) + base
            if rose and target == me:
                relevance += 1.0
            out.append(doubt(tiles[target]) * relevance)
        return out

    # --- scoring moves --------------------------------------------------------------
    def choose(self, view) -> str:
        texts, groups = plan(tuple(view.legal))
        if not texts:
            return "stop"
        return self.best(view, texts, self.scores(self.believe(view), view, groups))

    def believe(self, view) -> Belief:
        """What the bot makes of this view, the next of its seat's game: what it was told
        since its last decision taken in, and what that left unchanged kept."""
        self._take_in(view)
        if self.faction is None:        # a seat's character is dealt once, for the game
            character = self.content.characters[view.character] if view.character else None
            self.faction = character.faction if character else "snow_white"
            self.is_queen = view.character == self.content.queen
            power = character.power("turn") if character else None
            self.power = power.effect if power else []
        return self.belief.renew(self, view)

    def best(self, view, legal: tuple[str, ...], scores: list[float]) -> str:
        """The best-scored move. Moves within a hair of the best are told apart by a
        small jitter, drawn afresh from the seed and the moment, so a game continued from
        its save plays on exactly as it would have without the interruption; a move
        better than all the others by more than the jitter wins whatever it draws, and
        then nothing is drawn."""
        top = max(scores)
        # The second best tells whether any move comes within a hair of the best (top - x
        # only grows as x falls).
        if len(scores) == 1 or top - sorted(scores)[-2] >= TIE:
            return legal[scores.index(top)]
        # Only the moves near the best can win (the jitter is less than the hair): the
        # k-th move's jitter is the k-th number drawn from the seed and the moment.
        # (narrator.bots.drawn's numbers, drawn here: a call for each cost more than them.)
        key, bits = self.seed * 1_000_003 + view.moment + 0x9E3779B97F4A7C15, (1 << 64) - 1
        at, won = -1, 0.0
        for i, x in enumerate(scores):
            if top - x < TIE:
                z = (key + i * 0x9E3779B97F4A7C15) & bits
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & bits
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & bits
                drew = x + (z ^ (z >> 31)) * _DRAWN
                # The greatest (score, text), as max over such pairs keeps: at equal
                # scores the greater text.
                if at < 0 or drew > won or (drew == won and legal[i] > legal[at]):
                    at, won = i, drew
        return legal[at]

    def scores(self, b: Belief, view, groups: tuple[Group, ...]) -> list[float]:
        """Every move's score, in order, a group of like moves at a time (a turn's
        exchanges, a card's designations): what the moves of a group share is read once."""
        me, ring = self.seat, b.ring
        out: list[float] = []
        for verb, what, i, targets in groups:
            if verb == "exchange" and what == "apple":
                out += self.my_swaps(b, targets, 0.01)
            elif verb == "exchange":      # hands: only the ring's whereabouts matter
                if ring is None:
                    out += [-0.02] * len(targets)
                else:
                    for t, in targets:
                        out.append(-0.02 if ring != me and ring != t
                                   else self.ring_to(b, t if ring == me else me) - 0.02)
            elif verb == "progress" and what:
                card, other, kept = self.holding(b, view, i)
                if what == "discard":
                    out += [kept] * len(targets)
                else:
                    extra = 0.0 if card.id in self.box.throws else kept
                    effect = card.effect      # most cards do one thing: scored without `steps`
                    for g in (self.step(b, effect[0], targets, other) if len(effect) == 1
                              else self.steps(b, effect, targets, other)):
                        out.append(g + extra)
            elif verb == "ability":
                showing = self.showing(view)
                for g in self.steps(b, self.power, targets, view.hand):
                    out.append(g - 0.03 - showing)
            elif verb == "progress":      # draw a card (one move)
                out.append(0.06 + 0.05 * self.idle + (0.1 if view.pile < 3 else 0.0))
            elif verb == "check":         # my own tiles (one move)
                # apple_infos' worth of a look at my own tiles, without its call and list
                relevance = b.p_sw.get(me, 0.0) + (0.3 if self.faction == "queen" else 0.1)
                if self.faction == "rose":
                    relevance += 1.0
                sw_at_risk = view.character == self.content.snow_white and b.risk[me] > 0
                out.append(0.5 * (b.doubt(b.tiles[me]) * relevance) + (0.15 if sw_at_risk else 0.0))
            else:
                out += [self.score(b, view, verb, chosen) for chosen in targets]
        return out

    def score(self, b: Belief, view, verb: str, chosen: tuple[str, ...]) -> float:
        """The score of one of the moves a decision has few of."""
        if verb == "give":
            t = chosen[0]
            return b.p_sw.get(t, 0.0) + 0.3 * (1 - b.p_sw.get(t, 0.0)) * b.p_rose.get(t, 0.0)
        if verb == "keep":
            return -1.0
        if verb in ("yes", "no"):
            t = self.last_target
            if t is None:
                return 0.0 if verb == "no" else -0.001
            return self.swap_gains(b, ((self.seat, t),))[0] if verb == "yes" else 0.0
        return 0.0

    def holding(self, b: Belief, view, i: int):
        """Hand card `i` of this decision, the rest of the hand, and what keeping the rest
        is worth: the same for every seat the card may designate, so read once a view."""
        held = b.held.get(i)
        if held is None:
            hand = view.decision.cards if view.decision else view.hand
            other = hand[:i] + hand[i + 1:]
            held = b.held[i] = (self.content.cards[hand[i]], other, self.keep(b, other))
        return held

    def showing(self, view) -> float:
        """What showing my character costs my side. Every character the table sees is one
        fewer place for Snow White to hide: a friend of hers (or Rose, who needs her alive)
        who shows himself leaves the Queen fewer hoods to choose from. Rose weighs it
        lightly: what she learns by her look serves her alone."""
        if self.faction == "queen" or view.table[view.seats.index(self.seat)].shown:   # the table's order
            return 0.0
        return SHOWING_COST[self.faction]

    def keep(self, b: Belief, cards: tuple[str, ...]) -> float:
        """What the cards left in hand are worth holding."""
        worth = 0.0
        for c in cards:
            card = self.content.cards[c]
            if card.weapon:
                worth += 0.12
            elif card.at_end == "kill_holder":
                worth -= 0.3 if self.faction != "queen" else 0.0
            elif c in self.box.throws and b.ring == self.seat:
                worth += 0.1
            else:
                worth += 0.02
        return worth

    def steps(self, b: Belief, steps: list[Step], targets, hand: tuple[str, ...]) -> list[float]:
        """What carrying out these steps is worth, for each choice of the seats they
        designate: a step at a time over every choice."""
        if not steps:
            return [0.0] * len(targets)
        total = self.step(b, steps[0], targets, hand)
        for step in steps[1:]:
            total = list(map(float.__add__, total, self.step(b, step, targets, hand)))
        return total

    def step(self, b: Belief, step: Step, targets, hand: tuple[str, ...]) -> list[float]:
        op, me, ring = step.op, self.seat, b.ring
        if op == "swap_apples":
            return self.swap_gains(b, targets)
        out = []
        if op == "swap_hands":      # only the ring's whereabouts matter
            for x, y in targets:
                out.append(self.ring_to(b, y if ring == x else x) if ring == x or ring == y else 0.0)
            return out
        if op == "ask":
            return self.infos(b, targets, QUESTION_WEIGHT[step.question])
        if op == "look_character":
            return self.infos(b, targets, 1.0)
        if op == "look_apple":
            return self.apple_infos(b, targets)
        if op == "may_exchange_apples":
            for g in self.my_swaps(b, targets):
                out.append(0.5 * max(0.0, g))
            return out
        if op == "take_apple":
            for t, in targets:
                out.append(self.change(b, {me: b.tiles[me] + b.tiles[t], t: ()}))
            return out
        if op == "throw_away":      # their hand goes; mine, and the ring if I hold it, goes to them
            armed = not self.box.killers.isdisjoint(hand)
            for t, in targets:
                out.append(self.ring_to(b, t if armed else None if ring == t else ring) + 0.01)
            return out
        if op == "kill":
            for t, in targets:
                out.append(self.kill_worth(b, t))
            return out
        return [0.0] * len(targets)

    def hunt(self, b: Belief) -> float:
        """How hard Snow White's friends look for Rose. Rose alive is as sure a loss for
        them as Snow White dead, but every look and weapon turned on Rose is one not spent
        guarding Snow White: where her friends outnumber the Queen's people (four to two
        at seven players, the first mix) they can spare more of them for the hunt. The
        cast is public, so every seat can count it."""
        if self.hunt_weight is None:
            factions = [self.content.characters[c].faction for c in b.view.cast]
            self.hunt_weight = ROSE_HUNT * factions.count("snow_white") / max(1, factions.count("queen"))
        return self.hunt_weight

    def kill_worth(self, b: Belief, target: str) -> float:
        sw = b.p_sw.get(target, 0.0)
        if self.faction == "queen":
            return sw - 0.05 * b.p_queen.get(target, 0.0)
        worth = 0.3 * b.p_queen.get(target, 0.0) - 1.5 * sw
        if self.faction == "snow_white":
            worth += 0.8 * self.hunt(b) * b.p_rose.get(target, 0.0)
        return worth
