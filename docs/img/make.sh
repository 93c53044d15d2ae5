#!/usr/bin/env bash
# Rebuild the pictures the docs show: the book pages (one per kind and an answers
# page, rendered from the PDF with pdftoppm, poppler-utils) and the play page's
# screenshots (the browser tests; chromium and playwright). The test suite never
# writes here: run this when you mean to refresh them.
#   PYTHONPATH=src bash docs/img/make.sh
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
np() { python -m numberplay "$@"; }
np book crossproduct:6x6:medium --count 4 --seed 1 --per-page 4 --title CrossProduct -q -o "$tmp/crossproduct.pdf"
np book crossset:9:medium --count 2 --seed 1 --per-page 2 --title "Cross Set" -q -o "$tmp/crossset.pdf"
np book cryptarithm --count 6 --seed 1 --per-page 6 --title Cryptarithms -q -o "$tmp/cryptarithm.pdf"
np book cryptoproduct::medium --count 6 --seed 1 --per-page 6 --title Crypto-products -q -o "$tmp/cryptoproduct.pdf"
np book crossproduct:5x5:easy crossset:6:easy cryptarithm cryptoproduct --count 3 --seed 2 \
   --title "Mixed" -q -o "$tmp/mixed.pdf"
for kind in crossproduct crossset cryptarithm cryptoproduct; do
  pdftoppm -r 60 -png -singlefile -f 2 -l 2 "$tmp/$kind.pdf" "book-$kind"
done
pdftoppm -r 60 -png -singlefile -f 1 -l 1 "$tmp/mixed.pdf" book-title
pdftoppm -r 60 -png -singlefile -f 5 -l 5 "$tmp/mixed.pdf" book-answers

# The play page's pictures (each kind at desktop and phone width, and the home page):
# the browser tests take them into this folder when NUMBERPLAY_SCREENSHOTS says so.
NUMBERPLAY_SCREENSHOTS=1 python -m pytest -q -p no:cacheprovider \
  ../../tests/test_web_browser.py -k screenshots
# Setter mode (the workbench's marks; the board editor half-way through a Keen, and at phone width).
NUMBERPLAY_SCREENSHOTS=1 python -m pytest -q -p no:cacheprovider \
  ../../tests/test_setter_browser.py -k conflicting
NUMBERPLAY_SCREENSHOTS=1 python -m pytest -q -p no:cacheprovider \
  ../../tests/test_editor_browser.py -k "blank_board or finger"
