"""The Sizette game spec and its options (RULES.md §1, decision points DP-SZ*).

>>> game = SizetteGame({"target_points": 7})
>>> game.num_seats, len(game.pack), game.options["target_points"]
(6, 36, 7)
"""

from __future__ import annotations

from typing import ClassVar

from atout.cards import Card, CardSet
from atout.game import Game, OptionSpec
from atout.packs import ACE_HIGH_36, PACK_36, SIZETTE_ORDER, RankOrder
from atout.seats import Direction, Sides

COMMON_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target_points", 5, "points that win the partie", "points qui gagnent la partie",
               "seed 000 §7 ('5 ou 7'); DP-SZ13", bounds=(1, 99)),
    OptionSpec("first_dealer_choice", "left_neighbour",
               "who deals first: the high drawer's left neighbour, or an opponent the high drawer names",
               "premier donneur : le voisin de gauche du plus haut tirage, ou l'adversaire qu'il désigne",
               "seed 000 §3; [ADP-SZ]; DP-SZ1", choices=("left_neighbour", "any_opponent")),
    OptionSpec("draw_rank", "game", "rank order of the draw for the first dealer",
               "ordre des cartes pour le tirage du premier donneur", "DP-SZ3", choices=("game", "ace_high")),
    OptionSpec("play_out_all_tricks", False, "play all six tricks; a 6–0 scores 2 without a vole decision",
               "jouer les six levées ; 6–0 marque 2 sans décision de vole", "DP-SZ4"),
    OptionSpec("table_law_mode", False,
               "revokes may be played and claimed; the Encyclopédie's penalties apply and can be recorded",
               "les renonces sont possibles et réclamées ; pénalités de l'Encyclopédie", "seed 001; DP-G1"),
    OptionSpec("penalty_overflow", "split",
               "a penalty larger than the team's score: deduct what exists, rest to opponents; "
               "all to opponents; or go negative",
               "pénalité supérieure au score : déduire l'existant et le reste aux adversaires ; "
               "tout aux adversaires ; score négatif",
               "seed 001; DP-SZ10", choices=("split", "all_to_opponents", "negative_allowed")),
    OptionSpec("volunteer_allowed", True, "team-mates may make statements without being asked",
               "les équipiers peuvent parler sans être interrogés", "seed 000 §6; DP-SZ7"),
    OptionSpec("strict_encyclopedie", False, "only the captain asks; team-mates only answer",
               "seul le capitaine interroge ; les équipiers ne font que répondre", "seed 001; DP-SZ7"),
    OptionSpec("free_remarks", True, "free remarks (no rule meaning) in the speech windows",
               "remarques libres (sans valeur de règle) pendant les temps de parole", "DP-SZ7"),
    OptionSpec("command_grammar", "extended", "lead commands: exact card only, or also suit + high/low/any",
               "commandements : carte exacte seulement, ou aussi couleur + haute/basse/quelconque",
               "DP-SZ7", choices=("extended", "exact_only")),
    OptionSpec("max_failed_commands", 3, "failed commands before the leader chooses freely",
               "commandements manqués avant que le joueur choisisse librement", "seed 000 §6; RULES.md §1.8",
               bounds=(1, 9)),
    OptionSpec("allow_last_trick_review", True, "the last trick may be seen until the next lead",
               "la dernière levée peut être revue jusqu'à l'entame suivante", "seed 001; DP-SZ15"),
    OptionSpec("min_cut_packet", 2, "fewest cards in each packet of the cut",
               "nombre minimal de cartes dans chaque paquet de la coupe", "DP-G2", bounds=(1, 10)),
)


class SizetteGame(Game):
    """Sizette: six players, three against three, 36 cards, à la parlante."""

    name: ClassVar[str] = "sizette"
    title: ClassVar[dict[str, str]] = {"en": "Sizette", "fr": "Sizette"}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = COMMON_OPTIONS
    seats: ClassVar[int] = 6
    pack: ClassVar[CardSet] = PACK_36
    order: ClassVar[RankOrder] = SIZETTE_ORDER
    ace_high_order: ClassVar[RankOrder] = ACE_HIGH_36
    direction: ClassVar[Direction] = Direction.COUNTER_CLOCKWISE
    talon_size: ClassVar[int] = 0

    @property
    def pack_cards(self) -> tuple[Card, ...]:
        return tuple(self.pack)

    @property
    def num_seats(self) -> int:
        return self.seats

    @property
    def sides(self) -> Sides:
        return Sides.alternating(self.seats, 2)

    @property
    def packets(self) -> tuple[int, ...]:
        return (3, 3)

    @property
    def win_rule(self) -> str:
        return "first_to_3"

    def new_state(self):  # type: ignore[no-untyped-def]
        from atout.games.sizette.state import SizetteState

        return SizetteState(self)

    def state_from_deal(self, hands, turned, dealer, talon=CardSet(0), captains=None, scores=(0, 0)):  # type: ignore[no-untyped-def]
        """A state at the start of play of one hand, from an explicit deal (tests, analysis).

        ``hands`` are card sets by seat; ``turned`` the trump card (Sizette: in the dealer's hand);
        ``captains`` one seat per team (default: the first hand's partner-most seat rule, see code).
        """
        from atout.games.sizette.state import SizetteState

        return SizetteState.from_deal(self, hands, turned, dealer, talon, captains, scores)
