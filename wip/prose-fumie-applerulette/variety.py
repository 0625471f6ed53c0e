"""Local variety measure: 20 seeded partner-bot games, narrated per seat; three figures."""
import os, re, sys, zlib
from collections import Counter
sys.path.insert(0, ".")
from narrator import bots
from narrator.library import load
from narrator.narration import Narrator

def sentences(text):
    text = " ".join(text.split())
    return [s.strip() for s in re.split(r'(?<!Mr\.)(?<!Mrs\.)(?<!Dr\.)(?<=[.!?…])["”’]?\s+(?=[A-Z"“‘])', text) if s.strip()]

def games(sid, episode, n=20, seed=0, bot="partner", players=None):
    story = load(sid); g, view = story.family, story.view
    known = set()
    for k in range(n):
        s = seed + k
        options = {"episode": episode, "known": set(known)}
        if players: options["players"] = players
        seats = story.seats_for(options)
        state = g.new_game(story.content, seats, s, options)
        ps = {seat: bots.make(bot if bot != "mixed" else bots.NAMES[zlib.crc32(f"{s}:{seat}".encode())%2], story, seat, s) for seat in seats}
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.parse_action(ps[seat].choose(view(state, seat))))
        yield story, s, seats, state, set(known)
        known |= getattr(state, "known", set())

def measure(sid, episode, n=20, show=None, players=None, bot="partner"):
    by_seat = {}
    for story, s, seats, state, known in games(sid, episode, n, players=players, bot=bot):
      for seat in ([seats[int(os.environ.get("SEAT", 0))]] if "SEAT" in os.environ else seats[:2]):
        nar = Narrator(story, s, known, episode)
        text = nar.tell(state.log, 0, seat, episode)
        sents = [x for p in text for x in sentences(p)]
        by_seat.setdefault(seat, []).append(Counter(sents))
        if show is not None and s == show:
            print("\n\n".join(text))
    for seat, per_game in by_seat.items():
        report(sid, episode, seat, per_game, n)

def report(sid, episode, seat, per_game, n):
    rep = sum(sum(c - 1 for c in cnt.values()) for cnt in per_game) / max(1, sum(sum(cnt.values()) for cnt in per_game))
    docfreq = Counter(x for cnt in per_game for x in cnt)
    total_distinct = sum(len(cnt) for cnt in per_game)
    stock_occ = sum(sum(v for x, v in cnt.items() if docfreq[x] >= n / 2) for cnt in per_game)
    stock = stock_occ / max(1, sum(sum(cnt.values()) for cnt in per_game))
    worst = max((v, x) for cnt in per_game for x, v in cnt.items())
    print(f"{sid}/{episode} as {seat}: repeated {rep:.1%}  stock {stock:.1%}  worst {worst[0]}x {worst[1][:70]!r}")
    top = Counter()
    for cnt in per_game:
        for x, v in cnt.items():
            if v > 1: top[x] += v - 1
    for x, v in top.most_common(8): print("   rep", v, x[:90])
    for x, v in docfreq.most_common(6):
        if v >= n/2: print("   stock", v, x[:90])

if __name__ == "__main__":
    sid, ep = sys.argv[1], sys.argv[2]
    show = int(sys.argv[3]) if len(sys.argv) > 3 else None
    measure(sid, ep, show=show, players=int(sys.argv[4]) if len(sys.argv) > 4 else None)
