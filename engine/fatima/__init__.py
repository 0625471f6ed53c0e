"""The Fatima Unveiling Game's family: 2 to 8 rival nations, hidden kings, dice combat.

The protocol functions live in `engine.fatima.game`; the story's content (kings,
persons, Fatima, events, actions, the ending book) is validated by
`engine.fatima.content`; card effects are data, carried out by `engine.fatima.effects`;
combat by `engine.fatima.combat`; Fatima points by `engine.fatima.points`.
"""
