// Prohibition's rules for players, in English and French (rules.js draws them). Written from
// the French rulebook and the game's specification, as the engine (engine/prohibition/) plays
// them; the city, the cards and the dice are the ones this version plays with (its data pack).
//
// A part is a list of blocks:
//   ["h2", id, text]  ["h3", text]  ["p", text]  ["note", text]  ["ul", [text…]]  ["ol", [text…]]
//   ["fig", id]  (a diagram of rules-diagrams.js, its caption in `figs`)
//   ["toc"]      (links to every h2 of the part)
//   ["options"]  (every rule option of the data pack, named as strings.js names it for the room's
//                form, each value explained from `options`; then `extraOptions`)
//   ["quick", [[id, heading, [block…]]…]]  (the quick reference's boxes)
// Inline marks in a text: **bold**, `code`, {w} {k} {b} a cube, {t3} {t5} {t7} a bonus token.
// French spaces before ; : ! ? and inside « » are made non-breaking when drawn.

const EN = {
  title: "How to play Prohibition",
  fullLead: "Chicago, 1930. Capone's distilleries work day and night, and his drivers take the crates to the city's speakeasies, while Elliot Ness and the Policeman watch the streets.",
  toc: "Contents",
  fig: "Figure",
  defaultTag: "default",
  quick: [
    ["quick", [
      ["aim", "The aim", [
        ["p", "Deliver crates (cubes) to the bars of Chicago. Each cube delivered scores its value; most points wins."],
        ["fig", "quickParts"],
      ]],
      ["turn", "A turn", [
        ["ol", [
          "**Load** at a distillery: take a face-up card, its cubes go aboard (the first load comes aboard by itself).",
          "**Roll** the dice: two characters, and a number 1–3.",
          "**Move one of the two characters** exactly that many crossings (or put it on a start point of its own).",
          "**Drive** 1 to 4 streets, or stay. To deliver: exactly 1 street for {b}, 2 for {k}, 3 for {w}, stopping on the street of the bar's door.",
          "**Load** if you stopped at a distillery.",
        ]],
      ]],
      ["deliver", "Delivering", [
        ["ul", [
          "One cube into an empty bar, two into an empty private bar (its colour only).",
          "One colour per bar, never a neighbour's colour.",
          "Not where Ness or the Policeman is nearest on the street's row or column. Where Capone is: one cube more, even into a served bar.",
        ]],
      ]],
      ["characters", "Seizures", [
        ["p", "When **Ness** ends his action at an end of a truck's street, he takes its most valuable cube; the **Policeman** takes the least valuable one. Each costs 1 point. **Capone** at the other end protects the truck."],
      ]],
      ["score", "Bonus tokens", [
        ["p", "Each load brings a token, {t3} then {t5} then {t7}, scored when the truck is empty. It is lost first if the cubes lost from this load are: {t3} two of one colour, {t5} two of two colours, {t7} any one."],
      ]],
      ["end", "The end", [
        ["p", "No face-up card left, the third Closed tile laid, or every bar served: finish the round, play one more. Most points wins; on a tie, fewest cubes lost. Two players drive two trucks each, and only the weaker one counts."],
      ]],
    ]],
  ],
  full: [
    ["toc"],
    ["h2", "aim", "The aim"],
    ["p", "Two to four players each drive a delivery truck for Al Capone. Load crates of liquor at the distilleries, deliver them to the bars of the city without two neighbouring bars serving the same drink, and keep your cargo away from Elliot Ness and the Policeman. Capone lends a hand where he stands."],
    ["p", "Every cube delivered scores points. The player with the most points at the end becomes Capone's right-hand man. A game lasts about 45 minutes."],

    ["h2", "parts", "What is in the game"],
    ["fig", "parts"],
    ["ul", [
      "**The city**: four district boards joined into one square of 7 × 7 crossings, named A1 to G7, joined by streets.",
      "**60 cubes**, the crates: 20 white, 20 black, 20 brown (15 of each with three players). Colour is value: {b} brown 1, {k} black 2, {w} white 3.",
      "**4 trucks**: red T1, yellow T2, green T3, blue T4, each with a score marker and a loss tile for the cubes it loses.",
      "**3 characters**: Elliot Ness (black pawn, N), the Policeman (blue, P) and Al Capone (brown, C).",
      "**28 loading cards**, four at each value from 6 to 12; a card holds 3 to 6 cubes, and its value is the points its cubes are worth.",
      "**2 dice**: the character die shows two characters on each face (Ness and the Policeman, Ness and Capone, or the Policeman and Capone, each pair on two faces); the number die shows 1, 1, 2, 2, 3, 3.",
      "**12 bonus tokens**, four each of 3, 5 and 7, and **3 Closed tiles**.",
    ]],
    ["note", "The printed boards and cards of the original box are lost. This version plays on a city and cards made for it (the street plan, the buildings and their places for cubes, where the special buildings stand, the dice faces, what each card holds); every number the rulebook gives is kept."],

    ["h2", "city", "The city"],
    ["fig", "city"],
    ["ul", [
      "**Streets** join neighbouring crossings. A street is named by its two ends, such as C2-C3. A truck always stands on a street, a character on a crossing.",
      "**Bars** are the light buildings. Every block holds two buildings, and each has a door (the dark mark) on one street; no street has two doors. A truck delivers to the bar whose door is on its street. The dashed squares are the bar's places for cubes: 3 when the door opens on the edge of the city, 2 elsewhere.",
      "**Distilleries** W1 to W4 (copper, with a still): the trucks start there and load there. They take no deliveries.",
      "**Private bars** belong to Capone: PW (white), PK1 and PK2 (black), PB (brown). Each takes only its own colour, holds 3 cubes, and takes 2 at once when it is empty.",
      "**Start points**: the dashed rings, in each character's colour. Ness starts at the centre (D4), the Policeman at D1, G4, D7 or A4, Capone at a corner of the city. The coloured dots at the district corners follow the same pattern.",
      "**Neighbours**: two buildings are neighbours when they share a wall or face each other across a street. A bar inside the city has 5 neighbours, one on the edge 2 to 4.",
      "**The score track** runs around the board, one marker per truck.",
    ]],

    ["h2", "setup", "Setting up"],
    ["ol", [
      "The turn order is drawn at random. With four players the first player drives T1, the second T2, and so on; with three, T1 to T3; with two, the first player drives T1 and T2, the second T3 and T4.",
      "From the last player back to the first, each player puts one of his trucks on the street of a free distillery's door (with two players: second, first, second, first). Each truck has its own distillery.",
      "Each truck is dealt 3 loading cards, and its owner picks one in secret. When every pick is in, they are shown together. The cubes of each picked card are set aside for its truck, and each truck receives a {t3} bonus token.",
      "The other cards are shuffled into the deck, and its first five are turned face up: the display.",
      "The three characters start off the board. Each comes into town the first time a player chooses it.",
    ]],
    ["p", "The trucks start empty: each takes its picked load aboard at the start of its own first turn."],

    ["h2", "turn", "A turn"],
    ["p", "A round is one turn for each truck, in turn order. A turn belongs to one truck and runs in these steps:"],
    ["ol", [
      "**First load** (first turn only, by itself): the cubes set aside for the truck's card go aboard.",
      "**Load before rolling** (if you may, see Loading): take a face-up card, or go on.",
      "**Roll** both dice.",
      "**Act with one of the two characters** the die shows: compulsory whenever one of them can act.",
      "**Drive**: stay, drive 1 to 4 streets, or drive and deliver.",
      "**Load after driving**, if you may.",
    ]],
    ["p", "At the end of each round, Closed tiles may be laid (see Closed tiles)."],

    ["h3", "The character"],
    ["p", "The character die names two characters and the number die says how far. Pick one of the two:"],
    ["ul", [
      "Not in town yet: put it on a free start point of its own (the number does not matter).",
      "In town: move it exactly that many crossings along the streets. It never visits a crossing twice, never enters a crossing where another character stands, and never walks along a street where a truck stands.",
      "No action may leave a truck caught between Ness at one end of its street and the Policeman at the other.",
      "A character may not end its action touching a truck it was touching at the end of its previous action.",
      "If neither character can act, the step is skipped.",
    ]],

    ["h3", "Contact: Ness and the Policeman seize cubes"],
    ["fig", "contact"],
    ["p", "A character touches a truck when it stands at one end of the truck's street. Right after Ness or the Policeman acts (moved or put into town), each truck it touches loses a cube:"],
    ["ul", [
      "Ness takes the truck's most valuable cube, the Policeman its least valuable one.",
      "The cube goes onto the truck's loss tile, and the truck loses 1 point (a score never goes below 0).",
      "A truck that Capone touches at that moment is protected. An empty truck has nothing to lose.",
      "Driving up to a character is safe: contact only takes a cube when the character acts. Capone's own moves take nothing.",
    ]],

    ["h3", "Who controls a street"],
    ["fig", "control"],
    ["p", "Each character controls every street of its row and of its column, across the whole city. On a street, only the nearest of the characters that control it count (distance in streets, to the nearer end of the street):"],
    ["ul", [
      "Ness or the Policeman nearest (or both): no delivery and no loading on this street.",
      "Capone alone nearest: one extra cube may be delivered here.",
      "Capone as near as Ness or the Policeman: their effects cancel, the street is normal.",
    ]],

    ["h3", "Driving"],
    ["fig", "drive"],
    ["ul", [
      "Without delivering, a truck drives 1 to 4 streets, through the crossings, or stays where it is.",
      "To deliver, it drives exactly 1 street for a brown cube, 2 for a black one, 3 for a white one, and stops on the street of the bar's door.",
      "In one move it never uses a street twice (its starting street included), but it may pass a crossing twice.",
      "It never passes a crossing where a character stands, and never drives along or stops on a street where another truck stands.",
    ]],

    ["h3", "Delivering"],
    ["p", "After the drive, the truck may unload cubes of the colour that matches the distance into the bar whose door is on its street, when:"],
    ["ul", [
      "the building is a bar or a private bar (not a distillery) with no Closed tile;",
      "Ness or the Policeman does not forbid the street;",
      "a private bar gets its own colour only;",
      "the bar holds no cube of another colour;",
      "no neighbour of the bar holds a cube of this colour (neighbouring bars never compete);",
      "the count fits: 1 cube into an empty bar, 2 into an empty private bar, none into a bar already served. Where Capone controls the street, one more: 2 into an empty bar, 3 into an empty private bar, or 1 into a bar already served. Never more than the bar's places.",
    ]],
    ["fig", "neighbours"],
    ["p", "Each cube delivered scores its value at once: brown 1, black 2, white 3."],

    ["h2", "loading", "Loading and bonus tokens"],
    ["h3", "When a truck may load"],
    ["ul", [
      "It stands on the street of a distillery's door, Ness and the Policeman do not forbid that street, and the display shows at least one face-up card.",
      "It drove onto that street this turn (load after driving), or it did so on its previous turn and has not loaded since (load before rolling). Standing there since the setup does not count.",
    ]],
    ["fig", "display"],
    ["h3", "How to load"],
    ["ol", [
      "Cubes still aboard are abandoned onto the loss tile. They cost no points but count as lost cubes. A token still held is then lost if the losses meet its condition (see below), and scored otherwise.",
      "The loss tile is cleared and the old card leaves the game.",
      "Take a face-up card: its cubes go from the supply onto the truck.",
      "Take a new bonus token: {t5} for the truck's second load, {t7} for its third, and from the fourth on, the last token lost by any truck and not yet taken again (none if there is none).",
      "The empty slot of the display is filled from the deck.",
    ]],
    ["p", "When the supply no longer holds the cubes of a face-up card, that card is turned face down for good. Once the deck is out, emptied slots stay empty."],

    ["h3", "Bonus tokens"],
    ["fig", "tokens"],
    ["p", "A token rewards a clean run. It is judged on the cubes lost from the current load (those on the loss tile), and is lost at once when:"],
    ["ul", [
      "{t3}: two lost cubes have the same colour;",
      "{t5}: two lost cubes have different colours;",
      "{t7}: any cube is lost.",
    ]],
    ["p", "When its last cube leaves (delivered or seized), the truck is empty and scores the token it still holds. If a seizure empties it, the token is judged first: a truck holding a {t7} that loses its only cube scores nothing. An empty truck goes back to a distillery to load again."],

    ["h2", "closed", "Closed tiles"],
    ["fig", "closed"],
    ["p", "At the end of every round, the last one included, an empty bar whose neighbours hold all three colours can no longer be served: it gets a Closed tile. A private bar closes as soon as a neighbour holds its colour. There are only 3 tiles; when several bars qualify at once, they are closed in the board's order while tiles remain."],

    ["h2", "end", "The end and the winner"],
    ["p", "The end comes with the first of these:"],
    ["ul", [
      "no face-up card is left in the display;",
      "the third Closed tile is laid;",
      "every bar, private bars included, holds at least one cube (very rare).",
    ]],
    ["p", "The round under way is finished, then one more whole round is played, and the game stops. When this happens at the end of a round, the next round is the last."],
    ["h3", "Final scoring"],
    ["ul", [
      "A truck still carrying cubes scores its token minus the cubes still aboard (not below 0), provided it delivered at least one cube of this load. Example: a {t7} with 3 cubes left scores 4.",
      "Cubes left aboard score nothing and are not counted as lost.",
    ]],
    ["p", "The highest score wins. On a tie, the player who lost fewer cubes during the game (seized and abandoned) wins; if still tied, they share the win."],

    ["h2", "two", "Two players"],
    ["ul", [
      "Each player drives two trucks, and his score is the **lower** of his two trucks' scores: neglect neither.",
      "A round runs: first player, second player, second player, first player. The first player opens the game with one truck of his choice; after that each player plays his two trucks back to back, in the order he likes (the first player's pair spans the end of one round and the start of the next). The dice are rolled before each truck.",
      "In the last round the first player plays only the truck that did not open the game, so every truck plays as many turns.",
      "The tie-break counts the cubes lost by both trucks.",
    ]],

    ["h2", "leaving", "Clocks, leaving and the autopilot"],
    ["ul", [
      "With two players, a player who runs out of time, resigns or leaves loses the game.",
      "With three or four, the autopilot drives his trucks from then on: their points still count, but that player can no longer win. If only one player can still win, the game ends at once.",
      "If his time runs out in the middle of a decision, that decision takes the mildest choice (no load, no character, the truck stays; at setup, the first free distillery and the first card dealt), then the autopilot plays on.",
    ]],

    ["h2", "options", "Room options"],
    ["p", "Whoever creates the room may change these rules under “More options”, where they have the names below. The room's preset, “Prohibition (the rulebook)”, keeps every default, marked below; each option can be changed on its own."],
    ["options"],
  ],
  options: {
    layout: {
      values: {
        standard: "Black corners at the centre: Ness starts at D4, Capone at the corners of the city.",
        inverted: "Each board turned on itself, brown corners at the centre: Capone starts at D4, Ness at the corners. The distilleries and private bars move with their boards; the Policeman's start points do not change.",
      },
      fig: "layouts",
    },
    special_placement: {
      values: {
        fixed: "Where the layout puts them (the map in “The city”).",
        random: "Drawn at the start: each district board gets one distillery and one private bar, and no two special buildings touch, not even at a corner. The colours of the private bars are shuffled among the boards.",
      },
    },
    delivery_distance: {
      values: {
        exact: "Exactly the cube's distance: 1 street for brown, 2 for black, 3 for white.",
        at_most: "At most that distance: a white cube may be delivered after 1, 2 or 3 streets.",
      },
    },
    truck_must_move: {
      values: {
        no: "A truck may always stay.",
        yes: "A truck that can move must move; it stays only when it is blocked.",
      },
    },
    control_range: {
      values: {
        line: "Its whole row and its whole column.",
        touching: "Only the streets that end at its crossing (four at most).",
      },
      fig: "range",
    },
    repeat_contact: {
      values: {
        forbidden: "It may not: a truck gets a breather between two raids by the same character.",
        allowed: "It may: Ness can raid the same truck turn after turn.",
      },
    },
    load_window: {
      values: {
        arrival: "Right after driving onto the distillery's street, or at the start of its next turn, before the roll.",
        parked: "At the start or the end of any of its turns on that street, as long as it has not loaded since it last moved.",
      },
    },
    abandon_token: {
      values: {
        rulebook: "The token is lost only if the losses, abandoned cubes included, meet its condition; otherwise it scores.",
        discard: "The token is always lost, unscored.",
      },
    },
    two_player_p1_order: {
      values: {
        free: "He chooses the order of each pair of turns.",
        fixed: "The truck he opened with always plays first in a round, the other one last.",
      },
    },
    bars_trigger: {
      values: {
        cube: "Every bar must hold a cube. A closed bar never will, so once a tile is laid this end cannot come.",
        cube_or_closed: "A bar with a Closed tile counts as served too.",
      },
    },
  },
  extraOptions: [
    ["time_control", "Time control", "No clock, or a starting time for each player plus a few seconds after each turn. The clocks are public, and a player's clock runs whenever he owes a decision (during the secret picks, everyone's who has not picked yet). Running out is explained above."],
  ],
  figs: {
    quickParts: "The cubes and the three characters.",
    parts: "The pieces, and what they do.",
    city: "The city at the start of a game (standard layout): the distilleries W1–W4, the private bars, the characters' start points and the score track around it.",
    contact: "Ness moves 3 crossings, from D4 to E4. He touches two trucks: the green one loses its white cube (its most valuable) and 1 point; the red one is protected by Capone at the other end of its street.",
    control: "Ness on D4 and Capone on G4. Red: Ness is nearest, no delivery or loading there. Green: Capone is nearest, one extra cube. Grey (E4-F4): both are one street away and cancel out.",
    drive: "The red truck leaves the distillery W1 with a brown, a black and a white cube. It can deliver brown 1 street away, black 2 streets away, white 3 streets away (here into the white private bar PW).",
    neighbours: "A black cube in bar C3e: its five neighbours (red) can take no black cube. Other colours are fine.",
    display: "The display: five face-up cards. A card shows its cubes and its value; the one turned down can no longer be loaded, the supply lacks its cubes.",
    tokens: "The three bonus tokens and the losses that cost them.",
    closed: "At the end of the round, bar D3n is empty and its neighbours (outlined) hold white, black and brown: it can never be served, and gets a Closed tile.",
    layouts: "In the standard layout Ness starts in the middle; in the inverted layout, Capone does.",
    range: "What Ness controls from D4: his whole row and column, or only the four streets around him.",
  },
  labels: {
    cubeW: "white: 3 streets, 3 points",
    cubeK: "black: 2 streets, 2 points",
    cubeB: "brown: 1 street, 1 point",
    ness: "Ness: forbids his streets; takes the most valuable cube",
    nessName: "Elliot Ness",
    policeName: "the Policeman",
    caponeName: "Al Capone",
    police: "Policeman: forbids his streets; takes the least valuable cube",
    capone: "Capone: one extra cube on his streets; protects a truck",
    truck: "A truck and its cubes: the number is the truck's",
    card: "A loading card: its cubes and its value",
    charDie: "Character die: two characters a face",
    numberDie: "Number die: how many crossings",
    tokens: "Bonus tokens: scored when the truck is empty",
    closedTile: "Closed tile: this bar is closed for good",
    lostWhen3: "lost: two cubes of one colour",
    lostWhen5: "lost: two cubes of two colours",
    lostWhen7: "lost: any one cube",
    forbid: "forbidden",
    help: "+1 cube",
    cancel: "cancel out",
    protected: "protected",
    seized: "−1 white",
    noBlack: "no black",
    closed: "{slot}: Closed",
    faceDown: "face down",
    worth: "worth {v}",
  },
};

const FR = {
  title: "Comment jouer à Prohibition",
  fullLead: "Chicago, 1930. Les distilleries de Capone tournent jour et nuit, et ses livreurs portent les caisses aux bars clandestins de la ville, sous l’œil d’Elliot Ness et du policier.",
  toc: "Sommaire",
  fig: "Figure",
  defaultTag: "par défaut",
  quick: [
    ["quick", [
      ["aim", "Le but", [
        ["p", "Livrez des caisses (des cubes) aux bars de Chicago. Chaque cube livré rapporte sa valeur ; le plus de points gagne."],
        ["fig", "quickParts"],
      ]],
      ["turn", "Un tour", [
        ["ol", [
          "**Chargez** à une distillerie : prenez une carte visible, ses cubes montent à bord (le premier chargement monte tout seul).",
          "**Lancez** les dés : deux personnages, et un nombre de 1 à 3.",
          "**Déplacez l’un des deux personnages** d’exactement autant de carrefours (ou posez-le sur un de ses points de départ).",
          "**Roulez** de 1 à 4 rues, ou restez. Pour livrer : exactement 1 rue pour {b}, 2 pour {k}, 3 pour {w}, arrêt dans la rue de la porte du bar.",
          "**Chargez** si vous êtes arrêté à une distillerie.",
        ]],
      ]],
      ["deliver", "Livrer", [
        ["ul", [
          "Un cube dans un bar vide, deux dans un bar privé vide (de sa couleur seulement).",
          "Une couleur par bar, jamais celle d’un voisin.",
          "Pas là où Ness ou le policier est le plus proche sur la ligne ou la colonne de la rue. Là où c’est Capone : un cube de plus, même dans un bar déjà livré.",
        ]],
      ]],
      ["characters", "Les saisies", [
        ["p", "Quand **Ness** finit son action au bout de la rue d’un camion, il lui prend son cube le plus précieux ; le **policier** prend le moins précieux. Chacun coûte 1 point. **Capone** à l’autre bout protège le camion."],
      ]],
      ["score", "Les jetons Prime", [
        ["p", "Chaque chargement apporte un jeton, {t3} puis {t5} puis {t7}, marqué quand le camion est vide. Il est perdu avant si les cubes perdus de ce chargement sont : {t3} deux d’une couleur, {t5} deux de deux couleurs, {t7} un seul."],
      ]],
      ["end", "La fin", [
        ["p", "Plus de carte visible, troisième tuile Fermé posée, ou chaque bar livré : finissez le tour, jouez-en un dernier. Le plus de points gagne ; en cas d’égalité, le moins de cubes perdus. À deux, chacun conduit deux camions, et seul le plus faible compte."],
      ]],
    ]],
  ],
  full: [
    ["toc"],
    ["h2", "aim", "Le but du jeu"],
    ["p", "De deux à quatre joueurs conduisent chacun un camion de livraison pour Al Capone. Chargez des caisses d’alcool aux distilleries, livrez-les aux bars de la ville sans que deux bars voisins servent la même boisson, et gardez votre chargement loin d’Elliot Ness et du policier. Capone, lui, donne un coup de main là où il se trouve."],
    ["p", "Chaque cube livré rapporte des points. Le joueur qui en a le plus à la fin devient le bras droit de Capone. Une partie dure environ 45 minutes."],

    ["h2", "parts", "Le matériel"],
    ["fig", "parts"],
    ["ul", [
      "**La ville** : quatre plateaux de quartier réunis en un carré de 7 × 7 carrefours, nommés de A1 à G7, reliés par des rues.",
      "**60 cubes**, les caisses : 20 blancs, 20 noirs, 20 marron (15 de chaque à trois joueurs). La couleur fait la valeur : {b} marron 1, {k} noir 2, {w} blanc 3.",
      "**4 camions** : T1 rouge, T2 jaune, T3 vert, T4 bleu, chacun avec un marqueur de score et une tuile Pertes pour les cubes qu’il perd.",
      "**3 personnages** : Elliot Ness (pion noir, N), le policier (bleu, P) et Al Capone (marron, C).",
      "**28 cartes Chargement**, quatre de chaque valeur de 6 à 12 ; une carte porte de 3 à 6 cubes, et sa valeur est ce que valent ses cubes.",
      "**2 dés** : le dé personnage montre deux personnages sur chaque face (Ness et le policier, Ness et Capone, ou le policier et Capone, chaque paire sur deux faces) ; le dé chiffre montre 1, 1, 2, 2, 3, 3.",
      "**12 jetons Prime**, quatre de 3, de 5 et de 7, et **3 tuiles Fermé** (« Closed »).",
    ]],
    ["note", "Les plateaux et les cartes imprimés de la boîte d’origine sont perdus. Cette version se joue sur une ville et des cartes faites pour elle (le plan des rues, les bâtiments et leurs places pour les cubes, l’emplacement des bâtiments spéciaux, les faces des dés, le contenu des cartes) ; tous les nombres que donne la règle sont respectés."],

    ["h2", "city", "La ville"],
    ["fig", "city"],
    ["ul", [
      "**Les rues** relient deux carrefours voisins. Une rue porte le nom de ses deux bouts, par exemple C2-C3. Un camion est toujours dans une rue, un personnage toujours sur un carrefour.",
      "**Les bars** sont les bâtiments clairs. Chaque pâté de maisons porte deux bâtiments, chacun avec une porte (la marque sombre) sur une rue ; aucune rue n’a deux portes. Un camion livre le bar dont la porte donne sur sa rue. Les carrés en pointillé sont les places du bar pour les cubes : 3 quand la porte donne sur le bord de la ville, 2 ailleurs.",
      "**Les distilleries** W1 à W4 (cuivrées, avec un alambic) : les camions y démarrent et y chargent. Elles ne reçoivent aucune livraison.",
      "**Les bars privés** appartiennent à Capone : PW (blanc), PK1 et PK2 (noirs), PB (marron). Chacun ne prend que sa couleur, contient 3 cubes, et en prend 2 d’un coup quand il est vide.",
      "**Les points de départ** : les anneaux en pointillé, à la couleur de chaque personnage. Ness part du centre (D4), le policier de D1, G4, D7 ou A4, Capone d’un coin de la ville. Les pastilles de couleur aux coins des quartiers suivent le même schéma.",
      "**Les voisins** : deux bâtiments sont voisins quand ils ont un mur commun ou se font face de part et d’autre d’une rue. Un bar à l’intérieur de la ville a 5 voisins, un bar du bord de 2 à 4.",
      "**La piste de score** fait le tour du plateau, un marqueur par camion.",
    ]],

    ["h2", "setup", "La mise en place"],
    ["ol", [
      "L’ordre du tour est tiré au sort. À quatre, le premier joueur conduit T1, le deuxième T2, et ainsi de suite ; à trois, T1 à T3 ; à deux, le premier joueur conduit T1 et T2, le second T3 et T4.",
      "Du dernier joueur jusqu’au premier, chacun place un de ses camions dans la rue de la porte d’une distillerie libre (à deux : second, premier, second, premier). Chaque camion a sa propre distillerie.",
      "Chaque camion reçoit 3 cartes Chargement, et son propriétaire en choisit une en secret. Quand tous ont choisi, les choix sont révélés ensemble. Les cubes de chaque carte choisie sont mis de côté pour son camion, et chaque camion reçoit un jeton Prime {t3}.",
      "Les autres cartes sont mélangées dans la pioche, et les cinq premières sont retournées face visible : ce sont les cartes visibles.",
      "Les trois personnages commencent hors du plateau. Chacun entre en ville la première fois qu’un joueur le choisit.",
    ]],
    ["p", "Les camions partent vides : chacun prend à bord son chargement choisi au début de son propre premier tour."],

    ["h2", "turn", "Un tour de jeu"],
    ["p", "Un tour complet, c’est un tour pour chaque camion, dans l’ordre du tour. Le tour d’un camion suit ces étapes :"],
    ["ol", [
      "**Premier chargement** (premier tour seulement, automatique) : les cubes mis de côté pour la carte du camion montent à bord.",
      "**Charger avant de lancer** (si vous le pouvez, voir Charger) : prenez une carte visible, ou continuez.",
      "**Lancez** les deux dés.",
      "**Jouez l’un des deux personnages** montrés par le dé : obligatoire dès que l’un d’eux peut jouer.",
      "**Roulez** : restez, roulez de 1 à 4 rues, ou roulez et livrez.",
      "**Charger après avoir roulé**, si vous le pouvez.",
    ]],
    ["p", "À la fin de chaque tour complet, des tuiles Fermé peuvent être posées (voir Les tuiles Fermé)."],

    ["h3", "Le personnage"],
    ["p", "Le dé personnage désigne deux personnages et le dé chiffre dit jusqu’où. Choisissez l’un des deux :"],
    ["ul", [
      "Pas encore en ville : posez-le sur un point de départ libre à lui (le chiffre ne compte pas).",
      "En ville : déplacez-le d’exactement autant de carrefours le long des rues. Il ne passe jamais deux fois par le même carrefour, n’entre jamais sur un carrefour occupé par un autre personnage et ne longe jamais une rue où se trouve un camion.",
      "Aucune action ne peut coincer un camion entre Ness à un bout de sa rue et le policier à l’autre.",
      "Un personnage ne peut pas finir son action au contact d’un camion qu’il touchait déjà à la fin de son action précédente.",
      "Si aucun des deux personnages ne peut jouer, l’étape est sautée.",
    ]],

    ["h3", "Le contact : Ness et le policier saisissent des cubes"],
    ["fig", "contact"],
    ["p", "Un personnage touche un camion quand il se trouve à un bout de la rue du camion. Juste après que Ness ou le policier a joué (déplacé ou posé en ville), chaque camion qu’il touche perd un cube :"],
    ["ul", [
      "Ness prend le cube le plus précieux du camion, le policier le moins précieux.",
      "Le cube va sur la tuile Pertes du camion, et le camion perd 1 point (un score ne descend jamais sous 0).",
      "Un camion que Capone touche à ce moment est protégé. Un camion vide n’a rien à perdre.",
      "Aller au contact d’un personnage ne risque rien : le contact ne prend un cube que quand le personnage joue. Les déplacements de Capone ne prennent rien.",
    ]],

    ["h3", "Qui contrôle une rue"],
    ["fig", "control"],
    ["p", "Chaque personnage contrôle toutes les rues de sa ligne et de sa colonne, à travers toute la ville. Dans une rue, seuls comptent les plus proches des personnages qui la contrôlent (distance en rues, jusqu’au bout le plus proche de la rue) :"],
    ["ul", [
      "Ness ou le policier le plus proche (ou les deux) : ni livraison ni chargement dans cette rue.",
      "Capone seul le plus proche : on peut y livrer un cube de plus.",
      "Capone aussi proche que Ness ou le policier : leurs effets s’annulent, la rue est normale.",
    ]],

    ["h3", "Rouler"],
    ["fig", "drive"],
    ["ul", [
      "Sans livrer, un camion roule de 1 à 4 rues, de carrefour en carrefour, ou reste sur place.",
      "Pour livrer, il roule exactement 1 rue pour un cube marron, 2 pour un noir, 3 pour un blanc, et s’arrête dans la rue de la porte du bar.",
      "Pendant un déplacement, il n’emprunte jamais deux fois la même rue (celle de départ comprise), mais peut repasser par un carrefour.",
      "Il ne traverse jamais un carrefour où se tient un personnage, et ne longe ni ne s’arrête dans une rue où se trouve un autre camion.",
    ]],

    ["h3", "Livrer"],
    ["p", "Après avoir roulé, le camion peut déposer des cubes de la couleur qui correspond à la distance dans le bar dont la porte donne sur sa rue, si :"],
    ["ul", [
      "le bâtiment est un bar ou un bar privé (pas une distillerie) sans tuile Fermé ;",
      "ni Ness ni le policier n’interdit la rue ;",
      "un bar privé ne reçoit que sa couleur ;",
      "le bar ne contient aucun cube d’une autre couleur ;",
      "aucun voisin du bar ne contient un cube de cette couleur (deux bars voisins ne se font jamais concurrence) ;",
      "le nombre convient : 1 cube dans un bar vide, 2 dans un bar privé vide, aucun dans un bar déjà livré. Si Capone contrôle la rue, un de plus : 2 dans un bar vide, 3 dans un bar privé vide, ou 1 dans un bar déjà livré. Jamais plus que les places du bar.",
    ]],
    ["fig", "neighbours"],
    ["p", "Chaque cube livré rapporte aussitôt sa valeur : marron 1, noir 2, blanc 3."],

    ["h2", "loading", "Charger, et les jetons Prime"],
    ["h3", "Quand un camion peut charger"],
    ["ul", [
      "Il est dans la rue de la porte d’une distillerie, ni Ness ni le policier n’interdit cette rue, et il reste au moins une carte visible.",
      "Il est arrivé dans cette rue pendant ce tour (chargement après avoir roulé), ou au tour précédent sans avoir chargé depuis (chargement avant de lancer). Y être depuis la mise en place ne compte pas.",
    ]],
    ["fig", "display"],
    ["h3", "Comment charger"],
    ["ol", [
      "Les cubes encore à bord sont abandonnés sur la tuile Pertes. Ils ne coûtent aucun point mais comptent comme cubes perdus. Un jeton encore détenu est alors perdu si les pertes remplissent sa condition (voir plus bas), et marqué sinon.",
      "La tuile Pertes est vidée et l’ancienne carte quitte la partie.",
      "Prenez une carte visible : ses cubes passent de la réserve au camion.",
      "Prenez un nouveau jeton Prime : {t5} pour le deuxième chargement du camion, {t7} pour le troisième, et à partir du quatrième, le dernier jeton perdu par un camion et pas encore repris (aucun s’il n’y en a pas).",
      "La place vide parmi les cartes visibles est remplie depuis la pioche.",
    ]],
    ["p", "Quand la réserve n’a plus les cubes d’une carte visible, cette carte est retournée face cachée pour de bon. Une fois la pioche épuisée, les places vidées restent vides."],

    ["h3", "Les jetons Prime"],
    ["fig", "tokens"],
    ["p", "Un jeton récompense une livraison sans accroc. Il est jugé sur les cubes perdus du chargement en cours (ceux de la tuile Pertes), et perdu aussitôt quand :"],
    ["ul", [
      "{t3} : deux cubes perdus ont la même couleur ;",
      "{t5} : deux cubes perdus ont des couleurs différentes ;",
      "{t7} : un cube, quel qu’il soit, est perdu.",
    ]],
    ["p", "Quand son dernier cube part (livré ou saisi), le camion est vide et marque le jeton qu’il détient encore. Si c’est une saisie qui le vide, le jeton est jugé d’abord : un camion avec un {t7} qui perd son seul cube ne marque rien. Un camion vide retourne à une distillerie pour charger de nouveau."],

    ["h2", "closed", "Les tuiles Fermé"],
    ["fig", "closed"],
    ["p", "À la fin de chaque tour complet, le dernier compris, un bar vide dont les voisins contiennent les trois couleurs ne peut plus jamais être livré : il reçoit une tuile Fermé. Un bar privé ferme dès qu’un voisin contient sa couleur. Il n’y a que 3 tuiles ; quand plusieurs bars sont concernés en même temps, ils sont fermés dans l’ordre du plateau tant qu’il reste des tuiles."],

    ["h2", "end", "La fin et le vainqueur"],
    ["p", "La fin arrive avec le premier de ces événements :"],
    ["ul", [
      "il ne reste aucune carte visible ;",
      "la troisième tuile Fermé est posée ;",
      "chaque bar, bars privés compris, contient au moins un cube (très rare !)."
    ]],
    ["p", "On finit le tour complet en cours, on en joue encore un entier, et la partie s’arrête. Si cela arrive à la fin d’un tour complet, le suivant est le dernier."],
    ["h3", "Le décompte final"],
    ["ul", [
      "Un camion qui porte encore des cubes marque son jeton moins le nombre de cubes encore à bord (jamais moins de 0), à condition d’avoir livré au moins un cube de ce chargement. Exemple : un {t7} avec 3 cubes restants rapporte 4.",
      "Les cubes restés à bord ne rapportent rien et ne comptent pas comme perdus.",
    ]],
    ["p", "Le plus haut score gagne. En cas d’égalité, le joueur qui a perdu le moins de cubes pendant la partie (saisis et abandonnés) l’emporte ; si l’égalité demeure, la victoire est partagée."],

    ["h2", "two", "À deux joueurs"],
    ["ul", [
      "Chaque joueur conduit deux camions, et son score est le **plus faible** des scores de ses deux camions : n’en négligez aucun.",
      "Un tour complet se joue ainsi : premier joueur, second joueur, second joueur, premier joueur. Le premier joueur ouvre la partie avec le camion de son choix ; ensuite chacun joue ses deux camions à la suite, dans l’ordre qu’il veut (la paire du premier joueur est à cheval sur la fin d’un tour complet et le début du suivant). Les dés sont lancés avant chaque camion.",
      "Au dernier tour complet, le premier joueur ne joue que le camion qui n’a pas ouvert la partie : chaque camion joue ainsi autant de tours.",
      "Le départage compte les cubes perdus par les deux camions.",
    ]],

    ["h2", "leaving", "Pendule, départ et pilote automatique"],
    ["ul", [
      "À deux, un joueur qui n’a plus de temps, abandonne ou s’en va perd la partie.",
      "À trois ou quatre, le pilote automatique conduit désormais ses camions : leurs points comptent toujours, mais ce joueur ne peut plus gagner. S’il ne reste qu’un joueur qui peut gagner, la partie s’arrête aussitôt.",
      "Si son temps s’épuise au milieu d’une décision, celle-ci prend le choix le plus sage (pas de chargement, pas de personnage, le camion reste sur place ; à la mise en place, la première distillerie libre et la première carte distribuée), puis le pilote automatique prend le relais.",
    ]],

    ["h2", "options", "Les options de la salle"],
    ["p", "Qui crée la salle peut changer ces règles sous « Plus d’options », où elles portent les noms ci-dessous. Le préréglage de la salle, « Prohibition (la règle du jeu) », garde toutes les valeurs par défaut, marquées ci-dessous ; chaque option se change indépendamment."],
    ["options"],
  ],
  options: {
    layout: {
      values: {
        standard: "Coins noirs au centre : Ness part de D4, Capone des coins de la ville.",
        inverted: "Chaque plateau tourné sur lui-même, coins marron au centre : Capone part de D4, Ness des coins. Les distilleries et les bars privés suivent leurs plateaux ; les points de départ du policier ne changent pas.",
      },
      fig: "layouts",
    },
    special_placement: {
      values: {
        fixed: "Là où la disposition les met (le plan de « La ville »).",
        random: "Tirés au début : chaque plateau de quartier reçoit une distillerie et un bar privé, et deux bâtiments spéciaux ne se touchent jamais, pas même par un coin. Les couleurs des bars privés sont mélangées entre les plateaux.",
      },
    },
    delivery_distance: {
      values: {
        exact: "Exactement la distance du cube : 1 rue pour le marron, 2 pour le noir, 3 pour le blanc.",
        at_most: "Au plus cette distance : un cube blanc peut être livré après 1, 2 ou 3 rues.",
      },
    },
    truck_must_move: {
      values: {
        no: "Un camion peut toujours rester sur place.",
        yes: "Un camion qui peut bouger doit bouger ; il ne reste que s’il est bloqué.",
      },
    },
    control_range: {
      values: {
        line: "Toute sa ligne et toute sa colonne.",
        touching: "Seulement les rues qui partent de son carrefour (quatre au plus).",
      },
      fig: "range",
    },
    repeat_contact: {
      values: {
        forbidden: "Non : un camion souffle entre deux descentes du même personnage.",
        allowed: "Oui : Ness peut harceler le même camion tour après tour.",
      },
    },
    load_window: {
      values: {
        arrival: "Juste après être arrivé dans la rue de la distillerie, ou au début de son tour suivant, avant le lancer.",
        parked: "Au début ou à la fin de chacun de ses tours dans cette rue, tant qu’il n’a pas chargé depuis son dernier déplacement.",
      },
    },
    abandon_token: {
      values: {
        rulebook: "Le jeton n’est perdu que si les pertes, cubes abandonnés compris, remplissent sa condition ; sinon il est marqué.",
        discard: "Le jeton est toujours perdu, sans être marqué.",
      },
    },
    two_player_p1_order: {
      values: {
        free: "Il choisit l’ordre de chaque paire de tours.",
        fixed: "Le camion qui a ouvert la partie joue toujours en premier dans un tour complet, l’autre en dernier.",
      },
    },
    bars_trigger: {
      values: {
        cube: "Chaque bar doit contenir un cube. Un bar fermé n’en contiendra jamais : une fois une tuile posée, cette fin ne peut plus arriver.",
        cube_or_closed: "Un bar avec une tuile Fermé compte aussi comme livré.",
      },
    },
  },
  extraOptions: [
    ["time_control", "Cadence", "Sans pendule, ou un temps de départ pour chaque joueur plus quelques secondes après chaque tour. Les pendules sont publiques, et celle d’un joueur tourne dès qu’il doit décider (pendant les choix secrets, celle de chacun qui n’a pas encore choisi). Ce qui arrive quand le temps s’épuise est expliqué plus haut."],
  ],
  figs: {
    quickParts: "Les cubes et les personnages.",
    parts: "Les pièces, et ce qu’elles font.",
    city: "La ville au début d’une partie (disposition standard) : les distilleries W1–W4, les bars privés, les points de départ des personnages et la piste de score tout autour.",
    contact: "Ness avance de 3 carrefours, de D4 à E4. Il touche deux camions : le vert perd son cube blanc (le plus précieux) et 1 point ; le rouge est protégé par Capone à l’autre bout de sa rue.",
    control: "Ness en D4 et Capone en G4. En rouge : Ness est le plus proche, ni livraison ni chargement. En vert : Capone est le plus proche, un cube de plus. En gris (E4-F4) : tous deux sont à une rue, ils s’annulent.",
    drive: "Le camion rouge quitte la distillerie W1 avec un cube marron, un noir et un blanc. Il peut livrer le marron à 1 rue, le noir à 2 rues, le blanc à 3 rues (ici dans le bar privé blanc PW).",
    neighbours: "Un cube noir dans le bar C3e : ses cinq voisins (en rouge) ne peuvent recevoir aucun cube noir. Les autres couleurs restent permises.",
    display: "Les cartes visibles : cinq cartes. Une carte montre ses cubes et sa valeur ; celle qui est retournée ne peut plus être chargée, la réserve n’a plus ses cubes.",
    tokens: "Les trois jetons Prime et les pertes qui les coûtent.",
    closed: "À la fin du tour complet, le bar D3n est vide et ses voisins (entourés) contiennent du blanc, du noir et du marron : il ne pourra jamais être livré, il reçoit une tuile Fermé.",
    layouts: "Dans la disposition standard, Ness part du centre ; dans la disposition inversée, c’est Capone.",
    range: "Ce que Ness contrôle depuis D4 : toute sa ligne et toute sa colonne, ou seulement les quatre rues autour de lui.",
  },
  labels: {
    cubeW: "blanc : 3 rues, 3 points",
    cubeK: "noir : 2 rues, 2 points",
    cubeB: "marron : 1 rue, 1 point",
    ness: "Ness : interdit ses rues ; prend le cube le plus précieux",
    nessName: "Elliot Ness",
    policeName: "le policier",
    caponeName: "Al Capone",
    police: "Policier : interdit ses rues ; prend le cube le moins précieux",
    capone: "Capone : un cube de plus dans ses rues ; protège un camion",
    truck: "Un camion et ses cubes : le chiffre est celui du camion",
    card: "Une carte Chargement : ses cubes et sa valeur",
    charDie: "Dé personnage : deux personnages par face",
    numberDie: "Dé chiffre : combien de carrefours",
    tokens: "Jetons Prime : marqués quand le camion est vide",
    closedTile: "Tuile Fermé : ce bar est fermé pour de bon",
    lostWhen3: "perdu : deux cubes d’une couleur",
    lostWhen5: "perdu : deux cubes de deux couleurs",
    lostWhen7: "perdu : un seul cube",
    forbid: "interdit",
    help: "+1 cube",
    cancel: "s’annulent",
    protected: "protégé",
    seized: "−1 blanc",
    noBlack: "pas de noir",
    closed: "{slot} : Fermé",
    faceDown: "retournée",
    worth: "vaut {v}",
  },
};

export const TEXT = { en: EN, fr: FR };
