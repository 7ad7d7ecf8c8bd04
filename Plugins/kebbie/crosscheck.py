#!/usr/bin/env python3
"""One keyboard through both harnesses on the same sentences: kebbie's own evaluate() (its noise
model, tokenizer and scorer, on KeyBench's keyboard through keybench-run keyboard-serve) and
KeyBench's keybench-run keyboard with --noise kebbie (KeyBench's re-implementation of kebbie
0.5.1's noise model, its intervals over typists). Writes a Markdown page with every kebbie score
side by side and whether kebbie's value lies inside KeyBench's 95 % interval.

Usage: Plugins/kebbie/crosscheck.py --sentences FILE --common-typos en.json [--limit 500]
         [--keyboards keybench,plain] [--seed 1] [--n-proc 2] [--tools DIR] --out PAGE.md

The two harnesses draw their noise from different random generators (kebbie: Python's random
seeded per sentence; KeyBench: its own seeded streams), so the same sentences get different typos:
agreement means the same scores within sampling noise, not the same answers.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kebbie_common  # noqa: E402

PROGRAM = "Plugins/kebbie/crosscheck.py"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# (label, kebbie's task and score key, KeyBench's row metric)
SCORES = [
    ("correction F (β 0.9)", "auto_correction", "fscore", "correction_f"),
    ("correction precision", "auto_correction", "precision", "correction_precision"),
    ("correction recall", "auto_correction", "recall", "correction_recall"),
    ("correction accuracy", "auto_correction", "accuracy", "correction_accuracy"),
    ("correction top-3 F", "auto_correction", "top3_fscore", "correction_top3_f"),
    ("completion top-1", "auto_completion", "accuracy", "completion_top1"),
    ("completion top-3", "auto_completion", "top3_accuracy", "completion_top3"),
    ("next word top-1", "next_word_prediction", "accuracy", "next_top1"),
    ("next word top-3", "next_word_prediction", "top3_accuracy", "next_top3"),
    ("swipe top-1", "swipe_resolution", "accuracy", "swipe_top1"),
]


def run(command, log):
    with open(log, "w") as out:
        result = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    if result.returncode != 0:
        with open(log) as text:
            tail = text.read()[-3000:]
        sys.exit(f"{PROGRAM}: {' '.join(command[:3])} … failed (exit {result.returncode}):\n{tail}")


def main():
    parser = argparse.ArgumentParser(prog=PROGRAM, description=__doc__.split("\n\n")[0])
    parser.add_argument("--sentences", required=True, metavar="FILE")
    parser.add_argument("--common-typos", required=True, metavar="FILE.json", help="kebbie's common typos (common_typos.py)")
    parser.add_argument("--limit", type=kebbie_common.int_in(1, 1_000_000), default=500, metavar="N")
    parser.add_argument("--keyboards", default="keybench,plain", help="KeyBench keyboards, comma-separated")
    parser.add_argument("--ngrams", default="en-keyboard", help="text model (default en-keyboard)")
    parser.add_argument("--seed", type=kebbie_common.int_in(0, 2**32 - 1), default=1, metavar="S")
    parser.add_argument("--n-proc", type=kebbie_common.int_in(1, 256), default=2, metavar="N")
    parser.add_argument("--tools", default=os.path.join(ROOT, ".build", "release"), metavar="DIR")
    parser.add_argument("--out", required=True, metavar="PAGE.md")
    args = parser.parse_args()
    keyboards = [k for k in args.keyboards.split(",") if k]
    unknown = [k for k in keyboards if k not in kebbie_common.KEYBOARDS]
    if not keyboards or unknown:
        sys.exit(f"{PROGRAM}: --keyboards: choose from {', '.join(kebbie_common.KEYBOARDS)}")
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="keybench-crosscheck-") as work:
        print(f"{PROGRAM}: keybench-run keyboard --noise kebbie ({', '.join(keyboards)}, {args.limit} sentences)", file=sys.stderr)
        run([os.path.join(args.tools, "keybench-run"), "keyboard", "--lexicon", "en_US", "--ngrams", args.ngrams,
             "--sentences", args.sentences, "--limit", str(args.limit), "--noise", "kebbie", "--common-typos", args.common_typos,
             "--keyboard", ",".join(keyboards), "--seed", str(args.seed), "--out", os.path.join(work, "run")], os.path.join(work, "run.log"))
        with open(os.path.join(work, "run", "summary.json")) as file:
            summary = json.load(file)
        statistics = {(m["algorithm"], m["name"]): m for m in summary["statistics"]["metrics"]}
        kebbie = {}
        for keyboard in keyboards:
            print(f"{PROGRAM}: kebbie.evaluate on {keyboard}", file=sys.stderr)
            out = os.path.join(work, f"kebbie-{keyboard}.json")
            run([python, os.path.join(HERE, "evaluate.py"), "--sentences", args.sentences, "--limit", str(args.limit),
                 "--common-typos", args.common_typos, "--keyboard", keyboard, "--ngrams", args.ngrams, "--tools", args.tools,
                 "--n-proc", str(args.n_proc), "--seed", str(args.seed), "--exact", "--out", out], os.path.join(work, f"eval-{keyboard}.log"))
            with open(out) as file:
                kebbie[keyboard] = json.load(file)
    lines = [
        "# One keyboard, two harnesses: kebbie's evaluate() and KeyBench's keyboard benchmark", "",
        f"`{PROGRAM} --sentences {args.sentences} --limit {args.limit} --keyboards {args.keyboards} --seed {args.seed}` — "
        f"the same {args.limit} sentences through kebbie 0.5.1's own `evaluate()` (its noise model and scorer; KeyBench's keyboard "
        "behind `KeyBenchCorrector` and `keybench-run keyboard-serve`; scores unrounded) and through `keybench-run keyboard --noise "
        "kebbie` (KeyBench's re-implementation of that noise model, 95 % intervals over its typists). The two draw different "
        "typos for the same sentences; \"inside\" says whether kebbie's score lies in KeyBench's interval. Common typos (kebbie's "
        "5 % of words): `Plugins/kebbie/common_typos.py --norvig en_norvig_spell-errors.txt --words en_US_wordlist.combined.gz` "
        "(Norvig's misspellings that are not themselves words).", "",
        "| keyboard | score | kebbie evaluate() | KeyBench (95 % interval) | inside |", "|---|---|---:|---:|---|",
    ]
    disagreements = []
    for keyboard in keyboards:
        for label, task, key, metric in SCORES:
            theirs = kebbie[keyboard][task]["score"][key]
            mine = statistics.get((keyboard, metric), {})
            value, low, high = mine.get("value"), mine.get("low"), mine.get("high")
            if value is None:
                cell, inside = "unanswered", "–"
            else:
                cell = f"{100 * value:.1f} ({100 * low:.1f}–{100 * high:.1f})" if low is not None else f"{100 * value:.1f}"
                inside = "yes" if low is not None and low - 1e-12 <= theirs <= high + 1e-12 else "**no**"
                if inside == "**no**":
                    disagreements.append(f"{keyboard} {label}")
            if value is None and theirs == 0:
                inside = "both 0"
            lines.append(f"| {keyboard} | {label} | {100 * theirs:.1f} | {cell} | {inside} |")
        overall = summary["metrics"]["keyboards"][keyboard]["overall"]
        interval = summary["metrics"]["overall_intervals"].get(keyboard) or {}
        lines.append(f"| {keyboard} | **overall** | {kebbie[keyboard]['overall_score']:.3f} | {overall:.3f} "
                     f"({interval.get('low', float('nan')):.3f}–{interval.get('high', float('nan')):.3f}) | "
                     f"{'yes' if interval and interval['low'] <= kebbie[keyboard]['overall_score'] <= interval['high'] else '**no**'} |")
    lines += ["", "Items: kebbie " + ", ".join(
        f"{k} {kebbie[k]['auto_correction']['score']['n']} corrections, {kebbie[k]['swipe_resolution']['score']['n']} swipes" for k in keyboards)
        + f"; KeyBench {summary['metrics']['words']} words of {summary['metrics']['typists']} typists.", ""]
    lines.append("Outside the interval: " + (", ".join(disagreements) if disagreements else "nothing") + ".")
    lines += [
        "", "## Why the two can differ", "",
        "- **Swipes.** kebbie draws a swipe as Bézier curves through the word's fuzzy tap points (`make_swipe_gesture`), "
        "an easy gesture; KeyBench's `--noise kebbie` swipes with its own synthetic generator (minimum-jerk strokes with "
        "corner cutting and a calibrated aiming error, fitted on How We Swipe), a harder one. Swipe top-1 and, through its "
        "0.25 weight, the overall score are expected to disagree for a keyboard that swipes; kebbie also swipes only 1 % "
        "of words, so its swipe score rests on few items.",
        "- **Random streams.** kebbie seeds Python's generator from each sentence's hash; KeyBench draws from its own "
        "seeded streams. Same model, different typos: the scores agree in expectation only.",
        "- **Layouts.** kebbie types on its own en-US layout, KeyBench on the run's device (σ is a sixth of the key on "
        "both, so the share of mistyped taps is the same).",
        "- **Intervals.** Only KeyBench has them (its typists are resampled); kebbie's score is a point.",
    ]
    kebbie_common.write_atomically(args.out, "\n".join(lines) + "\n")
    print(f"{PROGRAM}: wrote {args.out}; outside KeyBench's interval: {', '.join(disagreements) or 'nothing'}", file=sys.stderr)


if __name__ == "__main__":
    main()
