"""The setter's page in a real browser (headless Chromium, driven by Playwright) against
``cpsolve serve`` started as users start it: paste, click, type, undo, see the status
change, export. Screenshots go to the test's folder (``CPSOLVE_SCREENSHOTS`` keeps
them elsewhere)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cpsolve.limits import Deadline
from cpsolve.serve import work
from tests.support import janko
from tests.support.server import browser, click_cell, serving, settled

TWO_BY_TWO = "2 2\n- -\n- -\na a\na a\n"  # one room, no number: five shadings


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving() as (address, _):
        yield address


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as launched:
        yield launched


@pytest.fixture
def page(server: str, chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1200, "height": 820},
                                   accept_downloads=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server)
    settled(opened)
    yield opened
    context.close()
    assert not errors, errors


def shot(page: Any, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CPSOLVE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000  # a picture of the page, not an empty one
    return path


def edited(page: Any, action: Any) -> str:
    """The page's status once ``action`` has changed the board and its solve has
    answered."""
    before = page.evaluate("() => state.revision")
    action()
    page.wait_for_function(f"() => state.revision > {before}", timeout=10_000)
    return settled(page)


def paste(page: Any, text: str) -> str:
    page.fill("#paste", text)
    return edited(page, lambda: page.click("#open"))


def choose(page: Any, family: str) -> str:
    return edited(page, lambda: page.select_option("#family", family))


def status(page: Any) -> str:
    text: str = page.inner_text("#status")
    return text


def test_the_page_lists_every_family(page: Any) -> None:
    listed = page.eval_on_selector_all("#family option", "options => options.map(o => o.value)")
    assert listed == sorted(work.families())
    assert page.inner_text("#status") == "at least 10 solutions"  # a blank Akari 7x7


def test_a_click_makes_the_board_unique(page: Any, tmp_path: Path) -> None:
    """A pasted Heyawake URL, one room with five shadings; one click puts 0 in it:
    unique."""
    assert paste(page, "https://puzz.link/p?heyawake/2/2/00g") == "several"
    assert page.input_value("#family") == "heyawake"  # the URL named its genre
    assert status(page) == "5 solutions"
    assert page.locator("#board svg .undetermined").count() == 4
    shot(page, "several", tmp_path)
    click_cell(page, 0, 0)
    page.wait_for_function("() => document.querySelector('#status').textContent "
                           "=== 'unique'", timeout=30_000)
    assert page.locator("#board svg .undetermined").count() == 0
    heyawake = work.families()["heyawake"]
    assert page.input_value("#url") == heyawake.exports["url"](
        heyawake.parse("2 2\n0 -\n- -\na a\na a\n"))
    shot(page, "unique", tmp_path)
    page.keyboard.press("Control+z")  # undo: several again
    page.wait_for_function("() => document.querySelector('#status').textContent "
                           "=== '5 solutions'", timeout=30_000)
    page.keyboard.press("Control+y")  # redo: unique again
    page.wait_for_function("() => document.querySelector('#status').textContent "
                           "=== 'unique'", timeout=30_000)


def test_conflicts_are_outlined(page: Any, tmp_path: Path) -> None:
    """An Akari 4 in a corner cannot hold: no solution, the 4 outlined."""
    assert paste(page, "4..\n...\n...\n") == "none"
    assert status(page) == "no solution"
    outlined = page.locator("#board svg .conflict")
    assert outlined.count() == 1
    assert (outlined.get_attribute("x"), outlined.get_attribute("y")) == ("0.06", "0.06")
    assert "1 number in conflict" in page.inner_text("#verdict")
    shot(page, "conflict", tmp_path)


def test_keys_type_numbers_and_move(page: Any) -> None:
    """Keys on the focused board: arrows move the cursor, digits type a number (two
    digits in quick succession one number), Backspace clears."""
    choose(page, "nurikabe")
    edited(page, lambda: click_cell(page, 0, 0))  # focus, and the cell steps to 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("12")
    page.wait_for_function("() => state.draft.cells[1][1] === '12'", timeout=10_000)
    assert page.evaluate("() => state.draft.cells[0][0]") == "1"
    page.keyboard.press("Backspace")
    page.wait_for_function("() => state.draft.cells[1][1] === '-'", timeout=10_000)
    settled(page)


def test_letters_write_arrows_after_numbers(page: Any) -> None:
    """Yajilin's arrows: a digit then a letter (n, s, e, w) makes a clue such as 2e;
    another digit keeps the arrow, the same letter again takes it away."""
    choose(page, "yajilin")
    edited(page, lambda: click_cell(page, 0, 0))  # focus, and the cell steps to "?"
    page.keyboard.type("2")
    page.wait_for_function("() => state.draft.cells[0][0] === '2'", timeout=10_000)
    page.keyboard.press("e")
    page.wait_for_function("() => state.draft.cells[0][0] === '2e'", timeout=10_000)
    page.wait_for_timeout(1_100)  # past the time two digits make one number
    page.keyboard.type("1")
    page.wait_for_function("() => state.draft.cells[0][0] === '1e'", timeout=10_000)
    page.keyboard.press("e")
    page.wait_for_function("() => state.draft.cells[0][0] === '1'", timeout=10_000)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("s")
    page.wait_for_function("() => state.draft.cells[0][1] === '?s'", timeout=10_000)
    settled(page)
    yajilin = work.families()["yajilin"]
    assert page.input_value("#url") == yajilin.exports["url"](
        yajilin.parse("6 6\n1 ?s - - - -\n" + "- - - - - -\n" * 5))


def test_a_frame_of_clues_is_clicked_where_it_is_drawn(page: Any) -> None:
    """Skyscrapers' draft holds its frame of clues, which the picture draws outside the
    grid: a click on the frame above the first column steps that clue, a click on the
    grid's first cell steps that cell."""
    choose(page, "skyscrapers")
    edited(page, lambda: click_cell(page, 0, 1))
    assert page.evaluate("() => state.draft.cells[0][1]") == "1"
    edited(page, lambda: click_cell(page, 1, 1))
    assert page.evaluate("() => state.draft.cells[1][1]") == "1"
    assert page.evaluate("() => state.draft.cells.flat().filter(t => t !== '.').length") == 2
    assert page.evaluate("() => state.cursor") == [1, 1]


def test_gokigen_points_are_clicked_where_the_picture_draws_them(page: Any) -> None:
    """Gokigen's draft is the grid's points, one row and column more than its cells: a
    click near a point, on the board's corner or in its middle, steps that point."""
    choose(page, "gokigen")
    rows, cols = page.evaluate("() => [state.draft.rows, state.draft.cols]")
    board = page.locator("#board svg")
    box = board.bounding_box()
    view = page.evaluate("() => { const b = document.querySelector('#board svg')"
                         ".viewBox.baseVal; return [b.x, b.y, b.width]; }")
    unit = box["width"] / view[2]
    for r, c in ((0, 0), (rows - 1, cols - 1), (2, 3)):  # just inside the board, by the
        y, x = min(r, rows - 1.1) + 0.05, min(c, cols - 1.1) + 0.05  # point's corner
        edited(page, lambda x=x, y=y: page.mouse.click(box["x"] + (x - view[0]) * unit,
                                                       box["y"] + (y - view[1]) * unit))
        assert page.evaluate(f"() => state.draft.cells[{r}][{c}]") == "0", (r, c)
    assert page.evaluate("() => state.draft.cells.flat().filter(t => t !== '.').length") == 3


def test_kakuro_sums_are_typed_down_then_across(page: Any) -> None:
    """Kakuro's black cells hold two sums: digits type the down sum, a comma moves on to
    the across sum. A 2x2 of white cells with its four sums typed is unique."""
    choose(page, "kakuro")
    page.fill("#rows", "3")
    page.fill("#cols", "3")
    edited(page, lambda: page.click("#new"))
    for r, c in ((1, 1), (1, 2), (2, 1), (2, 2)):  # each click: black to white
        edited(page, lambda r=r, c=c: click_cell(page, r, c))
    for moves, keys, cell, token in ((("ArrowUp", "ArrowUp"), "6", (0, 2), "6,"),
                                     (("ArrowLeft",), "4", (0, 1), "4,"),
                                     (("ArrowDown", "ArrowLeft"), ",3", (1, 0), ",3"),
                                     (("ArrowDown",), ",7", (2, 0), ",7")):
        for move in moves:
            page.keyboard.press(move)
        page.keyboard.type(keys)
        page.wait_for_function(f"() => state.draft.cells[{cell[0]}][{cell[1]}] === '{token}'",
                               timeout=10_000)
    assert settled(page) == "unique"
    page.keyboard.press("ArrowUp")
    page.keyboard.type("12,")  # both sums, two digits one number
    page.wait_for_timeout(1_100)  # past the time two digits make one number: still across
    page.keyboard.type("9")
    page.wait_for_function("() => state.draft.cells[1][0] === '12,9'", timeout=10_000)
    page.keyboard.press("Backspace")
    page.wait_for_function("() => state.draft.cells[1][0] === '-'", timeout=10_000)
    settled(page)
    kakuro = work.families()["kakuro"]
    assert page.input_value("#url") == kakuro.exports["url"](
        kakuro.parse("- 4, 6,\n- . .\n,7 . .\n"))


def test_double_choco_clicks_shade_and_keys_type_numbers(page: Any) -> None:
    """Double Choco's cells have a colour and a number: a click shades a cell or takes
    its shade away, keeping its number; keys type the number, keeping the shade."""
    choose(page, "dbchoco")
    paste(page, "2 4\n.#.#\n.#.#\n- - - 2\n- - - -\n")
    assert page.evaluate("() => state.draft.cells") == [[".", "#", ".", "#2"],
                                                        [".", "#", ".", "#"]]
    page.keyboard.press("ArrowRight")
    edited(page, lambda: click_cell(page, 0, 1))  # the shade taken away
    assert page.evaluate("() => state.draft.cells[0][1]") == "."
    page.keyboard.type("2")
    page.wait_for_function("() => state.draft.cells[0][1] === '2'", timeout=10_000)
    edited(page, lambda: click_cell(page, 0, 1))  # shaded again, the 2 kept
    assert page.evaluate("() => state.draft.cells[0][1]") == "#2"
    assert settled(page) == "unique"
    dbchoco = work.families()["dbchoco"]
    assert page.input_value("#url") == dbchoco.exports["url"](
        dbchoco.parse("2 4\n.#.#\n.#.#\n- 2 - 2\n- - - -\n"))


def test_a_nonogram_is_drawn_as_its_picture(page: Any) -> None:
    """A Nonogram on the page is its picture: clicks shade cells, the clues are the
    picture's, and a picture its clues do not fix stays as drawn, the cells that differ
    between its pictures marked."""
    choose(page, "nonogram")
    page.fill("#rows", "2")
    page.fill("#cols", "2")
    assert edited(page, lambda: page.click("#new")) == "unique"  # no cell shaded
    edited(page, lambda: click_cell(page, 0, 0))
    assert edited(page, lambda: click_cell(page, 1, 1)) == "several"
    assert page.evaluate("() => state.draft.cells") == [["#", "."], [".", "#"]]
    assert page.evaluate("() => state.marks.undetermined.length") == 4
    assert edited(page, lambda: click_cell(page, 0, 1)) == "unique"
    nonogram = work.families()["nonogram"]
    assert page.input_value("#url") == nonogram.exports["url"](nonogram.parse("##\n.#\n"))


def test_a_checkbox_turns_a_rule_on(page: Any) -> None:
    """Numberlink's fill rule: a board with two ways round under Nikoli's rule has one
    when every cell must be on a path; the box follows a pasted board's size line."""
    choose(page, "numberlink")
    assert paste(page, "2 3\n1 - -\n1 - -\n") == "several"
    assert edited(page, lambda: page.check("#flag-fill")) == "unique"
    assert page.evaluate("() => state.draft.flags") == ["fill"]
    assert "2 3 fill" in page.inner_text("#text")
    paste(page, "2 3\n1 - -\n1 - -\n")
    assert not page.is_checked("#flag-fill")


def test_borders_draw_regions(page: Any) -> None:
    """A click on the side between two cells draws a border; closing a wall across a
    LITS board splits its one region in two."""
    choose(page, "lits")
    page.fill("#rows", "2")
    page.fill("#cols", "2")
    edited(page, lambda: page.click("#new"))
    assert page.evaluate("() => [state.draft.rows, state.draft.cols]") == [2, 2]
    for col in range(2):  # the side below row 1
        edited(page, lambda col=col: click_cell(page, 0, col, dy=0.95))
    page.wait_for_function("() => new Set(state.draft.regions.flat()).size === 2",
                           timeout=10_000)
    assert page.evaluate("() => state.draft.regions") == [["a", "a"], ["b", "b"]]


def test_a_click_on_a_side_draws_a_fillomino_border(page: Any, tmp_path: Path) -> None:
    """Fillomino's borders drawn in the board (the cells either side hold different
    numbers): a click on a cell's side draws one, the board and its URL take it, a
    second click takes it away."""
    fillomino = work.families()["fillomino"]
    bordered = "https://puzz.link/p?fillomino/3/3/h14i1g0080"  # below row 1, column 2
    choose(page, "fillomino")
    assert paste(page, "3 3\n- - 1\n4 - -\n- 1 -\n") == "several"
    assert edited(page, lambda: click_cell(page, 0, 1, dy=0.95)) == "unique"
    assert page.evaluate("() => state.draft.borders") == [[0, 1, 1, 1]]
    assert page.input_value("#url") == bordered
    assert fillomino.parse(page.input_value("#url")).drawn == frozenset({(1, 4)})
    assert page.locator("#board svg line").count() > 0
    shot(page, "fillomino-border", tmp_path)
    assert edited(page, lambda: click_cell(page, 1, 1, dy=0.05)) == "several"
    assert page.evaluate("() => state.draft.borders") == []
    assert paste(page, bordered) == "unique"  # read from its URL, the border kept
    assert page.evaluate("() => state.draft.borders") == [[0, 1, 1, 1]]


def test_questions_on_request(page: Any, tmp_path: Path) -> None:
    """Fixes, the answer and the grade, asked with their buttons."""
    choose(page, "heyawake")
    paste(page, TWO_BY_TWO)
    page.click("button[data-ask=fixes]")
    page.wait_for_selector("#found li", timeout=30_000)
    assert page.inner_text("#found li") == "number 0 in the room at row 1, column 1"
    assert edited(page, lambda: page.click("#found li")) == "unique"  # the fix applied
    assert page.evaluate("() => state.draft.cells") == [["0", "-"], ["-", "-"]]
    paste(page, "https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
    page.click("button[data-ask=answer]")
    page.wait_for_selector("#answer svg", timeout=30_000)
    heyawake = work.families()["heyawake"]
    board = heyawake.parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
    graded = work.analyse(heyawake, board, "grade", Deadline(30))["grade"]
    page.click("button[data-ask=grade]")
    page.wait_for_function("() => (document.querySelector('#found p') || {textContent: ''})"
                           ".textContent.startsWith('grade: ')", timeout=30_000)
    assert page.inner_text("#found p") == f"grade: {graded}"
    shot(page, "answer", tmp_path)
    # An edit leaves nothing of the board before it on the page: a second number in the
    # top left room is no board the family reads.
    edited(page, lambda: click_cell(page, 1, 0))
    assert page.inner_text("#status") == "cannot read the board"
    assert "a second number" in page.inner_text("#message")
    assert page.inner_text("#answer") == "" and page.inner_text("#found") == ""
    assert page.input_value("#url") == ""


def test_a_hint_names_its_rule_and_marks_its_cells(page: Any, tmp_path: Path) -> None:
    """The hint button: the first step's sentence, the same as ``--hint`` says, and the
    cells it uses and decides outlined on the board."""
    from cpsolve.grid.steps import Stepper

    url = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
    choose(page, "heyawake")
    paste(page, url)
    heyawake = work.families()["heyawake"]
    with Stepper(heyawake, heyawake.parse(url)) as stepper:
        expected = stepper.next([])
    assert expected is not None
    page.click("button[data-ask=hint]")
    page.wait_for_function("() => (document.querySelector('#found p') || {textContent: ''})"
                           ".textContent.startsWith('hint ')", timeout=30_000)
    said = page.inner_text("#found p")
    assert said == f"hint ({expected.kind}): {expected.sentence}"
    assert "number 2 at row 1, column 1" in said  # the clue it names
    decided = page.eval_on_selector_all(
        "#overlay rect.hint-decides", "rects => rects.map(r => [r.getAttribute('x'), "
        "r.getAttribute('y')])")
    assert [[round(float(x)), round(float(y))] for x, y in decided] == [[0, 0]]  # r1c1
    assert page.eval_on_selector_all("#overlay rect.hint-clue", "rects => rects.length") >= 1
    shot(page, "hint", tmp_path)


def test_exports_download_the_files(page: Any) -> None:
    url = "https://puzz.link/p?mashu/6/6/1063000i3000"
    paste(page, url)
    assert page.input_value("#family") == "masyu"  # the URL named its genre
    assert page.input_value("#url") == url
    with page.expect_download() as download:
        page.click(".exports button[data-export=url][data-answer='0']")
    assert Path(download.value.path()).read_text() == url + "\n"
    with page.expect_download() as download:
        page.click(".exports button[data-export=penpa][data-answer='0']")
    assert download.value.suggested_filename == "masyu-penpa.txt"
    from cpsolve.models.masyu import MASYU

    link = Path(download.value.path()).read_text().strip()
    assert MASYU.parse(link) == MASYU.parse(url)  # the same board, as a Penpa+ link
    with page.expect_download() as download:
        page.click(".exports button[data-export=svg][data-answer='1']")
    assert download.value.suggested_filename == "masyu-answer.svg"
    assert Path(download.value.path()).read_text().startswith("<svg")
    with page.expect_download() as download:
        page.click("#certificate")
    assert download.value.suggested_filename == "masyu.cert.zip"
    from cpsolve.certify.certificate import check, load

    assert check(load(str(download.value.path()))).claim == "unique"


def test_bad_input_is_said_and_the_page_goes_on(page: Any) -> None:
    assert status(page) == "at least 10 solutions"
    page.fill("#paste", "this is no board")
    page.click("#open")
    page.wait_for_function("() => document.querySelector('#message').textContent !== ''",
                           timeout=10_000)
    assert "cpsolve" not in page.inner_text("#message")
    # The board before stays, and its verdict is not shown as the paste's.
    assert status(page) == "not opened"
    assert page.inner_text("#verdict") == "the board shown is the one before"
    assert choose(page, "masyu") == "several"
    # The page still edits and solves: a white pearl in a corner cannot go straight.
    assert edited(page, lambda: click_cell(page, 0, 0)) == "none"
    assert page.inner_text("#message") == ""


# A published Fillomino whose grade takes about 10 s: its trials are many.
# a published 36x20 (janko.at's 440): its grade takes about 9 s, its solve 0.3 s
FILLOMINO_LARGE = next(b["url"] for b in janko.boards("fillomino") if b["name"] == "440_20x36")


def test_a_question_cut_short_says_what_was_cut_shows_its_steps_and_goes_on(
        chromium: Any) -> None:
    # The page's limit cut Heyawake's fixes short without saying which part was cut; a
    # grade of 20 s showed "working…" and nothing else. Here the limit is 1 s, and the
    # grade of this published 36x20 Fillomino takes about 9.
    with serving("--time-limit", "1") as (address, _):
        context = chromium.new_context(viewport={"width": 1200, "height": 820})
        page = context.new_page()
        page.goto(address)
        settled(page)
        choose(page, "fillomino")
        paste(page, FILLOMINO_LARGE)
        page.click("button[data-ask=grade]")
        page.wait_for_selector("#go-on", timeout=30_000)
        assert page.inner_text("#go-on") == "go on (up to 3 s)"
        # (on a busy machine the limit may come before the grading starts)
        assert "time limit reached" in page.inner_text("#found .partial")
        page.click("#go-on")
        # While it runs: the step it is at, counted (the deductions' conflicts of their
        # budget; the grading's answer values decided of the cells' 5,040 numbers: 720
        # cells, numbers up to the bound proven, 7).
        page.wait_for_function(r"() => /^working… (deductions|grading)[^(]*\([\d,]+ "
                               r"of (20,000|5,040)\)$/.test($('found').textContent)",
                               timeout=30_000)
        page.wait_for_selector("#go-on", timeout=30_000)
        assert page.inner_text("#go-on") == "go on (up to 6 s)"  # six times the limit
        context.close()
