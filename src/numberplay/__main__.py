"""`python -m numberplay` runs the command line."""

from .launch import main

main()
