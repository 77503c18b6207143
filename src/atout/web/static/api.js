// The server's HTTP routes (docs/protocol.md): games, the lobby, creating a table, replays.

import { lang } from "./i18n.js";
import { tokenFor } from "./storage.js";

async function answer(response) {
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.message) || `HTTP ${response.status}`);
    error.code = data && data.error;
    error.status = response.status;
    throw error;
  }
  return data;
}

export async function getGames() {
  return (await answer(await fetch(`/api/games?lang=${lang()}`))).games;
}

export async function getTables() {
  return (await answer(await fetch("/api/tables"))).tables;
}

export async function getTable(id) {
  return answer(await fetch(`/api/tables/${encodeURIComponent(id)}?lang=${lang()}`));
}

// A game's seats and sides with these options or this preset, before a table is created.
export async function getSetup(game, body) {
  return answer(await fetch(`/api/games/${encodeURIComponent(game)}/setup?lang=${lang()}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  }));
}

export async function createTable(body) {
  return answer(await fetch(`/api/tables?lang=${lang()}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  }));
}

// A finished partie's double-dummy analysis: each card played against the best card.
export async function getAnalysis(id, partie) {
  const which = partie ? `&partie=${encodeURIComponent(partie)}` : "";
  const token = tokenFor(id);
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  return answer(await fetch(`/api/tables/${encodeURIComponent(id)}/analysis?lang=${lang()}${which}`, { headers }));
}

// A partie's replay (the table's token, when the page holds one: a table without spectators, or
// the partie in progress as this seat has seen it).
export async function getReplay(id, partie) {
  const which = partie ? `&partie=${encodeURIComponent(partie)}` : "";
  const token = tokenFor(id);
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  return answer(await fetch(`/api/tables/${encodeURIComponent(id)}/replay?lang=${lang()}${which}`, { headers }));
}
