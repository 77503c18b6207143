// The replay viewer of a partie (GET /api/tables/{id}/replay): step through its actions; each
// step shows the action (and what the table announced after it), the hands (every hand once the
// partie is over; a seat's own while it is in progress) and the table just after it. The answer
// holds the partie's log and, per action, what changed in the position: the positions are put
// back together once, on arrival.

import { fieldLabel, lang, onLang, t } from "./i18n.js";
import { cardElement, cardRow, cardSymbolText, sortCards, SUIT_SYMBOL } from "./cards.js";
import { getAnalysis, getReplay } from "./api.js";
import { fieldOf, learnView } from "./games.js";
import { extras, handsAt, places, scoreTable, sheetTable } from "./observation.js";
import { el, langSwitch, phaseLabel, placeSeat, placeTrickCard, seatPoint, tableOrder } from "./dom.js";

export function replayView(root, tableId, partie) {
  const S = { data: null, step: 0, error: null, frames: [], analysis: null, analysisError: null, verdicts: new Map() };

  // The double-dummy analysis of a finished partie, asked for by the player (it takes a while).
  async function analyse() {
    S.analysis = "loading";
    S.analysisError = null;
    render();
    try {
      const data = await getAnalysis(tableId, S.data.partie);
      S.verdicts = new Map(data.verdicts.map((v) => [v.step, v]));
      S.analysis = data;
    } catch (e) {
      S.analysis = null;
      S.analysisError = e.message;
    }
    render();
  }

  function analysisBox() {
    const box = el("section", "analysis-box");
    box.append(el("h2", null, t("analysis")));
    if (S.analysisError) box.append(el("p", "notice error", S.analysisError));
    if (S.analysis === null) {
      const b = el("button", "analyse", t("analyse_button"));
      b.type = "button";
      b.addEventListener("click", analyse);
      box.append(b);
      return box;
    }
    if (S.analysis === "loading") {
      box.append(el("p", "notice", t("analysing")));
      return box;
    }
    const v = S.verdicts.get(S.step);
    const num = (x) => (Math.round(x * 100) / 100).toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB");
    const here = !v ? t("analysis_none_here") : v.loss > 0
      ? t("analysis_cost", { card: cardSymbolText(v.card), loss: num(v.loss), best: v.best_cards.map(cardSymbolText).join(", "),
        top: num(v.best), value: num(v.value) })
      : t("analysis_best", { card: cardSymbolText(v.card), value: num(v.value) });
    box.append(el("p", `verdict${v && v.loss > 0 ? " costly" : ""}`, here));
    const next = [...S.verdicts.values()].find((w) => w.step > S.step && w.loss > 0);
    if (next) {
      const b = el("button", "next-error", t("next_error"));
      b.type = "button";
      b.addEventListener("click", () => go(next.step));
      box.append(b);
    }
    const table = el("table", "analysis-table");
    for (const row of S.analysis.seats) {
      const tr = el("tr");
      tr.append(el("th", null, name(row.seat)), el("td", null, t("analysis_seat", { ...row, loss: num(row.loss) })));
      table.append(tr);
    }
    box.append(table);
    // where the cards that cost something were played: the lead, the second card…
    const places = el("table", "analysis-places");
    places.append(el("caption", null, t("analysis_places")));
    for (const row of S.analysis.places || []) {
      const tr = el("tr");
      const where = row.place === 0 ? t("analysis_lead") : t("analysis_nth", { n: row.place + 1 });
      tr.append(el("th", null, where), el("td", null, t("analysis_place", { ...row, loss: num(row.loss), mean: num(row.mean) })));
      places.append(tr);
    }
    box.append(places);
    return box;
  }

  async function load() {
    try {
      S.data = await getReplay(tableId, partie);
      learnView(S.data.game, S.data.game_view);
      S.frames = frames(S.data);
      S.step = Math.max(0, Math.min(S.step, S.frames.length - 1));
      S.error = null;
    } catch (e) {
      S.error = e.status === 403 ? t("replay_unavailable") : e.message;
    }
    render();
  }

  // Each step's table: the position and hands after its action, its log entries (the action and
  // the events that followed it) and the score sheet so far.
  function frames(data) {
    const out = [];
    let position = { ...data.start.position };
    let hands = [...data.start.hands];
    const results = [];
    data.steps.forEach((step, k) => {
      if (step.set || step.unset) {
        position = { ...position, ...(step.set || {}) };
        for (const key of step.unset || []) delete position[key];
      }
      if (step.hands) {
        hands = [...hands];
        for (const [seat, cards] of Object.entries(step.hands)) hands[Number(seat)] = cards;
      }
      const next = k + 1 < data.steps.length ? data.steps[k + 1].i : data.log.length;
      const entries = data.log.slice(step.i, next);
      for (const entry of entries) if (entry.type === "scored" && entry.result) results.push(entry.result);
      out.push({ position, hands, entries, results: results.slice() });
    });
    return out;
  }

  function go(step) {
    if (!S.data) return;
    S.step = Math.max(0, Math.min(S.frames.length - 1, step));
    render();
  }

  // A seat as the log's words name it: a computer player « Bot 2 », as at the table; a person by
  // his name and seat.
  function name(n) {
    const names = S.data ? S.data.names : [];
    if (n >= names.length) return t("mort");
    if (isBot(n)) return t("bot_seat", { n });
    return `${names[n]} (${t("seat_of", { n })})`;
  }

  function isBot(n) {
    return Boolean(S.data && Array.isArray(S.data.bots) && S.data.bots.includes(n));
  }

  // A seat's box's name: the name may be cut short on a narrow box, never the seat's number (which
  // tells apart seats of the same name, computer players of one kind).
  function seatLabel(n) {
    const label = el("div", "seat-name replay-seat-name");
    const names = S.data ? S.data.names : [];
    label.title = isBot(n) ? `${name(n)} (${names[n]})` : name(n);   // a computer player's kind in its tooltip
    if (n >= names.length || isBot(n)) label.append(el("span", "who", name(n)));
    else label.append(el("span", "who", names[n]), el("span", "seat-no", `(${t("seat_of", { n })})`));
    return label;
  }

  function board(step) {
    const pub = step.position;
    const count = places(pub);
    const area = el("div", `felt replay-felt seats-${count}`);
    const order = tableOrder(pub, count);
    const way = S.data ? S.data.direction : "clockwise";
    for (let n = 0; n < count; n += 1) {
      const at = seatPoint(order.indexOf(n), count, 40, 38, way);
      const box = el("div", "seat");
      box.dataset.seat = n;
      placeSeat(box, at);
      if (pub.to_move === n) box.classList.add("to-move");
      if (step.entries.length && n === step.entries[0].seat) box.classList.add("actor");
      box.append(seatLabel(n));
      const held = step.hands[n];
      const laid = handsAt(pub, n);
      if (held === null || held === undefined) {
        if (laid.length) for (const { cards } of laid) box.append(cardRow(sortCards(cards), { small: true }));
        else if (pub.hand_sizes && n < pub.hand_sizes.length) {   // a hand the viewer did not see: its backs
          const backs = el("div", "backs");
          for (let i = 0; i < Math.min(pub.hand_sizes[n], 8); i += 1) backs.append(cardElement("", { back: true, small: true }));
          backs.append(el("span", "count", String(pub.hand_sizes[n])));
          box.append(backs);
        }
      } else box.append(cardRow(sortCards(held), { small: true }));
      area.append(box);
    }
    const middle = el("div", "centre");
    const trick = el("div", "trick");
    for (const entry of pub.trick || []) {
      const at = seatPoint(order.indexOf(entry.seat), count, 17, 17, way);
      const node = cardElement(entry.card);
      node.classList.add("trick-card");
      placeTrickCard(node, at, count);
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
    const steps = S.frames;
    if (!steps.length) {
      root.append(el("p", "notice", t("replay_unavailable")));
      return;
    }
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
    // an entry's words are a whole sentence naming who acted; its notation needs the name before it
    const said = (entry) => (typeof entry.words === "string" ? entry.words
      : t("said", { who: entry.seat < 0 ? t("table") : name(entry.seat), text: entry.text }));
    const line = el("div", "status-line");
    line.append(el("span", "step-count", t("step_n", { n: S.step + 1, total: steps.length })),
      el("span", "step-action", step.entries.length ? said(step.entries[0]) : ""), el("span", "phase", phaseLabel(step.position.phase)));
    for (const entry of step.entries.slice(1)) line.append(el("span", "step-event", said(entry)));
    if (step.position.trump) line.append(el("span", "trump-mark", `${t("trump")} ${SUIT_SYMBOL[step.position.trump]}`));
    root.append(line);
    const main = el("div", "table-main");
    const play = el("div", "play-area");
    play.append(board(step));
    main.append(play);
    const side = el("aside", "side-panel");
    const scores = el("section", "scores");
    scores.append(el("h2", null, t("scores")));
    const sides = step.position.sides.map((members) => members.map(name).join(", "));   // each side's names
    scores.append(scoreTable(sides, step.position.scores));
    side.append(scores);
    for (const sheet of extras({ ...step.position, results: step.results }).sheets) {
      const box = el("section", `sheet-box sheet-${sheet.name}`);
      const scroll = el("div", "sheet-scroll");   // a sheet wider than the column scrolls inside its box
      const field = fieldOf(sheet.name);
      scroll.append(sheetTable(sheet.rows, field && field.per_side ? sides : null));
      box.append(el("h2", null, sheet.name === "results" ? t("score_sheet") : fieldLabel(sheet.name)), scroll);
      side.append(box);
    }
    const record = el("a", "download-record", t("download_record"));
    record.href = URL.createObjectURL(new Blob([S.data.record], { type: "text/plain;charset=utf-8" }));
    record.download = `${tableId}-${S.data.partie}.txt`;
    side.append(record);
    if (S.data.final && S.data.analysable) side.append(analysisBox());
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
