#!/usr/bin/env python3
"""kebbie's own Scorer on fixed scoring events: the reference KeyBench's keyboard metrics are
checked against (a Swift test compares its definitions with this program's output).

Usage: Plugins/kebbie/scorer_reference.py EVENTS.jsonl [--beta 0.9]

EVENTS.jsonl holds one JSON object per line (blank lines and lines starting with # are skipped):
  {"task": "acr", "true": w, "preds": [...], "typed": t, "typos": ["SUBSTITUTE_CHAR", ...]}  auto-correction
  {"task": "acp", "true": w, "preds": [...], "partial": p}                                   auto-completion
  {"task": "nwp", "true": w, "preds": [...]}                                                 next word
  {"task": "swp", "true": w, "preds": [...]}                                                 swipe
`typos` are kebbie Typo names ([] for a word typed without a typo); every event may add "context"
(default ""), "domain" (default "events") and "memory" / "runtime" numbers (default: not recorded).
Each event goes to kebbie.scorer.Scorer exactly as kebbie's Oracle records it; the output is
Scorer.score(beta) as JSON with sorted keys on stdout, with round_to_n patched to the identity (so
values are exact, not kebbie's 2 significant digits) and human_readable=False (raw memory and
runtime numbers). kebbie's own rounding that is part of the metric stays: the completion rate is
round(len(partial) / len(true), 2), and per typo type the no-typo counts are shared in proportion
with Python's round() (Count.__mul__).
"""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kebbie_common  # noqa: E402

PROGRAM = "Plugins/kebbie/scorer_reference.py"
TASKS = {"acr": ("true", "preds", "typed", "typos"), "acp": ("true", "preds", "partial"),
         "nwp": ("true", "preds"), "swp": ("true", "preds")}
OPTIONAL = ("context", "domain", "memory", "runtime", "task")
DEFAULT_DOMAIN = "events"


class EventError(Exception):
    pass


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def read_events(path, typo_names):
    """The events of the file, checked: a bad line is reported as FILE:LINE with what is wrong."""
    events = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            where = f"{path}:{number}"
            try:
                event = json.loads(text, parse_constant=_refuse_constant)
            except ValueError as error:
                raise EventError(f"{where}: not JSON: {error}") from None
            if not isinstance(event, dict):
                raise EventError(f"{where}: an event is a JSON object")
            task = event.get("task")
            if task not in TASKS:
                raise EventError(f"{where}: task must be one of {', '.join(TASKS)}, got {task!r}")
            missing = [f for f in TASKS[task] if f not in event]
            if missing:
                raise EventError(f"{where}: a {task} event needs {', '.join(missing)}")
            unknown = sorted(set(event) - set(TASKS[task]) - set(OPTIONAL))
            if unknown:
                raise EventError(f"{where}: unknown field(s) for a {task} event: {', '.join(unknown)}")
            if not isinstance(event["true"], str) or not event["true"]:
                raise EventError(f"{where}: true must be a non-empty string")
            if not isinstance(event["preds"], list) or not all(isinstance(p, str) for p in event["preds"]):
                raise EventError(f"{where}: preds must be a list of strings")
            for field in ("typed", "partial", "context", "domain"):
                if field in event and not isinstance(event[field], str):
                    raise EventError(f"{where}: {field} must be a string")
            if task == "acp" and not event["partial"]:
                raise EventError(f"{where}: partial must be non-empty (kebbie completes after at least one letter)")
            if task == "acr":
                typos = event["typos"]
                if not isinstance(typos, list) or not all(isinstance(t, str) for t in typos):
                    raise EventError(f"{where}: typos must be a list of kebbie Typo names")
                bad = [t for t in typos if t not in typo_names]
                if bad:
                    raise EventError(f"{where}: unknown typo name(s) {', '.join(bad)}; kebbie's are {', '.join(typo_names)}")
            for field in ("memory", "runtime"):
                value = event.get(field)
                if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                          or not math.isfinite(value) or value < 0):
                    raise EventError(f"{where}: {field} must be a finite number >= 0")
            events.append(event)
    return events


def score(events, beta, kebbie):
    """Scorer.score(beta) over the events, values unrounded."""
    import kebbie.scorer as scorer_module
    from kebbie.noise_model import Typo

    scorer_module.round_to_n = lambda x, n=2: x  # the only rounding of results, not of the metric
    domains = sorted({e.get("domain", DEFAULT_DOMAIN) for e in events}) or [DEFAULT_DOMAIN]
    scorer = scorer_module.Scorer(domains=domains, human_readable=False)
    for e in events:
        common = {"context": e.get("context", ""), "memory": e.get("memory", -1), "runtime": e.get("runtime", -1),
                  "domain": e.get("domain", DEFAULT_DOMAIN)}
        task = e["task"]
        if task == "acr":
            scorer.acr(e["true"], e["preds"], typed_word=e["typed"], typos=[Typo[t] for t in e["typos"]], **common)
        elif task == "acp":
            scorer.acp(e["true"], e["preds"], partial_word=e["partial"], **common)
        elif task == "nwp":
            scorer.nwp(e["true"], e["preds"], **common)
        else:
            scorer.swp(e["true"], e["preds"], **common)
    return scorer.score(beta=beta)


def main():
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[2:]))
    parser.add_argument("events", metavar="EVENTS.jsonl", help="scoring events, one JSON object per line")
    parser.add_argument("--beta", type=kebbie_common.float_in(0, 100, low_open=True), default=0.9,
                        help="the F-beta score's beta (default 0.9, kebbie's DEFAULT_BETA), above 0 up to 100")
    args = parser.parse_args()
    kebbie = kebbie_common.import_kebbie(PROGRAM)
    from kebbie.noise_model import Typo
    try:
        events = read_events(args.events, [t.name for t in Typo])
    except FileNotFoundError:
        sys.exit(f"{PROGRAM}: {args.events}: no such file")
    except (EventError, UnicodeDecodeError, IsADirectoryError) as error:
        sys.exit(f"{PROGRAM}: {error}")
    results = score(events, args.beta, kebbie)
    print(json.dumps(results, sort_keys=True, indent=1, allow_nan=False))


if __name__ == "__main__":
    main()
