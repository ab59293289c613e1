// The rules of Flickago for players, in English and French: the quick reference and the full
// rules, written from the French rulebook (Jeremiah Lee) and the rules the engine plays
// (engine/flickago). rules.js lays them out with the diagrams of rules-diagrams.js.
//
// A section is a list of blocks: ["h2" | "h3" | "p" | "note", text], ["ul" | "ol", [text…]],
// ["fig", name] (a diagram, its caption and legend under `figs`), ["options"] (the room's
// options, under `options`). In a text, **…** is bold and `…` is code (an option's name as
// the room's form shows it); {name} is a number from the data pack (rules.js, numbers()).
// French is written with plain spaces before ; : ! ? and inside « »: frTypo() puts the
// non-breaking ones in.

/** French typography: a narrow no-break space before ; ! ? %, a no-break space before : and inside « ». */
export function frTypo(text) {
  return text
    .replace(/ ([;!?%])/g, "\u202F$1")
    .replace(/ :/g, "\u00A0:")
    .replace(/« /g, "«\u00A0")
    .replace(/ »/g, "\u00A0»");
}

export const TEXT = {
  en: {
    title: "How to play Flickago",
    quick: [
      ["h2", "The aim"],
      ["p", "White and Black flick their gangs' discs across the city. When neither player can shoot any more, each disc scores where it stopped; the higher total wins."],
      ["h2", "Your turn"],
      ["ol", [
        "**Take back** (optional) any of your discs touching your Safe Return zone, unless an inspector touches it too.",
        "**Flick one disc**: from your reserve, off a free launch point of its letter in your HQ (T Killer, F Family), or a Family disc on the board flicked only once (it is then turned face down).",
        "**After the shot**, discs completely off the board or in the enemy HQ are eliminated, and an inspector touching a Safe Return zone captures every disc there.",
        "**Inspectors** that left the board or captured go back on a star, chosen by the player who did not shoot.",
      ]],
      ["note", "To shoot: press on a gold disc, pull back away from the target, let go. The longer the pull, the harder the shot."],
      ["h2", "Scoring"],
      ["ul", [
        "**{safe}**: a disc touching its own Safe Return zone.",
        "**1 to 3**: a disc in its far half (the best sector it touches).",
        "**Inspectors** score like a disc for the side whose far half they lie in, unless on the centre line or a zone.",
        "Nothing for discs in their own half, in the reserve or eliminated.",
      ]],
      ["fig", "quickBoard"],
      ["h2", "The end"],
      ["p", "When neither player can shoot, or after {maxShots} shots. The higher total wins; equal totals are a draw."],
    ],
    full: [
      ["h2", "The aim of the game"],
      ["p", "Three inspectors have just arrived in Chicago, and two rival gangs, White and Black, want to be sure they learn nothing about the Family. Each player flicks his gang's discs from his headquarters (HQ) across a board cut into city sectors."],
      ["p", "At the end, each disc scores for where it stopped: in the half of the city across the centre line, and above all in its **Safe Return zone**. On the way, discs get knocked off the board, pushed into the enemy HQ or caught by an inspector. When neither player can shoot any more, the higher score wins."],

      ["h2", "Components"],
      ["ul", [
        "**The board**: a city of {sectors} sectors worth 1 to 3 points, a centre line, an HQ at each end with {points} launch points, one Safe Return zone per gang, and {stars} stars for the inspectors.",
        "**Two gangs of {discs} discs**, White and Black. Each has **{killers} Killers** (marked T, for the French *Tueur*) and **{family} Family discs** (marked F).",
        "**{inspectors} inspectors**, neutral. Nobody flicks them; they move only when something hits them.",
      ]],
      ["fig", "pieces"],

      ["h2", "The board"],
      ["fig", "board"],
      ["note", "The printed board of the original game has not survived, so this site plays on a board of its own, built from the rulebook's elements: its size, its sectors and their values, the size and weight of the pieces and the way they slide are the site's choices. Everything you see on the board is exactly what the server plays."],

      ["h2", "Setting up"],
      ["ol", [
        "The server draws who plays first (or the room's host starts: see the options). The first player takes **White** and the bottom edge; the other plays **Black** from the top.",
        "The three inspectors stand on the stars S1, S2 and S3 of the centre line.",
        "All {allDiscs} discs start in their owners' reserves, beside the board. The board holds nothing else.",
      ]],
      ["p", "Each player sees his own HQ at the bottom of his screen: Black's board is turned round."],

      ["h2", "A turn"],
      ["p", "Players take turns, White first. A turn is one shot, with an optional step before it."],
      ["h3", "1. Taking discs back (optional)"],
      ["p", "At the start of your turn you may take back into your reserve any of your discs that touch **your** Safe Return zone, as many as you like, as long as no inspector touches that zone. A disc taken back no longer scores on the board, but you can flick it again later. A Family disc comes back as new, with both its flicks (unless the room changed that: see the options)."],
      ["p", "You cannot take back a disc if that would leave you no shot at all."],
      ["h3", "2. The shot"],
      ["p", "You must shoot if you can. Choose one:"],
      ["ul", [
        "**A disc from your reserve.** Put it on a free launch point of its letter in your HQ (a Killer on T1, T2 or T3, a Family disc on F1 or F2) and flick it from there. A point is free when the disc would touch no other piece. Your first shot always comes from the reserve.",
        "**A Family disc's second flick.** A Family disc on the board that has been flicked only once may be flicked again from where it lies. It is then turned face down: it stays on the board and still scores, but can never be flicked again.",
      ]],
      ["p", "A Killer is flicked once, then stays where it ends up. Inspectors are never flicked."],
      ["fig", "shot"],
      ["h3", "Aiming on this site"],
      ["ul", [
        "What you may flick glows gold: a reserve disc waiting on each free launch point, and your Family discs that can be flicked again.",
        "Press on it, pull back (away from where it should go, like a slingshot) and let go. Pull back onto the disc to cancel.",
        "As a guide, a disc alone slides about one and a half board lengths at full power, and power {toLine} takes it from your HQ to the centre line. Nothing else predicts the shot: discs and inspectors bounce off each other.",
        "Prefer numbers? Open **Type a shot**: the angle in tenths of a degree (0 points right as White sees the board, 900 straight towards Black's edge, 1800 left) and the power from 1 to 1000.",
      ]],
      ["h3", "3. The shot rolls out"],
      ["p", "The server plays the shot out until everything stops, and every player and spectator watches the same animation (you may skip it). A shot is never left to chance, unless the room turned on the shaky hand. Your clock does not run while a shot rolls."],
      ["h3", "4. After the shot"],
      ["p", "Once everything has stopped, in this order:"],
      ["ol", [
        "**Off the board.** A disc that lies completely off the board, or that fell off the table, is eliminated. A disc still overlapping the board, even by a sliver, stays in play. An inspector off the board is set aside.",
        "**In the enemy HQ.** A disc whose centre stops inside the other gang's HQ is eliminated. Your own HQ is safe.",
        "**Captures.** If an inspector and any discs touch the same Safe Return zone, those discs are eliminated, whichever gang they belong to, and the inspector is set aside. An inspector alone in a zone stays there.",
        "**Inspectors back.** Each inspector set aside goes back on a free star. If several stars are free, the player who did **not** shoot chooses (tap a gold star). With a single free star it goes there by itself; with none it waits off the board and tries again after the next shot.",
      ]],
      ["p", "Eliminated discs are out for good: they score nothing and never come back."],
      ["fig", "resolution"],
      ["h3", "Passing"],
      ["p", "A player with no shot left passes automatically, and the other goes on playing."],

      ["h2", "Scoring"],
      ["p", "The score is counted after every shot (shown as provisional) and for good when the game ends. Each side adds:"],
      ["ul", [
        "**{safe} points** for each of its discs touching its **own** Safe Return zone.",
        "For each other disc, the **best value** among the sectors of its far half that it touches (1 to 3). A disc lying across two sectors counts the better one; a disc across the centre line counts the far-half sector it touches.",
        "**Inspectors.** An inspector lying wholly in one half counts, like a disc, for the side that scores in that half. One touching the centre line or a Safe Return zone, or whose centre is off the board, scores for nobody.",
        "Discs in their own half, in the reserve or eliminated score nothing. A disc in the **other** gang's Safe Return zone is in its own half: it is worth nothing.",
      ]],
      ["fig", "scoring"],

      ["h2", "The end of the game"],
      ["ul", [
        "The game ends when **neither player can shoot**, even after taking discs back: no disc left in the reserve that a free launch point can take, and no Family disc left with its second flick. As long as one player can still shoot, the other passes.",
        "It also ends after **{maxShots} shots** (the room may change this number).",
        "The higher total wins; equal totals are a draw. There is no draw by agreement.",
        "A player who resigns, runs out of time or leaves the game loses, and the other wins.",
      ]],

      ["h2", "Room options"],
      ["p", "Whoever creates the room picks a preset and a clock, and may change any rule below under **More options**. The standard game uses the first value of each list."],
      ["options"],

      ["h2", "Nothing hidden"],
      ["p", "Both players and any spectators see everything: every disc, both reserves, which Family discs are used, the score. The only secret is the seed behind the server's draws (who starts, the shaky hand): its fingerprint is published from the start and the seed itself when the game ends, so anyone can check the draws."],
    ],
    figs: {
      quickBoard: {
        label: "The Flickago board as White sees it, with the inspectors on their stars",
        caption: "As White sees it: White shoots from the bottom and scores in the top half, Black the other way round. A disc in its own blue zone scores {safe}.",
      },
      pieces: {
        label: "The pieces of Flickago",
        items: [
          "**Killer** (T): flicked once, then stays where it stops.",
          "**Family disc** (F, dashed rim): may be flicked twice.",
          "Gold dot: a Family disc **flicked once**; it has one flick left.",
          "Red ring: a Family disc **face down**, both flicks used. It stays and scores.",
          "Black's discs are the same, in black.",
          "**Inspector**: neutral, pushed around by the discs.",
        ],
      },
      board: {
        label: "The Flickago board, its areas marked A to E",
        caption: "As White sees it (Black sees it turned round, his HQ at the bottom). The big numbers are what a disc scores there.",
        legend: [
          ["A", "**White's HQ** and its launch points: T1, T2, T3 for Killers, F1, F2 for Family discs. A disc of the other gang that stops here is eliminated."],
          ["B", "**Black's HQ**, the same at the other end."],
          ["C", "The **centre line**, with the three **stars** (S1, S2, S3) where the inspectors start and come back to."],
          ["D", "**White's Safe Return zone** (Z.N), in front of Black's HQ: a white disc touching it scores {safe}, and White may take it back."],
          ["E", "**Black's Safe Return zone** (Z.S), in front of White's HQ."],
          ["", "Each gang scores in its **far half**, across the centre line (named down the right-hand side of the drawing). Each half is a grid of nine sectors: 1 along the centre line, more further on, and 3 at best: around the Safe Return zone and in the two back corners."],
        ],
      },
      shot: {
        label: "White aims a shot from his HQ",
        caption: "White aims a Killer from launch point T2.",
        legend: [
          ["1", "A reserve disc waits on a free launch point of its kind; the gold halo means you may flick it."],
          ["2", "Pull back (red) away from where it should go: the longer the pull, the harder the shot."],
          ["3", "The gold line shows the direction and how far the disc would slide alone; the ring around the disc fills with the power."],
          ["4", "A Family disc flicked once (gold dot) glows too: it may be flicked again from where it lies."],
          ["5", "A Killer already on the board can never be flicked again."],
        ],
      },
      resolution: {
        label: "The end of a shot by White: captures and eliminations",
        caption: "The top of the board after a shot by White, before the end-of-shot rules are applied.",
        legend: {
          capture: "White's F2 and Black's T4 touch zone Z.N while inspector I2 touches it: both discs are **captured**, whatever their gang. I2 is set aside.",
          hq: "White's T5 stopped with its centre in Black's HQ: **eliminated**.",
          edge: "White's T6 hangs over the edge but still overlaps the board: **still in play**.",
          off: "White's T7 lies completely off the board: **eliminated**.",
          stars: "I2 must go back on a free star. S2 and S3 are free (gold), so Black, who did not shoot, chooses; I3 was pushed off its star earlier and stays where it is.",
        },
      },
      scoring: {
        label: "A scoring example in the top half of the board",
        caption: "In the top half (White's far half): White has {w} points here, Black {b}.",
        legend: {
          corner: "White's Killer in a back corner.",
          straddle: "White's Family disc across two sectors: the better one counts.",
          zone: "White's Killer touching White's own Safe Return zone.",
          inspector: "An inspector wholly in this half scores for White, like a white disc.",
          line: "An inspector on the centre line scores for nobody.",
          own: "A black disc in its own half scores nothing.",
        },
      },
      hqOption: {
        label: "Three black discs at the edge of White's HQ",
        head: "Black discs at White's HQ",
        stays: "stays",
        out: "eliminated",
      },
      offOption: {
        label: "Three discs at the right-hand edge of the board",
        head: "Discs at the board's edge",
        stays: "in play",
        out: "eliminated",
      },
    },
    options: {
      standard: "standard",
      preset: {
        name: "Preset",
        text: "A ready-made set of rules.",
        values: {
          standard: "“Flickago (standard)”: every rule as described on this page.",
          literal: "“Flickago (either Safe Return zone scores 5)”, the rulebook read word for word: a disc touching **either** Safe Return zone scores {safe} (option `safe_zone_points`: `any`).",
        },
      },
      time_control: {
        name: "Time control",
        text: "No clock, or a clock per player: minutes for the game plus a few seconds added after each turn. Your clock runs while you owe a decision (taking back discs and shooting, or putting an inspector on a star) and stops while a shot rolls. A player whose time runs out loses.",
      },
      bots: {
        name: "Playing the computer",
        text: "When creating the room, a seat can be given to the computer, at level easy, normal or strong.",
      },
      rules: {
        inspector_points: {
          name: "Inspectors' points",
          text: "Whom an inspector scores for.",
          values: {
            far_half: "the side whose far half it lies in, like a disc of that side.",
            last_mover: "the same, but only if that side's shot was the last one to move it.",
            none: "inspectors never score.",
          },
        },
        off_board: {
          name: "Off the board",
          text: "When a disc counts as off the board (and is eliminated).",
          values: {
            no_overlap: "only once it no longer overlaps the board at all.",
            centre_out: "as soon as its centre is off the board, as if the board were raised and a disc tipped off it.",
          },
          fig: "offOption",
        },
        hq_elimination: {
          name: "Eliminated in the enemy HQ",
          text: "When a disc in the other gang's HQ is eliminated.",
          values: {
            centre: "when its centre is inside the HQ.",
            overlap: "as soon as it touches the HQ at all.",
            inside: "only when the whole disc is inside the HQ.",
          },
          fig: "hqOption",
        },
        returned_family: {
          name: "Family disc taken back",
          text: "What a Family disc keeps when it is taken back into the reserve.",
          values: {
            reset: "nothing: it comes back as new, with both flicks.",
            stays_flipped: "its flicks: a disc flicked once comes back with one flick left (launched again, it is turned face down at once), and a face-down disc cannot be taken back.",
          },
        },
        first_player: {
          name: "First player",
          text: "Who plays White and shoots first.",
          values: {
            random: "drawn by the server.",
            host: "the player who created the room.",
          },
        },
        jitter: {
          name: "Shaky hand",
          text: "A real flick is never perfect.",
          values: {
            off: "every shot goes exactly as aimed.",
            on: "the server changes each shot a little when it is played: up to {angleErr}° on the angle and {powerErr}% on the power, small errors being far more likely than large ones. The game log shows the shot as it was played.",
          },
        },
        safe_zone_points: {
          name: "Safe Return zone points",
          text: "Which Safe Return zone scores {safe} for a disc.",
          values: {
            own: "only its own gang's zone (a disc in the other zone scores nothing).",
            any: "either zone.",
          },
        },
        max_shots: {
          name: "Shot limit",
          text: "The game ends after this many shots, counting both players (any whole number from 1; standard {maxShots}). Without taking discs back a game has at most {natural} shots, so the limit only matters when players keep taking discs back.",
        },
      },
    },
  },

  fr: {
    title: "Comment jouer à Flickago",
    quick: [
      ["h2", "Le but"],
      ["p", "Les Blancs et les Noirs lancent d’une pichenette les pions de leur gang à travers la ville. Quand plus personne ne peut jouer, chaque pion marque selon l’endroit où il s’est arrêté ; le plus gros total gagne."],
      ["h2", "Votre tour"],
      ["ol", [
        "**Reprenez** (facultatif) vos pions qui touchent votre zone de retour au QG, sauf si un inspecteur la touche aussi.",
        "**Une pichenette** : un pion de votre réserve, depuis un point libre de sa lettre dans votre QG (T Tueur, F Famille), ou un pion Famille du plateau joué une seule fois (on le retourne alors).",
        "**Après le coup**, les pions complètement hors du plateau ou dans le QG adverse sont éliminés, et un inspecteur qui touche une zone de retour capture tous les pions qui s’y trouvent.",
        "**Les inspecteurs** sortis du plateau ou qui ont capturé reviennent sur une étoile, au choix du joueur qui n’a pas joué.",
      ]],
      ["note", "Pour jouer : appuyez sur un pion doré, tirez en arrière à l’opposé de la cible, lâchez. Plus vous tirez loin, plus le coup est fort."],
      ["h2", "Les points"],
      ["ul", [
        "**{safe}** : un pion qui touche sa propre zone de retour au QG.",
        "**1 à 3** : un pion dans sa moitié adverse (le meilleur secteur qu’il touche).",
        "**Les inspecteurs** marquent comme un pion pour le camp dont ils occupent la moitié adverse, sauf sur la ligne centrale ou une zone.",
        "Rien pour les pions dans leur propre moitié, en réserve ou éliminés.",
      ]],
      ["fig", "quickBoard"],
      ["h2", "La fin"],
      ["p", "Quand plus aucun joueur ne peut jouer, ou après {maxShots} coups. Le plus gros total gagne ; à égalité, la partie est nulle."],
    ],
    full: [
      ["h2", "Le but du jeu"],
      ["p", "Trois inspecteurs viennent de débarquer à Chicago, et deux gangs rivaux, les Blancs et les Noirs, veulent s’assurer qu’ils n’apprennent rien sur leur famille. Chaque joueur lance d’une pichenette les pions de son gang depuis son quartier général (QG), à travers un plateau découpé en secteurs de la ville."],
      ["p", "À la fin, chaque pion marque selon l’endroit où il s’est arrêté : dans la moitié de la ville au-delà de la ligne centrale, et surtout dans sa **zone de retour au QG**. En chemin, les pions sont expulsés du plateau, poussés dans le QG adverse ou pris par un inspecteur. Quand plus personne ne peut jouer, le plus gros score gagne."],

      ["h2", "Matériel"],
      ["ul", [
        "**Le plateau** : une ville de {sectors} secteurs qui valent de 1 à 3 points, une ligne centrale, un QG à chaque bout avec {points} points de départ, une zone de retour au QG par gang et {stars} étoiles pour les inspecteurs.",
        "**Deux gangs de {discs} pions**, blanc et noir. Chacun a **{killers} Tueurs** (marqués T) et **{family} pions Famille** (marqués F).",
        "**{inspectors} inspecteurs**, neutres. Personne ne leur donne de pichenette ; ils ne bougent que si on les heurte.",
      ]],
      ["fig", "pieces"],

      ["h2", "Le plateau"],
      ["fig", "board"],
      ["note", "Le plateau imprimé du jeu d’origine n’a pas été conservé ; ce site joue donc sur son propre plateau, construit avec les éléments de la règle : sa taille, ses secteurs et leurs valeurs, la taille et le poids des pions et leur façon de glisser sont des choix du site. Tout ce que montre le plateau est exactement ce que joue le serveur."],

      ["h2", "Mise en place"],
      ["ol", [
        "Le serveur tire au sort qui commence (ou bien c’est l’hôte de la salle : voir les options). Le premier joueur prend les **Blancs** et le bord du bas ; l’autre joue les **Noirs** depuis le haut.",
        "Les trois inspecteurs sont posés sur les étoiles S1, S2 et S3 de la ligne centrale.",
        "Les {allDiscs} pions commencent dans la réserve de leur propriétaire, à côté du plateau. Il n’y a rien d’autre sur le plateau.",
      ]],
      ["p", "Chaque joueur voit son propre QG en bas de son écran : le plateau des Noirs est retourné."],

      ["h2", "Un tour de jeu"],
      ["p", "Les joueurs jouent chacun à leur tour, les Blancs en premier. Un tour, c’est une pichenette, avec une étape facultative avant."],
      ["h3", "1. Reprendre des pions (facultatif)"],
      ["p", "Au début de votre tour, vous pouvez reprendre dans votre réserve ceux de vos pions qui touchent **votre** zone de retour au QG, autant que vous voulez, tant qu’aucun inspecteur ne touche cette zone. Un pion repris ne marque plus sur le plateau, mais vous pourrez le relancer plus tard. Un pion Famille revient comme neuf, avec ses deux pichenettes (sauf si la salle en a décidé autrement : voir les options)."],
      ["p", "Vous ne pouvez pas reprendre un pion si cela vous laisse sans aucun coup possible."],
      ["h3", "2. La pichenette"],
      ["p", "Vous devez jouer si vous le pouvez. Au choix :"],
      ["ul", [
        "**Un pion de votre réserve.** Posez-le sur un point de départ libre de sa lettre dans votre QG (un Tueur sur T1, T2 ou T3, un pion Famille sur F1 ou F2) et lancez-le de là. Un point est libre si le pion n’y toucherait aucune autre pièce. Votre premier coup part toujours de la réserve.",
        "**La seconde pichenette d’un pion Famille.** Un pion Famille déjà sur le plateau qui n’a servi qu’une fois peut être relancé de là où il est. On le retourne alors : il reste sur le plateau et marque toujours, mais ne pourra plus jamais être joué.",
      ]],
      ["p", "Un Tueur ne reçoit qu’une pichenette, puis reste là où il s’arrête. Les inspecteurs ne sont jamais joués."],
      ["fig", "shot"],
      ["h3", "Viser sur ce site"],
      ["ul", [
        "Ce que vous pouvez jouer brille en doré : un pion de la réserve posé sur chaque point de départ libre, et vos pions Famille qui peuvent être relancés.",
        "Appuyez dessus, tirez en arrière (à l’opposé de là où il doit aller, comme un lance-pierre) et lâchez. Revenez sur le pion pour annuler.",
        "Pour vous repérer : seul, un pion glisse sur environ une fois et demie la longueur du plateau à pleine force, et une force de {toLine} l’amène de votre QG à la ligne centrale. Rien d’autre ne prédit le coup : pions et inspecteurs rebondissent les uns sur les autres.",
        "Vous préférez les chiffres ? Ouvrez **Saisir un coup** : l’angle en dixièmes de degré (0 vers la droite du plateau vu par les Blancs, 900 droit vers le bord des Noirs, 1800 vers la gauche) et la force de 1 à 1000.",
      ]],
      ["h3", "3. Le coup se joue"],
      ["p", "Le serveur joue le coup jusqu’à ce que tout s’arrête, et joueurs comme spectateurs voient la même animation (on peut la passer). Le hasard n’intervient jamais dans un coup, sauf si la salle a activé la main tremblante. Votre pendule ne tourne pas pendant qu’un coup roule."],
      ["h3", "4. Après le coup"],
      ["p", "Une fois que tout est arrêté, dans cet ordre :"],
      ["ol", [
        "**Hors du plateau.** Un pion complètement hors du plateau, ou tombé de la table, est éliminé. Un pion qui déborde mais touche encore le plateau, même un peu, reste en jeu. Un inspecteur hors du plateau est mis de côté.",
        "**Dans le QG adverse.** Un pion dont le centre s’arrête dans le QG de l’autre gang est éliminé. Votre propre QG ne risque rien.",
        "**Captures.** Si un inspecteur et des pions touchent la même zone de retour au QG, ces pions sont éliminés, quel que soit leur gang, et l’inspecteur est mis de côté. Un inspecteur seul dans une zone y reste.",
        "**Retour des inspecteurs.** Chaque inspecteur mis de côté revient sur une étoile libre. S’il y en a plusieurs, le joueur qui n’a **pas** joué choisit (touchez une étoile dorée). S’il n’y en a qu’une, il y va tout seul ; s’il n’y en a aucune, il attend hors du plateau et réessaie après le coup suivant.",
      ]],
      ["p", "Les pions éliminés le sont pour de bon : ils ne marquent rien et ne reviennent jamais."],
      ["fig", "resolution"],
      ["h3", "Passer"],
      ["p", "Un joueur qui n’a plus de coup possible passe automatiquement, et l’autre continue à jouer."],

      ["h2", "Les points"],
      ["p", "Le score est compté après chaque coup (affiché comme provisoire) et pour de bon à la fin de la partie. Chaque camp additionne :"],
      ["ul", [
        "**{safe} points** pour chacun de ses pions qui touche sa **propre** zone de retour au QG.",
        "Pour chaque autre pion, la **meilleure valeur** parmi les secteurs de sa moitié adverse qu’il touche (de 1 à 3). Un pion à cheval sur deux secteurs compte le meilleur ; un pion à cheval sur la ligne centrale compte le secteur de la moitié adverse qu’il touche.",
        "**Les inspecteurs.** Un inspecteur entièrement dans une moitié compte, comme un pion, pour le camp qui marque dans cette moitié. S’il touche la ligne centrale ou une zone de retour, ou si son centre est hors du plateau, il ne marque pour personne.",
        "Les pions dans leur propre moitié, dans la réserve ou éliminés ne marquent rien. Un pion dans la zone de retour de l’**autre** gang est dans sa propre moitié : il ne vaut rien.",
      ]],
      ["fig", "scoring"],

      ["h2", "Fin de la partie"],
      ["ul", [
        "La partie s’arrête quand **plus aucun joueur ne peut jouer**, même en reprenant des pions : plus de pion en réserve qu’un point de départ libre puisse recevoir, et plus de pion Famille avec sa seconde pichenette. Tant qu’un joueur peut encore jouer, l’autre passe.",
        "Elle s’arrête aussi après **{maxShots} coups** (la salle peut changer ce nombre).",
        "Le plus gros total gagne ; à égalité, la partie est nulle. Il n’y a pas de nulle d’un commun accord.",
        "Un joueur qui abandonne, dépasse son temps ou quitte la partie perd, et l’autre gagne.",
      ]],

      ["h2", "Options de la salle"],
      ["p", "Celui qui crée la salle choisit une variante et une pendule, et peut changer chaque règle ci-dessous dans **Plus d’options**. La partie standard prend la première valeur de chaque liste."],
      ["options"],

      ["h2", "Rien de caché"],
      ["p", "Les deux joueurs et les spectateurs voient tout : chaque pion, les deux réserves, les pions Famille déjà joués, le score. Le seul secret est la graine des tirages du serveur (qui commence, la main tremblante) : son empreinte est publiée dès le début et la graine elle-même à la fin de la partie, pour que chacun puisse vérifier les tirages."],
    ],
    figs: {
      quickBoard: {
        label: "Le plateau de Flickago vu par les Blancs, les inspecteurs sur leurs étoiles",
        caption: "Vu par les Blancs : ils jouent depuis le bas et marquent dans la moitié du haut, les Noirs inversement. Un pion dans sa propre zone bleue marque {safe}.",
      },
      pieces: {
        label: "Les pièces de Flickago",
        items: [
          "**Tueur** (T) : une seule pichenette, puis il reste là où il s’arrête.",
          "**Pion Famille** (F, bord en tirets) : deux pichenettes possibles.",
          "Point doré : un pion Famille **joué une fois** ; il lui reste une pichenette.",
          "Anneau rouge : un pion Famille **retourné**, ses deux pichenettes jouées. Il reste et marque.",
          "Les pions des Noirs sont les mêmes, en noir.",
          "**Inspecteur** : neutre, bousculé par les pions.",
        ],
      },
      board: {
        label: "Le plateau de Flickago, ses parties marquées de A à E",
        caption: "Vu par les Blancs (les Noirs le voient retourné, leur QG en bas). Les grands chiffres disent ce que marque un pion à cet endroit.",
        legend: [
          ["A", "**Le QG des Blancs** et ses points de départ : T1, T2, T3 pour les Tueurs, F1, F2 pour les pions Famille. Un pion de l’autre gang qui s’y arrête est éliminé."],
          ["B", "**Le QG des Noirs**, le même à l’autre bout."],
          ["C", "La **ligne centrale**, avec les trois **étoiles** (S1, S2, S3) d’où partent les inspecteurs et où ils reviennent."],
          ["D", "**La zone de retour au QG des Blancs** (Z.N), devant le QG des Noirs : un pion blanc qui la touche marque {safe}, et les Blancs peuvent le reprendre."],
          ["E", "**La zone de retour au QG des Noirs** (Z.S), devant le QG des Blancs."],
          ["", "Chaque gang marque dans sa **moitié adverse**, au-delà de la ligne centrale (indiquée le long du bord droit du dessin). Chaque moitié est une grille de neuf secteurs : 1 le long de la ligne centrale, plus en avançant, et 3 au mieux : autour de la zone de retour et dans les deux coins du fond."],
        ],
      },
      shot: {
        label: "Les Blancs visent depuis leur QG",
        caption: "Les Blancs visent avec un Tueur depuis le point de départ T2.",
        legend: [
          ["1", "Un pion de la réserve attend sur un point de départ libre de son type ; le halo doré signale qu’on peut le jouer."],
          ["2", "Tirez en arrière (en rouge), à l’opposé de là où il doit aller : plus vous tirez loin, plus le coup est fort."],
          ["3", "La ligne dorée montre la direction et la distance que le pion parcourrait seul ; l’anneau autour du pion se remplit avec la force."],
          ["4", "Un pion Famille joué une fois (point doré) brille aussi : on peut le relancer de là où il est."],
          ["5", "Un Tueur déjà sur le plateau ne peut plus jamais être joué."],
        ],
      },
      resolution: {
        label: "La fin d’un coup des Blancs : captures et éliminations",
        caption: "Le haut du plateau après un coup des Blancs, avant l’application des règles de fin de coup.",
        legend: {
          capture: "Le F2 blanc et le T4 noir touchent la zone Z.N pendant que l’inspecteur I2 la touche : les deux pions sont **capturés**, quel que soit leur gang. I2 est mis de côté.",
          hq: "Le T5 blanc s’est arrêté avec son centre dans le QG des Noirs : **éliminé**.",
          edge: "Le T6 blanc déborde mais touche encore le plateau : **toujours en jeu**.",
          off: "Le T7 blanc est complètement hors du plateau : **éliminé**.",
          stars: "I2 doit revenir sur une étoile libre. S2 et S3 sont libres (en doré) : les Noirs, qui n’ont pas joué, choisissent ; I3, poussé hors de son étoile plus tôt, reste où il est.",
        },
      },
      scoring: {
        label: "Un exemple de décompte dans la moitié haute du plateau",
        caption: "Dans la moitié du haut (la moitié adverse des Blancs) : les Blancs ont ici {w} points, les Noirs {b}.",
        legend: {
          corner: "Un Tueur blanc dans un coin du fond.",
          straddle: "Un pion Famille blanc à cheval sur deux secteurs : le meilleur compte.",
          zone: "Un Tueur blanc qui touche la zone de retour des Blancs.",
          inspector: "Un inspecteur entièrement dans cette moitié marque pour les Blancs, comme un pion blanc.",
          line: "Un inspecteur sur la ligne centrale ne marque pour personne.",
          own: "Un pion noir dans sa propre moitié ne marque rien.",
        },
      },
      hqOption: {
        label: "Trois pions noirs au bord du QG des Blancs",
        head: "Pions noirs au QG des Blancs",
        stays: "reste",
        out: "éliminé",
      },
      offOption: {
        label: "Trois pions au bord droit du plateau",
        head: "Pions au bord du plateau",
        stays: "en jeu",
        out: "éliminé",
      },
    },
    options: {
      standard: "standard",
      preset: {
        name: "Variante",
        text: "Un jeu de règles tout prêt.",
        values: {
          standard: "« Flickago (standard) » : toutes les règles comme sur cette page.",
          literal: "« Flickago (chaque zone de retour rapporte 5) », la règle prise au mot : un pion qui touche **l’une ou l’autre** zone de retour au QG marque {safe} (option `safe_zone_points` : `any`).",
        },
      },
      time_control: {
        name: "Cadence",
        text: "Pas de pendule, ou une pendule par joueur : des minutes pour la partie plus quelques secondes ajoutées après chaque tour. Votre pendule tourne quand c’est à vous de décider (reprendre des pions et jouer, ou placer un inspecteur) et s’arrête pendant qu’un coup roule. Un joueur qui dépasse son temps perd.",
      },
      bots: {
        name: "Jouer contre l’ordinateur",
        text: "En créant la salle, on peut confier une place à l’ordinateur, au niveau facile, normal ou fort.",
      },
      rules: {
        inspector_points: {
          name: "Points des inspecteurs",
          text: "Pour qui marque un inspecteur.",
          values: {
            far_half: "pour le camp dont il occupe la moitié adverse, comme un pion de ce camp.",
            last_mover: "de même, mais seulement si c’est un coup de ce camp qui l’a déplacé en dernier.",
            none: "les inspecteurs ne marquent jamais.",
          },
        },
        off_board: {
          name: "Hors du plateau",
          text: "Quand un pion compte comme hors du plateau (et est éliminé).",
          values: {
            no_overlap: "seulement quand il ne touche plus du tout le plateau.",
            centre_out: "dès que son centre est hors du plateau, comme si le plateau était surélevé et que le pion en basculait.",
          },
          fig: "offOption",
        },
        hq_elimination: {
          name: "Éliminé dans le QG adverse",
          text: "Quand un pion dans le QG de l’autre gang est éliminé.",
          values: {
            centre: "quand son centre est dans le QG.",
            overlap: "dès qu’il touche le QG, même un peu.",
            inside: "seulement quand le pion est entièrement dans le QG.",
          },
          fig: "hqOption",
        },
        returned_family: {
          name: "Pion Famille repris",
          text: "Ce que garde un pion Famille repris dans la réserve.",
          values: {
            reset: "rien : il revient comme neuf, avec ses deux pichenettes.",
            stays_flipped: "ses pichenettes : un pion joué une fois revient avec une seule pichenette (relancé, il est aussitôt retourné), et un pion retourné ne peut pas être repris.",
          },
        },
        first_player: {
          name: "Premier joueur",
          text: "Qui joue les Blancs et commence.",
          values: {
            random: "tiré au sort par le serveur.",
            host: "le joueur qui a créé la salle.",
          },
        },
        jitter: {
          name: "Main tremblante",
          text: "Une vraie pichenette n’est jamais parfaite.",
          values: {
            off: "chaque coup part exactement comme visé.",
            on: "le serveur modifie un peu chaque coup au moment de le jouer : jusqu’à {angleErr}° sur l’angle et {powerErr} % sur la force, les petites erreurs étant bien plus probables que les grandes. Le journal montre le coup tel qu’il a été joué.",
          },
        },
        safe_zone_points: {
          name: "Points des zones de retour",
          text: "Quelle zone de retour au QG rapporte {safe} à un pion.",
          values: {
            own: "seulement celle de son gang (un pion dans l’autre zone ne marque rien).",
            any: "l’une ou l’autre.",
          },
        },
        max_shots: {
          name: "Limite de coups",
          text: "La partie s’arrête après ce nombre de coups, ceux des deux joueurs comptés (tout nombre entier à partir de 1 ; {maxShots} en standard). Sans reprise de pions, une partie compte au plus {natural} coups : la limite ne joue que si les joueurs reprennent souvent leurs pions.",
        },
      },
    },
  },
};
