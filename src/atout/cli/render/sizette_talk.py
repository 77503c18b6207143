"""Sizette and Quadrette table talk in words, from the game's phrase book
(:mod:`atout.games.sizette.words`): questions, true statements and lead commands, in English or
French, with the trump suit called atout.

>>> from atout.cards import Suit
>>> from atout.games.sizette.talk import Question
>>> render_question(Question("count", Suit.CLUBS), "fr", trump=Suit.HEARTS)
'combien de trèfles ?'
"""

from __future__ import annotations

from atout.games.sizette.words import card_name, render_command, render_question, render_statement, suit_words

__all__ = ["card_name", "render_command", "render_question", "render_statement", "suit_words"]
