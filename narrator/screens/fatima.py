"""The Fatima Unveiling Game at the terminal: pictures of a seat's view.

Only the view is drawn (with the cards' printed texts, which every player may read),
so nothing here can show what the seat may not see: another nation's hand is a number,
a king face down is "veiled", and a card laid face down is shown only to its owner.
"""
from __future__ import annotations
from narrator.screens import drawing, previously


def _who(seat: str, names) -> str:
    return names.get(seat, seat)


def _card_name(card_id: str) -> str:
    return drawing().content.cards[card_id].name


def card(face, *, text: bool = True) -> str:
    """One line for a card: its name, its numbers, and (optionally) its printed text."""
    bits = {
        "king": lambda: f"{face.combat}, military {face.military}",
        "person": lambda: f"{face.role} {face.combat}",
        "fatima": lambda: f"Fatima, {face.points} points",
        "action": lambda: "action, on your turn" if face.role == "turn"
        else ("combat action" + (f" {face.combat}" if face.combat else "")),
        "event": lambda: "event",
    }[face.kind]()
    line = f"{face.name} [{bits}]"
    if text:
        line += f" — {face.text}"
        if face.kind == "king":
            line += f" Decree: {face.decree}"
    return line


def hand(view, names) -> str:
    out = [f"Your king (face {'up' if view.nation(view.seat).king_shown else 'down'}): " + card(view.king)]
    if view.nation(view.seat).decree_used:
        out.append("  (his decree has been used)")
    limit = f"military power {view.military}"
    if not view.hand:
        out.append(f"Your hand is empty ({limit}).")
        return "\n".join(out)
    over = " — over your military power!" if len(view.hand) > view.military else ""
    out.append(f"Your hand, {len(view.hand)} cards ({limit}{over}):")
    out += [f"  {i}. {card(f)}" for i, f in enumerate(view.hand, 1)]
    return "\n".join(out)


def _court(nv) -> str:
    if not nv.fatima:
        return "no Fatima"
    parts = [f"{f.face.name} " + (f"{f.value:+d}" if f.value is not None else "?")
             for f in nv.fatima]
    return "; ".join(parts)


def table(view, names) -> str:
    deck = f"{view.deck} cards in the deck" if view.deck else "the deck is spent"
    if view.final_round:
        left = ", ".join(names.get(s, s) for s in view.final_left) or "none"
        deck += f"; the final round — still to play: {left}"
    out = [f"Turn {view.turn}; {deck}."]
    if view.truce_until:
        out.append(f"The Holy Truce holds until {names.get(view.truce_until, view.truce_until)}'s next turn.")
    for w in view.wards:
        out.append(f"{names.get(w, w)}'s passes are closed: it cannot be attacked until its next turn.")
    for nv in view.nations:
        me = " (you)" if nv.seat == view.seat else ""
        if nv.king is None:
            king = "king veiled"
        else:
            how = "" if nv.king_shown or nv.seat == view.seat else ", seen in secret"
            king = f"{nv.king.name} ({nv.king.combat}, military {nv.king.military}{how})"
            if nv.king_shown and nv.seat != view.seat:
                king += ""
        score = f"{nv.score}" + ("" if nv.score_certain else "?")
        out.append(f"  {_who(nv.seat, names)}{me}: {score} points — {_court(nv)}")
        out.append(f"      {king}; {nv.hand} cards in hand" + ("; decree used" if nv.decree_used else ""))
    if view.combat is not None:
        out.append(combat(view, names))
    return "\n".join(out)


def combat(view, names) -> str:
    c = view.combat
    rider = "the king himself" if c.attack_king else "a card face down"
    line = (f"Combat: {_who(c.attacker, names)} attacks {_who(c.defender, names)} for {c.fatima},"
            f" with {rider}.")
    if c.my_card is not None:
        line += f" You laid down: {c.my_card.name}."
    return line


def pile(view, names) -> str:
    if not view.discard:
        return "The discard pile is empty."
    out = [f"The discard pile, {len(view.discard)} cards (latest last):"]
    out += [f"  {card(f, text=False)}" for f in view.discard[-20:]]
    if len(view.discard) > 20:
        out.insert(1, f"  … {len(view.discard) - 20} older cards")
    return "\n".join(out)


def _held(view) -> list[str]:
    """The hand, each card by its position, with what it says (an Event's effect too)."""
    return [f"  card {i}: {card(f)}" for i, f in enumerate(view.hand, 1)]


def decision(view, names) -> str:
    d = view.decision
    if d is None:
        return "Nothing is asked of you now."
    out = [d.prompt]
    if d.kind == "turn":
        out[0] = f"Turn {view.turn}, {names.get(view.seat, view.seat)}: " + d.prompt
        if view.final_round:
            out.append("  (the final round: no card is drawn)")
        if any(a.startswith("decree") for a in d.options):
            out.append(f"  Your king's decree: {view.king.decree}")
        out += _held(view)
    elif d.kind == "defend":
        out.insert(0, combat(view, names))
        out += _held(view)
    elif d.kind == "discard":
        out.append(f"  (military power {view.military}; {len(view.hand)} cards in hand)")
    return "\n".join(out)


def _laid(view, n: str) -> str:
    if n == "king":
        return "your king himself"
    k = int(n)
    return view.hand[k - 1].name if k <= len(view.hand) else f"card {n}"


def _her(view, nation: str, fatima: str) -> str:
    nv = view.nation(nation)
    f = next((x for x in nv.fatima if x.face.id == fatima), None)
    if f is None:
        return _card_name(fatima)
    return f"{f.face.name} ({f'{f.value:+d}' if f.value is not None else '?'} there)"


def does(view, names, action: str) -> str:
    w = action.split()
    d = view.decision
    who = lambda s: _who(s, names)   # noqa: E731
    if w[0] == "stop":
        return "end the story here, on its page (you are asked first)"
    if w[0] == "pass":
        return "let the chance go" if d is not None and d.kind != "turn" else "end your turn without acting"
    if w[0] == "action" and len(w) > 1:
        return f"play {_laid(view, w[1])}" + (f" on {who(w[2])}" if len(w) > 2 else "")
    if w[0] == "decree":
        rest = f" on {who(w[1])}" + (f", for {_her(view, w[1], w[2])}" if len(w) > 2 else "") if len(w) > 1 else ""
        return "your king's decree" + rest
    if w[0] == "attack" and len(w) == 5:
        return f"attack {who(w[1])} for {_her(view, w[1], w[2])}, laying down {_laid(view, w[4])}"
    if w[0] == "avoid":
        return "hand the Fatima over without a fight"
    if w[0] == "fight" and len(w) == 3:
        return f"fight, laying down {_laid(view, w[2])} face down"
    if w[0] in ("give", "discard") and len(w) == 2 and w[1].isdecimal():
        return f"{w[0]} {_laid(view, w[1])}"
    if w[0] == "give" and len(w) == 2:
        return f"give {_card_name(w[1])} in exchange"
    if w[0] == "spy" and len(w) == 2:
        return f"see {who(w[1])}'s king in secret"
    if w[0] == "unveil" and len(w) == 2:
        return f"unveil {_card_name(w[1])}: every nation rolls for her hand"
    return ""


def status(view, names) -> str:
    me = view.nation(view.seat)
    deck = f"deck {view.deck}" if view.deck else "deck spent, final round" if view.final_round else "deck spent"
    return f"turn {view.turn} · {deck} · your points {me.score} · hand {len(view.hand)}/{view.military}"


def recap(view, names) -> str:
    """Where the story stands, for a player coming back to it."""
    me = view.nation(view.seat)
    best = max(view.nations, key=lambda nv: nv.score)
    out = [f"{previously()} it is turn {view.turn}, and "
           + (f"{view.deck} cards are left in the deck." if view.deck else "the deck is spent.")]
    if best.seat == view.seat:
        out.append(f"{names[view.seat]} leads, with {me.score} points of Fatima at court.")
    else:
        out.append(f"{names[best.seat]} leads with {best.score} points; {names[view.seat]} holds {me.score}.")
    out.append(f"Your hand holds {len(view.hand)} cards, and your military power is {view.military}.")
    return " ".join(out)


def catalogue(box, known=frozenset()) -> str:
    """The kings, persons, Fatima (with the rules that combine them) and the other cards,
    as `narrator cards fatima` prints them: every card's face is printed for all to read."""
    out = [f"Kings ({len(box.kings)}): one is dealt to each nation, face down.", ""]
    for k in box.kings.values():
        out.append(f"  {k.name}, {k.realm_title} [{k.combat}, military {k.military}]")
        out.append(f"      Decree — {k.decree.name}: {k.decree.text}")
    out += ["", f"Persons ({len(box.persons)}):", ""]
    for p in box.persons.values():
        out.append(f"  {p.name} [{p.role} {p.combat}] — {' '.join(p.text.split())}")
    out += ["", f"Fatima ({len(box.fatima)}): points, and how they combine at the count.", ""]
    for f in box.fatima.values():
        rules = " ".join(r.text for r in f.rule)
        ruled = "  (a king's rule may change her worth)" if f.id in box.king_ruled else ""
        out.append(f"  {f.name} — {f.points} points." + (f" {rules}" if rules else "") + ruled)
    out += ["", f"Events ({len(box.events)}): played at once when drawn.", ""]
    for e in box.events.values():
        out.append(f"  {e.name} — {' '.join(e.text.split())}")
    out += ["", f"Action cards ({len(box.actions)}):", ""]
    for a in box.actions.values():
        when = "on your turn" if a.use == "turn" else "in combat"
        out.append(f"  {a.name} ({when}) — {' '.join(a.text.split())}")
    return "\n".join(out)


# Private events that only record this seat's own hidden choice: taking back the move
# that made one tells the player nothing new (narrator/undo.py).
OWN_CHOICES = frozenset()


# The commands that show a part of the view, for the REPL's help and completion.
COMMANDS = {
    "hand": "your king and the cards in your hand, with their positions",
    "table": "every nation: its Fatima and points, its king if known, its hand size",
    "pile": "the discard pile (face up; `discard N` is the action)",
}


def show(command: str, view, names) -> str:
    return {"hand": hand, "table": table, "pile": pile}[command](view, names)


def facts(view, names) -> str:
    """Everything this seat knows, for a model's prompt."""
    return hand(view, names) + "\n\n" + table(view, names)
