// The side panels of Spies! (HTML in the shell's side column): the decision with its prompt,
// countdown and the legal lines (filtered by what is selected on the map), the turn with the
// action-point track, the city selected, your holdings (money, chits, tiles), every power's
// public holdings, the diplomacy panel, the Time and Victory Record, and the log. Each draws
// only what the view holds.

import { GROUP_ORDER, groupOf, itemWords, lineWords, parseLine } from "./lines.js";
import { faceText } from "./map.js";
import { h } from "../../js/dom.js";

export { h };

/** A power's chip: its colour and name. */
export function powerChip(ctx, power) {
  return h("span", { class: "sp-chip", style: { "--chip": ctx.colour(power) }, dataset: { power } }, ctx.powerName(power));
}

/** 83000 -> "1:23". */
export function countdownText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  return `${m}:${String(total % 60).padStart(2, "0")}`;
}

function countdown(ctx, seat) {
  const deadline = ctx.deadline(seat);
  if (deadline === null) return null;
  return h("span", { class: "sp-countdown", dataset: { deadline: String(deadline) }, title: ctx.t("sp.countdown.title") }, countdownText(deadline - ctx.now()));
}

// ------------------------------------------------------------------ the decision

/** What the decision is, in words, for the seat that owes it or for the others. */
export function promptText(t, view, names, mineToAct) {
  const d = view.decision;
  if (!d) return "";
  const p = d.power ? names.power(d.power) : "";
  const params = { power: p, spy: d.spy || "", secret: d.secret || "", by: d.by ? names.power(d.by) : "", offer: d.offer || "", what: d.what ? t(`sp.what.${d.what}`) : "" };
  if (d.kind === "turn") params.phase = t(`sp.phase.${view.phase}`);
  return t(`sp.prompt${mineToAct ? "" : "Wait"}.${d.kind}`, params);
}

/**
 * The decision box. `model`: {lines, selection: {kind, id, label} | null, sending, choose(text),
 * clear(), typed(text), help, notOffered: [{what, why}]}; shows the prompt, the countdown, what
 * the decision is about, the lines grouped (filtered by the selection), what the seat cannot
 * do now and why, a line to type for what no button lists (a police re-arrangement, a search
 * of several cities), and the offer composer when an offer can be posted.
 */
export function renderDecision(box, ctx, view, model) {
  const t = ctx.t;
  const d = view.decision;
  const seat = ctx.seat;
  const owes = Boolean(model.lines.length) && !view.result;
  box.hidden = !d || Boolean(view.result);
  if (box.hidden) return box.replaceChildren();
  if (model.unseated) {
    // Every seat must be taken before anyone places or moves anything.
    const text = seat === null ? t("sp.status.waitPlayers") : t("sp.prompt.waitPlayers");
    return box.replaceChildren(h("h2", {}, t("sp.sec.waiting")), h("p", { class: "sp-prompt", id: "sp-prompt", dataset: { kind: "seats" } }, text));
  }
  const parts = [h("h2", {}, owes ? t("sp.sec.act") : t("sp.sec.waiting"))];
  const head = h("p", { class: "sp-prompt", id: "sp-prompt", dataset: { kind: d.kind } }, promptText(t, view, ctx.names, owes));
  const timer = countdown(ctx, owes ? seat : (d.seats || [])[0]);
  if (timer) head.append(" ", timer);
  parts.push(head);
  // What this decision is about (each line's popover says what it does).
  if (owes && model.help && !model.sending) parts.push(h("p", { class: "choice-help", id: "sp-help" }, model.help));
  if (!owes) {
    const who = (d.seats || []).map((s) => ctx.seatName(s)).join(", ");
    if (who) parts.push(h("p", { class: "sp-muted", id: "sp-waiting" }, t("sp.waitingFor", { who })));
    box.replaceChildren(...parts);
    return;
  }
  if (model.sending) {
    parts.push(h("p", { class: "sp-muted" }, t("sp.sent")));
    box.replaceChildren(...parts);
    return;
  }
  if (model.tray && model.tray.length) {
    const tray = h("div", { class: "sp-tray", id: "sp-tray" });
    for (const item of model.tray) {
      tray.append(h("button", { type: "button", class: `small secondary sp-tray-piece${item.selected ? " selected" : ""}`, dataset: { piece: item.id }, "aria-pressed": item.selected ? "true" : "false", onclick: () => model.pick(item.id) }, item.label));
    }
    parts.push(h("h3", {}, t("sp.toPlace")), tray);
  }
  if (model.selection) {
    parts.push(
      h(
        "p",
        { class: "sp-selection", id: "sp-selection" },
        t("sp.selected", { what: model.selection.label }),
        " ",
        h("button", { type: "button", class: "small secondary", id: "sp-clear", onclick: model.clear }, t("sp.showAll")),
      ),
    );
  }
  const shown = model.selection ? model.lines.filter((l) => model.selection.match(l)) : model.lines;
  const groups = new Map(GROUP_ORDER.map((g) => [g, []]));
  for (const text of shown) groups.get(groupOf(parseLine(text))).push(text);
  // Tiles: the plays before the discards.
  groups.get("tile").sort((a, b) => (parseLine(a).verb === "play" ? 0 : 1) - (parseLine(b).verb === "play" ? 0 : 1));
  const list = h("div", { class: "sp-lines", id: "sp-lines" });
  for (const [group, texts] of groups) {
    if (!texts.length) continue;
    const row = h("div", { class: `sp-buttons g-${group}` });
    for (const text of texts) {
      row.append(
        h(
          "button",
          { type: "button", class: "sp-line secondary small", dataset: { line: text }, onclick: () => model.choose(text) },
          lineWords(t, text, ctx.names),
        ),
      );
    }
    list.append(h("div", { class: "sp-group" }, h("h3", {}, t(`sp.group.${group}`)), row));
  }
  if (!shown.length) list.append(h("p", { class: "sp-muted" }, t("sp.noLineHere")));
  parts.push(list);
  // What the seat holds but cannot do now, and why (£, AP, the chit's window, the acting spy).
  if (model.notOffered && model.notOffered.length) {
    parts.push(
      h(
        "div",
        { class: "sp-notnow", id: "sp-notnow" },
        h("h3", {}, t("sp.x.off.head")),
        h("ul", {}, ...model.notOffered.map((item) => h("li", {}, h("span", { class: "sp-notnow-what" }, item.what), " — ", item.why))),
      ),
    );
  }
  if (d.kind === "turn" && view.phase <= 3) parts.push(h("p", { class: "sp-muted sp-syntax" }, t("sp.typedHelp")));
  const input = h("input", { type: "text", id: "sp-typed", class: "sp-typed", placeholder: t("sp.typedPlaceholder", { power: d.power || (model.lines[0] || "G").split(" ")[0] }), "aria-label": t("sp.typedLabel"), autocomplete: "off", spellcheck: "false" });
  const form = h(
    "form",
    { class: "sp-typed-form", onsubmit: (e) => (e.preventDefault(), input.value.trim() && model.typed(input.value.trim())) },
    input,
    h("button", { type: "submit", class: "small" }, t("sp.typedSend")),
  );
  parts.push(h("details", { class: "sp-typed-box" }, h("summary", {}, t("sp.typedSummary")), form));
  if (model.composer) parts.push(model.composer);
  box.replaceChildren(...parts);
}

/** The offer composer: money and chits to give and to ask for, to a power with an open channel. */
export function offerComposer(ctx, view, { power, number, channels, onSend }) {
  const t = ctx.t;
  if (!number || !channels.length) return null;
  const mine = view.powers[power];
  const to = h("select", { id: "sp-offer-to", "aria-label": t("sp.offer.to") }, ...channels.map((p) => h("option", { value: p }, ctx.powerName(p))));
  const giveMoney = h("input", { type: "number", min: 0, max: mine?.money ?? 0, value: 0, id: "sp-offer-give-money", "aria-label": t("sp.offer.giveMoney") });
  const getMoney = h("input", { type: "number", min: 0, value: 0, id: "sp-offer-get-money", "aria-label": t("sp.offer.getMoney") });
  const giveChits = h("div", { class: "sp-checks" }, ...(mine?.chits || []).map((c) => h("label", {}, h("input", { type: "checkbox", value: c.handle, class: "give-chit" }), ` ${c.handle}${c.type ? ` ${c.type}` : ""}`)));
  const getChits = h("div", { class: "sp-checks", id: "sp-offer-their-chits" });
  const fillTheirs = () => getChits.replaceChildren(...(view.powers[to.value]?.chits || []).map((c) => h("label", {}, h("input", { type: "checkbox", value: c.handle, class: "get-chit" }), ` ${c.handle}`)));
  to.addEventListener("change", fillTheirs);
  fillTheirs();
  const send = () => {
    const give = [`£${Number(giveMoney.value) || 0}`, ...[...giveChits.querySelectorAll("input:checked")].map((i) => i.value)];
    const get = [`£${Number(getMoney.value) || 0}`, ...[...getChits.querySelectorAll("input:checked")].map((i) => i.value)];
    onSend(to.value, give, get);
  };
  return h(
    "details",
    { class: "sp-composer", id: "sp-composer" },
    h("summary", {}, t("sp.offer.compose", { n: number })),
    h("label", {}, t("sp.offer.to"), " ", to),
    h("div", { class: "sp-offer-side" }, h("strong", {}, t("sp.offer.give")), h("label", {}, "£ ", giveMoney), giveChits),
    h("div", { class: "sp-offer-side" }, h("strong", {}, t("sp.offer.get")), h("label", {}, "£ ", getMoney), getChits),
    h("p", { class: "sp-muted" }, t("sp.offer.secretsHint")),
    h("button", { type: "button", class: "small", id: "sp-offer-send", onclick: send }, t("sp.offer.send")),
  );
}

// ------------------------------------------------------------------ the turn and the AP track

export function renderTurn(box, ctx, view, pack) {
  const t = ctx.t;
  const parts = [h("h2", {}, t("sp.sec.turn"))];
  const lastYear = view.options?.last_year;
  const facts = [];
  if (view.year) facts.push(t("sp.year", { year: view.year }) + (lastYear && lastYear !== pack.rules.years.at(-1) ? ` ${t("sp.lastYear", { year: lastYear })}` : ""));
  else facts.push(t("sp.setup"));
  parts.push(h("p", { class: "sp-facts", id: "sp-year" }, facts.join(" · ")));
  if (view.active && view.year) {
    parts.push(h("p", { class: "sp-row" }, powerChip(ctx, view.active), " ", h("span", { class: "sp-muted" }, t(`sp.phase.${view.phase}`))));
    const max = pack.rules.action_points_per_turn;
    const spent = Math.min(view.ap_spent || 0, max);
    const track = h("div", { class: "sp-ap", id: "sp-ap", role: "img", "aria-label": t("sp.ap", { left: max - spent, max }), dataset: { spent: String(spent) } });
    for (let i = 0; i < max; i += 1) track.append(h("span", { class: `sp-ap-box${i < spent ? " spent" : ""}` }, String(i + 1)));
    parts.push(h("div", { class: "sp-row" }, h("span", { class: "sp-label" }, t("sp.apLabel")), track, h("span", { class: "sp-muted" }, t("sp.apLeft", { n: max - spent }))));
    if (view.acting) {
      const spy = (view.spies || []).find((x) => x.id === view.acting);
      const room = pack.rules.spy_move_max_spaces;
      if (spy) parts.push(h("p", { class: "sp-muted", id: "sp-acting" }, t("sp.acting", { spy: spy.id, city: ctx.names.city(spy.city), used: spy.spaces, max: room })));
    }
  }
  box.replaceChildren(...parts);
}

// ------------------------------------------------------------------ the city selected

export function renderCity(box, ctx, view, pack, cityId, onPick) {
  const t = ctx.t;
  box.hidden = !cityId;
  if (!cityId) return box.replaceChildren();
  const c = pack.cityById.get(cityId);
  const owner = ctx.ownerOf(cityId);
  const flags = [];
  if (c.capital) flags.push(t("sp.map.capital"));
  if (c.port) flags.push(t("sp.map.port", { seas: c.sea_zones.map((z) => `~${z}`).join(" ") }));
  if (c.police_symbol) flags.push(t("sp.map.policeSymbol"));
  if (c.secret_city) flags.push(t("sp.map.secretCity"));
  if (c.spy_haven) flags.push(t("sp.map.haven"));
  if (c.overseas) flags.push(t("sp.map.overseas"));
  const parts = [
    h("h2", {}, `${c.name} (${c.id})`),
    h("p", { class: "sp-row" }, owner ? powerChip(ctx, owner) : h("span", { class: "sp-muted" }, t("sp.neutral")), " ", h("span", { class: "sp-muted" }, flags.join(" · "))),
  ];
  const list = h("ul", { class: "sp-city-pieces", id: "sp-city-pieces" });
  const item = (kind, piece) => {
    const power = kind === "secret" ? piece.original : piece.power;
    const label = ctx.describePiece(kind, piece);
    const pick = ctx.selectable.has(piece.id);
    const body = [h("span", { class: `sp-glyph ${kind}`, style: { "--chip": ctx.colour(power || "none") } }, faceText(kind, piece)), " ", label];
    return h("li", { dataset: { piece: piece.id } }, pick ? h("button", { type: "button", class: "small secondary", onclick: () => onPick(piece.id) }, ...body) : body);
  };
  for (const spy of (view.spies || []).filter((x) => x.city === cityId && !x.box)) list.append(item("spy", spy));
  for (const p of (view.police || []).filter((x) => x.city === cityId)) list.append(item("police", p));
  for (const x of (view.secrets || []).filter((x) => x.city === cityId && !x.gone)) list.append(item("secret", x));
  if (!list.children.length) list.append(h("li", { class: "sp-muted" }, t("sp.cityEmpty")));
  parts.push(list);
  box.replaceChildren(...parts);
}

// ------------------------------------------------------------------ holdings

function tileInfo(ctx, view, tile) {
  const m = (view.manifest || []).find((x) => x.tile === tile);
  if (!m) return tile;
  const years = Array.isArray(m.years) ? m.years.join(", ") : ctx.t("sp.anyYear");
  return `${tile} ${m.name} (${years})`;
}

/** The seat's own powers: money, chits with their types, tiles in hand and discarded. */
export function renderYours(box, ctx, view, powers) {
  const t = ctx.t;
  const over = Boolean(view.result);
  box.hidden = !powers.length && !over;
  if (box.hidden) return box.replaceChildren();
  const shown = powers.length ? powers : [];
  const parts = [h("h2", {}, t("sp.sec.yours"))];
  for (const p of shown) {
    const info = view.powers[p];
    if (!info) continue;
    const chits = h("div", { class: "sp-chits", dataset: { power: p } }, ...info.chits.map((c) => h("span", { class: `sp-chit${c.type ? ` t-${c.type}` : ""}`, "aria-label": `${c.handle} ${c.type ? t(`sp.chit.${c.type}`) : t("sp.chitHidden")}`, dataset: { handle: c.handle } }, `${c.handle} ${c.type || "?"}`)));
    if (!info.chits.length) chits.append(h("span", { class: "sp-muted" }, t("sp.none")));
    const tiles = h("ul", { class: "sp-tiles", dataset: { power: p } });
    for (const tile of info.hand || []) {
      const m = (view.manifest || []).find((x) => x.tile === tile);
      const playable = m && Array.isArray(m.years) && m.years.includes(view.year);
      tiles.append(h("li", { class: playable ? "playable" : "", dataset: { tile } }, tileInfo(ctx, view, tile)));
    }
    if (!(info.hand || []).length) tiles.append(h("li", { class: "sp-muted" }, t("sp.none")));
    const discarded = (info.discarded || []).map((d) => `${d.tile} (${d.year})`).join(", ");
    parts.push(
      h(
        "article",
        { class: "sp-own", dataset: { power: p } },
        h("p", { class: "sp-row" }, powerChip(ctx, p), h("span", { class: "sp-money", dataset: { money: String(info.money ?? "") } }, info.money === null ? "£?" : `£${info.money}`)),
        h("h3", {}, t("sp.chits", { n: info.chits.length })),
        chits,
        h("h3", {}, t("sp.tiles", { n: (info.hand || []).length })),
        tiles,
        discarded ? h("p", { class: "sp-muted" }, t("sp.discarded", { list: discarded })) : null,
      ),
    );
  }
  box.replaceChildren(...parts);
}

/** Every power's public holdings: seat, money, chit handles, tiles, discards, cup. */
export function renderPowers(box, ctx, view, pack) {
  const t = ctx.t;
  const rows = pack.rules.turn_order.map((p) => {
    const info = view.powers[p];
    const seat = view.seats.findIndex((ps) => ps.includes(p));
    const zombie = (view.zombies || []).includes(seat);
    return h(
      "tr",
      { dataset: { power: p } },
      h("th", {}, powerChip(ctx, p)),
      h("td", { title: seat >= 0 ? ctx.seatName(seat) : null }, seat >= 0 ? String(seat + 1) + (zombie ? ` · ${t("sp.zombie")}` : "") : t("sp.noSeat")),
      h("td", { class: "num" }, info.money === null ? "?" : `£${info.money}`),
      h("td", { class: "num", title: info.chits.map((c) => c.handle).join(" ") }, String(info.chits.length)),
      h("td", { class: "num" }, String(info.tiles)),
      h("td", { class: "num" }, String(info.discards)),
    );
  });
  box.replaceChildren(
    h("h2", {}, t("sp.sec.powers")),
    h(
      "table",
      { class: "sp-table", id: "sp-powers" },
      h("thead", {}, h("tr", {}, h("th", {}, t("sp.col.power")), h("th", {}, t("sp.col.seat")), h("th", {}, t("sp.col.money")), h("th", {}, t("sp.col.chits")), h("th", {}, t("sp.col.tiles")), h("th", {}, t("sp.col.discards")))),
      h("tbody", {}, ...rows),
    ),
    h("p", { class: "sp-muted" }, t("sp.cup", { n: view.cup ?? 0 }), view.russia === null || view.russia === undefined ? ` · ${t("sp.russiaNoSeat")}` : ""),
  );
}

// ------------------------------------------------------------------ diplomacy

/** Channels, the open offer, the negotiation period and who one may talk to in private. */
export function renderDiplomacy(box, ctx, view, powers) {
  const t = ctx.t;
  const d = view.decision;
  const parts = [h("h2", {}, t("sp.sec.diplomacy"))];
  if (d && d.kind === "ready") {
    const p = h("p", { class: "sp-period", id: "sp-period" }, t("sp.period"));
    const timer = countdown(ctx, (d.seats || [])[0] ?? ctx.seat);
    if (timer) p.append(" ", timer);
    parts.push(p);
    const ready = (view.seats || []).map((_, s) => s).filter((s) => !(d.seats || []).includes(s));
    parts.push(h("p", { class: "sp-muted" }, t("sp.periodReady", { ready: ready.map((s) => ctx.seatName(s)).join(", ") || t("sp.nobody") })));
  }
  const channels = view.channels || [];
  if (channels.length) {
    const list = h("ul", { class: "sp-channels", id: "sp-channels" });
    for (const [a, b] of channels) list.append(h("li", {}, powerChip(ctx, a), " ⇄ ", powerChip(ctx, b)));
    parts.push(h("h3", {}, t("sp.channels")), list);
  } else parts.push(h("p", { class: "sp-muted" }, t("sp.noChannels")));
  const offer = view.offer;
  if (offer) {
    const words = (items) => (items || []).map((i) => itemWords(t, i, ctx.chitTypes)).join(", ") || t("sp.nothing");
    const body = offer.give === null ? [t("sp.offerHidden")] : [t("sp.offerGives", { items: words(offer.give) }), " · ", t("sp.offerGets", { items: words(offer.get) })];
    parts.push(h("div", { class: "sp-offer", id: "sp-offer" }, h("p", {}, t("sp.offerHead", { n: offer.n }), " ", powerChip(ctx, offer.from), " → ", powerChip(ctx, offer.to)), h("p", { class: "sp-muted" }, ...body)));
  }
  const talk = ctx.talk();
  if (ctx.seat !== null && ctx.seat !== undefined) {
    parts.push(h("p", { class: "sp-muted", id: "sp-talk" }, talk.length ? t("sp.talkOpen", { who: talk.map((s) => ctx.seatName(s)).join(", ") }) : t("sp.talkClosed")));
  }
  if (powers.length && view.options?.private_chat === "always") parts.push(h("p", { class: "sp-muted" }, t("sp.talkAlways")));
  box.replaceChildren(...parts);
}

// ------------------------------------------------------------------ the Time and Victory Record

/** Per power and year: secrets, captured spies, markers and tiles played; the multipliers; scores. */
export function recordCells(view, pack) {
  const years = pack.rules.years.filter((y) => !view.options?.last_year || y <= view.options.last_year);
  const out = {};
  for (const p of pack.rules.turn_order) {
    out[p] = {};
    for (const y of years) {
      const secrets = (view.secrets || []).filter((x) => x.record === p && x.year === y);
      out[p][y] = {
        secrets: secrets.length,
        value: secrets.every((x) => x.face) ? secrets.reduce((a, x) => a + parseInt(x.face, 10), 0) : null,
        spies: (view.spies || []).filter((x) => x.box === "record" && x.captor === p && x.year === y).length,
        markers: (view.powers?.[p]?.markers || []).filter((m) => m === y).length,
        tiles: (view.played || []).filter((x) => x.power === p && x.year === y).map((x) => x.tile),
        m: pack.victory_record?.multipliers?.[p]?.[String(y)] ?? null,
      };
    }
  }
  return { years, cells: out };
}

export function renderRecord(box, ctx, view, pack) {
  const t = ctx.t;
  const { years, cells } = recordCells(view, pack);
  const powers = pack.rules.turn_order;
  const letter = (p) => h("span", { class: "sp-chip sp-letter", style: { "--chip": ctx.colour(p) }, title: ctx.powerName(p) }, p);
  const head = h("tr", {}, h("th", {}, ""), h("th", { title: t("sp.rec.multiplierHead") }, "×"), ...powers.map((p) => h("th", { dataset: { power: p } }, letter(p))));
  const rows = years.map((y) =>
    h(
      "tr",
      { class: y === view.year ? "now" : "", dataset: { year: String(y) } },
      h("th", {}, String(y)),
      h("td", { class: "sp-m" }, String(cells[powers[0]][y].m ?? "")),
      ...powers.map((p) => {
        const c = cells[p][y];
        const bits = [];
        // Named for assistive technology; the cell's popover (main.js tipFor) says it at length.
        if (c.secrets) bits.push(h("span", { class: "rec-secret", "aria-label": t("sp.rec.secrets", { n: c.secrets }) }, `◆${c.secrets}`));
        if (c.spies) bits.push(h("span", { class: "rec-spy", "aria-label": t("sp.rec.spies", { n: c.spies }) }, `■${c.spies}`));
        if (c.markers) bits.push(h("span", { class: "rec-marker", "aria-label": t("sp.rec.markers", { n: c.markers }) }, `✖${c.markers}`));
        if (c.tiles.length) bits.push(h("span", { class: "rec-tile", "aria-label": t("sp.rec.tiles", { list: c.tiles.join(" ") }) }, `▭${c.tiles.length}`));
        return h("td", { dataset: { power: p } }, ...bits);
      }),
    ),
  );
  if (view.scores) rows.push(h("tr", { class: "sp-scores", id: "sp-scores" }, h("th", {}, t("sp.vp")), h("td", {}, ""), ...powers.map((p) => h("td", { class: "sp-score", dataset: { power: p } }, String(view.scores[p] ?? "")))));
  const sanctioned = (view.spies || []).filter((x) => x.box === "sanctioned").map((x) => x.id);
  const neutral = (view.spies || []).filter((x) => x.box === "neutral").map((x) => x.id);
  box.replaceChildren(
    h("h2", {}, t("sp.sec.record")),
    h("table", { class: "sp-table sp-record", id: "sp-record" }, h("thead", {}, head), h("tbody", {}, ...rows)),
    h("p", { class: "sp-muted sp-legend" }, t("sp.rec.legend")),
    h("p", { class: "sp-muted" }, t("sp.boxSanctioned", { list: sanctioned.join(" ") || "—" }), " · ", t("sp.boxNeutral", { list: neutral.join(" ") || "—" })),
  );
}

// ------------------------------------------------------------------ the log

/** "# 1934 G" -> "1934 · Germany"; "# setup", "# talk 1934", "# end". */
export function headerWords(t, header, ctx) {
  const w = header.replace(/^#\s*/, "").split(" ");
  if (/^\d{4}$/.test(w[0]) && w[1]) return `${w[0]} · ${ctx.powerName(w[1])}`;
  if (w[0] === "talk") return t("sp.head.talk", { when: w[1] === "pregame" ? t("sp.head.pregame") : w[1] });
  if (w[0] === "setup") return t("sp.head.setup");
  if (w[0] === "end") return t("sp.head.end");
  return header;
}

export function renderLog(box, ctx, lines) {
  const t = ctx.t;
  const list = h("ol", { class: "sp-log", id: "sp-log", reversed: true });
  for (const line of lines) {
    list.append(h("li", { dataset: { n: String(line.n), a: line.a } }, h("span", { class: "sp-n" }, String(line.n)), " ", line.text));
    if (line.header) list.append(h("li", { class: "sp-head" }, headerWords(t, line.header, ctx)));
  }
  if (!lines.length) list.append(h("li", { class: "sp-muted" }, t("sp.none")));
  box.replaceChildren(h("h2", {}, t("sp.sec.log")), list);
}
