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
  }
  select.addEventListener("change", onKind);
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
    const text = $("paste-text").value.trim();
    const query = text ? `?${new URLSearchParams({ p: text })}` : "";
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
// ("Naked single: r4c4 ..." under "naked single" is "r4c4 ..."); as text.step_body.
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
  for (const step of (answer.explanation || []).slice(-3)) lines.push(`${step.technique}: ${step.text}`);
  if (answer.why_stopped) lines.push(answer.why_stopped);
  return lines;
}

function drawSetter(module, answer) {
  const verdict = $("setter-verdict");
  verdict.textContent = answer.text + (answer.difficulty ? ` (${answer.difficulty})` : "");
  verdict.className = "status " + (answer.verdict === "unique" ? "good" : "bad");
  const board = $("setter-board");
  board.innerHTML = "";
  if (module) {
    try {
      const solution = answer.solutions ? answer.solutions[0] : null;
      const model = module.init(answer.puzzle, solution);
      const wrong = new Set(answer.conflict_places || placesOf(answer.conflict));
      const hint = new Set([...(answer.differ || []), ...wrong]);
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

async function setter(kind, params) {
  show("setter");
  const module = await loadModule(kind);
  const title = (module && module.title) || kind;
  $("setter-title").textContent = `Set a puzzle: ${title}`;
  document.title = `Set ${title} · numberplay`;
  const text = $("setter-text");
  text.value = params.get("p") || (module && module.example) || "";
  let timer = null;
  let seq = 0;
  let last = null;
  async function run() {
    const mine = ++seq;
    const puzzle = text.value;
    if (!puzzle.trim()) return;
    document.body.dataset.state = "checking";
    $("setter-verdict").textContent = "Checking…";
    let answer;
    try {
      answer = await api("check", { kind, puzzle, why: true });
    } catch (err) {
      if (mine !== seq) return;
      last = null;
      $("setter-verdict").textContent = err.message;
      $("setter-verdict").className = "status bad";
      for (const id of ["setter-board", "setter-cands"]) $(id).innerHTML = "";
      $("setter-why").hidden = true;
      $("btn-unique").hidden = true;
      document.body.dataset.state = "setter-error";
      return;
    }
    if (mine !== seq) return;
    last = answer;
    drawSetter(module, answer);
    history.replaceState(null, "", `/set/${encodeURIComponent(kind)}?${new URLSearchParams({ p: puzzle })}`);
    document.body.dataset.state = "setter";
  }
  text.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, 400);
  });
  $("btn-unique").addEventListener("click", () => {
    if (!last || !last.fixed_text) return;
    text.value = last.fixed_text.replace(/\n$/, "");
    run();
  });
  $("btn-setter-play").addEventListener("click", () => {
    location.href = `/play/${encodeURIComponent(kind)}?${new URLSearchParams({ p: text.value })}`;
  });
  await run();
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
   Places are named as the explanations name them ("r2c3", "row 2", "E"). */
