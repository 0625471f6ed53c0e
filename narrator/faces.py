"""Which face of a card a passage may show: the family's narration context hook.

A template sees `card` (the card an event is about) and `cards` (the cards it lists),
each with the words the reader may know of it, and `card_of(id)` for any other card. A family whose cards hide their effect
until it is learned (card knowledge) says which events show a card's face and which
teach it for good; a family whose cards have one face needs neither. A family with
more of its own for the templates extends `Faces.context`.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.events import Event
from engine.storyfiles import as_data, fields


class Faces:
    """The card words of one reader's passages, as the reader comes to know the cards."""

    # Event kinds that turn the card they are about face up, and the kind that makes a
    # card's face known for good ("learned"). None: no event teaches a card.
    reveals: frozenset[str] = frozenset()
    learned: str | None = None

    def __init__(self, story: Any, known: Collection[str]):
        self.story = story
        self.known = set(known)

    def card(self, card_id: str | None, revealed: bool = False) -> dict[str, Any] | None:
        if card_id is None:
            return None
        card = self.story.content.cards[card_id]
        # Only a card whose story file gives it a sleeve (a ◆ side) has a face to learn;
        # a card printed with one face is known to every reader who is told of it.
        sleeved = "sleeve_name" in fields(card)
        known = revealed or card_id in self.known or not sleeved
        return {"id": card.id, "name": card.name if known else card.sleeve_name,
                "sleeve_name": card.sleeve_name, "type": card.type if known else "",
                "text": card.text if known else "", "flavour": card.flavour if known else "",
                "known": known,
                # Every field the story file prints on the card's face (a king's title and
                # pronoun, a panel's icons), for templates that need more than the name.
                "printed": as_data(card) if known else {}}

    def context(self, event: Event, episode: str) -> dict[str, Any]:
        """The family's part of a template's context for `event`."""
        d = event.data
        revealed = event.kind in self.reveals and d.get("card") is not None
        return {"card": self.card(d.get("card"), revealed),
                "cards": [self.card(c) for c in d.get("cards", ())],
                "card_of": self.card_of}

    def card_of(self, card_id: str) -> dict[str, Any] | None:
        """Any card of the story by id, as the reader may know it (its sleeve until its
        face is known), so a template names a card in the story's own words; none for
        an id the story does not have."""
        if card_id not in self.story.content.cards:
            return None
        return self.card(card_id)

    def heard(self, event: Event) -> None:
        """Take in an event of the game (told to this reader or not): what it teaches."""
        if event.kind == self.learned:
            self.known.add(event.data["card"])
