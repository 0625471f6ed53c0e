"""Snow White Apple Roulette's game family: 4 to 8 players (and an NPC at 4), hidden
characters, apple tiles some of which are poisoned, and a feast at the end.

The family's protocol functions live in `engine.applerulette.game`; the story's content
(story cards, characters, the rulebook's tables, the ending book) is validated by
`engine.applerulette.content`.
"""
