"""For Fumie at the terminal: pictures of a seat's view (hand, table, sheet, decision).

Only the view is drawn, so nothing here can show what the seat may not see.
"""
from __future__ import annotations

from engine.events import Event
from narrator.faces import Faces
from narrator.screens import drawing, previously


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
        keeper = drawing().content.culprit_keeper
        lines = [f"The culprit lies face down on {names[keeper]}'s sheet."]
    for looked, found in view.checks:
        answer = "yes" if found else "no"
        lines.append(f"  checked against {len(looked)} face-up card(s): {answer}")
    return "\n".join(lines)


def sheet(view, names) -> str:
    out = [f"{names[view.seat]}'s sheet — common effects for a card used face down:"]
    wide = max((len(c.id) for c in view.common), default=0)
    for c in view.common:
        out.append(f"  down {c.id:<{wide}}  {c.name}: {c.text}")
    out.append("END conditions: four or more face-down cards in one discard pile; a hand that is"
               " empty when its draw deck is empty too.")
    return "\n".join(out)


def _suspect(card_id: str) -> str:
    return drawing().content.cards[card_id].sleeve_name


def _front(view, names) -> str:
    front = view.other.hand[0] if view.other.hand else None
    if front is None:
        return f"the first card of {names[view.other.seat]}'s hand"
    return card(front).splitlines()[0]


def decision(view, names) -> str:
    d = view.decision
    if d is None:
        return f"Your turn. You will use {_front(view, names)}: face up for its own effect, or face down for one of your sheet's."
    out = [d.prompt]
    if d.kind == "accuse":
        out.append("  The Persons who could be the culprit: "
                   + ", ".join(_suspect(s) for s in view.suspects) + ". A wrong name ends the game.")
        if view.checks:
            out.append(culprit(view, names))
    for i, face in enumerate(d.cards, 1):
        out.append(f"  card {i}: " + card(face).splitlines()[0])
    return "\n".join(out)


def does(view, names, action: str) -> str:
    """What an option will do, as far as this seat can know it."""
    w = action.split()
    common = {c.id: c for c in view.common}
    d = view.decision
    if w[0] == "stop":
        return "end the story here, on its page (you are asked first)"
    if w[0] == "up":
        front = view.other.hand[0] if view.other.hand else None
        if front is not None and front.known:
            return f"use {front.name} face up: {front.text}"
        return f"use {_front(view, names)} face up: its effect is not yet known"
    if w[0] in ("down", "effect") and len(w) > 1 and w[1] in common:
        c = common[w[1]]
        return f"{'face down: ' if w[0] == 'down' else ''}{c.name} — {c.text}"
    if w[0] == "accuse":
        return f"name {_suspect(w[1])} as the culprit — a wrong name ends the game"
    if w[0] == "flip" and len(w) == 3:
        return f"turn card {w[2]} of {names.get(w[1], w[1])}'s discard pile"
    if w[0] == "order" and d is not None and d.cards:
        faces = [d.cards[int(n) - 1] for n in w[1:] if n.isdecimal() and int(n) <= len(d.cards)]
        return ", then ".join(card(f).splitlines()[0] for f in faces)
    if w[0] in ("yes", "no") and d is not None:
        return d.prompt.rstrip("?") + ("" if w[0] == "yes" else ": no")
    return ""


def status(view, names) -> str:
    me, other = view.me, view.other
    return (f"turn {view.turn} · decks {names[me.seat]} {me.deck}, {names[other.seat]} {other.deck}"
            f" · face down {names[me.seat]} {me.face_down}/{me.face_down_limit},"
            f" {names[other.seat]} {other.face_down}/{other.face_down_limit}")


def recap(view, names) -> str:
    """Where the story stands, for a player coming back to it."""
    me, other = view.me, view.other
    mine, theirs = names[me.seat], names[other.seat]
    lines = [f"{previously()} the day has come round to its turn {view.turn}."]
    lines.append(f"{mine}'s discard pile holds {len(me.discard)} card(s), {me.face_down} of them face down,"
                 f" and {theirs}'s holds {len(other.discard)}, {other.face_down} face down;"
                 f" at {me.face_down_limit} face down the day is lost.")
    lines.append(f"{mine} holds {len(me.hand)} card(s) with {me.deck} still to come;"
                 f" {theirs} holds {len(other.hand)} with {other.deck} to come.")
    if view.suspects and view.culprit is None:
        lines.append("The culprit is still hidden.")
    lines.append(f"Next, you will use {_front(view, names)}.")
    return " ".join(lines)


def catalogue(box, known=frozenset()) -> str:
    """The story's cards, as `narrator cards fumie` prints them: the effect side of each
    card whose sleeve the profile has shown, the ◆ side of the rest (a secret until then)."""
    story = drawing()
    out = [f"{story.title}'s cards: {len(known & set(box.cards))} of {len(box.cards)} known by their effect side;"
           " the rest show only their ◆ side until a game turns them up.", ""]
    for ep in box.episodes:
        cards = [c for c in box.cards.values() if ep in c.episodes]
        if not cards:
            continue
        out.append(f"{story.episode(ep)['title']}:")
        for c in sorted(cards, key=lambda c: (c.set, c.sleeve_name)):
            if c.id in known:
                out.append(f"  {c.name} ({c.type}, {c.set}) — {' '.join(c.text.split())}")
            else:
                out.append(f"  ◆ {c.sleeve_name} ({c.set}) — effect not yet known")
        out.append("")
    return "\n".join(out).rstrip()


# Private events that only record this seat's own hidden choice: taking back the move
# that made one tells the player nothing new (narrator/undo.py).
OWN_CHOICES = frozenset()


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
