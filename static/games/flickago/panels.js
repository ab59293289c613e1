// The side panels (HTML, in the shell's side column): your move (the returns, the stars to put
// an inspector on, a shot typed in numbers for a keyboard), the last shot in words with a
// button to skip its animation, the score per zone, both reserves with the eliminated discs
// and the waiting inspectors, and the game log. Each draws only what the view holds.

import { isInspector, kindOf, sideOf } from "./geometry.js";
import { angleWords, choiceLabel, pieceName, sideName, turnWords } from "./words.js";
import { h } from "../../js/dom.js";

export { h };

/** A small disc like the board's, for the panels. */
export function discChip(t, piece, opts = {}) {
  const cls = ["fg-chip", isInspector(piece) ? "inspector" : `side-${sideOf(piece)} kind-${kindOf(piece)}`];
  if (opts.selected) cls.push("selected");
  const label = pieceName(t, piece);
  const text = isInspector(piece) ? piece : piece.slice(1);
  if (opts.onClick) {
    return h("button", { type: "button", class: cls.join(" "), "aria-label": label, "aria-pressed": opts.selected ? "true" : "false", dataset: { reserve: piece }, onclick: opts.onClick }, text);
  }
  // Named on hover, a long press or a tap (main.js tipFor): no title tooltip doubles it.
  return h("span", { class: cls.join(" "), role: "img", "aria-label": label, dataset: { chip: piece } }, text);
}

/**
 * Your move. `model`: null (not a player, or the game is over), or {side, prompt, returns:
 * [choice], places: [choice], shots: [choice], sending, busy, noShot (the returns are the only
 * choices: no shot is left before one), help (what the choices come to, in words),
 * send(choice|action), typed (the
 * typed shot's fields: choice, angle, power, open), keep(fields) to remember them}.
 */
export function renderAct(box, t, model) {
  box.hidden = !model;
  if (!model) return box.replaceChildren();
  const parts = [h("h2", {}, t("fg.sec.act")), h("p", { class: "fg-you" }, t("fg.youPlay", { side: sideName(t, model.side) }))];
  parts.push(h("p", { class: "fg-prompt", id: "fg-prompt" }, model.prompt));
  // What the choices offered now come to (each button's popover says what it does).
  if (model.help) parts.push(h("p", { class: "choice-help", id: "fg-help" }, model.help));
  const buttons = (choices, cls) =>
    h(
      "div",
      { class: `fg-buttons ${cls}` },
      ...choices.map((c) =>
        h("button", { type: "button", class: "secondary small fg-action", dataset: { action: c }, disabled: model.sending || model.busy, onclick: () => model.send(c) }, choiceLabel(t, c)),
      ),
    );
  if (model.returns.length) {
    // With no shot left the returns are the turn's only way on: said so, right under the prompt.
    parts.push(h("h3", {}, model.noShot ? t("fg.returnsHeadNoShot") : t("fg.returnsHead")), buttons(model.returns, "fg-returns"));
  }
  if (model.places.length) parts.push(buttons(model.places, "fg-places"));
  if (model.shots.length) parts.push(typedShot(t, model));
  box.replaceChildren(...parts);
}

/** A whole number within [lo, hi] from a box's text, else null. */
function wholeIn(text, lo, hi) {
  const v = String(text).trim();
  if (!/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= lo && n <= hi ? n : null;
}

/**
 * A shot typed in numbers (for a keyboard, or precision): the disc, the angle and the power,
 * each a labelled box wide enough for its number with what it means under it; the angle in
 * degrees as it is typed; a number out of range is said in words and nothing is sent.
 */
function typedShot(t, model) {
  const keep = model.typed;
  const field = (id, label, input, help, extra = null) =>
    h("div", { class: `fg-field fg-field-${id}` }, h("label", { for: `fg-typed-${id}` }, label), input, extra, h("small", { class: "fg-field-help", id: `fg-typed-${id}-help` }, help));
  const select = h("select", { id: "fg-typed-choice", name: "choice" }, ...model.shots.map((c) => h("option", { value: c }, choiceLabel(t, c))));
  if (keep.choice && model.shots.includes(keep.choice)) select.value = keep.choice;
  const number = (id, min, max, value) =>
    h("input", { id: `fg-typed-${id}`, name: id, type: "number", inputmode: "numeric", min, max, step: "1", required: true, value: String(value), "aria-describedby": `fg-typed-${id}-help` });
  const angle = number("angle", "0", "3599", keep.angle);
  const power = number("power", "1", "1000", keep.power);
  const degreesOut = h("output", { class: "fg-typed-degrees", id: "fg-typed-degrees", for: "fg-typed-angle" });
  const showDegrees = () => {
    const a = wholeIn(angle.value, 0, 3599);
    degreesOut.textContent = a === null ? "" : t("fg.typed.degrees", { degrees: angleWords(t, a) });
  };
  showDegrees();
  const error = h("p", { class: "fg-typed-error", id: "fg-typed-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "fg-typed", id: "fg-typed", novalidate: true },
    field("choice", t("fg.typed.disc"), select, t("fg.typed.discHelp")),
    h("div", { class: "fg-typed-numbers" }, field("angle", t("fg.typed.angle"), angle, t("fg.typed.angleHelp"), degreesOut), field("power", t("fg.typed.power"), power, t("fg.typed.powerHelp"))),
    error,
    h("button", { type: "submit", class: "small", disabled: model.sending || model.busy, dataset: { tip: t("fg.x.typedShoot") } }, t("fg.typed.shoot")),
  );
  const clear = () => {
    error.hidden = true;
    error.textContent = "";
    angle.removeAttribute("aria-invalid");
    power.removeAttribute("aria-invalid");
  };
  form.addEventListener("input", () => {
    clear();
    showDegrees();
    model.keep({ choice: select.value, angle: angle.value, power: power.value });
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    clear();
    const a = wholeIn(angle.value, 0, 3599);
    const p = wholeIn(power.value, 1, 1000);
    const wrong = a === null ? [angle, "fg.typed.badAngle"] : p === null ? [power, "fg.typed.badPower"] : null;
    if (wrong) {
      const [box, key] = wrong;
      box.setAttribute("aria-invalid", "true");
      error.textContent = t(key, { value: box.value.trim() });
      error.hidden = false;
      box.focus();
      return;
    }
    const [piece, from] = select.value.split("@");
    model.send({ type: "shot", piece, from: from ?? null, angle: a, power: p });
  });
  const details = h("details", { class: "fg-typed-box", open: keep.open || null }, h("summary", {}, t("fg.typed.title")), form);
  details.addEventListener("toggle", () => model.keep({ open: details.open }));
  return details;
}

/** The last shot in words, with the skip button while it plays. */
export function renderLast(box, t, turn, playing, skip) {
  const parts = [h("h2", {}, t("fg.sec.last"))];
  if (!turn) parts.push(h("p", { class: "fg-muted" }, t("fg.noShot")));
  else parts.push(h("p", { class: "fg-last", id: "fg-last", dataset: { ply: String(turn.ply) } }, `${turn.ply}. ${turnWords(t, turn).text}`));
  if (playing) parts.push(h("button", { type: "button", class: "secondary small", id: "fg-skip", dataset: { tip: t("fg.x.skip") }, onclick: skip }, t("fg.skip")));
  box.replaceChildren(...parts);
}

/** The score per zone: for each side, its total (the view's) and where its points lie. */
export function renderScore(box, t, view, parts) {
  const over = Boolean(view.result);
  const head = h("h2", {}, over ? t("fg.sec.scoreFinal") : t("fg.sec.score"));
  const columns = ["w", "b"].map((side) => {
    const total = (view.result?.score || view.score || {})[side] ?? 0;
    const rows = parts[side].zones.map((z) =>
      h(
        "li",
        { dataset: { zone: z.zone, side } },
        h("span", { class: "fg-zone-name" }, t("fg.score.zone", { zone: z.zone, points: z.points })),
        h("span", { class: "fg-zone-pieces" }, ...z.pieces.map((p) => discChip(t, p))),
        h("span", { class: "fg-zone-sum" }, String(z.points * z.pieces.length)),
      ),
    );
    return h(
      "div",
      { class: `fg-score-side side-${side}`, dataset: { side } },
      h("p", { class: "fg-score-total" }, h("span", {}, sideName(t, side)), h("strong", { id: `fg-score-${side}` }, String(total))),
      rows.length ? h("ul", { class: "fg-zones" }, ...rows) : h("p", { class: "fg-muted" }, t("fg.score.none")),
    );
  });
  box.replaceChildren(head, h("div", { class: "fg-score-cols" }, ...columns));
}

/** Both reserves (yours to pick from when `pick` is given), the eliminated discs, the waiting inspectors. */
export function renderReserves(box, t, view, opts) {
  const parts = [h("h2", {}, t("fg.sec.reserves"))];
  for (const side of ["w", "b"]) {
    const reserve = view.reserve?.[side] || [];
    const mine = opts.pick && opts.side === side;
    const chips = reserve.map((p) => discChip(t, p, mine ? { selected: opts.selected.has(p), onClick: () => opts.pick(p) } : {}));
    parts.push(
      h(
        "div",
        { class: `fg-reserve side-${side}`, id: `fg-reserve-${side}` },
        h("p", { class: "fg-reserve-head" }, h("span", {}, sideName(t, side)), h("span", { class: "fg-count" }, t("fg.reserve.count", { n: reserve.length }))),
        chips.length ? h("div", { class: "fg-chips" }, ...chips) : h("p", { class: "fg-muted" }, t("fg.reserve.empty")),
      ),
    );
  }
  if (opts.pick) parts.push(h("p", { class: "fg-muted" }, t("fg.reserve.pickHelp")));
  const eliminated = view.eliminated || [];
  parts.push(h("h3", {}, t("fg.eliminated")), eliminated.length ? h("div", { class: "fg-chips", id: "fg-eliminated" }, ...eliminated.map((p) => discChip(t, p))) : h("p", { class: "fg-muted" }, t("fg.none")));
  if ((view.waiting || []).length) parts.push(h("h3", {}, t("fg.waiting")), h("div", { class: "fg-chips" }, ...view.waiting.map((p) => discChip(t, p))));
  parts.push(h("p", { class: "fg-muted", id: "fg-shots" }, t("fg.shots", { n: view.shots ?? 0, max: view.options?.max_shots ?? "?" })));
  box.replaceChildren(...parts);
}

/** The game log, newest first. */
export function renderLog(box, t, history) {
  const items = [...history].reverse().map((turn) => {
    const { ply, side, text } = turnWords(t, turn);
    return h("li", { dataset: { ply: String(ply), side } }, h("span", { class: "fg-ply" }, `${ply}.`), " ", h("span", { class: "fg-words" }, text));
  });
  box.replaceChildren(h("h2", {}, t("fg.sec.log")), items.length ? h("ol", { class: "fg-log", id: "fg-log" }, ...items) : h("p", { class: "fg-muted" }, t("fg.noShot")));
}
