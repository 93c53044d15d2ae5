// The shared shell of the play page: choosing a puzzle, buttons, undo/redo,
// timer, hint panel and storage. How digits go in is the kind's own module,
// served from the kind's package at /kinds/<kind>/play.js (with its play.css);
// GET /api/kinds says where (see the interface at the end of this file).

const $ = (id) => document.getElementById(id);
const STORE = "numberplay:v1:";

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  for (let attempt = 1; ; attempt++) {
    const response = await fetch("/api/" + path, init);
    let data;
    try { data = await response.json(); } catch { data = { error: response.statusText }; }
    // A busy server sheds load (503 "busy"): wait as it says, a few times, then give up.
    if (response.status === 503 && data.stopped === "busy" && attempt < 5) {
      const wait = Number(response.headers.get("retry-after")) || 1;
      await new Promise((done) => setTimeout(done, wait * 1000));
      continue;
    }
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    return data;
  }
}

let kindsList = null;

async function kindsInfo() {
  if (!kindsList) kindsList = await api("kinds");
  return kindsList;
}

async function loadModule(kind) {
  // The kind's play module (a default export, or a function of the kind's play
  // data returning one) with its style sheet; null when the kind has none.
  try {
    const info = (await kindsInfo()).find((k) => k.name === kind || (k.aliases || []).includes(kind));
    if (!info || !info.play) return null;
    const { script, style, data } = info.play;
    if (style && !document.querySelector(`link[href="${style}"]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = style;
      document.head.appendChild(link);
    }
    const made = (await import(script)).default;
    return typeof made === "function" ? made(data || {}) : made;
  } catch (err) {
    return null;
  }
}

function show(section) {
  for (const id of ["home", "play", "setter", "failure"]) $(id).hidden = id !== section;
}

function fail(message) {
  $("failure-text").textContent = message;
  show("failure");
  document.body.dataset.state = "error";
}

function load(key) {
  try { return JSON.parse(localStorage.getItem(STORE + key)); } catch { return null; }
}

function save(key, value) {
  try { localStorage.setItem(STORE + key, JSON.stringify(value)); } catch { /* full or disabled */ }
}

// ---------------------------------------------------------------- home page

function offered(info, size) {
  // The difficulties a size has: the first row of the kind's size table covering it
  // (each number of the size within its row's range; N alone stands for NxN).
  const numbers = (String(size).match(/[0-9]+/g) || []).map(Number);
  if (!numbers.length) return info.difficulties;
  for (const row of info.sizes || []) {
    const want = row.match.length;
    const nums = numbers.length === 1 && want > 1 ? Array(want).fill(numbers[0]) : numbers;
    if (nums.length === want
        && row.match.every(([lo, hi], i) => lo <= nums[i] && (hi === null || nums[i] <= hi))) {
      return row.difficulties;
    }
  }
  return info.difficulties;
}

async function home() {
  show("home");
  document.title = "numberplay";
  let kinds;
  try { kinds = await kindsInfo(); } catch (err) { return fail(err.message); }
  const select = $("kind-select");
  for (const info of kinds) {
    const option = new Option(info.title || info.name, info.name);
    select.add(option);
  }
  const last = load("home");
  if (last && kinds.some((k) => k.name === last.kind)) select.value = last.kind;
  const byName = Object.fromEntries(kinds.map((k) => [k.name, k]));

  function onSize() {
    // Only the difficulties the size has (the kind's size table, `numberplay kinds`).
    const info = byName[select.value];
    const difficulty = $("difficulty-select");
    const kept = difficulty.value;
    const have = offered(info, $("size-input").value);
    difficulty.innerHTML = "";
    for (const d of have) difficulty.add(new Option(d, d));
    if (have.includes(kept)) difficulty.value = kept;
  }

  async function onKind() {
    const info = byName[select.value];
    $("kind-summary").textContent = info.summary || "";
    const difficulty = $("difficulty-select");
    difficulty.innerHTML = "";
    for (const d of info.difficulties) difficulty.add(new Option(d, d));
    const module = await loadModule(info.name);
    const sizes = (module && module.sizes) || [];
    $("size-list").innerHTML = sizes.map((s) => `<option value="${s}">`).join("");
    $("size-input").value = (module && module.defaultSize) || "";
    $("size-input").placeholder = sizes.join(", ");
    if (module && module.defaultDifficulty && info.difficulties.includes(module.defaultDifficulty)) {
      difficulty.value = module.defaultDifficulty;
    }
    if (last && last.kind === info.name) {
      if (last.size) $("size-input").value = last.size;
      if (last.difficulty && info.difficulties.includes(last.difficulty)) difficulty.value = last.difficulty;
    }
    $("paste-text").placeholder = (module && module.example) || "";
    onSize();
  }
  select.addEventListener("change", onKind);
  $("size-input").addEventListener("input", onSize);
  await onKind();
  document.body.dataset.state = "home";

  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const kind = select.value;
    const size = $("size-input").value.trim();
    const difficulty = $("difficulty-select").value;
    save("home", { kind, size, difficulty });
    const seed = String(Math.floor(Math.random() * 1e9));
    const params = new URLSearchParams({ seed });
    if (size) params.set("size", size);
    if (difficulty) params.set("difficulty", difficulty);
    location.href = `/play/${encodeURIComponent(kind)}?${params}`;
  });
  $("btn-set").addEventListener("click", () => {
    // The pasted puzzle, or a blank board of the size chosen above.
    const text = $("paste-text").value.trim();
    const size = $("size-input").value.trim();
    const query = text ? `?${new URLSearchParams({ p: text })}` : size ? `?${new URLSearchParams({ size })}` : "";
    location.href = `/set/${encodeURIComponent(select.value)}${query}`;
  });
  $("paste-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("paste-text").value.trim();
    if (!text) return;
    location.href = `/play/${encodeURIComponent(select.value)}?${new URLSearchParams({ p: text })}`;
  });
}

// ---------------------------------------------------------------- play page

async function play(kind, params) {
  show("play");
  const module = await loadModule(kind);
  if (!module) return fail(`There is no play page for "${kind}" yet; the API at /docs still solves it.`);
  $("play-title").textContent = module.title || kind;
  $("status").textContent = params.has("p") ? "Reading the puzzle…" : "Making a puzzle with exactly one solution…";

  let entry;
  try {
    entry = params.has("p") ? await fromText(kind, params.get("p")) : await fromSeed(kind, params);
  } catch (err) {
    return fail(err.message);
  }
  new Game(kind, module, entry).start();
}

async function fromSeed(kind, params) {
  const seed = params.get("seed") || String(Math.floor(Math.random() * 1e9));
  const size = params.get("size") || null;
  const difficulty = params.get("difficulty") || null;
  const key = `gen:${kind}:${size}:${difficulty}:${seed}`;
  let entry = load(key);
  if (!entry) {
    const answer = await api("generate", { kind, size, difficulty, seed });
    const item = answer.puzzles[0];
    entry = { text: item.text, puzzle: item.puzzle, solution: item.solution,
              difficulty: item.difficulty, unique: true };
    save(key, entry);
  }
  const link = new URLSearchParams({ seed });
  if (size) link.set("size", size);
  if (difficulty) link.set("difficulty", difficulty);
  entry.link = `/play/${encodeURIComponent(kind)}?${link}`;
  history.replaceState(null, "", entry.link);
  return entry;
}

async function fromText(kind, text) {
  const answer = await api("solve", { kind, puzzle: text });
  if (!answer.solutions.length) {
    throw new Error(answer.count === 0 && answer.complete
      ? `This puzzle has no solution${answer.reason ? ": " + answer.reason : "."}`
      : `No solution found: ${answer.message || "the search stopped"}`);
  }
  return { text, puzzle: answer.puzzle, solution: answer.solutions[0], unique: answer.verdict === "unique",
           link: `/play/${encodeURIComponent(kind)}?${new URLSearchParams({ p: text })}` };
}

// A step's text without the technique it opens with, shown beside its label
// ("Cage digits: r4c4 ..." under "cage digits" is "r4c4 ..."); as text.step_body.
function stepBody(technique, text) {
  const at = text.indexOf(": ");
  if (!technique || at < 0 || at + 2 >= text.length) return text;
  return text.slice(0, at).trim().toLowerCase() === technique.trim().toLowerCase()
    ? text.slice(at + 2) : text;
}

class Game {
  constructor(kind, module, entry) {
    this.kind = kind;
    this.module = module;
    this.entry = entry;
    this.model = module.init(entry.puzzle, entry.solution);
    this.key = `game:${kind}:${entry.text}`;
    const saved = load(this.key);
    this.pos = saved ? saved.pos : module.empty(this.model);
    this.undo = saved ? saved.undo : [];
    this.redo = saved ? saved.redo : [];
    this.elapsed = saved ? saved.elapsed : 0;
    this.done = saved ? saved.done : null; // "solved" or "revealed"
    this.cursor = module.firstCursor(this.model);
    this.marks = { wrong: new Set(), hint: new Set(), hintLines: new Set() };
    this.pencil = false;
    this.hintLevel = 0;
    this.hintFor = null;
  }

  start() {
    const m = this.module;
    document.title = `${m.title} · numberplay`;
    const info = [this.entry.difficulty, m.describe ? m.describe(this.model) : ""].filter(Boolean);
    if (!this.entry.unique) info.push("more than one solution: Check compares with one of them");
    $("play-info").textContent = info.join(" · ");
    $("permalink").href = this.entry.link;
    $("permalink").textContent = location.origin + this.entry.link;
    $("keys-help").textContent = m.keysHelp || "";
    $("btn-pencil").hidden = !m.pencil;
    this.buildPad();
    this.board = $("board");
    this.board.addEventListener("keydown", (e) => this.onKey(e));
    document.addEventListener("keydown", (e) => this.onGlobalKey(e));
    $("btn-check").onclick = () => this.check();
    $("btn-hint").onclick = () => this.hint();
    $("btn-undo").onclick = () => this.step(this.undo, this.redo);
    $("btn-redo").onclick = () => this.step(this.redo, this.undo);
    $("btn-restart").onclick = () => this.restart();
    $("btn-reveal").onclick = () => this.reveal();
    $("btn-pencil").onclick = () => this.togglePencil();
    this.status(this.done === "solved" ? this.solvedText() : this.done === "revealed" ? "Solution revealed." : "");
    this.render(true);
    this.lastTick = Date.now();
    setInterval(() => this.tick(), 500);
    document.body.dataset.state = this.done || "playing";
  }

  buildPad() {
    const pad = $("pad");
    pad.innerHTML = "";
    for (const value of this.module.pad(this.model)) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = value.label;
      button.setAttribute("aria-label", value.aria || value.label);
      button.onclick = () => { this.input(value.key); this.render(true); };
      pad.appendChild(button);
    }
  }

  // -- state ------------------------------------------------------------------
  persist() {
    save(this.key, { pos: this.pos, undo: this.undo.slice(-200), redo: this.redo.slice(-200),
                     elapsed: this.elapsed, done: this.done });
  }

  change(pos) {
    if (this.done) return;
    const before = JSON.stringify(this.pos);
    if (JSON.stringify(pos) === before) return;
    this.undo.push(this.pos);
    this.redo = [];
    this.pos = pos;
    this.afterChange();
  }

  step(from, to) {
    if (!from.length) return;
    to.push(this.pos);
    this.pos = from.pop();
    if (this.done === "revealed" || this.done === "solved") this.done = null;
    this.afterChange();
  }

  afterChange() {
    this.marks.wrong.clear();
    this.marks.hint.clear();
    $("hint-panel").hidden = true;
    this.hintLevel = 0;
    if (!this.done && this.module.solved(this.model, this.pos)) {
      this.done = "solved";
      this.status(this.solvedText(), "good");
    } else if (!this.done) {
      this.status("");
      this.askServer();
    }
    document.body.dataset.state = this.done || "playing";
    this.persist();
    this.render();
  }

  async askServer() {
    // A puzzle with several solutions: a full entry that differs from the one we
    // know may still be right. The kind's module says how to ask (`check` with
    // the entry fixed); the server counts the solutions that agree with it.
    if (this.entry.unique || !this.module.fullEntry) return;
    const options = this.module.fullEntry(this.model, this.pos);
    if (!options) return;
    const stamp = JSON.stringify(this.pos);
    try {
      const answer = await api("check", { kind: this.kind, puzzle: this.entry.text, options, limit: 1 });
      if (answer.count >= 1 && JSON.stringify(this.pos) === stamp && !this.done) {
        this.done = "solved";
        this.status(this.solvedText(), "good");
        document.body.dataset.state = "solved";
        this.persist();
        this.render();
      }
    } catch { /* no answer: not solved */ }
  }

  restart() {
    if (this.done === "revealed") this.done = null;
    this.change(this.module.empty(this.model));
  }

  reveal() {
    if (this.done) return;
    this.undo.push(this.pos);
    this.redo = [];
    this.pos = this.module.reveal(this.model, this.entry.solution);
    this.done = "revealed";
    this.status("Solution revealed.");
    this.afterChange();
  }

  togglePencil() {
    this.pencil = !this.pencil;
    $("btn-pencil").setAttribute("aria-pressed", String(this.pencil));
    this.status(this.pencil ? "Pencil: digits strike or restore candidates." : "");
    this.render(true);
  }

  // -- time -------------------------------------------------------------------
  tick() {
    const now = Date.now();
    if (!this.done && !document.hidden) this.elapsed += (now - this.lastTick) / 1000;
    this.lastTick = now;
    $("timer").textContent = clock(this.elapsed);
    if (!this.done && Math.floor(this.elapsed) % 5 === 0) this.persist();
  }

  solvedText() {
    return `Solved! in ${clock(this.elapsed)}`;
  }

  status(text, tone) {
    const el = $("status");
    el.textContent = text;
    el.className = "status" + (tone ? " " + tone : "");
  }

  // -- input ------------------------------------------------------------------
  onGlobalKey(event) {
    if (event.defaultPrevented) return; // the board has handled it
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "textarea", "select"].includes(tag)) return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && (event.key === "z" || event.key === "Z")) {
      event.preventDefault();
      if (event.shiftKey) this.step(this.redo, this.undo); else this.step(this.undo, this.redo);
    } else if (ctrl && (event.key === "y" || event.key === "Y")) {
      event.preventDefault();
      this.step(this.redo, this.undo);
    } else if (!ctrl && !event.altKey && !this.board.contains(event.target)
               && !(tag === "button" && [" ", "Enter"].includes(event.key))) {
      this.onKey(event);
    }
  }

  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.module.pencil && (event.key === "p" || event.key === "P") && !this.module.letterKeys) {
      event.preventDefault();
      this.togglePencil();
      return;
    }
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[event.key]) {
      event.preventDefault();
      this.cursor = this.module.move(this.model, this.cursor, ...arrows[event.key]);
      this.render();
      return;
    }
    let key = null;
    if (/^Digit\d$/.test(event.code) && event.shiftKey) key = { strike: Number(event.code.slice(5)) };
    else if (/^\d$/.test(event.key)) key = { digit: Number(event.key) };
    else if (["Backspace", "Delete", " "].includes(event.key)) key = { clear: true };
    else if (/^[\p{L}\p{M}]$/u.test(event.key) && this.module.letterKeys) key = { letter: event.key };
    if (key === null) return;
    event.preventDefault();
    this.input(key);
  }

  input(key) {
    if (this.done) return;
    if (this.pencil && (key.digit !== undefined || key.value !== undefined)) {
      key = { strike: key.digit ?? key.value, direct: key.value !== undefined };
    }
    const result = this.module.input(this.model, this.pos, this.cursor, key, Date.now());
    if (!result) return;
    if (result.message) this.status(result.message, "bad");
    if (result.cursor !== undefined) this.cursor = result.cursor;
    if (result.pos) this.change(result.pos); else this.render();
  }

  select(cursor) {
    this.cursor = cursor;
    this.render(true);
  }

  // -- buttons ----------------------------------------------------------------
  check() {
    if (this.done === "revealed") return;
    const wrong = this.module.wrong(this.model, this.pos, this.entry.solution);
    this.marks.wrong = new Set(wrong);
    this.status(wrong.length ? `${wrong.length} ${wrong.length === 1 ? "entry contradicts" : "entries contradict"} the solution.`
      : this.done === "solved" ? this.solvedText() : "No mistakes so far.", wrong.length ? "bad" : "good");
    this.render();
  }

  async hint() {
    if (this.done) return;
    const state = this.module.stateText(this.model, this.pos);
    const stamp = JSON.stringify(this.pos);
    this.hintLevel = this.hintFor === stamp ? Math.min(3, this.hintLevel + 1) : 1;
    this.hintFor = stamp;
    const panel = $("hint-panel");
    panel.hidden = false;
    panel.textContent = "Thinking…";
    let answer;
    try {
      answer = await api("hint", { kind: this.kind, puzzle: this.entry.text, state, level: this.hintLevel });
    } catch (err) {
      panel.textContent = err.message;
      return;
    }
    if (JSON.stringify(this.pos) !== stamp) return; // the player moved on meanwhile
    const found = answer.hint;
    this.marks.hint = new Set();
    panel.innerHTML = "";
    const wrong = answer.wrong || [];
    if (wrong.length) {
      const p = document.createElement("p");
      p.className = "wrong-list";
      p.textContent = wrong.map((w) => (typeof w === "string" ? w : w.text)).join(" ");
      panel.appendChild(p);
      this.marks.wrong = new Set(wrong.map((w) => w.place).filter(Boolean));
    }
    const text = answer.text || (found && found.text) || "";
    if (!found) {
      panel.appendChild(document.createTextNode(text || "No hint: nothing left to deduce."));
    } else {
      // The hint at a level: the area at level 1, the cells at 2, the whole step at 3.
      const step = found.step || null;
      const places = [...(found.cells || [])];
      if (found.area && this.hintLevel === 1) places.push(found.area);
      if (step) {
        places.push(...(step.cells || []));
        for (const [place] of step.fixed || []) places.push(place);
      }
      for (const place of places) this.marks.hint.add(String(place));
      if (found.technique) {
        const tech = document.createElement("span");
        tech.className = "tech";
        tech.textContent = found.technique;
        panel.appendChild(tech);
      }
      panel.appendChild(document.createTextNode(" " + stepBody(found.technique, text)));
      if (this.hintLevel < 3) {
        const more = document.createElement("p");
        more.className = "note";
        more.textContent = "Press Hint again for more.";
        panel.appendChild(more);
      }
    }
    this.render();
  }

  // -- drawing ----------------------------------------------------------------
  render(focus = false) {
    const ctx = {
      model: this.model, pos: this.pos, cursor: this.cursor, marks: this.marks,
      pencil: this.pencil, done: this.done, select: (c) => this.select(c),
    };
    const hadFocus = document.activeElement && this.board.contains(document.activeElement);
    this.board.innerHTML = "";
    this.module.render(this.board, ctx);
    if (hadFocus || focus) {
      const here = this.board.querySelector('[tabindex="0"]');
      (here || this.board).focus();
    }
    $("btn-undo").disabled = !this.undo.length;
    $("btn-redo").disabled = !this.redo.length;
    $("btn-reveal").disabled = !!this.done;
    $("btn-check").disabled = this.done === "revealed";
    $("btn-hint").disabled = !!this.done;
  }
}

function clock(seconds) {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

// ---------------------------------------------------------------- setter mode
// The puzzle as text, checked as it is typed (POST /api/check with "why": true):
// the verdict, the kind's board with the differing or conflicting places marked,
// the true candidates pencilled in, and "Make unique" applying the fix.

const CELL = /^r(\d+)c(\d+)$/;

function placesOf(names) {
  // The places ("r2c3", "row 2", "column 1", a letter) that clue or place names mention.
  const out = new Set();
  for (const name of names || []) {
    for (const m of String(name).matchAll(/r\d+c\d+|row \d+|column \d+/g)) out.add(m[0]);
    if (/^[\p{L}\p{M}\p{Cf}]$/u.test(name)) out.add(name);   // a letter of any case or script
  }
  return out;
}

function candidatesElement(answer) {
  // Every place with the values some solution uses, as pencil marks: a grid for
  // cells named r1c1, a row of boxes for letters.
  const cands = answer.candidates || {};
  const names = Object.keys(cands);
  const wrap = document.createElement("div");
  if (!names.length) return wrap;
  const differ = new Set(answer.differ || []);
  const cells = names.map((n) => n.match(CELL));
  const grid = cells.every(Boolean);
  const rows = grid ? Math.max(...cells.map((m) => Number(m[1]))) : 1;
  const cols = grid ? Math.max(...cells.map((m) => Number(m[2]))) : names.length;
  const most = Math.max(...names.map((n) => Math.max(...cands[n], 1)));
  wrap.className = "setter-cands";
  wrap.style.gridTemplateColumns = `repeat(${cols}, auto)`;
  const caption = document.createElement("p");
  caption.className = "note";
  caption.textContent = "The values some solution uses"
    + (answer.candidates_complete === false ? " (search cut short)" : "")
    + "; marked: where the two solutions shown differ.";
  names.forEach((name, k) => {
    const box = document.createElement("div");
    box.className = "setter-cell" + (differ.has(name) ? " differ" : "")
      + (cands[name].length === 1 ? " single" : "");
    box.dataset.place = name;
    if (grid) {
      box.style.gridRow = cells[k][1];
      box.style.gridColumn = cells[k][2];
    } else {
      const label = document.createElement("b");
      label.textContent = name;
      box.appendChild(label);
    }
    const marks = document.createElement("span");
    marks.textContent = cands[name].join(most > 9 ? "," : "");
    box.appendChild(marks);
    box.title = `${name}: ${cands[name].join(" ")}`;
    wrap.appendChild(box);
  });
  const outer = document.createElement("div");
  outer.append(caption, wrap);
  return outer;
}

function whyLines(answer) {
  // The reasons under the verdict, as short paragraphs.
  const lines = [];
  if (answer.difficulty) lines.push(`Difficulty: ${answer.difficulty}.`);
  if (answer.techniques && Object.keys(answer.techniques).length) {
    lines.push("Techniques: " + Object.entries(answer.techniques).map(([t, n]) => `${t} ×${n}`).join(", ") + ".");
  }
  if (answer.differ) lines.push(`Two solutions differ at ${answer.differ.join(" ")}.`);
  if (answer.fix) {
    lines.push((answer.fix_minimal ? "Fewest givens" : "Givens (not proved fewest)")
      + " that make it unique: " + answer.fix.map((g) => `${g.at}=${g.value}`).join(", ") + ".");
  }
  if (answer.conflict) lines.push("These clues alone have no solution: " + answer.conflict.join("; ") + ".");
  for (const step of (answer.explanation || []).slice(-3)) lines.push(`${step.technique}: ${stepBody(step.technique, step.text)}`);
  if (answer.why_stopped) lines.push(answer.why_stopped);
  return lines;
}

function drawSetter(module, answer, editing) {
  const verdict = $("setter-verdict");
  verdict.textContent = answer.text + (answer.difficulty ? ` (${answer.difficulty})` : "");
  verdict.className = "status " + (answer.verdict === "unique" ? "good" : "bad");
  const wrong = new Set(answer.conflict_places || placesOf(answer.conflict));
  const hint = new Set([...(answer.differ || []), ...wrong]);
  if (editing) {
    editing.setMarks(wrong, hint);
  } else if (module) {
    const board = $("setter-board");
    board.innerHTML = "";
    try {
      const solution = answer.solutions ? answer.solutions[0] : null;
      const model = module.init(answer.puzzle, solution);
      const ctx = { model, pos: module.empty(model), cursor: module.firstCursor(model),
                    marks: { wrong, hint, hintLines: new Set() }, pencil: false, done: true,
                    select: () => {} };
      module.render(board, ctx);
    } catch (err) {
      board.textContent = "";
    }
  }
  const cands = $("setter-cands");
  cands.innerHTML = "";
  cands.appendChild(candidatesElement(answer));
  const why = $("setter-why");
  why.innerHTML = "";
  for (const line of whyLines(answer)) {
    const p = document.createElement("p");
    p.textContent = line;
    why.appendChild(p);
  }
  why.hidden = !why.childElementCount;
  $("btn-unique").hidden = !answer.fixed_text;
}

const CELL_PLACE = /^r\d+c\d+$/;
const EDIT_PAUSE = 300;   // ms after the last edit on the board before it is checked

// The board of setter mode for a kind whose module declares an `editor` (see the
// interface at the end of this file): a selection made by dragging, clicking
// (Shift or Ctrl adds a cell) or Shift+arrows; keys and the pad go to the
// kind's editor, which answers with the edited puzzle; undo and redo over edits.
class BoardEditor {
  constructor(module, board, pad, onEdit) {
    this.module = module;
    this.editor = module.editor;
    this.board = board;
    this.pad = pad;
    this.onEdit = onEdit;
    this.puzzle = null;
    this.cursor = { r: 0, c: 0 };
    this.sel = [this.cursor];
    this.typing = false;
    this.dragging = null;
    this.undo = [];
    this.redo = [];
    this.marks = { wrong: new Set(), hint: new Set(), hintLines: new Set() };
    board.addEventListener("pointerdown", (e) => this.down(e));
    board.addEventListener("pointermove", (e) => this.over(e));
    window.addEventListener("pointerup", () => this.up());
    window.addEventListener("pointercancel", () => this.up());
    document.addEventListener("keydown", (e) => this.onKey(e));
    $("btn-setter-undo").onclick = () => this.step(this.undo, this.redo);
    $("btn-setter-redo").onclick = () => this.step(this.redo, this.undo);
  }

  // -- the puzzle ------------------------------------------------------------
  load(puzzle, record) {
    // A puzzle read from the text box (through the server): undo can go back.
    if (this.puzzle && JSON.stringify(puzzle) === JSON.stringify(this.puzzle)) return;
    if (record && this.puzzle) {
      this.undo.push(this.puzzle);
      this.redo = [];
    }
    this.puzzle = puzzle;
    const [rows, cols] = this.editor.size(puzzle);
    if (this.cursor.r >= rows || this.cursor.c >= cols) this.cursor = { r: 0, c: 0 };
    this.sel = [this.cursor];
    this.buildPad();
    this.render();
  }

  edit(puzzle) {
    if (JSON.stringify(puzzle) === JSON.stringify(this.puzzle)) return;
    this.undo.push(this.puzzle);
    this.redo = [];
    this.puzzle = puzzle;
    this.render();
    this.onEdit(puzzle);
  }

  step(from, to) {
    if (!from.length) return;
    to.push(this.puzzle);
    const back = from.pop();
    this.puzzle = null;
    this.typing = false;
    this.load(back, false);
    this.onEdit(back);
  }

  setMarks(wrong, hint) {
    this.marks = { wrong, hint, hintLines: new Set() };
    this.render();
  }

  // -- the pointer -------------------------------------------------------------
  at(el) {
    const found = el && el.closest ? el.closest("[data-at]") : null;
    if (!found || !this.board.contains(found)) return null;
    const [r, c] = found.dataset.at.split(",").map(Number);
    return { r, c, cell: CELL_PLACE.test(found.dataset.place || "") };
  }

  down(event) {
    const at = this.at(event.target);
    if (!at || !this.puzzle || event.button > 0) return;
    event.preventDefault();   // no text selection, no focus on the press: render focuses
    const here = { r: at.r, c: at.c };
    this.typing = false;
    if ((event.shiftKey || event.ctrlKey || event.metaKey) && at.cell) {
      const k = this.sel.findIndex((x) => x.r === here.r && x.c === here.c);
      if (k >= 0 && this.sel.length > 1) this.sel.splice(k, 1); else if (k < 0) this.sel.push(here);
      this.cursor = here;
      this.render(true);
      return;
    }
    this.cursor = here;
    this.sel = [here];
    this.dragging = at.cell ? [here] : null;
    this.render(true);
  }

  over(event) {
    if (!this.dragging) return;
    // Every point the pointer passed (the browser merges moves within a frame).
    const points = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    for (const point of points.length ? points : [event]) {
      const at = this.at(document.elementFromPoint(point.clientX, point.clientY));
      if (!at || !at.cell) continue;
      let { r, c } = this.cursor;
      // Cells skipped by a fast move are filled in, so the path stays connected.
      while (r !== at.r || c !== at.c) {
        if (r !== at.r) r += Math.sign(at.r - r); else c += Math.sign(at.c - c);
        if (!this.dragging.some((x) => x.r === r && x.c === c)) this.dragging.push({ r, c });
      }
      this.cursor = { r, c };
    }
    this.sel = this.dragging.slice();
    this.paintSelection();
  }

  up() {
    const cells = this.dragging;
    if (!cells) return;
    this.dragging = null;
    if (cells.length === 1) {
      this.sel = this.editor.pick ? this.editor.pick(this.puzzle, cells[0]) : cells;
      this.render(true);
      return;
    }
    const out = this.editor.drag ? this.editor.drag(this.puzzle, cells) : null;
    if (out && out.puzzle) this.edit(out.puzzle); else this.render(true);
  }

  // -- keys --------------------------------------------------------------------
  onKey(event) {
    if (!this.puzzle || $("setter").hidden || event.defaultPrevented || event.altKey) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "textarea", "select"].includes(tag)) return;
    if (["button", "a", "summary"].includes(tag) && [" ", "Enter"].includes(event.key)) return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl) {
      const k = event.key.toLowerCase();
      if (k === "z" || k === "y") {
        event.preventDefault();
        if (k === "y" || event.shiftKey) this.step(this.redo, this.undo); else this.step(this.undo, this.redo);
      }
      return;
    }
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[event.key]) {
      event.preventDefault();
      const next = this.move(...arrows[event.key]);
      if (event.shiftKey) {
        if (!this.sel.some((x) => x.r === next.r && x.c === next.c)) this.sel.push(next);
      } else {
        this.sel = [next];
      }
      this.cursor = next;
      this.typing = false;
      this.render(true);
      return;
    }
    if (event.key === "Escape") {
      this.sel = [this.cursor];
      this.render(true);
      return;
    }
    if (event.key.length > 1 && !["Enter", "Backspace", "Delete"].includes(event.key)) return;
    if (this.press(event.key)) event.preventDefault();
  }

  move(dr, dc) {
    if (this.editor.move) return this.editor.move(this.puzzle, this.cursor, dr, dc);
    const [rows, cols] = this.editor.size(this.puzzle);
    return { r: (this.cursor.r + dr + rows) % rows, c: (this.cursor.c + dc + cols) % cols };
  }

  press(name) {
    // A key (or the pad's button) to the kind's editor; true when it meant something.
    const out = this.editor.key(this.puzzle, { cursor: this.cursor, cells: this.sel, typing: this.typing }, name);
    $("setter-note").textContent = out && out.message ? out.message : "";
    if (!out) return false;
    this.typing = !!out.typing;
    if (out.sel) this.sel = out.sel;
    if (out.puzzle) this.edit(out.puzzle); else this.render();
    return true;
  }

  buildPad() {
    this.pad.innerHTML = "";
    for (const item of this.editor.pad(this.puzzle)) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = item.label;
      if (item.aria) button.setAttribute("aria-label", item.aria);
      // The pad keeps the board's focus (and the selection) where it was.
      button.addEventListener("pointerdown", (e) => e.preventDefault());
      button.onclick = () => { this.press(item.key); this.render(true); };
      this.pad.appendChild(button);
    }
    this.pad.hidden = false;
  }

  // -- drawing -----------------------------------------------------------------
  selected() {
    return new Set(this.sel.map(({ r, c }) => `r${r + 1}c${c + 1}`));
  }

  paintSelection() {
    const chosen = this.selected();
    for (const el of this.board.querySelectorAll("[data-at]")) {
      const [r, c] = el.dataset.at.split(",").map(Number);
      if (CELL_PLACE.test(el.dataset.place || "")) el.setAttribute("aria-selected", String(chosen.has(el.dataset.place)));
      el.classList.toggle("cursor", r === this.cursor.r && c === this.cursor.c);
    }
  }

  render(focus = false) {
    const hadFocus = document.activeElement && this.board.contains(document.activeElement);
    this.board.innerHTML = "";
    if (this.puzzle) {
      const ctx = { puzzle: this.puzzle, cursor: this.cursor, marks: this.marks, selected: this.selected(),
                    editing: true, pencil: false, done: true, select: () => {} };
      if (this.editor.render) {
        this.editor.render(this.board, ctx);
      } else {   // the play board of the puzzle, nothing entered yet
        const model = this.module.init(this.puzzle);
        this.module.render(this.board, { ...ctx, model, pos: this.module.empty(model) });
      }
      const grid = this.board.querySelector('[role="grid"]');
      if (grid) grid.setAttribute("aria-multiselectable", "true");   // cells are aria-selected
    }
    if (hadFocus || focus) {
      const here = this.board.querySelector('[tabindex="0"]');
      if (here) here.focus({ preventScroll: !focus });
    }
    $("btn-setter-undo").disabled = !this.undo.length;
    $("btn-setter-redo").disabled = !this.redo.length;
  }
}

async function setter(kind, params) {
  show("setter");
  const module = await loadModule(kind);
  const title = (module && module.title) || kind;
  $("setter-title").textContent = `Set a puzzle: ${title}`;
  document.title = `Set ${title} · numberplay`;
  const editor = module && module.editor ? module.editor : null;
  const text = $("setter-text");
  const link = () => `/set/${encodeURIComponent(kind)}?${new URLSearchParams({ p: text.value })}`;
  let editing = null;
  let start = params.get("p");
  if (editor) {
    editing = new BoardEditor(module, $("setter-board"), $("setter-pad"), (puzzle) => {
      text.value = editor.text(puzzle);
      history.replaceState(null, "", link());
      schedule("board", EDIT_PAUSE);
    });
    $("setter-edit").hidden = false;
    $("setter-keys").textContent = editor.keysHelp || "";
    $("blank-size").value = params.get("size") || (module.defaultSize || "");
    $("blank-form").addEventListener("submit", (event) => {
      event.preventDefault();
      location.href = `/set/${encodeURIComponent(kind)}?${new URLSearchParams({ size: $("blank-size").value.trim() })}`;
    });
    if (start === null && params.has("size")) {
      const blank = editor.blank(params.get("size"));
      if (blank) {
        start = editor.text(blank);
        editing.load(blank, false);
      } else {
        $("setter-note").textContent = `No blank board of size "${params.get("size")}".`;
      }
    }
  }
  text.value = start || (module && module.example) || "";
  let timer = null;
  let seq = 0;
  let last = null;
  function schedule(source, wait) {
    ++seq;   // an answer to an earlier text is stale from now on
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run(source);
    }, wait);
  }
  let running = false;
  let again = null;
  async function run(source) {
    // One check at a time: an edit made meanwhile is checked once it returns
    // and the edits have paused (a half-typed clue is not sent).
    if (running) {
      again = source;
      return;
    }
    running = true;
    try {
      await check(source);
    } finally {
      running = false;
      if (again) {
        const next = again;
        again = null;
        if (timer === null) schedule(next, EDIT_PAUSE);
      }
    }
  }
  async function check(source) {
    const mine = ++seq;
    const puzzle = text.value;
    if (!puzzle.trim()) return;
    document.body.dataset.state = "checking";
    $("setter-verdict").textContent = "Checking…";
    $("setter-verdict").className = "status";
    let answer;
    try {
      answer = await api("check", { kind, puzzle, why: true });
    } catch (err) {
      if (mine !== seq) return;
      last = null;
      $("setter-verdict").textContent = err.message;
      $("setter-verdict").className = "status bad";
      if (editing) editing.setMarks(new Set(), new Set()); else $("setter-board").innerHTML = "";
      $("setter-cands").innerHTML = "";
      $("setter-why").hidden = true;
      $("btn-unique").hidden = true;
      document.body.dataset.state = "setter-error";
      return;
    }
    if (mine !== seq) return;
    last = answer;
    // A puzzle typed in the text box is redrawn on the board (undo can go back).
    if (editing && source === "text" && answer.puzzle) editing.load(answer.puzzle, true);
    drawSetter(module, answer, editing);
    history.replaceState(null, "", link());
    document.body.dataset.state = "setter";
  }
  text.addEventListener("input", () => schedule("text", 400));
  $("btn-unique").addEventListener("click", () => {
    if (!last || !last.fixed_text) return;
    text.value = last.fixed_text.replace(/\n$/, "");
    run("text");
  });
  $("btn-setter-play").addEventListener("click", () => {
    location.href = `/play/${encodeURIComponent(kind)}?${new URLSearchParams({ p: text.value })}`;
  });
  await run("text");
}

// ---------------------------------------------------------------- start

const match = location.pathname.match(/^\/play\/([^/]+)\/?$/);
const setMatch = location.pathname.match(/^\/set\/([^/]+)\/?$/);
if (match) play(decodeURIComponent(match[1]), new URLSearchParams(location.search));
else if (setMatch) setter(decodeURIComponent(setMatch[1]), new URLSearchParams(location.search));
else home();

/* A kind's module (static/play.js in the kind's package, served at
   /kinds/<kind>/play.js) exports by default an object, or a function taking the
   kind's play data (/api/kinds: play.data) and returning one, with:
   title, sizes, defaultSize, defaultDifficulty, example, keysHelp,
   pencil (bool: has pencil marks), letterKeys (bool: letter keys select),
   init(puzzle, solution) -> model       empty(model) -> position (plain JSON)
   firstCursor(model), move(model, cursor, dr, dc) -> cursor
   input(model, pos, cursor, key, now) -> {pos?, cursor?, message?} | null
       key: {digit} | {strike} | {clear} | {letter}
   pad(model) -> [{label, key, aria}]
   render(board, ctx)   ctx: {model, pos, cursor, marks: {wrong, hint}, pencil, done, select}
   solved(model, pos) -> bool          wrong(model, pos, solution) -> [place names]
   reveal(model, solution) -> pos      stateText(model, pos) -> text | null
   fullEntry(model, pos) -> check options that fix the whole entry, or null
       (optional: lets a puzzle with several solutions accept any of them)
   describe(model) -> short text.
   editor (optional): the setter's board editor at /set/KIND, on the puzzle as the
   API's JSON ("puzzle" of /api/check):
       blank(size) -> puzzle | null        text(puzzle) -> the text form
       size(puzzle) -> [rows, cols] the cursor walks; move(puzzle, cursor, dr, dc) (optional)
       render(board, ctx) (optional; else the module's render of the puzzle, nothing
           entered)   ctx as above with puzzle, selected (a set of places), editing
       pick(puzzle, cursor) -> the cells a click selects (optional: the cell)
       drag(puzzle, cells) -> {puzzle} | null (optional: a drag only selects)
       key(puzzle, {cursor, cells, typing}, key name) -> {puzzle?, typing?, sel?, message?} | null
       pad(puzzle) -> [{label, key, aria}]   keysHelp.
       Cells carry data-place ("r2c3") and data-at ("r,c": the cursor there).
   Places are named as the explanations name them ("r2c3", "row 2", "E"). */
