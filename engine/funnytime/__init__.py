"""FunnyTime's game family: two rival artists duel with four-panel comics.

The family's protocol functions live in `engine.funnytime.game`; the story's content
(card pool, planisphere, starter decks, ending book) is validated by
`engine.funnytime.content`, and deck construction by `engine.funnytime.deck`.
"""
