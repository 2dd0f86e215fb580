// pzprjs (puzz.link's own reader and answer checker, the npm package pzpr) as a second
// judge: each line read is a JSON object {url, cells, numbers, lines, borders, edges}, the
// board as a puzz.link URL and an answer drawn on it; each line written is what pzprjs made of
// it: {pid, rows, cols, url, qnums, file, complete, code, text} (url and file: the URL
// and the save file pzprjs writes for the board it read; qnums: each cell's number, -1
// none, -2 "?"; code: the first rule the answer breaks),
// or {error}. Cells are [row, column] (0-based), numbers [row, column, n], lines the two
// cells a line joins [r1, c1, r2, c2] (a fifth number: how many lines, Hashiwokakero's
// double bridges), borders the two cells a border parts, edges the two
// grid points a side joins, triangles [row, column, pzprjs's code 2-5].
"use strict";
const pzpr = require("pzpr");
const readline = require("readline");

function judge(question) {
  const puzzle = new pzpr.Puzzle();
  puzzle.open(question.url);
  const board = puzzle.board;
  const at = (get, x, y, what) => {
    const found = get.call(board, x, y);
    if (found.isnull) throw new Error(`no ${what} at (${x}, ${y}) in pzprjs's board`);
    return found;
  };
  for (const [r, c] of question.cells || []) at(board.getc, 2 * c + 1, 2 * r + 1, "cell").setQans(1);
  for (const [r, c, n] of question.numbers || []) at(board.getc, 2 * c + 1, 2 * r + 1, "cell").setAnum(n);
  for (const [r1, c1, r2, c2, n] of question.lines || []) {
    const border = at(board.getb, c1 + c2 + 1, r1 + r2 + 1, "border");
    if (n > 1) border.setLineVal(n);
    else border.setLine(1);
  }
  for (const [r1, c1, r2, c2] of question.borders || []) {
    at(board.getb, c1 + c2 + 1, r1 + r2 + 1, "border").setQans(1);
  }
  for (const [r, c, q] of question.triangles || []) at(board.getc, 2 * c + 1, 2 * r + 1, "cell").setQans(q);
  for (const [r1, c1, r2, c2] of question.edges || []) {
    at(board.getb, c1 + c2, r1 + r2, "border").setLine(1);
  }
  board.rebuildInfo();
  const verdict = puzzle.check(true);
  return {
    pid: puzzle.pid, rows: board.rows, cols: board.cols, url: puzzle.getURL(),
    qnums: Array.from({ length: board.cell.length }, (_, k) => board.cell[k].qnum),
    file: puzzle.getFileData(),
    complete: verdict.complete,
    code: verdict.complete ? null : verdict.lastcode, text: verdict.text,
  };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let answer;
  try {
    answer = judge(JSON.parse(line));
  } catch (error) {
    answer = { error: String(error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
