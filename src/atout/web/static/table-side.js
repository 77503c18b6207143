// The side panel: the scores (one row per side, the game's per-side counts as columns), the
// game's details, the score sheets, the talk and "what happened".

import { fieldLabel, t } from "./i18n.js";
import { sortCards } from "./cards.js";
import { extras, sheetTable, shown } from "./observation.js";
import { el } from "./dom.js";
import { logBox, talkBox } from "./table-log.js";

function scoresBox(V, obs, info) {
  const scores = el("section", "scores");
  scores.append(el("h2", null, t("scores")));
  const table = el("table", "score-table");
  const perSide = info.details.filter((d) => d.perSide);
  const head = el("tr");
  head.append(el("th"), el("th", "score-head", t("scores")));
  for (const d of perSide) head.append(el("th", null, fieldLabel(d.name)));
  table.append(head);
  obs.sides.forEach((members, i) => {
    const tr = el("tr");
    tr.append(el("th", "side-names", members.map(V.seatName).join(", ")), el("td", "score", String(obs.scores[i])));
    for (const d of perSide) tr.append(el("td", null, shown(obs[d.name][i], d.name)));
    table.append(tr);
  });
  scores.append(table);
  return scores;
}

export function sidePanel(V) {
  const obs = V.S.obs;
  const side = el("aside", "side-panel");
  if (!obs) return side;
  const info = extras(obs);
  side.append(scoresBox(V, obs, info));
  const details = info.details.filter((d) => !d.perSide);
  if (details.length || info.rows.length) {
    const box = el("section", "details");
    box.append(el("h2", null, t("details")));
    const list = el("dl");
    for (const d of details) list.append(el("dt", null, fieldLabel(d.name)), el("dd", `field-${d.name}`, d.value));
    box.append(list);
    for (const row of info.rows) {
      const line = el("div", `field-row field-${row.name}`);
      line.append(el("span", "field-label", fieldLabel(row.name)), V.playable(sortCards(row.cards), true));
      box.append(line);
    }
    side.append(box);
  }
  for (const sheet of info.sheets) {
    const box = el("section", `sheet-box sheet-${sheet.name}`);
    const scroll = el("div", "sheet-scroll");   // a sheet wider than the column scrolls inside its box
    scroll.append(sheetTable(sheet.rows));
    box.append(el("h2", null, sheet.name === "results" ? t("score_sheet") : fieldLabel(sheet.name)), scroll);
    side.append(box);
  }
  const talk = talkBox(V);
  if (talk) side.append(talk);
  side.append(logBox(V));
  return side;
}
