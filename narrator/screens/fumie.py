"""For Fumie at the terminal: pictures of a seat's view (hand, table, sheet, decision).

Only the view is drawn, so nothing here can show what the seat may not see.
"""
from __future__ import annotations

from engine.events import Event
from narrator.faces import Faces


def card(face, *, shown: bool = False) -> str:
    if face is None:
        return "(a card you have not seen)"
    mark = "  [shown]" if shown else ""
    if not face.known:
        return f"◆ {face.sleeve_name} — effect not yet known{mark}"
    lines = [f"{face.name} ({face.type}, {face.set}){mark}", f"    {face.text}"]
    lines += [f"    ★ {s}" for s in face.stars]
    if face.end_text:
        lines.append(f"    {face.end_text}")
    return "\n".join(lines)


def hand(view, names) -> str:
    me = view.me
    if not me.hand:
        return "Your hand is empty."
    other = names[view.other.seat]
    out = [f"Your hand ({other} uses the first card next; {me.deck} left in your deck):"]
    for i, (face, shown) in enumerate(zip(me.hand, me.shown), 1):
        out.append(f"  {i}. " + card(face, shown=shown).replace("\n", "\n   "))
    return "\n".join(out)


def other_hand(view, names) -> str:
    o = view.other
    who = names[o.seat]
    if not o.hand:
        return f"{who}'s hand is empty."
    out = [f"{who}'s hand ({len(o.hand)} cards; you use the first; {o.deck} left in their deck):"]
    for i, face in enumerate(o.hand, 1):
        out.append(f"  {i}. " + card(face).replace("\n", "\n   "))
    return "\n".join(out)


def pile(side, names) -> str:
    who = names[side.seat]
    head = (f"{who}'s discard pile — {side.face_down} face down"
            f" (the game ends at {side.face_down_limit}):")
    if not side.discard:
        return head + "\n  (empty)"
    rows = [f"  {p.position}. " + ("face down — never identified" if not p.face_up
                                   else card(p.card).replace("\n", "\n     ")) for p in side.discard]
    return "\n".join([head, *rows])


def table(view, names) -> str:
    parts = [other_hand(view, names), pile(view.me, names), pile(view.other, names)]
    if view.removed:
        parts.append("Removed from the game: " + ", ".join(f.name for f in view.removed))
    if view.suspects:
        parts.append(culprit(view, names))
    return "\n\n".join(parts)


def culprit(view, names) -> str:
    """The culprit as this seat may know it, and what the checks so far have said."""
    if view.culprit is not None and view.culprit_shown:
        lines = [f"The culprit, revealed: {view.culprit.name}."]
    elif view.culprit is not None:
        lines = [f"The culprit (only you know): {view.culprit.name}. Never say it."]
    else:
        lines = [f"The culprit lies face down on {names['fumie']}'s sheet."]
    for looked, found in view.checks:
        answer = "yes" if found else "no"
        lines.append(f"  checked against {len(looked)} face-up card(s): {answer}")
    return "\n".join(lines)


def sheet(view, names) -> str:
    out = [f"{names[view.seat]}'s sheet — common effects for a card used face down:"]
    for c in view.common:
        out.append(f"  down {c.id:<8} {c.name}: {c.text}")
    out.append("END conditions: four or more face-down cards in one discard pile; a hand that is"
               " empty when its draw deck is empty too.")
    return "\n".join(out)


def decision(view, names) -> str:
    d = view.decision
    if d is None:
        front = view.other.hand[0] if view.other.hand else None
        what = card(front).splitlines()[0] if front is not None else f"the first card of {names[view.other.seat]}'s hand"
        return (f"Your turn. You will use {what}.\n"
                f"  up — use it face up (its own effect)\n"
                + "\n".join(f"  down {c.id} — face down: {c.name}" for c in view.common))
    out = [d.prompt]
    if d.kind == "accuse":
        out.append("  The Persons who could be the culprit: " + ", ".join(view.suspects) + ".")
        if view.checks:
            out.append(culprit(view, names))
    for i, face in enumerate(d.cards, 1):
        out.append(f"  {i}. " + card(face).splitlines()[0])
    out.append("  options: " + ", ".join(a for a in d.options if a != "stop"))
    return "\n".join(out)



# The commands that show a part of the view, for the REPL's help and completion.
COMMANDS = {
    "hand": "the cards in your hand (the other player's future)",
    "table": "the other hand's shown cards, both discard piles, removed cards",
    "sheet": "your protagonist sheet's common effects",
}


def show(command: str, view, names) -> str:
    return {"hand": hand, "table": table, "sheet": sheet}[command](view, names)


def facts(view, names) -> str:
    """Everything this seat knows, for a model's prompt."""
    return hand(view, names) + "\n\n" + table(view, names)


class Sleeves(Faces):
    """For Fumie's passages: a card's effect side stays in its sleeve until the card is
    used face up (then it is known for good); a card in play shows its face; a common
    effect of a sheet is told by its name and words."""

    reveals = frozenset({"use", "flip_up", "remove", "discard"})
    learned = "sleeve"

    def context(self, event: Event, episode: str) -> dict:
        ctx = {**super().context(event, episode), "common": None}
        if event.kind == "common":
            d = event.data
            sheet = self.story.content.sheets[(d["user"], episode)]
            c = next(c for c in sheet.common if c.id == d["effect"])
            ctx["common"] = {"id": c.id, "name": c.name, "text": c.text}
        return ctx
