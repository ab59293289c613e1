// Speak Easy's guided first game (issue 25): the steps the room shell (static/js/tutorial.js)
// shows one at a time in a tutorial room (static/games/README.md, "The lesson module"). The
// game is engine/speakeasy/tutorial.py's: both setups fixed, South (the learner) first, and
// the computer's answers planned there (PLAN), each one read from its own view. So every
// step knows the board: the computer clears the East street (file e), and the learner's Kid
// runs up it to take the Babe on d11 and step onto the Speakeasy on d12.
//
// `accepts` takes the action the module is about to send ({type: "move", move: "b6-b5"}) and
// answers true or, in words, why another is refused; `done` reads the learner's view: a
// taught move is over once it is played and the computer has answered (the ply count).

const say = (en, fr) => ({ en, fr });
const moveOf = (action) => (action && action.type === "move" && typeof action.move === "string" ? action.move : "");

/** The board's places named (`#board g.loc[data-name=…]`), in order. */
const places = (root, ...names) => names.map((n) => root.querySelector(`#board [data-name="${n}"]`)).filter(Boolean);
const hiddenPieces = (root) => [...root.querySelectorAll("#board g.loc")].filter((g) => g.querySelector(".piece.back"));

/** A step that teaches one move: `from`-`to`; `piece` and `place` name them in words. */
function teach(taught, piece, place) {
  const [from, to] = taught.split("-");
  return (action) => {
    const move = moveOf(action);
    if (move === taught) return true;
    if (move.startsWith(`${from}-`)) {
      return say(
        `Right piece, other place: this lesson moves the ${piece.en} from ${from} to ${to} (${place.en}).`,
        `Bonne pièce, autre case : la leçon déplace ${piece.fr} de ${from} à ${to} (${place.fr}).`,
      );
    }
    return say(
      `Not that one: this step moves the ${piece.en} on ${from}. Click it, then ${to}.`,
      `Pas celle-là : cette étape déplace ${piece.fr} en ${from}. Cliquez dessus, puis sur ${to}.`,
    );
  };
}

/** The taught move of a step is played and the computer has answered (South moves first). */
const answered = (moves) => (view) => view?.phase === "over" || (view?.ply ?? 0) >= 2 * moves;

export const steps = [
  {
    // 1. The board, the two sides and the aim (read only).
    say: say(
      "You play South, at the bottom; the computer plays North, at the top. Each turn you move one of your pieces. You win by moving any piece onto the computer’s Speakeasy. Yours stands on b1, on a bar, between two Babes that guard it.",
      "Vous jouez le Sud, en bas ; l’ordinateur joue le Nord, en haut. À chaque tour, vous déplacez une de vos pièces. Vous gagnez en amenant n’importe quelle pièce sur le Speakeasy de l’ordinateur. Le vôtre est en b1, sur un bar, entre deux Babes qui le gardent.",
    ),
    highlight: (root) => places(root, "b1", "a1", "c1"),
  },
  {
    // 2. What the hidden pieces are (read only).
    say: say(
      "The computer’s pieces show only their backs: you see where they stand, not what they are. It is the same army as yours: a Boss (8, the strongest) down to Thugs (1), Kids, Babes, FBI agents and a Speakeasy. It does not know your pieces either. A face is shown to both players only when the piece fights.",
      "Les pièces de l’ordinateur ne montrent que leur dos : vous voyez où elles sont, pas ce qu’elles sont. C’est la même armée que la vôtre : un Boss (8, le plus fort) jusqu’aux Hommes de main (1), des Kids, des Babes, des agents du FBI et un Speakeasy. Lui non plus ne connaît pas vos pièces. Une face n’est montrée aux deux joueurs que lorsque la pièce combat.",
    ),
    highlight: (root) => hiddenPieces(root),
  },
  {
    // 3. Select and move a piece: one step along a line, into a building.
    say: say(
      "Move a piece: click your Car on b6 (the places it can reach light up), then click the round building b5. A piece moves one step along a line. In a building it cannot be attacked.",
      "Déplacez une pièce : cliquez votre Voiture en b6 (les cases qu’elle peut atteindre s’allument), puis le bâtiment rond b5. Une pièce avance d’un pas le long d’une ligne. Dans un bâtiment, elle ne peut pas être attaquée.",
    ),
    highlight: (root) => places(root, "b6", "b5"),
    accepts: teach("b6-b5", say("Car", "la Voiture"), say("the building", "le bâtiment")),
    done: answered(1),
  },
  {
    // 4. An attack, and what a combat reveals.
    say: say(
      "The computer moved a piece into its own building, d8. Now attack: move your Boss (8) from c6 onto the hidden piece on c7. Only the a, c and e lines cross the front. In a combat the higher rank wins; both faces are then shown to both players, and the winner stays known.",
      "L’ordinateur a mis une pièce dans son bâtiment d8. À vous d’attaquer : amenez votre Boss (8) de c6 sur la pièce cachée en c7. Seules les lignes a, c et e traversent le front. Dans un combat, le plus haut rang gagne ; les deux faces sont alors montrées aux deux joueurs, et le gagnant reste connu.",
    ),
    highlight: (root) => places(root, "c6", "c7"),
    accepts: teach("c6-c7", say("Boss", "le Boss"), say("the hidden piece", "la pièce cachée")),
    done: answered(2),
  },
  {
    // 5. The FBI agent: the bomb.
    say: say(
      "Your Boss beat a Henchman (2), and the computer now knows your Boss (the dot on its corner). An FBI agent removes whatever it meets, even a Boss, and is removed with it. Move your FBI agent from e6 onto the hidden piece on e7.",
      "Votre Boss a battu un Porte-flingue (2), et l’ordinateur connaît maintenant votre Boss (le point sur son coin). Un agent du FBI élimine tout ce qu’il rencontre, même un Boss, et disparaît avec lui. Amenez votre FBI de e6 sur la pièce cachée en e7.",
    ),
    highlight: (root) => places(root, "e6", "e7"),
    accepts: teach("e6-e7", say("FBI agent", "le FBI"), say("the hidden piece", "la pièce cachée")),
    done: answered(3),
  },
  {
    // 6. Streets: a slide.
    say: say(
      "Both went. Then the computer attacked e5 with a Car (4): your Corrupted cop (6) won, and now both know it. The wide lines are streets (ranks 2, 6, 7 and 11, and the a and e sides): there a piece may slide as far as it likes in a straight line over empty places. Slide your Tommy gunner from a6 to c6.",
      "Les deux sont partis. Puis l’ordinateur a attaqué e5 avec une Voiture (4) : votre Flic corrompu (6) a gagné, et tous deux le savent. Les larges lignes sont des rues (rangées 2, 6, 7 et 11, et les bords a et e) : une pièce peut y glisser aussi loin qu’elle veut en ligne droite sur des cases vides. Faites glisser votre Mitrailleur de a6 à c6.",
    ),
    highlight: (root) => places(root, "a6", "b6", "c6"),
    accepts: teach("a6-c6", say("Tommy gunner", "le Mitrailleur"), say("as far as the street is free", "aussi loin que la rue est libre")),
    done: answered(4),
  },
  {
    // 7. The Kid turns corners, and beats a Babe.
    say: say(
      "The computer traded its Corrupted cop for yours on e5: equal ranks both go. The e street is empty now. Only a Kid may turn on the streets, as often as it likes; it loses to every piece but a Babe, which it removes. Here a Babe on d11 guards the Speakeasy on d12 (in a real game you must find them). Click your Kid on d6, then d11.",
      "L’ordinateur a échangé son Flic corrompu contre le vôtre en e5 : à rang égal, les deux partent. La rue e est vide maintenant. Seul un Kid peut tourner dans les rues, autant qu’il veut ; il perd contre toute pièce sauf une Babe, qu’il élimine. Ici une Babe en d11 garde le Speakeasy en d12 (en vraie partie, il faut les trouver). Cliquez votre Kid en d6, puis d11.",
    ),
    highlight: (root) => places(root, "d6", "e6", "e11", "d11"),
    accepts: teach("d6-d11", say("Kid", "le Kid"), say("the Babe, by the e street", "la Babe, par la rue e")),
    done: answered(5),
  },
  {
    // 8. The aim: onto the Speakeasy.
    say: say(
      "Your Kid took the Babe. Now the aim of the game: move your Kid from d11 onto d12, the computer’s Speakeasy, and you win.",
      "Votre Kid a pris la Babe. Reste le but du jeu : amenez votre Kid de d11 sur d12, le Speakeasy de l’ordinateur, et vous gagnez.",
    ),
    highlight: (root) => places(root, "d11", "d12"),
    accepts: teach("d11-d12", say("Kid", "le Kid"), say("the Speakeasy", "le Speakeasy")),
    done: (view) => view?.phase === "over",
  },
];

export const finish = say(
  "You have played a whole game: a step along a line, a building, an attack and what it shows, the FBI agent, a slide along a street, the Kid’s turns and the Speakeasy. In a real game you choose your own setup, the computer’s is hidden, and it plays to win: guard your Speakeasy with Babes and strong pieces, and keep your pieces’ faces secret as long as you can.",
  "Vous avez joué une partie entière : un pas le long d’une ligne, un bâtiment, une attaque et ce qu’elle montre, l’agent du FBI, une glissade dans une rue, les virages du Kid et le Speakeasy. En vraie partie, vous choisissez votre placement, celui de l’ordinateur est caché, et il joue pour gagner : gardez votre Speakeasy avec des Babes et des pièces fortes, et cachez vos pièces aussi longtemps que possible.",
);
