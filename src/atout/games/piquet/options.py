"""The options of Piquet, each a named variant with its source and the entry of
docs/rules/decisions.md that explains the default, and the named presets.

>>> [spec.name for spec in OPTIONS][:3]
['partie', 'target', 'liee']
>>> sorted(PRESETS)
['au_cent', 'rubicon']
"""

from __future__ import annotations

from atout.game import OptionSpec

SEED = "Le Piquet (loisirs.savoir.fr)"
CAVENDISH = "Cavendish, The Laws of Piquet (1882)"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("partie", "rubicon6",
               "the partie: six deals (Rubicon), four deals (first and last doubled), or a game to a target",
               "la partie : six donnes (Rubicon), quatre donnes (première et dernière doublées), ou en points",
               f"{SEED}; {CAVENDISH}", choices=("rubicon6", "rubicon4", "points"), decision="piquet-partie"),
    OptionSpec("target", "100", "the target of a game in points (partie=points)",
               "le nombre de points à atteindre (partie=points)", SEED, choices=("100", "150", "221"),
               decision="piquet-target", requires="partie=points"),
    OptionSpec("liee", False, "a game in points is liée: the first to win two manches wins the partie",
               "partie liée : le premier à gagner deux manches gagne la partie", SEED, decision="piquet-liee",
               requires="partie=points"),
    OptionSpec("double_first_last", "auto",
               "which deals count double: auto (the first and last of a four-deal partie), always, never",
               "donnes comptées doubles : auto (première et dernière d'une partie en quatre donnes), "
               "toujours, jamais", f"{SEED}; {CAVENDISH}", choices=("auto", "always", "never"),
               decision="piquet-doubling", requires="partie=rubicon6|rubicon4"),
    OptionSpec("first_deal", "high_chooses", "the first deal: the higher cut deals, or the lower cut deals",
               "la première donne : la plus haute coupe donne, ou la plus basse", CAVENDISH,
               choices=("high_chooses", "low_deals"), decision="piquet-first-deal"),
    OptionSpec("deal_by_threes", False, "deal the cards three at a time (default: two at a time)",
               "donner les cartes trois par trois (par défaut : deux par deux)", CAVENDISH,
               decision="piquet-deal"),
    OptionSpec("younger_min_exchange", 1, "fewest cards the younger hand must exchange (1 or 0)",
               "nombre minimal de cartes que le cadet doit écarter (1 ou 0)", CAVENDISH, bounds=(0, 1),
               decision="piquet-exchange"),
    OptionSpec("left_cards", "look",
               "the cards the younger leaves: he may look (then the elder after naming his lead suit), "
               "expose them to both, or nobody sees them",
               "les cartes laissées par le cadet : il peut les regarder (l'aîné ensuite, après avoir nommé "
               "sa couleur d'entame), les retourner pour les deux, ou personne ne les voit",
               CAVENDISH, choices=("look", "expose", "hidden"), decision="piquet-left-cards"),
    OptionSpec("trick_points", "every_card", "which cards score when led or when they win the opponent's lead",
               "quelles cartes marquent à l'entame ou en prenant l'entame adverse", CAVENDISH,
               choices=("every_card", "ten_or_higher"), decision="piquet-trick-points"),
    OptionSpec("sinking", "whole",
               "what a player may leave unsaid: whole holdings (a lesser suit, run or set, or nothing), "
               "or also part of one (a point one card short, a quart called as a tierce, a quatorze as a trio)",
               "ce qu'un joueur peut taire : des combinaisons entières (une couleur, une séquence ou un brelan "
               "moindres, ou rien), ou aussi une partie (un point d'une carte de moins, une quatrième annoncée "
               "comme tierce, un quatorze comme brelan)", f"{SEED}; {CAVENDISH}", choices=("whole", "partial"),
               decision="piquet-sinking"),
    OptionSpec("min_cut_packet", 2, "fewest cards in each packet of the cut",
               "nombre minimal de cartes dans chaque paquet de la coupe", CAVENDISH, bounds=(1, 8),
               decision="piquet-deal"),
)

PRESETS: dict[str, dict[str, object]] = {
    # Cavendish's Rubicon Piquet: the engine's defaults spelled out
    "rubicon": {},
    # Piquet au cent (Cavendish): a game of 100 points, the younger need not exchange, the lower cut deals
    "au_cent": {"partie": "points", "target": "100", "younger_min_exchange": 0, "first_deal": "low_deals"},
}

CONFORMANCE: tuple[dict[str, object], ...] = (
    {"partie": "points", "target": "150", "liee": True},
    {"partie": "points", "target": "221", "left_cards": "expose", "younger_min_exchange": 0},
    {"partie": "rubicon4", "double_first_last": "never", "deal_by_threes": True, "sinking": "partial"},
    {"partie": "rubicon6", "double_first_last": "always", "trick_points": "ten_or_higher", "left_cards": "hidden"},
)
"""Option sets the conformance kit plays besides its own choices: every partie format."""
