"""Long multiplications from a word list (`--op long`): cryptator's published
layout, read back by the parser, and each formula's one solution counted again by
a brute force over every digit assignment of the printed text."""

from __future__ import annotations

import itertools
import re

from click.testing import CliRunner

from numberplay.cli import app
from numberplay.cryptarithm.generate import generate_all_sums
from numberplay.cryptarithm.model import CryptarithmPuzzle
from numberplay.kinds import InlineText

runner = CliRunner()

# The words of cryptator's long-multiplications/alpha.db.txt and its four lines
# (the Greek letters mu, nu, tau, pi, xi, chi), written here.
GREEK = "mu nu tau pi xi chi"
PUBLISHED = [
    "mu * mu = tau && nu * '1' + mu * '10' = tau && mu * m = mu && mu * u = nu",
    "nu * nu = tau && mu * '1' + nu * '10' = tau && nu * n = nu && nu * u = mu",
    "pi * pi = chi && xi * '1' + pi * '10' = chi && pi * p = pi && pi * i = xi",
    "xi * xi = chi && pi * '1' + xi * '10' = chi && xi * x = xi && xi * i = pi",
]


def found(words: str, base: int = 10) -> list[str]:
    return [g.text for g in generate_all_sums(words=InlineText(words), op="long", base=base,
                                              graded=False)]


def _value(term: str, a: dict[str, int], base: int) -> int:
    """A product of words and quoted decimal numbers."""
    out = 1
    for factor in term.split("*"):
        factor = factor.strip()
        if factor.startswith("'"):
            out *= int(factor.strip("'"))
            continue
        v = 0
        for ch in factor:
            v = v * base + a[ch]
        out *= v
    return out


def brute(formula: str, base: int = 10) -> int:
    """Solutions of the printed formula, by every injective digit assignment."""
    eqs = [e.split("=") for e in formula.split("&&")]
    words = re.findall(r"[A-Z]+", formula)
    letters = sorted(set("".join(words)))
    lead = {w[0] for w in words if len(w) > 1}
    n = 0
    for perm in itertools.permutations(range(base), len(letters)):
        a = dict(zip(letters, perm, strict=True))
        if any(a[c] == 0 for c in lead):
            continue
        if all(sum(_value(t, a, base) for t in left.split("+")) == _value(right, a, base)
               for left, right in eqs):
            n += 1
    return n


def every_long(words: list[str], base: int = 10) -> set[str]:
    """The oracle: every digit assignment of the list's letters, the long
    multiplications it makes true, kept when exactly one assignment (of the
    formula's own letters) does."""
    letters = sorted(set("".join(words)))
    sols: dict[tuple[str, str, str, tuple[str, ...]], set[tuple[int, ...]]] = {}
    for perm in itertools.permutations(range(base), len(letters)):
        a = dict(zip(letters, perm, strict=True))
        # the words this assignment may write (no leading 0), by value
        ok = [w for w in words if len(w) == 1 or a[w[0]] != 0]
        word_of: dict[int, list[str]] = {}
        for w in ok:
            word_of.setdefault(_value(w, a, base), []).append(w)
        for x in ok:
            for y in ok:
                if len(y) < 2:
                    continue
                vx = _value(x, a, base)
                rows = [word_of.get(vx * a[ch], []) for ch in y]
                for z in word_of.get(vx * _value(y, a, base), []):
                    for parts in itertools.product(*rows):
                        used = sorted(set(x + y + z + "".join(parts)))
                        sols.setdefault((x, y, z, parts), set()).add(
                            tuple(a[c] for c in used))
    out = set()
    for (x, y, z, parts), seen in sols.items():
        if len(seen) == 1:
            shifted = " + ".join(f"{parts[len(y) - 1 - i]} * '{base ** i}'"
                                 for i in range(len(y)))
            rows = " && ".join(f"{x} * {ch} = {p}" for ch, p in zip(y, parts, strict=True))
            out.add(f"{x} * {y} = {z} && {shifted} = {z} && {rows}")
    return out


def test_cryptators_published_lines_and_each_is_unique():
    got = found(GREEK)
    assert sorted(got) == sorted(line.upper() for line in PUBLISHED)
    for formula in got:
        assert brute(formula) == 1
        CryptarithmPuzzle.of(formula.lower(), 10)   # cryptator's lower case reads too


def test_every_output_unique_by_brute_force_and_deterministic():
    words = "AE BA BC BD BEC CA CAC CCA ED EDE"
    got = found(words)
    assert got == found(words)
    assert len(got) == 2
    for formula in got:
        assert brute(formula) == 1
    assert set(got) == every_long(words.split())
    # a formula left out for a second solution: AB * AB = CAB has several
    assert brute("AB * AB = CAB && AB * '1' + AB * '10' = CAB && AB * A = AB && AB * B = AB") != 1


def test_cli_and_bad_input(tmp_path):
    path = tmp_path / "greek.txt"
    path.write_text(GREEK + "\n", encoding="utf-8")
    r = runner.invoke(app, ["generate", "cryptarithm", "--all", "--op", "long",
                            "--words", str(path)])
    assert r.exit_code == 0, r.output
    assert "MU * MU = TAU && NU * '1' + MU * '10' = TAU" in r.output
    bad = runner.invoke(app, ["generate", "cryptarithm", "--all", "--op", "long",
                              "--addends", "3"])
    assert bad.exit_code == 2
    assert "--op long" in bad.output and "Traceback" not in bad.output
    assert len(bad.output.strip().splitlines()) == 1
    bad = runner.invoke(app, ["generate", "cryptarithm", "--all", "--op", "longer"])
    assert bad.exit_code == 2 and "+, x or long" in bad.output


def test_seeded_puzzles_repeat(tmp_path):
    path = tmp_path / "greek.txt"
    path.write_text(GREEK + "\n", encoding="utf-8")
    args = ["generate", "cryptarithm", "--op", "long", "--count", "2", "--seed", "5",
            "--words", str(path)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == runner.invoke(app, args).output
    assert "op=long" in first.output
