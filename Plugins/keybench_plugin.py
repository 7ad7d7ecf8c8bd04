"""The Python side of KeyBench's plug-in protocol (PROTOCOL.md), so a plug-in is one function.

    import keybench_plugin

    def start(hello):                      # the handshake: task, settings, lexicon, layout(s), ...
        words = load(hello["lexicon"]["path"])
        def answer(request):               # one request -> ranked candidates, best first
            return rank(request["typed"], words)[: request["limit"]]
        return {"name": "mine", "version": "1.0", "config": {}}, answer

    keybench_plugin.serve(start)

serve() reads the handshake, answers it with the info start() returns, then answers every
request with {"id", "candidates", "time_us"} and returns when KeyBench closes stdin.

The contract, in full:
  - start(hello) gets the handshake as a dict and returns (info, answer): info is the ready
    line's fields ({"name": non-empty str, "version": str, "config": dict}), answer a function
    from one request (a dict: "id", "type", "limit" and the task's fields) to a list of str,
    best first. Lists longer than request["limit"] are allowed; KeyBench ignores the rest.
  - time_us is the time answer() took, measured here with time.perf_counter_ns: the plug-in's
    own compute for the request, nothing of the pipe.
  - An exception in answer() becomes {"id": ..., "error": "KeyError: 'x' (my_plugin.py:12 in
    answer)"} and its full traceback goes to stderr; the plug-in then goes on with the next
    request (KeyBench stops the run, or with --on-plugin-error skip counts the item and asks
    the next one). An exception in start() prints its traceback and exits with status 1.
  - Every line is flushed as it is written, so nothing waits in an output buffer.
  - read_lexicon(hello) returns the handshake's lexicon as a list of (word, frequency, count)
    tuples, most frequent first: frequency is LatinIME's 0-255 log-scale value, count the
    probability x 1e9. It raises KeyError when the handshake has no lexicon (predict without
    --lexicon).
  - Every field of info goes into the ready line as it is, so the keyboard task's (hello["task"]
    == "keyboard") list of answered tasks is one more entry: {"name": ..., "version": ...,
    "config": {...}, "tasks": ["correct", "next"]}, a non-empty subset of KEYBOARD_TASKS; its
    requests' "type" is one of them (Plugins/kebbie/plugin is a complete example).
Log to stderr only: stdout is the protocol.
"""
import json
import os
import select
import sys
import time
import traceback

PROTOCOL = 1
KEYBOARD_TASKS = ("correct", "complete", "next", "swipe")  # what a keyboard plug-in's ready line may declare


def _lines(fd, spin_ns=50_000):
    """The lines arriving on fd. Between requests it asks again for a moment before sleeping in
    select: the next request usually follows within microseconds, and waking a sleeping core
    costs tens of microseconds on a virtual machine (the harness does the same on its side)."""
    os.set_blocking(fd, False)
    clock = time.perf_counter_ns
    pending = b""
    while True:
        newline = pending.find(b"\n")
        if newline >= 0:
            yield pending[: newline + 1]
            pending = pending[newline + 1 :]
            continue
        spin_until = clock() + spin_ns
        while True:
            try:
                chunk = os.read(fd, 65536)
                break
            except BlockingIOError:
                if clock() >= spin_until:
                    select.select([fd], [], [])
        if not chunk:
            if pending:
                yield pending
            return
        pending += chunk


def serve(start):
    stdout = sys.stdout
    lines = _lines(sys.stdin.fileno())
    first = next(lines, b"")
    if not first:
        sys.exit("keybench_plugin: no handshake on stdin (this program is started by keybench-run --plugin)")
    hello = json.loads(first)
    if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
        sys.exit(f"keybench_plugin: speaks protocol {PROTOCOL}, got {first[:200]!r}")
    info, answer = start(hello)
    stdout.write(json.dumps({"type": "ready", **info}) + "\n")
    stdout.flush()
    clock = time.perf_counter_ns
    dumps = json.dumps
    for line in lines:
        request = json.loads(line)
        began = clock()
        try:
            candidates = list(answer(request))
        except Exception as error:  # reported to KeyBench; the traceback goes to stderr
            traceback.print_exc(file=sys.stderr)
            sys.stderr.flush()
            stdout.write(dumps({"id": request.get("id"), "error": _describe(error)}) + "\n")
            stdout.flush()
            continue
        took = (clock() - began) / 1000
        stdout.write(dumps({"id": request["id"], "candidates": candidates, "time_us": took}) + "\n")
        stdout.flush()


def _describe(error):
    """'KeyError: 'x' (my_plugin.py:12 in answer)': the exception and where it was raised."""
    text = f"{type(error).__name__}: {error}"
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        last = frames[-1]
        text += f" ({os.path.basename(last.filename)}:{last.lineno} in {last.name}; traceback on stderr)"
    return text


def read_lexicon(hello):
    """The handshake's lexicon as (word, frequency 0-255, count) tuples, most frequent first."""
    rows = []
    with open(hello["lexicon"]["path"], encoding="utf-8") as file:
        for line in file:
            word, frequency, count = line.rstrip("\n").split("\t")
            rows.append((word, int(frequency), int(count)))
    return rows
