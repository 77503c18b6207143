"""The error types of atout. All are ``ValueError`` so callers may catch broadly.

An action that cannot be read raises :class:`InvalidActionError`; one that reads but is not
allowed now raises :class:`IllegalActionError`; text that could mean two actions raises
:class:`AmbiguousActionError`. A refused action never changes the state.
"""


class ActionError(ValueError):
    """Base class for refused actions."""


class InvalidActionError(ActionError):
    """The text or value is not an action of this game (bad syntax)."""


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow now (wrong turn, wrong card, wrong window)."""


class AmbiguousActionError(ActionError):
    """Text that names more than one action (``AC``: ace of clubs, or *as de cœur*)."""


class OptionError(ValueError):
    """An unknown option name, or a value outside the option's allowed values."""


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``errors`` lists ``(line, message)`` pairs."""

    def __init__(self, errors: list[tuple[int, str]]):
        self.errors = errors
        super().__init__("\n".join(f"line {n}: {m}" for n, m in errors))
