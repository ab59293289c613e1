"""The rules pages: ``/rules/<game>`` for every game of the catalogue (the shell page, which
draws the game's rules module), a clear 404 for a name the catalogue does not know, and
``/rules`` (every game's rules listed; the old ``?game=`` address sent to the new one)."""

from __future__ import annotations

from conftest import Server

from engine import catalogue

HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


async def test_every_game_has_a_rules_page(server: Server) -> None:
    reader = server.player()
    listed = (await reader.http.get("/api/catalogue")).json()
    assert [game["name"] for game in listed] == list(catalogue.names())
    shell = (await reader.http.get("/static/rules.html")).text
    for game in listed:
        assert game["rules_module"] == catalogue.entry(game["name"]).rules_module
        assert game["rules_module"].startswith("/static/games/") and game["rules_module"].endswith(".js")
        page = await reader.http.get(f"/rules/{game['name']}", headers=HTML)
        assert page.status_code == 200, game["name"]
        assert page.headers["content-type"].startswith("text/html")
        assert page.text == shell
        assert "rules-shell.js" in page.text


async def test_an_unknown_game_is_a_404_in_words(server: Server) -> None:
    reader = server.player()
    answer = await reader.http.get("/rules/chess")
    assert answer.status_code == 404
    detail = answer.json()["detail"]
    assert detail["code"] == "not_found"
    assert "no game is named 'chess'" in detail["message"]
    for name in catalogue.names():
        assert name in detail["message"]
    # A browser gets the shell page with the 404, which says so to the reader.
    page = await reader.http.get("/rules/chess", headers=HTML)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "rules-shell.js" in page.text
    # What the path holds is quoted back cut short and printable.
    odd = await reader.http.get("/rules/" + "x" * 300 + "%07")
    assert odd.status_code == 404 and "\x07" not in odd.text and "x" * 41 not in odd.text


async def test_rules_lists_the_games_and_the_old_address_moves(server: Server) -> None:
    reader = server.player()
    index = await reader.http.get("/rules", headers=HTML)
    assert index.status_code == 200 and "rules-shell.js" in index.text
    for name in (catalogue.names()[-1], "chess", "a b/c"):
        moved = await reader.http.get("/rules", params={"game": name})
        assert moved.status_code == 308
        followed = await reader.http.get(moved.headers["location"])
        assert followed.status_code == (200 if name in catalogue.names() else 404), name
