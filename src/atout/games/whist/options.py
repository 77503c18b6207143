"""The options of Whist and of Whist with a mort: typed, with bilingual help, the source each one
comes from and the entry of docs/rules/decisions.md that explains it; and the named presets.

>>> [spec.name for spec in WHIST_OPTIONS][:3]
['game_points', 'partnerships', 'honours']
>>> sorted(PRESETS), [spec.name for spec in MORT_OPTIONS][-2:]
(['cotton1674', 'long', 'short'], ['exposure', 'rubbers'])
"""

from __future__ import annotations

from atout.game import OptionSpec

WIKI = "Wikipédia, « Whist »"
LAWS = "The Laws of Short Whist (1864)"
ENQUIRE = "Enquire Within Upon Everything, « Whist »"

COMMON: tuple[OptionSpec, ...] = (
    OptionSpec("game_points", 10, "points that win a game (manche): 10 is long whist, 5 short whist",
               "points qui gagnent une manche : 10 au whist long, 5 au whist court",
               f"{WIKI} (« deux manches de 10 points »); {LAWS}, laws 2–8", bounds=(5, 10),
               decision="whist-game-length"),
    OptionSpec("honours", True, "the honours (A K Q J of trumps) score: three held by a side 2, four 4",
               "les honneurs (A R D V d'atout) comptent : trois tenus par un camp 2, quatre 4",
               f"{WIKI}, « Honneurs »", decision="whist-honours-held"),
    OptionSpec("honours_at_nine", False, "honours still score for a side one point short of the game",
               "les honneurs comptent encore pour un camp à un point de la manche",
               f"{ENQUIRE} (« at nine they do not count »); {LAWS}, law 4", decision="whist-honours-at-nine",
               requires="honours=true"),
    OptionSpec("calling_at_eight", "auto",
               "a side two points short of the game may show or call its honours and win the game at once; "
               "auto: yes in long whist, no with game_points=5 (short whist has no calling)",
               "un camp à deux points de la manche peut montrer ou chanter ses honneurs et gagner la manche ; "
               "auto : oui au whist long, non avec game_points=5 (le whist court ne chante pas)",
               f"{WIKI}, « Gains d'une manche »; {LAWS}, law 4", choices=("auto", "true", "false"),
               decision="whist-calling-at-eight"),
    OptionSpec("rubber_bonus", 2, "points added to the side that wins the rubber",
               "points ajoutés au camp qui gagne le robre",
               f"{WIKI} (« généralement 2 points de robre »)", bounds=(0, 10), decision="whist-rubber-bonus"),
    OptionSpec("min_cut_packet", 2, "fewest cards in each packet of the cut",
               "nombre minimal de cartes dans chaque paquet de la coupe", f"{ENQUIRE}, laws of cutting",
               bounds=(1, 10), decision="cut"),
    OptionSpec("pack", "52", "the pack: 52 cards, thirteen each; or 48 without the twos, twelve each (Cotton, 1674)",
               "le jeu : 52 cartes, treize chacun ; ou 48 sans les deux, douze chacun (Cotton, 1674)",
               f"{WIKI} (« 48 cartes, sans les deux »)", choices=("52", "48"), decision="whist-cotton-1674"),
)

WHIST_OPTIONS: tuple[OptionSpec, ...] = (
    COMMON[0],
    OptionSpec("partnerships", "cut",
               "partners and first dealer by the cut (two lowest against two highest), or partners "
               "fixed by seat (0 and 2 against 1 and 3) and the cut for the dealer only",
               "partenaires et premier donneur à la coupe (les deux plus basses contre les deux plus "
               "hautes), ou partenaires fixés par les places (0 et 2 contre 1 et 3), la coupe ne "
               "désignant que le donneur", f"{ENQUIRE}, laws of cutting", choices=("cut", "fixed_by_seat"),
               decision="whist-partnerships"),
    *COMMON[1:],
)

MORT_OPTIONS: tuple[OptionSpec, ...] = (
    *COMMON,
    OptionSpec("exposure", "after_deal",
               "when the mort's hand is laid face up: as soon as the deal is complete, or after the "
               "opening lead (as at bridge)",
               "quand la main du mort est étalée : dès la fin de la donne, ou après l'entame (comme au bridge)",
               f"{LAWS}, « Dummy »", choices=("after_deal", "after_lead"), decision="mort-exposure"),
    OptionSpec("rubbers", 3, "rubbers in the partie: three gives each player the mort once",
               "robres de la partie : trois donnent le mort une fois à chacun",
               f"{LAWS}, « Dummy »", bounds=(1, 30), decision="mort-rotation"),
)

PRESETS: dict[str, dict[str, object]] = {
    # long whist, the game of the French article: the defaults spelled out
    "long": {},
    # short whist: games of five, honours not counted at four, no calling (calling_at_eight=auto)
    "short": {"game_points": 5},
    # whist as Cotton described it in 1674: 48 cards (no twos), twelve each, nine points; calling
    # at eight, where honours therefore still count
    "cotton1674": {"pack": "48", "game_points": 9, "honours_at_nine": True},
}
