// Spies!'s guided first game (issue 25): the steps the room shell shows one at a time when the
// room is a tutorial (static/games/README.md). The position is engine/spies/tutorial.py's: a
// fixed seed and an opening of placements; the learner plays Germany's turn of 1933 against
// the computer's four other powers, whose replies are scripted there (engine/spies/tutorial.py
// `decide`), so every step's situation is known. The ids below are that seed's runtime ids.
//
// Each step teaches one decision of the real turn, with the rule behind it: the tile, a search,
// a Discovery, carrying the secret home, cashing it in, the record, ending the turn, and a
// search in another power's turn. `accepts` takes the action the module is about to send
// ({type: "act", text: <line>}) and answers true, or the reason in words why another one is
// refused; `done` reads the learner's view (engine/spies/view.py). Pure: the highlights read
// the page the module drew (the map's pieces and gold rings, the decision panel's buttons).

const VIENNA_SPY = "s01"; // Germany's spy in Vienna
const PARIS_SPY = "s08"; // Germany's spy in Paris
const VIENNA_SECRET = "x38"; // the neutral secret in Vienna
const COLOGNE_SPY = "s27"; // France's spy in Cologne
const COLOGNE_POLICE = ["p16", "p17"];
const BERLIN_POLICE = ["p03", "p06"];
const ENTERING_SPY = "s13"; // France's spy that comes from Paris into Berlin
const TILE = "t2"; // Reichstag Fire

const TAUGHT = {
  tile: `G play ${TILE}`,
  search: `G search COL:${COLOGNE_SPY}`,
  discovery: new RegExp(`^G chit c\\d+ DIS ${VIENNA_SPY} ${VIENNA_SECRET}$`),
  move: `G go ${VIENNA_SPY} BER`,
  cash: `G cash ${VIENNA_SPY}`,
  end: "G end",
  entry: `G search ${ENTERING_SPY}`,
};

const lineOf = (action) => (action && typeof action.text === "string" ? action.text.trim() : "");
const verbOf = (text) => text.split(/\s+/)[1] || "";
const spy = (view, id) => (view?.spies || []).find((x) => x.id === id) || null;
const secret = (view, id) => (view?.secrets || []).find((x) => x.id === id) || null;
const captured = (view, id) => spy(view, id)?.box === "record";
const say = (en, fr) => ({ en, fr });

/** The elements found for each selector, in order (none found: left out). */
function find(root, selectors) {
  const out = [];
  for (const selector of selectors) for (const el of root.querySelectorAll(selector)) if (!out.includes(el)) out.push(el);
  return out;
}
const SHOW_ALL = "#sp-clear"; // the decision panel's "Show all", when a selection on the map hides lines
/** Elements of the "Your powers" panel, pointed at only where every panel shows at once: on a
 * phone the panels are tabs (tabs.js), which open the tab of what is pointed at, and the
 * step's action is in the Play tab. */
const besides = (root, selectors) => {
  const bar = root.querySelector("#sp-tabs");
  return bar && getComputedStyle(bar).display !== "none" ? [] : find(root, selectors);
};
/** The decision panel's button for a line, or "Show all" when a selection hides it. */
const lineButton = (root, line) => {
  const found = root.querySelector(`#sp-lines button[data-line="${line}"]`);
  return found ? [found] : find(root, [SHOW_ALL]);
};
const buttonMatching = (root, pattern) => {
  const found = [...root.querySelectorAll("#sp-lines button[data-line]")].filter((b) => pattern.test(b.dataset.line));
  return found.length ? found : find(root, [SHOW_ALL]);
};
const piece = (id) => `#board .piece[data-piece="${id}"]`;
const ring = (city) => `#board .target[data-city="${city}"]`;

export const steps = [
  {
    // 1. What the game is about (read only).
    say: say(
      "You are Germany; the computer plays Italy, Russia, France and Britain. You win on victory points: steal secrets (the diamonds) and bring them home to Berlin, and catch enemy spies (squares) with your police (circles). Each turn gives you 12 action points (the AP track); this lesson plays Germany’s turn of 1933.",
      "Vous êtes l’Allemagne ; l’ordinateur joue l’Italie, la Russie, la France et la Grande-Bretagne. On gagne aux points de victoire : volez des secrets (les losanges) pour les rapporter à Berlin, et capturez les espions ennemis (carrés) avec votre police (ronds). Chaque tour vous donne 12 points d’action (la piste PA) ; cette leçon joue le tour de l’Allemagne en 1933.",
    ),
    highlight: (root) => find(root, ["#sp-ap", piece(VIENNA_SPY), piece(VIENNA_SECRET)]),
  },
  {
    // 2. Phase 1: the event tile.
    say: say(
      "A turn starts with an event tile. Play Reichstag Fire (t2, 1 AP): it pays every power that has a spy abroad in a city it names, so your spy in Paris draws 2 action chits and your spy in Vienna brings £2. Each of your own tiles played is also worth 2 VP at the end.",
      "Un tour commence par une tuile d’événement. Jouez « Reichstag Fire » (t2, 1 PA) : elle paie chaque puissance qui a un espion à l’étranger dans une ville qu’elle nomme ; votre espion à Paris pioche 2 pions d’action et celui de Vienne rapporte 2 £. Chacune de vos propres tuiles jouées vaut aussi 2 PV à la fin.",
    ),
    highlight: (root) => [...lineButton(root, TAUGHT.tile), ...find(root, [piece(PARIS_SPY), piece(VIENNA_SPY)]), ...besides(root, [`#sp-yours li[data-tile="${TILE}"]`])],
    accepts: (action) => {
      const text = lineOf(action);
      if (text === TAUGHT.tile) return true;
      if (verbOf(text) === "discard")
        return say(
          "Not a discard: it costs no AP but pays nothing and scores nothing. Play Reichstag Fire: it pays your spies in Paris and Vienna and scores 2 VP.",
          "Pas de défausse : elle ne coûte aucun PA mais ne rapporte rien. Jouez « Reichstag Fire » : elle paie vos espions de Paris et de Vienne et vaut 2 PV.",
        );
      return say("First the tile step: play Reichstag Fire.", "D’abord la tuile : jouez « Reichstag Fire ».");
    },
    done: (view) => (view?.played || []).some((p) => p.tile === TILE),
  },
  {
    // 3. Phases 2 and 3: police, then a search.
    say: say(
      "Phase 2 (moving your police) can be skipped. A French spy stands in Cologne (COL) beside two of your police: search it (1 AP). If your police there are stronger in total than the spy, it is captured: you get £3 and a chit, and the spy scores on your record.",
      "La phase 2 (déplacer votre police) peut être sautée. Un espion français se tient à Cologne (COL) près de deux de vos policiers : fouillez-le (1 PA). Si votre police y est plus forte au total que l’espion, il est capturé : vous gagnez 3 £ et un pion, et l’espion compte sur votre registre.",
    ),
    highlight: (root) => [...lineButton(root, TAUGHT.search), ...find(root, [piece(COLOGNE_SPY), ...COLOGNE_POLICE.map(piece)])],
    accepts: (action) => {
      const text = lineOf(action);
      if (text === TAUGHT.search) return true;
      if (text === "G police" || text === "G search")
        return say(
          "Do not let it go: an enemy spy standing among your police can be searched now, and a captured spy scores for you. Search the spy in Cologne.",
          "Ne le laissez pas filer : un espion ennemi parmi votre police peut être fouillé maintenant, et un espion capturé vous rapporte des points. Fouillez l’espion de Cologne.",
        );
      return say(
        "Searches come before your spies act: once a spy moves or plays a chit, the search phase is over. Search the spy in Cologne first.",
        "Les fouilles passent avant vos espions : dès qu’un espion bouge ou joue un pion, la phase des fouilles est finie. Fouillez d’abord l’espion de Cologne.",
      );
    },
    done: (view) => captured(view, COLOGNE_SPY),
  },
  {
    // 4. Phase 4: a Discovery.
    say: say(
      "Phase 4, your spies act. Your spy in Vienna (VIE) stands beside a neutral secret that nobody controls: play your Discovery chit on it (£2, 1 AP) and your spy takes it. Mind that some secrets are counterspies, which can capture the spy that tries.",
      "Phase 4, vos espions agissent. Votre espion à Vienne (VIE) se tient près d’un secret neutre que personne ne contrôle : jouez votre pion Découverte dessus (2 £, 1 PA) et votre espion le prend. Attention, certains secrets sont des contre-espions qui peuvent capturer l’espion qui essaie.",
    ),
    highlight: (root) => [...buttonMatching(root, TAUGHT.discovery), ...find(root, [piece(VIENNA_SPY), piece(VIENNA_SECRET)]), ...besides(root, ['#sp-yours .sp-chit[data-handle="c1"]'])],
    accepts: (action) => {
      const text = lineOf(action);
      if (TAUGHT.discovery.test(text)) return true;
      if (text.startsWith(`G go ${VIENNA_SPY} `) || text.startsWith(`G sail ${VIENNA_SPY} `))
        return say(
          "Take the secret before you leave: a spy carries the secret it controls when it moves. Play Discovery in Vienna first.",
          "Prenez le secret avant de partir : un espion emporte le secret qu’il contrôle quand il se déplace. Jouez d’abord Découverte à Vienne.",
        );
      if (/ DIS /.test(text))
        return say(
          "Not that one: use the spy in Vienna, whose secret is neutral and controlled by nobody, so the Discovery cannot be fought.",
          "Pas celui-là : utilisez l’espion de Vienne, dont le secret est neutre et contrôlé par personne, si bien que la Découverte ne peut pas être contrée.",
        );
      return say("Play Discovery with your spy in Vienna on the secret there.", "Jouez Découverte avec votre espion de Vienne sur le secret qui s’y trouve.");
    },
    done: (view) => secret(view, VIENNA_SECRET)?.holder === VIENNA_SPY,
  },
  {
    // 5. Carrying the secret home.
    say: say(
      "Now carry it home: click your spy in Vienna, then Berlin’s gold ring (the + button zooms in), or use the button “Move s01 to Berlin”. Each step along a rail or air line costs 1 AP and one of the spy’s 5 spaces this turn, and the secret travels with the spy.",
      "Rapportez-le : cliquez votre espion de Vienne, puis l’anneau doré de Berlin (le bouton + zoome), ou utilisez le bouton « Déplacer s01 à Berlin ». Chaque pas le long d’une ligne de train ou d’avion coûte 1 PA et une des 5 cases de l’espion ce tour-ci, et le secret voyage avec l’espion.",
    ),
    highlight: (root) => [...find(root, [piece(VIENNA_SPY), ring("BER")]), ...lineButton(root, TAUGHT.move)],
    accepts: (action) => {
      const text = lineOf(action);
      if (text === TAUGHT.move) return true;
      if (text.startsWith(`G go ${VIENNA_SPY} `) || text.startsWith(`G sail ${VIENNA_SPY} `))
        return say(
          "Berlin, your capital, is the only city where a stolen secret can be cashed in, and it is one step away.",
          "Berlin, votre capitale, est la seule ville où un secret volé peut être encaissé, et elle est à un pas.",
        );
      if (/ DRP /.test(text))
        return say(
          "A Drop would send the secret home too, but it costs £3 and 2 AP and can be intercepted: one step to Berlin costs 1 AP.",
          "Un Dépôt enverrait aussi le secret, mais il coûte 3 £ et 2 PA et peut être intercepté : un pas jusqu’à Berlin coûte 1 PA.",
        );
      return say("Move the spy that holds the secret, from Vienna to Berlin.", "Déplacez l’espion qui tient le secret, de Vienne à Berlin.");
    },
    done: (view) => spy(view, VIENNA_SPY)?.city === "BER",
  },
  {
    // 6. Cash-in.
    say: say(
      "In your capital, cash the secret in (free): you get £20 and a chit, and the secret goes on your Time and Victory Record, in the column of the year you took it.",
      "Dans votre capitale, encaissez le secret (gratuit) : vous gagnez 20 £ et un pion, et le secret va sur votre registre du temps et des victoires, dans la colonne de l’année où vous l’avez pris.",
    ),
    highlight: (root) => [...lineButton(root, TAUGHT.cash), ...find(root, [piece(VIENNA_SPY)])],
    accepts: (action) =>
      lineOf(action) === TAUGHT.cash ||
      say(
        "Cash the secret in now: a secret scores only once it is on your record, and an enemy spy could still steal it from yours.",
        "Encaissez le secret maintenant : il ne rapporte qu’une fois sur votre registre, et un espion ennemi pourrait encore le voler à votre espion.",
      ),
    done: (view) => secret(view, VIENNA_SECRET)?.record === "G",
  },
  {
    // 7. The record and the multipliers (read only).
    say: say(
      "Your record now holds, in 1933, the secret you cashed in (◆), the spy you captured (■) and the tile you played (▭). At the end a secret or a spy counts its value times its year’s multiplier (×): 6 in 1933 but only 2 in 1939, so early coups pay most.",
      "Votre registre contient maintenant, en 1933, le secret encaissé (◆), l’espion capturé (■) et la tuile jouée (▭). À la fin, un secret ou un espion compte sa valeur fois le multiplicateur de son année (×) : 6 en 1933 mais 2 seulement en 1939, les coups précoces rapportent donc le plus.",
    ),
    highlight: (root) => find(root, ["#sp-record tr[data-year=\"1933\"]", "#sp-record"]).slice(0, 1),
  },
  {
    // 8. The end of the turn.
    say: say(
      "You have spent 4 of your 12 AP; whatever is left is lost when the turn ends. End your turn: the computer then plays Italy, Russia and France.",
      "Vous avez dépensé 4 de vos 12 PA ; le reste est perdu à la fin du tour. Finissez votre tour : l’ordinateur joue alors l’Italie, la Russie et la France.",
    ),
    highlight: (root) => [...lineButton(root, TAUGHT.end), ...find(root, ["#sp-ap"])],
    accepts: (action) =>
      lineOf(action) === TAUGHT.end ||
      say(
        "In a real game you could go on with your other spies; for this lesson, end the turn now.",
        "Dans une vraie partie vous pourriez continuer avec vos autres espions ; pour cette leçon, finissez le tour maintenant.",
      ),
    done: (view) => Boolean(view?.result) || (Boolean(view?.active) && view.active !== "G"),
  },
  {
    // 9. A search in another power's turn.
    say: say(
      "Watch France’s turn: one of its spies comes from Paris into Berlin. Your police may search any enemy spy that enters their city, even in another power’s turn: search it when you are asked.",
      "Regardez le tour de la France : un de ses espions vient de Paris à Berlin. Votre police peut fouiller tout espion ennemi qui entre dans sa ville, même pendant le tour d’une autre puissance : fouillez-le quand on vous le demande.",
    ),
    highlight: (root) => [...lineButton(root, TAUGHT.entry), ...find(root, [piece(ENTERING_SPY), ...BERLIN_POLICE.map(piece)])],
    accepts: (action) =>
      lineOf(action) === TAUGHT.entry ||
      say(
        "Search it: two of your police stand in Berlin, and a captured spy scores for you.",
        "Fouillez-le : deux de vos policiers sont à Berlin, et un espion capturé vous rapporte des points.",
      ),
    done: (view) => captured(view, ENTERING_SPY),
  },
];

export const finish = say(
  "Well played: a whole turn (a tile, a search, a Discovery, a secret carried home and cashed in) and a search in France’s turn. A real game runs from 1933 to 1939 and has more: Papers and Escape save a searched spy, Sanction kills one, Drop sends a secret home, diplomacy trades. This game ends after 1933; its score is on the record.",
  "Bien joué : un tour entier (une tuile, une fouille, une Découverte, un secret rapporté et encaissé) et une fouille pendant le tour de la France. Une vraie partie va de 1933 à 1939 et offre davantage : Papiers et Évasion sauvent un espion fouillé, Sanction en tue un, Dépôt envoie un secret chez vous, la diplomatie échange. Cette partie finit après 1933 ; son score est sur le registre.",
);
