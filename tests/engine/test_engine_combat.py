"""Combat (spec section 6), the end of the game and each rule option (spec section 8)."""

from __future__ import annotations

import json

import pytest
from engine_helpers import cells_of, state_of

from engine.core import SPECTATOR
from engine.errors import GameOver
from engine.speakeasy import SPEAKEASY

RANKED = "12345678"
ATTACKERS = [*RANKED, "K", "F"]
DEFENDERS = [*RANKED, "K", "B", "F", "S"]
BASE = {"d1": "sS", "d12": "nS", "e2": "s1", "e11": "n1"}


def spec_survivor(att: str, dfn: str, babe_survives: bool) -> str:
    """The table of spec section 6, plus the ``babe_survives`` row of section 8."""
    if dfn == "S":
        return "attacker"
    if dfn == "B" and att not in "KF" and babe_survives:
        return "defender"
    if att in RANKED:
        if dfn in RANKED:
            return "attacker" if att > dfn else "none" if att == dfn else "defender"
        return {"K": "attacker", "B": "none", "F": "none"}[dfn]
    if att == "K":
        return {"K": "none", "B": "attacker", "F": "none"}.get(dfn, "defender")
    return "none"  # the FBI


def play(st, move: str):  # type: ignore[no-untyped-def]
    return SPEAKEASY.apply(st, st.to_move, {"type": "move", "move": move})


@pytest.mark.parametrize("babe_survives", [False, True])
@pytest.mark.parametrize("dfn", DEFENDERS)
@pytest.mark.parametrize("att", ATTACKERS)
def test_combat_table(att: str, dfn: str, babe_survives: bool) -> None:
    cells = {**BASE, "a3": f"s{att}", "a4": f"n{dfn}"}
    if dfn == "S":
        cells.pop("d12")
    st = state_of(cells, quiet=7, ply=20, babe_survives=babe_survives)
    tr = play(st, "a3-a4")
    after = tr.state
    survivor = spec_survivor(att, dfn, babe_survives)
    board = cells_of(after)
    assert "a3" not in board
    assert board.get("a4") == {"attacker": f"S{att}", "defender": f"N{dfn}", "none": None}[survivor]
    assert (after.quiet, after.ply) == (0, 21)
    move = tr.events[0]
    assert move.data["combat"] == {"survivor": survivor, "attacker": att, "defender": dfn}
    if dfn == "S":
        assert after.result is not None and after.result.to_dict() == {
            "outcome": "win",
            "reason": "speakeasy",
            "winner": 0,
        }
        assert [e.kind for e in tr.events] == ["move", "end"]
    else:
        assert after.result is None


def test_speakeasy_capture_by_north() -> None:
    st = state_of({**BASE, "d2": "n2"}, "n", ply=5)
    after = play(st, "d2-d1").state
    assert after.result.to_dict() == {"outcome": "win", "reason": "speakeasy", "winner": 1}
    assert after.ply == 6 and after.to_move == 0
    assert SPEAKEASY.actors(after) == frozenset()
    with pytest.raises(GameOver):
        SPEAKEASY.apply(after, 0, {"type": "move", "move": "e2-e3"})


def test_no_legal_move_loses() -> None:
    # North's last mobile piece is taken; his Babe and Speakeasy cannot move.
    st = state_of({"d1": "sS", "d12": "nS", "c12": "nB", "a6": "s8", "a9": "n3"})
    after = play(st, "a6-a9").state
    assert after.result.to_dict() == {"outcome": "win", "reason": "no_moves", "winner": 0}


def test_no_legal_move_when_walled_in() -> None:
    # North's last free piece is taken; his 5 on a12 is walled in by his Babe and Speakeasy.
    st = state_of({"d1": "sS", "b12": "nS", "a12": "n5", "a11": "nB", "a6": "s8", "a9": "n3"})
    after = play(st, "a6-a9").state
    assert after.result.to_dict() == {"outcome": "win", "reason": "no_moves", "winner": 0}


def test_no_legal_move_in_luzhanqi_when_only_bar_pieces_remain() -> None:
    st = state_of({"d1": "sS", "d12": "nS", "b12": "n5", "a6": "s8", "a9": "n3"}, preset="luzhanqi")
    after = play(st, "a6-a9").state
    assert after.result.to_dict()["reason"] == "no_moves"


def test_no_combat_draw_at_the_limit() -> None:
    st = state_of(BASE, quiet=99, ply=150)
    after = play(st, "e2-e3").state
    assert after.quiet == 100
    assert after.result.to_dict() == {"outcome": "draw", "reason": "no_combat", "winner": None}


def test_no_combat_counter_counts_and_combat_resets_it() -> None:
    st = state_of({**BASE, "a3": "s5", "a4": "n2"}, quiet=98, ply=150)
    st = play(st, "e2-e3").state
    assert st.quiet == 99 and st.result is None
    st = play(st, "a4-a3").state  # North's 2 attacks South's 5: a combat
    assert st.quiet == 0 and st.result is None
    st = play(st, "e3-e4").state
    assert st.quiet == 1


def test_no_combat_limit_option() -> None:
    st = state_of(BASE, quiet=9, ply=9, no_combat_limit=10)
    assert play(st, "e2-e3").state.result.reason == "no_combat"
    st = state_of(BASE, quiet=9, ply=9)
    assert play(st, "e2-e3").state.result is None


def test_every_move_passes_the_turn_and_counts_a_ply_even_the_last() -> None:
    st = state_of({**BASE, "d2": "s2"}, ply=41, quiet=3)
    after = play(st, "d2-d3").state
    assert (after.to_move, after.ply, after.quiet) == (1, 42, 4)
    st = state_of({**BASE, "c12": "s2"}, ply=41)
    after = play(st, "c12-d12").state
    assert (after.to_move, after.ply) == (1, 42) and after.result.winner == 0


# -- options, each on its own --------------------------------------------------------------
def test_babe_survives_kid_still_removes_her() -> None:
    st = state_of({**BASE, "a3": "sK", "a4": "nB"}, babe_survives=True)
    assert cells_of(play(st, "a3-a4").state)["a4"] == "SK"
    st = state_of({**BASE, "a3": "s8", "a4": "nB"}, babe_survives=True)
    assert cells_of(play(st, "a3-a4").state)["a4"] == "NB"
    st = state_of({**BASE, "a3": "s8", "a4": "nB"})
    assert "a4" not in cells_of(play(st, "a3-a4").state)


BABE_DEFENDS = {
    # attacker: (Speak Easy preset, Lu Zhan Qi preset): who survives an attack on a Babe
    **{rank: ("none", "defender") for rank in RANKED},
    "K": ("attacker", "attacker"),
    "F": ("none", "none"),  # as a bomb meets a landmine
}


@pytest.mark.parametrize("preset", ["speakeasy", "luzhanqi"])
@pytest.mark.parametrize("att", ATTACKERS)
def test_every_attacker_against_a_babe(att: str, preset: str) -> None:
    """Spec section 8: under ``luzhanqi`` (``babe_survives``) the Kid removes her and stays,
    an FBI agent and the Babe both go, any other attacker goes and she stays."""
    st = state_of({**BASE, "a3": f"s{att}", "a4": "nB"}, preset=preset)
    tr = play(st, "a3-a4")
    want = BABE_DEFENDS[att][preset == "luzhanqi"]
    assert tr.events[0].data["combat"]["survivor"] == want
    board = cells_of(tr.state)
    assert "a3" not in board
    # Under luzhanqi a combat is refereed: the survivor keeps his face hidden.
    shown = "S" if preset == "speakeasy" else "s"
    assert board.get("a4") == {"attacker": f"{shown}{att}", "defender": "nB", "none": None}[want]


def test_reveal_on_combat_default_shows_both_faces_to_all() -> None:
    st = state_of({**BASE, "a3": "s8", "a4": "n2"})
    tr = play(st, "a3-a4")
    assert cells_of(tr.state)["a4"] == "S8"
    for viewer in (0, 1, SPECTATOR):
        assert SPEAKEASY.project(tr.events[0], viewer)["combat"] == {
            "survivor": "attacker",
            "attacker": "8",
            "defender": "2",
        }
    assert "S8" in SPEAKEASY.view(tr.state, 1)["position"]
    assert "S8" in SPEAKEASY.view(tr.state, SPECTATOR)["position"]


def test_referee_mode_shows_only_who_was_removed() -> None:
    st = state_of({**BASE, "a3": "s8", "a4": "n2"}, reveal_on_combat=False)
    tr = play(st, "a3-a4")
    assert cells_of(tr.state)["a4"] == "s8"  # not revealed
    for viewer in (1, SPECTATOR):
        assert SPEAKEASY.project(tr.events[0], viewer)["combat"] == {"survivor": "attacker"}
        view = SPEAKEASY.view(tr.state, viewer)
        assert view["position"].split("/")[8][:2] == "s?"  # rank 4, file a
        assert view["history"][-1] == {"ply": 0, "side": "s", "move": "a3-a4", "survivor": "attacker"}
    assert SPEAKEASY.view(tr.state, 0)["position"].split("/")[8][:2] == "s8"
    assert SPEAKEASY.view(tr.state, 1)["removed"] == {"s": [], "n": ["2"]}  # his own piece
    assert SPEAKEASY.view(tr.state, 0)["removed"] == {"s": [], "n": ["?"]}
    assert SPEAKEASY.view(tr.state, SPECTATOR)["removed"] == {"s": [], "n": ["?"]}


@pytest.mark.parametrize("enabled", [False, True])
def test_boss_loss_reveals_speakeasy(enabled: bool) -> None:
    # South's Boss attacks North's FBI: both removed, so South's Speakeasy is shown.
    st = state_of({**BASE, "a3": "s8", "a4": "nF"}, boss_loss_reveals_speakeasy=enabled)
    tr = play(st, "a3-a4")
    assert cells_of(tr.state)["d1"] == ("SS" if enabled else "sS")
    reveals = [e for e in tr.events if e.kind == "reveal"]
    assert [e.data for e in reveals] == ([{"side": "s", "square": "d1", "piece": "S"}] if enabled else [])
    seen = SPEAKEASY.view(tr.state, 1)["position"].split("/")[11]
    assert seen[6:8] == ("SS" if enabled else "s?")
    # North's Boss attacked and removed by a South FBI: North's Speakeasy is shown.
    st = state_of({**BASE, "a3": "sF", "a4": "n8"}, boss_loss_reveals_speakeasy=enabled)
    assert cells_of(play(st, "a3-a4").state)["d12"] == ("NS" if enabled else "nS")


def test_boss_tie_reveals_both_speakeasies() -> None:
    st = state_of({**BASE, "a3": "s8", "a4": "n8"}, preset="luzhanqi")
    after = play(st, "a3-a4").state
    assert cells_of(after)["d1"] == "SS" and cells_of(after)["d12"] == "NS"


def test_boss_win_reveals_nothing() -> None:
    st = state_of({**BASE, "a3": "s8", "a4": "n7"}, preset="luzhanqi")
    after = play(st, "a3-a4").state
    assert cells_of(after)["d1"] == "sS" and cells_of(after)["d12"] == "nS"


def test_luzhanqi_preset_options() -> None:
    presets = SPEAKEASY.presets()
    assert presets["speakeasy"] == {
        "bar_exit": True,
        "fbi_front_row": True,
        "babe_survives": False,
        "reveal_on_combat": True,
        "boss_loss_reveals_speakeasy": False,
        "no_combat_limit": 100,
    }
    assert presets["luzhanqi"] == {
        "bar_exit": False,
        "fbi_front_row": False,
        "babe_survives": True,
        "reveal_on_combat": False,
        "boss_loss_reveals_speakeasy": True,
        "no_combat_limit": 100,
    }
    json.dumps(presets)


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "chess"},
        {"bar_exit": 1},
        {"no_combat_limit": 0},
        {"no_combat_limit": True},
        {"colour": True},
    ],
)
def test_bad_options_refused(options: dict[str, object]) -> None:
    from engine.errors import InvalidAction

    with pytest.raises(InvalidAction):
        SPEAKEASY.new_game(1, options)


def test_no_move_loss_comes_before_the_no_combat_draw() -> None:
    # Spec section 8 lists "no legal move" (2) before the no-combat draw (3); on the ply that
    # reaches the limit and leaves the opponent without a move, the loss stands.
    # North's 5 on c10 is hemmed in by his Babes (c11, c9) and Speakeasy (d10); South's 2
    # takes the building b10, where it cannot be attacked.
    cells = {"d1": "sS", "c10": "n5", "c11": "nB", "c9": "nB", "d10": "nS", "a10": "s2"}
    st = state_of(cells, quiet=99, ply=99)
    after = play(st, "a10-b10").state
    assert after.quiet == 100
    assert after.result.to_dict() == {"outcome": "win", "reason": "no_moves", "winner": 0}


def test_view_without_history() -> None:
    st = state_of({**BASE, "a3": "s8", "a4": "n2"})
    after = play(st, "a3-a4").state
    assert "history" not in SPEAKEASY.view(after, 0, history=False)
    assert len(SPEAKEASY.view(after, 0)["history"]) == 1
    assert SPEAKEASY.view(after, 1)["legal"] and SPEAKEASY.view(after, 0)["legal"] == []
