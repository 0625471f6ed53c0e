"""Snow White Apple Roulette at the terminal: pictures of a seat's view.

Only the view is drawn (with the story's printed card and character texts, which every
player may read), so nothing here can show what the seat may not see.
"""
from __future__ import annotations

from narrator.screens import drawing, previously

PHASES = {"story": "the Story Phase", "last": "the Last-Turn Phase", "ending": "the Ending Phase",
          "over": "the end of the story"}
FOODS = {"apple": "apples", "mushroom": "mushrooms"}    # the family's own words, if the voice has none


def _content():
    """The cards and characters of the story being drawn."""
    return drawing().content


# The factions, foods and questions are named from the story being drawn (its
# characters, and its voice's `[words] foods`), so a re-skin reads its own people.
def _named(role: str) -> str:
    """The character of a role, as named mid-sentence (the voice's cast, else its card)."""
    (cid,) = [c.id for c in _content().characters.values() if c.role == role]
    name = (getattr(drawing(), "voice", {}) or {}).get("cast", {}).get(cid) or _content().characters[cid].name
    return "the" + name[3:] if name.startswith("The ") else name


def _food(food: str) -> str:
    words = (getattr(drawing(), "voice", {}) or {}).get("words", {}).get("foods", {})
    if food == "none":
        return f"neither {_food('apple')} nor {_food('mushroom')}"
    return words.get(food, FOODS[food])


# The family's words, as a story may call them in its voice's `[words]`.
WORDS = {"pile": "the draw pile", "apple": "apple", "apples": "apples", "guest": "guest", "guests": "guests",
         "eat": "eat"}


def _word(key: str) -> str:
    words = (getattr(drawing(), "voice", {}) or {}).get("words", {})
    value = words.get(key)
    return value if isinstance(value, str) else WORDS[key]


def _pile() -> str:
    return _word("pile")


def _faction(faction: str) -> str:
    if faction == "rose":
        return f"the other faction ({_named('rose')})"
    return f"{_named(faction)}'s faction ({'❄' if faction == 'snow_white' else '🕸'})"


def _question(question: str) -> str:
    return {"apples": f"Do you like {_food('apple')}?", "mushrooms": f"Do you like {_food('mushroom')}?",
            "snow_white": f"Are you {_named('snow_white')}?",
            "faction": f"Are you one of {_named('snow_white')}'s friends?",
            "character": "Who are you?"}[question]


def _who(seat: str, names) -> str:
    return names.get(seat, seat) if seat else "—"


def _card(card_id: str, *, text: bool = True) -> str:
    card = _content().cards[card_id]
    mark = " [weapon]" if card.weapon else ""
    return f"{card.name}{mark}" + (f" — {' '.join(card.text.split())}" if text else "")


def _character(character_id: str) -> str:
    return _content().characters[character_id].name


def _apples(view, tiles) -> str:
    if not tiles:
        return f"no {_word('apple')}"
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
    lines = [f"You are {c.name}, of {_faction(c.faction)}. You like {_food(c.food)}.",
             f"  To win: {' '.join(c.victory.split())}",
             f"  Ability: {' '.join(c.ability.split())}"
             + ("  (used)" if view.ability_used else ""),
             f"Your {_word('apple')}: {_apples(view, view.place(view.seat).apples)}."]
    known = [p for p in view.table if p.seat != view.seat and p.character is not None]
    if known:
        lines.append("You know: " + ", ".join(f"{_who(p.seat, names)} is {_character(p.character)}"
                                              for p in known) + ".")
    for target, question, answer in view.answers:
        said = _character(answer) if question == "character" else ("yes" if answer else "no")
        lines.append(f"  You asked {_who(target, names)} \"{_question(question)}\": {said}.")
    return "\n".join(lines)


def table(view, names) -> str:
    lines = [f"Turn {view.turn}, {PHASES[view.phase]}. Draw pile: {view.pile} card(s)"
             f" ({view.aside} set aside unseen). The game began with {view.poisoned_apples} poisoned {_word('apples')}."]
    if view.phase == "last" and view.last_queue:
        lines.append("Still to take a last turn: " + ", ".join(_who(s, names) for s in view.last_queue) + ".")
    lines.append("In play: " + ", ".join(_character(c) for c in view.cast) + ".")
    for p in view.table:
        state = "" if p.living else "  — eliminated"
        npc = " [NPC, takes no turns]" if not p.player else ""
        role = f", {_character(p.character)}" if p.character is not None else ""
        mark = " ◀ you" if p.seat == view.seat else ""
        lines.append(f"  {_who(p.seat, names)}{npc}{role}: {p.hand} card(s), {_word('apple')} {_apples(view, p.apples)}"
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
            queen = _named("queen")
            return f"{queen[0].upper()}{queen[1:]} has turned up the {_word('apple')} and is deciding."
        return f"It is {_who(view.active, names)}'s move."
    if d is None:
        head = f"Your turn ({'your last turn' if view.phase == 'last' else f'turn {view.turn}'})."
        if view.hand:
            head += " You hold: " + "; ".join(_card(c, text=False) for c in view.hand) + "."
        return head
    out = [d.prompt]
    for i, c in enumerate(d.cards, 1):
        out.append(f"  card {i}: {_card(c)}")
    if d.apples:
        out.append(f"  Your {_word('apples')}, face up: {_apples(view, d.apples)}.")
    return "\n".join(out)


def does(view, names, action: str) -> str:
    w = action.split()
    who = lambda s: _who(s, names)   # noqa: E731
    if w[0] == "stop":
        return "end the story here, on its page (you are asked first)"
    if w[0] == "progress" and len(w) == 1:
        return "draw so your hand has two, then use or discard one"
    if w[:2] == ["exchange", "hand"]:
        return f"exchange hands with {who(w[2])}"
    if w[:2] == ["exchange", "apple"]:
        return f"exchange {_word('apples')} with {who(w[2])}"
    if w[:2] == ["check", "apple"]:
        return f"look at your own {_word('apple')}"
    if w[0] == "ability":
        return f"use your character's ability on {who(w[1])}" if len(w) > 1 else "use your character's ability"
    if w[:2] == ["progress", "use"] and len(w) > 2:
        card = _content().cards[view.hand[int(w[2]) - 1]].name if int(w[2]) <= len(view.hand) else w[2]
        on = " and ".join(who(s) for s in w[3:])
        return f"use {card}" + (f" on {on}" if on else "")
    if w[:2] == ["progress", "discard"]:
        card = _content().cards[view.hand[int(w[2]) - 1]].name if int(w[2]) <= len(view.hand) else w[2]
        return f"discard {card} face up"
    if w[0] == "give":
        return f"{who(w[1])} must {_word('eat')} your poisoned {_word('apple')}"
    if w[0] == "keep":
        return f"keep the poisoned {_word('apple')} yourself"
    if w[0] in ("yes", "no") and view.decision is not None:
        return view.decision.prompt.split("?")[0] + ("?" if w[0] == "yes" else "? No.")
    return ""


def status(view, names) -> str:
    living = sum(1 for p in view.table if p.living and p.player)
    return (f"turn {view.turn}, {PHASES[view.phase]} · pile {view.pile} · your hand {len(view.hand)}"
            f" · {living} {_word('guests')} still alive")


def recap(view, names) -> str:
    """Where the story stands, for a player coming back to it."""
    living = [p for p in view.table if p.living and p.player]
    gone = [p for p in view.table if not p.living]
    out = [f"{previously()} it is turn {view.turn}, in {PHASES[view.phase]}, and"
           f" {view.pile} cards are left in {_pile()}."]
    out.append(f"{len(living)} {_word('guests')} are still alive"
               + (f"; {', '.join(_who(p.seat, names) for p in gone)} no longer" if gone else "") + ".")
    if view.character is not None:
        c = _content().characters[view.character]
        out.append(f"You are {c.name}, and you hold {len(view.hand)} card(s).")
    return " ".join(out)


def catalogue(box, known=frozenset()) -> str:
    """The characters (with their favourite food) and the storybook's cards, as
    `narrator cards applerulette` prints them: all of it is printed on the cards."""
    out = [f"Characters ({len(box.characters)}): each {_word('guest')} is dealt one in secret.", ""]
    for c in box.characters.values():
        out.append(f"  {c.name} — {_faction(c.faction)}; likes {_food(c.food)}.")
        out.append(f"      To win: {' '.join(c.victory.split())}")
        out.append(f"      Ability: {' '.join(c.ability.split())}")
    out += ["", f"Story cards ({sum(c.count for c in box.cards.values())} in {_pile()}):", ""]
    for c in box.cards.values():
        mark = " [weapon]" if c.weapon else ""
        out.append(f"  {c.name}{mark} ×{c.count} — {' '.join(c.text.split())}")
    return "\n".join(out)


# Private events that only record this seat's own hidden choice: taking back the move
# that made one tells the player nothing new (narrator/undo.py).
OWN_CHOICES = frozenset()


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
