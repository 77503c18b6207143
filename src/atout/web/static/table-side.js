// The side panel: the scores (one row per side, the game's per-side counts as columns), the
// game's details, the score sheets, the talk and "what happened".

import { fieldLabel, t } from "./i18n.js";
import { sortCards } from "./cards.js";
import { fieldOf } from "./games.js";
import { extras, scoreTable, sheetTable } from "./observation.js";
import { el } from "./dom.js";
import { logBox, talkBox } from "./table-log.js";

function scoresBox(obs, info, sides) {
  const scores = el("section", "scores");
  const counts = info.details.filter((d) => d.perSide).map((d) => ({ name: d.name, values: obs[d.name] }));
  scores.append(el("h2", null, t("scores")), scoreTable(sides, obs.scores, counts));
  return scores;
}

export function sidePanel(V) {
  const obs = V.S.obs;
  const side = el("aside", "side-panel");
  if (!obs) return side;
  const info = extras(obs);
  const sides = obs.sides.map((members) => members.map(V.seatName).join(", "));   // each side's names
  side.append(scoresBox(obs, info, sides));
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
    const field = fieldOf(sheet.name);
    scroll.append(sheetTable(sheet.rows, field && field.per_side ? sides : null));
    box.append(el("h2", null, sheet.name === "results" ? t("score_sheet") : fieldLabel(sheet.name)), scroll);
    side.append(box);
  }
  const talk = talkBox(V);
  if (talk) side.append(talk);
  side.append(logBox(V));
  return side;
}
