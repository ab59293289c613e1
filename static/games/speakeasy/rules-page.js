// The rules page: the board, how pieces move, and what beats what (from the rulebooks).

import { addStrings, lang, mountLangSwitch, onLangChange, t } from "../../js/i18n.js";
import { renderBoard } from "./board.js";
import { CODES, COUNT, STATIC, combat } from "./pieces.js";
import { STRINGS } from "./strings.js";
import { useTranslator } from "./text.js";
import { tileSvg } from "./tiles.js";

addStrings(STRINGS);
useTranslator(t);

const TEXT = {
  en: {
    title: "How to play Speak Easy",
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
    endH: "End of the game",
    end: [
      "You win by moving any piece onto the opponent's Speakeasy.",
      "A player who cannot move loses. 100 moves without any combat is a draw.",
      "You may also resign, agree a draw, lose on time, or win when the opponent leaves.",
    ],
    notes: { S: "Never moves. Lost if an opponent's piece moves onto it.", B: "Never moves. Removes any attacker but the Kid, and leaves too.", F: "Removes whatever it meets, and leaves too.", K: "Turns along empty streets.", 1: "Beats only the Kid." },
  },
  fr: {
    title: "Comment jouer à Speak Easy",
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
    endH: "Fin de la partie",
    end: [
      "Vous gagnez en plaçant une pièce sur le Speakeasy de l’adversaire.",
      "Un joueur qui ne peut plus bouger perd. 100 coups sans combat : partie nulle.",
      "On peut aussi abandonner, convenir de la nulle, perdre au temps, ou gagner si l’adversaire s’en va.",
    ],
    notes: { S: "Ne bouge jamais. Perdu si une pièce adverse y arrive.", B: "Ne bouge jamais. Fait fuir tout attaquant sauf le Kid, et fuit aussi.", F: "Fait fuir tout ce qu’il rencontre, et fuit aussi.", K: "Tourne dans les Rues vides.", 1: "Ne fait fuir que le Kid." },
  },
};

const h = (tag, props = {}, ...kids) => {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...kids);
  return node;
};
const names = (codes, x) => (codes.length ? codes.map((c) => t(`piece.${c}`)).join(", ") : x.nothing);

function render() {
  const x = TEXT[lang];
  const main = document.getElementById("rules");
  document.title = `Speakeasy — ${x.title}`;
  const movers = CODES.filter((c) => !STATIC.has(c));

  const boardSvg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  boardSvg.id = "rules-board";
  renderBoard(boardSvg, { cells: new Array(60).fill(null) });
  boardSvg.setAttribute("aria-label", x.boardH);

  const legend = h("ul", { className: "legend" }, ...x.board.map(([kind, text]) => h("li", { className: `legend-${kind}` }, h("span", { className: `swatch ${kind}` }), text)));

  const rows = CODES.map((code) => {
    let beats, flees;
    if (code === "S") [beats, flees] = [x.nothing, x.all];
    else if (code === "B") [beats, flees] = [x.anyAttacker, t("piece.K")];
    else {
      beats = names(CODES.filter((d) => ["attacker", "win"].includes(combat(code, d))), x);
      const both = CODES.filter((d) => combat(code, d) === "none");
      if (both.length) beats += `; ${x.bothGo}: ${names(both, x)}`;
      flees = names(CODES.filter((d) => combat(code, d) === "defender" || (!STATIC.has(d) && combat(d, code) === "attacker")), x);
    }
    const note = x.notes[code] ? h("div", { className: "help" }, x.notes[code]) : "";
    return h("tr", {},
      h("td", {}, h("span", { className: "rules-tile" }, tileSvg({ side: "s", code, revealed: false }, false)), h("strong", {}, t(`piece.${code}`)), note),
      h("td", { className: "num" }, `×${COUNT[code]}`), h("td", {}, beats), h("td", {}, flees));
  });

  const symbol = { attacker: "✓", defender: "✗", none: "=", win: "★" };
  const matrix = h("table", { className: "matrix" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, x.attacker), ...CODES.map((c) => h("th", { scope: "col", title: t(`piece.${c}`) }, c)))),
    h("tbody", {}, ...movers.map((a) => h("tr", {}, h("th", { scope: "row" }, `${a} ${t(`piece.${a}`)}`),
      ...CODES.map((d) => {
        const r = combat(a, d);
        return h("td", { className: `r-${r}`, title: `${t(`piece.${a}`)} → ${t(`piece.${d}`)}` }, symbol[r]);
      })))));

  main.replaceChildren(
    h("h1", { className: "title" }, x.title),
    h("p", {}, x.intro),
    h("section", { className: "card rules-board" }, h("h2", {}, x.boardH), h("div", { className: "rules-board-grid" }, boardSvg, h("div", {}, legend, h("p", { className: "help" }, x.boardMore)))),
    h("section", { className: "card" }, h("h2", {}, x.setupH), h("ul", {}, ...x.setup.map((s) => h("li", {}, s)))),
    h("section", { className: "card" }, h("h2", {}, x.moveH), h("ul", {}, ...x.move.map((s) => h("li", {}, s)))),
    h("section", { className: "card", id: "pieces" }, h("h2", {}, x.piecesH),
      h("div", { className: "scroll" }, h("table", { className: "pieces" }, h("thead", {}, h("tr", {}, ...x.cols.map((c) => h("th", { scope: "col" }, c)))), h("tbody", {}, ...rows)))),
    h("section", { className: "card", id: "matrix" }, h("h2", {}, x.matrixH), h("p", { className: "help" }, x.matrixHelp), h("div", { className: "scroll" }, matrix)),
    h("section", { className: "card" }, h("h2", {}, x.endH), h("ul", {}, ...x.end.map((s) => h("li", {}, s)))),
  );
}

mountLangSwitch(document.getElementById("lang"));
render();
onLangChange(render);
