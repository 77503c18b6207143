// The little the page knows about particular games: which words of an action's notation name a
// seat (so a menu can show the player's name beside the number), and the mort's extra place. Everything else is read from
// the observation and the legal actions, the same way for every game.

const TALKING = {
  // "ask 2 count S": seat 2; "captain 0"; "change captain 1"
  seatArgs: { ask: [1], captain: [1], change: [2] },
};

const GAMES = {
  sizette: TALKING,
  quadrette: TALKING,
  // three players and the mort: four places round the table, the mort's being seat 3
  mort: { places: 4 },
};

// How many places the table has (more than the seats when a hand is played by nobody's seat).
export function placesOf(game, seats) {
  const spec = GAMES[game];
  return Math.max(seats, (spec && spec.places) || 0);
}

// The positions (in the code's words) that name a seat, for an action starting with `verb`.
export function seatPositions(game, verb) {
  const spec = GAMES[game];
  return (spec && spec.seatArgs && spec.seatArgs[verb]) || [];
}
