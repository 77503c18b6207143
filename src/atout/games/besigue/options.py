"""The options of Bésigue, each a named variant with bilingual help, its source and the entry of
docs/rules/decisions.md that explains it, and the named presets (a preset is only a named set of
options: a record stores the options themselves).

Defaults are the Haitian game of the French Wikipedia article « Bésigue » (four 32-card packs and
four jokers); ``classic`` is the standard two-pack Bézique of Hoffmann's *Hoyle's Games
Modernized* and *Enquire Within Upon Everything*.

>>> [spec.name for spec in OPTIONS][:4]
['players', 'partnerships', 'pack', 'trump_mode']
>>> sorted(PRESETS)
['atout_vu', 'cent', 'classic', 'haiti', 'majorite', 'marque', 'seize']
"""

from __future__ import annotations

from atout.game import OptionSpec

WIKI = "Wikipédia, « Bésigue » (2010)"
HAITI = "Wikipédia, « Bésigue » (2010); Bésigue – The Card Game (How it is played in Haiti)"
CLASSIC = "Hoffmann, Hoyle's Games Modernized, « Bézique »; Enquire Within Upon Everything, Bézique"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("players", 2, "players at the table (2, 3 or 4)", "joueurs à la table (2, 3 ou 4)", WIKI,
               bounds=(2, 4), decision="besigue-formats"),
    OptionSpec("partnerships", False, "four players in two partnerships of two, partners facing (sets four players)",
               "quatre joueurs associés deux à deux, partenaires face à face (fixe quatre joueurs)", HAITI,
               decision="besigue-formats"),
    OptionSpec("pack", "haitian", "four 32-card packs and four jokers, 9 cards by threes; or the classic two packs, "
               "8 cards 3-2-3", "quatre jeux de 32 cartes et quatre jokers, 9 cartes par trois ; ou deux jeux "
               "classiques, 8 cartes 3-2-3", f"{WIKI}; {CLASSIC}", choices=("haitian", "classic"),
               decision="besigue-pack"),
    OptionSpec("trump_mode", "auto", "trump by the first marriage declared, or by the turned card (atout vu); auto: "
               "first marriage for two players and partnerships, turned card for independents",
               "atout par le premier mariage, ou par la retourne (atout vu) ; auto : premier mariage à deux et en "
               "associés, retourne pour les indépendants", HAITI, choices=("auto", "first_marriage", "turned_card"),
               decision="besigue-trump"),
    OptionSpec("declarations", "one", "declarations after each trick won: one, or as many as one likes",
               "annonces après chaque pli gagné : une seule, ou autant qu'on veut", f"{WIKI}; {CLASSIC}",
               choices=("one", "unlimited"), decision="besigue-one-declaration"),
    OptionSpec("trump_marriage_value", 40, "points of the trump marriage (40, or 100 by agreement)",
               "points du mariage d'atout (40, ou 100 selon accord)", WIKI, bounds=(20, 100),
               decision="besigue-values"),
    OptionSpec("besigue_value", 40, "points of a bésigue, queen of spades and jack of diamonds (40, or 100 by "
               "agreement)", "points d'un bésigue, dame de pique et valet de carreau (40, ou 100 selon accord)",
               WIKI, bounds=(20, 100), decision="besigue-values"),
    OptionSpec("double_besigue", 0, "points of a double bésigue, both queens of spades and both jacks of diamonds "
               "(0: not scored)", "points du double bésigue, deux dames de pique et deux valets de carreau "
               "(0 : ne compte pas)", CLASSIC, bounds=(0, 500), decision="besigue-values"),
    OptionSpec("quinte_requires_marriage", True, "a quinte only after the trump marriage, still on the table",
               "pas de quinte sans le mariage d'atout fait avant et encore étalé", WIKI,
               decision="besigue-declaration-rules"),
    OptionSpec("seven_scores_to", "player", "the 10 points of a seven of trumps played: to its player, or to the "
               "trick's winner", "les 10 points d'un sept d'atout joué : à qui le joue, ou à qui gagne le pli",
               WIKI, choices=("player", "trick_winner"), decision="besigue-sevens"),
    OptionSpec("classic_sevens", False, "10 for exchanging the seven of trumps for the turned card, and 10 to the "
               "dealer who turns a seven", "10 pour l'échange du sept d'atout contre la retourne, et 10 au donneur "
               "qui retourne un sept", CLASSIC, decision="besigue-sevens",
               requires="trump_mode=turned_card or trump_mode=auto partnerships=false players=3|4"),
    OptionSpec("joker_play", "blank_card", "jokers in the last tricks: only when free to discard, or at any time",
               "jokers dans les dernières levées : seulement quand on est libre de se défausser, ou à tout moment",
               WIKI, choices=("blank_card", "free_anytime"), decision="besigue-jokers",
               requires="pack=haitian"),
    OptionSpec("undertrump", True, "last tricks: void and unable to over-trump, one must still trump",
               "dernières levées : sans la couleur et sans pouvoir surcouper, il faut encore couper", WIKI,
               decision="besigue-last-tricks"),
    OptionSpec("last_trick", "hand", "the 10 for the last trick: the hand's last trick, or the last trick before "
               "the talon runs out", "les 10 de dernière : la dernière levée du coup, ou la dernière avant "
               "l'épuisement du talon", f"{WIKI}; {CLASSIC}", choices=("hand", "phase1"),
               decision="besigue-last-tricks"),
    OptionSpec("brisques", "auto", "how brisques (aces and tens) score: auto (at least 14 for two players and "
               "partnerships; 8 brisques and 100 points for independents), a minimum count, a minimum score, both, "
               "the majority takes all, or always", "comment comptent les brisques (as et dix) : auto (au moins 14 "
               "à deux et en associés ; 8 brisques et 100 points pour les indépendants), un nombre minimal, un "
               "score minimal, les deux, la majorité prend tout, ou toujours", WIKI,
               choices=("auto", "min_count", "min_score", "count_and_score", "majority", "none"),
               decision="besigue-brisques"),
    OptionSpec("brisque_min", 0, "fewest brisques that score (0: 14 for two players and partnerships, 8 for "
               "independents)", "nombre minimal de brisques qui comptent (0 : 14 à deux et en associés, 8 pour les "
               "indépendants)", WIKI, bounds=(0, 32), decision="besigue-brisques",
               requires="brisques=auto|min_count|count_and_score"),
    OptionSpec("brisque_min_score", 100, "points one must already have to score one's brisques (minimum score rules)",
               "points qu'il faut déjà avoir pour marquer ses brisques (règles du score minimal)", WIKI,
               bounds=(0, 1000), decision="besigue-brisques",
               requires="brisques=min_score|count_and_score or brisques=auto partnerships=false players=3|4"),
    OptionSpec("majority_deduction", 200, "the majority rule: what each other side deducts from its score",
               "la règle de la majorité : ce que chaque autre camp déduit de sa marque", WIKI, bounds=(0, 1000),
               decision="besigue-brisques", requires="brisques=majority"),
    OptionSpec("target", 0, "points that win a game (0: 1000 for two players and partnerships, 600 for "
               "independents)", "points qui gagnent la partie (0 : 1000 à deux et en associés, 600 pour les "
               "indépendants)", WIKI, bounds=(0, 10000), decision="besigue-target"),
    OptionSpec("win_check", "immediate", "a game is won the moment a score reaches the target, or at the end of the "
               "hand", "la partie est gagnée dès qu'une marque atteint le but, ou à la fin du coup", WIKI,
               choices=("immediate", "end_of_hand"), decision="besigue-win-check"),
    OptionSpec("bas_table_percent", 75, "en bas table: a loser below this share of the target (in %) makes the game "
               "count double (two players and partnerships)", "en bas table : un perdant sous cette part du but "
               "(en %) fait compter la partie double (à deux et en associés)", WIKI, bounds=(0, 100),
               decision="besigue-match", requires="players=2 or partnerships=true"),
    OptionSpec("match_games", 1, "games (an en bas table win counting two) that win the match",
               "parties (une partie en bas table comptant pour deux) qui gagnent le match", WIKI, bounds=(1, 99),
               decision="besigue-match"),
    OptionSpec("match_hundreds", 0, "hundreds given that win the match, instead of games (0: the match is counted in "
               "games; two sides only)", "centaines données qui gagnent le match, au lieu des parties (0 : le match "
               "se compte en parties ; à deux camps seulement)", WIKI, bounds=(0, 99), decision="besigue-match"),
)

PRESETS: dict[str, dict[str, object]] = {
    # the Haitian game of the French Wikipedia article: the defaults spelled out
    "haiti": {},
    # Hoffmann / Enquire Within: two packs, 8 cards, turned card, the tens for sevens, double bésigue 500,
    # brisques without threshold, a sequence without the marriage first
    "classic": {"pack": "classic", "trump_mode": "turned_card", "classic_sevens": True, "double_besigue": 500,
                "brisques": "none", "quinte_requires_marriage": False},
    # « 40 ou 100 selon accord préalable »: the trump marriage and the bésigue at 100
    "cent": {"trump_marriage_value": 100, "besigue_value": 100},
    # « celui qui a compté le plus grand nombre de brisques marque 320 points et l'autre … doit déduire »
    "majorite": {"brisques": "majority"},
    # « parfois au moins 16 »
    "seize": {"brisques": "min_count", "brisque_min": 16},
    # « il faut avoir un nombre de points sur sa marque pour avoir le droit de marquer les brisques »
    "marque": {"brisques": "min_score"},
    # the second way to begin: the turned card sets trump, declarations from the first trick
    "atout_vu": {"trump_mode": "turned_card"},
}
