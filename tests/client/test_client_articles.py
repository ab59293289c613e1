"""French puts an article before a country's name ("à l'Allemagne", "L'Allemagne joue"):
Spies!'s French texts say so through {art:power} (static/js/fill.js), and none of them puts
a preposition straight before a bare power name ("à Allemagne", "de Allemagne")."""

from __future__ import annotations

from pathlib import Path

from node_probe import run_probe

PROBE = Path(__file__).with_name("articles_probe.mjs")


def test_spies_french_names_each_power_with_its_article() -> None:
    texts = [
        ["sp.x.err.decisionOf", {"power": "Allemagne"}],
        ["sp.x.err.decisionOf", {"power": "France"}],
        ["sp.promptWait.turn", {"power": "Italie", "phase": "phase 4"}],
        ["sp.line.open", {"power": "Grande-Bretagne"}],
        ["sp.ev.captured", {"spy": "G3", "power": "Russie"}],
    ]
    answer = run_probe(PROBE, {"texts": texts})
    assert answer["fr"] == [
        "La décision revient à l’Allemagne.",
        "La décision revient à la France.",
        "L’Italie joue (phase 4).",
        "Ouvrir un canal avec la Grande-Bretagne (1 PA)",
        "G3 a été capturé par la Russie.",
    ]
    # English needs no article: the name as it is given.
    assert answer["en"][0] == "The decision is Allemagne's." and not any("{" in text for text in answer["en"])
    assert answer["bare"] == []
