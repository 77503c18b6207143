// Reading an observation (docs/observation.md) the same way for every game.
//
// The server sends a position (what the seat needs now) and the partie's log, entry by entry;
// `observed` puts them together into what the page draws: the position, with `log` (the entries
// of the hand in progress) and `results` (the score sheet: the `scored` entries' results).
//
// The common fields have their own places on the table (hand, trick, trump, scores…). A game's
// own fields are shown by what they hold: a card (the turned card) lies in the middle of the
// table; a list of cards is a labelled row; a list of card lists, one per seat (melds on the
// table), lies by each seat; a number or a word is a labelled detail; `results` (and any other
// list of flat records) is a score sheet. A few well-known fields get a better place: `talk`
// (speech bubbles), `last_trick` (on demand), the seats' roles (dealer, captains, declarer).

import { fieldLabel, lang, t } from "./i18n.js";
import { cardSymbolText, isCard, isCardList, SUIT_SYMBOL } from "./cards.js";
import { fieldOf, isBotSeat, placesOf, seatLabel } from "./games.js";

export const COMMON = new Set(["game", "options", "seat", "num_seats", "sides", "phase", "to_move", "hand",
  "hand_sizes", "trump", "trick", "scores", "legal", "log", "outcome", "log_length", "hand_log_start"]);

// What the page draws: the position, the log entries of the hand in progress (`log`) and every
// change of the score sheet (`results`, from the log's `scored` entries). The browser reads the
// log; it never works out a rule.
export function observed(position, entries) {
  if (!position) return null;
  const start = Number.isInteger(position.hand_log_start) ? position.hand_log_start : 0;
  const results = [];
  for (const entry of entries) if (entry.type === "scored" && entry.result) results.push(entry.result);
  const log = entries.slice(start);
  const obs = { ...position, log, results };
  // a field the game's view says as the log said it: the words of the hand's latest entry of that type
  for (const name of Object.keys(position)) {
    const field = fieldOf(name);
    if (!field || !field.said || position[name] === null || position[name] === undefined) continue;
    const said = log.filter((e) => e.type === field.said && typeof e.words === "string").pop();
    if (said) obs[name] = { text: said.words };
  }
  return obs;
}

// Fields shown elsewhere, or memory the player keeps in his head (not repeated on the table).
const PLACED = new Set(["tricks", "draws", "results"]);

// The counts of cards face down that the game's view draws as a pile in the middle (a talon):
// [{name, count}].
export function pilesOf(obs) {
  const out = [];
  for (const [name, value] of Object.entries(obs)) {
    const field = fieldOf(name);
    if (field && field.pile && typeof value === "number") out.push({ name, count: value });
  }
  return out;
}

// The cards face up that the game's view lays at place `n` (the mort's hand): [{name, cards}].
export function handsAt(obs, n) {
  const out = [];
  for (const [name, value] of Object.entries(obs || {})) {
    const field = fieldOf(name);
    if (field && field.place === n && Array.isArray(value)) out.push({ name, cards: value });
  }
  return out;
}

// The number of the seat a card of `trick` was played from, and the places around the table.
export function places(obs) {
  let n = placesOf(obs.game, obs.num_seats);
  for (const entry of obs.trick || []) n = Math.max(n, entry.seat + 1);
  return n;
}

// Whether a field holds a seat (the game's view says so).
function isRole(name) {
  const field = fieldOf(name);
  return Boolean(field && field.seat);
}

// Whether the game's view leaves a field out.
function isHidden(name) {
  const field = fieldOf(name);
  return Boolean(field && field.hidden);
}

// The role marks of `seat`: [{field, label}].
export function rolesOf(obs, seat) {
  const out = [];
  for (const field of Object.keys(obs)) {
    if (COMMON.has(field) || !isRole(field)) continue;
    const value = obs[field];
    if (value === seat || (Array.isArray(value) && value.includes(seat) && value.every(Number.isInteger))) {
      out.push({ field, label: fieldLabel(field) });
    }
  }
  return out;
}

function isFlatRecord(value) {
  return value && typeof value === "object" && !Array.isArray(value);
}

function perSeatCards(obs, value) {
  return Array.isArray(value) && value.length === obs.num_seats && value.length > 0
    && value.every((v) => v === null || isCardList(v));
}

// The game's own fields sorted by where they go: {centre: [{name, card}], rows: [{name, cards}],
// bySeat: [{name, lists}], details: [{name, value}], sheets: [{name, rows}]}.
export function extras(obs) {
  const out = { centre: [], rows: [], bySeat: [], details: [], sheets: [] };
  for (const [name, value] of Object.entries(obs)) {
    if (COMMON.has(name) || isRole(name) || isHidden(name)) continue;
    if (name === "results" || (!PLACED.has(name) && Array.isArray(value) && value.length
        && value.every(isFlatRecord) && !value.every((v) => Array.isArray(v.cards)))) {
      if (Array.isArray(value) && value.length) out.sheets.push({ name, rows: value });
      continue;
    }
    if (PLACED.has(name) || value === null || value === undefined) continue;
    const field = fieldOf(name);
    if (field && (field.pile || field.place >= 0)) continue;   // a pile in the middle; cards at a place
    if (typeof value === "string" && isCard(value)) out.centre.push({ name, card: value });
    else if (Array.isArray(value) && value.length && isCardList(value)) out.rows.push({ name, cards: value });
    else if (perSeatCards(obs, value)) out.bySeat.push({ name, lists: value });
    else if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
      if (name.endsWith("_holder") || name.endsWith("_of")) continue;
      const text = shown(value, name);
      if (text !== "") out.details.push({ name, value: text });
    } else if (isFlatRecord(value) && field && field.said) {   // shown as the log said it (a command in force)
      out.details.push({ name, value: shown(value, name) });
    } else if (Array.isArray(value) && value.length && value.every((v) => typeof v === "number")) {
      out.details.push({ name, value: shown(value, name), perSide: value.length === obs.sides.length });
    }
  }
  return out;
}

// A seat named as the table names it: the person's name, « Robot 2 », else « place 2 ».
function seatWords(n) {
  if (isBotSeat(n)) return t("bot_seat", { n });
  return seatLabel(n) || t("seat_of", { n });
}

// A value as the game's view says it reads (`key`: its field): a word for an engine value (« » for
// its -1 meaning none), a seat, a signed number; else a card, yes/no, the value itself.
export function shown(value, key = null) {
  const field = key ? fieldOf(key) : null;
  if (field && !Array.isArray(value)) {
    const words = field.values && field.values[String(value)];
    if (words) return words[lang()] ?? words.en;
    if (field.seat && Number.isInteger(value)) return value < 0 ? "" : seatWords(value);
    if (field.signed && typeof value === "number") return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
  }
  if (key === "trump" && SUIT_SYMBOL[value]) return SUIT_SYMBOL[value];
  if (typeof value === "string" && isCard(value)) return cardSymbolText(value);
  if (value === true) return t("yes");
  if (value === false) return t("no");
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => shown(v, key)).join(" – ");
  if (isFlatRecord(value)) return value.text !== undefined ? String(value.text) : JSON.stringify(value);
  return String(value);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// The scores: a column per side (`names`: each side's names), the scores' row, then a row per
// count the game keeps per side (`counts`: [{name, values}]); a game's long labels (« cartes
// écartées ») read whole as row headers, however many counts it keeps. In a box that scrolls
// when the table is wider than its column.
export function scoreTable(names, scores, counts = []) {
  const table = el("table", "score-table");
  const head = el("tr");
  head.append(el("th"));
  for (const side of names) head.append(el("th", "side-names", side));
  table.append(head);
  const total = el("tr", "score-row");
  total.append(el("th", "count-name", t("scores")));
  for (const score of scores) total.append(el("td", "score", String(score)));
  table.append(total);
  for (const { name, values } of counts) {
    const tr = el("tr", `field-${name}`);
    tr.append(el("th", "count-name", fieldLabel(name)));
    for (const value of values) tr.append(el("td", null, shown(value, name)));
    table.append(tr);
  }
  const scroll = el("div", "sheet-scroll");
  scroll.append(table);
  return scroll;
}

// A score sheet: one row per record, one column per flat field (card lists and tricks left out);
// `heads`: a header for each row (a sheet the game's view marks `per_side`: its sides' names).
export function sheetTable(rows, heads = null) {
  const columns = [];
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (columns.includes(key) || isHidden(key)) continue;
      const flat = value === null || typeof value !== "object"
        || (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object") && !isCardList(value));
      if (flat) columns.push(key);
    }
  }
  const table = el("table", "sheet");
  const head = el("tr");
  if (heads) head.append(el("th"));
  for (const key of columns) head.append(el("th", null, fieldLabel(key)));
  const thead = el("thead");
  thead.append(head);
  table.append(thead);
  const body = el("tbody");
  rows.forEach((row, i) => {
    const tr = el("tr");
    if (heads) tr.append(el("th", "row-head", heads[i] ?? ""));
    for (const key of columns) {
      const value = row[key];
      tr.append(el("td", null, value && typeof value === "object" && !Array.isArray(value) ? shown(value)
        : Array.isArray(value) ? value.map((v) => (v === null ? "–" : shown(v, key))).join(" – ") : shown(value, key)));
    }
    body.append(tr);
  });
  table.append(body);
  return table;
}

// A record (one result) as « label value » pairs in a line that wraps between pairs, never inside
// one: short enough to sit above the table while the next deal is played.
export function recordLine(record) {
  const line = el("p", "record-line");
  for (const [key, value] of Object.entries(record)) {
    if (value === null || (Array.isArray(value) && value.some((v) => v && typeof v === "object"))) continue;
    if ((Array.isArray(value) && isCardList(value)) || isHidden(key)) continue;
    const text = shown(value, key);
    if (text === "") continue;
    const pair = el("span", "record-pair");
    pair.append(el("span", "record-label", fieldLabel(key)), " ", el("span", "record-value", text));
    line.append(pair, " ");
  }
  return line;
}
