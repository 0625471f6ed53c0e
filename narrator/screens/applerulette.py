"""Snow White Apple Roulette at the terminal: pictures of a seat's view.

Only the view is drawn (with the story's printed card and character texts, which every
player may read), so nothing here can show what the seat may not see.
"""
from __future__ import annotations

from narrator.screens import drawing

PHASES = {"story": "the Story Phase", "last": "the Last-Turn Phase", "ending": "the Ending Phase",
          "over": "the end of the story"}
FACTIONS = {"snow_white": "Snow White's faction (❄)", "queen": "the Queen's faction (🕸)",
            "rose": "the other faction (Rose)"}
FOODS = {"apple": "apples", "mushroom": "mushrooms", "none": "neither apples nor mushrooms"}
QUESTIONS = {"apples": "Do you like apples?", "mushrooms": "Do you like mushrooms?",
             "snow_white": "Are you Snow White?", "faction": "Are you one of Snow White's friends?",
             "character": "Who are you?"}


def _content():
    """The cards and characters of the story being drawn."""
    return drawing().content


def _who(seat: str, names) -> str:
    return f"{names.get(seat, seat)} ({seat})" if seat else "—"


def _card(card_id: str, *, text: bool = True) -> str:
    card = _content().cards[card_id]
    mark = " [weapon]" if card.weapon else ""
    return f"{card.name}{mark}" + (f" — {' '.join(card.text.split())}" if text else "")


def _character(character_id: str) -> str:
    return _content().characters[character_id].name


def _apples(view, tiles) -> str:
    if not tiles:
        return "no apple"
    known = view.known_apples
    return ", ".join(f"{t} ({'poisoned' if known[t] else 'sweet'})" if t in known else f"{t} (unseen)"
                     for t in tiles)


def hand(view, names) -> str:
    if view.character is None:
        return "The NPC's seat holds no cards of yours."
    if not view.hand:
        return "Your hand is empty."
    lines = ["Your hand:"]
    lines += [f"  {i}. {_card(c)}" for i, c in enumerate(view.hand, 1)]
    return "\n".join(lines)


def me(view, names) -> str:
    if view.character is None:
        return "You watch from the NPC's seat: it takes no turns, and you see only what the table sees."
    c = _content().characters[view.character]
    lines = [f"You are {c.name}, of {FACTIONS[c.faction]}. You like {FOODS[c.food]}.",
             f"  To win: {' '.join(c.victory.split())}",
             f"  Ability: {' '.join(c.ability.split())}"
             + ("  (used)" if view.ability_used else ""),
             f"Your apple: {_apples(view, view.place(view.seat).apples)}."]
    known = [p for p in view.table if p.seat != view.seat and p.character is not None]
    if known:
        lines.append("You know: " + ", ".join(f"{_who(p.seat, names)} is {_character(p.character)}"
                                              for p in known) + ".")
    for target, question, answer in view.answers:
        said = _character(answer) if question == "character" else ("yes" if answer else "no")
        lines.append(f"  You asked {_who(target, names)} \"{QUESTIONS[question]}\": {said}.")
    return "\n".join(lines)


def table(view, names) -> str:
    lines = [f"Turn {view.turn}, {PHASES[view.phase]}. Draw pile: {view.pile} card(s)"
             f" ({view.aside} set aside unseen). The game began with {view.poisoned_apples} poisoned apples."]
    if view.phase == "last" and view.last_queue:
        lines.append("Still to take a last turn: " + ", ".join(_who(s, names) for s in view.last_queue) + ".")
    lines.append("In play: " + ", ".join(_character(c) for c in view.cast) + ".")
    for p in view.table:
        state = "" if p.living else "  — eliminated"
        npc = " [NPC, takes no turns]" if not p.player else ""
        role = f", {_character(p.character)}" if p.character is not None else ""
        mark = " ◀ you" if p.seat == view.seat else ""
        lines.append(f"  {_who(p.seat, names)}{npc}{role}: {p.hand} card(s), apple {_apples(view, p.apples)}"
                     f"{state}{mark}")
    if view.discard:
        lines.append("Discarded, face up: " + ", ".join(_card(c, text=False) for c in view.discard) + ".")
    if view.removed:
        lines.append(f"{view.removed} card(s) left the game with eliminated players.")
    return "\n".join(lines)


def decision(view, names) -> str:
    d = view.decision
    if d is None and not view.legal:
        if view.ending is not None:
            return "The story is over."
        if view.phase == "ending":
            return "The Queen has turned up her apple and is deciding."
        return f"It is {_who(view.active, names)}'s move."
    if d is None:
        head = f"Your turn ({'your last turn' if view.phase == 'last' else f'turn {view.turn}'})."
        if view.hand:
            head += " You hold: " + "; ".join(_card(c, text=False) for c in view.hand) + "."
        out = [head]
        groups: dict[str, list[str]] = {}
        for a in view.legal:
            words = a.split()
            key = " ".join(words[:2]) if words[0] in ("exchange", "progress") and len(words) > 2 else words[0]
            groups.setdefault(key, []).append(a)
        explain = {"progress": "draw so your hand has two, then use or discard one",
                   "exchange hand": "exchange hands with", "exchange apple": "exchange apples with",
                   "check": "look at your own apple", "ability": "use your character's ability",
                   "progress use": "use a card", "progress discard": "discard a card",
                   "stop": "end the game here"}
        for key, acts in groups.items():
            if key in ("exchange hand", "exchange apple"):
                out.append(f"  {key} SEAT — {explain[key]}: " + ", ".join(a.split()[-1] for a in acts))
            else:
                out.append(f"  {explain.get(key, key)}: " + ", ".join(acts))
        return "\n".join(out)
    out = [d.prompt]
    for i, c in enumerate(d.cards, 1):
        out.append(f"  {i}. {_card(c)}")
    if d.apples:
        out.append(f"  Your apple(s), face up: {_apples(view, d.apples)}.")
    out.append("  options: " + ", ".join(a for a in d.options if a != "stop"))
    return "\n".join(out)


# The commands that show a part of the view, for the REPL's help and completion.
COMMANDS = {
    "hand": "the story cards in your hand, with their texts",
    "me": "your character, your apple (as far as you have looked), what you have learned",
    "table": "who is at the table and alive, their cards and apples, the discards, the pile, the phase",
}


def show(command: str, view, names) -> str:
    return {"hand": hand, "me": me, "table": table}[command](view, names)


def facts(view, names) -> str:
    """Everything this seat knows, for a model's prompt."""
    return "\n\n".join((me(view, names), hand(view, names), table(view, names)))
