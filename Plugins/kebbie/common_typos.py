#!/usr/bin/env python3
"""Builds kebbie's common-typo file offline from misspelling lists, so kebbie.evaluate never
downloads its Twitter typo corpus (which it does when ~/.cache/common_typos/en.json is missing).

Usage: Plugins/kebbie/common_typos.py --norvig FILE [--norvig FILE...] [--words FILE] [--max-per-word N]
                                      [--min-count N] --out en.json

--norvig reads Norvig's spell-errors format, `right: wrong1, wrong2*N, ...` (N = times seen; e.g.
the corpora's typos/en_norvig_spell-errors.txt); a line repeating an earlier one exactly is read once. The output is kebbie's format, {"word": ["typo",
...]}: each word's typos most frequent first, then alphabetically; words sorted; the same input gives
the same bytes. Only non-word typos are kept when --words gives a word list (one word per line, the
first column of a TSV such as `keybench-ingest --export`'s, or a LatinIME wordlist such as
latinime/en_US_wordlist.combined.gz; web word-frequency lists hold common typos like "teh" as words):
a typo that is itself a dictionary word (Norvig's `four: for`) is a real-word error, which kebbie's
noise would then count as a typo to be corrected with no way for any keyboard to tell. Typos equal
to their word, empty, or holding a space are always dropped (kebbie types one word per typo).
"""
import argparse
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kebbie_common  # noqa: E402

PROGRAM = "Plugins/kebbie/common_typos.py"


def read_norvig(path, counts, problems, seen):
    """Adds `right: wrong, wrong*N` lines to counts[right][wrong]; malformed lines go to problems.
    A line identical to one already read (in `seen`) is skipped and counted: a list concatenated
    with itself (the corpora's copy of Norvig's list holds most lines four times) must not
    multiply its counts. Returns the number of repeated lines skipped."""
    repeated = 0
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            text = line.strip()
            if not text:
                continue
            if text in seen:
                repeated += 1
                continue
            seen.add(text)
            right, colon, wrongs = text.partition(":")
            right = right.strip()
            if not colon or not right:
                problems.append(f"{path}:{number}: no 'right: wrong, ...' in {text[:80]!r}")
                continue
            for item in wrongs.split(","):
                item = item.strip()
                if not item:
                    continue
                wrong, star, times = item.rpartition("*") if "*" in item else (item, "", "1")
                try:
                    count = int(times)
                except ValueError:
                    problems.append(f"{path}:{number}: count {times!r} of {wrong!r} is not an integer")
                    continue
                if count < 1:
                    problems.append(f"{path}:{number}: count {count} of {wrong!r} is below 1")
                    continue
                counts[right][wrong.strip()] += count
    return repeated


def read_words(path):
    """A word list: one word per line, the first column of a TSV (a header line is harmless), or an
    Android LatinIME wordlist (.combined, plain or .gz: its ` word=` entries, without those marked
    not_a_word, which are typos such as "acomodate" kept for auto-correction)."""
    import gzip
    words = set()
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as file:
        first = file.readline()
        latinime = first.startswith("dictionary=")
        lines = file if latinime else [first, *file]
        for line in lines:
            if latinime:
                if line.startswith(" word=") and "not_a_word=true" not in line:
                    words.add(line[len(" word="):].split(",", 1)[0].strip().lower())
                continue
            word = line.split("\t", 1)[0].strip()
            if word:
                words.add(word.lower())
    return words


def build(counts, words, max_per_word, min_count):
    """kebbie's {"word": [typos]} from counts[word][typo], filtered and ordered deterministically."""
    typos = {}
    dropped = defaultdict(int)
    for right in sorted(counts):
        kept = []
        for wrong, count in counts[right].items():
            if not wrong or " " in wrong or "_" in wrong:
                dropped["empty or holding a space"] += 1
            elif wrong == right:
                dropped["equal to the word"] += 1
            elif count < min_count:
                dropped[f"seen fewer than {min_count} times"] += 1
            elif words is not None and wrong.lower() in words:
                dropped["a dictionary word (real-word error)"] += 1
            else:
                kept.append((-count, wrong))
        kept.sort()
        if max_per_word:
            dropped[f"beyond {max_per_word} per word"] += max(0, len(kept) - max_per_word)
            kept = kept[:max_per_word]
        if kept:
            typos[right] = [wrong for _, wrong in kept]
    return typos, dropped


def main():
    parser = argparse.ArgumentParser(prog=PROGRAM, description=__doc__.split("\n\n")[0],
                                     epilog="Example: " + PROGRAM + " --norvig ../shared/corpora/typos/en_norvig_spell-errors.txt "
                                            "--words ../shared/corpora/latinime/en_US_wordlist.combined.gz --out /tmp/en.json")
    parser.add_argument("--norvig", action="append", required=True, metavar="FILE",
                        help="a misspelling list in Norvig's `right: wrong1, wrong2*N` format (repeatable)")
    parser.add_argument("--words", metavar="FILE", help="dictionary words: typos that are words are dropped")
    parser.add_argument("--max-per-word", type=kebbie_common.int_in(0, 1_000_000), default=0, metavar="N",
                        help="keep at most N typos per word, the most frequent (0 = all; default 0)")
    parser.add_argument("--min-count", type=kebbie_common.int_in(1, 1_000_000_000), default=1, metavar="N",
                        help="keep typos seen at least N times (default 1)")
    parser.add_argument("--out", required=True, metavar="FILE.json", help="the kebbie common-typo file to write")
    args = parser.parse_args()
    counts = defaultdict(lambda: defaultdict(int))
    problems, seen, repeated = [], set(), 0
    try:
        for path in args.norvig:
            repeated += read_norvig(path, counts, problems, seen)
        words = read_words(args.words) if args.words else None
    except (OSError, UnicodeDecodeError) as error:
        sys.exit(f"{PROGRAM}: {error}")
    for problem in problems[:10]:
        print(f"{PROGRAM}: warning: {problem}", file=sys.stderr)
    if len(problems) > 10:
        print(f"{PROGRAM}: warning: … and {len(problems) - 10} more malformed entries", file=sys.stderr)
    if repeated:
        print(f"{PROGRAM}: note: skipped {repeated} lines repeating an earlier line exactly", file=sys.stderr)
    typos, dropped = build(counts, words, args.max_per_word, args.min_count)
    if not typos:
        sys.exit(f"{PROGRAM}: no typo left to write (read {len(counts)} words; dropped: {dict(dropped)})")
    text = json.dumps(typos, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    try:
        kebbie_common.write_atomically(args.out, text)
    except OSError as error:
        sys.exit(f"{PROGRAM}: cannot write {args.out}: {error}")
    kept = sum(len(v) for v in typos.values())
    summary = ", ".join(f"{n} {why}" for why, n in sorted(dropped.items()) if n) or "none"
    print(f"{PROGRAM}: wrote {args.out}: {kept} typos of {len(typos)} words (dropped: {summary})", file=sys.stderr)


if __name__ == "__main__":
    main()
