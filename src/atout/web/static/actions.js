// The viewer's choices, built from `legal` (each {code, text, kind, template}) and nothing else.
//
// - A move whose code is a card (KH) is played by clicking that card; an action naming one card
//   (discard 7S) is also reached from the card.
// - Everything else is grouped by kind (play, talk, claims, the table), then by the words of its
//   notation: "ask 2 count S" is reached by ask → 2 → count → S, each step labelled with the
//   word of the text in the page's language (demande → 2 → nombre → P).
// - A template (a remark to write) is a text box: its words replace the empty "" of the code.

import { t } from "./i18n.js";
import { isCard, plainText } from "./cards.js";
import { seatPositions } from "./games.js";
import { on } from "./dom.js";

const KINDS = ["move", "talk", "claim", "table"];
const MANY = 16;   // more choices than this at one step: a drop-down list

function words(text) {
  return String(text).trim().split(/\s+/);
}

// {cards: Map card → [actions], panel: [actions]} from legal.
export function sortLegal(legal) {
  const cards = new Map();
  const panel = [];
  for (const action of legal || []) {
    if (action.kind === "move" && isCard(action.code)) {
      cards.set(action.code, [action]);
      continue;
    }
    const named = words(action.code).filter(isCard);
    if (!action.template && named.length === 1 && words(action.code).length === 2) {
      const list = cards.get(named[0]) || [];
      if (!(list.length && isCard(list[0].code))) list.push(action);
      cards.set(named[0], list);
    }
    panel.push(action);
  }
  return { cards, panel };
}

// The code of a template filled with the player's words: remark "" → remark "bien joué".
export function fillTemplate(code, text) {
  const at = code.lastIndexOf('""');
  const filled = JSON.stringify(text);
  return at < 0 ? `${code} ${filled}` : code.slice(0, at) + filled + code.slice(at + 2);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// One step of the tree: the actions whose code starts with `path` (a list of words).
function children(actions, path) {
  const groups = new Map();
  for (const action of actions) {
    const code = words(action.code);
    if (code.length <= path.length || path.some((w, i) => code[i] !== w)) continue;
    const key = code[path.length];
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(action);
  }
  return groups;
}

function label(action, depth, game, seatName) {
  const code = words(action.code);
  const text = words(action.text);
  let word = text.length === code.length ? text[depth] : code[depth];
  if (seatPositions(game, code[0]).includes(depth) && /^\d+$/.test(code[depth])) {
    const name = seatName(Number(code[depth]));
    if (name) word = `${word} · ${name}`;
  }
  return plainText(word);
}

// The words of `action` from `depth` on, as the player reads them.
function rest(action, depth, ctx) {
  const code = words(action.code);
  if (depth === 0 || words(action.text).length !== code.length) return plainText(action.text);
  return code.slice(depth).map((_, i) => label(action, depth + i, ctx.game, ctx.seatName)).join(" ");
}

// The panel of choices. `ctx`: {game, seatName(n), paths (the step shown, per kind),
// setPath(kind, path), act(code), drafts (the words being written in each text box)}.
export function actionPanel(actions, ctx) {
  const box = el("div", "actions");
  if (!actions.length) return box;
  for (const kind of KINDS) {
    const mine = actions.filter((a) => a.kind === kind);
    if (!mine.length) continue;
    const section = el("section", `action-kind kind-${kind}`);
    section.dataset.kind = kind;
    section.append(el("h3", null, t(`kind_${kind}`)));
    const templates = mine.filter((a) => a.template);
    const plain = mine.filter((a) => !a.template);
    section.append(tree(plain, kind, ctx));
    for (const action of templates) section.append(templateBox(action, ctx));
    box.append(section);
  }
  return box;
}

function tree(actions, kind, ctx) {
  const wrap = el("div", "action-tree");
  if (!actions.length) return wrap;
  let path = ctx.paths[kind] || [];
  if (path.length && !children(actions, path).size) path = [];
  if (path.length) {
    const crumbs = el("div", "crumbs");
    const back = el("button", "crumb-back", `← ${t("back")}`);
    back.type = "button";
    on(back, "click", () => ctx.setPath(kind, path.slice(0, -1)));
    crumbs.append(back);
    const first = actions.find((a) => path.every((w, i) => words(a.code)[i] === w));
    crumbs.append(el("span", "crumb-text", path.map((_, i) => label(first, i, ctx.game, ctx.seatName)).join(" ")));
    wrap.append(crumbs);
  }
  const groups = children(actions, path);
  const depth = path.length;
  const entries = [...groups.entries()].map(([word, list]) => {
    const single = list.length === 1;
    return { word, list, single };
  });
  if (entries.length > MANY && entries.every((e) => e.single)) {
    const select = el("select", "action-select");
    select.dataset.path = path.join(" ");
    for (const entry of entries) {
      const option = el("option", null, rest(entry.list[0], depth, ctx));
      option.value = entry.list[0].code;
      select.append(option);
    }
    // the choice is kept while the table goes on (a redraw keeps what the player picked)
    const key = `select:${kind}:${path.join(" ")}`;
    if (ctx.drafts[key] && entries.some((e) => e.list[0].code === ctx.drafts[key])) {
      select.value = ctx.drafts[key];
      for (const option of select.options) if (option.value === ctx.drafts[key]) option.setAttribute("selected", "");
    }
    on(select, "change", (e) => { ctx.drafts[key] = e.currentTarget.value; });
    const go = el("button", "action-go", t("choose"));
    go.type = "button";
    on(go, "click", (e) => ctx.act(e.currentTarget.parentNode.querySelector("select").value));
    const row = el("div", "action-choose");
    row.append(select, go);
    wrap.append(row);
    return wrap;
  }
  const buttons = el("div", "action-buttons");
  // an action whose words end here ("command any" beside "command any S")
  for (const action of actions) {
    const code = words(action.code);
    if (!path.length || code.length !== depth || path.some((w, i) => code[i] !== w)) continue;
    const button = el("button", "action", plainText(action.text));
    button.type = "button";
    button.dataset.code = action.code;
    on(button, "click", () => ctx.act(action.code));
    buttons.append(button);
  }
  for (const entry of entries) {
    const action = entry.list[0];
    const button = el("button", entry.single ? "action" : "action group");
    button.type = "button";
    if (entry.single) {
      button.textContent = rest(action, depth, ctx);
      button.dataset.code = action.code;
      button.title = plainText(action.text);
      on(button, "click", () => ctx.act(action.code));
    } else {
      button.textContent = `${label(action, depth, ctx.game, ctx.seatName)} …`;
      button.dataset.path = [...path, entry.word].join(" ");
      on(button, "click", () => ctx.setPath(kind, [...path, entry.word]));
    }
    buttons.append(button);
  }
  wrap.append(buttons);
  return wrap;
}

function templateBox(action, ctx) {
  const form = el("form", "template");
  form.dataset.code = action.code;
  const verb = words(action.text)[0];
  const input = el("input", "template-input");
  input.type = "text";
  input.maxLength = 200;
  input.placeholder = t("remark_placeholder");
  input.setAttribute("aria-label", verb);
  input.value = ctx.drafts[action.code] || "";
  on(input, "input", (e) => { ctx.drafts[action.code] = e.currentTarget.value; });
  const send = el("button", "template-send", `${verb} · ${t("send")}`);
  send.type = "submit";
  form.append(input, send);
  on(form, "submit", (e) => {
    e.preventDefault();
    const field = e.currentTarget.querySelector(".template-input");
    const text = field.value.trim();
    if (!text) return;
    ctx.drafts[action.code] = "";
    field.value = "";
    ctx.act(fillTemplate(action.code, text));
  });
  return form;
}
