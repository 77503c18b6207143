"""Every user-facing string of the command line that belongs to no one game, in English and French.

Messages are ``str.format`` templates looked up by key in a :class:`Catalog`. The game-neutral
catalog is :data:`CORE` (its lookup is :func:`tr`); a game's renderer keeps its own words in a
catalog whose ``parent`` is :data:`CORE`, so it can use both. Word tables (suit names and
plurals, rank names with their articles, number words) let the renderers build sentences such as
« deux atouts, le roi en tête ».

>>> tr("refused", "fr", reason="vous n'avez pas RC")
"Refusé : vous n'avez pas RC"
>>> count_words(2, 1, "fr", trump=False), count_words(0, 3, "en", trump=True)
('deux cœurs', 'no trumps')
>>> rank_with_article(12, "fr"), rank_with_article(11, "en")
("l'as", 'the king')
"""

from __future__ import annotations

from atout.words import (  # the word tables and helpers, re-exported for the renderers (__all__)
    LANGS,
    NUMBER_WORDS,
    RANK_NAMES,
    SUIT_PLURAL,
    SUIT_SINGULAR,
    TRUMP_PLURAL,
    TRUMP_SINGULAR,
    Catalog,
    count_words,
    de_word,
    du_word,
    join_words,
    rank_with_article,
    suit_display,
    suit_plural,
    suit_singular,
)

MESSAGES: dict[str, tuple[str, str]] = {
    # ---- seats, sides
    "seat": ("seat {n}", "joueur {n}"),
    "Seat": ("Seat {n}", "Le joueur {n}"),
    "to_seat": ("seat {n}", "au joueur {n}"),
    "the_seat": ("seat {n}", "le joueur {n}"),
    "team": ("team {t}", "équipe {t}"),
    "Team": ("Team {t}", "L'équipe {t}"),
    "rel.you": ("you", "vous"),
    "rel.partner": ("partner", "partenaire"),
    "rel.opponent": ("opponent", "adversaire"),
    "rel.right_partner": ("right partner", "partenaire de droite"),
    "rel.left_partner": ("left partner", "partenaire de gauche"),
    "rel.right_opponent": ("right opponent", "adversaire de droite"),
    "rel.left_opponent": ("left opponent", "adversaire de gauche"),
    "rel.opposite_opponent": ("opposite opponent", "adversaire d'en face"),
    "rel.next_opponent": ("next opponent", "adversaire suivant"),
    "rel.previous_opponent": ("previous opponent", "adversaire précédent"),
    "rel.next_partner": ("next partner", "partenaire suivant"),
    "rel.previous_partner": ("previous partner", "partenaire précédent"),
    "your_team": ("your team", "votre équipe"),
    "and": ("and", "et"),
    "or": ("or", "ou"),
    # ---- the screen, any game
    "screen.header": ("{game} · score {score}", "{game} · score {score}"),
    "screen.you_are": ("You are seat {seat}{side}.", "Vous êtes le joueur {seat}{side}."),
    "screen.you_are_side": (", team {t}", ", équipe {t}"),
    "screen.trump": ("Trump: {suit}.", "Atout : {suit}."),
    "screen.trick": ("Trick in progress: {cards}.", "Levée en cours : {cards}."),
    "screen.hand": ("Your hand:", "Votre main :"),
    "screen.hand_sizes": ("Cards in hand: {sizes}.", "Cartes en main : {sizes}."),
    "screen.to_move": ("{who} to act.", "{who} d'agir."),
    "screen.over": ("The partie is over.", "La partie est terminée."),
    # ---- events, any game
    "ev.play": ("{who} plays {card}.", "{who} joue {card}."),
    "ev.other": ("{who}: {action}", "{who} : {action}"),
    "ev.trick_won": ("{who} wins the trick.", "{who} remporte la levée."),
    "ev.draw": ("Draw: {cards}.", "Tirage : {cards}."),
    "ev.deal": ("The cards are dealt.", "Les cartes sont distribuées."),
    "ev.deal_turned": ("The cards are dealt; turned: {cards}.", "Les cartes sont distribuées ; retournée : {cards}."),
    "ev.dealt_hand": ("  {who}: {cards}", "  {who} : {cards}"),
    "ev.dealt_talon": ("  talon: {cards}", "  talon : {cards}"),
    "ev.your_cards": ("Your cards: {cards}", "Vos cartes : {cards}"),
    "ev.hidden": ("{who}: {action} (hidden)", "{who} : {action} (caché)"),
    # ---- results, any game
    "res.hand": ("Hand {hand}: points {points} ({reason}).", "Donne {hand} : points {points} ({reason})."),
    "res.score": ("Score: {score}.", "Score : {score}."),
    "res.win_side": ("Team {t} wins the partie, {score}.", "L'équipe {t} gagne la partie, {score}."),
    "res.win_seat": ("{who} wins the partie, {score}.", "{who} gagne la partie, {score}."),
    "res.win_abandon": ("Team {t} wins the partie: the other team abandoned ({score}).",
                        "L'équipe {t} gagne la partie : l'autre équipe a abandonné ({score})."),
    "res.tie": ("The partie is a tie, {score}.", "La partie est nulle, {score}."),
    "res.you_win": ("You win!", "Vous avez gagné !"),
    "res.you_lose": ("You lose.", "Vous avez perdu."),
    "res.unfinished": ("Partie unfinished (abandoned), score {score}.",
                       "Partie inachevée (abandonnée), score {score}."),
    "reason.target": ("target reached", "objectif atteint"),
    "reason.abandon": ("abandon", "abandon"),
    "reason.deals": ("all deals played", "toutes les donnes jouées"),
    "reason.rubber": ("rubber won", "robre gagné"),
    # ---- prompts and play loop
    "play.intro": ("{game} — you are seat {seat}{side}.", "{game} — vous êtes le joueur {seat}{side}."),
    "play.intro_side": (", team {t} (with {mates})", ", équipe {t} (avec {mates})"),
    "play.table": ("Around the table, in the order of play: {seats}.",
                   "Autour de la table, dans l'ordre du jeu : {seats}."),
    "play.setup": ("Bots: {bots}. Seed: {seed}. Type ? for help.",
                   "Robots : {bots}. Graine : {seed}. Tapez ? pour l'aide."),
    "play.options": ("Options: {options}.", "Options : {options}."),
    "play.no_seed": ("none (shuffles from the system's secure random source)",
                     "aucune (mélange par la source aléatoire sûre du système)"),
    "play.prompt": ("Your move [{range}, ? help]: ", "Votre choix [{range}, ? aide] : "),
    "play.prompt_optional": ("You may act now ({kinds}) — Enter to pass: ",
                             "Vous pouvez agir maintenant ({kinds}) — Entrée pour passer : "),
    "play.moves_title": ("You may:", "Vous pouvez :"),
    "play.no_moves": ("Nothing to choose now.", "Rien à choisir maintenant."),
    "play.bad_number": ("No move numbered {n}: choose {range}.", "Aucun coup numéro {n} : choisissez {range}."),
    "play.not_your_turn": ("It is not your turn to choose a move; you may speak or press Enter.",
                           "Ce n'est pas à vous de jouer ; vous pouvez parler ou appuyer sur Entrée."),
    "play.unreadable": ("{text!r} cannot be read: type ? for what you may type.",
                        "{text!r} est illisible : tapez ? pour savoir quoi taper."),
    "refused": ("Refused: {reason}", "Refusé : {reason}"),
    "play.quit": ("You leave the table.", "Vous quittez la table."),
    "play.eof": ("End of input: you leave the table.", "Fin de l'entrée : vous quittez la table."),
    "play.record": ("Record written to {path}.", "Partie enregistrée dans {path}."),
    "play.bot_error": ("bot at seat {seat} chose an impossible action ({reason}); it plays {action} instead",
                       "le robot du joueur {seat} a choisi une action impossible ({reason}) ; il joue {action}"),
    "play.bot_quiet": ("bot at seat {seat} has spoken enough; it plays {action}",
                       "le robot du joueur {seat} a assez parlé ; il joue {action}"),
    # ---- help
    "help.title": ("What you can type:", "Ce que vous pouvez taper :"),
    "help.body": (
        ("  a number         pick from the numbered list of moves\n"
        "  an action        in the game's notation, e.g. {example}\n"
        "  moves            list what you may do now\n"
        "  hint             what the heuristic bot would play in your place\n"
        "  ?                this help\n"
        "  quit             leave the table (the partie stays unfinished)"),
        ("  un nombre        choisir dans la liste numérotée\n"
        "  une action       dans la notation du jeu, par ex. {example}\n"
        "  coups            lister ce que vous pouvez faire\n"
        "  conseil          ce que jouerait le robot heuristique à votre place\n"
        "  ?                cette aide\n"
        "  quitter          quitter la table (la partie reste inachevée)"),
    ),
    "help.cards": (
        ("  a card           KH, 10S, TS or K♥ (English: ranks A K Q J 10 … 2, suits S H D C);\n"
        "                   RC, 10P (French: ranks R D V A, suits P C K T); AC is ambiguous: --lang decides"),
        ("  une carte        RC, 10P ou R♥ (français : rangs R D V A 10 … 2, couleurs P C K T) ;\n"
        "                   KH, 10S (anglais : K Q J A, couleurs S H D C) ; AC est ambigu : --lang décide"),
    ),
    "help.now": ("Now:", "Maintenant :"),
    "help.now_kind": ("{kind}: {n} — e.g. {examples}", "{kind} : {n} — par ex. {examples}"),
    "help.now_wait": ("nothing is required of you; wait or press Enter",
                      "rien ne vous est demandé ; attendez ou appuyez sur Entrée"),
    "help.now_turn": ("it is your turn: choose one of the numbered moves",
                      "c'est à vous : choisissez l'un des coups numérotés"),
    "kind.move": ("moves", "coups"),
    "kind.talk": ("speech", "paroles"),
    "kind.claim": ("claims", "réclamations"),
    "kind.table": ("table actions", "actions de table"),
    "kind.chance": ("chance", "hasard"),
    # ---- the command line
    "cli.description": (
        ("Rules engines for old French card games ({games}): play in the terminal, simulate bot matches, "
        "list variants, bench, validate and replay records."),
        ("Moteurs de règles d'anciens jeux de cartes français ({games}) : jouer dans le terminal, simuler des "
        "matchs de robots, lister les variantes, mesurer, valider et rejouer des enregistrements.")),
    "cli.lang": ("language of the output: en (default) or fr", "langue des messages : en (défaut) ou fr"),
    "cli.option": ("set a variant option (repeatable), or preset=NAME; see `atout variants GAME`",
                   "régler une option de variante (répétable), ou preset=NOM ; voir `atout variants JEU`"),
    "cli.game": ("the game: {games}", "le jeu : {games}"),
    "cli.play": ("play one seat in the terminal against bots", "jouer une place dans le terminal contre des robots"),
    "cli.play_desc": ("Play one seat of a partie in the terminal; bots play the other seats.",
                      "Jouer une place d'une partie dans le terminal ; des robots tiennent les autres places."),
    "cli.seat": ("your seat (0 = first; default 0)", "votre place (0 = la première ; défaut 0)"),
    "cli.play_seed": ("seed the shuffles and bots, to replay a game (default: shuffles from the secure system source)",
                      ("graine du mélange et des robots, pour rejouer une partie (défaut : mélange par la source "
                      "sûre du système)")),
    "cli.play_bots": ("bot kind (default heuristic)", "sorte de robots (défaut heuristic)"),
    "cli.record": ("write the record of the partie to FILE at the end (or on quit)",
                   "écrire l'enregistrement de la partie dans FILE à la fin (ou en quittant)"),
    "cli.simulate": ("play bot against bot and report the results",
                     "faire jouer robot contre robot et donner les résultats"),
    "cli.simulate_desc": ("Play N parties between two bots (seats alternate) and report the results.",
                          "Jouer N parties entre deux robots (les places alternent) et donner les résultats."),
    "cli.games": ("number of parties (default 100)", "nombre de parties (défaut 100)"),
    "cli.seed": ("random seed (default 1)", "graine aléatoire (défaut 1)"),
    "cli.sim_bots": ("two bot names, the first side's first (default heuristic,random)",
                     "deux noms de robots, celui du premier camp d'abord (défaut heuristic,random)"),
    "cli.records": ("write one record per partie into DIR", "écrire un enregistrement par partie dans DIR"),
    "cli.progress": ("show progress on stderr", "afficher l'avancement sur stderr"),
    "cli.json": ("print JSON", "écrire du JSON"),
    "cli.variants": ("list a game's options, defaults, allowed values, sources and presets",
                     "lister les options d'un jeu : défauts, valeurs permises, sources, préréglages"),
    "cli.variants_desc": (("List every option of a game (name, default, allowed values, help, source) and its "
                          "presets."),
                          ("Lister chaque option d'un jeu (nom, défaut, valeurs permises, aide, source) et ses "
                          "préréglages.")),
    "cli.bench": ("measure the speed of the engine, the online table or the search bots",
                  "mesurer la vitesse du moteur, de la table en ligne ou des robots qui cherchent"),
    "cli.bench_what": (("what to bench: engine (the rules engine), server (the online table under load) or search "
                        "(the search bots' sampler, solver and decisions at positions of real parties)"),
                       ("ce qu'on mesure : engine (le moteur de règles), server (la table en ligne sous charge) ou "
                        "search (l'échantillonneur, le solveur et les décisions des robots qui cherchent)")),
    "cli.seconds": (("seconds per loop and game (default 5; with --baseline: per round); server: the measured window "
                    "(default 30)"),
                    ("secondes par boucle et par jeu (défaut 5 ; avec --baseline : par manche) ; server : la fenêtre "
                    "mesurée (défaut 30)")),
    "cli.bench_games": ("games to bench, comma-separated (default: every registered game)",
                        "jeux à mesurer, séparés par des virgules (défaut : tous les jeux)"),
    "cli.runs": ("timed runs per loop (default 5)", "séries chronométrées par boucle (défaut 5)"),
    "cli.baseline": (("the src/ folder of another tree (e.g. an older commit from git worktree): "
                      "run both trees' README loops, bare and with an observation+JSON per decision, in alternating "
                      "rounds and print the ratios"),
                     ("le dossier src/ d'un autre arbre (un ancien commit par git worktree) : "
                      "les boucles du README des deux arbres, nues et avec une observation+JSON par décision, en "
                      "manches alternées, et leurs rapports")),
    "cli.rounds": ("alternating rounds with --baseline, or with OpenSpiel's euchre (default 8)",
                   "manches alternées avec --baseline, ou avec l'euchre d'OpenSpiel (défaut 8)"),
    "cli.positions": (("engine: positions drawn uniformly over whole parties for the per-call figures (default 300); "
                       "search: the card decisions timed (default 60)"),
                      ("engine : positions tirées uniformément sur des parties entières pour les mesures par appel "
                       "(défaut 300) ; search : les décisions chronométrées (défaut 60)")),
    "cli.presets": ("bench each preset of each game too", "mesurer aussi chaque préréglage de chaque jeu"),
    "cli.validate": ("check a record: syntax and legality of every action",
                     "vérifier un enregistrement : syntaxe et légalité de chaque action"),
    "cli.validate_desc": ("Read and replay a record; print ok or every error as FILE:LINE: message.",
                          "Lire et rejouer un enregistrement ; écrire ok ou chaque erreur en FICHIER:LIGNE: message."),
    "cli.replay": ("replay a record and tell each deal and what was played",
                   "rejouer un enregistrement et raconter chaque donne et ce qui a été joué"),
    "cli.replay_desc": ("Replay a record and tell each deal (every hand dealt), the play, the talk and the score.",
                        ("Rejouer un enregistrement et raconter chaque donne (toutes les mains distribuées), le jeu, "
                        "les paroles et le score.")),
    "cli.file": ("the record file", "le fichier d'enregistrement"),
    "cli.usage_error": ("{prog}: error: {msg} (see {prog} --help)", "{prog} : erreur : {msg} (voir {prog} --help)"),
    "cli.error": ("{prog}: error: {msg}", "{prog} : erreur : {msg}"),
    "cli.interrupted": ("{prog}: interrupted", "{prog} : interrompu"),
    "cli.not_a_number": ("{value!r} is not a whole number (ASCII digits)",
                         "{value!r} n'est pas un nombre entier (chiffres ASCII)"),
    # ---- errors of the commands
    "err.bots": ("--bots takes one or two bot names separated by a comma, e.g. heuristic,random",
                 "--bots prend un ou deux noms de robots séparés par une virgule, par ex. heuristic,random"),
    "err.games": ("--games must be at least 1", "--games doit valoir au moins 1"),
    "err.seconds": ("--seconds must be positive, --runs, --rounds and --positions at least 1",
                    "--seconds doit être positif, --runs, --rounds et --positions au moins 1"),
    "err.bench_flags": ("{flags}: not read by atout bench {what}, which reads {reads}",
                        "{flags} : sans effet sur atout bench {what}, qui lit {reads}"),
    "err.bench_server_games": ("atout bench server runs one game: --games names one",
                               "atout bench server joue un seul jeu : --games en nomme un"),
    "err.baseline": ("{path} is not the src/ folder of an atout tree (no atout/__init__.py in it)",
                     "{path} n'est pas le dossier src/ d'un arbre atout (pas d'atout/__init__.py)"),
    "err.no_replay": ("the record does not replay", "l'enregistrement ne se rejoue pas"),
    "err.read": ("cannot read {path}: {reason}", "impossible de lire {path} : {reason}"),
    "err.write": ("cannot write {path}: {reason}", "impossible d'écrire {path} : {reason}"),
    "err.no_dir": ("no such directory", "dossier inexistant"),
    "err.not_dir": ("{path} is a file, not a directory", "{path} est un fichier, pas un dossier"),
    "err.missing": ("the {module} module is not available yet", "le module {module} n'est pas encore disponible"),
    "err.seat": ("seat {seat} does not exist: {game} has seats 0..{last}",
                 "le joueur {seat} n'existe pas : {game} a les places 0..{last}"),
    "err.bot": ("unknown bot {name!r} ({reason})", "robot inconnu {name!r} ({reason})"),
    # ---- variants
    "var.title": ("{game} — {n} options; set with -o name=value", "{game} — {n} options ; à régler avec -o nom=valeur"),
    "var.default": ("default", "défaut"),
    "var.allowed": ("allowed", "valeurs"),
    "var.source": ("source", "source"),
    "var.decision": ("decision", "décision"),
    "var.requires": ("only with", "seulement avec"),
    "var.decisions_file": ("docs/rules/decisions.md", "docs/rules/decisions.md"),
    "var.presets": ("Presets (-o preset=NAME):", "Préréglages (-o preset=NOM) :"),
    "var.no_presets": ("No presets.", "Aucun préréglage."),
    "var.preset_defaults": ("all defaults", "tous les défauts"),
    # ---- validate, replay
    "val.ok": ("ok: {n} actions, {result}", "ok : {n} actions, {result}"),
    "val.result_win": ("result: team {t} wins {score} ({reason})", "résultat : l'équipe {t} gagne {score} ({reason})"),
    "val.result_seat": ("result: {who} wins {score} ({reason})", "résultat : {who} gagne {score} ({reason})"),
    "val.result_tie": ("result: tie {score} ({reason})", "résultat : égalité {score} ({reason})"),
    "val.result_open": ("result: unfinished, score {score}", "résultat : inachevée, score {score}"),
    "rep.header": ("{game}{options}", "{game}{options}"),
    "rep.setup": ("Starts from: {facts}", "Départ : {facts}"),
}

CORE = Catalog(MESSAGES)


def tr(key: str, lang: str = "en", **kwargs: object) -> str:
    """The game-neutral message ``key`` in ``lang`` (``en`` or ``fr``), formatted with ``kwargs``.

    >>> tr("Seat", "fr", n=2)
    'Le joueur 2'
    """
    return CORE.tr(key, lang, **kwargs)


__all__ = ["CORE", "LANGS", "MESSAGES", "NUMBER_WORDS", "RANK_NAMES", "SUIT_PLURAL", "SUIT_SINGULAR", "TRUMP_PLURAL",
           "TRUMP_SINGULAR", "Catalog", "count_words", "de_word", "du_word", "join_words", "rank_with_article",
           "suit_display", "suit_plural", "suit_singular", "tr"]
