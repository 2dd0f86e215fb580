"""Every form people paste a grid board in, built from real boards: puzz.link URLs
without the scheme, as ``p.html``, in the editor's modes, under the genre's other
names and on the mirrors; Tatham's web links; a UTF-8 byte-order mark; janko.at
puzzle files; pzprjs save files. Each reads to the same board as the canonical form,
and the command solves it alike. A board of another family, or an answer given as the
board, is one located line that says what to run instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpsolve.errors import ForeignPuzzle, InputError
from cpsolve.grid import cases
from cpsolve.models import akari, heyawake, masyu
from tests.support.cli import run

ROOT = Path(__file__).resolve().parents[2]


def published(family: str, index: int = 0) -> str:
    """The ``index``-th published board of the genre's cases."""
    return [case.board for case in cases.of(f"cpsolve.models.{family}").published][index]


# Real boards: the puzz.link Akari of the README and tests, the first published
# Heyawake, the second published Masyu (a 'mashu' URL).
AKARI_URL = "https://puzz.link/p?akari/6/6/nekcakbl"
HEYAWAKE_URL = published("heyawake")
MASYU_URL = published("masyu", 1)
TATHAM_ID = "7x7:e0a1c2cBqBcBc3a2e"  # Tatham's Light Up, as in the Akari tests
FAMILIES = {"akari": (akari, AKARI_URL), "heyawake": (heyawake, HEYAWAKE_URL),
            "masyu": (masyu, MASYU_URL)}
ALIASES = {"akari": ("akari", "lightup", "bijutsukan"), "heyawake": ("heyawake", "heyawacky"),
           "masyu": ("mashu", "masyu", "pearl")}


def variants(url: str, aliases: tuple[str, ...]) -> list[str]:
    """The forms of ``url`` people paste: another host, no scheme, ``p.html``, an
    editor's mode, the genre's other names."""
    rest = url.split("?", 1)[1]
    kind, tail = rest.split("/", 1)
    out = [f"puzz.link/p?{rest}", f"http://puzz.link/p?{rest}",
           f"https://puzz.link/p.html?{rest}", f"http://pzv.jp/p.html?{rest}",
           f"https://pzprxs.vercel.app/p?{rest}", f"pzprxs.vercel.app/p?{rest}",
           f"https://pzplus.tck.mn/p.html?{rest}", f"https://pzplus.tck.mn/p?{rest}",
           f"https://puzz.link/p?{kind}_edit/{tail}", f"puzz.link/p?{kind}_play/{tail}"]
    out += [f"https://puzz.link/p?{alias}/{tail}" for alias in aliases]
    out += [f"https://puzz.link/p?{alias}_edit/{tail}" for alias in aliases]
    return out


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_url_form_reads_the_same_board(name):
    module, url = FAMILIES[name]
    board = module.parse(url)
    for form in variants(url, ALIASES[name]):
        assert module.parse(form) == board, form
        assert module.parse(f"  {form}\n") == board, form


def test_tathams_web_link_is_its_game_id():
    board = akari.parse(TATHAM_ID)
    for prefix in ("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/lightup.html#",
                   "www.chiark.greenend.org.uk/~sgtatham/puzzles/js/lightup.html#"):
        assert akari.parse(prefix + TATHAM_ID) == board
    link = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/lightup.html#7x7:e0a1c2!"
    with pytest.raises(InputError) as caught:
        akari.parse(link)
    assert caught.value.column == link.index("!") + 1  # the place in the link


def test_a_byte_order_mark_is_skipped(examples):
    for name, file in (("akari", "akari/seed-7x7.txt"), ("heyawake", "heyawake/site-6x6.txt"),
                       ("masyu", "masyu/site-6x6.txt")):
        text = (examples / file).read_text()
        module = FAMILIES[name][0]
        assert module.parse("\ufeff" + text) == module.parse(text)
    assert akari.parse("\ufeff" + AKARI_URL) == akari.parse(AKARI_URL)


# janko.at files, written as the site writes them, from the real boards.

def janko_akari(board: akari.Board, brackets: bool = False) -> str:
    cells = {".": "-", "#": "x"}
    problem = [" ".join(cells.get(ch, ch) for ch in row) for row in board.rows]
    head = "[problem]" if brackets else "problem"
    return "\n".join(["begin", "puzzle akari", "author someone", f"rows {board.height}",
                      f"cols {board.width}", "unit 32", head, *problem, "end", ""])


def janko_heyawake(board: heyawake.Board) -> str:
    numbers = ["-"] * (board.rows * board.cols)
    for number, cell in zip(board.numbers, board.clue_cell):
        if number is not None:
            numbers[cell] = str(number)
    lines = ["begin", "puzzle heyawake", f"rows {board.rows}", f"cols {board.cols}", "problem"]
    lines += [" ".join(numbers[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]
    lines.append("areas")
    lines += [" ".join(str(room) for room in board.room[r * board.cols:(r + 1) * board.cols])
              for r in range(board.rows)]
    lines += ["solution", *[" ".join("-" * board.cols) for _ in range(board.rows)]]
    lines += ["moves", "Z2;ba,2;aa,4;", "end", ""]
    return "\n".join(lines)


def janko_masyu(board: masyu.Board) -> str:
    cells = ["-", "1", "2"]  # janko.at's circles: 1 white, 2 black
    lines = ["begin", "puzzle masyu", f"rows {board.rows}", f"cols {board.cols}", "problem"]
    lines += [" ".join(cells[p] for p in board.pearls[r * board.cols:(r + 1) * board.cols])
              for r in range(board.rows)]
    return "\n".join([*lines, "end", ""])


def test_janko_files_read_the_same_board():
    board = akari.parse(AKARI_URL)
    assert akari.parse(janko_akari(board)) == board
    assert akari.parse(janko_akari(board, brackets=True)) == board
    board = heyawake.parse(HEYAWAKE_URL)
    assert heyawake.parse(janko_heyawake(board)) == board
    board = masyu.parse(MASYU_URL)
    assert masyu.parse(janko_masyu(board)) == board
    # janko.at's Masyu circles as plain grid text too
    rows = janko_masyu(board).split("problem\n")[1].split("\nend")[0]
    assert masyu.parse(rows) == board


def test_a_janko_file_error_names_line_and_column():
    text = janko_akari(akari.parse(AKARI_URL)).replace("4", "q", 1)
    with pytest.raises(InputError) as caught:
        akari.parse(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "q" in row)
    assert (caught.value.line, caught.value.column) == (
        line, text.splitlines()[line - 1].index("q") + 1)
    assert "unknown cell 'q'" in caught.value.message


# pzprjs save files, as the editor writes them (with an answer begun, where it has one).

def pzprv3_akari(board: akari.Board) -> str:
    cells = {".": ". ", "#": "- "}
    rows = ["".join(cells.get(ch, ch + " ") for ch in row) for row in board.rows]
    rows[0] = "+ " + rows[0][2:] if board.rows[0][0] == "." else rows[0]  # a dot
    return "\n".join(["pzprv3", "lightup", str(board.height), str(board.width), *rows, ""])


def pzprv3_heyawake(board: heyawake.Board) -> str:
    numbers = [". "] * (board.rows * board.cols)
    for number, cell in zip(board.numbers, board.clue_cell):
        if number is not None:
            numbers[cell] = "- " if number == heyawake.board.UNKNOWN else f"{number} "
    width = board.cols
    lines = ["pzprv3", "heyawake", str(board.rows), str(board.cols), str(board.rooms)]
    lines += ["".join(f"{room} " for room in board.room[r * width:(r + 1) * width])
              for r in range(board.rows)]
    lines += ["".join(numbers[r * width:(r + 1) * width]) for r in range(board.rows)]
    lines += ["". join("# " if (r + c) % 7 == 0 else ". " for c in range(width))
              for r in range(board.rows)]
    return "\n".join([*lines, ""])


def pzprv3_masyu(board: masyu.Board) -> str:
    cells = [". ", "1 ", "2 "]
    width = board.cols
    lines = ["pzprv3", "mashu", str(board.rows), str(board.cols)]
    lines += ["".join(cells[p] for p in board.pearls[r * width:(r + 1) * width])
              for r in range(board.rows)]
    lines += ["0 " * (width - 1) for _ in range(board.rows)]
    lines += ["0 " * width for _ in range(board.rows - 1)]
    return "\n".join([*lines, ""])


def test_pzprv3_files_read_the_same_board():
    board = akari.parse(AKARI_URL)
    assert akari.parse(pzprv3_akari(board)) == board
    board = heyawake.parse(HEYAWAKE_URL)
    assert heyawake.parse(pzprv3_heyawake(board)) == board
    board = masyu.parse(MASYU_URL)
    assert masyu.parse(pzprv3_masyu(board)) == board


def test_a_short_pzprv3_row_is_located():
    text = pzprv3_masyu(masyu.parse(MASYU_URL))
    lines = text.splitlines()
    lines[6] = lines[6].rsplit(" ", 2)[0]
    with pytest.raises(InputError) as caught:
        masyu.parse("\n".join(lines))
    assert caught.value.line == 7 and "has 12 cells, the board 13 columns" in str(caught.value)


def test_a_board_of_another_family_names_its_type():
    with pytest.raises(ForeignPuzzle) as caught:
        akari.parse(HEYAWAKE_URL)
    assert caught.value.kind == "heyawake"
    with pytest.raises(ForeignPuzzle):
        heyawake.parse(janko_masyu(masyu.parse(MASYU_URL)))
    with pytest.raises(ForeignPuzzle):
        masyu.parse(pzprv3_akari(akari.parse(AKARI_URL)))


# The command: every form solves alike; mistakes get a hint on one line, exit 2.

@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_command_solves_every_form_alike(tmp_path, name):
    module, url = FAMILIES[name]
    board = module.parse(url)
    expected = run(name, url)
    assert expected.returncode == 0, expected.stderr
    writers = {"akari": (janko_akari, pzprv3_akari), "heyawake": (janko_heyawake,
               pzprv3_heyawake), "masyu": (janko_masyu, pzprv3_masyu)}[name]
    janko = tmp_path / "janko.txt"
    janko.write_text(writers[0](board))
    saved = tmp_path / "saved.txt"
    saved.write_bytes(b"\xef\xbb\xbf" + writers[1](board).encode())  # with a BOM
    rest = url.split("?", 1)[1]
    kind, tail = rest.split("/", 1)
    for args, stdin in (([f"pzprxs.vercel.app/p.html?{kind}_edit/{tail}"], None),
                        ([str(janko)], None), ([str(saved)], None),
                        (["-"], "\ufeff" + url + "\n")):
        done = run(name, *args, stdin=stdin)
        assert (done.returncode, done.stdout) == (0, expected.stdout), (args, done.stderr)


def test_a_tatham_link_is_solved():
    link = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/lightup.html#" + TATHAM_ID
    done = run("akari", link)
    assert (done.returncode, done.stdout) == (0, run("akari", TATHAM_ID).stdout)


def test_another_familys_board_says_which_command_reads_it():
    done = run("akari", HEYAWAKE_URL)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"cpsolve: <argument>:1:21: this is a heyawake puzzle: try "
                           f"cpsolve heyawake '{HEYAWAKE_URL}'\n")
    done = run("heyawake", MASYU_URL.replace("https://", ""))
    assert done.returncode == 2
    assert "this is a masyu puzzle: try cpsolve masyu" in done.stderr
    link = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/lightup.html#" + TATHAM_ID
    done = run("masyu", link)
    assert done.returncode == 2 and "this is an akari puzzle: try cpsolve akari" in done.stderr
    assert done.stderr.count("\n") == 1


def test_an_unknown_type_is_named():
    done = run("akari", "https://puzz.link/p?sudoku/4/4/g1g2")  # a short body: a Sudoku
    assert done.returncode == 2
    assert done.stderr == ("cpsolve: <argument>:1:21: this is a sudoku puzzle: try cpsolve "
                           "sudoku 'https://puzz.link/p?sudoku/4/4/g1g2'\n")
    done = run("akari", "https://puzz.link/p?kinkonkan/4/4/g1g2")  # a genre cpsolve has not
    assert done.returncode == 2
    assert done.stderr == ("cpsolve: <argument>:1:21: puzzle type 'kinkonkan' is not Akari "
                           "(akari, lightup, bijutsukan)\n")


def test_an_answer_given_as_the_board_suggests_check(tmp_path, examples):
    answer = tmp_path / "answer.txt"
    answer.write_text((ROOT / "tests" / "data" / "akari" / "seed-18x10.solution.txt").read_text())
    done = run("akari", str(answer))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert f"cpsolve: {answer}:" in done.stderr
    assert "unknown cell '*'" in done.stderr and "--check ANSWER" in done.stderr
    loop = tmp_path / "loop.txt"
    loop.write_text("se sw\nne nw\n")
    done = run("masyu", str(loop))
    assert done.returncode == 2 and "--check ANSWER" in done.stderr
    shading = tmp_path / "shading.txt"
    shading.write_text("#.#..#\n...#..\n#.#.#.\n......\n.#.#.#\n..#...\n")
    done = run("heyawake", str(shading))
    assert done.returncode == 2 and "--check ANSWER" in done.stderr


# Saved files of pzprjs's own test data (robx/pzprjs, test/script/lightup.js,
# heyawake.js and mashu.js: each genre's example URL and a finished save of it, the
# answer marked), stored under tests/data/forms with the save's "/" as line breaks.
# Each must read as the board of the same URL, and its marks must be the answer
# cpsolve proves unique. The marks are read here, apart from cpsolve's parsers: "#"
# a light or a shaded cell; Masyu's edges as 1 in the horizontal rows (one per cell
# pair in a row) and then the vertical rows.
FORMS = Path(__file__).resolve().parents[1] / "data" / "forms"
SAVES = [("akari", "pzprjs-lightup-6x6.txt", "https://puzz.link/p?lightup/6/6/nekcakbl"),
         ("heyawake", "pzprjs-heyawake-6x6.txt",
          "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"),
         ("masyu", "pzprjs-mashu-6x6.txt", "https://puzz.link/p?mashu/6/6/1063000i3000")]


def marked(name: str, lines: list[str]) -> object:
    """The answer a pzprv3 save marks, in cpsolve's answer types."""
    rows, cols = int(lines[2]), int(lines[3])
    if name == "akari":
        grid = [line.split() for line in lines[4:4 + rows]]
        return frozenset((r, c) for r in range(rows) for c in range(cols)
                         if grid[r][c] == "#")
    if name == "heyawake":
        grid = [line.split() for line in lines[5 + 2 * rows:5 + 3 * rows]]
        return frozenset(r * cols + c for r in range(rows) for c in range(cols)
                         if grid[r][c] == "#")
    across = [line.split() for line in lines[4 + rows:4 + 2 * rows]]
    down = [line.split() for line in lines[4 + 2 * rows:4 + 3 * rows - 1]]
    edges = {(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)
             if across[r][c] == "1"}
    edges |= {(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1)
              for c in range(cols) if down[r][c] == "1"}
    return frozenset(edges)


@pytest.mark.parametrize("name, file, url", SAVES)
def test_pzprjs_saved_files_read_as_their_urls_and_mark_the_proven_answer(name, file, url):
    from cpsolve import registry

    family = registry.load(name)
    lines = (FORMS / file).read_text().splitlines()
    board = family.parse("\n".join(lines))
    assert board == family.parse(url)
    result = family.solve(board, unique=True)
    assert result.unique is True
    assert frozenset(result.solutions[0]) == marked(name, lines)


@pytest.mark.parametrize(("genre", "url", "column", "rule"), [
    ("lits", "https://puzz.link/p?lits/d/4/4/00", 26, "old LITS encoding"),
])
def test_a_variant_flag_is_refused_by_its_name(genre, url, column, rule):
    """A flag of pzprjs's that no genre here reads (LITS's old encoding) is not solved
    as the base genre: the flag is named, with what it asks for. (The variant rules
    of Masyu, Slitherlink, Fillomino and Country Road are read: tests/kit/
    test_variants.py.)"""
    from cpsolve import registry

    with pytest.raises(InputError) as refused:
        registry.load(genre).grid.parse(url)
    assert refused.value.column == column and rule in refused.value.message
    assert registry.load(genre).grid.parse(url.replace(f"/{url.split('/')[4]}/", "/", 1))


@pytest.mark.parametrize("name", ["hitori", "nurikabe", "fillomino", "nurimisaki", "kurodoko",
                                  "shikaku"])
def test_every_grid_of_numbers_reads_janko_files(name):
    """A janko.at file's problem grid (numbers, '-' for none) is the board its grid text
    gives, in every genre whose board is a grid of numbers (the kit's one reader)."""
    from cpsolve import registry

    grid = registry.load(name).grid
    board = grid.parse(registry.load(name).example)
    rows = grid.exports["grid"](board).split("\n", 1)[1]
    kind = {"kurodoko": "kuromasu"}.get(name, name)
    text = (f"begin\npuzzle {kind}\nsize {board.cols}\nrows {board.rows}\nproblem\n{rows}\n"
            "end\n") if board.rows != board.cols else (
        f"begin\npuzzle {kind}\nsize {board.cols}\nproblem\n{rows}\nend\n")
    assert grid.parse(text) == board
