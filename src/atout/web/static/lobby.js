// The lobby: the open tables, and a form to create a table for any registered game with its
// options, presets, a person or a bot at each seat, and the table's rules.

import { botHelp, botLabel, onLang, t } from "./i18n.js";
import { createTable, getGames, getSetup, getTables } from "./api.js";
import { keepName, keepToken, savedName } from "./storage.js";
import { el, langSwitch } from "./dom.js";

export function lobbyView(root) {
  const S = {
    games: [], tables: [], loaded: false, error: null, busy: false, form: { game: null, options: {}, seats: [] },
    rules: { name: savedName(), spectators: true, hints: true, turn_timer: 0, grace: 60 },
  };

  async function load() {
    try {
      const [games, tables] = await Promise.all([getGames(), getTables()]);
      S.games = games;
      S.tables = tables;
      if (!S.form.game && games.length) chooseGame(games[0].name);
      S.error = null;
    } catch (e) {
      S.error = e.message;
    }
    S.loaded = true;
    render();
  }

  function game() { return S.games.find((g) => g.name === S.form.game); }

  // The number of seats with the options chosen, as the server's setup route says it (Bésigue
  // for two, three or four, say); the game's own count until it has answered.
  function seatCount() {
    const chosen = game();
    if (!chosen) return 0;
    return Number.isInteger(S.form.seatCount) && S.form.seatCount > 0 ? S.form.seatCount : chosen.seats;
  }

  // Ask the server for the seats of the game with the options and preset chosen now; an answer
  // that is no longer the latest question, or a refusal (options half typed), changes nothing.
  let asked = 0;
  async function learnSeats() {
    const chosen = game();
    if (!chosen) return;
    asked += 1;
    const mine = asked;
    const body = { options: S.form.options };
    if (S.form.preset) body.preset = S.form.preset;
    try {
      const setup = await getSetup(chosen.name, body);
      if (mine !== asked || S.form.game !== chosen.name) return;
      S.form.seatCount = setup.seats;
    } catch (e) {
      return;
    }
    resizeSeats();
    redrawSeats();
  }

  function resizeSeats() {
    const n = seatCount();
    const chosen = game();
    const bot = chosen && chosen.default_bot ? chosen.default_bot : "human";
    while (S.form.seats.length < n) S.form.seats.push(bot);
    S.form.seats.length = n;
    if (S.form.seat !== "watch" && Number(S.form.seat) >= n) S.form.seat = 0;
  }

  function chooseGame(name) {
    const chosen = S.games.find((g) => g.name === name);
    S.form = { game: name, preset: "", options: {}, seats: Array(chosen ? chosen.seats : 0).fill("human"), seat: 0 };
    S.optionsOpen = false;
    const bot = chosen ? chosen.default_bot : null;
    if (bot) for (let i = 1; i < S.form.seats.length; i += 1) S.form.seats[i] = bot;
  }

  async function submit(event) {
    event.preventDefault();
    const r = S.rules;
    const name = r.name.trim() || "Guest";
    keepName(name);
    const f = S.form;
    const body = {
      game: f.game, options: f.options, seats: f.seats, name,
      seat: f.seat === "watch" || f.seat === undefined ? null : Number(f.seat),
      spectators: r.spectators, hints: r.hints,
      turn_timer: Number(r.turn_timer || 0), grace: Number(r.grace || 60),
    };
    if (f.preset) body.preset = f.preset;
    S.busy = true;
    render();
    try {
      const made = await createTable(body);
      keepToken(made.table, made.token);
      location.assign(made.url);
    } catch (e) {
      S.error = e.message;
      S.busy = false;
      render();
    }
  }

  function optionField(spec) {
    const row = el("label", "option");
    row.dataset.option = spec.name;
    const id = `opt-${spec.name}`;
    row.htmlFor = id;
    row.append(el("span", "option-name", spec.name.replace(/_/g, " ")));
    let input;
    const current = Object.prototype.hasOwnProperty.call(S.form.options, spec.name) ? S.form.options[spec.name] : spec.default;
    if (spec.type === "bool") {
      input = el("input");
      input.type = "checkbox";
      input.checked = Boolean(current);
      input.addEventListener("change", () => { S.form.options[spec.name] = input.checked; learnSeats(); });
    } else if (spec.type === "int") {
      input = el("input");
      input.type = "number";
      input.inputMode = "numeric";
      if (spec.bounds) { input.min = spec.bounds[0]; input.max = spec.bounds[1]; }
      input.value = String(current);
      // kept as typed, so that a redraw meanwhile shows what was typed; the seats asked once it is done
      input.addEventListener("input", () => { S.form.options[spec.name] = input.value; });
      input.addEventListener("change", () => {
        S.form.options[spec.name] = input.value;
        learnSeats();
      });
    } else {
      input = el("select");
      for (const choice of spec.choices) {
        const option = el("option", null, choice);
        option.value = choice;
        option.selected = choice === current;
        input.append(option);
      }
      input.addEventListener("change", () => { S.form.options[spec.name] = input.value; learnSeats(); });
    }
    input.id = id;
    input.name = spec.name;
    row.append(input, el("small", "option-help", `${spec.help} (${t("option_default", { value: String(spec.default) })})`));
    return row;
  }

  function createForm() {
    const form = el("form", "create-form");
    form.addEventListener("submit", submit);
    form.append(el("h2", null, t("create_table")));
    const chosen = game();
    const gameRow = el("label", "field");
    gameRow.append(el("span", null, t("game")));
    const select = el("select");
    select.id = "create-game";
    if (!S.loaded) {   // until the server has said which games it has
      const waiting = el("option", null, t("loading_games"));
      waiting.disabled = true;
      waiting.selected = true;
      select.append(waiting);
      select.disabled = true;
    }
    for (const g of S.games) {   // each game with its seats (the chosen one's with the options chosen)
      const option = el("option", null, gameLabel(g));
      option.value = g.name;
      option.selected = g.name === S.form.game;
      select.append(option);
    }
    select.addEventListener("change", () => { chooseGame(select.value); render(); });
    gameRow.append(select);
    form.append(gameRow);
    if (!chosen) return form;
    if (chosen.presets.length) {
      const presetRow = el("label", "field");
      presetRow.append(el("span", null, t("preset")));
      const preset = el("select");
      preset.id = "create-preset";
      const none = el("option", null, t("no_preset"));
      none.value = "";
      preset.append(none);
      for (const p of chosen.presets) {
        const option = el("option", null, `${p.name} (${Object.entries(p.options).map(([k, v]) => `${k}=${v}`).join(", ")})`);
        option.value = p.name;
        option.selected = p.name === S.form.preset;
        preset.append(option);
      }
      preset.addEventListener("change", () => { S.form.preset = preset.value; learnSeats(); });
      presetRow.append(preset);
      form.append(presetRow);
    }
    const options = el("details", "options-box");
    options.open = Boolean(S.optionsOpen);
    options.addEventListener("toggle", () => { S.optionsOpen = options.open; });
    options.append(el("summary", null, t("options")));
    for (const spec of chosen.options) options.append(optionField(spec));
    form.append(options);
    form.append(seatsPart(chosen));
    const nameRow = el("label", "field");
    nameRow.append(el("span", null, t("your_name")));
    const name = el("input");
    name.id = "create-name";
    name.maxLength = 24;
    name.value = S.rules.name;
    name.addEventListener("input", () => { S.rules.name = name.value; });
    nameRow.append(name);
    form.append(nameRow);
    const flags = [["create-spectators", "spectators", "spectators"], ["create-hints", "hints_allowed", "hints"]];
    for (const [id, label, key] of flags) {
      const row = el("label", "field check");
      const box = el("input");
      box.type = "checkbox";
      box.id = id;
      box.checked = S.rules[key];
      box.addEventListener("change", () => { S.rules[key] = box.checked; });
      row.append(box, el("span", null, t(label)));
      form.append(row);
    }
    const numbers = [["create-timer", "turn_timer", 0, 600], ["create-grace", "grace", 5, 600]];
    for (const [id, label, min, max] of numbers) {
      const row = el("label", "field");
      const input = el("input");
      input.type = "number";
      input.inputMode = "numeric";
      input.id = id;
      input.value = String(S.rules[label]);
      input.min = String(min);
      input.max = String(max);
      input.addEventListener("input", () => { S.rules[label] = input.value; });
      row.append(el("span", null, t(label)), input);
      form.append(row);
    }
    const go = el("button", "create-button", S.busy ? t("creating") : t("create"));
    go.type = "submit";
    go.disabled = S.busy;
    form.append(go);
    return form;
  }

  // The seats and where the creator sits: redrawn alone when the server says how many seats the
  // options make, or a seat changes hands, so that the options being typed are left as they are.
  function seatsPart(chosen) {
    const part = el("div", "seats-part");
    const seats = el("fieldset", "seats-box");
    seats.append(el("legend", null, t("seats")));
    S.form.seats.forEach((kind, i) => {
      const row = el("label", "field seat-kind");
      row.append(el("span", null, t("seat_n", { n: i })));
      const choice = el("select");
      choice.id = `create-seat-${i}`;
      for (const value of ["human", ...chosen.bots]) {
        const option = el("option", null, value === "human" ? t("human") : t("bot_named", { bot: botLabel(value) }));
        option.value = value;
        option.selected = value === kind;
        choice.append(option);
      }
      choice.addEventListener("change", () => {
        S.form.seats[i] = choice.value;
        if (choice.value !== "human" && String(S.form.seat) === String(i)) S.form.seat = "watch";
        redrawSeats();
      });
      row.append(choice);
      seats.append(row);
    });
    for (const bot of chosen.bots) {   // what each bot does, weakest first as the server lists them
      const help = botHelp(bot);
      if (help) seats.append(el("small", "option-help bot-help", help));
    }
    part.append(seats);
    const sitRow = el("label", "field");
    sitRow.append(el("span", null, t("you_sit")));
    const sit = el("select");
    sit.id = "create-sit";
    S.form.seats.forEach((kind, i) => {
      if (kind !== "human") return;
      const option = el("option", null, t("seat_n", { n: i }));
      option.value = String(i);
      option.selected = String(S.form.seat) === String(i);
      sit.append(option);
    });
    const watch = el("option", null, t("watch_only"));
    watch.value = "watch";
    watch.selected = S.form.seat === "watch";
    sit.append(watch);
    sit.addEventListener("change", () => { S.form.seat = sit.value; });
    sitRow.append(sit);
    part.append(sitRow);
    return part;
  }

  function redrawSeats() {
    const shown = root.querySelector(".seats-part");
    const chosen = game();
    if (!shown || !shown.isConnected || !chosen) {
      render();
      return;
    }
    shown.replaceWith(seatsPart(chosen));
    const label = root.querySelector(`#create-game option[value="${CSS.escape(chosen.name)}"]`);
    if (label) label.textContent = gameLabel(chosen);
  }

  function gameLabel(g) { return `${g.title} (${g.name === S.form.game ? seatCount() : g.seats})`; }

  function tableList() {
    const box = el("section", "table-list");
    const head = el("div", "list-head");
    head.append(el("h2", null, t("open_tables")));
    const again = el("button", "refresh", t("refresh"));
    again.type = "button";
    again.addEventListener("click", load);
    head.append(again);
    box.append(head);
    if (!S.tables.length) box.append(el("p", "empty", t(S.loaded ? "no_tables" : "loading_tables")));
    const list = el("ul", "tables");
    for (const table of S.tables) {
      const item = el("li", "table-entry");
      item.dataset.table = table.id;
      const title = (table.titles && table.titles[document.documentElement.lang]) || table.title;
      item.append(el("strong", null, title), el("span", "status", t(`status_${table.status}`)));
      const names = table.seats.map((s) => (s.kind === "open" ? "—" : s.name || s.bot)).join(", ");
      item.append(el("span", "names", names));
      if (table.open_seats.length) item.append(el("span", "open", t("open_seats_n", { n: table.open_seats.length })));
      const link = el("a", "join", table.open_seats.length ? t("join") : t("watch"));
      link.href = table.url;
      item.append(link);
      list.append(item);
    }
    box.append(list);
    return box;
  }

  function render() {
    root.textContent = "";
    root.className = "page lobby-page";
    const bar = el("header", "topbar");
    bar.append(el("h1", null, t("app_title")), langSwitch());
    root.append(bar);
    if (S.error) root.append(el("p", "notice error", S.error));
    const main = el("div", "lobby-main");
    main.append(tableList(), createForm());
    root.append(main);
  }

  // the list of tables refreshes itself (the form, being filled in, is left alone)
  setInterval(async () => {
    const shown = root.querySelector(".table-list");
    if (!shown || document.hidden) return;
    try {
      S.tables = await getTables();
    } catch (e) {
      return;
    }
    const fresh = tableList();
    if (shown.isConnected) shown.replaceWith(fresh);
  }, 10000);

  onLang(() => { render(); load(); });
  render();
  load();
}
