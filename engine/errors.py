"""Domain errors a player can cause, with stable codes the interfaces explain.

A broken invariant is an `assert`, not one of these: these are for mistakes at the table.
"""


class GameError(Exception):
    """A player's mistake: an illegal action, a move out of turn, a move after the end."""

    code = "game_error"

    def __init__(self, message: str, *, legal: tuple[str, ...] = ()):
        super().__init__(message)
        self.message = message
        # The legal actions at the moment of the mistake, in their text form, so an
        # interface can say what would have been accepted.
        self.legal = legal


class IllegalAction(GameError):
    code = "illegal_action"


class BadSyntax(GameError):
    code = "bad_syntax"


class NotYourTurn(GameError):
    code = "not_your_turn"


class GameOver(GameError):
    code = "game_over"


class BadOption(GameError):
    """Options that do not make a game: a table the rules do not seat, a deck that is not
    legal, a carried card the story does not have."""

    code = "bad_option"


class StoryError(Exception):
    """A story file that cannot be played: names the file, the key and the fix."""

    def __init__(self, file: str, key: str, problem: str):
        super().__init__(f"{file}: {key}: {problem}")
        self.file, self.key, self.problem = file, key, problem
