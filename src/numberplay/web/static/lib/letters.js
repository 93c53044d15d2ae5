// The play module for formulas of letters:
// each letter is a slot; giving a letter a digit fills it everywhere; a digit
// belongs to one letter at a time. Sums and products are stacked in columns.
// A word is read as the server reads it (formula/lang.py): a letter of any script
// or case, then letters, combining marks, format characters and digits (a digit
// stands for itself); a lower-case name (sum, range, abs, min, max before "(";
// and, or, in, is, x after an operand; not) is a name only where the grammar
// needs it there, else a word.

const LETTER = /^\p{L}$/u;
const WORD_CHAR = /^[\p{L}\p{M}\p{Cf}0-9]$/u;
const FUNCTIONS = ["sum", "range", "abs", "min", "max"];
const BINARY = ["and", "or", "in", "is", "x"];

export function tokens(formula) {
  // [{ text, word }]: the formula cut into words and the rest.
  const raw = [];
  const chars = [...formula];
  for (let i = 0; i < chars.length;) {
    if (LETTER.test(chars[i])) {
      let j = i + 1;
      while (j < chars.length && WORD_CHAR.test(chars[j])) j++;
      raw.push({ text: chars.slice(i, j).join(""), name: true });
      i = j;
    } else {
      let j = i + 1;
      while (j < chars.length && !LETTER.test(chars[j])) j++;
      raw.push({ text: chars.slice(i, j).join(""), name: false });
      i = j;
    }
  }
  let operand = false;
  let notIn = false;
  return raw.map((t, k) => {
    const next = raw.slice(k + 1).find((r) => r.name || r.text.trim()) || { text: "", name: false };
    const restTrim = next.name ? "" : next.text.trimStart();
    let word = false;
    let binaryNot = false;
    if (t.name) {
      const opensCall = restTrim.startsWith("(");
      const nextOperand = next.name && !BINARY.includes(next.text);
      if (FUNCTIONS.includes(t.text) && !operand && opensCall) word = false;
      else if (BINARY.includes(t.text) && operand) word = false;
      else if (t.text === "in" && notIn) word = false;
      else if (t.text === "not" && (operand || nextOperand || /^[([{0-9'"]/.test(restTrim))) {
        binaryNot = operand;
      } else word = true;
      operand = word;
    } else {
      const tail = t.text.trimEnd();
      if (!tail) return { text: t.text, word };        // spaces change nothing
      operand = /[)\]}0-9'"]$/.test(tail);
    }
    notIn = binaryNot;
    return { text: t.text, word };
  });
}

export function lettersOf(formula) {
  // The letters of the words, in order of first appearance (digits are not letters).
  const seen = [];
  for (const t of tokens(formula)) {
    if (!t.word) continue;
    for (const ch of t.text) if (!/[0-9]/.test(ch) && !seen.includes(ch)) seen.push(ch);
  }
  return seen;
}

function stackRows(formula) {
  // [[operator, word], ...] and the result word, for sums and products of words.
  const parts = tokens(formula).map((t) => (t.word ? t : { text: t.text.replace(/\s+/g, ""), word: false }))
    .filter((t) => t.text);
  const words = parts.filter((t, i) => i % 2 === 0);
  const ops = parts.filter((t, i) => i % 2 === 1).map((t) => t.text);
  if (parts.length < 5 || parts.length % 2 === 0 || !words.every((t) => t.word)) return null;
  const eq = ops.length - 1;
  if (!/^={1,2}$/.test(ops[eq]) || ops.slice(0, eq).some((o) => /=/.test(o))) return null;
  const left = words.slice(0, -1).map((t) => t.text);
  const result = words[words.length - 1].text;
  if (ops.slice(0, eq).every((o) => o === "+")) {
    return { rows: left.map((w, i) => [i === left.length - 1 ? "+" : "", w]), result };
  }
  if (left.length === 2 && ["x", "×", "*"].includes(ops[0])) {
    return { rows: [["", left[0]], ["×", left[1]]], result };
  }
  return null;
}

function light(hex) {
  // Light colours (white, yellow) get dark text.
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

export function lettersModule(options) {
  const circles = !!options.circles;
  const colours = options.colours || {};
  const palette = ["#d94141", "#2f8f46", "#2f63c9", "#e08a1e", "#8e44ad", "#17a2b8",
                   "#c2185b", "#6d4c41", "#607d8b", "#9e9d24"];

  function colourOf(m, letter) {
    return colours[letter] || palette[m.letters.indexOf(letter) % palette.length];
  }

  // A letter's slot. In the formula it is a picture of the letter (hidden from
  // screen readers, which read the formula from the board's label); in the row
  // of letters under it (`chooser`), a button that picks the letter.
  function slot(ctx, letter, column, chooser = false) {
    const { model: m, pos } = ctx;
    const el = document.createElement("div");
    el.className = "slot" + (circles ? " circle" : "");
    el.dataset.place = letter;
    if (column) el.dataset.col = `column ${column}`;
    const digit = pos.a[letter];
    const fixed = letter in m.fixed;
    if (fixed) el.classList.add("fixed");
    if (circles) {
      const colour = colourOf(m, letter);
      el.style.background = colour;
      if (light(colour)) el.classList.add("light");
    }
    const here = ctx.cursor === letter;
    if (here) el.classList.add("cursor");
    if (ctx.marks.wrong.has(letter)) el.classList.add("wrong");
    if (ctx.marks.hint.has(letter)) el.classList.add("hint");
    if (column && ctx.marks.hint.has(`column ${column}`)) el.classList.add("col-hint");
    if (chooser) {
      el.setAttribute("role", "button");
      if (here) el.setAttribute("aria-current", "true");
      el.setAttribute("aria-label", `letter ${letter}${circles ? ` (${colourName(letter)})` : ""}: `
        + (digit === undefined ? "no digit" : `${digit}${fixed ? ", given" : ""}`));
    } else {
      el.setAttribute("aria-hidden", "true");
    }
    el.innerHTML = `<span class="l">${letter}</span><span class="d">${digit === undefined ? "" : digit}</span>`;
    el.addEventListener("click", () => ctx.select(letter));
    return el;
  }

  function colourName(letter) {
    return options.colourNames ? options.colourNames[letter] || letter : letter;
  }

  return {
    title: options.title,
    sizes: options.sizes,
    defaultSize: options.defaultSize,
    defaultDifficulty: "easy",
    letterKeys: true,
    example: options.example,
    keysHelp: "Type a letter (or use the arrow keys) to choose it; a digit gives it that digit "
      + "everywhere; Backspace clears; each digit belongs to one letter. Ctrl-Z undo, Ctrl-Y redo.",

    init(puzzle, solution) {
      const formula = puzzle.formula;
      return {
        formula, base: puzzle.base || 10, fixed: puzzle.fixed || {},
        answer: solution ? solution.assignment : null,
        letters: lettersOf(formula), stack: stackRows(formula),
      };
    },
    empty(m) { return { a: { ...m.fixed } }; },
    firstCursor(m) { return m.letters.find((l) => !(l in m.fixed)) || m.letters[0]; },
    move(m, cursor, dr, dc) {
      const step = dr || dc;
      const i = m.letters.indexOf(cursor);
      return m.letters[(i + step + m.letters.length) % m.letters.length];
    },
    describe(m) { return `${m.letters.length} letters, base ${m.base}`; },

    pad(m) {
      const keys = [];
      for (let d = 0; d < Math.min(m.base, 10); d++) keys.push({ label: String(d), key: { digit: d } });
      keys.push({ label: "⌫", aria: "clear", key: { clear: true } });
      return keys;
    },

    input(m, pos, cursor, key) {
      if (key.letter !== undefined) {
        // the letter as typed, else the other case (typing s chooses S in SEND)
        const found = [key.letter, key.letter.toUpperCase(), key.letter.toLowerCase()]
          .find((l) => m.letters.includes(l));
        return found !== undefined ? { cursor: found }
          : { message: `There is no letter ${key.letter} here.` };
      }
      if (cursor in m.fixed) return { message: `${cursor} is given.` };
      const a = { ...pos.a };
      if (key.clear) {
        delete a[cursor];
        return { pos: { a } };
      }
      const d = key.digit ?? key.value;
      if (d === undefined || d < 0 || d >= m.base) return null;
      const owner = Object.keys(a).find((l) => a[l] === d && l !== cursor);
      if (owner) return { message: `${d} is already ${owner}: clear ${owner} first.` };
      a[cursor] = d;
      return { pos: { a } };
    },

    render(board, ctx) {
      const m = ctx.model;
      const wrap = document.createElement("div");
      wrap.setAttribute("role", "group");
      wrap.setAttribute("aria-label", `formula ${m.formula}`);
      const longest = m.stack
        ? Math.max(...m.stack.rows.map(([, w]) => [...w].length), [...m.stack.result].length) + 1
        : Math.max(1, ...tokens(m.formula).filter((t) => t.word).map((t) => [...t.text].length));
      const room = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
      board.style.setProperty("--slot", `${Math.max(18, Math.min(46, Math.floor((room - 40) / longest) - 3))}px`);
      if (m.stack) {
        const width = longest - 1;
        const grid = document.createElement("div");
        grid.className = "stack";
        grid.style.gridTemplateColumns = `repeat(${width + 1}, auto)`;
        const line = (op, word) => {
          const opEl = document.createElement("div");
          opEl.className = "op";
          opEl.textContent = op;
          grid.appendChild(opEl);
          const chars = [...word];
          for (let k = 0; k < width - chars.length; k++) grid.appendChild(document.createElement("div"));
          chars.forEach((ch, i) => {
            if (!/[0-9]/.test(ch)) grid.appendChild(slot(ctx, ch, chars.length - i));
            else {                                 // a digit in a word is itself
              const d = document.createElement("div");
              d.className = "op";
              d.textContent = ch;
              grid.appendChild(d);
            }
          });
        };
        for (const [op, word] of m.stack.rows) line(op, word);
        const rule = document.createElement("div");
        rule.className = "rule";
        rule.style.gridColumn = `1 / span ${width + 1}`;
        grid.appendChild(rule);
        line("", m.stack.result);
        wrap.appendChild(grid);
      } else {
        const row = document.createElement("div");
        row.className = "formula";
        for (const token of tokens(m.formula)) {
          if (token.word) {
            const word = document.createElement("span");
            word.style.display = "inline-flex";
            word.style.gap = "2px";
            for (const ch of token.text) {
              if (/[0-9]/.test(ch)) {            // a digit in a word is itself
                const d = document.createElement("span");
                d.className = "op";
                d.textContent = ch;
                word.appendChild(d);
              } else word.appendChild(slot(ctx, ch, 0));
            }
            row.appendChild(word);
          } else if (token.text.trim()) {
            const op = document.createElement("span");
            op.className = "op";
            op.textContent = token.text.trim();
            row.appendChild(op);
          }
        }
        wrap.appendChild(row);
      }
      const letters = document.createElement("div");
      letters.className = "letters";
      letters.setAttribute("role", "group");
      letters.setAttribute("aria-label", "letters");
      for (const letter of m.letters) {
        const entry = document.createElement("div");
        entry.className = "entry";
        const el = slot(ctx, letter, 0, true);
        if (ctx.cursor === letter) el.tabIndex = 0; else el.tabIndex = -1;
        entry.appendChild(el);
        letters.appendChild(entry);
      }
      wrap.appendChild(letters);
      const used = document.createElement("div");
      used.className = "digits-used";
      const owners = {};
      for (const [l, d] of Object.entries(ctx.pos.a)) owners[d] = l;
      const parts = [];
      for (let d = 0; d < Math.min(m.base, 10); d++) {
        parts.push(owners[d] !== undefined ? `<s title="${owners[d]}">${d}</s>` : `<b>${d}</b>`);
      }
      used.innerHTML = "digits free: " + parts.join(" ");
      wrap.appendChild(used);
      board.appendChild(wrap);
    },

    solved(m, pos) {
      const answer = m.answer;
      if (!answer) return false;
      return m.letters.every((l) => pos.a[l] === answer[l]);
    },

    wrong(m, pos, solution) {
      return m.letters.filter((l) => pos.a[l] !== undefined && pos.a[l] !== solution.assignment[l]);
    },

    reveal(m, solution) { return { a: { ...solution.assignment } }; },

    fullEntry(m, pos) {
      if (!m.letters.every((l) => pos.a[l] !== undefined)) return null;
      return { fix: m.letters.map((l) => `${l}=${pos.a[l]}`).join(",") };
    },

    stateText(m, pos) {
      const parts = m.letters.filter((l) => pos.a[l] !== undefined).map((l) => `${l}=${pos.a[l]}`);
      return parts.length ? parts.join(",") : null;
    },
  };
}
