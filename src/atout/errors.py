"""The error types of atout. All are ``ValueError`` so callers may catch broadly.

An action that cannot be read raises :class:`InvalidActionError`; one that reads but is not
allowed now raises :class:`IllegalActionError`; text that could mean two actions raises
:class:`AmbiguousActionError`. A refused action never changes the state.

A refusal carries a ``code`` and its ``params``; its text in each language is made where it is
shown (:meth:`ActionError.text`), from the game's table of messages. ``str(error)`` is English.

>>> from atout.cards import Card
>>> MESSAGES = {"not_held": {"en": "you do not hold {card}", "fr": "vous n'avez pas {card}"}}
>>> e = IllegalActionError.of(MESSAGES, "not_held", card=Card("KH"))
>>> e.code, str(e), e.text("fr")
('not_held', 'you do not hold KH', "vous n'avez pas RC")
"""

from __future__ import annotations

from collections.abc import Mapping

Messages = Mapping[str, Mapping[str, str]]  # code -> lang -> template with {param} fields


def localize(value: object, lang: str) -> str:
    """A parameter in ``lang``: cards and card sets in that language's codes; lists joined."""
    text = getattr(value, "text", None)
    if callable(text):
        try:
            return str(text(lang))
        except TypeError:
            pass
    if isinstance(value, (list, tuple)):
        return " ".join(localize(v, lang) for v in value)
    return str(value)


class ActionError(ValueError):
    """Base class for refused actions: ``code``, ``params`` and a message in each language."""

    def __init__(self, message: str, code: str = "", params: Mapping[str, object] | None = None,
                 templates: Mapping[str, str] | None = None):
        super().__init__(message)
        self.code = code or type(self).__name__
        self.params = dict(params or {})
        self.templates = dict(templates or {})

    @classmethod
    def of(cls, messages: Messages, code: str, **params: object) -> ActionError:
        """The error ``code`` of a game's ``messages`` table, with its parameters."""
        templates = messages[code]
        return cls(_fill(templates["en"], params, "en"), code, params, templates)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when the table has no text in that language)."""
        template = self.templates.get(lang)
        if template is None:
            return str(self)
        return _fill(template, self.params, lang)


def _fill(template: str, params: Mapping[str, object], lang: str) -> str:
    return template.format(**{k: localize(v, lang) for k, v in params.items()})


class InvalidActionError(ActionError):
    """The text or value is not an action of this game (bad syntax)."""


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow now (wrong turn, wrong card, wrong window)."""


class AmbiguousActionError(ActionError):
    """Text that names more than one action (``AC``: ace of clubs, or *as de cœur*)."""


class OptionError(ValueError):
    """An unknown option name, a value outside the option's allowed values, or an option that
    would do nothing. ``str()`` is English; :meth:`text` gives the French too, when given.

    >>> OptionError("bad", fr="mauvais").text("fr"), OptionError("bad").text("fr")
    ('mauvais', 'bad')
    """

    def __init__(self, message: str, fr: str = ""):
        super().__init__(message)
        self.fr = fr

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" and self.fr else str(self)


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``errors`` lists ``(line, message)`` pairs."""

    def __init__(self, errors: list[tuple[int, str]]):
        self.errors = errors
        super().__init__("\n".join(f"line {n}: {m}" for n, m in errors))
