"""Sum pyramids, a numberplay kind installed from its own package.

Every brick is the sum of the two bricks below it, and the bottom row holds
digits 1 to 9. numberplay finds the kind through the entry point group
`numberplay.kinds` (see this package's pyproject.toml).
"""

from .kind import KIND, PyramidKind
from .model import PyramidPuzzle, PyramidSolution

__all__ = ["KIND", "PyramidKind", "PyramidPuzzle", "PyramidSolution"]
