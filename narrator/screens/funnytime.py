"""FunnyTime at the terminal: pictures of a seat's view (hand, table, sky, decision).

Only the view is drawn, so nothing here can show what the seat may not see. The card
pool itself is public (`catalogue`, for `narrator cards funnytime`).
"""
from __future__ import annotations

from engine.funnytime.content import CLEAN, KANJI, POSITIONS, ROTATION_NAMES, ROTATIONS
from narrator.screens import drawing, previously


def content():
    """The card pool of the story being drawn."""
    return drawing().content


def pos(p: str) -> str:
    return f"{KANJI[p]} {p}"


# --- cards -------------------------------------------------------------------------------

def koma_line(card: str) -> str:
    k = content().koma[card]
    return f"{k.name} [{k.icon_text}] cost {k.cost}  ({card})"


def koma_rotations(card: str, indent: str = "    ", only=ROTATIONS) -> list[str]:
    k = content().koma[card]
    out = []
    for rot in only:
        r = k.rotation(rot)
        effect = r.text()
        out.append(f"{indent}{rot:<5} FP {r.fp:>3}" + (f"  {effect}" if effect else ""))
    if k.works_on_miss:
        out.append(f"{indent}(its effects work even when misplaced)")
    return out


def make_line(card: str) -> str:
    m = content().make[card]
    return f"{m.name} — cost {m.cost}  ({card})\n    {m.text}"


def card_block(card: str) -> str:
    if card in content().koma:
        return "\n".join([koma_line(card), *koma_rotations(card)])
    return make_line(card)


def name(card: str) -> str:
    return content().cards[card].name


def catalogue(box, known=frozenset()) -> str:
    """The whole pool, as `narrator cards funnytime` prints it."""
    out = [f"Koma cards ({len(box.koma)}): icons say where a panel belongs (起 承 転 結); the cost is the"
           " number of icons. Lay a card upright to open it left or right, inverted to open it up or down.", ""]
    for k in sorted(box.koma.values(), key=lambda c: c.number):
        out.append(f"No.{k.number:>3}  {k.name} [{k.icon_text}] cost {k.cost}  ({k.id})")
        for rot in ROTATIONS:
            r = k.rotation(rot)
            effect = r.text()
            out.append(f"        {ROTATION_NAMES[rot]:<10} FP {r.fp:>3}" + (f"  {effect}" if effect else ""))
        if k.works_on_miss:
            out.append("        Its effects work even when it is misplaced.")
    out += ["", f"Make cards ({len(box.make)}): paid in stars when revealed at the end of Make Time."]
    for m in sorted(box.make.values(), key=lambda c: c.number):
        out.append(f"No.{m.number:>3}  {m.name} — cost {m.cost}  ({m.id})")
        out.append(f"        {m.text}")
    out += ["", "Starter decks: " + ", ".join(f"{d.id} ({d.name})" for d in box.decks.values())]
    return "\n".join(out)


# --- the view ------------------------------------------------------------------------------

def hand(view, names) -> str:
    me = view.me
    out = [f"Your hand ({me.hand_count} cards; {me.deck} left in your deck — {me.deck_name}):"]
    koma = [c for c in me.hand if c in content().koma]
    make = [c for c in me.hand if c not in content().koma]
    for c in koma:
        out.append("  " + card_block(c).replace("\n", "\n  "))
    for c in make:
        out.append("  " + make_line(c).replace("\n", "\n  "))
    if me.stock:
        out.append("Your Stock Pool (each costs its icons in stars to keep, every 本):")
        for c in me.stock:
            out.append("  " + card_block(c).replace("\n", "\n  "))
    if view.plan is not None and (view.plan.laid or view.plan.makes or view.plan.rotations):
        out.append(plan(view))
    return "\n".join(out)


def plan(view) -> str:
    p = view.plan
    lines = ["Your secret plan so far:"]
    for position, card, orientation, source in p.laid:
        where = " (from the Stock Pool)" if source == "stock" else ""
        rot = dict(p.rotations).get(position)
        lines.append(f"  {pos(position)}: {name(card)}, laid {orientation}{where}" + (f", to open {rot}" if rot else ""))
    for position, rot in p.rotations:
        if position not in [x[0] for x in p.laid]:
            lines.append(f"  {pos(position)}: to open {rot}")
    if p.makes:
        lines.append(f"  Make cards: {', '.join(name(c) for c in p.makes)} (cost {p.make_cost})")
    return "\n".join(lines)


def manuscript(side, names, mine: bool, penalty: int) -> str:
    who = "Your" if mine else f"{names[side.seat]}'s"
    if not side.manuscript:
        return f"{who} manuscript: empty."
    rows = [f"{who} manuscript:"]
    for panel in side.manuscript:
        if panel.card is None:
            rows.append(f"  {pos(panel.position)}: a face-down panel")
            continue
        state = f"{name(panel.card)}, laid {panel.orientation}"
        if panel.rotation:
            state += f", opened {panel.rotation}: FP {panel.fp}"
            if panel.missed:
                state += f" (turned against its orientation: FP −{penalty})"
        if panel.misplaced:
            state += " — misplaced, its effects do not work" + \
                     (" (but this card's do)" if content().koma[panel.card].works_on_miss else "")
        if panel.beaten:
            state += " — beaten"
        rows.append(f"  {pos(panel.position)}: {state}")
    return "\n".join(rows)


def side_summary(side, names, mine: bool, limit: int) -> str:
    who = "You" if mine else names[side.seat]
    lines = [f"{who} ({side.deck_name}): {side.lit} stars lit, Botsu Box {side.botsu_icons}/{limit} icons,"
             f" {side.deck} cards in the deck, {side.hand_count} in hand."]
    if not mine and side.open_hand:
        lines.append(f"  Seen going into the hand: {', '.join(name(c) for c in side.open_hand)}")
    lines.append("  Stock Pool: " + (", ".join(name(c) for c in side.stock) or "empty"))
    lines.append("  Botsu Box: " + (", ".join(name(c) for c in side.botsu) or "empty"))
    lines.append("  Lost Hole: " + (", ".join(name(c) for c in side.lost) or "empty"))
    if side.played:
        lines.append("  Make cards waiting: " + ", ".join(name(c) for c in side.played))
    return "\n".join(lines)


def table(view, names) -> str:
    parts = [f"本 {view.number} of {view.deadline}.",
             side_summary(view.me, names, True, view.botsu_limit),
             side_summary(view.other, names, False, view.botsu_limit),
             manuscript(view.me, names, True, view.miss_penalty),
             manuscript(view.other, names, False, view.miss_penalty)]
    if view.peeks:
        parts.append("You peeked: " + "; ".join(f"{names[view.other.seat]}'s {pos(p)} is {name(c)}, laid {o}"
                                                for p, c, o in view.peeks))
    return "\n\n".join(parts)


def stars(side, names, mine: bool, number: int) -> str:
    who = "Your" if mine else f"{names[side.seat]}'s"
    out = [f"{who} planisphere: {side.lit} of {len(side.stars)} lit."]
    for s in side.stars:
        state = "lit" if s.lit else f"dark until 本 {s.relights}"
        out.append(f"  {s.kana:<8} {s.name:<28} relights after {len(s.kana)} 本 — {state}")
    return "\n".join(out)


def sky(view, names) -> str:
    return stars(view.me, names, True, view.number) + "\n\n" + stars(view.other, names, False, view.number)


def decision(view, names) -> str:
    d = view.decision
    if d is None:
        return "Waiting for your rival."
    out = [d.prompt]
    if d.kind == "make":
        p = view.plan
        if len(p.laid) < p.to_lay:
            nxt = POSITIONS[len(p.laid)]
            out.append(f"Next position: {pos(nxt)}. Upright opens left/right cleanly; inverted opens up/down."
                       " `hand` shows every card's panels.")
        if p.laid:
            out.append(plan(view))
    elif d.kind == "open":
        position = d.options[0].split()[1]
        panel = next(x for x in view.me.manuscript if x.position == position)
        clean = CLEAN[panel.orientation]
        out.append(f"{pos(position)}: {name(panel.card)}, laid {panel.orientation}: {' and '.join(clean)} are clean;"
                   f" the others cost FP −{view.miss_penalty}.")
        for p_, c, o in view.peeks:
            out.append(f"  (You peeked: {names[view.other.seat]}'s {pos(p_)} is {name(c)}, laid {o}.)")
    elif d.kind == "pay":
        out.append(f"To pay: {d.data['bill']} star(s) ({d.data['reason']}).")
    elif d.kind == "upkeep":
        out.append(f"{koma_line(d.data['card'])}: keep for {d.data['cost']} star(s), or release it.")
        out += koma_rotations(d.data["card"], "  ")
        owed = d.data["kept"] + d.data["cost"]
        if owed >= view.me.lit:
            # The rulebook: keep cards in the Stock Pool past what your stars can pay and
            # you put out every light, and lose.
            out.append(f"  Warning: keeping it would cost {owed} star(s) in all, and you have"
                       f" {view.me.lit} lit: your sky would go dark and you would lose.")
    elif d.kind == "return":
        out.append(f"You lack {d.data['lack']} Koma card(s); returned so far: "
                   + (", ".join(name(c) for c in d.data["chosen"]) or "none"))
    elif d.kind == "bonus":
        out.append(f"Draw {d.data['count']} card(s)?")
    return "\n".join(out)


def _star(view, star: str) -> str:
    s = next((x for x in view.me.stars if x.id == star), None)
    if s is None:
        return star
    return f"{s.kana} {s.name} (dark for {len(s.kana)} 本)"


def does(view, names, action: str) -> str:
    w = action.split()
    d = view.decision
    koma = content().koma
    if w[0] == "stop":
        return "lay down your pen and surrender: your rival wins (you are asked first)"
    if w[0] == "lay" and len(w) >= 4 and w[2] in koma:
        k = koma[w[2]]
        mark = "" if w[1] in k.icons else ", misplaced here"
        where = ", from the Stock Pool" if w[-1] == "stock" else ""
        return f"{k.name} [{k.icon_text}]{where}{mark}"
    if w[0] == "make" and len(w) == 2:
        m = content().make[w[1]]
        return f"{m.name} (cost {m.cost}): {m.text}"
    if w[0] == "done":
        return "your manuscript is ready"
    if w[0] == "open" and len(w) == 3:
        panel = next((x for x in view.me.manuscript if x.position == w[1]), None)
        if panel is not None and panel.card in koma:
            r = koma[panel.card].rotation(w[2])
            miss = "" if w[2] in CLEAN[panel.orientation] else f", FP −{view.miss_penalty} for turning it against its lay"
            effect = r.text()
            return f"FP {r.fp}{miss}" + (f"; {effect}" if effect else "")
    if w[0] == "spend" and len(w) == 2:
        return f"put out {_star(view, w[1])}"
    if w[0] == "pay":
        return "put out the stars that relight soonest"
    if w[0] in ("keep", "release") and len(w) == 2 and d is not None and d.kind == "upkeep":
        card = name(w[1])
        return f"keep {card} for {d.data['cost']} star(s)" if w[0] == "keep" else f"let {card} go"
    if w[0] == "return" and len(w) == 2:
        return f"put {name(w[1])} back for a redraw"
    if w[0] == "draw":
        return "take the bonus cards"
    if w[0] == "pass":
        return "leave them"
    return ""


def status(view, names) -> str:
    me, other = view.me, view.other
    return (f"本 {view.number}/{view.deadline} · stars {me.lit}/{len(me.stars)} · Botsu {me.botsu_icons}/{view.botsu_limit}"
            f" · deck {me.deck} · {names[other.seat]}: stars {other.lit}, Botsu {other.botsu_icons}")


def recap(view, names) -> str:
    """Where the story stands, for a player coming back to it."""
    me, other = view.me, view.other
    rival = names[other.seat]
    return (f"{previously()} the magazine is at issue 本 {view.number} of {view.deadline}."
            f" {me.lit} of your stars still burn and your Botsu Box holds {me.botsu_icons} of"
            f" {view.botsu_limit} icons; {rival} has {other.lit} stars lit and {other.botsu_icons} icons"
            f" of rejects. {me.deck} cards wait in your deck.")


# Private events that only record this seat's own hidden choice: taking back the move
# that made one tells the player nothing new (narrator/undo.py).
OWN_CHOICES = frozenset({"laid", "make_chosen", "rotation_chosen"})


COMMANDS = {
    "hand": "your hand, your Stock Pool, and your secret plan",
    "table": "both artists' piles and manuscripts",
    "sky": "both planispheres: which stars are lit, and when the dark ones relight",
}


def show(command: str, view, names) -> str:
    return {"hand": hand, "table": table, "sky": sky}[command](view, names)


def facts(view, names) -> str:
    """Everything this seat knows, for a model's prompt."""
    return hand(view, names) + "\n\n" + table(view, names)
