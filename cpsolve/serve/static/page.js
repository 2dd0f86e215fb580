// The setter's page: edits a board (a draft: cell tokens, region labels, the numbers
// after the size) and asks the server, after every edit, how many solutions it has.
// It knows no genre: what a cell can hold comes from the family's editor declaration.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const EDGE = 0.18; // a click this near a cell's side toggles the border there
const TYPING = 900; // ms within which a second digit extends a number

const $ = (id) => document.getElementById(id);
const state = {
  families: {}, family: null, editor: null, draft: null, undo: [], redo: [],
  revision: 0, cursor: [0, 0], typed: { at: 0, cell: null }, marks: {}, bound: 10,
  seconds: 10, // the server's limit for a question; "go on" asks for three times as long
  client: Math.random().toString(36).slice(2) + Date.now().toString(36),
};

function copy(value) { return JSON.parse(JSON.stringify(value)); }

// The token the server wrote into this page: every API call carries it.
const TOKEN = document.querySelector('meta[name="cpsolve-token"]').content;

async function post(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json", "X-Cpsolve-Token": TOKEN },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { error: "the server cannot be reached" };
  }
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("application/json")) {
    if (!response.ok) return { error: `the server answered ${response.status}` };
    return { blob: await response.blob(), response };
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok && !data.error) data.error = `the server answered ${response.status}`;
  return data;
}

function say(message) { $("message").textContent = message || ""; }

function setStatus(kind, text, verdict) {
  const status = $("status");
  status.dataset.state = kind;
  status.textContent = text;
  $("verdict").textContent = verdict || "";
}

// ---- the board's picture and what is drawn over it ----

function node(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

// Where the draft lies on the board's picture: its cell (r, c) is the picture's
// square at row r - top, column c - left (the family's editor says; 0, 0 for most).
function frame() {
  const [top, left] = (state.editor && state.editor.frame) || [0, 0];
  return { top, left };
}

// A plain picture of a draft the server could not read: grid, tokens, regions, laid
// where the server's picture lays the draft, so that clicks find the same cells.
function plainSvg(draft) {
  const { rows, cols } = draft;
  const { top, left } = frame();
  const outer = node("svg", {
    width: (cols + 0.5) * 40, height: (rows + 0.5) * 40,
    viewBox: `${-0.25 - left} ${-0.25 - top} ${cols + 0.5} ${rows + 0.5}`,
  });
  const svg = node("g", { transform: `translate(${-left} ${-top})` });
  outer.appendChild(svg);
  svg.appendChild(node("rect", { x: 0, y: 0, width: cols, height: rows, fill: "#fff" }));
  for (let r = 0; r <= rows; r++) {
    svg.appendChild(node("line", { x1: 0, y1: r, x2: cols, y2: r, stroke: "#8a8a8a", "stroke-width": 0.03 }));
  }
  for (let c = 0; c <= cols; c++) {
    svg.appendChild(node("line", { x1: c, y1: 0, x2: c, y2: rows, stroke: "#8a8a8a", "stroke-width": 0.03 }));
  }
  const regions = draft.regions;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (regions && c + 1 < cols && regions[r][c] !== regions[r][c + 1]) {
        svg.appendChild(node("line", { x1: c + 1, y1: r, x2: c + 1, y2: r + 1, stroke: "#000", "stroke-width": 0.1 }));
      }
      if (regions && r + 1 < rows && regions[r][c] !== regions[r + 1][c]) {
        svg.appendChild(node("line", { x1: c, y1: r + 1, x2: c + 1, y2: r + 1, stroke: "#000", "stroke-width": 0.1 }));
      }
      const token = draft.cells ? draft.cells[r][c] : null;
      if (token !== null && token !== state.editor.cycle[0]) {
        const text = node("text", {
          x: c + 0.5, y: r + 0.5, "font-size": 0.6, "text-anchor": "middle",
          "dominant-baseline": "central", fill: "#000",
        });
        text.textContent = token;
        svg.appendChild(text);
      }
    }
  }
  for (const border of draft.borders || []) { // drawn in a board without regions
    svg.appendChild(node("line", { ...sideLine(border), stroke: "#000", "stroke-width": 0.1 }));
  }
  svg.appendChild(node("rect", { x: 0, y: 0, width: cols, height: rows, fill: "none", stroke: "#000", "stroke-width": 0.08 }));
  return outer;
}

function showBoard(svgText) {
  const holder = $("board");
  if (typeof svgText === "string") holder.innerHTML = svgText;
  else { holder.innerHTML = ""; holder.appendChild(svgText); }
  const svg = holder.querySelector("svg");
  const box = svg.viewBox.baseVal; // the picture's own extent: frames of clues included
  const cell = Math.max(16, Math.min(48, Math.floor(560 / Math.max(box.width, box.height))));
  svg.setAttribute("width", Math.round(box.width * cell));
  svg.setAttribute("height", Math.round(box.height * cell));
  svg.appendChild(node("g", { id: "overlay" }));
  svg.addEventListener("click", onClick);
  paint();
}

function outline(group, cells, kind, colour, inset) {
  for (const [r, c] of cells) {
    group.appendChild(node("rect", {
      class: kind, x: c - 1 + inset, y: r - 1 + inset, width: 1 - 2 * inset,
      height: 1 - 2 * inset, fill: "none", stroke: colour, "stroke-width": 0.09,
    }));
  }
}

// The overlay: undetermined cells, clues in conflict, redundant clues, the cursor.
function paint() {
  const group = document.getElementById("overlay");
  if (!group) return;
  group.innerHTML = "";
  for (const [r, c] of state.marks.undetermined || []) {
    group.appendChild(node("rect", {
      class: "undetermined", x: c - 1, y: r - 1, width: 1, height: 1,
      fill: "#f2b705", "fill-opacity": 0.35,
    }));
  }
  if (state.draft && state.draft.regions) {
    for (const key of wallsOf(state.draft)) {
      const line = sideLine(key.split(",").map(Number));
      group.appendChild(node("line", { class: "wall", ...line, stroke: "#000", "stroke-width": 0.1 }));
    }
  }
  outline(group, state.marks.conflict || [], "conflict", "#d62728", 0.06);
  outline(group, state.marks.redundant || [], "redundant", "#1f6fd6", 0.06);
  outline(group, state.marks.fix || [], "fix", "#2ca02c", 0.02);
  const hint = state.marks.hint || {};
  outline(group, hint.clues || [], "hint-clue", "#ff7f0e", 0.06);
  outline(group, hint.reads || [], "hint-reads", "#2f5fb0", 0.06);
  outline(group, hint.decides || [], "hint-decides", "#2ca02c", 0.06);
  const [r, c] = state.cursor;
  const { top, left } = frame();
  group.appendChild(node("rect", {
    class: "cursor", x: c - left + 0.04, y: r - top + 0.04, width: 0.92, height: 0.92, fill: "none",
    stroke: "#3a6fd8", "stroke-width": 0.04, "stroke-dasharray": "0.1 0.06",
  }));
}

// ---- editing ----

function commit(draft) {
  state.undo.push(state.draft);
  if (state.undo.length > 500) state.undo.shift();
  state.redo = [];
  load(draft);
}

function load(draft) {
  state.draft = draft;
  state.revision += 1;
  state.marks = {};
  $("found").innerHTML = "";
  $("answer").innerHTML = "";
  refresh();
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(state.draft);
  load(state.undo.pop());
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(state.draft);
  load(state.redo.pop());
}

function setCell(r, c, token) {
  if (!state.draft.cells || state.draft.cells[r][c] === token) return;
  const draft = copy(state.draft);
  draft.cells[r][c] = token;
  commit(draft);
}

function cycleCell(r, c) {
  const cycle = state.editor.cycle;
  if (!cycle.length) return;
  const at = cycle.indexOf(state.draft.cells[r][c]);
  setCell(r, c, cycle[(at + 1) % cycle.length]);
}

// A cell's token as its shade mark (the family's, when the token starts with it) and
// the rest: Double Choco's "#3" is ["#", "3"].
function shaded(token) {
  const shade = state.editor.shade || "";
  return shade && token.startsWith(shade) ? [shade, token.slice(shade.length)] : ["", token];
}

// The token of a shade mark and the rest: a shaded cell holding nothing is the mark.
function withShade(shade, rest) {
  if (!shade) return rest;
  return rest === state.editor.cycle[0] || rest === "" ? shade : shade + rest;
}

// A click on a family with a shade: the mark put or taken away, the number kept.
function toggleShade(r, c) {
  const [shade, rest] = shaded(state.draft.cells[r][c]);
  setCell(r, c, shade ? (rest || state.editor.cycle[0]) : withShade(state.editor.shade, rest));
}

// Regions as the borders draw them: cells joined where no border lies between.
function relabel(draft, border) {
  const { rows, cols } = draft;
  const seen = draft.regions.map((row) => row.map(() => ""));
  let count = 0;
  const name = (k) => {
    let out = String.fromCharCode(97 + (k % 26));
    while (k >= 26) { k = Math.floor(k / 26); out = String.fromCharCode(97 + (k % 26)) + out; }
    return out;
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (seen[r][c]) continue;
      const label = name(count++);
      seen[r][c] = label;
      const stack = [[r, c]];
      while (stack.length) {
        const [y, x] = stack.pop();
        for (const [v, u] of [[y - 1, x], [y + 1, x], [y, x - 1], [y, x + 1]]) {
          if (v < 0 || u < 0 || v >= rows || u >= cols || seen[v][u]) continue;
          if (border(y, x, v, u)) continue;
          seen[v][u] = label;
          stack.push([v, u]);
        }
      }
    }
  }
  draft.regions = seen;
}

// The borders drawn, as "r,c,r,c" keys (the lesser cell first): kept beside the
// regions, since a border that does not yet close a region changes no label.
function wallKey(r1, c1, r2, c2) {
  return r1 < r2 || (r1 === r2 && c1 < c2) ? `${r1},${c1},${r2},${c2}` : `${r2},${c2},${r1},${c1}`;
}

// The side between two cells side by side ([r1, c1, r2, c2], the first before the
// second), as a line's ends on the picture.
function sideLine([r1, c1, r2, c2]) {
  return r1 === r2 ? { x1: c2, y1: r1, x2: c2, y2: r1 + 1 } : { x1: c1, y1: r2, x2: c1 + 1, y2: r2 };
}

function wallsOf(draft) {
  if (draft.walls) return draft.walls;
  const walls = [];
  const { rows, cols, regions } = draft;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && regions[r][c] !== regions[r][c + 1]) walls.push(wallKey(r, c, r, c + 1));
      if (r + 1 < rows && regions[r][c] !== regions[r + 1][c]) walls.push(wallKey(r, c, r + 1, c));
    }
  }
  return walls;
}

function toggleBorder(r1, c1, r2, c2) {
  const draft = copy(state.draft);
  const walls = new Set(wallsOf(state.draft));
  const key = wallKey(r1, c1, r2, c2);
  if (walls.has(key)) walls.delete(key); else walls.add(key);
  draft.walls = [...walls];
  relabel(draft, (y, x, v, u) => walls.has(wallKey(y, x, v, u)));
  commit(draft);
}

// A border drawn in a board without regions (Fillomino's), or taken away: the
// draft's borders, each [r1, c1, r2, c2] with the first cell before the second.
function toggleDrawn(r1, c1, r2, c2) {
  const draft = copy(state.draft);
  const key = wallKey(r1, c1, r2, c2);
  const kept = (draft.borders || []).filter((b) => wallKey(...b) !== key);
  if (kept.length === (draft.borders || []).length) kept.push(key.split(",").map(Number));
  draft.borders = kept;
  commit(draft);
}

function onClick(event) {
  const svg = event.currentTarget;
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const picture = point.matrixTransform(svg.getScreenCTM().inverse());
  const { top, left } = frame();
  const at = { x: picture.x + left, y: picture.y + top }; // in the draft's cells
  const { rows, cols } = state.draft;
  const r = Math.floor(at.y);
  const c = Math.floor(at.x);
  if (r < 0 || c < 0 || r >= rows || c >= cols) return;
  $("board").focus();
  if (state.editor.regions || state.editor.borders) {
    const fx = at.x - c;
    const fy = at.y - r;
    const near = [[fx, r, c - 1], [1 - fx, r, c + 1], [fy, r - 1, c], [1 - fy, r + 1, c]]
      .filter(([d, v, u]) => d < EDGE && v >= 0 && u >= 0 && v < rows && u < cols)
      .sort((a, b) => a[0] - b[0]);
    if (near.length) {
      if (state.editor.regions) toggleBorder(r, c, near[0][1], near[0][2]);
      else toggleDrawn(r, c, near[0][1], near[0][2]);
      return;
    }
  }
  state.cursor = [r, c];
  if (state.editor.shade) toggleShade(r, c);
  else if (state.editor.cycle.length) cycleCell(r, c);
  else paint();
}

// A cell's token as its number part and the letter after it, when the family's
// editor writes letters after numbers (Yajilin's "2e"); else the whole token.
function splitToken(token) {
  const letters = state.editor.letters || "";
  const last = token.slice(-1).toLowerCase();
  if (letters && token.length > 1 && letters.includes(last)) return [token.slice(0, -1), last];
  return [token, ""];
}

function onKey(event) {
  if (!state.draft) return;
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && (key === "z" || key === "Z")) {
    event.preventDefault();
    if (event.shiftKey) redo(); else undo();
    return;
  }
  if ((event.ctrlKey || event.metaKey) && (key === "y" || key === "Y")) {
    event.preventDefault();
    redo();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const [r, c] = state.cursor;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[key]) {
    event.preventDefault();
    const [dr, dc] = moves[key];
    state.cursor = [Math.min(state.draft.rows - 1, Math.max(0, r + dr)),
      Math.min(state.draft.cols - 1, Math.max(0, c + dc))];
    state.typed = { at: 0, cell: null };
    paint();
    return;
  }
  if (!state.draft.cells) return;
  const cycle = state.editor.cycle;
  const [shade, rest] = shaded(state.draft.cells[r][c]);
  if (key === "Backspace" || key === "Delete" || key === " ") {
    event.preventDefault();
    setCell(r, c, withShade(shade, cycle[0]));
    return;
  }
  const pair = state.editor.pair || "";
  if (pair && key === pair) { // on to the number after the mark (Kakuro's across sum)
    event.preventDefault();
    state.typed = { at: Date.now(), cell: `${r},${c}`, part: 1, digits: "" };
    return;
  }
  const numbers = state.editor.numbers;
  if (numbers && /^[0-9]$/.test(key)) {
    event.preventDefault();
    const { rows, cols } = state.draft;
    const high = numbers[1] === "cells" ? rows * cols
      : numbers[1] === "side" ? Math.max(rows, cols) : numbers[1];
    const now = Date.now();
    const same = state.typed.cell === `${r},${c}` && now - state.typed.at < TYPING;
    if (pair) { // digits fill the part being typed (the one the mark moved to, however
      // slowly typed, until the cursor moves); the other part stays
      const part = state.typed.cell === `${r},${c}` ? state.typed.part || 0 : 0;
      let digits = (same ? state.typed.digits || "" : "") + key;
      if (Number(digits) > high) digits = key;
      state.typed = { at: now, cell: `${r},${c}`, part, digits };
      if (Number(digits) < numbers[0]) return;
      const parts = rest.includes(pair) ? rest.split(pair) : ["", ""];
      parts[part] = String(Number(digits));
      setCell(r, c, withShade(shade, parts.join(pair)));
      return;
    }
    let value = Number(key);
    const [digits, letter] = splitToken(rest);
    if (same && /^[0-9]+$/.test(digits)) {
      const longer = Number(digits) * 10 + value;
      if (longer <= high) value = longer;
    }
    state.typed = { at: now, cell: `${r},${c}` };
    if (value >= numbers[0] && value <= high) setCell(r, c, withShade(shade, String(value) + letter));
    return;
  }
  const letters = state.editor.letters || "";
  if (letters && key.length === 1 && letters.includes(key.toLowerCase())) {
    event.preventDefault();
    const [digits, letter] = splitToken(state.draft.cells[r][c]);
    const number = /^([0-9]+|\?)$/.test(digits) ? digits : "?";
    setCell(r, c, letter === key.toLowerCase() ? number : number + key.toLowerCase());
    return;
  }
  const token = cycle.find((t) => t.toLowerCase() === key.toLowerCase());
  if (token !== undefined) {
    event.preventDefault();
    setCell(r, c, withShade(shade, token));
  }
}

// ---- asking the server ----

async function refresh() {
  const revision = state.revision;
  setStatus("working", "solving…");
  const shown = await post("/api/board", { family: state.family, draft: state.draft });
  if (revision !== state.revision) return;
  if (shown.error) {
    say(shown.error);
    showBoard(plainSvg(state.draft));
    $("url").value = "";
    $("text").textContent = "";
    setStatus("error", "cannot read the board", shown.error);
    // Asked all the same: the server ends the solve of the board before this one.
    post("/api/analyze", { family: state.family, draft: state.draft, client: state.client, revision });
    return;
  }
  say("");
  if (state.draft.walls) shown.draft.walls = state.draft.walls;
  state.draft = shown.draft;
  show(shown);
  const found = await post("/api/analyze", {
    family: state.family, draft: state.draft, client: state.client, revision, ask: "status",
  });
  if (found.stale || revision !== state.revision) return;
  if (found.error) {
    setStatus("error", "cannot solve the board", found.error);
    return;
  }
  state.marks.undetermined = found.undetermined || [];
  state.marks.conflict = found.conflict || [];
  paint();
  if (found.status === "unsolvable") {
    setStatus("none", "no solution", found.verdict);
  } else if (found.count === 1 && found.complete) {
    setStatus("unique", "unique", found.verdict);
  } else if (found.count > 1) {
    const text = found.complete ? `${found.count} solutions` : `at least ${found.count} solutions`;
    setStatus("several", text, found.verdict);
  } else {
    setStatus("unknown", "not decided", found.verdict);
  }
}

function show(shown) {
  showBoard(shown.svg);
  $("url").value = shown.url || "";
  $("text").textContent = shown.text;
  $("rows").value = shown.draft.rows;
  $("cols").value = shown.draft.cols;
  for (const [k, value] of (shown.draft.params || []).entries()) {
    const input = document.querySelector(`#params input[data-index="${k}"]`);
    if (input) input.value = value;
  }
  for (const input of document.querySelectorAll("#params input[data-flag]")) {
    input.checked = (shown.draft.flags || []).includes(input.dataset.flag);
  }
}

// A question cut short by the time limit: what was cut, and a button to ask it again
// for longer (up to the most the server gives one question).
function cutShort(found, question, seconds) {
  const note = document.createElement("p");
  note.className = "partial";
  note.textContent = `(${found.cut || "the time ran out"}: there may be more)`;
  const longer = Math.min(seconds * 3, state.seconds * 6);
  if (longer > seconds) {
    const more = document.createElement("button");
    more.type = "button";
    more.id = "go-on";
    more.textContent = `go on (up to ${Math.round(longer)} s)`;
    more.addEventListener("click", () => ask(question, longer));
    note.append(" ", more);
  }
  return note;
}

function listed(title, items, hover, partial) {
  const box = $("found");
  box.innerHTML = "";
  const heading = document.createElement("p");
  heading.textContent = title;
  box.appendChild(heading);
  if (partial) box.appendChild(partial);
  if (!items.length) return;
  const list = document.createElement("ul");
  for (const item of items) {
    const li = document.createElement("li");
    li.textContent = item.text;
    if (hover) {
      li.addEventListener("mouseenter", () => { state.marks.fix = [item.cell]; paint(); });
      li.addEventListener("mouseleave", () => { state.marks.fix = []; paint(); });
    }
    if (item.draft) {
      li.className = "fix";
      li.title = "click to make this change";
      li.addEventListener("click", () => commit(item.draft));
    }
    list.appendChild(li);
  }
  box.appendChild(list);
}

// While a question runs: the step it is at, counted when it can be.
function watch(revision) {
  const timer = setInterval(async () => {
    const at = await post("/api/progress", { client: state.client });
    if (revision !== state.revision || !at.what) return;
    const counted = at.total ? ` (${at.done.toLocaleString()} of ${at.total.toLocaleString()})` : "";
    const shown = $("found");
    if (shown.dataset.working === "1") shown.textContent = `working… ${at.what}${counted}`;
  }, 300);
  return () => clearInterval(timer);
}

async function ask(question, seconds) {
  const revision = state.revision;
  seconds = seconds || state.seconds;
  $("found").textContent = "working…";
  $("found").dataset.working = "1";
  const stop = watch(revision);
  const body = { family: state.family, draft: state.draft, client: state.client, revision, ask: question };
  if (seconds !== state.seconds) body.seconds = seconds;
  const found = await post("/api/analyze", body);
  stop();
  $("found").dataset.working = "0";
  if (found.stale || revision !== state.revision) return;
  if (found.error) {
    $("found").textContent = `${question}: ${found.error}`;
    return;
  }
  const partial = found.limit_reached ? cutShort(found, question, seconds) : null;
  if (question === "fixes") {
    const fixes = found.fixes || [];
    if (found.unique) listed("unique: nothing to fix", []);
    else listed(fixes.length ? "fixes, each leaving exactly one solution:" : found.verdict, fixes, true, partial);
  } else if (question === "redundant") {
    const cells = found.redundant || [];
    state.marks.redundant = cells;
    paint();
    listed(cells.length ? "clues that can each go, the solution staying unique:" : found.verdict,
      cells.map(([r, c]) => ({ text: `row ${r}, column ${c}` })), false, partial);
  } else if (question === "grade") {
    const counts = found.deductions || {};
    listed(found.grade ? `grade: ${found.grade}` : found.verdict,
      Object.entries(counts).map(([k, v]) => ({ text: `${k}: ${v}` })), false, partial);
  } else if (question === "answer") {
    listed(found.unique ? "the answer (unique)" : found.verdict, [], false, partial);
    $("answer").innerHTML = found.svg || "";
  } else if (question === "hint") {
    const step = found.hint;
    const cells = (items) => items.flatMap((item) => item.cells);
    state.marks.hint = step ? {
      clues: step.clues.map((clue) => clue.cell),
      reads: cells(step.reads), decides: cells(step.decides),
    } : {};
    paint();
    listed(step ? `hint (${step.kind}): ${step.sentence}` : found.verdict, [], false, partial);
  }
}

async function exported(format, answer) {
  const got = await post("/api/export", {
    family: state.family, draft: state.draft, format, answer,
  });
  if (got.error) { say(got.error); return; }
  const disposition = got.response.headers.get("Content-Disposition") || "";
  const name = (disposition.match(/filename="([^"]+)"/) || [null, `board.${format}`])[1];
  const link = document.createElement("a");
  link.href = URL.createObjectURL(got.blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function open(body) {
  const got = await post("/api/open", body);
  if (got.error) {
    say(got.error);
    if (state.draft && $("family").value !== state.family) choose(state.family);
    // The board shown is still the one before: its verdict would read as the new one's.
    if (state.draft) setStatus("error", "not opened", "the board shown is the one before");
    return false;
  }
  if (got.family !== state.family) choose(got.family);
  state.undo = [];
  state.redo = [];
  state.cursor = [0, 0];
  load(got.draft);
  return true;
}

function choose(name) {
  state.family = name;
  state.editor = state.families[name].editor;
  $("family").value = name;
  $("certificate").hidden = !state.families[name].certify;
  const params = $("params");
  params.innerHTML = "";
  state.editor.params.forEach((param, k) => {
    const label = document.createElement("label");
    label.textContent = `${param.name} `;
    const input = document.createElement("input");
    Object.assign(input, { type: "number", min: 1, value: param.default });
    input.dataset.index = k;
    input.addEventListener("change", () => {
      const draft = copy(state.draft);
      draft.params[k] = Number(input.value);
      commit(draft);
    });
    label.appendChild(input);
    params.appendChild(label);
  });
  (state.editor.flags || []).forEach((flag) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    Object.assign(input, { type: "checkbox", id: `flag-${flag}` });
    input.dataset.flag = flag;
    input.addEventListener("change", () => {
      const draft = copy(state.draft);
      const others = (draft.flags || []).filter((f) => f !== flag);
      draft.flags = input.checked ? [...others, flag] : others;
      commit(draft);
    });
    label.appendChild(input);
    label.append(` ${flag}`);
    params.appendChild(label);
  });
  const parts = [];
  if (state.editor.shade) parts.push(`a click shades a cell or takes its shade away (${state.editor.shade})`);
  else if (state.editor.cycle.length) parts.push(`a click steps a cell through ${state.editor.cycle.join(" ")}`);
  if (state.editor.pair) parts.push(`keys type numbers, ${state.editor.pair} moves on to a second one`);
  else if (state.editor.numbers) parts.push("keys type numbers");
  if (state.editor.letters) parts.push(`keys ${state.editor.letters.split("").join(" ")} write an arrow after a number`);
  if (state.editor.regions || state.editor.borders) parts.push("a click on a cell's side draws or removes a border");
  parts.push("arrows move, Backspace clears, Ctrl+Z undoes");
  $("hint").textContent = parts.join("; ") + ".";
}

async function start() {
  const response = await fetch("/api/families", { headers: { "X-Cpsolve-Token": TOKEN } });
  const data = await response.json();
  state.bound = data.bound;
  state.seconds = data.seconds;
  const select = $("family");
  for (const family of data.families) {
    state.families[family.name] = family;
    const option = document.createElement("option");
    option.value = family.name;
    option.textContent = family.name;
    option.title = family.summary;
    select.appendChild(option);
  }
  select.addEventListener("change", () => {
    const wanted = state.families[select.value].editor;
    open({ family: select.value, size: wanted.size });
  });
  $("new").addEventListener("click", () => {
    let rows = Number($("rows").value);
    let cols = Number($("cols").value);
    if (state.editor.square) cols = rows;
    open({ family: state.family, size: [rows, cols] });
  });
  $("open").addEventListener("click", () => {
    const text = $("paste").value;
    if (text.trim()) open({ family: state.family, text });
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("board").addEventListener("keydown", onKey);
  for (const button of document.querySelectorAll("#questions button")) {
    button.addEventListener("click", () => ask(button.dataset.ask));
  }
  for (const button of document.querySelectorAll(".exports button")) {
    button.addEventListener("click", () => exported(button.dataset.export, button.dataset.answer === "1"));
  }
  const wanted = new URLSearchParams(location.search);
  const first = state.families[wanted.get("family")] ? wanted.get("family") : data.families[0].name;
  choose(first);
  if (!(wanted.get("board") && await open({ family: first, text: wanted.get("board") }))) {
    open({ family: first, size: state.editor.size });
  }
}

start();
