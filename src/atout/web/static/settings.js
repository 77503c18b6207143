// What the browser keeps of the player's liking for the table: how long a finished trick stays
// on the felt with its winner marked (`atout.trickPause`, in milliseconds; 0: not at all).

const PAUSE_KEY = "atout.trickPause";
export const TRICK_PAUSES = [0, 800, 1500, 3000];
const DEFAULT_PAUSE = 1500;

export function trickPause() {
  let saved = null;
  try { saved = localStorage.getItem(PAUSE_KEY); } catch (e) { /* no storage: the default */ }
  const value = Number(saved);
  return saved !== null && TRICK_PAUSES.includes(value) ? value : DEFAULT_PAUSE;
}

export function setTrickPause(ms) {
  try { localStorage.setItem(PAUSE_KEY, String(ms)); } catch (e) { /* kept for this page only */ }
}
