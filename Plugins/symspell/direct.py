#!/usr/bin/env python3
"""symspellpy used directly, without KeyBench: top-1 and top-k over a pair file, to check that the
plug-in's numbers are symspellpy's own (issue 16's bar: within 0.5 points).

Usage: Plugins/symspell/direct.py PAIRS.tsv LEXICON.tsv [--top 4] [--lowercase-only]
PAIRS.tsv is a keybench-typos pair file; LEXICON.tsv is `keybench-ingest export NAME`.
Scores as keybench-run correct does: over pairs whose typed word differs from the intended one,
the intended word's rank among the suggestions, ignoring case.
"""
import argparse
import csv
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import symspell_common  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs")
    parser.add_argument("lexicon")
    parser.add_argument("--top", type=int, default=4)
    parser.add_argument("--lowercase-only", action="store_true")
    args = parser.parse_args()
    speller = symspell_common.build(args.lexicon)
    errors = top1 = topk = 0
    began = time.perf_counter()
    words = 0
    with open(args.pairs, encoding="utf-8") as file:
        for row in csv.DictReader(file, delimiter="\t", quoting=csv.QUOTE_NONE):
            typed, intended = row["typed"], row["intended"]
            if args.lowercase_only and not all(w.isalpha() and w.islower() for w in (typed, intended)):
                continue
            found = symspell_common.lookup(speller, typed, args.top)
            words += 1
            if typed == intended:
                continue
            errors += 1
            ranks = [i for i, word in enumerate(found) if word.lower() == intended.lower()]
            top1 += bool(ranks and ranks[0] == 0)
            topk += bool(ranks)
    seconds = time.perf_counter() - began
    print(f"symspellpy {symspell_common.version()} direct: {errors} errors, top-1 {top1 / errors:.4f}, "
          f"top-{args.top} {topk / errors:.4f}, {words / seconds:.0f} words/s")


if __name__ == "__main__":
    main()
