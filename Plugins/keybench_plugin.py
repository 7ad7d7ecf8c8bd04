"""The Python side of KeyBench's plug-in protocol (PROTOCOL.md), so a plug-in is one function.

    import keybench_plugin

    def start(hello):                      # the handshake: task, settings, lexicon, layout(s), ...
        words = load(hello["lexicon"]["path"])
        def answer(request):               # one request -> ranked candidates, best first
            return rank(request["typed"], words)[: request["limit"]]
        return {"name": "mine", "version": "1.0", "config": {}}, answer

    keybench_plugin.serve(start)

serve() reads the handshake, answers it with the info start() returns, then answers every
request with {"id", "candidates", "time_us"} (time_us: the answer function's own time), and
returns when KeyBench closes stdin. An exception in answer() is sent as {"id", "error"} and
the plug-in exits with status 1, which stops the run with the message. Log to stderr only:
stdout is the protocol.
"""
import json
import os
import select
import sys
import time

PROTOCOL = 1


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
            candidates = answer(request)
        except Exception as error:  # reported to KeyBench, which stops the run
            stdout.write(dumps({"id": request.get("id"), "error": f"{type(error).__name__}: {error}"}) + "\n")
            stdout.flush()
            raise
        took = (clock() - began) / 1000
        stdout.write(dumps({"id": request["id"], "candidates": candidates, "time_us": took}) + "\n")
        stdout.flush()


def read_lexicon(hello):
    """The handshake's lexicon as (word, frequency 0-255, count) tuples, most frequent first."""
    rows = []
    with open(hello["lexicon"]["path"], encoding="utf-8") as file:
        for line in file:
            word, frequency, count = line.rstrip("\n").split("\t")
            rows.append((word, int(frequency), int(count)))
    return rows
