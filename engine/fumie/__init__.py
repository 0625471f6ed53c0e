"""For Fumie's game family: two seats, each using the front card of the other's hand.

The family's protocol functions live in `engine.fumie.game`; the story's content (cards,
sheets, ending books) is validated by `engine.fumie.content`.
"""
