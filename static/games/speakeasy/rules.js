// Speak Easy's rules for players (the rules module interface, static/games/README.md): a
// one-screen quick reference and the full rules, in English and French, drawn with the
// game's own board, tiles and combat table (board.js, tiles.js, pieces.js), so the page says
// what the game plays. Shown at /rules/speakeasy and in the room's and replay's Rules drawer.

import { renderBoard } from "./board.js";
import { CODES, COUNT, STATIC, combat } from "./pieces.js";
import { STRINGS } from "./strings.js";
import { withTranslator } from "./text.js";
import { tileSvg } from "./tiles.js";

export const stylesheet = "/static/games/speakeasy/rules.css";

/** French typography: a no-break space before : ; ! ? and inside « ». */
const frenchSpaces = (text) => text.replace(/ ([:;!?»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
const deep = (value, fn) =>
  typeof value === "string" ? fn(value) : Array.isArray(value) ? value.map((v) => deep(v, fn)) : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v, fn)])) : value;

const TEXT = {
  en: {
    title: "How to play Speak Easy",
    // quick reference
    aimH: "The aim",
    aim: "Move any of your pieces onto your opponent's Speakeasy. You know your own 25 pieces; his stay face down until they fight.",
    setupQuick: "Before play, both players place their pieces at the same time and in secret, filling their half of the board: the Speakeasy on one of the two bars, the Babes on the two back ranks, the buildings empty.",
    turnH: "Your turn",
    turn: [
      "Move one of your pieces along a line: one step, or as far as you like straight along a street (yellow), over empty locations.",
      "Moving onto an opponent's piece attacks it: both faces are shown and the weaker piece leaves the board; equal ranks both leave.",
      "A piece in a building (round) cannot be attacked. The Speakeasy and the Babes never move.",
    ],
    ladderH: "Who beats whom",
    ladder: "The higher rank wins:",
    specials: {
      F: "removes whatever it meets, and leaves with it.",
      B: "never moves; removes any attacker but the Kid, and leaves with it.",
      K: "loses to every piece but the Babe; turns freely along empty streets.",
      S: "never moves; whoever moves a piece onto it wins the game.",
    },
    endQuick: "You win by taking the opponent's Speakeasy. A player who cannot move loses; 100 moves in a row without any combat make a draw.",
    // full rules
    intro: "Each player leads a gang of 25 pieces, placed face hidden on his half of the board. Players take turns moving one piece. When two pieces meet, both faces are shown and the weaker one flees. The first player to move a piece onto the opponent's Speakeasy wins.",
    boardH: "The board",
    board: [
      ["street", "Streets (yellow): a piece may travel several locations in a straight line along the thick street lines, over empty locations."],
      ["alley", "Alleys: one location at a time to enter or leave."],
      ["building", "Buildings (round): safe places. Empty at setup; no piece may enter a building held by the opponent."],
      ["bar", "Bars: each player's Speakeasy stands on one of his two bars. A bar may be entered even when the opponent is inside."],
    ],
    boardMore: "Only files a, c and e cross the front: the mountains block b and d. Buildings are also linked to their four diagonal neighbours.",
    setupH: "Setting up",
    setup: [
      "Fill all 25 locations of your half except the buildings.",
      "The Speakeasy stands on one of your two bars.",
      "Babes stand on your two back ranks.",
      "Both players set up at the same time, in secret; the first player is drawn.",
    ],
    moveH: "Moving",
    move: [
      "Move one piece per turn along a line: one step, or any distance straight along a street.",
      "Never through or onto your own pieces. Moving onto an opponent's piece is an attack.",
      "The Kid may turn as often as he likes along empty streets (not into an alley, building or bar).",
      "Babes and the Speakeasy never move.",
    ],
    piecesH: "The pieces",
    cols: ["Piece", "Count", "Beats", "Flees from"],
    bothGo: "both removed",
    matrixH: "What beats what",
    matrixHelp: "Rows attack, columns defend. ✓ the attacker stays, ✗ the attacker flees, = both are removed, ★ the game is won.",
    attacker: "attacker ↓ / defender →",
    anyAttacker: "any attacker but the Kid",
    all: "everything",
    nothing: "nothing",
    seeH: "What each player sees",
    see: [
      "Your own pieces, face up. Of the opponent's, only where they stand, until a combat shows them.",
      "After a combat both faces are shown to everyone, and a piece that survived stays known for the rest of the game.",
      "Spectators see only what both players see. Once the game is over, the whole board is shown.",
    ],
    endH: "End of the game",
    end: [
      "You win by moving any piece onto the opponent's Speakeasy.",
      "A player who cannot move loses. 100 moves without any combat is a draw.",
      "You may also resign, agree a draw, lose on time, or win when the opponent leaves.",
    ],
    notes: { S: "Never moves. Lost if an opponent's piece moves onto it.", B: "Never moves. Removes any attacker but the Kid, and leaves too.", F: "Removes whatever it meets, and leaves too.", K: "Turns along empty streets.", 1: "Beats only the Kid." },
    optionsH: "Rule options",
    optionsIntro: "The room's creator picks a rule set, then may change any option of it under “More options”. The room shows the options that differ from its rule set.",
    presetsH: "The two rule sets",
    presets: [
      ["Speak Easy (the rulebook)", "the rules above; the default."],
      ["Classic Lu Zhan Qi", "the old Chinese game Speak Easy comes from: pieces on a bar stay there, no FBI on the front rank, the Babe stays when attacked, combats are judged by a referee, and a lost Boss shows his Speakeasy."],
    ],
    optionCols: ["Option", "Speak Easy", "Lu Zhan Qi"],
    limit: "From 1 to 10,000.",
    colon: ": ",
    semi: "; ",
    on: "on",
    off: "off",
  },
  fr: deep(
    {
      title: "Comment jouer à Speak Easy",
      aimH: "Le but",
      aim: "Amenez l’une de vos pièces sur le Speakeasy de l’adversaire. Vous connaissez vos 25 pièces ; les siennes restent face cachée jusqu’à ce qu’elles combattent.",
      setupQuick: "Avant de jouer, les deux joueurs placent leurs pièces en même temps et en secret, en remplissant leur moitié du plateau : le Speakeasy sur l’un des deux Bars, les Babes sur les deux lignes du fond, les Bâtiments vides.",
      turnH: "Votre tour",
      turn: [
        "Déplacez une de vos pièces le long d’une ligne : d’une case, ou aussi loin que vous voulez en ligne droite dans une Rue (jaune), sur des cases libres.",
        "Aller sur une pièce adverse l’attaque : les deux faces sont révélées et la plus faible quitte le plateau ; à rang égal, les deux partent.",
        "Une pièce dans un Bâtiment (rond) ne peut pas être attaquée. Le Speakeasy et les Babes ne bougent jamais.",
      ],
      ladderH: "Qui bat qui",
      ladder: "Le rang le plus haut gagne :",
      specials: {
        F: "retire tout ce qu’il rencontre, et part avec.",
        B: "ne bouge jamais ; retire tout attaquant sauf le Kid, et part avec.",
        K: "perd contre toutes les pièces sauf la Babe ; tourne librement dans les Rues vides.",
        S: "ne bouge jamais ; qui y amène une pièce gagne la partie.",
      },
      endQuick: "Vous gagnez en prenant le Speakeasy adverse. Un joueur qui ne peut plus bouger perd ; 100 coups de suite sans combat : partie nulle.",
      intro: "Chaque joueur dirige un gang de 25 pièces, posées faces cachées sur sa moitié du plateau. À tour de rôle, les joueurs déplacent une pièce. Quand deux pièces se rencontrent, les deux faces sont révélées et la plus faible fuit. Le premier joueur qui place une pièce sur le Speakeasy de l’adversaire gagne.",
      boardH: "Le plateau",
      board: [
        ["street", "Rues (jaunes) : une pièce peut parcourir plusieurs cases en ligne droite le long des lignes épaisses, sur des cases libres."],
        ["alley", "Ruelles : une seule case à la fois pour y entrer ou en sortir."],
        ["building", "Bâtiments (ronds) : des refuges. Vides au départ ; impossible d’entrer dans un Bâtiment occupé par l’adversaire."],
        ["bar", "Bars : le Speakeasy de chaque joueur est sur l’un de ses deux Bars. On peut entrer dans un Bar même occupé par l’adversaire."],
      ],
      boardMore: "Seules les colonnes a, c et e traversent le front : les montagnes bloquent b et d. Les Bâtiments sont aussi reliés à leurs quatre voisins en diagonale.",
      setupH: "Mise en place",
      setup: [
        "Remplissez les 25 cases de votre moitié, sauf les Bâtiments.",
        "Le Speakeasy est sur l’un de vos deux Bars.",
        "Les Babes sont sur vos deux lignes du fond.",
        "Les deux joueurs placent en même temps, en secret ; le premier joueur est tiré au sort.",
      ],
      moveH: "Déplacements",
      move: [
        "Déplacez une pièce par tour le long d’une ligne : d’une case, ou d’autant de cases que voulu en ligne droite dans une Rue.",
        "Jamais à travers ni sur vos propres pièces. Aller sur une pièce adverse est une attaque.",
        "Le Kid peut tourner autant qu’il veut dans les Rues vides (sans entrer dans une Ruelle, un Bâtiment ou un Bar).",
        "Les Babes et le Speakeasy ne se déplacent jamais.",
      ],
      piecesH: "Les pièces",
      cols: ["Pièce", "Nombre", "Fait fuir", "Fuit devant"],
      bothGo: "les deux sont retirées",
      matrixH: "Qui bat qui",
      matrixHelp: "Les lignes attaquent, les colonnes défendent. ✓ l’attaquant reste, ✗ l’attaquant fuit, = les deux sont retirées, ★ la partie est gagnée.",
      attacker: "attaquant ↓ / défenseur →",
      anyAttacker: "tout attaquant sauf le Kid",
      all: "tout",
      nothing: "rien",
      seeH: "Ce que voit chaque joueur",
      see: [
        "Vos propres pièces, face visible. De celles de l’adversaire, seulement leur emplacement, jusqu’à ce qu’un combat les révèle.",
        "Après un combat, les deux faces sont montrées à tous, et une pièce qui a survécu reste connue jusqu’à la fin de la partie.",
        "Les spectateurs ne voient que ce que voient les deux joueurs. Une fois la partie finie, tout le plateau est révélé.",
      ],
      endH: "Fin de la partie",
      end: [
        "Vous gagnez en plaçant une pièce sur le Speakeasy de l’adversaire.",
        "Un joueur qui ne peut plus bouger perd. 100 coups sans combat : partie nulle.",
        "On peut aussi abandonner, convenir de la nulle, perdre au temps, ou gagner si l’adversaire s’en va.",
      ],
      notes: { S: "Ne bouge jamais. Perdu si une pièce adverse y arrive.", B: "Ne bouge jamais. Fait fuir tout attaquant sauf le Kid, et fuit aussi.", F: "Fait fuir tout ce qu’il rencontre, et fuit aussi.", K: "Tourne dans les Rues vides.", 1: "Ne fait fuir que le Kid." },
      optionsH: "Options de règles",
      optionsIntro: "Le créateur de la salle choisit une règle, puis peut en changer chaque option sous « Plus d’options ». La salle affiche les options qui diffèrent de sa règle.",
      presetsH: "Les deux règles",
      presets: [
        ["Speak Easy (la règle du jeu)", "les règles ci-dessus ; le choix par défaut."],
        ["Lu Zhan Qi classique", "le vieux jeu chinois dont vient Speak Easy : une pièce entrée dans un Bar y reste, pas de FBI sur la ligne de front, la Babe reste quand on l’attaque, les combats sont jugés par un arbitre, et un Boss perdu révèle son Speakeasy."],
      ],
      optionCols: ["Option", "Speak Easy", "Lu Zhan Qi"],
      limit: "De 1 à 10\u202f000.",
      colon: "\u00a0: ",
      semi: "\u00a0; ",
      on: "oui",
      off: "non",
    },
    frenchSpaces,
  ),
};

/** Each rule option with its value in the two rule sets (engine/speakeasy/rules.py, PRESETS);
 * its name and what it does are the game's strings (option.speakeasy.<name>), as the
 * landing page's "More options" shows them. tests/client/test_client_rules.py holds it to the engine's. */
export const OPTIONS = [
  ["bar_exit", true, false],
  ["fbi_front_row", true, false],
  ["babe_survives", false, true],
  ["reveal_on_combat", true, false],
  ["boss_loss_reveals_speakeasy", false, true],
  ["no_combat_limit", 100, 100],
];

export function title(lang) {
  return (TEXT[lang] || TEXT.en).title;
}

const SVG = "http://www.w3.org/2000/svg";

const h = (tag, props = {}, ...kids) => {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...kids.flat().filter((k) => k !== null && k !== undefined && k !== ""));
  return node;
};

/**
 * Draw the rules into `container`: `part` "quick" (one screen: aim, a turn, who beats whom,
 * the end) or "full" (the board, setup, moves, every piece, the combat table, what each
 * player sees, the end and the rule options), in `lang`.
 */
export function render(container, { lang = "en", part = "quick" } = {}) {
  const x = TEXT[lang] || TEXT.en;
  const words = STRINGS[lang] || STRINGS.en;
  const tr = (key) => words[key] ?? STRINGS.en[key] ?? key;
  // The game's drawing code names pieces through its translator: this language's, for now.
  const root = withTranslator(tr, () => (part === "full" ? fullRules(x, tr) : quickReference(x, tr)));
  root.classList.add("se-rules", `se-rules-${part === "full" ? "full" : "quick"}`);
  container.replaceChildren(root);
}

const tile = (code) => h("span", { className: "se-tile" }, tileSvg({ side: "s", code, revealed: false }, false));

function quickReference(x, tr) {
  const ranks = ["8", "7", "6", "5", "4", "3", "2", "1", "K"];
  const ladder = h(
    "ol",
    { className: "se-ladder" },
    ranks.map((code) => {
      const item = h("li", {}, tile(code));
      item.title = tr(`piece.${code}`);
      return item;
    }),
  );
  ladder.setAttribute("aria-label", `${x.ladder} ${ranks.map((c) => tr(`piece.${c}`)).join(" > ")}`);
  const specials = h(
    "ul",
    { className: "se-specials" },
    ["F", "B", "K", "S"].map((code) => h("li", {}, tile(code), h("span", {}, h("strong", {}, tr(`piece.${code}`)), `${x.colon}${x.specials[code]}`))),
  );
  return h(
    "div",
    {},
    h("section", { className: "se-quick-aim" }, h("h2", {}, x.aimH), h("p", {}, x.aim), h("p", { className: "help" }, x.setupQuick)),
    h("div", { className: "se-quick-grid" },
      h("section", {}, h("h2", {}, x.turnH), h("ol", { className: "se-steps" }, x.turn.map((s) => h("li", {}, s))), h("h2", {}, x.endH), h("p", {}, x.endQuick)),
      h("section", {}, h("h2", {}, x.ladderH), h("p", { className: "se-ladder-head" }, x.ladder), ladder, specials),
    ),
  );
}

const names = (codes, x, tr) => (codes.length ? codes.map((c) => tr(`piece.${c}`)).join(", ") : x.nothing);

function fullRules(x, tr) {
  const movers = CODES.filter((c) => !STATIC.has(c));

  const boardSvg = document.createElementNS(SVG, "svg");
  boardSvg.id = "rules-board";
  renderBoard(boardSvg, { cells: new Array(60).fill(null) });
  boardSvg.setAttribute("aria-label", x.boardH);

  const legend = h("ul", { className: "legend" }, ...x.board.map(([kind, text]) => h("li", { className: `legend-${kind}` }, h("span", { className: `swatch ${kind}` }), text)));

  // On a narrow screen each row is shown as a block, each cell led by its column's name.
  const cell = (props, column, text) => {
    const td = h("td", props, text);
    td.dataset.label = `${x.cols[column]}${x.colon}`;
    return td;
  };
  const rows = CODES.map((code) => {
    let beats, flees;
    if (code === "S") [beats, flees] = [x.nothing, x.all];
    else if (code === "B") [beats, flees] = [x.anyAttacker, tr("piece.K")];
    else {
      beats = names(CODES.filter((d) => ["attacker", "win"].includes(combat(code, d))), x, tr);
      const both = CODES.filter((d) => combat(code, d) === "none");
      if (both.length) beats += `${x.semi}${x.bothGo}${x.colon}${names(both, x, tr)}`;
      flees = names(CODES.filter((d) => combat(code, d) === "defender" || (!STATIC.has(d) && combat(d, code) === "attacker")), x, tr);
    }
    const note = x.notes[code] ? h("div", { className: "help" }, x.notes[code]) : "";
    return h("tr", {},
      h("td", {}, h("span", { className: "rules-tile" }, tileSvg({ side: "s", code, revealed: false }, false)), h("strong", {}, tr(`piece.${code}`)), note),
      cell({ className: "num" }, 1, `×${COUNT[code]}`), cell({}, 2, beats), cell({}, 3, flees));
  });

  const symbol = { attacker: "✓", defender: "✗", none: "=", win: "★" };
  const matrix = h("table", { className: "matrix" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, x.attacker), ...CODES.map((c) => h("th", { scope: "col", title: tr(`piece.${c}`) }, c)))),
    h("tbody", {}, ...movers.map((a) => h("tr", {}, h("th", { scope: "row" }, `${a} ${tr(`piece.${a}`)}`),
      ...CODES.map((d) => {
        const r = combat(a, d);
        return h("td", { className: `r-${r}`, title: `${tr(`piece.${a}`)} → ${tr(`piece.${d}`)}` }, symbol[r]);
      })))));

  const options = h("table", { className: "se-options" },
    h("thead", {}, h("tr", {}, ...x.optionCols.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, ...OPTIONS.map(([name, ...values]) => {
      const help = tr(`option.speakeasy.${name}.help`) + (typeof values[0] === "number" ? ` ${x.limit}` : "");
      return h("tr", { className: "se-option" },
        h("th", { scope: "row" }, h("strong", {}, tr(`option.speakeasy.${name}`)), h("div", { className: "help" }, help)),
        ...values.map((v) => h("td", { className: "num" }, v === true ? x.on : v === false ? x.off : String(v))));
    })));

  return h(
    "div",
    {},
    h("p", { className: "se-intro" }, x.intro),
    h("section", { className: "card rules-board" }, h("h2", {}, x.boardH), h("div", { className: "rules-board-grid" }, boardSvg, h("div", {}, legend, h("p", { className: "help" }, x.boardMore)))),
    h("section", { className: "card" }, h("h2", {}, x.setupH), h("ul", {}, ...x.setup.map((s) => h("li", {}, s)))),
    h("section", { className: "card" }, h("h2", {}, x.moveH), h("ul", {}, ...x.move.map((s) => h("li", {}, s)))),
    h("section", { className: "card", id: "pieces" }, h("h2", {}, x.piecesH),
      h("div", { className: "scroll" }, h("table", { className: "pieces" }, h("thead", {}, h("tr", {}, ...x.cols.map((c) => h("th", { scope: "col" }, c)))), h("tbody", {}, ...rows)))),
    h("section", { className: "card", id: "matrix" }, h("h2", {}, x.matrixH), h("p", { className: "help" }, x.matrixHelp), h("div", { className: "scroll" }, matrix)),
    h("section", { className: "card" }, h("h2", {}, x.seeH), h("ul", {}, ...x.see.map((s) => h("li", {}, s)))),
    h("section", { className: "card" }, h("h2", {}, x.endH), h("ul", {}, ...x.end.map((s) => h("li", {}, s)))),
    h("section", { className: "card", id: "options" }, h("h2", {}, x.optionsH), h("p", {}, x.optionsIntro),
      h("h3", {}, x.presetsH), h("ul", {}, ...x.presets.map(([name, text]) => h("li", {}, h("strong", {}, name), ` — ${text}`))),
      h("div", { className: "scroll" }, options)),
  );
}
