// The play module for formulas of letters:
// each letter is a slot; giving a letter a digit fills it everywhere; a digit
// belongs to one letter at a time. Sums and products are stacked in columns.

const SUM = /^\s*\p{Lu}+(\s*\+\s*\p{Lu}+)+\s*={1,2}\s*\p{Lu}+\s*$/u;
const PRODUCT = /^\s*\p{Lu}+\s*[x×*]\s*\p{Lu}+\s*={1,2}\s*\p{Lu}+\s*$/u;

function lettersOf(formula) {
  const seen = [];
  for (const ch of formula) if (/\p{Lu}/u.test(ch) && !seen.includes(ch)) seen.push(ch);
  return seen;
}

function stackRows(formula) {
  // [[operator, word], ...] and the result word, for sums and products.
  if (SUM.test(formula)) {
    const [left, right] = formula.split(/={1,2}/);
    const words = left.split("+").map((w) => w.trim());
    return { rows: words.map((w, i) => [i === words.length - 1 ? "+" : "", w]), result: right.trim() };
  }
  if (PRODUCT.test(formula)) {
    const [left, right] = formula.split(/={1,2}/);
    const [a, b] = left.split(/[x×*]/).map((w) => w.trim());
    return { rows: [["", a], ["×", b]], result: right.trim() };
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

  function slot(ctx, letter, column) {
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
    el.setAttribute("role", "gridcell");
    el.setAttribute("aria-label", `letter ${letter}${circles ? ` (${colourName(letter)})` : ""}: `
      + (digit === undefined ? "no digit" : `${digit}${fixed ? ", given" : ""}`));
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
        return m.letters.includes(key.letter) ? { cursor: key.letter }
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
      wrap.setAttribute("role", "grid");
      wrap.setAttribute("aria-label", `formula ${m.formula}`);
      const longest = m.stack
        ? Math.max(...m.stack.rows.map(([, w]) => w.length), m.stack.result.length) + 1
        : Math.max(...(m.formula.match(/\p{Lu}+/gu) || ["A"]).map((w) => w.length));
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
          for (let k = 0; k < width - word.length; k++) grid.appendChild(document.createElement("div"));
          [...word].forEach((ch, i) => grid.appendChild(slot(ctx, ch, word.length - i)));
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
        for (const token of m.formula.match(/\p{Lu}+|[^\p{Lu}]+/gu) || []) {
          if (/^\p{Lu}/u.test(token)) {
            const word = document.createElement("span");
            word.style.display = "inline-flex";
            word.style.gap = "2px";
            for (const ch of token) word.appendChild(slot(ctx, ch, 0));
            row.appendChild(word);
          } else if (token.trim()) {
            const op = document.createElement("span");
            op.className = "op";
            op.textContent = token.trim();
            row.appendChild(op);
          }
        }
        wrap.appendChild(row);
      }
      const letters = document.createElement("div");
      letters.className = "letters";
      letters.setAttribute("aria-label", "letters");
      for (const letter of m.letters) {
        const entry = document.createElement("div");
        entry.className = "entry";
        const el = slot(ctx, letter, 0);
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
