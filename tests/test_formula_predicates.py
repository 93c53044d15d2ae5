"""The number predicates of the formula language (is_prime, is_square, is_cube,
is_triangular, is_palindrome, dsum): exact, bounded, checked against plain
definitions and against enigma.py's documented answers."""

from __future__ import annotations

import pytest

import numberplay
from numberplay import PuzzleError
from numberplay.formula.lang import MAX_PRIME_TEST, is_prime, parse_formula, predicate


def _prime_by_division(n: int) -> bool:
    return n >= 2 and all(n % p for p in range(2, int(n ** 0.5) + 1))


def test_is_prime_matches_trial_division():
    assert [n for n in range(-5, 20_000) if is_prime(n)] == \
        [n for n in range(-5, 20_000) if _prime_by_division(n)]


@pytest.mark.parametrize("n,expected", [
    (2 ** 61 - 1, True),                        # a Mersenne prime
    (2 ** 61 + 1, False),
    (3_215_031_751, False),                     # a strong pseudoprime to bases 2, 3, 5, 7
    (3_825_123_056_546_413_051, False),         # ... to bases 2 to 23
    (318_665_857_834_031_151_167_461, False),   # ... to bases 2 to 37
    (10 ** 24 + 7, True),
])
def test_is_prime_large(n, expected):
    assert is_prime(n) is expected


def test_is_prime_refuses_beyond_its_exact_range():
    with pytest.raises(PuzzleError, match="beyond the exact prime test"):
        is_prime(MAX_PRIME_TEST * 10 + 3 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43)


def test_shapes_match_their_definitions():
    squares = {k * k for k in range(200)}
    cubes = {k ** 3 for k in range(-40, 40)}
    triangles = {k * (k + 1) // 2 for k in range(300)}
    for n in range(-100, 30_000):
        assert predicate("is_square", n) is (n in squares)
        assert predicate("is_cube", n) is (n in cubes)
        assert predicate("is_triangular", n) is (n in triangles)
        assert predicate("is_palindrome", n) is (str(abs(n)) == str(abs(n))[::-1])
        assert predicate("dsum", n) == sum(map(int, str(abs(n))))


def test_base_digits():
    assert predicate("dsum", 255, 16) == 30           # FF
    assert predicate("is_palindrome", 0x1F1, 16)
    assert not predicate("is_palindrome", 0x1F2, 16)
    assert predicate("is_palindrome", (1, 2, 1))


def _value(text: str, base: int = 10):
    return parse_formula(text, base).compile({}, base)([])


def test_in_formulas():
    assert _value("is_prime(97) and not is_prime(91)") is True
    assert _value("dsum(255) = 30", 16) is True
    assert _value("dsum(123456789) = 45") is True
    assert _value("is_square(2 ^ 400) and is_cube(2 ^ 399)") is True


def test_a_predicate_is_a_statement_but_dsum_is_not():
    numberplay.parse("cryptarithm", "is_square(AB) and A + 1 = B")
    with pytest.raises(PuzzleError, match="not a statement"):
        numberplay.parse("cryptarithm", "dsum(AB)")


def test_too_large_for_is_prime_is_one_line_exit_2(run):
    result = run(["solve", "cryptarithm", "is_prime(10 ^ 30 + A) and A > 0"])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "beyond the exact prime test" in result.output


SEVEN = ("SEVEN - THREE = FOUR and is_prime(SEVEN) and is_prime(FOUR) and "
         "is_prime(RUOF) and is_square(TEN)")


def test_enigma_1180_has_its_one_solution():
    # enigma.py's documentation: (62129 - 58722 = 3407) ... / E=2 F=3 H=8 N=9 O=4 R=7
    # S=6 T=5 U=0 V=1
    p = numberplay.parse("cryptarithm", SEVEN)
    sols = list(numberplay.solutions(p))
    assert [dict(s.assignment) for s in sols] == [
        dict(E=2, F=3, H=8, N=9, O=4, R=7, S=6, T=5, U=0, V=1)]


def test_predicates_against_brute_force():
    """Every assignment the solver finds, and no other, on small formulas."""
    from itertools import permutations
    for formula in ("is_prime(AB) and is_prime(BA) and A < B",
                    "is_square(ABC) and is_palindrome(ABC)",
                    "is_triangular(AB) and dsum(AB) = 9",
                    "is_cube(ABC) and C != 0"):
        p = numberplay.parse("cryptarithm", formula)
        got = sorted(tuple(sorted(dict(s.assignment).items())) for s in numberplay.solutions(p))
        tree = parse_formula(formula)
        letters = sorted(tree.letters())
        fn = tree.compile({c: i for i, c in enumerate(letters)}, 10)
        want = sorted(tuple(zip(letters, ds, strict=True))
                      for ds in permutations(range(10), len(letters))
                      if all(ds[letters.index(c)] for c in tree.leading_letters())
                      and fn(list(ds)) is True)
        assert got == want, formula
