"""The options of Sizette (and, with two more, of Quadrette): typed, with bilingual help and the
source each one comes from and the entry of docs/rules/decisions.md that explains it, and the
named presets.

>>> [spec.name for spec in COMMON_OPTIONS][:3]
['target_points', 'first_dealer_choice', 'draw_rank']
>>> sorted(PRESETS)
['encyclopedie', 'lalanne']
"""

from __future__ import annotations

from atout.game import OptionSpec

COMMON_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target_points", 5, "points that win the partie", "points qui gagnent la partie",
               "Lalanne, La Sizette §7 ('5 ou 7')", bounds=(1, 99), decision="target"),
    OptionSpec("first_dealer_choice", "left_neighbour",
               "who deals first: the high drawer's left neighbour, or an opponent the high drawer names",
               "premier donneur : le voisin de gauche du plus haut tirage, ou l'adversaire qu'il désigne",
               "Lalanne, La Sizette §3; Encyclopédie (1765), art. SIZETTE; adpoker.fr, La sizette",
               choices=("left_neighbour", "any_opponent"), decision="first-dealer"),
    OptionSpec("draw_rank", "game", "rank order of the draw for the first dealer",
               "ordre des cartes pour le tirage du premier donneur", "Lalanne, La Sizette §1, §3",
               choices=("game", "ace_high"), decision="draw-rank"),
    OptionSpec("play_out_all_tricks", False, "play all six tricks; a 6–0 scores 2 without a vole decision",
               "jouer les six levées ; 6–0 marque 2 sans décision de vole",
               "Lalanne, La Sizette §5; Encyclopédie (1765), art. SIZETTE", decision="hand-end"),
    OptionSpec("table_law_mode", False,
               "revokes may be played and claimed; the Encyclopédie's penalties may be claimed and accepted",
               "on peut renoncer et l'adversaire peut le réclamer ; les pénalités de l'Encyclopédie se "
               "réclament et s'acceptent", "Encyclopédie (1765), art. SIZETTE", decision="legal-play"),
    OptionSpec("penalty_overflow", "split",
               "a penalty larger than the team's score: deduct what exists, rest to opponents; "
               "all to opponents; or go negative",
               "pénalité supérieure au score : déduire l'existant et le reste aux adversaires ; "
               "tout aux adversaires ; score négatif",
               "Encyclopédie (1765), art. SIZETTE", choices=("split", "all_to_opponents", "negative_allowed"),
               decision="penalty-overflow", requires="table_law_mode=true"),
    OptionSpec("volunteer_allowed", True, "team-mates may make statements without being asked",
               "les équipiers peuvent parler sans être interrogés", "Lalanne, La Sizette §6",
               decision="volunteering"),
    OptionSpec("strict_encyclopedie", False, "only the captain asks; team-mates only answer",
               "seul le capitaine interroge ; les équipiers ne font que répondre",
               "Encyclopédie (1765), art. SIZETTE", decision="volunteering"),
    OptionSpec("free_remarks", True, "free remarks (no rule meaning) in the speech windows",
               "remarques libres (sans valeur de règle) pendant les temps de parole",
               "Lalanne, La Sizette §6; L'École normale (1862)", decision="free-remarks"),
    OptionSpec("command_grammar", "extended", "lead commands: exact card only, or also suit + high/low/any",
               "commandements : carte exacte seulement, ou aussi couleur + haute/basse/quelconque",
               "Lalanne, La Sizette §6; Encyclopédie (1765), art. SIZETTE", choices=("extended", "exact_only"),
               decision="lead-commands"),
    OptionSpec("max_failed_commands", 3, "failed commands before the leader chooses freely",
               "commandements manqués avant que le joueur choisisse librement", "Lalanne, La Sizette §6",
               bounds=(1, 9), decision="failed-commands"),
    OptionSpec("allow_last_trick_review", True, "the last trick may be looked at again until the next lead",
               "la dernière levée peut être revue jusqu'à l'entame suivante",
               "Lalanne, La Sizette §4; Encyclopédie (1765), art. SIZETTE", decision="memory-and-review"),
    OptionSpec("min_cut_packet", 2, "fewest cards in each packet of the cut",
               "nombre minimal de cartes dans chaque paquet de la coupe",
               "Encyclopédie (1765), art. SIZETTE; Lalanne, La Sizette §3", bounds=(1, 10), decision="cut"),
)

PRESETS: dict[str, dict[str, object]] = {
    # Lalanne, Le Salon des jeux: the engine's defaults spelled out
    "lalanne": {},
    # the Encyclopédie (1765), art. SIZETTE: only the captain asks, its penalties are claimed
    "encyclopedie": {"strict_encyclopedie": True, "table_law_mode": True},
}
