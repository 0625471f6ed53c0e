"""Balance: who wins, table by table, when partner bots sit at every seat.

Why: the designer's target is that every side can win and none is a formality. This
plays GAMES seeded games per table with the partner bot at every seat and prints one
line per table: the win shares that table is judged by.

- Snow White: the Queen's faction and Rose (goal: Queen 35-65 %, Rose 5-20 % where she
  plays), and how often a weapon kills Snow White.
- FunnyTime: each starter deck's wins, each deck played from both seats (goal 45-55 %),
  the duels decided at the deadline (goal <= 5 %), and the dark-sky losses at Show Time
  (every one, so an upper bound on the forced ones: goal <= 2 %).
- Fatima: each seat's wins against its fair share, the shares of the nation that empties
  the deck and of the first to play in the final round, and the wins by place in the
  final round's order of play (goal: all within +-30 % of the fair share; a share
  outside it is flagged with `!`). A shared crown counts as a share of a win.
- For Fumie, The Hidden Murderous Intent: the games over by turn 2 (goal <= 3 %).

A figure outside its goal is flagged with `!`.

    python bench/balance.py [GAMES]
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from narrator import bots  # noqa: E402
from narrator.library import load  # noqa: E402
from engine.funnytime.content import MANUSCRIPT  # noqa: E402

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 400


def play(story, table: dict, seed: int, watch=None):
    """One partner-bot game: its final state and its ending. `watch(state)`, if given, is
    called before every decision."""
    g = story.family
    options = {**table, "known": set()}
    seats = story.seats_for(options)
    state = g.new_game(story.content, seats, seed, options)
    players = {s: bots.make("partner", story, s, seed) for s in seats}
    while (ended := g.ending(state)) is None:
        if watch is not None:
            watch(state)
        seat = g.to_act(state)[0]
        g.apply(state, seat, g.parse(players[seat].choose(story.view(state, seat))))
    return state, ended


def pct(n: float, of: int) -> str:
    return f"{100 * n / of:5.1f}%"


def _goal(n: float, low: float, high: float, of: int | None = None) -> str:
    """A share, flagged with `!` when it is outside its goal of low-high %."""
    of = of or GAMES
    share = 100 * n / of
    return pct(n, of) + ("!" if not low - 1e-9 <= share <= high + 1e-9 else "")


def snow_white() -> None:
    story = load("applerulette")
    for players, mix in ((4, 1), (4, 2), (5, 1), (5, 2), (6, 1), (7, 1), (7, 2), (8, 1)):
        queen = rose = weapon = 0
        for seed in range(GAMES):
            state, ended = play(story, {"episode": "tale", "players": players, "mix": mix}, seed)
            sides = {story.content.characters[state.roles[s]].faction for s in ended.detail.get("winners", ())}
            queen += "queen" in sides
            rose += "rose" in sides
            weapon += ended.cause == "weapon" or ended.id == "weapon"
        plays_rose = "rose" in {story.content.characters[r].faction for r in state.roles.values()}
        print(f"applerulette {players} players mix {mix}: Queen's faction {_goal(queen, 35, 65)}, "
              f"Rose {_goal(rose, 5, 20) if plays_rose else pct(rose, GAMES)}, "
              f"Snow White killed by a card {pct(weapon, GAMES)}")


def funnytime() -> None:
    story = load("funnytime")
    seats = story.seats_for({})
    starters = [story.content.starter[s] for s in seats]
    wins, deadline, show_dark, forced = Counter(), 0, 0, 0
    for swap in (False, True):
        decks = dict(zip(seats, reversed(starters) if swap else starters))
        for seed in range(GAMES // 2):
            cornered: set = set()
            state, ended = play(story, {"episode": "duel", "decks": decks}, seed,
                                lambda st: cornered.update(_cornered(st)))
            winner = ended.detail.get("winner")
            if winner is not None:
                wins[decks[winner]] += 1
            deadline += ended.cause == "deadline"
            at_show = ended.cause == "dark" and _last_bill(state) == "show"
            show_dark += at_show
            forced += at_show and (state.number, ended.detail.get("loser")) in cornered
    games = 2 * (GAMES // 2)
    print("funnytime: " + ", ".join(f"{d} {_goal(wins[d], 45, 55, games)}" for d in starters)
          + f"; decided at the deadline {_goal(deadline, 0, 5, games)}"
          + f"; dark-sky losses at Show Time {pct(show_dark, games)}, forced {_goal(forced, 0, 2, games)}")


def _cornered(state):
    """At Make Time, the artists whose cheapest manuscript (the four panels they can field
    with the fewest icons, or all of them if fewer; cards in the Stock Pool are fielded too) costs more than their lit stars: they
    must lay it, and Show Time's bill will put their sky out. Yields (本, seat)."""
    if state.phase != "make":
        return
    content = state.content
    for seat, side in state.sides.items():
        panels = [c for c in side.hand if content.is_koma(c)] + list(side.stock)
        cheapest = sorted(content.icons(c) for c in panels)[:MANUSCRIPT]
        if sum(cheapest) > len(state.lit(seat)):
            yield state.number, seat


def _last_bill(state) -> str | None:
    """What the last payment in stars was for: a sky that went dark paying for Show Time's
    panels is the loss the panels forced (or a choice of panels that could not be paid)."""
    paid = [e for e in state.log if e.kind == "paid"]
    return paid[-1].data["reason"] if paid else None


def fatima() -> None:
    story = load("fatima")
    for players in (2, 5, 8):
        wins, emptier, first_final = Counter(), 0.0, 0.0
        order = Counter()       # wins by place in the final round's order of play
        for seed in range(GAMES):
            state, ended = play(story, {"episode": "chronicle", "players": players}, seed)
            won = ended.detail.get("winners", ())
            share = {s: 1 / len(won) for s in won}   # a shared crown is shared here too
            for s in won:
                wins[s] += share[s]
            final = next(e.data for e in state.log if e.kind == "deck_empty")
            emptier += share.get(final["seat"], 0.0)
            first_final += share.get(final["left"][0], 0.0)
            for place, s in enumerate(final["left"]):
                order[place] += share.get(s, 0.0)
        fair = GAMES / players
        seats = story.seats_for({"players": players})
        worst = max(abs(wins[s] - fair) / fair for s in seats)
        print(f"fatima {players} nations: fair share {pct(fair, GAMES).strip()} (goal "
              f"{pct(0.7 * fair, GAMES).strip()}-{pct(1.3 * fair, GAMES).strip()}); seats "
              + " ".join(_fair(wins[s], fair) for s in seats)
              + f"; worst seat off by {100 * worst:.0f}%; deck-emptier wins {_fair(emptier, fair)},"
              f" first of the final round {_fair(first_final, fair)}; by place in the final round"
              f" (first to last, the last is the emptier) " + " ".join(_fair(order[i], fair) for i in range(players)))


def _fair(won: float, fair: float) -> str:
    """A share, flagged with `!` when it is outside +-30 % of the fair share."""
    return pct(won, GAMES).strip() + ("!" if abs(won - fair) > 0.3 * fair + 1e-9 else "")


def fumie_murder() -> None:
    story = load("fumie")
    early = 0
    for seed in range(GAMES):
        state, ended = play(story, {"episode": "murder"}, seed)
        early += state.turn <= 2 and ended.id != "stopped"
    print(f"fumie/murder: over by turn 2 {_goal(early, 0, 3)}")


if __name__ == "__main__":
    snow_white()
    funnytime()
    fatima()
    fumie_murder()
