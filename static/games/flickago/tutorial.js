// Flickago's guided first game (issue 25): the steps the room shell (static/js/tutorial.js)
// shows one at a time in a tutorial room (static/games/README.md, "The lesson module"). The
// game is engine/flickago/tutorial.py's: the standard game, the learner White, and the
// computer's answers planned there from its own view, each one simulated until it brings what
// the next step speaks of (I1 knocked into White's half, I3 off the board, Black's Family disc
// below I2 with a flick left).
//
// A shot depends on its exact angle and power, and the learner aims by hand, so a step does not
// ask for numbers: it accepts any shot whose lone-disc line (the gold aim line: where a disc
// alone would stop) ends in the taught area with no piece on its way. Such a disc stops there,
// give or take a millimetre, and the computer's plan copes with the whole area. Any other
// action is refused with the reason, in words.
//
// `accepts` takes the action main.js is about to send ({type: "shot", piece, from, angle,
// power}, {type: "return", piece}, {type: "place", inspector, star}); `done` reads the
// learner's view: a step is over once its action is played and the computer has answered
// (the shot count: White shoots the odd shots, Black the even ones).

import { buildBoard, loneTravel } from "./geometry.js";

/** The board from the data pack, as main.js reads it (the lesson imports nothing that draws). */
const BOARD = await (async () => {
  const answer = await fetch(new URL("./data.json", import.meta.url).href);
  if (!answer.ok) throw new Error(`the data pack did not load (${answer.status})`);
  return buildBoard(await answer.json());
})();

const say = (en, fr) => ({ en, fr });

const ME = "w";
const ZONE = BOARD.sides[ME].zone;
const DISC_R = BOARD.disc.radius;
/** Room kept between the aim line and any piece, or inside an area's edges (mm). */
const SAFETY = 2;
const sector = (id) => BOARD.sectors.find((s) => s.id === id).rect;

/** Where a shot starts and where its lone-disc line ends (board mm), or null for another action. */
export function shotLine(action, view) {
  if (!action || action.type !== "shot" || !Number.isInteger(action.angle) || !Number.isInteger(action.power)) return null;
  let start;
  if (action.from) {
    const point = BOARD.sides[ME].points.find((p) => p.id === action.from);
    if (!point) return null;
    start = [point.x, point.y];
  } else {
    start = view?.pos?.[action.piece];
    if (!start) return null;
  }
  const theta = (action.angle * 2 * Math.PI) / BOARD.angleUnits;
  const reach = loneTravel(BOARD, action.power);
  return { start, end: [start[0] + reach * Math.cos(theta), start[1] + reach * Math.sin(theta)] };
}

function toSegment(p, a, b) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length2 = dx * dx + dy * dy;
  const k = length2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2)) : 0;
  return Math.hypot(p[0] - (a[0] + k * dx), p[1] - (a[1] + k * dy));
}

const radiusOf = (piece) => (piece.startsWith("I") ? BOARD.inspector.radius : DISC_R);

/** The pieces a disc sliding from `a` to `b` would touch (all but `self`). */
export function inTheWay(view, a, b, self) {
  return Object.entries(view?.pos || {})
    .filter(([piece, at]) => piece !== self && toSegment(at, a, b) < radiusOf(piece) + DISC_R + SAFETY)
    .map(([piece]) => piece);
}

const inRect = ([x, y], r, m = SAFETY) => r.x0 + m <= x && x <= r.x1 - m && r.y0 + m <= y && y <= r.y1 - m;
const touchesZone = ([x, y]) => Math.hypot(x - ZONE.x, y - ZONE.y) < ZONE.r + DISC_R + SAFETY;
const isLaunch = (action, kind) => action?.type === "shot" && Boolean(action.from) && action.piece?.[1] === kind;

const BLOCKED = say(
  "Something stands on that line: the disc would bounce off it and stop elsewhere. Aim so the gold line passes clear of every piece.",
  "Une pièce se trouve sur cette ligne : le pion rebondirait dessus et s’arrêterait ailleurs. Visez pour que la ligne dorée passe à côté de toutes les pièces.",
);

/**
 * Judge a shot's line against the taught area `area` (a board rect): true, or why not in
 * words. `words` names the area in both languages; `extra(end)` may refuse an end inside it.
 */
function judgeLine(action, view, area, words, extra = () => true) {
  const line = shotLine(action, view);
  if (!line) return say("This step is a shot: press on the gold disc, pull back and let go.", "Cette étape est un coup : appuyez sur le pion doré, tirez en arrière et lâchez.");
  if (inTheWay(view, line.start, line.end, action.piece).length) return BLOCKED;
  const { end } = line;
  if (!inRect(end, area)) {
    // Where the area's centre lies from the shot's line: beside it, or ahead of or behind its end.
    const [sx, sy] = line.start;
    const length = Math.hypot(end[0] - sx, end[1] - sy) || 1;
    const [ux, uy] = [(end[0] - sx) / length, (end[1] - sy) / length];
    const [cx, cy] = [(area.x0 + area.x1) / 2 - sx, (area.y0 + area.y1) / 2 - sy];
    const beside = Math.abs(cx * uy - cy * ux);
    if (beside > Math.min(area.x1 - area.x0, area.y1 - area.y0) / 2) {
      return say(`The gold line points beside ${words.en}: turn your pull until it points there.`, `La ligne dorée passe à côté de ${words.fr} : tournez votre tir jusqu’à ce qu’elle y mène.`);
    }
    if (cx * ux + cy * uy > length) {
      return say(
        `Too short: the gold line stops before ${words.en}. Pull further back: the longer the pull, the further the disc slides.`,
        `Trop court : la ligne dorée s’arrête avant ${words.fr}. Tirez plus loin en arrière : plus vous tirez, plus le pion glisse loin.`,
      );
    }
    return say(
      `Too long: the gold line runs past ${words.en}. Pull back less: a disc that ends off the board or in Black's HQ is eliminated.`,
      `Trop long : la ligne dorée dépasse ${words.fr}. Tirez moins loin : un pion qui finit hors du plateau ou dans le QG des Noirs est éliminé.`,
    );
  }
  return extra(end);
}

/** The step's action has been played and the computer answered: `shots` shots in the view. */
const shotsPlayed = (shots) => (view) => view?.phase === "over" || (view?.shots ?? 0) >= shots;

const q = (root, selector) => [...root.querySelectorAll(selector)];
const pieces = (root, ...ids) => ids.flatMap((id) => q(root, `#board [data-piece="${id}"]`));

const NOT_NOW = say("Not now: this step is a shot.", "Pas maintenant : cette étape est un coup.");

export const steps = [
  {
    // 1. The sides, where a disc scores, the end (read only).
    say: say(
      "You play White and shoot from the bottom; the computer plays Black, from the top. Your discs score only across the centre line, in Black's half: 1 to 3 points by sector, and 5 in your blue Safe Return zone (Z.N). This lesson's game stops after 8 shots (a real one goes on until nobody can shoot); the higher total wins.",
      "Vous jouez les Blancs et tirez depuis le bas ; l’ordinateur joue les Noirs, depuis le haut. Vos pions ne marquent qu’au-delà de la ligne centrale, dans la moitié des Noirs : de 1 à 3 points selon le secteur, et 5 dans votre zone bleue de retour au QG (Z.N). La partie de cette leçon s’arrête après 8 coups (une vraie partie continue jusqu’à ce que plus personne ne puisse jouer) ; le plus gros total gagne.",
    ),
    highlight: (root) => [...q(root, '#board [data-zone="Z.N"]'), ...q(root, '#board [data-sector^="N."]'), ...q(root, '#board [data-hq="w"]')],
  },
  {
    // 2. A Killer from the reserve: press, pull back, let go; the pull's length is the power.
    say: say(
      "Your first disc comes from your reserve: a Killer (T) waits on launch point T3, glowing gold. Press on it, pull back towards you (the angle reads about 89°) and let go, like a slingshot. The gold line shows where a lone disc stops: end it in the 3 at the top right (sector N.E3), just short of Black's HQ, where a disc of yours would be eliminated.",
      "Votre premier pion vient de votre réserve : un Tueur (T) attend sur le point de départ T3, en doré. Appuyez dessus, tirez vers vous (l’angle indique environ 89°) et lâchez, comme un lance-pierre. La ligne dorée montre où s’arrête un pion seul : finissez-la dans le 3 en haut à droite (secteur N.E3), juste avant le QG des Noirs, où votre pion serait éliminé.",
    ),
    highlight: (root) => [...q(root, '#board [data-aim$="@T3"]'), ...q(root, '#board [data-sector="N.E3"]')],
    accepts: (action, view) => {
      if (action?.type !== "shot") return NOT_NOW;
      if (!isLaunch(action, "T")) return say("Launch a Killer (T) from your reserve: the gold disc on T3.", "Lancez un Tueur (T) de votre réserve : le pion doré sur T3.");
      // Touching N.E3 (3 points), short of Black's HQ and clear of the roads Black's answers take.
      const area = { x0: 278, y0: 500, x1: 304, y1: 524 };
      return judgeLine(action, view, area, say("the 3 at the top right, just short of Black's HQ", "le 3 en haut à droite, juste avant le QG des Noirs"));
    },
    done: shotsPlayed(2),
  },
  {
    // 3. A Family disc's first flick, round the inspector that blocks the road.
    say: say(
      "Black knocked inspector I1 into your half: an inspector scores like a disc for the side whose far half it lies in, here Black. Now a Family disc (F), which may be flicked twice. I2 blocks the straight road to your zone, so go round it: launch the disc on F1 just past the centre line, left of I2 (sector N.C1).",
      "Les Noirs ont poussé l’inspecteur I1 dans votre moitié : un inspecteur marque comme un pion pour le camp dont il occupe la moitié adverse, ici les Noirs. Voici un pion Famille (F), qui peut être joué deux fois. I2 barre la route directe vers votre zone : contournez-le en lançant le pion de F1 juste au-delà de la ligne centrale, à gauche de I2 (secteur N.C1).",
    ),
    highlight: (root) => [...q(root, '#board [data-aim$="@F1"]'), ...pieces(root, "I2", "I1"), ...q(root, '#board [data-sector="N.C1"]')],
    accepts: (action, view) => {
      if (action?.type !== "shot") return NOT_NOW;
      if (!isLaunch(action, "F")) return say("Launch a Family disc (F) this time: the gold disc on F1.", "Lancez cette fois un pion Famille (F) : le pion doré sur F1.");
      if (action.from !== "F1") return say("From F2 the road runs into I2: launch the Family disc on F1, left of the inspector.", "Depuis F2, la route passe sur I2 : lancez le pion Famille de F1, à gauche de l’inspecteur.");
      // Left of I2, past the line, with a clear road from there into the zone.
      const area = { x0: 135, y0: 320, x1: 185, y1: 392 };
      return judgeLine(action, view, area, say("the spot left of I2, just past the line", "l’endroit à gauche de I2, juste après la ligne"), (end) =>
        inTheWay(view, end, [ZONE.x, ZONE.y], action.piece).length ? BLOCKED : true,
      );
    },
    done: shotsPlayed(4),
  },
  {
    // 4. An inspector off the board goes back on a star the other player chooses.
    say: say(
      "Black's shot knocked inspector I3 off the board. It goes back on a free star, and the player who did not shoot chooses: you. Put it on S3, on the right: a later shot of yours goes up the left-hand side, and on S1 the inspector would stand in its way.",
      "Le coup des Noirs a sorti l’inspecteur I3 du plateau. Il revient sur une étoile libre, au choix du joueur qui n’a pas joué : vous. Posez-le sur S3, à droite : un de vos prochains coups montera par la gauche, et sur S1 l’inspecteur serait sur sa route.",
    ),
    highlight: (root) => [...q(root, '#board [data-place="S3"]'), ...q(root, '[data-action="I3>S3"]')],
    accepts: (action) => {
      if (action?.type === "place" && action.star === "S3") return true;
      if (action?.type === "place") return say("On S1, I3 would stand on the road of your later shot up the left-hand side: put it on S3.", "Sur S1, I3 serait sur la route de votre coup suivant par la gauche : posez-le sur S3.");
      return say("First put inspector I3 back: tap the gold star S3.", "Replacez d’abord l’inspecteur I3 : touchez l’étoile dorée S3.");
    },
    done: (view) => view?.phase === "over" || ((view?.shots ?? 0) >= 4 && view?.phase === "turn"),
  },
  {
    // 5. The Family disc's second flick, from where it lies; it is then face down.
    say: say(
      "Your Family disc shows a gold dot: it has one flick left, from where it lies. Nothing stands between it and your zone now: flick it in (end the gold line inside the blue circle) for 5 points. It is then turned face down: it stays and scores, but is never flicked again.",
      "Votre pion Famille porte un point doré : il lui reste une pichenette, depuis là où il est. Plus rien ne le sépare de votre zone : envoyez-le dedans (finissez la ligne dorée dans le cercle bleu) pour 5 points. Il est alors retourné : il reste et marque, mais ne sera plus jamais joué.",
    ),
    highlight: (root) => [...q(root, '#board [data-aim="wF1"]'), ...q(root, '#board [data-zone="Z.N"]')],
    accepts: (action, view) => {
      if (action?.type !== "shot") return NOT_NOW;
      if (action.from || action.piece !== "wF1") return say("This time flick your Family disc wF1 again, where it lies (the gold dot), not a disc from your HQ.", "Cette fois, rejouez votre pion Famille wF1 là où il est (le point doré), pas un pion de votre QG.");
      const zone = { x0: ZONE.x - ZONE.r, y0: ZONE.y - ZONE.r, x1: ZONE.x + ZONE.r, y1: ZONE.y + ZONE.r };
      return judgeLine(action, view, zone, say("your zone", "votre zone"), (end) =>
        Math.hypot(end[0] - ZONE.x, end[1] - ZONE.y) <= ZONE.r - 4 ? true : say("End the gold line inside the blue circle of your zone (Z.N).", "Finissez la ligne dorée dans le cercle bleu de votre zone (Z.N)."),
      );
    },
    done: shotsPlayed(6),
  },
  {
    // 6. Taking a disc back from the zone, before the shot.
    say: say(
      "Careful: Black's Family disc bF1 stopped below inspector I2 and still has a flick. It can knock I2 up into your zone, and an inspector that touches a zone captures every disc there. Before you shoot, take wF1 back into your reserve (the button under “Your move”): it is safe there and comes back as new, with both flicks.",
      "Attention : le pion Famille noir bF1 s’est arrêté sous l’inspecteur I2 et peut encore être joué. Il peut pousser I2 dans votre zone, et un inspecteur qui touche une zone capture tous les pions qui s’y trouvent. Avant de tirer, reprenez wF1 dans votre réserve (le bouton sous « À vous ») : il y est à l’abri et revient comme neuf, avec ses deux pichenettes.",
    ),
    highlight: (root) => [...q(root, '[data-action="^wF1"]'), ...pieces(root, "wF1", "bF1", "I2")],
    accepts: (action) => {
      if (action?.type === "return" && action.piece === "wF1") return true;
      return say("First take wF1 back to your reserve: the button “Take wF1 back to the reserve” under “Your move”. You shoot after that.", "Reprenez d’abord wF1 dans votre réserve : le bouton « Reprendre wF1 dans la réserve » sous « À vous ». Vous tirez ensuite.");
    },
    done: (view) => view?.phase === "over" || (view?.returns || []).includes("wF1") || (view?.shots ?? 0) >= 7,
  },
  {
    // 7. The turn's shot, away from the threatened zone.
    say: say(
      "Now your shot: launch a Killer from T1 into the 3-point corner at the top left (sector N.W3), away from your zone, which I2 still threatens.",
      "À vous de tirer : lancez un Tueur depuis T1 vers le coin à 3 points en haut à gauche (secteur N.W3), loin de votre zone, que I2 menace toujours.",
    ),
    highlight: (root) => [...q(root, '#board [data-aim$="@T1"]'), ...q(root, '#board [data-sector="N.W3"]')],
    accepts: (action, view) => {
      if (action?.type !== "shot") return NOT_NOW;
      if (!action.from) return say("Launch a new disc from your HQ: the gold Killer on T1.", "Lancez un nouveau pion depuis votre QG : le Tueur doré sur T1.");
      // The corner, clear of the board's edges.
      const corner = sector("N.W3");
      const area = { x0: corner.x0 + 16, y0: corner.y0 + 4, x1: corner.x1 - 18, y1: corner.y1 - 16 };
      return judgeLine(action, view, area, say("the top left corner (sector N.W3)", "le coin en haut à gauche (secteur N.W3)"));
    },
    done: shotsPlayed(8),
  },
];

export const finish = say(
  "That is a whole turn of Flickago: take back any discs touching your zone if you wish, then one flick, a disc from your reserve or a Family disc's second flick; an inspector set aside goes back on a star chosen by the player who did not shoot. Mind the inspectors: in a zone, one captures every disc touching it and stays until a shot knocks it out. The game goes on: play it out, or start a real one.",
  "Voilà un tour entier de Flickago : reprenez si vous voulez les pions qui touchent votre zone, puis une pichenette, un pion de votre réserve ou la seconde d’un pion Famille ; un inspecteur mis de côté revient sur une étoile choisie par le joueur qui n’a pas joué. Gare aux inspecteurs : dans une zone, un inspecteur capture tous les pions qui la touchent et y reste jusqu’à ce qu’un coup l’en chasse. La partie continue : jouez-la jusqu’au bout, ou commencez-en une vraie.",
);
