// The page's entry: / is the lobby, /t/{id} a table (the invite link), /t/{id}#replay=N the
// replay viewer of partie N of that table.

import { lobbyView } from "./lobby.js";
import { tableView } from "./table.js";
import { replayView } from "./replay.js";

function route() {
  const root = document.getElementById("app");
  const match = /^\/t\/([A-Za-z0-9]{1,32})\/?$/.exec(location.pathname);
  if (!match) {
    lobbyView(root);
    return;
  }
  const replay = /^#replay(?:=(\d+))?$/.exec(location.hash);
  if (replay) replayView(root, match[1], replay[1] ? Number(replay[1]) : null);
  else tableView(root, match[1]);
}

window.addEventListener("hashchange", () => location.reload());
route();
