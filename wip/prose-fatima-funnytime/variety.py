"""Quick local measurement of repetition in narrated bot games (per seat)."""
import re, sys
from collections import Counter
sys.path.insert(0, ".")
from narrator import bots
from narrator.library import load
from narrator.narration import Narrator

SENT = re.compile(r"(?<!\bMs\.)(?<!\bMr\.)(?<!\ba\.m\.)(?<!\bp\.m\.)(?<=[.!?…”])\s+(?=[“A-Z0-9\"'‘(])")

def game_log(story, seed, players=None):
    g, view = story.family, story.view
    ep = story.episodes[0]["id"]
    options = {"episode": ep, "known": set()}
    if players: options["players"] = players
    seats = story.seats_for(options)
    state = g.new_game(story.content, seats, seed, options)
    ps = {s: bots.make("partner", story, s, seed) for s in seats}
    while g.ending(state) is None:
        seat = g.to_act(state)[0]
        g.apply(state, seat, g.parse_action(ps[seat].choose(view(state, seat))))
    return state.log, seats

def sentences(passages):
    out = []
    for p in passages:
        for s in SENT.split(" ".join(p.split())):
            s = s.strip()
            if s: out.append(s)
    return out

def measure(sid, games=20, players=None, show=0):
    story = load(sid)
    import os
    flav = set()
    if os.environ.get('NOFLAV'):
        for c in story.content.cards.values():
            flav |= set(sentences([getattr(c, 'flavour', '') or '']))
    per_game = []
    for n in range(games):
        log, seats = game_log(story, 1000 + n, players)
        seat = seats[0]
        nar = Narrator(story, 1000 + n, set())
        per_game.append([x for x in sentences(nar.tell(log, 0, seat)) if x not in flav])
    rep = [ (len(s) - len(set(s))) / max(1, len(s)) for s in per_game]
    inv = Counter(x for s in per_game for x in set(s))
    total = sum(len(s) for s in per_game)
    stock_occ = sum(1 for s in per_game for x in s if inv[x] >= games / 2)
    stock_distinct = sum(1 for x in inv if inv[x] >= games / 2) / max(1, len(inv))
    worst = max((c, x) for s in per_game for x, c in Counter(s).items())
    print(f"{sid}: repeated within a game {100*sum(rep)/len(rep):.1f}% (max {100*max(rep):.1f}%); "
          f"stock {100*stock_occ/total:.1f}% of sentences, {100*stock_distinct:.1f}% of distinct; "
          f"most in one game {worst[0]}x: {worst[1][:70]!r}; avg {total/games:.0f} sentences")
    if show:
        allc = Counter()
        for s in per_game:
            for x, c in Counter(s).items():
                if c > 1: allc[x] += c - 1
        for x, c in allc.most_common(show): print(f"  {c:4d} {x[:110]}")
        print("  stock:")
        for x, c in inv.most_common(show):
            if c >= games/2: print(f"  {c:4d}/{games} {x[:110]}")

if __name__ == "__main__":
    for sid in sys.argv[1:] or ["fatima", "funnytime"]:
        measure(sid, show=int(__import__("os").environ.get("SHOW", "0")))
