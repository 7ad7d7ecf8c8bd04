#!/usr/bin/env python3
"""KeyBench's keyboard as a kebbie Corrector, so kebbie's own evaluation runs on it:

    import kebbie
    from keybench_kebbie import KeyBenchCorrector          # Plugins/kebbie on sys.path
    results = kebbie.evaluate(KeyBenchCorrector(), dataset={"mine": sentences}, n_proc=2, seed=1)

Each kebbie call becomes one request to `keybench-run keyboard-serve` (PROTOCOL.md, "The whole
keyboard: task keyboard"), a child process this object starts on first use in each process. The
hello's layout is kebbie's own keyboard (kebbie.utils.load_keyboard("en-US"), or custom_keyboard)
converted to KeyBench's layout format, so kebbie's keystrokes and swipe points arrive in the frame
they were made in.

Why it is built this way:
  - kebbie copies the corrector into every worker process by pickling it; a pipe to a child
    process cannot be pickled, so __getstate__ drops it and the copy starts its own server lazily.
  - A fork (kebbie's mp.Pool on Linux) inherits the parent's pipes; the child closes its copies at
    once (os.register_at_fork), so a server ends when its own process ends, not when the last fork
    does. A server also ends when its process dies without clean-up (kebbie terminates its pool
    workers): its standard input closes and keyboard-serve stops at end of input.
  - Lexicons and text models are built once, under a lock (DATABASE.kebbie-lock), so kebbie's
    workers starting together do not ingest the same file twice.
  - No `learn` is sent and `adapt` is false: kebbie deals sentences to workers in no fixed order, so
    adaptation would make the scores depend on the number of processes.

Run as a program it builds what a configuration needs and exits (`--prepare`), or prints the layout
it would send (`--print-layout`); see --help.
"""
import argparse
import atexit
import collections
import fcntl
import hashlib
import json
import os
import select
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
import kebbie_common  # noqa: E402

if __name__ == "__main__":
    kebbie_common.import_kebbie("keybench_kebbie.py")
import kebbie  # noqa: E402
import kebbie.utils  # noqa: E402

PROTOCOL = 1
DEFAULT_NGRAMS = "en-keyboard"
# Text models this module builds when missing, from the corpora's running texts. en-keyboard is
# the model of `keybench-run keyboard --help`: every English text except the Leipzig web sentences,
# which stay held out as test sentences (keybench-run keyboard refuses a test file the model was
# trained on). en-texts is Suites/correct-context.json's model: all six texts.
TEXT_MODELS = {
    "en-keyboard": [
        "texts/en_gutenberg_11_alice_in_wonderland.txt",
        "texts/en_gutenberg_1342_pride_and_prejudice.txt",
        "texts/en_leipzig_eng_wikipedia_2016_10K-sentences.txt",
        "texts/en_twain_huckleberry_finn_wiretap1993.txt",
        "texts/en_twain_tom_sawyer_wiretap1993.txt",
    ],
    "en-texts": [
        "texts/en_gutenberg_11_alice_in_wonderland.txt",
        "texts/en_gutenberg_1342_pride_and_prejudice.txt",
        "texts/en_leipzig_eng-eu_web_2015_10K-sentences.txt",
        "texts/en_leipzig_eng_wikipedia_2016_10K-sentences.txt",
        "texts/en_twain_huckleberry_finn_wiretap1993.txt",
        "texts/en_twain_tom_sawyer_wiretap1993.txt",
    ],
}
KEYBOARDS = kebbie_common.KEYBOARDS
SWIPE_POINT_MS = 8.0  # kebbie's gestures carry no time; KeyBench's points do: a constant spacing
LOAD_TIMEOUT_S = 600.0  # start to ready: loading a lexicon and a text model
TOOLS_ENV = "KEYBENCH_KEBBIE_TOOLS"  # a folder holding keybench-run and keybench-ingest (tests: fakes)


# ---------------------------------------------------------------------------------------------
# kebbie's keyboard layout -> KeyBench's layout format


def keybench_layout(keyboard=None, name=None):
    """kebbie's keyboard (the dict of kebbie.utils.load_keyboard; default en-US) as a KeyBench layout:
    the default layer's letter keys (keyboardID 0, kebbie's button type 1, a one-letter label) as
    kind "letter" labelled in lower case, and the spacebar as kind "space"; centres and sizes from
    each key's boundingRect (the rectangle kebbie decides a tap by), rows numbered by centre height
    from 0 at the top. Coordinates stay in kebbie's frame (no shift), since kebbie's keystrokes are
    in it. width/height are the layer's extent; the pitches are the median distances between
    neighbouring letter centres."""
    keyboard = keyboard if keyboard is not None else kebbie.utils.load_keyboard("en-US")
    try:
        layers = keyboard["layout"]
    except (KeyError, TypeError):
        raise ValueError("not a kebbie keyboard: no 'layout' list of layers") from None
    layer = next((l for l in layers if l.get("id") == 0 and l.get("buttons")), None)
    if layer is None:
        raise ValueError("the kebbie keyboard has no default layer (id 0) with buttons")
    buttons = [b for b in layer["buttons"] if b.get("keyboardID", 0) == 0]
    keys, seen = [], set()
    right = bottom = 0.0
    for button in buttons:
        rect = button["boundingRect"]
        left, top, r, b = (float(rect[k]) for k in ("left", "top", "right", "bottom"))
        right, bottom = max(right, r), max(bottom, b)
        labels = button.get("labels") or [""]
        label = labels[0]
        if button.get("type") == 1 and len(label) == 1 and label.isalpha():
            kind, label = "letter", label.lower()
        elif button.get("type") != 1 and label.lower() == "spacebar":
            kind, label = "space", "space"
        else:
            continue
        if label in seen:
            continue
        seen.add(label)
        keys.append({"label": label, "kind": kind, "x": (left + r) / 2, "y": (top + b) / 2,
                     "width": r - left, "height": b - top})
    letters = [k for k in keys if k["kind"] == "letter"]
    if not letters:
        raise ValueError("the kebbie keyboard's default layer has no letter keys")
    # Rows: a key joins the current row when its centre is within half a key height of the row's first.
    rows, row_y = [], []
    for key in sorted(keys, key=lambda k: (k["y"], k["x"])):
        if row_y and key["y"] - row_y[-1] <= key["height"] / 2:
            rows[-1].append(key)
        else:
            rows.append([key])
            row_y.append(key["y"])
    for index, row in enumerate(rows):
        for key in row:
            key["row"] = index
    horizontal, letter_rows = [], []  # neighbouring letters' distances; each letter row's height
    for row in rows:
        row_letters = sorted((k for k in row if k["kind"] == "letter"), key=lambda k: k["x"])
        horizontal += [b["x"] - a["x"] for a, b in zip(row_letters, row_letters[1:])]
        if row_letters:
            letter_rows.append(sum(k["y"] for k in row_letters) / len(row_letters))
    vertical = [b - a for a, b in zip(letter_rows, letter_rows[1:])]
    horizontal_pitch = _median(horizontal) if horizontal else _median([k["width"] for k in letters])
    vertical_pitch = _median(vertical) if vertical else _median([k["height"] for k in letters])
    if name is None:
        settings = keyboard.get("keyboard") or {}
        name = "kebbie/" + str(settings.get("default-layout", "custom")).lower()
    ordered = sorted(keys, key=lambda k: (k["row"], k["x"]))
    return {"name": name, "width": right, "height": bottom, "horizontal_pitch": horizontal_pitch,
            "vertical_pitch": vertical_pitch,
            "keys": [{f: k[f] for f in ("label", "kind", "x", "y", "width", "height", "row")} for k in ordered]}


def _median(values):
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


# ---------------------------------------------------------------------------------------------
# The keyboard-serve child process


_SERVERS = weakref.WeakSet()


def _forget_servers_after_fork():
    """In a forked child: close the inherited copies of every server's pipes, without touching the
    server (it belongs to the parent), so that the parent's exit still ends it."""
    for server in list(_SERVERS):
        server.abandon()


os.register_at_fork(after_in_child=_forget_servers_after_fork)


def _stop_process(process, owner):
    """End a server: close its input (keyboard-serve stops at end of input), wait a moment, then
    terminate it. Only the process that started it does so; any other just drops its fds."""
    for stream in (process.stdin, process.stdout, process.stderr):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass
    if os.getpid() != owner or process.returncode is not None:
        return
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class _Server:
    """One keybench-run keyboard-serve child: the handshake, then one request per call."""

    def __init__(self, command, cwd, hello, timeout):
        self.command = command
        self.timeout = timeout
        self.tail = collections.deque(maxlen=40)  # the server's last stderr lines, for error messages
        self.abandoned = False
        self.next_id = 1
        self._buffer = b""
        self._lock = threading.Lock()  # one request at a time, should threads share the corrector
        try:
            # bufsize=0: raw pipes, no buffer locks a fork could inherit held by the stderr thread.
            self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, bufsize=0)
        except OSError as error:
            raise RuntimeError(f"cannot start {' '.join(command)}: {error}") from None
        self.owner = os.getpid()
        _SERVERS.add(self)
        self._finalizer = weakref.finalize(self, _stop_process, self.process, self.owner)
        threading.Thread(target=self._drain_stderr, args=(self.process.stderr,), daemon=True).start()
        self._send(hello)
        ready = self._receive(LOAD_TIMEOUT_S, "the handshake answer")
        if ready.get("type") != "ready":
            self.close()
            raise RuntimeError(f"keybench-run keyboard-serve answered the hello with {json.dumps(ready)[:300]}")
        tasks = ready.get("tasks")
        if not isinstance(tasks, list) or not tasks:
            self.close()
            raise RuntimeError(f"keybench-run keyboard-serve's ready line lists no tasks: {json.dumps(ready)[:300]}")
        self.ready = ready
        self.tasks = set(tasks)

    def _drain_stderr(self, stream):
        """Keeps the server's stderr (to quote it when the server fails) and passes it on to ours."""
        pending = b""
        fd = stream.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                text = line.decode("utf-8", "replace")
                self.tail.append(text)
                if os.getpid() == self.owner:
                    print(f"keyboard-serve: {text}", file=sys.stderr, flush=True)

    def ask(self, request):
        with self._lock:
            request = {"id": self.next_id, **request}
            self.next_id += 1
            self._send(request)
            answer = self._receive(self.timeout, f"request {request['id']} ({request['type']})")
        if answer.get("id") != request["id"]:
            self.close()
            raise RuntimeError(f"keybench-run keyboard-serve answered id {answer.get('id')!r} to request {request['id']}")
        if "error" in answer:
            raise RuntimeError(f"keybench-run keyboard-serve: {answer['error']} "
                               f"(request {request['id']}: {json.dumps(request)[:300]})")
        candidates = answer.get("candidates")
        if not isinstance(candidates, list) or not all(isinstance(c, str) for c in candidates):
            raise RuntimeError(f"keybench-run keyboard-serve answered request {request['id']} without a list of "
                               f"strings as candidates: {json.dumps(answer)[:300]}")
        return candidates

    def _send(self, message):
        data = (json.dumps(message, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")
        try:
            view = memoryview(data)
            while view:
                written = self.process.stdin.write(view)
                view = view[written:]
        except (BrokenPipeError, ValueError, OSError):
            raise self._failure("it stopped reading its input") from None

    def _receive(self, timeout, what):
        fd = self.process.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.close()
                raise RuntimeError(f"keybench-run keyboard-serve gave no answer to {what} within {timeout:g} s"
                                   + self._quoted_tail())
            readable, _, _ = select.select([fd], [], [], remaining)
            if not readable:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise self._failure(f"it ended before answering {what}")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            message = json.loads(line)
        except ValueError:
            self.close()
            raise RuntimeError(f"keybench-run keyboard-serve wrote a line that is not JSON: {line[:300]!r}") from None
        if not isinstance(message, dict):
            self.close()
            raise RuntimeError(f"keybench-run keyboard-serve wrote a line that is not a JSON object: {line[:300]!r}")
        return message

    def _failure(self, what):
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        time.sleep(0.05)  # let the stderr thread take the last lines
        self.close()
        how = f"exit status {status}" if status is not None else "still running"
        return RuntimeError(f"keybench-run keyboard-serve failed: {what} ({how}; command: {' '.join(self.command)})"
                            + self._quoted_tail())

    def _quoted_tail(self):
        lines = [line for line in self.tail if line.strip()]
        return ("; its last messages:\n  " + "\n  ".join(lines[-12:])) if lines else ""

    @property
    def alive(self):
        return not self.abandoned and self.process.returncode is None and self.process.poll() is None

    def close(self):
        self._finalizer()

    def abandon(self):
        """After a fork, in the child: drop this process's copies of the parent's pipes."""
        self.abandoned = True
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass
        self._finalizer.detach()


@atexit.register
def _stop_all_servers():
    for server in list(_SERVERS):
        if not server.abandoned and server.owner == os.getpid():
            server.close()


# ---------------------------------------------------------------------------------------------
# Building what a configuration needs


def _tools_folder(tools):
    if tools is not None:
        return Path(tools)
    if os.environ.get(TOOLS_ENV):
        return Path(os.environ[TOOLS_ENV])
    return kebbie_common.CHECKOUT / ".build" / "release"


def _database_path(db):
    """The lexicon database keybench-run would use: db, else $KEYBENCH_HOME/.keybench/lexicons.sqlite,
    else the checkout's .keybench/lexicons.sqlite; always passed explicitly, so every tool started
    here uses the same file whatever their working folder."""
    if db is not None:
        return Path(db).expanduser().resolve()
    home = os.environ.get("KEYBENCH_HOME")
    base = Path(home).expanduser() if home else kebbie_common.CHECKOUT
    return (base / ".keybench" / "lexicons.sqlite").resolve()


class _PreparationLock:
    """An exclusive lock per database, held while checking for and building lexicons and text
    models: a file beside the database (its folder holds SQLite's journal files anyway), or, when
    that folder cannot be written, one in the temporary folder keyed by the database's path."""

    def __init__(self, database):
        self.candidates = [database.with_name(database.name + ".kebbie-lock")]
        digest = hashlib.sha256(str(database).encode("utf-8")).hexdigest()[:16]
        self.candidates.append(Path(tempfile.gettempdir()) / f"keybench-kebbie-{digest}.lock")

    def __enter__(self):
        for path in self.candidates:
            try:
                self.file = open(path, "a")
                break
            except OSError as error:
                failure = error
        else:
            raise RuntimeError(f"cannot create a lock file for the lexicon database: {failure}")
        fcntl.flock(self.file, fcntl.LOCK_EX)
        return self

    def __exit__(self, *error):
        fcntl.flock(self.file, fcntl.LOCK_UN)
        self.file.close()


def _run_tool(command, cwd, what):
    """Runs one keybench tool, passing its output on to stderr as progress; RuntimeError on failure."""
    print(f"keybench_kebbie: {what}: {' '.join(command)}", file=sys.stderr, flush=True)
    try:
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as error:
        raise RuntimeError(f"cannot run {command[0]}: {error}") from None
    tail = collections.deque(maxlen=12)
    for raw in process.stdout:
        line = raw.decode("utf-8", "replace").rstrip("\n")
        tail.append(line)
        print(f"  {line}", file=sys.stderr, flush=True)
    if process.wait() != 0:
        raise RuntimeError(f"{what} failed (exit status {process.returncode}): {' '.join(command)}\n  " + "\n  ".join(tail))


def _stored(ingest, database, cwd):
    """(lexicon names, {text model name: its source files}) stored in the database, from
    keybench-ingest --list (sources as given to the ingest, relative ones to its working folder)."""
    if not database.exists():
        return set(), {}
    result = subprocess.run([str(ingest), "--list", "--db", str(database)], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"keybench-ingest --list --db {database} failed (exit status {result.returncode}): "
                           f"{result.stderr.strip() or result.stdout.strip()}")
    lexicons, models = set(), {}
    for line in result.stdout.splitlines():
        fields = line.split("\t")
        if len(fields) < 2:
            continue  # "PATH: nothing stored"
        if fields[1] == "text n-grams":
            models[fields[0]] = [p for p in (fields[3].split(", ") if len(fields) > 3 else []) if p]
        else:
            lexicons.add(fields[0])
    return lexicons, models


# ---------------------------------------------------------------------------------------------
# The Corrector


class KeyBenchCorrector(kebbie.Corrector):
    """KeyBench's keyboard (`keybench-run keyboard-serve`) behind kebbie's Corrector API.

    Args:
        keyboard: keyboard-serve's --keyboard: "keybench" (KeyBench's keyboard: tap decoder with
            context, Kneser-Ney next word, swipe decoder), "plain" (edit-distance correction,
            frequency completion, bigram next word, no swipe), or literal, letters, taps, taps-lm.
        lexicon: the lexicon name (built from the corpora's latinime/NAME_wordlist.combined.gz
            when missing).
        ngrams: the text model for context and next-word prediction: None means "en-keyboard";
            "en-keyboard" and "en-texts" are built from the corpora's English texts when missing
            (TEXT_MODELS); "" or False means none; any other name must be stored already
            (keybench-ingest --text FILE... --name NAME).
        device: keyboard-serve's --device (its fall-back layout; the hello's layout wins).
        db: the lexicon database (default: $KEYBENCH_HOME or the checkout's .keybench/lexicons.sqlite).
        tools: the folder holding keybench-run and keybench-ingest (default: $KEYBENCH_KEBBIE_TOOLS,
            else the checkout's .build/release).
        custom_keyboard: a kebbie keyboard dict (as kebbie.evaluate's custom_keyboard); default
            kebbie's en-US layout. Pass the same one to kebbie.evaluate.
        top: the candidates asked for per request (kebbie scores the first 3).
        timeout: seconds one answer may take.
    """

    def __init__(self, keyboard="keybench", lexicon="en_US", ngrams=None, device=None, db=None, tools=None,
                 custom_keyboard=None, top=3, timeout=60.0):
        super().__init__()
        if keyboard not in KEYBOARDS:
            raise ValueError(f"keyboard must be one of {', '.join(KEYBOARDS)}, got {keyboard!r}")
        if not isinstance(lexicon, str) or not lexicon:
            raise ValueError(f"lexicon must be a non-empty name, got {lexicon!r}")
        if ngrams is not None and ngrams is not False and not isinstance(ngrams, str):
            raise ValueError(f"ngrams must be a text model name, None ({DEFAULT_NGRAMS}) or '' (none), got {ngrams!r}")
        if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= 1000:
            raise ValueError(f"top must be an integer in 1…1000, got {top!r}")
        if not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600:
            raise ValueError(f"timeout must be a number of seconds in (0, 3600], got {timeout!r}")
        self.keyboard = keyboard
        self.lexicon = lexicon
        self.ngrams = DEFAULT_NGRAMS if ngrams is None else (ngrams or None)
        self.device = device
        # Absolute now: the tools run in the checkout, and copies may live in other working folders.
        self.db = None if db is None else str(Path(db).expanduser().resolve())
        self.tools = None if tools is None else str(Path(tools).expanduser().resolve())
        self.custom_keyboard = custom_keyboard
        self.top = top
        self.timeout = float(timeout)
        self._server = None
        self._prepared_in = None  # the pid that checked the lexicon and text model
        self._training = []

    def __getstate__(self):
        """What a copy in another process needs: the settings, never the child process or its pipes."""
        state = self.__dict__.copy()
        state["_server"] = None
        state["_prepared_in"] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)

    # -- set-up --------------------------------------------------------------------------------

    def command(self):
        """The keyboard-serve command line this corrector runs."""
        command = [str(_tools_folder(self.tools) / "keybench-run"), "keyboard-serve", "--lexicon", self.lexicon, "--db", str(_database_path(self.db)),
                   "--keyboard", self.keyboard]
        if self.ngrams:
            command += ["--ngrams", self.ngrams]
        if self.device:
            command += ["--device", self.device]
        return command

    def layout(self):
        """The layout the hello carries: kebbie's keyboard in KeyBench's format."""
        return keybench_layout(self.custom_keyboard)

    def prepare(self):
        """Checks the tools and builds a missing lexicon or (default) text model, once per process.
        kebbie's workers each do this on first use; calling it in the parent first shows the
        progress once and before kebbie's progress bar."""
        if self._prepared_in == os.getpid():
            return
        tools = _tools_folder(self.tools)
        run, ingest = tools / "keybench-run", tools / "keybench-ingest"
        for tool in (run, ingest):
            if not os.access(tool, os.X_OK):
                raise RuntimeError(f"{tool} not found: build KeyBench first (Scripts/setup, or swift build -c release), "
                                   f"or pass tools= / set {TOOLS_ENV} to the folder holding keybench-run")
        database = _database_path(self.db)
        cwd = str(kebbie_common.CHECKOUT)
        with _PreparationLock(database):
            lexicons, models = _stored(ingest, database, cwd)
            corpora = kebbie_common.corpora_root()
            if self.lexicon not in lexicons:
                wordlist = corpora / "latinime" / f"{self.lexicon}_wordlist.combined.gz"
                if not wordlist.is_file():
                    raise RuntimeError(f"lexicon {self.lexicon!r} is not in {database} and {wordlist} does not exist: "
                                       f"ingest it with keybench-ingest WORDLIST --name {self.lexicon} "
                                       f"(KEYBENCH_CORPORA points at the corpora)")
                _run_tool([str(ingest), str(wordlist), "--name", self.lexicon, "--db", str(database)], cwd,
                          f"building lexicon {self.lexicon} (once)")
            if self.ngrams and self.ngrams not in models:
                if self.ngrams not in TEXT_MODELS:
                    raise RuntimeError(f"text model {self.ngrams!r} is not in {database}: store it with "
                                       f"keybench-ingest --text FILE... --name {self.ngrams} (this module builds "
                                       f"only {', '.join(TEXT_MODELS)})")
                texts = [corpora / text for text in TEXT_MODELS[self.ngrams]]
                missing = [str(t) for t in texts if not t.is_file()]
                if missing:
                    raise RuntimeError(f"cannot build text model {self.ngrams}: missing {', '.join(missing)} "
                                       f"(KEYBENCH_CORPORA points at the corpora); or pass ngrams='' for none")
                _run_tool([str(ingest), "--text", *map(str, texts), "--name", self.ngrams, "--db", str(database)],
                          cwd, f"building text model {self.ngrams} (once)")
                models[self.ngrams] = [str(t) for t in texts]
        self._training = [os.path.normpath(Path(cwd, p)) for p in models.get(self.ngrams, [])] if self.ngrams else []
        self._prepared_in = os.getpid()

    def training_files(self):
        """The text model's source files (absolute), to check test sentences against; [] for none."""
        self.prepare()
        return list(self._training)

    def _ensure_server(self):
        server = self._server
        if server is not None and server.alive and server.owner == os.getpid():
            return server
        self._server = None
        self.prepare()
        hello = {"type": "hello", "protocol": PROTOCOL, "task": "keyboard",
                 "settings": {"top": self.top, "language": self.lexicon, "adapt": False},
                 "layout": self.layout()}
        self._server = _Server(self.command(), str(kebbie_common.CHECKOUT), hello, self.timeout)
        return self._server

    @property
    def info(self):
        """The server's ready line (name, version, config, tasks), starting it if needed."""
        return dict(self._ensure_server().ready)

    def close(self):
        """Ends this process's server now (it is started again on the next call)."""
        if self._server is not None and self._server.owner == os.getpid():
            self._server.close()
        self._server = None

    # -- kebbie's API --------------------------------------------------------------------------

    def _ask(self, kind, context, **fields):
        server = self._ensure_server()
        if kind not in server.tasks:
            return []  # what kebbie's base Corrector answers for a task it does not do
        request = {"type": kind, "limit": self.top, "context": context, "previous": context.split(), **fields}
        try:
            return server.ask(request)
        finally:
            if not server.alive:
                self._server = None

    @staticmethod
    def _taps(keystrokes, length):
        if keystrokes is None:
            return [None] * length
        return [None if k is None else [float(k[0]), float(k[1])] for k in keystrokes]

    def auto_correct(self, context, keystrokes, word):
        return self._ask("correct", context, typed=word, taps=self._taps(keystrokes, len(word)))

    def auto_complete(self, context, keystrokes, partial_word):
        return self._ask("complete", context, prefix=partial_word, taps=self._taps(keystrokes, len(partial_word)))

    def predict_next_word(self, context):
        return self._ask("next", context)

    def resolve_swipe(self, context, swipe_gesture):
        if not swipe_gesture:
            return []
        points = [[float(x), float(y), i * SWIPE_POINT_MS] for i, (x, y) in enumerate(swipe_gesture)]
        return self._ask("swipe", context, points=points)


def main():
    parser = argparse.ArgumentParser(
        prog="Plugins/kebbie/keybench_kebbie.py",
        description="KeyBench's keyboard as a kebbie Corrector (import KeyBenchCorrector from this file). As a program: "
                    "build the lexicon and text model a configuration needs (--prepare), or print the hello's layout.")
    parser.add_argument("--prepare", action="store_true", help="build a missing lexicon / text model, then exit")
    parser.add_argument("--print-layout", action="store_true", help="print kebbie's en-US layout in KeyBench's format")
    parser.add_argument("--lexicon", default="en_US", help="lexicon name (default: en_US)")
    parser.add_argument("--ngrams", default=None,
                        help=f"text model name (default: {DEFAULT_NGRAMS}; {' and '.join(TEXT_MODELS)} are built from the "
                             f"English texts when missing; 'none' for none)")
    parser.add_argument("--db", help="lexicon database (default: the checkout's .keybench/lexicons.sqlite)")
    parser.add_argument("--tools", help="folder holding keybench-run and keybench-ingest (default: .build/release)")
    args = parser.parse_args()
    if not (args.prepare or args.print_layout):
        parser.error("give --prepare or --print-layout")
    if args.print_layout:
        print(json.dumps(keybench_layout(), indent=1))
    if args.prepare:
        ngrams = "" if args.ngrams == "none" else args.ngrams
        corrector = KeyBenchCorrector(lexicon=args.lexicon, ngrams=ngrams, db=args.db, tools=args.tools)
        try:
            corrector.prepare()
        except RuntimeError as error:
            sys.exit(f"keybench_kebbie: {error}")
        print(f"keybench_kebbie: lexicon {corrector.lexicon} and text model {corrector.ngrams or '(none)'} are stored "
              f"in {_database_path(corrector.db)}", file=sys.stderr)


if __name__ == "__main__":
    main()
