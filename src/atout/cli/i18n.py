"""Every user-facing string of the command line, in English and French.

Messages are ``str.format`` templates looked up by key with :func:`tr`. The French names of the
game's terms (levée, atout, retourne, vole, capitaine, renonce, coup) stay visible in both
languages. Word tables (suit names and plurals, rank names with their articles, number words)
let :mod:`atout.cli.render` build sentences such as « deux atouts, le roi en tête ».

>>> tr("refused", "fr", reason="seat 2 does not hold KH")
'Refusé : seat 2 does not hold KH'
>>> count_words(2, 1, "fr", trump=False), count_words(0, 3, "en", trump=True)
('deux cœurs', 'no trumps')
>>> rank_with_article(12, "fr"), rank_with_article(11, "en")
("l'as", 'the king')
"""

from __future__ import annotations

LANGS = ("en", "fr")

MESSAGES: dict[str, tuple[str, str]] = {
    # ---- seats, teams
    "seat": ("seat {n}", "joueur {n}"),
    "Seat": ("Seat {n}", "Le joueur {n}"),
    "to_seat": ("seat {n}", "au joueur {n}"),
    "the_seat": ("seat {n}", "le joueur {n}"),
    "team": ("team {t}", "équipe {t}"),
    "Team": ("Team {t}", "L'équipe {t}"),
    "rel.you": ("you", "vous"),
    "rel.partner": ("partner", "partenaire"),
    "rel.right_partner": ("right partner", "partenaire de droite"),
    "rel.left_partner": ("left partner", "partenaire de gauche"),
    "rel.right_opponent": ("right opponent", "adversaire de droite"),
    "rel.left_opponent": ("left opponent", "adversaire de gauche"),
    "rel.opposite_opponent": ("opposite opponent", "adversaire d'en face"),
    "your_team": ("your team", "votre équipe"),
    # ---- screen
    "screen.header": ("{game} · coup {hand} · dealer {dealer} · score {score} (target {target})",
                      "{game} · coup {hand} · donneur {dealer} · score {score} (objectif {target})"),
    "screen.header_nohand": ("{game} · score {score} (target {target})",
                             "{game} · score {score} (objectif {target})"),
    "screen.you_are": ("You are seat {seat}, team {team}.", "Vous êtes le joueur {seat}, équipe {team}."),
    "screen.captains": ("Capitaines: {a}; {b}.", "Capitaines : {a} ; {b}."),
    "screen.captain_of": ("team {t}: {who}", "équipe {t} : {who}"),
    "screen.trump_dealer": ("Atout (trump): {suit} — retourne {card}, held by the dealer, {who}.",
                            "Atout : {suit} — retourne {card}, dans la main du donneur, {who}."),
    "screen.trump_played": ("Atout (trump): {suit} — retourne {card} (already played).",
                            "Atout : {suit} — retourne {card} (déjà jouée)."),
    "screen.trump_talon": ("Atout (trump): {suit} — retourne {card}, face up on the talon.",
                           "Atout : {suit} — retourne {card}, face visible sur le talon."),
    "screen.tricks_won": ("Levées (tricks) won: {score}.", "Levées gagnées : {score}."),
    "screen.vole_on": ("{team} is going for the vole (all six levées).",
                       "{team} tente la vole (les six levées)."),
    "screen.last_trick": ("Last levée ({k}): {cards} → {winner}.", "Dernière levée ({k}) : {cards} → {winner}."),
    "screen.trick": ("Levée {k} in progress: {cards}.", "Levée {k} en cours : {cards}."),
    "screen.trick_empty": ("Levée {k}: {leader} to lead.", "Levée {k} : {leader} entame."),
    "screen.talk": ("Talk of this coup:", "Paroles de ce coup :"),
    "screen.window": ("Consultation {w} of team {t} is open.", "Consultation {w} de l'équipe {t} ouverte."),
    "screen.pending": ("{asker} asked {target}: {question}", "{asker} a demandé {target} : {question}"),
    "screen.command": ("Command in force: {spec}.", "Commandement en vigueur : {spec}."),
    "screen.hand": ("Your hand:", "Votre main :"),
    "screen.to_move": ("{who} to act.", "{who} d'agir."),
    "screen.over": ("The partie is over.", "La partie est terminée."),
    "trick_word": ("levée", "levée"),
    # ---- talk
    "talk.ask": ("{asker} asks {target}: {question}", "{asker} demande {target} : {question}"),
    "talk.say": ("{who}: {statement}", "{who} : {statement}"),
    "talk.command": ("{captain} commands {target}: {spec}", "{captain} commande {target} : {spec}"),
    "talk.command_nolead": ("{captain} commands the lead: {spec}", "{captain} commande l'entame : {spec}"),
    "talk.remark": ("{who} remarks: “{text}”", "{who} dit : « {text} »"),
    "talk.nocard": ("{who}: I don't have it.", "{who} : je ne l'ai pas."),
    "talk.claim_rejected": ("{who} claims a renonce (revoke): rejected.",
                            "{who} réclame une renonce : rejetée."),
    "talk.penalty": ("Penalty against {who}: {kind}.", "Pénalité contre {who} : {kind}."),
    "talk.trick_tag": ("(levée {k}) ", "(levée {k}) "),
    "q.count": ("how many {plural}?", "combien {de_plural} ?"),
    "q.which": ("which {plural}?", "quels {plural} ?"),
    "q.hold": ("do you hold {card}?", "avez-vous {card} ?"),
    "q.highest": ("your highest {singular}?", "votre plus haut {singular} ?"),
    "q.void": ("are you void in {plural}?", "êtes-vous sans {singular} ?"),
    "s.top": ("{count}, {rank} highest", "{count}, {rank} en tête"),
    "s.cards": ("{cards} of {suit}", "{cards} {de_suit}"),
    "s.hold_yes": ("yes, {card}", "oui, {card}"),
    "s.hold_no": ("no, not {card}", "non, pas {card}"),
    "s.highest": ("highest {singular}: {rank}", "plus haut {singular} : {rank}"),
    "s.void_yes": ("void in {plural}", "sans {singular}"),
    "s.void_no": ("not void in {plural}", "j'ai {du_suit}"),
    "s.nothing": ("I won't say", "je préfère ne rien dire"),
    "and": ("and", "et"),
    "c.card": ("lead {card}", "jouez {card}"),
    "c.high": ("lead your highest {singular}", "jouez votre plus haut {singular}"),
    "c.low": ("lead your lowest {singular}", "jouez votre plus bas {singular}"),
    "c.any_suit": ("lead a {singular}", "jouez {du_suit}"),
    "c.free": ("lead what you like", "jouez ce que vous voulez"),
    # short labels for menus
    "m.high": ("high {suit}", "haut {suit}"),
    "m.low": ("low {suit}", "bas {suit}"),
    "m.any_suit": ("any {suit}", "du {suit}"),
    "m.free": ("free choice", "au choix"),
    "m.close": ("close the consultation", "clore la consultation"),
    "m.vole_go": ("vole continue: go on for all six levées", "vole continue : tenter les six levées"),
    "m.vole_stop": ("vole stop: take the point now", "vole stop : marquer le point maintenant"),
    "m.captain": ("captain {seat}: {who}", "captain {seat} : {who}"),
    "m.dealer": ("dealer {seat}: {who}", "dealer {seat} : {who}"),
    # ---- events
    "ev.draw": ("Draw for the first deal: {cards}.", "Tirage du premier donneur : {cards}."),
    "ev.draw_tie": ("Tie for the highest card: the tied players draw again.",
                    "Égalité pour la plus haute carte : les ex æquo tirent à nouveau."),
    "ev.first_dealer": ("{who} deals first.", "{who} donne en premier."),
    "ev.choose_dealer": ("{who} names {target} to deal.", "{who} désigne {target} pour donner."),
    "ev.captain": ("{who} is capitaine (captain) of team {t}.", "{who} est capitaine de l'équipe {t}."),
    "ev.cut": ("{who} cuts the pack ({n} cards).", "{who} coupe le paquet ({n} cartes)."),
    "ev.deal": ("Coup {hand}: {dealer} deals. Atout (trump): {suit}, retourne {card}{where}.",
                "Coup {hand} : {dealer} donne. Atout : {suit}, retourne {card}{where}."),
    "ev.deal_dealer": (" (the dealer holds it)", " (le donneur la garde)"),
    "ev.deal_talon": (" (on the talon)", " (sur le talon)"),
    "ev.window": ("Consultation {w} of team {t} opens; capitaine {who}.",
                  "Consultation de l'équipe {t} ({w}) ; capitaine {who}."),
    "ev.play": ("{who} plays {card}.", "{who} joue {card}."),
    "ev.trick": ("Levée {k} to {who} with {card} — levées {score}.",
                 "Levée {k} pour {who} avec {card} — levées {score}."),
    "ev.close": ("{who} closes the consultation of team {t}.", "{who} clôt la consultation de l'équipe {t}."),
    "ev.vole_go": ("{who}, capitaine, goes on for the vole!", "{who}, capitaine, tente la vole !"),
    "ev.vole_stop": ("{who}, capitaine, stops: no vole.", "{who}, capitaine, s'arrête : pas de vole."),
    "ev.abandon": ("{who} abandons: team {t} loses the partie.", "{who} abandonne : l'équipe {t} perd la partie."),
    "ev.claim": ("{who} claims a renonce (revoke).", "{who} réclame une renonce."),
    "ev.penalty": ("Penalty recorded: {kind}.", "Pénalité notée : {kind}."),
    "ev.other": ("{who}: {action}", "{who} : {action}"),
    # ---- results
    "res.three": ("Coup {hand}: team {t} wins {tricks} levées to {other}: +1 point.",
                  "Coup {hand} : l'équipe {t} gagne {tricks} levées à {other} : +1 point."),
    "res.vole": ("Coup {hand}: team {t} makes the vole (all six levées): +2 points!",
                 "Coup {hand} : l'équipe {t} fait la vole (les six levées) : +2 points !"),
    "res.vole_failed": ("Coup {hand}: the vole of team {t} fails ({tricks}–{other}); it still scores +1.",
                        "Coup {hand} : la vole de l'équipe {t} échoue ({tricks}–{other}) ; elle marque quand même +1."),
    "res.null": ("Coup {hand}: null coup ({tricks}–{other}), nobody scores.",
                 "Coup {hand} : coup nul ({tricks}–{other}), personne ne marque."),
    "res.revoke": ("Coup {hand}: renonce (revoke) penalty — points {points}.",
                   "Coup {hand} : pénalité de renonce — points {points}."),
    "res.redeal": ("Coup {hand}: penalty and redeal — points {points}.",
                   "Coup {hand} : pénalité, on redonne — points {points}."),
    "res.scores": ("Score: {score} (target {target}).", "Score : {score} (objectif {target})."),
    "res.partie": ("Team {t} wins the partie, {score}.", "L'équipe {t} gagne la partie, {score}."),
    "res.partie_abandon": ("Team {t} wins the partie: the other team abandoned ({score}).",
                           "L'équipe {t} gagne la partie : l'autre équipe a abandonné ({score})."),
    "res.you_win": ("You win!", "Vous avez gagné !"),
    "res.you_lose": ("You lose.", "Vous avez perdu."),
    "res.unfinished": ("Partie unfinished (abandoned), score {score}.",
                       "Partie inachevée (abandonnée), score {score}."),
    # ---- prompts and play loop
    "play.intro": ("{game} — you are seat {seat}, team {team} (with {mates}). Play goes to the right "
                   "(counter-clockwise).",
                   "{game} — vous êtes le joueur {seat}, équipe {team} (avec {mates}). On joue vers la droite "
                   "(sens inverse des aiguilles d'une montre)."),
    "play.table": ("Around the table, to your right: {seats}.", "Autour de la table, vers votre droite : {seats}."),
    "play.setup": ("Target: {target} points. Bots: {bots}. Seed: {seed}. Type ? for help.",
                   "Objectif : {target} points. Robots : {bots}. Graine : {seed}. Tapez ? pour l'aide."),
    "play.no_seed": ("none (shuffles from the system's secure random source)",
                     "aucune (mélange par la source aléatoire sûre du système)"),
    "play.prompt": ("Your move [{range}, ? help]: ", "Votre choix [{range}, ? aide] : "),
    "play.prompt_talk": ("You may speak (say …, remark \"…\"{ask}) — Enter to pass: ",
                         "Vous pouvez parler (say …, remark \"…\"{ask}) — Entrée pour passer : "),
    "play.prompt_new_hand": ("Enter for coup {hand} (or captain N, abandon, quit): ",
                             "Entrée pour le coup {hand} (ou captain N, abandon, quit) : "),
    "play.moves_title": ("You may:", "Vous pouvez :"),
    "menu.card": ("Play a card:", "Jouez une carte :"),
    "menu.command": ("Command the lead (commandement) of {who}:", "Commandez l'entame {who} :"),
    "menu.say": ("Answer {who} — every answer offered is true; choose how much to say:",
                 "Répondez {who} — toutes les réponses proposées sont vraies ; choisissez ce que vous dites :"),
    "menu.close": ("Close your team's consultation when you have finished speaking:",
                   "Clore la consultation de votre équipe quand vous avez fini de parler :"),
    "menu.vole": ("Your team has the first three levées. Vole decision:",
                  "Votre équipe a fait les trois premières levées. Décision de vole :"),
    "menu.captain": ("Name the capitaine (captain) of your team:", "Désignez le capitaine de votre équipe :"),
    "menu.cut": ("Cut the pack:", "Coupez le paquet :"),
    "menu.dealer": ("Name an opponent to deal:", "Désignez un adversaire pour donner :"),
    "play.talk_title": ("Speech open to you:", "Paroles possibles :"),
    "play.talk_ask": ("ask a team-mate ({n} questions), e.g. {ex}",
                      "interroger un équipier ({n} questions), par ex. {ex}"),
    "play.talk_say": ("state a true fact about your hand ({n} statements), e.g. {ex}",
                      "annoncer un fait vrai sur votre main ({n} annonces), par ex. {ex}"),
    "play.talk_remark": ("make a free remark: remark \"…\"", "faire une remarque libre : remark \"…\""),
    "play.no_moves": ("Nothing to choose now.", "Rien à choisir maintenant."),
    "play.cut_range": ("cut between {lo} and {hi} cards (type the number)",
                       "couper entre {lo} et {hi} cartes (tapez le nombre)"),
    "play.bad_number": ("No move numbered {n}: choose {range}.", "Aucun coup numéro {n} : choisissez {range}."),
    "play.not_your_turn": ("It is not your turn to choose a move; you may speak or press Enter.",
                           "Ce n'est pas à vous de jouer ; vous pouvez parler ou appuyer sur Entrée."),
    "refused": ("Refused: {reason}", "Refusé : {reason}"),
    "play.quit": ("You leave the table.", "Vous quittez la table."),
    "play.eof": ("End of input: you leave the table.", "Fin de l'entrée : vous quittez la table."),
    "play.record": ("Record written to {path}.", "Partie enregistrée dans {path}."),
    "play.bot_error": ("bot at seat {seat} chose an impossible action ({reason}); it plays {action} instead",
                       "le robot du joueur {seat} a choisi une action impossible ({reason}) ; il joue {action}"),
    "play.no_bots": ("note: atout.bots is not available; the other seats play random legal moves",
                     "note : atout.bots est absent ; les autres joueurs jouent au hasard"),
    "play.your_choice": ("You", "Vous"),
    # ---- help
    "help.title": ("What you can type:", "Ce que vous pouvez taper :"),
    "help.body": (
        "  a number         pick from the numbered list of moves\n"
        "  a card           KH, 10S, TS or K♥ (English: ranks K Q J A 10 9 8 7 6, suits S H D C);\n"
        "                   RC, 10P (French: ranks R D V A, suits P C K T); AC is ambiguous: --lang decides\n"
        "  ask 2 count H    capitaine: ask team-mate 2 — count/which/highest/void + suit, or hold + card\n"
        "  say count H 2    a true statement about your hand (answers: say …; say nothing to decline)\n"
        "  command high H   capitaine: command the lead — a card, high/low/any + suit, high trump, or any\n"
        "  close            end your team's consultation (window C2)\n"
        "  vole continue    after winning the first three levées (or: vole stop)\n"
        "  remark \"text\"    a free remark, shown to all, no rule meaning\n"
        "  captain 3        name your team's capitaine (before the deal)\n"
        "  cut 10           cut the pack\n"
        "  abandon          your team gives up the partie and loses it\n"
        "  moves            list what you may do now\n"
        "  quit             leave the table (the partie stays unfinished)\n"
        "Suits in speech: S H D C or ♠ ♥ ♦ ♣; a renonce (revoke) is impossible unless table_law_mode.",
        "  un nombre        choisir dans la liste numérotée\n"
        "  une carte        RC, 10P ou R♥ (français : rangs R D V A 10 9 8 7 6, couleurs P C K T) ;\n"
        "                   KH, 10S (anglais : K Q J A, couleurs S H D C) ; AC est ambigu : --lang décide\n"
        "  ask 2 count H    capitaine : interroger l'équipier 2 — count/which/highest/void + couleur, ou hold + carte\n"
        "  say count H 2    une annonce vraie sur votre main (réponses : say … ; say nothing pour refuser)\n"
        "  command high H   capitaine : commander l'entame — une carte, high/low/any + couleur, high trump, ou any\n"
        "  close            clore la consultation de votre équipe (fenêtre C2)\n"
        "  vole continue    après les trois premières levées (ou : vole stop)\n"
        "  remark \"texte\"   une remarque libre, vue de tous, sans valeur de règle\n"
        "  captain 3        désigner le capitaine de votre équipe (avant la donne)\n"
        "  cut 10           couper le paquet\n"
        "  abandon          votre équipe abandonne la partie et la perd\n"
        "  moves            lister ce que vous pouvez faire\n"
        "  quit             quitter la table (la partie reste inachevée)\n"
        "Dans les paroles, les couleurs s'écrivent S H D C (anglais) ou ♠ ♥ ♦ ♣ ; une renonce est impossible "
        "sauf en table_law_mode.",
    ),
    "help.now": ("Now:", "Maintenant :"),
    "help.now_moves": ("choose one of {n} moves ({kinds})", "choisir l'un des {n} coups ({kinds})"),
    "help.now_talk": ("speak: {kinds}", "parler : {kinds}"),
    "help.now_remark": ("make a free remark", "faire une remarque libre"),
    "help.now_wait": ("nothing is required of you", "rien ne vous est demandé"),
    "kind.card": ("cards", "cartes"),
    "kind.say": ("answers", "réponses"),
    "kind.command": ("lead commands", "commandements"),
    "kind.close": ("close", "clore"),
    "kind.vole": ("vole decision", "décision de vole"),
    "kind.captain": ("capitaine", "capitaine"),
    "kind.cut": ("cut", "coupe"),
    "kind.dealer": ("dealer", "donneur"),
    "kind.ask": ("questions", "questions"),
    "kind.statement": ("statements", "annonces"),
    # ---- the command line
    "cli.description": (
        "Sizette and Quadrette, the card games of the old French salons (levée, atout, vole, capitaine): "
        "play in the terminal, simulate bot matches, list variants, bench, validate and replay records.",
        "Sizette et Quadrette, les jeux de cartes des anciens salons (levée, atout, vole, capitaine) : "
        "jouer dans le terminal, simuler des matchs de robots, lister les variantes, mesurer, valider et "
        "rejouer des enregistrements."),
    "cli.lang": ("language of the output: en (default) or fr", "langue des messages : en (défaut) ou fr"),
    "cli.option": ("set a variant option (repeatable); see `atout variants GAME`",
                   "régler une option de variante (répétable) ; voir `atout variants JEU`"),
    "cli.game": ("sizette or quadrette", "sizette ou quadrette"),
    "cli.play": ("play one seat in the terminal against bots", "jouer une place dans le terminal contre des robots"),
    "cli.play_desc": ("Play one seat of a partie in the terminal; bots play the other seats.",
                      "Jouer une place d'une partie dans le terminal ; des robots tiennent les autres places."),
    "cli.seat": ("your seat (0 = first; default 0)", "votre place (0 = la première ; défaut 0)"),
    "cli.play_seed": ("seed the shuffles and bots, to replay a game (default: shuffles from the secure system source)",
                      "graine du mélange et des robots, pour rejouer une partie (défaut : mélange par la source "
                      "sûre du système)"),
    "cli.play_bots": ("bot kind (default heuristic)", "sorte de robots (défaut heuristic)"),
    "cli.record": ("write the record of the partie to FILE at the end (or on quit)",
                   "écrire l'enregistrement de la partie dans FILE à la fin (ou en quittant)"),
    "cli.simulate": ("play bot against bot and report the results",
                     "faire jouer robot contre robot et donner les résultats"),
    "cli.simulate_desc": ("Play N parties between two bots (seats alternate) and report the results.",
                          "Jouer N parties entre deux robots (les places alternent) et donner les résultats."),
    "cli.games": ("number of parties (default 100)", "nombre de parties (défaut 100)"),
    "cli.seed": ("random seed (default 1)", "graine aléatoire (défaut 1)"),
    "cli.sim_bots": ("two bot names, team A first (default heuristic,random)",
                     "deux noms de robots, l'équipe A d'abord (défaut heuristic,random)"),
    "cli.records": ("write one record per partie into DIR", "écrire un enregistrement par partie dans DIR"),
    "cli.json": ("print JSON", "écrire du JSON"),
    "cli.variants": ("list a game's options, defaults, allowed values and sources",
                     "lister les options d'un jeu : défauts, valeurs permises, sources"),
    "cli.variants_desc": ("List every option of a game: name, default, allowed values, help, source.",
                          "Lister chaque option d'un jeu : nom, défaut, valeurs permises, aide, source."),
    "cli.bench": ("measure the engine's speed", "mesurer la vitesse du moteur"),
    "cli.bench_what": ("what to bench: engine", "ce qu'on mesure : engine"),
    "cli.seconds": ("seconds per game (default 5)", "secondes par jeu (défaut 5)"),
    "cli.validate": ("check a record: syntax and legality of every action",
                     "vérifier un enregistrement : syntaxe et légalité de chaque action"),
    "cli.validate_desc": ("Read and replay a record; print ok or every error as FILE:LINE: message.",
                          "Lire et rejouer un enregistrement ; écrire ok ou chaque erreur en FICHIER:LIGNE: message."),
    "cli.replay": ("replay a record and print an account of each coup",
                   "rejouer un enregistrement et raconter chaque coup"),
    "cli.replay_desc": ("Replay a record and print each coup: atout, levées, talk, points, score.",
                        "Rejouer un enregistrement et raconter chaque coup : atout, levées, paroles, points, score."),
    "cli.file": ("the record file", "le fichier d'enregistrement"),
    "cli.usage_error": ("{prog}: error: {msg} (see {prog} --help)", "{prog} : erreur : {msg} (voir {prog} --help)"),
    "cli.error": ("{prog}: error: {msg}", "{prog} : erreur : {msg}"),
    # ---- errors of the commands
    "err.bots": ("--bots takes one or two bot names separated by a comma, e.g. heuristic,random",
                 "--bots prend un ou deux noms de robots séparés par une virgule, par ex. heuristic,random"),
    "err.games": ("--games must be at least 1", "--games doit valoir au moins 1"),
    "err.seconds": ("--seconds must be positive", "--seconds doit être positif"),
    "err.no_replay": ("the record does not replay", "l'enregistrement ne se rejoue pas"),
    "err.read": ("cannot read {path}: {reason}", "impossible de lire {path} : {reason}"),
    "err.write": ("cannot write {path}: {reason}", "impossible d'écrire {path} : {reason}"),
    "err.no_dir": ("no such directory", "dossier inexistant"),
    "err.missing": ("the {module} module is not available yet", "le module {module} n'est pas encore disponible"),
    "err.seat": ("seat {seat} does not exist: {game} has seats 0..{last}",
                 "le joueur {seat} n'existe pas : {game} a les places 0..{last}"),
    "err.bot": ("unknown bot {name!r} ({reason})", "robot inconnu {name!r} ({reason})"),
    "var.title": ("{game} — {n} options; set with -o name=value", "{game} — {n} options ; à régler avec -o nom=valeur"),
    "var.default": ("default", "défaut"),
    "var.allowed": ("allowed", "valeurs"),
    "var.source": ("source", "source"),
    "val.ok": ("ok: {n} actions, {result}", "ok : {n} actions, {result}"),
    "val.result_win": ("result: team {t} wins {score} ({reason})", "résultat : l'équipe {t} gagne {score} ({reason})"),
    "val.result_open": ("result: unfinished, score {score}", "résultat : inachevée, score {score}"),
    "rep.hand": ("Coup {hand} — dealer {dealer}, atout {suit} (retourne {card}), capitaines A {ca}, B {cb}",
                 "Coup {hand} — donneur {dealer}, atout {suit} (retourne {card}), capitaines A {ca}, B {cb}"),
    "rep.trick": ("  levée {k}: {cards} → {winner}", "  levée {k} : {cards} → {winner}"),
    "rep.trick_open": ("  levée {k} (unfinished): {cards}", "  levée {k} (inachevée) : {cards}"),
    "rep.talk": ("  talk: {text}", "  parole : {text}"),
    "rep.header": ("{game}{options}", "{game}{options}"),
    "reason.target": ("target reached", "objectif atteint"),
    "reason.abandon": ("abandon", "abandon"),
}

_LANG_INDEX = {"en": 0, "fr": 1}


def tr(key: str, lang: str = "en", **kwargs: object) -> str:
    """The message ``key`` in ``lang`` (``en`` or ``fr``), formatted with ``kwargs``.

    >>> tr("Seat", "fr", n=2)
    'Le joueur 2'
    """
    text = MESSAGES[key][_LANG_INDEX.get(lang, 0)]
    return text.format(**kwargs) if kwargs else text


# ---------------------------------------------------------------- word tables

SUIT_SINGULAR = {"en": ("spade", "heart", "diamond", "club"), "fr": ("pique", "cœur", "carreau", "trèfle")}
SUIT_PLURAL = {"en": ("spades", "hearts", "diamonds", "clubs"), "fr": ("piques", "cœurs", "carreaux", "trèfles")}
TRUMP_SINGULAR = {"en": "trump", "fr": "atout"}
TRUMP_PLURAL = {"en": "trumps", "fr": "atouts"}
RANK_NAMES = {
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "fr": ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as"),
}
_FR_FEMININE_RANKS = {10}  # dame
NUMBER_WORDS = {
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
           "twelve", "thirteen"),
    "fr": ("aucun", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
           "douze", "treize"),
}


def suit_singular(suit: int, lang: str, trump: bool = False) -> str:
    """``heart`` / ``cœur``; ``trump`` / ``atout`` when the suit is trumps."""
    return TRUMP_SINGULAR[lang] if trump else SUIT_SINGULAR[lang][suit]


def suit_plural(suit: int, lang: str, trump: bool = False) -> str:
    return TRUMP_PLURAL[lang] if trump else SUIT_PLURAL[lang][suit]


def de_word(word: str) -> str:
    """French « de » before a word, elided before a vowel: ``d'atout``, ``de cœur``."""
    return ("d'" if word[:1] in "aeiouéèh" else "de ") + word


def du_word(word: str) -> str:
    """French partitive: ``du cœur``, ``de l'atout``."""
    return ("de l'" if word[:1] in "aeiouéèh" else "du ") + word


def count_words(n: int, suit: int, lang: str, trump: bool = False) -> str:
    """``two hearts``, ``one trump``, ``no spades`` / ``deux cœurs``, ``un atout``, ``aucun pique``."""
    word = NUMBER_WORDS[lang][n] if n < len(NUMBER_WORDS[lang]) else str(n)
    noun = suit_singular(suit, lang, trump) if n in (0, 1) and lang == "fr" else (
        suit_singular(suit, lang, trump) if n == 1 else suit_plural(suit, lang, trump))
    return f"{word} {noun}"


def rank_with_article(rank: int, lang: str) -> str:
    """``the king`` / ``le roi``, ``la dame``, ``l'as``."""
    name = RANK_NAMES[lang][rank]
    if lang == "en":
        return f"the {name}"
    if name[0] in "aeiou":
        return f"l'{name}"
    return ("la " if rank in _FR_FEMININE_RANKS else "le ") + name


def join_words(items: list[str], lang: str) -> str:
    """``a, b and c`` / ``a, b et c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {tr('and', lang)} " + items[-1]
