"""`python -m numberplay` runs the command line."""

from .cli import main

main()
