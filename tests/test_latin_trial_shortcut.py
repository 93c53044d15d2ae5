"""The quick test that lets Latin trials skip suppositions the techniques cannot
refute (`LatinRules.closes`): explanations and hints must be the same, word for
word, as when every trial is followed step by step."""

from __future__ import annotations

import pytest

import numberplay as npl
from numberplay.latin import explain as LE
from numberplay.services.generation import generate_one


def texts(puzzle) -> list[str]:
    return [s.text for s in npl.explain(puzzle)]


@pytest.mark.parametrize(("size", "index"), [("6", 0), ("7", 1), ("8", 2)])
def test_explanations_do_not_change_with_the_shortcut(size, index, monkeypatch):
    g = generate_one("crossset", seed="bench", index=index, size=size, difficulty="search",
                     budget=npl.Budget(seconds=60))
    fast = texts(g.puzzle)
    assert any(t.startswith("Suppose") for t in fast), "a search puzzle needs a trial"
    monkeypatch.setattr(LE.LatinRules, "closes", lambda self, *a, **k: True)
    assert texts(g.puzzle) == fast


def test_stalls_is_sound_on_random_positions():
    """Where `stalls` says the singles or the whole ladder end without a
    contradiction, running the ladder itself finds none either."""
    import random

    from numberplay.deduce import Contradiction, next_step
    rng = random.Random(3)
    for index in range(3):
        g = generate_one("crossset", seed="bench", index=index, size="7", difficulty="search",
                         budget=npl.Budget(seconds=60))
        n = len(g.puzzle.cells)
        masks = [sum(1 << (v - 1) for v in cell) for row in g.puzzle.cells for cell in row]
        rules = LE.LatinRules(n)
        for _ in range(40):
            m = list(masks)
            i = rng.randrange(n * n)
            vals = [v for v in range(n) if m[i] >> v & 1]
            m[i] = 1 << rng.choice(vals)
            place = LE.cell_name(n, i)
            value = m[i].bit_length()
            for full, rung in ((False, 1), (True, None)):
                # from the fixpoint of the position before the supposition: the same answer
                assert rules.closes(m, place, value, rung, before=masks) == \
                    (not LE.stalls(n, m, full))
                if not LE.stalls(n, m, full):
                    continue
                pos = list(m)
                while rules.contradiction(pos) is None:
                    try:
                        if next_step(rules, pos, max_rung=rung) is None:
                            break
                    except Contradiction:
                        pytest.fail("the ladder found a contradiction stalls did not")
                assert rules.contradiction(pos) is None
