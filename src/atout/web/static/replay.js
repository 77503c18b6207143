// The replay viewer of a finished partie (GET /api/tables/{id}/replay): step through its
// actions; each step shows the action, every hand (the partie is over: all are shown) and the
// public table just after it.

import { fieldLabel, onLang, t } from "./i18n.js";
import { cardElement, cardRow, sortCards, SUIT_SYMBOL } from "./cards.js";
import { getReplay } from "./api.js";
import { extras, places, sheetTable } from "./observation.js";
import { el, langSwitch, phaseLabel, placeSeat, seatPoint } from "./dom.js";

export function replayView(root, tableId, partie) {
  const S = { data: null, step: 0, error: null };

  async function load() {
    try {
      S.data = await getReplay(tableId, partie);
      S.step = Math.min(S.step, S.data.steps.length - 1);
      S.error = null;
    } catch (e) {
      S.error = e.status === 403 ? t("replay_unavailable") : e.message;
    }
    render();
  }

  function go(step) {
    if (!S.data) return;
    S.step = Math.max(0, Math.min(S.data.steps.length - 1, step));
    render();
  }

  function name(n) {
    const names = S.data ? S.data.names : [];
    if (n >= names.length) return t("mort");
    return `${names[n]} (${t("seat_of", { n })})`;
  }

  function board(step) {
    const pub = step.public;
    const count = places(pub);
    const area = el("div", `felt replay-felt seats-${count}`);
    for (let n = 0; n < count; n += 1) {
      const at = seatPoint(n, count, 40, 38);
      const box = el("div", "seat");
      box.dataset.seat = n;
      placeSeat(box, at);
      if (pub.to_move === n) box.classList.add("to-move");
      if (n === step.seat) box.classList.add("actor");
      box.append(el("div", "seat-name", name(n)));
      const hand = step.hands[n] || (n === pub.num_seats && Array.isArray(pub.mort_hand) ? pub.mort_hand : []);
      box.append(cardRow(sortCards(hand), { small: true }));
      area.append(box);
    }
    const middle = el("div", "centre");
    const trick = el("div", "trick");
    for (const entry of pub.trick || []) {
      const at = seatPoint(entry.seat, count, 17, 17);
      const node = cardElement(entry.card);
      node.classList.add("trick-card");
      node.style.left = `${at.x}%`;
      node.style.top = `${at.y}%`;
      trick.append(node);
    }
    middle.append(trick);
    const info = el("div", "centre-info");
    for (const item of extras(pub).centre) {
      const box = el("div", "centre-card");
      box.append(el("span", "field-label", fieldLabel(item.name)), cardElement(item.card, { small: true }));
      info.append(box);
    }
    middle.append(info);
    area.append(middle);
    return area;
  }

  function render() {
    root.textContent = "";
    root.className = "page replay-page";
    const bar = el("header", "topbar");
    const back = el("a", "back-link", t("back_lobby"));
    back.href = "/";
    bar.append(back, el("h1", null, t("replay_title", { n: S.data ? S.data.partie : partie || "" })), langSwitch());
    root.append(bar);
    if (S.error) {
      root.append(el("p", "notice error", S.error));
      return;
    }
    if (!S.data) return;
    const steps = S.data.steps;
    const step = steps[S.step];
    const controls = el("div", "replay-controls");
    const button = (cls, label, to) => {
      const b = el("button", cls, label);
      b.type = "button";
      b.addEventListener("click", () => go(to));
      controls.append(b);
    };
    button("first", t("first"), 0);
    button("prev", t("prev"), S.step - 1);
    const slider = el("input", "step-slider");
    slider.type = "range";
    slider.min = "0";
    slider.max = String(steps.length - 1);
    slider.value = String(S.step);
    slider.setAttribute("aria-label", t("step_n", { n: S.step + 1, total: steps.length }));
    slider.addEventListener("input", () => go(Number(slider.value)));
    controls.append(slider);
    button("next", t("next"), S.step + 1);
    button("last", t("last"), steps.length - 1);
    root.append(controls);
    const who = step.seat < 0 ? t("table") : name(step.seat);
    const line = el("div", "status-line");
    line.append(el("span", "step-count", t("step_n", { n: S.step + 1, total: steps.length })),
      el("span", "step-action", t("said", { who, text: step.action.text })), el("span", "phase", phaseLabel(step.public.phase)));
    if (step.public.trump) line.append(el("span", "trump-mark", `${t("trump")} ${SUIT_SYMBOL[step.public.trump]}`));
    root.append(line);
    const main = el("div", "table-main");
    const play = el("div", "play-area");
    play.append(board(step));
    main.append(play);
    const side = el("aside", "side-panel");
    const scores = el("section", "scores");
    scores.append(el("h2", null, t("scores")));
    const table = el("table", "score-table");
    step.public.sides.forEach((members, i) => {
      const tr = el("tr");
      tr.append(el("th", null, members.map(name).join(", ")), el("td", "score", String(step.public.scores[i])));
      table.append(tr);
    });
    scores.append(table);
    side.append(scores);
    for (const sheet of extras(step.public).sheets) {
      const box = el("section", "sheet-box");
      box.append(el("h2", null, sheet.name === "results" ? t("score_sheet") : fieldLabel(sheet.name)), sheetTable(sheet.rows));
      side.append(box);
    }
    const record = el("a", "download-record", t("download_record"));
    record.href = URL.createObjectURL(new Blob([S.data.record], { type: "text/plain;charset=utf-8" }));
    record.download = `${tableId}-${S.data.partie}.txt`;
    side.append(record);
    main.append(side);
    root.append(main);
  }

  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") go(S.step + 1);
    if (e.key === "ArrowLeft") go(S.step - 1);
  });
  onLang(() => { render(); load(); });
  render();
  load();
}
