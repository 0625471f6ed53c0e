"""The narrator's own refusals: what a person asked for that cannot be done (a save name,
a deck, an address), each with a message saying what was wrong and what to do.

Only the command line's outermost layer turns these, and the engine's GameError and
StoryError, into messages; any other exception is a bug and shows as one.
"""


class Refused(Exception):
    """A request that cannot be carried out; `str(err)` says why and what to do."""
