"""Spies!'s guided first game (issue 25): the learner plays Germany's turn of 1933 against the
computer's four other powers, one taught action at a time (``static/games/spies/tutorial.js``
holds the steps and their words).

The position, from a fixed seed and an opening of placements (setup steps 6, 7 and 10, the
timeout defaults of spec 17 except for eight spies):

- Germany's spy ``s01`` stands in Vienna, a neutral SECRET city whose secret ``x38`` lies
  uncontrolled beside it; ``s08`` stands in Paris; the others at home. Germany holds two
  Discovery chits and the tile "Reichstag Fire" (``t2``), which pays its spies in Paris (2
  chits) and Vienna (£2).
- France's spy ``s27`` stands in Cologne, among two German police units; ``s13`` waits in
  Paris, one line away from Berlin and its two German police units.

:data:`LESSON` is the learner's line, one action per step of ``tutorial.js``: play the tile,
search the French spy in Cologne (France lets the search happen), discover the secret in
Vienna, carry it to Berlin, cash it in, end the turn; then, in France's turn, search the
French spy that comes into Berlin. The game is shortened to 1933 (``last_year``), so it ends
after Britain's turn, a minute later, with Germany ahead.

:func:`decide` plays the computer's seats from their own view only: in 1933 each power
discards a tile and ends its turn, France first moves ``s13`` from Paris to Berlin, and no
power ever dodges a search; anything else goes to the game's own bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.spies.bot import DEFAULT_LEVEL
from engine.spies.bot import decide as bot_decide
from engine.spies.data import TURN_ORDER
from engine.tutorial import Tutorial

PLAYERS: Final = 5
"""One power a seat (spec 2): the learner is Germany, seat 0; the computer has the others."""
SEED: Final = "75f3646a9de53b7cb8956592e526fe570860d95e9a5cb26a41ba6ec850833392"
OPTIONS: Final[Mapping[str, Any]] = {
    "last_year": 1933,  # the game ends after Britain's turn of 1933
    "negotiation_pregame": 0,  # no negotiation period: nobody to talk to
    "negotiation_yearly": 0,
    "response_timeout": 60 * 60,  # an hour: the learner reads at his own pace
}
YEAR: Final = 1933

_SEAT: Final = {power: seat for seat, power in enumerate(TURN_ORDER)}
_PLACEMENTS: Final = (
    # setup step 6, the secrets: every power's default (its home cities in data-pack order)
    ("G", "x01 BER x02 HAM x03 COL x04 FRA x05 MUN x06 DRE x07 BRE"),
    ("I", "x08 ROM x09 MIL x10 GEN x11 VEN x12 NAP x13 BAR"),
    ("R", "x14 MOS x15 LEN x16 MIN x17 KIE x18 KHA x19 ODE"),
    ("F", "x20 PAR x21 CAL x22 STR x23 LYO x24 MAR x25 BOR x26 BRS"),
    ("B", "x27 LON x28 POR x29 BIR x30 LIV x31 GLA x32 BEL"),
    # step 7, the police: every power's default (capital first, two a city)
    ("G", "p03 BER p06 BER p08 HAM p15 HAM p16 COL p17 COL"),
    ("I", "p01 ROM p11 ROM p18 MIL p25 MIL p26 GEN"),
    ("R", "p02 MOS p10 MOS p12 LEN p14 LEN p19 MIN p22 MIN"),
    ("F", "p05 PAR p07 PAR p13 CAL p23 CAL p24 STR"),
    ("B", "p04 LON p09 LON p20 POR p21 POR"),
    # step 10, the spies: Germany's two abroad (Vienna, Paris) and four at home; France's
    # s27 in Cologne; every other spy in its capital (the default)
    ("G", "s01 VIE s08 PAR s12 BER s16 DRE s21 BRE s23 FRA"),
    ("I", "s03 ROM s04 ROM s09 ROM s14 ROM s26 ROM"),
    ("R", "s02 MOS s05 MOS s15 MOS s18 MOS s19 MOS s20 MOS"),
    ("F", "s10 PAR s11 PAR s13 PAR s17 PAR s27 COL"),
    ("B", "s06 LON s07 LON s22 LON s24 LON s25 LON s28 LON"),
)


def _opening() -> tuple[tuple[int, dict[str, Any]], ...]:
    out = []
    for power, pairs in _PLACEMENTS:
        words = pairs.split()
        for piece, city in zip(words[::2], words[1::2], strict=True):
            out.append((_SEAT[power], {"type": "act", "text": f"{power} place {piece} {city}"}))
    return tuple(out)


OPENING: Final = _opening()

# The pieces the lesson is about (runtime ids of this seed, section 14.4).
VIENNA_SPY: Final = "s01"
VIENNA_SECRET: Final = "x38"
COLOGNE_SPY: Final = "s27"
ENTERING_SPY: Final = "s13"

LESSON: Final = (
    "G play t2",
    f"G search COL:{COLOGNE_SPY}",
    f"G chit c1 DIS {VIENNA_SPY} {VIENNA_SECRET}",
    f"G go {VIENNA_SPY} BER",
    f"G cash {VIENNA_SPY}",
    "G end",
    f"G search {ENTERING_SPY}",
)
"""The learner's taught actions in order (the steps of ``tutorial.js`` that take one)."""


def scripted(view: Mapping[str, Any]) -> str | None:
    """The computer's line for the decision its view shows, or ``None`` off the script. Reads
    the view only: the year, the decision (public), the seat's own legal lines and where a
    spy stands (public)."""
    decision = view.get("decision")
    legal = [str(line) for line in view.get("legal") or ()]
    if not decision or not legal or view.get("year") != YEAR or view.get("result"):
        return None
    power = decision.get("power")
    kind = decision.get("kind")
    line: str | None = None
    if kind == "evade":
        line = f"{power} pass"  # the searched spy takes its chances: the lesson shows a search
    elif kind == "tile":
        discards = [text for text in legal if text.startswith(f"{power} discard t")]
        line = min(discards, key=lambda text: int(text.rsplit("t", 1)[1]), default=None)
    elif kind == "turn":
        move = f"F go {ENTERING_SPY} BER"
        spy = next((s for s in view.get("spies") or () if s.get("id") == ENTERING_SPY), None)
        if power == "F" and move in legal and spy is not None and spy.get("city") == "PAR":
            line = move
        else:
            line = f"{power} end"
    return line if line in legal else None


def decide(
    view: Mapping[str, Any], level: str = "tutorial", seed: int = 0, budget: float | None = None
) -> dict[str, Any]:
    """The computer's seats in the tutorial room (``Tutorial.script``): the scripted line,
    else the game's own bot (level basic) from the same view."""
    line = scripted(view)
    if line is None:
        return bot_decide(view, DEFAULT_LEVEL, seed, budget)
    return {"type": "act", "text": line}


TUTORIAL: Final = Tutorial(
    players=PLAYERS,
    preset="standard",
    options=OPTIONS,
    seed=SEED,
    opening=OPENING,
    script="engine.spies.tutorial:decide",
)

__all__ = ["LESSON", "OPENING", "OPTIONS", "PLAYERS", "SEED", "TUTORIAL", "decide", "scripted"]
