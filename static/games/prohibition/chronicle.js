// What happened, in words (spec section 13's events, as the viewer's history holds them,
// stubs included). The history is cut into truck-turns the way the text export is (one turn
// per truck and per round slot: the events before its dice — "use", "firstload", a load
// before the roll — then the dice, the character, the drive, a load after the move and the
// events they cause), and every event becomes a sentence in the page's language.
// Pure (no DOM): the words come from the `t` it is given.

import { barName, charName, cubesText, parseAction, truckName } from "./actions.js";
import { buildingOnStreet, cardCubes } from "./city.js";

// The kinds that belong to a truck-turn: anything before the first of them is the setup.
const TURN_KINDS = new Set(["use", "firstload", "roll", "load", "dice", "char", "skip", "go", "pass", "end"]);

/** An event text's kind: the first word, "char" for N@D4 / P>E2, "go" for go:… */
function kindOf(text) {
  const act = parseAction(text);
  if (act) return act.kind === "placeChar" || act.kind === "moveChar" ? "char" : act.kind;
  return text.split(" ")[0];
}

function seatTrucks(view, turnSeat) {
  const entry = (view.seats || []).find((s) => s.seat === turnSeat);
  return entry ? entry.trucks : [];
}

/** The door streets of the distilleries in this game (a load may follow a drive there). */
function distilleryStreets(city, view) {
  return new Set(
    Object.entries(view.specials || {})
      .filter(([, tile]) => city.tiles.get(tile)?.kind === "distillery")
      .map(([slot]) => city.buildings.get(slot).door),
  );
}

/**
 * {setup: [events], turns: [{index, round, slot, truck, seat, events: [{n, by, a}]}]}.
 * `view` gives the seats (turn seat → trucks), the specials and the number of trucks.
 */
export function cutTurns(city, history, view) {
  const ntrucks = (view.trucks || []).length || 1;
  const distilleries = distilleryStreets(city, view);
  const setup = [];
  const turns = [];
  const lastTruckOfSeat = new Map();
  let cur = null;
  let finalRound = null;

  const open = (truck = null) => {
    cur = { index: turns.length, round: Math.floor(turns.length / ntrucks) + 1, slot: (turns.length % ntrucks) + 1, truck, seat: null, stage: "pre", events: [], drove: null };
    turns.push(cur);
    return cur;
  };
  const settle = (turn, by) => {
    if (!Number.isInteger(by)) return;
    turn.seat = by;
    if (!turn.truck) {
      const trucks = seatTrucks(view, by);
      if (trucks.length === 1) turn.truck = trucks[0];
      else if (trucks.length > 1 && turn.round === finalRound && turn.slot === ntrucks && turns[0]?.truck) {
        // Two players: the first player's last slot plays the truck that did not open (spec 5).
        turn.truck = trucks.find((tr) => tr !== turns[0].truck) || trucks[0];
      } else if (trucks.length > 1) {
        // Otherwise a seat's slots without "use" alternate its two trucks.
        const last = lastTruckOfSeat.get(by);
        turn.truck = trucks.find((tr) => tr !== last) || trucks[0];
      }
    }
    if (turn.truck) lastTruckOfSeat.set(by, turn.truck);
  };

  for (const e of history || []) {
    const text = String(e.a);
    const kind = kindOf(text);
    if (!cur && !TURN_KINDS.has(kind)) {
      setup.push(e);
      continue;
    }
    const act = parseAction(text);
    if (kind === "use") {
      open(act.truck);
    } else if (kind === "firstload") {
      const truck = text.split(" ")[1];
      if (!(cur && cur.stage === "pre" && !cur.firstload && (!cur.truck || cur.truck === truck))) open(truck);
      cur.truck = truck;
      cur.firstload = true;
    } else if (kind === "roll") {
      if (!(cur && cur.stage === "pre")) open();
    } else if (kind === "load") {
      const afterMove = cur && cur.stage === "moved" && (cur.drove === "pass" || distilleries.has(cur.drove));
      if (afterMove) cur.stage = "done";
      else if (!(cur && cur.stage === "pre")) open();
    } else if (kind === "dice") {
      if (!(cur && cur.stage === "pre")) open();
      cur.stage = "dice";
    } else if (kind === "go" || kind === "pass") {
      if (!cur) open();
      cur.stage = "moved";
      cur.drove = kind === "pass" ? "pass" : act.street;
    } else if (kind === "end") {
      if (!cur) open();
      cur.stage = "done";
    } else if (!cur) {
      open();
    }
    if (kind === "final-round") finalRound = Number(text.split(" ")[1]);
    settle(cur, e.by);
    cur.events.push(e);
  }
  // A turn still without a seat action (its dice just rolled) is the active truck's.
  if (cur && !cur.truck) cur.truck = view.active || null;
  for (const turn of turns) delete turn.drove;
  return { setup, turns };
}

const cubeList = (text) =>
  text
    .split(" ")
    .filter(Boolean)
    .map((w) => [w.slice(-1), Number(w.slice(0, -1))]);

/** One event in words, or "" for events the turn's header already says (use, roll, end). */
export function sentence(t, city, e, view) {
  const text = String(e.a);
  const words = text.split(" ");
  const act = parseAction(text);
  const seatName = (turnSeat) => {
    const trucks = seatTrucks(view, Number(turnSeat));
    return trucks.length ? trucks.map((tr) => truckName(t, city, tr)).join(" + ") : t("landing.seat", { n: turnSeat });
  };
  const card = (id) => t("pz.cardWith", { card: id, cubes: cubesText(t, cardCubes(city, id)) });
  switch (kindOf(text)) {
    case "seats":
      return t("pz.ev.seats");
    case "specials":
      return t("pz.ev.specials", { list: words.slice(1).join(", ") });
    case "place":
      return t("pz.ev.place", { truck: truckName(t, city, act.truck), tile: act.tile });
    case "deal":
      return words.includes("?")
        ? t("pz.ev.dealHidden", { truck: truckName(t, city, words[1]) })
        : t("pz.ev.deal", { truck: truckName(t, city, words[1]), cards: words.slice(2).join(", ") });
    case "pick":
      return words[2] === "?" ? t("pz.ev.pickHidden", { truck: truckName(t, city, words[1]) }) : t("pz.ev.pick", { truck: truckName(t, city, words[1]), card: words[2] });
    case "reveal": {
      const pairs = [];
      for (let i = 1; i + 1 < words.length; i += 2) pairs.push(`${truckName(t, city, words[i])} ${words[i + 1]}`);
      return t("pz.ev.reveal", { list: pairs.join(", ") });
    }
    case "deck":
      return t("pz.ev.deck");
    case "show":
      return t("pz.ev.show", { card: card(words[1]) });
    case "down":
      return t("pz.ev.down", { card: words[1] });
    case "firstload":
      return t("pz.ev.firstload", { truck: truckName(t, city, words[1]), card: card(words[2]) });
    case "use":
    case "roll":
    case "end":
      return "";
    case "load":
      return t("pz.ev.load", { card: card(act.card) });
    case "dice":
      return t("pz.ev.dice", { chars: [...words[1]].map((c) => charName(t, c)).join(" / "), n: words[2] });
    case "char":
      return t(act.kind === "placeChar" ? "pz.ev.placeChar" : "pz.ev.moveChar", { char: charName(t, act.char), at: act.at });
    case "skip":
      return t("pz.ev.skip");
    case "take":
      return t("pz.ev.take", { char: charName(t, words[1]), truck: truckName(t, city, words[2]), cube: t(`pz.cube.${words[3]}`) });
    case "guard":
      return t("pz.ev.guard", { truck: truckName(t, city, words[1]) });
    case "pass":
      return t("pz.ev.pass");
    case "go": {
      if (!act.count) return t("pz.ev.go", { street: act.street });
      const slot = buildingOnStreet(city, act.street);
      return t("pz.ev.deliver", { street: act.street, cubes: cubesText(t, [[act.colour, act.count]]), bar: slot ? barName(t, slot, view.specials) : "?" });
    }
    case "abandon":
      return t("pz.ev.abandon", { truck: truckName(t, city, words[1]), cubes: cubesText(t, cubeList(words.slice(2).join(" "))) });
    case "lost-token":
      return t("pz.ev.lostToken", { truck: truckName(t, city, words[1]), v: words[2] });
    case "bonus":
      return t("pz.ev.bonus", { truck: truckName(t, city, words[1]), v: words[2] });
    case "closed":
      return t("pz.ev.closed", { bar: barName(t, words[1], view.specials) });
    case "trigger":
      return t(`pz.ev.trigger.${words[1]}`);
    case "final-round":
      return t("pz.ev.finalRound", { n: words[1] });
    case "score": {
      const parts = [];
      for (let i = 1; i + 1 < words.length; i += 2) parts.push(`${truckName(t, city, words[i])} ${words[i + 1]}`);
      return t("pz.ev.score", { list: parts.join(" · ") });
    }
    case "timeout":
      return t("pz.ev.timeout", { seat: seatName(words[1]) });
    case "resign":
      return t("pz.ev.resign", { seat: seatName(words[1]) });
    case "zombie":
      return t("pz.ev.zombie", { seat: seatName(words[1]) });
    default:
      return text;
  }
}

/** A whole turn in words: its sentences joined. */
export function turnSentences(t, city, turn, view) {
  return turn.events.map((e) => sentence(t, city, e, view)).filter(Boolean);
}
