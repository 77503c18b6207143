// What the page knows of a game is what the server says of it: the game's view (`view` in
// GET /api/games, in a sync's `table` and in a replay; docs/web.md): its fields' labels and how
// their values read, its phases' names, the places round the table beside the seats, the words
// of a notation that name a seat. The page knows no game by name.

import { learnWords } from "./i18n.js";

const VIEWS = {};
let current = null;
let seats = [];

// Keep the view of `game` (the one the page draws from now on) and teach its labels to i18n.js.
export function learnView(game, view) {
  if (!game || !view || typeof view !== "object") return;
  VIEWS[game] = view;
  current = view;
  learnWords(view);
}

// The current game's description of a field (or a key of its records): {label, values, seat,
// signed, hidden}, or null.
export function fieldOf(name) {
  const fields = current && current.fields;
  return (fields && Object.prototype.hasOwnProperty.call(fields, name) && fields[name]) || null;
}

// How many places the table has (more than the seats when a hand is played by nobody's seat).
export function placesOf(game, seats) {
  const view = VIEWS[game];
  return Math.max(seats, (view && view.places) || 0);
}

// The positions (in the code's words) that name a seat, for an action starting with `verb`.
export function seatPositions(game, verb) {
  const view = VIEWS[game];
  return (view && view.seat_words && view.seat_words[verb]) || [];
}

// Keep the seats as the server last said them (a sync's or an event's `seats`), to name a seat
// that a field holds the way the table names it.
export function learnSeats(list) {
  if (Array.isArray(list)) seats = list;
}

// The seat's name as the table shows it (a person's name, « Robot 2 »), or null when unknown.
export function seatLabel(n) {
  const seat = seats[n];
  if (!seat || seat.kind === "open") return null;
  return seat.kind === "bot" ? null : seat.name || null;
}

// Whether seat `n` is a bot's (named « Robot n » by the page).
export function isBotSeat(n) {
  const seat = seats[n];
  return Boolean(seat && seat.kind === "bot");
}
