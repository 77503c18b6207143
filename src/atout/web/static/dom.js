// Small helpers shared by the page's views: making elements, the language switch, the places
// around the table, the names of the phases.

import { LANGS, lang, setLang, t, has } from "./i18n.js";

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// EN | FR buttons; the choice is remembered and every view redraws itself.
export function langSwitch() {
  const box = el("div", "lang-switch");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t("language"));
  for (const code of LANGS) {
    const button = el("button", `lang-${code}${code === lang() ? " active" : ""}`, code.toUpperCase());
    button.type = "button";
    button.dataset.lang = code;
    button.setAttribute("aria-pressed", String(code === lang()));
    on(button, "click", () => setLang(code));
    box.append(button);
  }
  return box;
}

// Where place `rel` of `count` sits, in percent of the table: 0 at the bottom (the viewer), the
// next ones the way play goes round (`direction`, the table's): to the viewer's left when it goes
// clockwise (Whist), to the right when it goes counter-clockwise (the French games); `rx`, `ry`
// the radii.
export function seatPoint(rel, count, rx, ry, direction = "clockwise") {
  const angle = (rel * 2 * Math.PI) / count;
  const side = direction === "counter-clockwise" ? 1 : -1;
  return { x: 50 + side * rx * Math.sin(angle), y: 50 + ry * Math.cos(angle) };
}

// Put a trick card at `at`, its player's point (percent of the trick's box). With six seats a
// low felt lays the trick in two rows of three instead (style.css), each card on its player's side.
export function placeTrickCard(node, at, count) {
  node.style.setProperty("--x", `${at.x}%`);
  node.style.setProperty("--y", `${at.y}%`);
  if (count === 6) {
    const side = Math.abs(at.x - 50) < 1 ? 0 : Math.sign(at.x - 50);
    node.style.setProperty("--row-x", `calc(50% + ${side} * var(--row-spread, 36%))`);
    node.dataset.row = at.y < 50 ? "top" : "bottom";
  }
}

// The seats round the table in the order of play: the position's own `places` when the game gives
// them (Whist's partnerships by cut, the mort opposite its player), else by number.
export function tableOrder(obs, count) {
  const given = obs && Array.isArray(obs.places) && obs.places.length === count ? obs.places : null;
  return given || Array.from({ length: count }, (_, n) => n);
}

// A phase's name in the page's language when the page knows it, else the engine's word.
export function phaseLabel(phase) {
  const key = `ph_${phase}`;
  return has(key) ? t(key) : String(phase).replace(/_/g, " ");
}

// Put a seat's box at `at` (percent of the table), kept inside the table: boxes on the left
// and right edges lean against the edge instead of being centred on their point.
export function placeSeat(box, at) {
  box.style.top = `${at.y}%`;
  if (at.x < 25) {
    box.style.left = "0.5%";
    box.classList.add("edge-left");
  } else if (at.x > 75) {
    box.style.right = "0.5%";
    box.classList.add("edge-right");
  } else {
    box.style.left = `${at.x}%`;
  }
}

// ------------------------------------------------------------------ updating in place

// `on(node, "click", fn)`: a listener that `morph` can hand over. A view is drawn as a fresh
// tree, then `morph` brings the page's tree to it changing only what differs: the nodes that
// stay (the card under the player's finger, the log's list and its scroll, a text box being
// written) are kept, and take the fresh tree's listeners.
export function on(node, type, fn) {
  if (!node._on) node._on = {};
  if (!node._on[type]) {
    node.addEventListener(type, (event) => {
      const handler = node._on && node._on[type];
      if (handler) handler(event);
    });
  }
  node._on[type] = fn;
  return node;
}

// Which nodes are "the same" from one drawing to the next: the tag, the first class and the
// data that name what the node shows (a card, a seat, an action, a step, an explicit key).
function keyOf(node) {
  if (node.nodeType !== 1) return `#${node.nodeType}`;
  const d = node.dataset || {};
  const first = (node.getAttribute("class") || "").split(" ")[0];
  return `${node.nodeName}.${first}|${d.key || ""}|${d.card || ""}|${d.seat || ""}|${d.code || ""}|${d.path || ""}`;
}

function syncAttributes(old, fresh) {
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of [...fresh.attributes]) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  if (old.nodeName === "INPUT" && old.checked !== fresh.checked) old.checked = fresh.checked;
  if (old.nodeName === "DETAILS" && old.open !== fresh.open) old.open = fresh.open;
  const handlers = fresh._on || {};
  for (const type of Object.keys(handlers)) on(old, type, handlers[type]);
  if (old._on) for (const type of Object.keys(old._on)) if (!handlers[type]) old._on[type] = null;
}

// Make `old` (in the page) look like `fresh` (just drawn), keeping every node that stays.
export function morph(old, fresh) {
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName) {
    old.replaceWith(fresh);
    return fresh;
  }
  if (old.nodeType !== 1) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  const value = fresh.value;   // a list's value, read before its options move
  syncAttributes(old, fresh);
  morphChildren(old, fresh);
  // what the player is writing or choosing stays his (the field he is in is left alone)
  if (["INPUT", "SELECT", "TEXTAREA"].includes(old.nodeName) && document.activeElement !== old && old.value !== value) {
    old.value = value;
  }
  return old;
}

// The children of `old` made like those of `fresh` (`fresh`'s children are used up).
export function morphChildren(old, fresh) {
  const wanted = [...fresh.childNodes];
  const pool = new Map();
  for (const child of old.childNodes) {
    const key = keyOf(child);
    if (!pool.has(key)) pool.set(key, []);
    pool.get(key).push(child);
  }
  let at = old.firstChild;
  for (const next of wanted) {
    const list = pool.get(keyOf(next));
    const match = list && list.length ? list.shift() : null;
    if (match) {
      if (match === at) at = at.nextSibling;
      else old.insertBefore(match, at);
      morph(match, next);
    } else {
      old.insertBefore(next, at);
    }
  }
  for (const list of pool.values()) for (const child of list) child.remove();
}
