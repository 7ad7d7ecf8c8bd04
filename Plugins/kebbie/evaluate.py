#!/usr/bin/env python3
"""kebbie's own evaluation (kebbie.evaluate: its noise model, its scorer) offline, on KeyBench's
keyboard or on any kebbie Corrector, over sentences of your choosing.

    Plugins/kebbie/evaluate.py --sentences ../shared/corpora/texts/en_leipzig_eng-eu_web_2015_10K-sentences.txt \\
        --limit 500 --common-typos en.json --keyboard keybench --n-proc 2 --seed 1 --out results.json

--sentences holds one sentence per line, or Leipzig's `id<TAB>sentence`; the first --limit are
used, in file order. kebbie fetches a Twitter typo corpus from the network unless its cache file
exists, so --common-typos (kebbie's {"word": ["typo", ...]}, e.g. made by common_typos.py) is
required: it is handed to kebbie through a private temporary cache folder, never through your
~/.cache. The result is kebbie's result dictionary, written atomically to --out, with the overall
score and each task's main figure printed to stderr. Same sentences, typo file, seed and corrector,
same result, whatever --n-proc (kebbie seeds each sentence from its text).
"""
import argparse
import json
import math
import multiprocessing
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kebbie_common  # noqa: E402

PROGRAM = "Plugins/kebbie/evaluate.py"


def read_sentences(path, limit):
    """The first `limit` sentences: lines, or the text after the tab of Leipzig `id<TAB>sentence` lines."""
    sentences = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            text = line.rstrip("\n")
            head, tab, rest = text.partition("\t")
            if tab and head.strip().isdigit():
                text = rest
            text = text.strip()
            if text:
                sentences.append(text)
                if len(sentences) == limit:
                    break
    return sentences


def read_common_typos(path):
    """kebbie's common-typo dictionary, checked: {"word": ["typo", ...]}."""
    try:
        with open(path, encoding="utf-8") as file:
            typos = json.load(file)
    except ValueError as error:
        raise kebbie_common.UsageError(f"{path}: not JSON: {error}") from None
    if not isinstance(typos, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(t, str) for t in v) for k, v in typos.items()):
        raise kebbie_common.UsageError(f"{path}: kebbie's common typos are a JSON object {{\"word\": [\"typo\", ...]}}")
    if not typos:
        raise kebbie_common.UsageError(f"{path}: no common typos in it")
    return typos


def make_corrector(args):
    if args.corrector:
        path, colon, name = args.corrector.rpartition(":")
        if not colon or not path or not name:
            raise kebbie_common.UsageError(f"--corrector takes FILE.py:CLASS, got {args.corrector!r}")
        kwargs = kebbie_common.parse_kwargs(args.kwargs)
        cls, tasks = kebbie_common.load_corrector_class(path, name, __import__("kebbie"))
        print(f"{PROGRAM}: {name} from {path} does {', '.join(tasks)}", file=sys.stderr)
        return cls(**kwargs)
    if args.kwargs:
        raise kebbie_common.UsageError("--kwargs goes with --corrector FILE.py:CLASS")
    from keybench_kebbie import KeyBenchCorrector
    ngrams = "" if args.ngrams == "none" else args.ngrams
    corrector = KeyBenchCorrector(keyboard=args.keyboard, lexicon=args.lexicon, ngrams=ngrams, device=args.device,
                                  db=args.db, tools=args.tools)
    corrector.prepare()  # lexicon and text model built here, once, before kebbie's workers start
    refuse_training_text(args.sentences, corrector)
    return corrector


def refuse_training_text(sentences, corrector):
    """Refuses test sentences that are a training file of the keyboard's text model (the same
    file, or the same bytes elsewhere), as keybench-run keyboard does: a model that has seen the
    test text predicts it too well."""
    import hashlib

    def digest(path):
        with open(path, "rb") as file:
            return hashlib.sha256(file.read()).hexdigest()
    mine = digest(sentences)
    for source in corrector.training_files():
        if os.path.isfile(source) and (os.path.realpath(source) == os.path.realpath(sentences) or digest(source) == mine):
            raise kebbie_common.UsageError(
                f"{sentences} is a training file of text model {corrector.ngrams!r} ({source}); test on held-out "
                f"sentences (en-keyboard leaves out texts/en_leipzig_eng-eu_web_2015_10K-sentences.txt) or choose --ngrams")


def summary_line(results):
    def figure(task, metric):
        value = results[task]["score"][metric]
        return f"{value:.4f}" if isinstance(value, (int, float)) else str(value)
    return (f"overall_score {results['overall_score']:.4f}; next word top-3 {figure('next_word_prediction', 'top3_accuracy')}, "
            f"completion top-3 {figure('auto_completion', 'top3_accuracy')}, correction F {figure('auto_correction', 'fscore')}, "
            f"swipe accuracy {figure('swipe_resolution', 'accuracy')} (n={results['swipe_resolution']['score']['n']})")


def main():
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--sentences", required=True, metavar="FILE", help="sentences, one per line or Leipzig id<TAB>sentence")
    parser.add_argument("--limit", type=kebbie_common.int_in(1, 10_000_000), default=1000, metavar="N",
                        help="use the first N sentences (1…10,000,000; default 1000)")
    parser.add_argument("--common-typos", required=True, metavar="FILE.json",
                        help="kebbie's common-typo file {\"word\": [typos]} (common_typos.py makes one)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--keyboard", choices=kebbie_common.KEYBOARDS, default="keybench",
                       help="KeyBench's keyboard to evaluate (keyboard-serve --keyboard; default keybench)")
    which.add_argument("--corrector", metavar="FILE.py:CLASS", help="evaluate this kebbie Corrector instead")
    parser.add_argument("--kwargs", metavar="JSON", help="with --corrector: keyword arguments for CLASS(...)")
    parser.add_argument("--lexicon", default="en_US", help="KeyBench lexicon (default en_US; built when missing)")
    parser.add_argument("--ngrams", default=None, metavar="NAME",
                        help="KeyBench text model (default en-keyboard: every English text but the Leipzig web sentences; "
                             "en-keyboard and en-texts are built when missing; none for none)")
    parser.add_argument("--device", help="keyboard-serve --device")
    parser.add_argument("--db", help="lexicon database (default: the checkout's .keybench/lexicons.sqlite)")
    parser.add_argument("--tools", help="folder with keybench-run and keybench-ingest (default: the checkout's .build/release)")
    parser.add_argument("--n-proc", type=kebbie_common.int_in(1, 256), default=2, metavar="N",
                        help="kebbie's worker processes (1…256; default 2)")
    parser.add_argument("--seed", type=kebbie_common.int_in(0, 2**32 - 1), default=42, metavar="S",
                        help="kebbie's seed (0…4294967295; default 42, kebbie's default)")
    parser.add_argument("--beta", type=kebbie_common.float_in(0, 100, low_open=True), default=0.9,
                        help="the correction F-score's beta (default 0.9, kebbie's)")
    parser.add_argument("--domain", metavar="NAME", help="the dataset's domain name in the results (default: the file's name)")
    parser.add_argument("--exact", action="store_true",
                        help="report kebbie's scores unrounded (kebbie rounds every score to 2 significant digits; "
                             "its counts and definitions are unchanged), for comparing with other harnesses")
    parser.add_argument("--out", required=True, metavar="results.json", help="kebbie's result dictionary (JSON)")
    args = parser.parse_args()

    # kebbie may not reach the network: no Hugging Face look-ups; the typo cache is ours (below).
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    kebbie = kebbie_common.import_kebbie(PROGRAM)
    import kebbie.noise_model
    if args.exact:
        import kebbie.scorer
        kebbie.scorer.round_to_n = lambda x, n=2: x  # the scores' rounding only: what is counted is kebbie's

    try:
        out_folder = os.path.dirname(os.path.abspath(args.out))
        if not os.path.isdir(out_folder):
            raise kebbie_common.UsageError(f"--out {args.out}: folder {out_folder} does not exist")
        typos = read_common_typos(args.common_typos)
        sentences = read_sentences(args.sentences, args.limit)
        if not sentences:
            raise kebbie_common.UsageError(f"{args.sentences}: no sentences in it")
        corrector = make_corrector(args)
    except kebbie_common.UsageError as error:
        sys.exit(f"{PROGRAM}: {error}")
    except (OSError, UnicodeDecodeError) as error:
        sys.exit(f"{PROGRAM}: {error}")
    except RuntimeError as error:  # KeyBenchCorrector.prepare: tools or corpora missing, ingest failed
        sys.exit(f"{PROGRAM}: {error}")

    domain = args.domain or os.path.splitext(os.path.basename(args.sentences))[0]
    cache_home = tempfile.mkdtemp(prefix="keybench-kebbie-home-")
    saved_home = os.environ.get("HOME")
    try:
        cache = os.path.join(cache_home, ".cache", "common_typos")
        os.makedirs(cache)
        with open(os.path.join(cache, "en.json"), "w", encoding="utf-8") as file:
            json.dump(typos, file)
        # Forked workers see the patched module; spawned ones compute CACHE_DIR from HOME again.
        kebbie.noise_model.CACHE_DIR = cache + os.sep
        if multiprocessing.get_start_method(allow_none=False) != "fork":
            os.environ["HOME"] = cache_home
        print(f"{PROGRAM}: {len(sentences)} sentences of {args.sentences}, {sum(map(len, typos.values()))} common typos, "
              f"seed {args.seed}, {args.n_proc} processes", file=sys.stderr)
        try:
            results = kebbie.evaluate(corrector, dataset={domain: sentences}, n_proc=args.n_proc, seed=args.seed,
                                      beta=args.beta)
        except RuntimeError as error:
            sys.exit(f"{PROGRAM}: {error}")
    finally:
        if saved_home is not None:
            os.environ["HOME"] = saved_home
        shutil.rmtree(cache_home, ignore_errors=True)
        if hasattr(corrector, "close"):
            corrector.close()
    if not isinstance(results.get("overall_score"), (int, float)) or not math.isfinite(results["overall_score"]):
        sys.exit(f"{PROGRAM}: kebbie returned no finite overall_score: {results.get('overall_score')!r}")
    kebbie_common.write_atomically(args.out, json.dumps(results, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print(f"{PROGRAM}: {summary_line(results)}; wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
