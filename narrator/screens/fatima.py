"""The Fatima Unveiling Game at the terminal: pictures of a seat's view.

Only the view is drawn (with the cards' printed texts, which every player may read),
so nothing here can show what the seat may not see: another nation's hand is a number,
a king face down is "veiled", and a card laid face down is shown only to its owner.
"""
from __future__ import annotations


def _who(seat: str, names) -> str:
    return f"{names.get(seat, seat)} ({seat})"


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
    parts = [f"{f.face.name} [{f.face.id}] " + (f"{f.value:+d}" if f.value is not None else "?")
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


def _attacks(view, legal: list[str]) -> list[str]:
    """Attacks grouped: each target once, with what may be laid down."""
    groups: dict[tuple[str, str], list[str]] = {}
    for a in legal:
        w = a.split()
        groups.setdefault((w[1], w[2]), []).append(w[4])
    if not groups:
        return []
    fighters = next(iter(groups.values()))
    named = ", ".join(("king" if c == "king" else f"{c} ({view.hand[int(c) - 1].name})") for c in fighters)
    out = ["  attack NATION FATIMA with N|king — for:"]
    for (nation, fatima), _ in groups.items():
        nv = view.nation(nation)
        f = next(x for x in nv.fatima if x.face.id == fatima)
        value = f"{f.value:+d}" if f.value is not None else "?"
        out.append(f"      {nation} {fatima}  ({f.face.name}, {value} there)")
    out.append(f"    laying down: {named}")
    return out


def decision(view, names) -> str:
    d = view.decision
    if d is None:
        return "Nothing is asked of you now."
    out = [d.prompt]
    legal = [a for a in d.options]
    if d.kind == "turn":
        out[0] = f"Turn {view.turn}, {names.get(view.seat, view.seat)}: " + d.prompt
        if view.final_round:
            out.append("  (the final round: no card is drawn)")
        simple = [a for a in legal if not a.startswith("attack")]
        grouped: dict[str, list[str]] = {}
        for a in simple:
            w = a.split()
            key = " ".join(w[:2]) if w[0] == "action" else w[0]
            grouped.setdefault(key, []).append(a)
        for key, forms in grouped.items():
            head = forms[0].split()
            if head[0] == "action":
                name = view.hand[int(head[1]) - 1].name
                out.append(f"  {' | '.join(forms[:6])}{' …' if len(forms) > 6 else ''}  ({name})")
            elif head[0] == "decree":
                out.append(f"  {' | '.join(forms[:6])}{' …' if len(forms) > 6 else ''}  ({view.king.decree})")
            else:
                out.append("  " + " | ".join(forms))
        out += _attacks(view, [a for a in legal if a.startswith("attack")])
        return "\n".join(out)
    if d.kind == "defend":
        out.insert(0, combat(view, names))
        fighters = [a.split()[-1] for a in legal if a.startswith("fight")]
        out.append("  avoid")
        named = ", ".join(("king" if c == "king" else f"{c} ({view.hand[int(c) - 1].name})") for c in fighters)
        out.append(f"  fight with N|king — {named}")
        return "\n".join(out)
    if d.kind in ("discard", "pass_left", "tribute"):
        if d.kind == "discard":
            out.append(f"  (military power {view.military}; {len(view.hand)} cards in hand)")
        for a in legal:
            out.append(f"  {a}  — {view.hand[int(a.split()[1]) - 1].name}")
        return "\n".join(out)
    out.append("  options: " + ", ".join(legal))
    return "\n".join(out)


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
