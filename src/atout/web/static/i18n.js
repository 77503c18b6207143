// Every label of the page, in English and French; the chosen language is remembered (localStorage).
//
// t("key", {name: "Anne"}) gives the label in the current language with {name} filled in.
// The engine's own words (action texts, refusals, the log's sentences) and each game's field and
// phase labels (its view) come from the server in both languages: none is written here per game.

const KEY = "atout.lang";
export const LANGS = ["en", "fr"];

const WORDS = {
  // the page
  app_title: ["Atout — the card games of the old French salons", "Atout — les jeux de cartes des salons d'autrefois"],
  lobby: ["Lobby", "Salon"],
  open_tables: ["Open tables", "Tables ouvertes"],
  no_tables: ["No open table yet: create one.", "Aucune table ouverte : créez-en une."],
  loading_tables: ["Asking the server for the open tables…", "Demande des tables ouvertes au serveur…"],
  loading_games: ["Loading the games…", "Chargement des jeux…"],
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
  bot_help: ["{bot}: {what}", "{bot} : {what}"],
  bot_kind_random: ["at random", "au hasard"],
  bot_kind_heuristic: ["by the book", "règles de l'art"],
  bot_kind_search: ["strongest", "le plus fort"],
  bot_what_random: ["plays any card it may", "joue n'importe quelle carte permise"],
  bot_what_heuristic: ["plays by the rules of thumb of the books", "joue selon les règles de l'art des traités"],
  bot_what_search: ["imagines the hidden hands and searches each deal to its end",
    "imagine les mains cachées et cherche chaque donne jusqu'au bout"],
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
  bot_seat: ["Bot {n}", "Robot {n}"],
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
  // the table view: the finished trick, what ends a partie
  trick_won_by: ["{name} wins the trick", "{name} remporte la levée"],
  trick_pause: ["A won trick stays", "Levée gagnée affichée"],
  pause_0: ["no", "non"],
  pause_800: ["0.8 s", "0,8 s"],
  pause_1500: ["1.5 s", "1,5 s"],
  pause_3000: ["3 s", "3 s"],
  partie_actions: ["The partie", "La partie"],
  confirm_yes: ["Yes, {action}", "Oui, {action}"],
  confirm_no: ["No, go on playing", "Non, continuer"],
  confirm_title: ["{action}?", "{action} ?"],
  cost_abandon: ["This ends the partie at once: your side loses it, the other side wins it.",
    "La partie s'arrête aussitôt : votre camp la perd, l'autre camp la gagne."],
  cost_table: ["This is not a play: it is done at once, outside the turn order.",
    "Ce n'est pas un coup : cela se fait aussitôt, hors du tour de jeu."],
  cost_leave_abandon: ["You leave the table and your side abandons: it loses the partie.",
    "Vous quittez la table et votre camp abandonne : il perd la partie."],
  cost_leave_bot: ["You leave the table for good: a bot plays your seat to the end of the partie.",
    "Vous quittez la table pour de bon : un robot joue votre place jusqu'à la fin de la partie."],
  cost_leave_open: ["You leave the table: your seat opens to someone else.",
    "Vous quittez la table : votre place s'ouvre à quelqu'un d'autre."],
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
  marque_gains: ["La marque (settlement): {who} gains {n}", "La marque : {who} gagne {n}"],
  marque_rubicon: ["{who} is rubiconed: {score}, {n} short of 100", "{who} est rubicon : {score}, à {n} points des 100"],
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
  analysis: ["Analysis", "Analyse"],
  analyse_button: ["Analyse every card (all hands in view)", "Analyser chaque carte (toutes mains vues)"],
  analysing: ["Analysing every card…", "Analyse de chaque carte…"],
  analysis_best: ["{card}: the best card (value {value}).", "{card} : la meilleure carte (valeur {value})."],
  analysis_cost: ["{card} cost {loss}: best {best} (value {top}, played {value}).",
    "{card} a coûté {loss} : meilleure {best} (valeur {top}, jouée {value})."],
  analysis_none_here: ["No card valued at this step.", "Aucune carte évaluée à ce coup."],
  analysis_seat: ["cards played {cards}, costly {errors}, points lost {loss}",
    "cartes jouées {cards}, coûteuses {errors}, points perdus {loss}"],
  analysis_places: ["By place in the trick", "Par rang dans la levée"],
  analysis_lead: ["the lead", "l'entame"],
  analysis_nth: ["card {n}", "carte {n}"],
  analysis_place: ["cards played {cards}, costly {errors}, points lost {loss} ({mean} a card)",
    "cartes jouées {cards}, coûteuses {errors}, points perdus {loss} ({mean} par carte)"],
  next_error: ["Next costly card", "Carte coûteuse suivante"],
  replay_unavailable: ["The replay of a partie in progress is only for its players.",
    "Le déroulé d'une partie en cours n'est donné qu'à ses joueurs."],
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

// A bot's kind in words (« joue au hasard »), else its name.
export function botLabel(kind) {
  return has(`bot_kind_${kind}`) ? t(`bot_kind_${kind}`) : String(kind);
}

// What a bot does, in a line (the lobby's help under the seats); none for a bot the page does not know.
export function botHelp(kind) {
  return has(`bot_what_${kind}`) ? t("bot_help", { bot: botLabel(kind), what: t(`bot_what_${kind}`) }) : null;
}

// A game's own words, from its view (games.js learnView): its fields' labels (`f_<field>`) and
// its phases' names (`ph_<phase>`); the page has none written per game.
export function learnWords(view) {
  for (const [prefix, table] of [["f_", view.fields], ["ph_", view.phases]]) {
    for (const [name, entry] of Object.entries(table || {})) {
      const label = prefix === "f_" ? entry && entry.label : entry;
      if (label && label.en && label.fr) WORDS[`${prefix}${name}`] = [label.en, label.fr];
    }
  }
}

// The label of an observation field: the game's (learnWords), else its own name made readable.
export function fieldLabel(name) {
  return has(`f_${name}`) ? t(`f_${name}`) : name.replace(/_/g, " ");
}

// Every key with both languages filled (the browser tests check that no label is missing).
export function missing() {
  return Object.entries(WORDS).filter(([, pair]) => !(pair[0] && pair[1])).map(([key]) => key);
}

document.documentElement.lang = current;
