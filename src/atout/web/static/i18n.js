// Every label of the page, in English and French; the chosen language is remembered (localStorage).
//
// t("key", {name: "Anne"}) gives the label in the current language with {name} filled in.
// The engine's own words (action texts, refusals) come from the server in the page's language:
// they are never translated here.

const KEY = "atout.lang";
export const LANGS = ["en", "fr"];

const WORDS = {
  // the page
  app_title: ["Atout — the card games of the old French salons", "Atout — les jeux de cartes des salons d'autrefois"],
  lobby: ["Lobby", "Salon"],
  open_tables: ["Open tables", "Tables ouvertes"],
  no_tables: ["No open table yet: create one.", "Aucune table ouverte : créez-en une."],
  refresh: ["Refresh", "Actualiser"],
  create_table: ["Create a table", "Créer une table"],
  game: ["Game", "Jeu"],
  preset: ["Preset", "Préréglage"],
  no_preset: ["(none)", "(aucun)"],
  options: ["Options", "Options"],
  option_default: ["default: {value}", "défaut : {value}"],
  seats: ["Seats", "Places"],
  seat_n: ["Seat {n}", "Place {n}"],
  human: ["a person", "une personne"],
  bot_named: ["bot: {bot}", "robot : {bot}"],
  your_name: ["Your name", "Votre nom"],
  you_sit: ["You sit at", "Vous vous asseyez"],
  watch_only: ["nowhere: watch only", "nulle part : je regarde"],
  spectators: ["Spectators may watch", "Les spectateurs peuvent regarder"],
  hints_allowed: ["Hints allowed", "Conseils permis"],
  turn_timer: ["Turn timer (seconds, 0: none)", "Minuteur par coup (secondes, 0 : aucun)"],
  grace: ["Seconds before a bot plays for an absent player", "Secondes avant qu'un robot joue pour un absent"],
  create: ["Create", "Créer"],
  creating: ["Creating…", "Création…"],
  join: ["Join", "Rejoindre"],
  watch: ["Watch", "Regarder"],
  status_waiting: ["waiting for players", "en attente de joueurs"],
  status_playing: ["playing", "en cours"],
  status_finished: ["finished", "finie"],
  open_seats_n: ["{n} open seat(s)", "{n} place(s) libre(s)"],
  partie_n: ["partie {n}", "partie {n}"],
  language: ["Language", "Langue"],
  back_lobby: ["← Lobby", "← Salon"],
  // the table
  invite: ["Invite link", "Lien d'invitation"],
  copy: ["Copy", "Copier"],
  copied: ["Copied", "Copié"],
  connecting: ["Connecting…", "Connexion…"],
  reconnecting: ["Connection lost: reconnecting in {s} s…", "Connexion perdue : reconnexion dans {s} s…"],
  not_sent: ["Not connected: try again in a moment.", "Pas connecté : réessayez dans un instant."],
  no_such_table: ["There is no such table.", "Cette table n'existe pas."],
  you: ["you", "vous"],
  open_seat: ["open seat", "place libre"],
  sit_here: ["Sit here", "S'asseoir ici"],
  bot: ["bot", "robot"],
  bot_seat: ["Bot {n} ({bot})", "Robot {n} ({bot})"],
  standin: ["a bot plays for this player", "un robot joue pour ce joueur"],
  standin_short: ["stand-in", "remplaçant"],
  away: ["away: a bot takes over in {s} s", "absent : un robot le remplace dans {s} s"],
  offline: ["offline", "hors ligne"],
  to_move: ["to play", "à jouer"],
  your_turn: ["Your turn", "À vous de jouer"],
  turn_of: ["{name} to play", "{name} doit jouer"],
  table_turn: ["The table deals", "La table donne"],
  waiting_players: ["Waiting for every seat to be filled", "En attente que toutes les places soient prises"],
  timer_left: ["{s} s left", "{s} s restantes"],
  host: ["host", "hôte"],
  replace_bot: ["Replace with a bot", "Remplacer par un robot"],
  open_to_people: ["Open to a person", "Ouvrir à une personne"],
  hand: ["Your hand", "Votre main"],
  spectating: ["You are watching.", "Vous regardez."],
  no_view: ["This table admits no spectators: sit to see the game.", "Cette table n'admet pas de spectateurs : asseyez-vous pour voir le jeu."],
  trick: ["Trick", "Levée"],
  last_trick: ["Last trick", "Dernière levée"],
  no_last_trick: ["No trick to look at again.", "Aucune levée à revoir."],
  hint: ["Hint", "Conseil"],
  hint_is: ["Hint: {text}", "Conseil : {text}"],
  record: ["Record", "Relevé"],
  leave: ["Leave the table", "Quitter la table"],
  leave_confirm: ["Leave this table for good?", "Quitter cette table pour de bon ?"],
  rematch: ["Rematch", "Revanche"],
  rematch_asked: ["Rematch asked by: {names}", "Revanche demandée par : {names}"],
  replay: ["Replay", "Revoir la partie"],
  close: ["Close", "Fermer"],
  ok: ["OK", "OK"],
  send: ["Send", "Envoyer"],
  remark_placeholder: ["a remark to the table", "une remarque à la table"],
  actions: ["Your choices", "Vos choix"],
  more: ["more…", "plus…"],
  back: ["back", "retour"],
  scores: ["Scores", "Marque"],
  side_n: ["Side {n}", "Camp {n}"],
  score_sheet: ["Score sheet", "Feuille de marque"],
  talk: ["Table talk", "Paroles à la table"],
  log: ["What happened", "Ce qui s'est passé"],
  details: ["Details", "Détails"],
  deal_over: ["End of the deal", "Fin de la donne"],
  partie_over: ["End of the partie", "Fin de la partie"],
  winners: ["Won by: {names}", "Gagnée par : {names}"],
  reason: ["reason", "raison"],
  said: ["{who}: {text}", "{who} : {text}"],
  final_scores: ["Scores: {scores}", "Marque : {scores}"],
  reason_is: ["Reason: {reason}", "Raison : {reason}"],
  reason_target: ["the winning score was reached", "le score gagnant est atteint"],
  reason_abandon: ["a side left the partie", "un camp a abandonné la partie"],
  reason_deals: ["the deals agreed were played", "les donnes convenues sont jouées"],
  reason_rubber: ["the rubber is won", "le robre est gagné"],
  refused: ["Refused: {message}", "Refusé : {message}"],
  stale_refresh: ["The table moved on: look again and choose.", "La table a avancé : regardez et choisissez à nouveau."],
  trump: ["Trump", "Atout"],
  table: ["the table", "la table"],
  mort: ["the mort", "le mort"],
  seat_of: ["seat {n}", "place {n}"],
  choose: ["Choose", "Choisir"],
  cards_played: ["Cards played", "Cartes jouées"],
  name_required: ["Give your name first.", "Donnez d'abord votre nom."],
  // replay
  replay_title: ["Replay of partie {n}", "Déroulé de la partie {n}"],
  step_n: ["Step {n} of {total}", "Étape {n} sur {total}"],
  first: ["« first", "« début"],
  prev: ["◀ back", "◀ recule"],
  next: ["next ▶", "avance ▶"],
  last: ["end »", "fin »"],
  download_record: ["Download the record", "Télécharger le relevé"],
  replay_unavailable: ["The replay of a partie in progress is only for its players.",
    "Le déroulé d'une partie en cours n'est donné qu'à ses joueurs."],
  // observation fields (labels; an unknown field shows its own name)
  f_phase: ["phase", "phase"],
  f_hand_number: ["deal", "donne"],
  f_dealer: ["dealer", "donneur"],
  f_first_hand: ["first hand", "premier en main"],
  f_captains: ["captain", "capitaine"],
  f_target: ["target", "but"],
  f_turned: ["turned card", "carte retournée"],
  f_turned_in_hand_of: ["holds the turned card", "tient la retourne"],
  f_leader: ["leader", "entame"],
  f_tricks_won: ["tricks won", "levées gagnées"],
  f_window: ["speech window", "fenêtre de parole"],
  f_window_team: ["side of the window", "camp de la fenêtre"],
  f_pending_question: ["question waiting", "question en attente"],
  f_command: ["command in force", "commandement en vigueur"],
  f_failed_commands: ["failed commands", "commandements manqués"],
  f_vole_team: ["going for the vole", "joue la vole"],
  f_talon: ["talon", "talon"],
  f_retourne: ["turned card", "retourne"],
  f_retourne_holder: ["holds the turned card", "tient la retourne"],
  f_marque: ["marque", "marque"],
  f_tabled: ["tabled", "sur table"],
  f_brisques: ["brisques", "brisques"],
  f_declared: ["declared", "déclaré"],
  f_wins: ["games won", "manches gagnées"],
  f_streak: ["streak", "série"],
  f_hundreds: ["hundreds", "centaines"],
  f_head_start: ["head start", "avance"],
  f_mort_hand: ["the mort's hand", "la main du mort"],
  f_declarer: ["declarer", "déclarant"],
  f_rubber: ["rubber", "robre"],
  f_game_number: ["game", "manche"],
  f_game_scores: ["game scores", "points de la manche"],
  f_games_won: ["games won", "manches gagnées"],
  f_call: ["call", "appel"],
  f_calling: ["may call", "peuvent appeler"],
  f_settlement: ["settlement", "règlement"],
  f_partners: ["partners", "partenaires"],
  f_scores: ["scores", "marque"],
  f_points: ["points", "points"],
  f_tricks: ["tricks", "levées"],
  f_hand: ["deal", "donne"],
  f_trump: ["trump", "atout"],
  f_penalty: ["penalty", "pénalité"],
  f_reason: ["reason", "raison"],
  f_game: ["game", "manche"],
  f_winner: ["winner", "gagnant"],
  f_worth: ["worth", "valeur"],
  f_value: ["value", "valeur"],
  f_bas_table: ["bas de table", "bas de table"],
  f_elder: ["elder", "premier"],
  f_younger: ["younger", "dernier"],
  f_talon_left: ["talon left", "talon restant"],
  f_ecart: ["écart", "écart"],
  f_discarded: ["discarded", "écarté"],
  f_seen: ["seen", "vu"],
  f_shown: ["shown", "montré"],

  f_deal_points: ["points this deal", "points de la donne"],
  f_repique: ["repique", "repic"],
  f_pique: ["pique", "pic"],
  f_capot: ["capot", "capot"],
  f_carte_blanche: ["carte blanche", "carte blanche"],
  f_outcome: ["outcome", "issue"],
  f_partie_deal: ["deal of the partie", "donne de la partie"],
  f_talon_size: ["talon", "talon"],
  f_discard: ["your écart", "votre écart"],
  f_discard_sizes: ["cards discarded", "cartes écartées"],
  f_known_cards: ["cards seen", "cartes vues"],
  f_left_cards: ["cards left", "cartes laissées"],
  f_carte_blanche_cards: ["carte blanche shown", "carte blanche montrée"],
  f_dialogue: ["declarations", "déclarations"],
  f_step: ["step", "étape"],
  f_step_class: ["class", "classe"],
  f_complete: ["all declared", "tout déclaré"],
  f_categories: ["points by category", "points par catégorie"],
  f_hand_scores: ["points this deal", "points de la donne"],
  f_pending_show: ["must show", "doit montrer"],
  f_named_suit: ["suit named", "couleur annoncée"],
  f_manches: ["manches won", "manches gagnées"],
  f_class: ["class", "classe"],
  f_stated: ["stated", "annoncé"],
  f_told: ["told", "précisé"],
  f_answers: ["answers", "réponses"],
  f_younger_declared: ["younger declared", "déclaré par le dernier"],
  f_extras: ["other holdings", "autres jeux"],
  f_point: ["point", "point"],
  f_sequences: ["sequences", "séquences"],
  f_sets: ["sets", "brelans et quatorzes"],
  f_play: ["play", "jeu"],
  f_cards: ["cards", "cartes"],
  f_multiplier: ["multiplier", "multiplicateur"],
  f_trick_points: ["trick points", "points de levées"],
  f_honour_points: ["honour points", "points d'honneurs"],
  f_game_winner: ["game won by", "manche gagnée par"],
  f_game_value: ["game value", "valeur de la manche"],
  f_rubber_winner: ["rubber won by", "robre gagné par"],
  f_rubber_bonus: ["rubber bonus", "prime du robre"],
  f_turned_card: ["turned card", "carte retournée"],
  f_hand_seat: ["seat", "place"],
  // phases (an unknown phase shows the engine's word)
  ph_draw: ["draw for the deal", "tirage"],
  ph_choose_dealer: ["choosing the dealer", "choix du donneur"],
  ph_captains: ["naming the captains", "choix des capitaines"],
  ph_cut: ["cut", "coupe"],
  ph_deal: ["deal", "donne"],
  ph_play: ["play", "jeu"],
  ph_vole: ["the vole?", "la vole ?"],
  ph_over: ["over", "fini"],
  ph_honours: ["honours", "honneurs"],
  ph_answer: ["answer to the call", "réponse à l'appel"],
  ph_declare: ["declaration", "déclaration"],
  ph_last_tricks: ["the last eight tricks", "les huit dernières levées"],
  ph_exchange_elder: ["the elder's exchange", "l'écart du premier"],
  ph_carte_blanche_discard: ["carte blanche", "carte blanche"],
  ph_exchange_younger: ["the younger's exchange", "l'écart du dernier"],
  ph_declarations: ["declarations", "déclarations"],
  ph_younger_declares: ["the younger declares", "le dernier déclare"],
  yes: ["yes", "oui"],
  no: ["no", "non"],
  kind_move: ["Play", "Jouer"],
  kind_talk: ["Talk", "Parler"],
  kind_claim: ["Claims", "Réclamations"],
  kind_table: ["The table", "La table"],
};

let current = (() => {
  try {
    const saved = localStorage.getItem(KEY);
    if (LANGS.includes(saved)) return saved;
  } catch (e) { /* storage blocked: the browser's language */ }
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
})();

const listeners = [];

export function lang() { return current; }

export function setLang(value) {
  if (!LANGS.includes(value) || value === current) return;
  current = value;
  try { localStorage.setItem(KEY, value); } catch (e) { /* not remembered */ }
  document.documentElement.lang = value;
  for (const fn of listeners) fn(value);
}

export function onLang(fn) { listeners.push(fn); }

export function has(key) { return Object.prototype.hasOwnProperty.call(WORDS, key); }

export function t(key, vars = {}) {
  const pair = WORDS[key];
  let text = pair ? pair[current === "fr" ? 1 : 0] : key;
  for (const [name, value] of Object.entries(vars)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

// The label of an observation field: its entry above, else its own name made readable.
export function fieldLabel(name) {
  return has(`f_${name}`) ? t(`f_${name}`) : name.replace(/_/g, " ");
}

// Every key with both languages filled (the browser tests check that no label is missing).
export function missing() {
  return Object.entries(WORDS).filter(([, pair]) => !(pair[0] && pair[1])).map(([key]) => key);
}

document.documentElement.lang = current;
