"""The singles' sweeps of the quiet run (`latin/scans.py`: `weed_singles`,
`place_hidden`) against plain Python written from their definitions, on random
masks: most of them consistent (a random Latin square's values kept, other values
crossed out at random, some cells decided), so that nearly every draw is really
compared; a fifth drawn at random, contradictions among them. Each test counts the
draws it compared past a contradiction (issue 60: random masks alone were 97.7%
contradictions, about 45 real comparisons in 2,000)."""

from __future__ import annotations

import random

from numberplay.latin import scans


def _lines(n: int) -> list[list[int]]:
    return ([[r * n + c for c in range(n)] for r in range(n)]
            + [[r * n + c for r in range(n)] for c in range(n)])


def _masks(rng: random.Random, n: int) -> list[int]:
    if rng.random() < 0.2:
        return [rng.randrange(1 << n) if rng.random() < 0.5 else 1 << rng.randrange(n)
                for _ in range(n * n)]
    rows, cols, syms = (rng.sample(range(n), n) for _ in range(3))
    keep, single = rng.choice((0.3, 0.5, 0.7)), rng.choice((0.1, 0.3, 0.5))
    out = []
    for r in range(n):
        for c in range(n):
            v = 1 << syms[(rows[r] + cols[c]) % n]
            out.append(v if rng.random() < single else
                       v | sum(1 << k for k in range(n) if rng.random() < keep))
    return out


def _weed_once(n: int, m: list[int]) -> tuple[bool, list[int], bool]:
    """One pass of the definition: (contradiction, the masks after, anything went)."""
    placed = []
    bad = any(d == 0 for d in m)
    for line in _lines(n):
        seen = 0
        for i in line:
            if m[i] and not m[i] & (m[i] - 1):
                bad |= bool(m[i] & seen)
                seen |= m[i]
        placed.append(seen)
    out, changed = list(m), False
    for i, d in enumerate(m):
        r, c = divmod(i, n)
        gone = placed[r] | placed[n + c]
        if d & (d - 1) and d & gone:
            out[i], changed = d & ~gone, True
            bad |= not out[i]
    return bad, out, changed


def test_weed_singles_against_its_definition() -> None:
    """Every placed value weeded from its row and column until no new single comes:
    the fixpoint of the one-pass definition, or a contradiction on the way."""
    rng = random.Random(49)
    compared = weeded = 0
    for _ in range(2000):
        n = rng.randint(2, 7)
        m = _masks(rng, n)
        got = list(m)
        status = scans.weed_singles(n, got)
        want, any_change, bad = list(m), 0, False
        while True:
            bad, want, changed = _weed_once(n, want)
            if bad or not changed:
                break
            any_change = 1
        if bad:
            assert status == -1, (n, m)
        else:
            assert (status, got) == (any_change, want), (n, m)
            compared += 1
            weeded += any_change
    assert compared > 1400 and weeded > 700, (compared, weeded)


def test_place_hidden_against_its_definition() -> None:
    """Each line's values with one place, counted on the masks given (a value with
    no place is a contradiction); then line by line (rows, then columns), on the
    masks as the earlier lines left them, each put in its place; a cell that is
    the only place of two values and holds more is a contradiction (one holding
    just those is left, as `hidden_single` leaves it)."""
    rng = random.Random(50)
    compared = moved = 0
    for _ in range(2000):
        n = rng.randint(2, 7)
        m = _masks(rng, n)
        got = list(m)
        status = scans.place_hidden(n, got)
        want, changed, bad = list(m), 0, False
        only_of = []
        for line in _lines(n):
            only: dict[int, list[int]] = {}
            for v in range(n):
                places = [i for i in line if m[i] >> v & 1]
                if not places:
                    bad = True
                elif len(places) == 1:
                    only.setdefault(places[0], []).append(v)
            only_of.append(only)
        for only in [] if bad else only_of:
            for i, vs in only.items():
                hit = sum(1 << v for v in vs) & want[i]
                if not hit or hit == want[i]:
                    continue        # nothing else to remove (as the hidden single's finder)
                if hit & (hit - 1):
                    bad = True
                else:
                    want[i], changed = hit, 1
            if bad:
                break
        if bad:
            assert status == -1, (n, m)
        else:
            assert (status, got) == (changed, want), (n, m)
            compared += 1
            moved += changed
    assert compared > 1400 and moved > 700, (compared, moved)
