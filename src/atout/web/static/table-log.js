// The table's words: the log entries of the hand in progress in the page's language, the talk,
// and "what happened" (a list that follows play: the newest lines in view unless the player
// scrolled up to read, its scroll kept from one drawing to the next).

import { t } from "./i18n.js";
import { el } from "./dom.js";
import { plainText } from "./cards.js";

const LOG_SHOWN = 400;   // lines of "what happened" drawn (a hand has fewer)

// The entries of the hand in progress with their words in the page's language (each entry's
// `words`, from the server); the entry's own (English) text should they be missing.
export function logTexts(obs) {
  if (!obs || !Array.isArray(obs.log)) return [];
  return obs.log.map((entry) => {
    const text = typeof entry.words === "string" ? entry.words : entry.text;
    return { entry, text, said: typeof entry.said === "string" ? entry.said : text };   // said: the speech alone
  });
}

// The words of a `talk` entry in the page's language: the latest entry of the log that the
// same seat spoke with the same notation.
export function talkText(lines, seat, code, speech = false) {
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const { entry, text, said } = lines[i];
    if (entry.seat === seat && entry.text === code) return speech ? said : text;
  }
  return code;
}

// What happened: the hand in progress, from the log in the page's language; before the first
// view, the events received (`events`).
export function logBox(V) {
  const { S } = V;
  const box = el("section", "event-log");
  box.append(el("h2", null, t("log")));
  const list = el("ol", "follow");
  const lines = logTexts(S.obs);
  const items = lines.length
    ? lines.map(({ entry, text }) => ({ seat: entry.seat, kind: entry.kind, text, i: entry.i, said: typeof entry.words === "string" }))
    : S.log.filter((ev) => ev.what === "action" && ev.action)
      .map((ev) => ({ seat: ev.seat, kind: ev.action.kind, text: ev.action.words || ev.action.text, i: `e${ev.event}`,
        said: Boolean(ev.action.words) }));
  const shown = items.slice(-LOG_SHOWN);
  list.start = items.length - shown.length + 1;
  shown.forEach((item, k) => {
    const who = item.seat < 0 ? t("table") : V.seatName(item.seat);
    const line = el("li", `log-${item.kind}`, item.said ? item.text : t("said", { who, text: plainText(item.text) }));   // words: a whole sentence
    line.dataset.key = String(item.i === undefined ? k : item.i);
    list.append(line);
  });
  box.append(list);
  return box;
}

// The talk of this hand (Sizette, Quadrette): who said what, in the page's language.
export function talkBox(V) {
  const obs = V.S.obs;
  if (!obs || !Array.isArray(obs.talk) || !obs.talk.length) return null;
  const box = el("section", "talk-log");
  box.append(el("h2", null, t("talk")));
  const list = el("ol", "follow");
  const lines = logTexts(obs);
  obs.talk.forEach((entry, k) => {
    const line = el("li", null, talkText(lines, entry.seat, entry.text));   // a sentence naming the speaker
    line.dataset.key = String(k);
    list.append(line);
  });
  box.append(list);
  return box;
}

// Before the page is brought up to date: which lists that follow play are at their end (they
// stay there); after: scroll those to their newest line.
export function followMark(root) {
  const at = new Map();
  for (const list of root.querySelectorAll("ol.follow")) {
    at.set(list.parentNode.className, list.scrollTop + list.clientHeight >= list.scrollHeight - 8);
  }
  return at;
}

export function follow(root, marks) {
  for (const list of root.querySelectorAll("ol.follow")) {
    const wasAtEnd = marks.get(list.parentNode.className);
    if (wasAtEnd === undefined || wasAtEnd) list.scrollTop = list.scrollHeight;
  }
}
