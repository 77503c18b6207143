"""Sizette's and Quadrette's phrase book, in English and French: the sentences of the log and the
talk (the server's and the terminal's: « Robot 4 demande au joueur 2 : combien de cœurs ? »,
« le roi et le sept d'atout »), and the words of the terminal's screen. The French names of the
game's terms (levée, atout, retourne, vole, capitaine, renonce, coup) stay visible in both
languages.

>>> WORDS.tr("talk.nocard", "fr", who="Le joueur 1"), WORDS.tr("deal", "en")
("Le joueur 1 : je ne l'ai pas.", 'The cards are dealt.')
>>> from atout.cards import Suit
>>> from atout.games.sizette.talk import Question
>>> render_question(Question("count", Suit.HEARTS), "en", trump=Suit.HEARTS)
'how many trumps?'
>>> render_question(Question("count", Suit.CLUBS), "fr", trump=Suit.HEARTS)
'combien de trèfles ?'
>>> from atout.log import LogEntry
>>> from atout.games.sizette.actions import Ask
>>> names = SeatWords(["Anne", "", "Robot 2", "", "Robot 4", ""], "fr")
>>> phrase(LogEntry(30, 4, Ask(2, Question("count", Suit.HEARTS))), "fr", names, ((0, 2, 4), (1, 3, 5)))
'Robot 4 demande à Robot 2 : combien de cœurs ?'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from atout.actions import Action
from atout.cards import Card
from atout.games.sizette.actions import (
    Abandon,
    Accept,
    Answer,
    Ask,
    Captain,
    ChooseDealer,
    ClaimRevoke,
    Close,
    Command,
    Cut,
    Dispute,
    NewCaptain,
    Penalty,
    Remark,
    Say,
    Vole,
)
from atout.games.sizette.events import ClaimRefused
from atout.games.sizette.talk import CommandSpec, Question, Statement
from atout.games.sizette.vocabulary import words_for
from atout.log import LogEntry
from atout.packs import SIZETTE_ORDER
from atout.words import (
    ENTRY,
    Catalog,
    Naming,
    SeatWords,
    count_words,
    de_word,
    du_word,
    join_words,
    rank_with_article,
    suit_plural,
    suit_singular,
)

MESSAGES: dict[str, tuple[str, str]] = {
    # ---- screen
    "screen.header": ("{game} · coup {hand} · dealer {dealer} · score {score} (target {target})",
                      "{game} · coup {hand} · donneur {dealer} · score {score} (objectif {target})"),
    "screen.header_nohand": ("{game} · score {score} (target {target})",
                             "{game} · score {score} (objectif {target})"),
    "screen.captains": ("Capitaines: {list}.", "Capitaines : {list}."),
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
    # ---- talk
    "talk.ask": ("{asker} asks {target}: {question}", "{asker} demande {target} : {question}"),
    "talk.say": ("{who}: {statement}", "{who} : {statement}"),
    "talk.command": ("{captain} commands {target}: {spec}", "{captain} commande {target} : {spec}"),
    "talk.command_nolead": ("{captain} commands the lead: {spec}", "{captain} commande l'entame : {spec}"),
    "talk.remark": ("{who} remarks: “{text}”", "{who} dit : « {text} »"),
    "talk.nocard": ("{who}: I don't have it.", "{who} : je ne l'ai pas."),
    "talk.claim_rejected": ("{who} claims a renonce (revoke): rejected.",
                            "{who} réclame une renonce : rejetée."),
    "talk.claim_refused": ("{who} claimed {kind}: refused, the coup shows no such fault.",
                           "{who} a réclamé {kind} : refusé, le coup ne montre pas cette faute."),
    "talk.penalty": ("Penalty against {who}: {kind}.", "Pénalité contre {who} : {kind}."),
    "talk.event": ("{who}: {text}", "{who} : {text}"),
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
    "c.card": ("lead {card}", "jouez {card}"),
    "c.high": ("lead your highest {singular}", "jouez votre plus haut {singular}"),
    "c.low": ("lead your lowest {singular}", "jouez votre plus bas {singular}"),
    "c.any_suit": ("lead a {singular}", "jouez {du_suit}"),
    "c.any_trump": ("lead a trump", "jouez de l'atout"),
    "c.free": ("lead what you like", "jouez ce que vous voulez"),
    # short labels for menus
    "m.high": ("high {suit}", "haut {suit}"),
    "m.low": ("low {suit}", "bas {suit}"),
    "m.any_suit": ("any {suit}", "du {suit}"),
    "m.free": ("free choice", "au choix"),
    "m.close": ("close the consultation", "clore la consultation"),
    "m.vole_go": ("vole continue: go on for all six levées", "vole continue : tenter les six levées"),
    "m.vole_stop": ("vole stop: take the point now", "vole stop : marquer le point maintenant"),
    "m.captain": ("{notation}: {who}", "{notation} : {who}"),
    "m.dealer": ("{notation}: {who}", "{notation} : {who}"),
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
    "ev.trick": ("Levée {k} to {who} with {card} — levées {score}.",
                 "Levée {k} pour {who} avec {card} — levées {score}."),
    "ev.close": ("{who} closes the consultation of team {t}.", "{who} clôt la consultation de l'équipe {t}."),
    "ev.vole_go": ("{who}, capitaine, goes on for the vole!", "{who}, capitaine, tente la vole !"),
    "ev.vole_stop": ("{who}, capitaine, stops: no vole.", "{who}, capitaine, s'arrête : pas de vole."),
    "ev.abandon": ("{who} abandons: team {t} loses the partie.", "{who} abandonne : l'équipe {t} perd la partie."),
    "ev.claim": ("{who} claims a renonce (revoke).", "{who} réclame une renonce."),
    "ev.penalty": ("{who} claims a penalty: {kind}.", "{who} réclame une pénalité : {kind}."),
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
    # ---- prompts and play loop
    "play.intro": ("{game} — you are seat {seat}{side}. Play goes to the right (counter-clockwise).",
                   ("{game} — vous êtes le joueur {seat}{side}. On joue vers la droite "
                   "(sens inverse des aiguilles d'une montre).")),
    "play.table": ("Around the table, to your right: {seats}.", "Autour de la table, vers votre droite : {seats}."),
    "play.setup": ("Target: {target} points. Bots: {bots}. Seed: {seed}. Type ? for help.",
                   "Objectif : {target} points. Robots : {bots}. Graine : {seed}. Tapez ? pour l'aide."),
    "play.prompt_talk": ("You may speak ({say} …, {remark} \"…\"{ask}) — Enter to pass: ",
                         "Vous pouvez parler ({say} …, {remark} \"…\"{ask}) — Entrée pour passer : "),
    "play.prompt_new_hand": ("Enter for coup {hand} (or {captain} N, {abandon}, quit): ",
                             "Entrée pour le coup {hand} (ou {captain} N, {abandon}, quit) : "),
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
    "play.talk_remark": ("make a free remark: {remark} \"…\"", "faire une remarque libre : {remark} \"…\""),
    "play.cut_range": ("cut between {lo} and {hi} cards (type the number)",
                       "couper entre {lo} et {hi} cartes (tapez le nombre)"),
    # ---- help: the notation (keywords and suit letters are the page language's)
    "help.n.ask": ("capitaine: ask team-mate 2 — {count}/{which}/{highest}/{void} + suit, or {hold} + card",
                   ("capitaine : interroger l'équipier 2 — {count}/{which}/{highest}/{void} + couleur, "
                   "ou {hold} + carte")),
    "help.n.say": (("a true statement about your hand, volunteered (answer a question with {answer} …; "
                    "{answer} {nothing} to decline)"),
                   ("une annonce vraie sur votre main, spontanée (répondre à une question : {answer} … ; "
                    "{answer} {nothing} pour refuser)")),
    "help.n.command": ("capitaine: command the lead — a card, {high}/{low}/{any} + suit, or {any}",
                       "capitaine : commander l'entame — une carte, {high}/{low}/{any} + couleur, ou {any}"),
    "help.n.close": ("end your team's consultation (window C2)", "clore la consultation de votre équipe (fenêtre C2)"),
    "help.n.vole": ("after winning the first three levées (or: {vole} {stop})",
                    "après les trois premières levées (ou : {vole} {stop})"),
    "help.n.remark": ("a free remark, shown to all, no rule meaning",
                      "une remarque libre, vue de tous, sans valeur de règle"),
    "help.n.captain": ("name your team's capitaine (before the deal)",
                       "désigner le capitaine de votre équipe (avant la donne)"),
    "help.n.cut": ("cut the pack", "couper le paquet"),
    "help.n.abandon": ("your team gives up the partie and loses it", "votre équipe abandonne la partie et la perd"),
    "help.n.suits": ("Suits in speech: {suits} or ♠ ♥ ♦ ♣; a renonce (revoke) is impossible unless table_law_mode.",
                     ("Dans les paroles, les couleurs s'écrivent {suits} ou ♠ ♥ ♦ ♣ ; une renonce est impossible "
                     "sauf en table_law_mode.")),
    "help.now_moves": ("choose one of {n} moves ({kinds})", "choisir l'un des {n} coups ({kinds})"),
    "help.now_talk": ("speak: {kinds}", "parler : {kinds}"),
    "help.now_remark": ("make a free remark", "faire une remarque libre"),
    "help.now_table": ("outside your turn: {examples}", "hors de votre tour : {examples}"),
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
    "reason.three": ("three levées", "trois levées"),
    "reason.four": ("four levées", "quatre levées"),
    "reason.vole": ("vole", "vole"),
    "reason.vole_failed": ("vole failed", "vole manquée"),
    "reason.null": ("null coup", "coup nul"),
    "reason.revoke": ("renonce", "renonce"),
    "reason.redeal": ("redeal", "on redonne"),
    # ---- the log's sentences of the server and the terminal alike
    "ev.new_captain": ("{who} names {target} capitaine of team {t}.", "{who} nomme {target} capitaine de l'équipe {t}."),
    "ev.accept": ("{who} accepts the penalty.", "{who} accepte la pénalité."),
    "ev.dispute": ("{who} disputes the penalty.", "{who} conteste la pénalité."),
    "ev.trick_won": ("{who} wins levée {number}.", "{who} remporte la levée {number}."),
    "said.ask": ("{target}, {question}", "{target}, {question}"),
    "said.nocard": ("I don't have it.", "Je ne l'ai pas."),
    "said.claim_rejected": ("My renonce claim is rejected.", "Ma réclamation de renonce est rejetée."),
    "said.claim_refused": ("My claim ({kind}) is refused.", "Ma réclamation ({kind}) est refusée."),
    "said.remark": ("“{text}”", "« {text} »"),
}

WORDS = Catalog(MESSAGES, parent=ENTRY)
"""The phrase book over the entries every game shares; the terminal's catalog is the same messages
over its own (``atout.cli.render.sizette_words``)."""


def card_name(card: int, lang: str, trump: int | None = None) -> str:
    """``the king of hearts`` / ``le roi de cœur``; the trump suit is called atout."""
    c = Card(card)
    assert c.suit is not None and c.rank is not None
    is_trump = trump is not None and c.suit == trump
    rank = rank_with_article(c.rank, lang)
    if lang == "fr":
        return f"{rank} {de_word(suit_singular(c.suit, lang, is_trump))}"
    return f"{rank} of {suit_plural(c.suit, lang, is_trump)}"


def suit_words(suit: int, lang: str, trump: int | None) -> dict[str, str]:
    """The forms of a suit's name that the templates use (``plural``, ``de_suit``, ``du_suit``…)."""
    is_trump = trump is not None and suit == trump
    singular = suit_singular(suit, lang, is_trump)
    plural = suit_plural(suit, lang, is_trump)
    return {"singular": singular, "plural": plural, "de_plural": de_word(plural), "de_suit": de_word(singular),
            "du_suit": du_word(singular)}


def render_question(q: Question, lang: str, trump: int | None = None) -> str:
    """``how many trumps?`` / ``combien d'atouts ?``."""
    if q.kind == "hold":
        assert q.card is not None
        return WORDS.tr("q.hold", lang, card=card_name(q.card, lang, trump))
    assert q.suit is not None
    return WORDS.tr("q." + q.kind, lang, **suit_words(q.suit, lang, trump))


def render_statement(s: Statement, lang: str, trump: int | None = None) -> str:
    """``two trumps, the king highest`` / ``deux atouts, le roi en tête``.

    >>> from atout.cards import CardSet, Suit
    >>> render_statement(Statement("cards", Suit.HEARTS, cards=CardSet.parse("KH 7H")), "fr", trump=Suit.HEARTS)
    "le roi et le sept d'atout"
    """
    k = s.kind
    if k == "nothing":
        return WORDS.tr("s.nothing", lang)
    if k == "hold":
        assert s.card is not None
        return WORDS.tr("s.hold_yes" if s.yes else "s.hold_no", lang, card=card_name(s.card, lang, trump))
    assert s.suit is not None
    is_trump = trump is not None and s.suit == trump
    words = suit_words(s.suit, lang, trump)
    if k == "count":
        return count_words(s.count, s.suit, lang, is_trump)
    if k == "top":
        assert s.card is not None
        return WORDS.tr("s.top", lang, count=count_words(s.count, s.suit, lang, is_trump),
                        rank=_rank(s.card, lang))
    if k == "cards":
        if not s.cards:
            return count_words(0, s.suit, lang, is_trump)
        strength = SIZETTE_ORDER.strength
        names = [_rank(c, lang) for c in sorted(s.cards, key=lambda c: -strength[c])]
        return WORDS.tr("s.cards", lang, cards=join_words(names, lang), suit=words["plural"],
                        de_suit=words["de_suit"])
    if k == "highest":
        if s.card is None:
            return count_words(0, s.suit, lang, is_trump)
        return WORDS.tr("s.highest", lang, rank=_rank(s.card, lang), **words)
    if k == "void":
        return WORDS.tr("s.void_yes" if s.yes else "s.void_no", lang, **words)
    return str(s)


def _rank(card: int, lang: str) -> str:
    rank = Card(card).rank
    assert rank is not None
    return rank_with_article(rank, lang)


def render_command(spec: CommandSpec, lang: str, trump: int | None = None) -> str:
    """``lead your highest trump`` / ``jouez le roi de cœur``."""
    if spec.selector == "card":
        assert spec.card is not None
        return WORDS.tr("c.card", lang, card=card_name(spec.card, lang, trump))
    if spec.suit is None:
        return WORDS.tr("c.free", lang)
    if spec.selector == "any" and trump is not None and spec.suit == trump:
        return WORDS.tr("c.any_trump", lang)
    key = {"high": "c.high", "low": "c.low", "any": "c.any_suit"}[spec.selector]
    return WORDS.tr(key, lang, **suit_words(spec.suit, lang, trump))


# ---------------------------------------------------------------------------------- the log


def talk_words(seat: int, action: Action, lang: str, names: Naming, trump: int | None = None,
               leader: int | None = None) -> str | None:
    """One talk entry in words (``Seat 2 asks seat 4: how many trumps?``): a question, a
    statement, a command (``leader``: the seat commanded, when known), a remark or a table event
    (the leader cannot obey, a rejected claim); ``names`` say the seats (a
    :class:`~atout.words.SeatWords`, or the terminal's names from one viewer's place); ``None``
    for another action."""
    tr = WORDS.tr
    if isinstance(action, Ask):
        return tr("talk.ask", lang, asker=names.Name(seat), target=names.to(action.target),
                  question=render_question(action.question, lang, trump))
    if isinstance(action, (Say, Answer)):
        return tr("talk.say", lang, who=names.Name(seat), statement=render_statement(action.statement, lang, trump))
    if isinstance(action, Command):
        spec = render_command(action.spec, lang, trump)
        if leader is None:
            return tr("talk.command_nolead", lang, captain=names.Name(seat), spec=spec)
        return tr("talk.command", lang, captain=names.Name(seat), target=names.to(leader), spec=spec)
    if isinstance(action, Remark):
        return tr("talk.remark", lang, who=names.Name(seat), text=action.text)
    kind = str(getattr(action, "type", ""))
    if kind == "nocard":
        return tr("talk.nocard", lang, who=names.Name(seat))
    if kind == "claim_rejected":
        return tr("talk.claim_rejected", lang, who=names.Name(seat))
    if isinstance(action, ClaimRefused):
        return tr("talk.claim_refused", lang, who=names.Name(seat), kind=fault_words(action, lang, names))
    return None


def fault_words(claim: Penalty | ClaimRefused, lang: str, names: Naming) -> str:
    """The fault a claim names, with its offender when it names one: ``out_of_turn, seat 3``."""
    fault = words_for(lang).word(claim.fault)
    offender = getattr(claim, "seat" if isinstance(claim, Penalty) else "offender", None)
    return fault if offender is None else f"{fault}, {names.the(offender)}"


def step_words(seat: int, action: Action, lang: str, names: Naming, team: Callable[[int], str]) -> str | None:
    """A step that is not talk in words (a captain named, a cut, the vole, an abandon, a claim);
    ``team(seat)`` names the seat's team; ``None`` for another action."""
    tr = WORDS.tr
    if isinstance(action, Captain):
        return tr("ev.captain", lang, who=names.Name(action.seat), t=team(action.seat))
    if isinstance(action, NewCaptain):
        return tr("ev.new_captain", lang, who=names.Name(seat), target=names.the(action.seat), t=team(action.seat))
    if isinstance(action, Cut):
        return tr("ev.cut", lang, who=names.Name(seat), n=action.position)
    if isinstance(action, ChooseDealer):
        return tr("ev.choose_dealer", lang, who=names.Name(seat), target=names.the(action.seat))
    if isinstance(action, Close):
        return tr("ev.close", lang, who=names.Name(seat), t=team(seat))
    if isinstance(action, Vole):
        return tr("ev.vole_go" if action.go_on else "ev.vole_stop", lang, who=names.Name(seat))
    if isinstance(action, Abandon):
        return tr("ev.abandon", lang, who=names.Name(seat), t=team(seat))
    if isinstance(action, ClaimRevoke):
        return tr("ev.claim", lang, who=names.Name(seat))
    if isinstance(action, Penalty):
        return tr("ev.penalty", lang, who=names.Name(seat), kind=fault_words(action, lang, names))
    if isinstance(action, Accept):
        return tr("ev.accept", lang, who=names.Name(seat))
    if isinstance(action, Dispute):
        return tr("ev.dispute", lang, who=names.Name(seat))
    return None


def phrase(entry: LogEntry, lang: str, names: SeatWords, sides: Sequence[Sequence[int]]) -> str | None:
    """The sentence of a Sizette (or Quadrette) entry of its own, else ``None`` (the entries every
    game shares: a card played, a deal, a draw, a levée won, the score sheet)."""
    letters = {seat: "ABCDEFGH"[number] for number, members in enumerate(sides) for seat in members}

    def team(seat: int) -> str:
        return letters.get(seat, "?")

    said = talk_words(entry.seat, entry.item, lang, names)
    return said if said is not None else step_words(entry.seat, entry.item, lang, names, team)


def speech(entry: LogEntry, lang: str, names: SeatWords) -> str | None:
    """What a seat says aloud in a talk entry, without its name (a speech bubble by that seat):
    « Robot 2, combien de cœurs ? », « La dame et le neuf de trèfle », « Jouez votre plus haut
    pique », « Je ne l'ai pas. »; ``None`` for another entry."""
    item = entry.item
    text: str | None = None
    if isinstance(item, Ask):
        text = WORDS.tr("said.ask", lang, target=names.name(item.target), question=render_question(item.question, lang))
    elif isinstance(item, (Say, Answer)):
        text = render_statement(item.statement, lang)
    elif isinstance(item, Command):
        text = render_command(item.spec, lang)
    elif isinstance(item, Remark):
        text = WORDS.tr("said.remark", lang, text=item.text)
    else:
        kind = str(getattr(item, "type", ""))
        if kind in ("nocard", "claim_rejected"):
            text = WORDS.tr(f"said.{kind}", lang)
        elif isinstance(item, ClaimRefused):
            text = WORDS.tr("said.claim_refused", lang, kind=fault_words(item, lang, names))
    return None if text is None else text[:1].upper() + text[1:]
