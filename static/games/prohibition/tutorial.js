// Prohibition's guided first game (issue 25): the steps the room shell shows one at a time when
// the room is a tutorial (static/games/README.md). The position is engine/prohibition/tutorial.py's:
// a fixed seed and an opening that plays the setup; the learner drives green T3 and blue T4 in a
// two-player game against the computer's red T1 and yellow T2, whose replies are scripted there
// (`decide`), so every step's situation is known: the red truck has just delivered on C4-D4 beside
// Ness's start point, and the dice fall Ness/Capone then Policeman/Capone.
//
// Each action step teaches one decision of the real truck-turn, with the rule behind it: which
// truck plays, a character that seizes, a delivery at the cube's exact distance, a character
// that helps, a delivery with his help. `accepts` takes the action the module is about to send
// ({type: "act", text: <action string>}) and answers true, or the reason in words why another
// one is refused; `done` reads the learner's view (engine/prohibition/view.py), the public part
// only: how far the game has gone. The highlights are the board's and the panel's own elements
// (the trucks, the gold crossings and streets, the bars, the decision buttons, the cards).

const say = (en, fr) => ({ en, fr });

/** The taught actions, in the order of the steps (engine/prohibition/tutorial.py's LESSON). */
const TAUGHT = {
  use: "use T3",
  ness: "N@D4",
  deliver: "go:F5-F6=1w",
  capone: "C@A7",
  double: "go:A5-A6=2w",
};

const PHASES = ["use", "preroll", "character", "truck", "postmove"];

/** Whether the game has gone beyond `phase` of round `round`, slot `slot` (or is over). */
function past(view, round, slot, phase) {
  if (!view) return false;
  if (view.result || view.phase === "over") return true;
  if (view.round !== round) return view.round > round;
  if (view.slot !== slot) return view.slot > slot;
  return PHASES.indexOf(view.phase) > PHASES.indexOf(phase);
}

const textOf = (action) => (action && typeof action.text === "string" ? action.text : "");

/** The elements found for each selector, in order, each once (none found: left out). */
function find(root, selectors) {
  const out = [];
  for (const selector of selectors) for (const el of root.querySelectorAll(selector)) if (!out.includes(el)) out.push(el);
  return out;
}
const truck = (id) => `#board .truck[data-truck="${id}"]`;
const truckCard = (id) => `#pz-trucks .pz-truck[data-truck="${id}"]`;
const spot = (key) => [`#board [data-key="${key}"]`, `#board [data-glow="${key}"]`];
const button = (text) => `button[data-action="${text}"]`;
const building = (slot) => `#board [data-building="${slot}"]`;
const DICE = "#pz-act .pz-act-dice";

export const steps = [
  {
    // 1. Who drives what, and what scores (read only).
    say: say(
      "You drive the green truck T3 and the blue truck T4; the computer drives red T1 and yellow T2. Deliver the cubes your trucks carry to the city’s bars: each scores its colour’s value, brown 1, black 2, white 3. With two players only your weaker truck’s score counts, so keep both working.",
      "Vous conduisez le camion vert T3 et le camion bleu T4 ; l’ordinateur conduit T1 rouge et T2 jaune. Livrez aux bars de la ville les cubes de vos camions : chacun rapporte la valeur de sa couleur, marron 1, noir 2, blanc 3. À deux, seul compte le score de votre camion le plus faible : faites travailler les deux.",
    ),
    highlight: (root) => find(root, [truck("T3"), truck("T4"), truckCard("T3"), truckCard("T4")]),
  },
  {
    // 2. Which truck plays the slot.
    say: say(
      "Red has played: the Policeman went to D1, and red drove to C4-D4 and delivered a black cube there. Your turn: each of your trucks plays once a round, and you choose which goes first. Click the green truck T3.",
      "Le rouge a joué : le policier est allé en D1, et le rouge est allé en C4-D4 et y a livré un cube noir. À vous : chacun de vos camions joue une fois par tour, et vous choisissez lequel commence. Cliquez le camion vert T3.",
    ),
    highlight: (root) => find(root, [truck("T3"), `#pz-actions ${button(TAUGHT.use)}`]),
    accepts: (action) => {
      const text = textOf(action);
      if (text === TAUGHT.use) return true;
      if (text === "use T4")
        return say(
          "The blue T4 plays right after, in this same round. In this lesson the green T3 goes first: click it.",
          "Le T4 bleu joue juste après, dans ce même tour. Dans cette leçon, le T3 vert commence : cliquez-le.",
        );
      return say("First choose the truck that plays: click the green T3.", "Choisissez d’abord le camion qui joue : cliquez le T3 vert.");
    },
    done: (view) => past(view, 1, 2, "use"),
  },
  {
    // 3. A character that seizes: contact.
    say: say(
      "The dice: Ness or Capone, and a 2. Act with one of them; one not yet in town is put on a start point of its own, whatever the number. Put Ness on D4, at an end of the red truck’s street: he seizes its most valuable cube, and red loses 1 point.",
      "Les dés : Ness ou Capone, et un 2. Jouez l’un des deux ; celui qui n’est pas encore en ville se pose sur un de ses points de départ, quel que soit le nombre. Posez Ness en D4, au bout de la rue du camion rouge : il lui saisit son cube le plus précieux, et le rouge perd 1 point.",
    ),
    highlight: (root) => find(root, [...spot("i:D4"), truck("T1"), DICE, `#pz-actions ${button(TAUGHT.ness)}`]),
    accepts: (action) => {
      const text = textOf(action);
      if (text === TAUGHT.ness) return true;
      if (text.startsWith("C"))
        return say(
          "Capone never seizes anything: he protects and he helps. Ness on D4 touches the red truck and takes its white cube.",
          "Capone ne saisit jamais rien : il protège et il aide. Ness en D4 touche le camion rouge et lui prend son cube blanc.",
        );
      return say("Put Ness on D4, the gold crossing at the end of the red truck’s street.", "Posez Ness en D4, le carrefour doré au bout de la rue du camion rouge.");
    },
    done: (view) => past(view, 1, 2, "character"),
  },
  {
    // 4. A delivery: the exact distance, one cube into an empty bar.
    say: say(
      "Red lost its white cube. Now drive T3: to deliver, drive exactly 1 street for a brown cube, 2 for black, 3 for white, and stop on the street of the bar’s door; an empty bar takes one cube. Drive 3 streets south to F5-F6 and deliver a white cube: 3 points.",
      "Le rouge a perdu son cube blanc. Conduisez maintenant T3 : pour livrer, roulez exactement 1 rue pour un cube marron, 2 pour un noir, 3 pour un blanc, et arrêtez-vous dans la rue de la porte du bar ; un bar vide prend un cube. Roulez 3 rues vers le sud jusqu’en F5-F6 et livrez un cube blanc : 3 points.",
    ),
    highlight: (root) => find(root, [...spot("s:F5-F6"), building("E5e"), truck("T3"), button(TAUGHT.deliver)]),
    accepts: (action) => {
      const text = textOf(action);
      if (text === TAUGHT.deliver) return true;
      if (text === "go:F5-F6")
        return say(
          "That only drives there, with nothing delivered. Choose the delivery: 1 white cube, 3 points.",
          "Ce choix ne fait que rouler, sans rien livrer. Choisissez la livraison : 1 cube blanc, 3 points.",
        );
      if (text.endsWith("=1w"))
        return say(
          "That scores 3 points too, but keep to the lesson: F5-F6, three streets straight south.",
          "Cela rapporte aussi 3 points, mais suivez la leçon : F5-F6, trois rues tout droit vers le sud.",
        );
      return say(
        "White is worth the most: drive 3 streets south to F5-F6 and deliver a white cube.",
        "Le blanc vaut le plus : roulez 3 rues vers le sud jusqu’en F5-F6 et livrez un cube blanc.",
      );
    },
    done: (view) => past(view, 1, 2, "truck"),
  },
  {
    // 5. A character that helps: control of a street.
    say: say(
      "Your blue T4 plays the next turn. The dice: the Policeman or Capone. Each character controls the streets of his row and his column; where Capone is the nearest one, a bar takes one more cube. Put Capone on A7.",
      "Votre T4 bleu joue le tour suivant. Les dés : le policier ou Capone. Chaque personnage contrôle les rues de sa ligne et de sa colonne ; là où Capone est le plus proche, un bar prend un cube de plus. Posez Capone en A7.",
    ),
    highlight: (root) => find(root, [...spot("i:A7"), truck("T4"), DICE, `#pz-actions ${button(TAUGHT.capone)}`]),
    accepts: (action) => {
      const text = textOf(action);
      if (text === TAUGHT.capone) return true;
      if (text.startsWith("P"))
        return say(
          "The Policeman helps nobody: he seizes the cheapest cube of a truck he touches, and no delivery is made where he is the nearest. Put Capone on A7.",
          "Le policier n’aide personne : il saisit le cube le moins précieux d’un camion qu’il touche, et on ne livre pas là où il est le plus proche. Posez Capone en A7.",
        );
      return say(
        "Capone on A7, the corner on your blue truck’s side: the street where it will deliver, A5-A6, lies on his column A.",
        "Capone en A7, le coin du côté de votre camion bleu : la rue où il va livrer, A5-A6, est sur sa colonne A.",
      );
    },
    done: (view) => past(view, 1, 3, "character"),
  },
  {
    // 6. A delivery with Capone's help.
    say: say(
      "Drive T4 3 streets to A5-A6. On this street of column A, Capone on A7 is the nearest character, so the empty bar takes 2 cubes instead of 1: deliver 2 white cubes, 6 points.",
      "Conduisez T4 de 3 rues jusqu’en A5-A6. Sur cette rue de la colonne A, Capone en A7 est le personnage le plus proche : le bar vide prend 2 cubes au lieu d’un. Livrez 2 cubes blancs : 6 points.",
    ),
    highlight: (root) => find(root, [...spot("s:A5-A6"), building("A5w"), "#board .char[data-char=\"C\"]", button(TAUGHT.double)]),
    accepts: (action) => {
      const text = textOf(action);
      if (text === TAUGHT.double) return true;
      if (text === "go:A5-A6=1w")
        return say(
          "One cube is allowed, but Capone lets this empty bar take two: deliver 2 white cubes for 6 points.",
          "Un cube est permis, mais Capone laisse ce bar vide en prendre deux : livrez 2 cubes blancs pour 6 points.",
        );
      if (/^go:(A\d-A\d|[A-G]7-[A-G]7)=2w$/.test(text))
        return say(
          "That scores 6 points too, for the same reason: Capone on A7 is the nearest character on the streets of his column A and his row 7. Keep to the lesson: A5-A6.",
          "Cela rapporte aussi 6 points, pour la même raison : Capone en A7 est le personnage le plus proche sur les rues de sa colonne A et de sa ligne 7. Suivez la leçon : A5-A6.",
        );
      if (text === "go:B3-B4=2w")
        return say(
          "That scores 6 points too, without Capone: PW is the white private bar, which takes 2 white cubes when it is empty. Keep to the lesson: A5-A6, where Capone makes an ordinary bar take 2.",
          "Cela rapporte aussi 6 points, sans Capone : PW est le bar privé blanc, qui prend 2 cubes blancs quand il est vide. Suivez la leçon : A5-A6, où Capone fait prendre 2 cubes à un bar ordinaire.",
        );
      if (text.endsWith("=2w"))
        return say(
          "That scores 6 points too. Keep to the lesson: A5-A6, where Capone makes an ordinary bar take 2.",
          "Cela rapporte aussi 6 points. Suivez la leçon : A5-A6, où Capone fait prendre 2 cubes à un bar ordinaire.",
        );
      if (text === "go:A5-A6")
        return say(
          "That only drives there, with nothing delivered. Choose the delivery of 2 white cubes.",
          "Ce choix ne fait que rouler, sans rien livrer. Choisissez la livraison de 2 cubes blancs.",
        );
      return say(
        "Deliver 2 white cubes on A5-A6, the gold street beside Capone.",
        "Livrez 2 cubes blancs en A5-A6, la rue dorée près de Capone.",
      );
    },
    done: (view) => past(view, 1, 3, "truck"),
  },
  {
    // 7. What a truck does once its cubes are delivered (read only).
    say: say(
      "Then the computer plays its two trucks, and it is your turn again. A truck that has delivered its cubes drives back to a distillery (the copper buildings) and loads a face-up card there. Each load brings a bonus token, 3 then 5 then 7, scored when the truck is empty, unless it lost cubes on the way.",
      "Puis l’ordinateur joue ses deux camions, et c’est de nouveau à vous. Un camion qui a livré ses cubes retourne à une distillerie (les bâtiments cuivrés) et y charge une carte visible. Chaque chargement apporte un jeton Prime, 3 puis 5 puis 7, marqué quand le camion est vide, sauf s’il a perdu des cubes en route.",
    ),
    highlight: (root) => find(root, ["#board .building.distillery", "#pz-display", `${truckCard("T3")} .pz-token`, `${truckCard("T4")} .pz-token`]),
  },
];

export const finish = say(
  "Well driven! You have played Prohibition’s turn twice: choose a truck, act with a character (Ness and the Policeman seize cubes, Capone protects and helps), then drive exactly 1, 2 or 3 streets to deliver. The game ends once no face-up card is left or the third Closed tile is laid: the round is finished, then one more is played. Play on against the computer, or start a real game.",
  "Bien conduit ! Vous avez joué deux fois le tour de Prohibition : choisir un camion, jouer un personnage (Ness et le policier saisissent des cubes, Capone protège et aide), puis rouler d’exactement 1, 2 ou 3 rues pour livrer. La partie s’arrête quand il ne reste plus de carte visible ou que la troisième tuile Fermé est posée : on finit le tour, puis on en joue un dernier. Continuez contre l’ordinateur, ou lancez une vraie partie.",
);
