// What the browser keeps between visits (localStorage): each table's secret token, the
// player's name. A token is sent in the WebSocket's `hello` or an `Authorization` header (a
// replay), never put in an address.

const TOKEN = "atout.token.";
const NAME = "atout.name";

function read(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch (e) { /* private mode: kept for this page only */ }
}

export function tokenFor(tableId) { return read(TOKEN + tableId); }
export function keepToken(tableId, token) { write(TOKEN + tableId, token); }
export function savedName() { return read(NAME) || ""; }
export function keepName(name) { write(NAME, name); }
