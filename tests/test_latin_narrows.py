"""The subset and fish finders look only at the lines (and values' planes) where
Régin's all-different filter narrows something (`techniques.narrows`): they must
find exactly the moves the plain enumeration finds, on any position."""

from __future__ import annotations

import random

import pytest

from numberplay.latin import techniques as T


def _position(n: int, rng: random.Random) -> list[int]:
    """A Latin square's cells with random decoys, some cells decided, some
    candidates (even the solution's) dropped: consistent or not."""
    from numberplay.latin.squares import jacobson_matthews
    square = jacobson_matthews(n, rng, iterations=n * n)
    masks = []
    for row in square:
        for v in row:
            m = 1 << v
            for u in range(n):
                if rng.random() < 0.45:
                    m |= 1 << u
            if rng.random() < 0.03:
                m &= ~(1 << v)
            masks.append(m or 1 << v)
    return masks


@pytest.mark.parametrize("finder", [T.naked_subset, T.hidden_subset, T.fish])
def test_the_filter_changes_no_move(finder, monkeypatch):
    rng = random.Random(7)
    plain = {}
    positions = [(n, _position(n, rng)) for n in (4, 5, 6, 7, 8) for _ in range(60)]
    with monkeypatch.context() as patch:
        patch.setattr(T, "narrows", lambda n, doms: True)
        for k, (n, m) in enumerate(positions):
            plain[k] = finder(n, list(m))
    found = 0
    for k, (n, m) in enumerate(positions):
        move = finder(n, list(m))
        assert move == plain[k], (n, m)
        found += move is not None
    assert found > 20, "the positions must give the finders something to find"
