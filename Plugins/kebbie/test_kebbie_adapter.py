#!/usr/bin/env python3
"""Unit tests of the kebbie adapter, without KeyBench's Swift tools: a fake keyboard-serve and a
fake keybench-ingest (small Python programs written into a temporary folder) stand in for the
binaries through KeyBenchCorrector's tools= argument and evaluate.py's --tools.

    python -m unittest Plugins/kebbie/test_kebbie_adapter.py      (a Python with kebbie 0.5.1)
    .keybench/venv/bin/python3 Plugins/kebbie/test_kebbie_adapter.py
"""
import json
import os
import pickle
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import kebbie  # noqa: E402
import kebbie.utils  # noqa: E402
import keybench_kebbie  # noqa: E402
from keybench_kebbie import KeyBenchCorrector  # noqa: E402

PLUGIN = HERE / "plugin"

FAKE_SERVE = r'''
import json, os, sys
args = sys.argv[1:]
if args[:1] != ["keyboard-serve"]:
    sys.exit("fake keybench-run: only keyboard-serve")
log = os.environ.get("FAKE_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps({"tool": "serve", "pid": os.getpid(), "argv": args}) + "\n")
hello = json.loads(sys.stdin.readline())
assert hello["type"] == "hello" and hello["protocol"] == 1 and hello["task"] == "keyboard", hello
letters = "".join(sorted(k["label"] for k in hello["layout"]["keys"] if k["kind"] == "letter"))
tasks = os.environ.get("FAKE_TASKS", "correct,complete,next,swipe").split(",")
print("fake keyboard-serve: loaded", file=sys.stderr, flush=True)
print(json.dumps({"type": "ready", "name": "fake", "version": "0", "config": {"letters": letters}, "tasks": tasks}), flush=True)
for line in sys.stdin:
    r = json.loads(line)
    kind = r["type"]
    assert r["context"] == (" ".join(r["previous"]) + " " if r["previous"] else ""), r
    if r["context"] == "echo ":
        words = [json.dumps(r, sort_keys=True)]
    elif kind == "correct":
        if r["typed"] == "boom":
            print(json.dumps({"id": r["id"], "error": "the fake refuses boom"}), flush=True)
            continue
        if r["typed"] == "crash":
            print("fake keyboard-serve: crashing on purpose", file=sys.stderr, flush=True)
            sys.exit(3)
        assert len(r["taps"]) == len(r["typed"]), r
        words = [r["typed"], r["typed"] + "s"]
    elif kind == "complete":
        words = [r["prefix"] + "x", r["prefix"] + "y"]
    elif kind == "next":
        words = ["w%d" % len(r["previous"]), "the"]
    else:
        times = [p[2] for p in r["points"]]
        assert times == [8.0 * i for i in range(len(times))], times
        words = ["swipe%d" % len(r["points"])]
    print(json.dumps({"id": r["id"], "candidates": words[: r["limit"]], "time_us": 1.0}), flush=True)
'''

FAKE_INGEST = r'''
import json, os, sys
args = sys.argv[1:]
db = args[args.index("--db") + 1]
log = os.environ.get("FAKE_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps({"tool": "ingest", "argv": args}) + "\n")
if "--list" in args:
    print(open(db).read() if os.path.exists(db) else db + ": nothing stored", end="")
    sys.exit(0)
name = args[args.index("--name") + 1]
texts = args[args.index("--text") + 1: args.index("--name")] if "--text" in args else []
with open(db, "a") as f:
    f.write(f"{name}\ttext n-grams\t1 words\t{', '.join(texts)}\tnow\n" if texts else f"{name}\ten_US\t1 words\tx\tnow\n")
print(f"stored {name}")
'''

CORRECTORS = '''
from kebbie import Corrector

class CorrectAndNext(Corrector):
    def auto_correct(self, context, keystrokes, word):
        taps = "none" if keystrokes is None else ",".join("-" if k is None else "%g:%g" % k for k in keystrokes)
        return [word, word, word.upper(), "ctx=" + context, "taps=" + taps]

    def predict_next_word(self, context):
        return ["n%d" % len(context.split()), "again"]

class Swiper(Corrector):
    def resolve_swipe(self, context, swipe_gesture):
        return ["%d points" % len(swipe_gesture), "first %g,%g" % swipe_gesture[0]]

class Nothing(Corrector):
    pass

class NotACorrector:
    def auto_correct(self, context, keystrokes, word):
        return [word]

class Broken(Corrector):
    def __init__(self, fail=True):
        if fail:
            raise ValueError("cannot load on purpose")
    def auto_correct(self, context, keystrokes, word):
        return [word]
'''


def process_gone(pid, within=10.0):
    """Whether process pid has ended (a zombie counts as ended) within the given seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(") ", 1)[1].startswith("Z"):
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    return False


class Fakes:
    """A temporary folder with the fake tools, a fake database file, fake corpora and a log."""

    def __init__(self):
        self.folder = tempfile.TemporaryDirectory(prefix="kebbie-adapter-test-")
        root = Path(self.folder.name)
        self.tools = root / "bin"
        self.tools.mkdir()
        for name, code in (("keybench-run", FAKE_SERVE), ("keybench-ingest", FAKE_INGEST)):
            path = self.tools / name
            path.write_text(f"#!{sys.executable}\n" + code)
            path.chmod(0o755)
        self.db = root / "lexicons.sqlite"
        self.log = root / "log.jsonl"
        self.corpora = root / "corpora"
        (self.corpora / "latinime").mkdir(parents=True)
        (self.corpora / "latinime" / "en_US_wordlist.combined.gz").write_bytes(b"")
        (self.corpora / "texts").mkdir()
        for text in sorted({t for texts in keybench_kebbie.TEXT_MODELS.values() for t in texts}):
            (self.corpora / text).write_text("One sentence.\n")
        self.environment = {"FAKE_LOG": str(self.log), "KEYBENCH_CORPORA": str(self.corpora)}

    def corrector(self, **kwargs):
        return KeyBenchCorrector(tools=str(self.tools), db=str(self.db), **kwargs)

    def entries(self, tool):
        if not self.log.exists():
            return []
        return [e for e in map(json.loads, self.log.read_text().splitlines()) if e["tool"] == tool]

    def close(self):
        self.folder.cleanup()


class AdapterTestCase(unittest.TestCase):
    def setUp(self):
        self.fakes = Fakes()
        self.saved = {k: os.environ.get(k) for k in self.fakes.environment}
        os.environ.update(self.fakes.environment)

    def tearDown(self):
        for key, value in self.saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self.fakes.close()


class LayoutTests(unittest.TestCase):
    def test_en_us_layout_has_the_26_letters_inside_kebbie_rectangles(self):
        keyboard = kebbie.utils.load_keyboard("en-US")
        layout = keybench_kebbie.keybench_layout(keyboard)
        letters = [k for k in layout["keys"] if k["kind"] == "letter"]
        self.assertEqual(sorted(k["label"] for k in letters), list("abcdefghijklmnopqrstuvwxyz"))
        rects = {b["labels"][0]: b["boundingRect"] for b in keyboard["layout"][0]["buttons"] if b["type"] == 1}
        for key in letters:
            rect = rects[key["label"]]
            self.assertTrue(rect["left"] < key["x"] < rect["right"] and rect["top"] < key["y"] < rect["bottom"], key)
            self.assertAlmostEqual(key["width"], rect["right"] - rect["left"])
            self.assertAlmostEqual(key["height"], rect["bottom"] - rect["top"])
        rows = {k["label"]: k["row"] for k in layout["keys"]}
        self.assertEqual((rows["q"], rows["a"], rows["z"], rows["space"]), (0, 1, 2, 3))
        space = [k for k in layout["keys"] if k["kind"] == "space"]
        self.assertEqual(len(space), 1)
        self.assertEqual((layout["width"], layout["height"]), (320, 288))
        self.assertEqual((layout["horizontal_pitch"], layout["vertical_pitch"]), (32, 72))
        self.assertEqual(set(layout), {"name", "width", "height", "horizontal_pitch", "vertical_pitch", "keys"})
        for key in layout["keys"]:
            self.assertEqual(set(key), {"label", "kind", "x", "y", "width", "height", "row"})

    def test_kebbie_keystrokes_land_on_the_key_they_were_typed_for(self):
        """kebbie's noise model types in the same frame: an error-free keystroke is on its letter's key."""
        from kebbie.noise_model import NoiseModel
        noise = NoiseModel("en-US", common_typos={})
        layout = keybench_kebbie.keybench_layout()
        keys = {k["label"]: k for k in layout["keys"]}
        strokes, typed, _ = noise._fuzzy_type("keyboard", error_free=True)
        for stroke, letter in zip(strokes, typed):
            key = keys[letter]
            self.assertLessEqual(abs(stroke[0] - key["x"]), key["width"] / 2)
            self.assertLessEqual(abs(stroke[1] - key["y"]), key["height"] / 2)

    def test_a_keyboard_without_letters_is_refused(self):
        keyboard = {"layout": [{"id": 0, "buttons": [
            {"boundingRect": {"left": 0, "right": 10, "top": 0, "bottom": 10}, "labels": ["spacebar"], "type": 5}]}]}
        with self.assertRaisesRegex(ValueError, "no letter keys"):
            keybench_kebbie.keybench_layout(keyboard)


class CorrectorTests(AdapterTestCase):
    def test_each_method_is_one_request_with_kebbie_s_arguments(self):
        corrector = self.fakes.corrector()
        try:
            self.assertEqual(corrector.auto_correct("", [(1.5, 2.0), None, (3, 4)], "thw"), ["thw", "thws", ])
            self.assertEqual(corrector.auto_complete("the ", [(1, 2)], "c"), ["cx", "cy"])
            self.assertEqual(corrector.predict_next_word("the cat "), ["w2", "the"])
            self.assertEqual(corrector.resolve_swipe("", [(1, 1), (2, 2), (3, 3)]), ["swipe3"])
            echoed = json.loads(corrector.auto_correct("echo ", [(1.5, 2.0), None], "ab")[0])
            self.assertEqual(echoed, {"id": 5, "type": "correct", "limit": 3, "context": "echo ", "previous": ["echo"],
                                      "typed": "ab", "taps": [[1.5, 2.0], None]})
            echoed = json.loads(corrector.resolve_swipe("echo ", [(1, 2), (3, 4)])[0])
            self.assertEqual(echoed["points"], [[1.0, 2.0, 0.0], [3.0, 4.0, 8.0]])
            info = corrector.info
            self.assertEqual(info["config"]["letters"], "abcdefghijklmnopqrstuvwxyz")
            serve = self.fakes.entries("serve")
            self.assertEqual(len(serve), 1)
            argv = serve[0]["argv"]
            self.assertEqual(argv[argv.index("--ngrams") + 1], "en-keyboard")
            self.assertEqual(argv[argv.index("--keyboard") + 1], "keybench")
        finally:
            corrector.close()

    def test_a_task_the_server_does_not_declare_answers_nothing(self):
        os.environ["FAKE_TASKS"] = "correct"
        try:
            corrector = self.fakes.corrector()
            self.assertEqual(corrector.predict_next_word("a "), [])
            self.assertEqual(corrector.auto_correct("", [None], "a"), ["a", "as"])
            corrector.close()
        finally:
            del os.environ["FAKE_TASKS"]

    def test_missing_lexicon_and_default_text_model_are_built_once(self):
        first = self.fakes.corrector()
        first.prepare()
        ingests = self.fakes.entries("ingest")
        built = [e["argv"] for e in ingests if "--list" not in e["argv"]]
        self.assertEqual(len(built), 2, built)
        self.assertTrue(built[0][0].endswith("en_US_wordlist.combined.gz"))
        self.assertIn("--text", built[1])
        self.assertEqual(built[1][built[1].index("--name") + 1], "en-keyboard")
        self.assertEqual(len(built[1]), 1 + 5 + 4)  # --text, 5 texts (not the Leipzig web sentences), --name N, --db D
        self.assertFalse(any("eng-eu_web" in a for a in built[1]))
        self.fakes.corrector(keyboard="plain").prepare()
        again = [e for e in self.fakes.entries("ingest") if "--list" not in e["argv"]]
        self.assertEqual(len(again), 2)

    def test_an_unknown_text_model_is_an_error_naming_it(self):
        with self.assertRaisesRegex(RuntimeError, "text model 'mine' is not in .*keybench-ingest --text"):
            self.fakes.corrector(ngrams="mine").prepare()

    def test_no_text_model_when_ngrams_is_empty(self):
        corrector = self.fakes.corrector(ngrams="")
        corrector.predict_next_word("a ")
        corrector.close()
        self.assertNotIn("--ngrams", self.fakes.entries("serve")[0]["argv"])

    def test_bad_arguments_are_refused(self):
        for kwargs in ({"keyboard": "qwerty"}, {"lexicon": ""}, {"top": 0}, {"top": True}, {"timeout": -1}):
            with self.assertRaises(ValueError, msg=kwargs):
                KeyBenchCorrector(**kwargs)

    def test_missing_tools_are_named(self):
        corrector = KeyBenchCorrector(tools="/nonexistent/bin", db=str(self.fakes.db))
        with self.assertRaisesRegex(RuntimeError, "/nonexistent/bin/keybench-run not found"):
            corrector.predict_next_word("")

    def test_pickled_before_and_after_use(self):
        corrector = self.fakes.corrector()
        fresh = pickle.loads(pickle.dumps(corrector))
        self.assertEqual(fresh.predict_next_word("a "), ["w1", "the"])
        self.assertEqual(corrector.auto_correct("", [None], "x"), ["x", "xs"])
        copy = pickle.loads(pickle.dumps(corrector))
        self.assertIsNone(copy._server)
        self.assertEqual(copy.auto_complete("", [None], "q"), ["qx", "qy"])
        self.assertEqual(corrector.auto_complete("", [None], "r"), ["rx", "ry"])  # the original still works
        pids = {e["pid"] for e in self.fakes.entries("serve")}
        self.assertEqual(len(pids), 3)  # one server per object that was used
        for each in (corrector, fresh, copy):
            each.close()
        for pid in pids:
            self.assertTrue(process_gone(pid), pid)

    def test_a_server_error_raises_runtime_error_with_its_message(self):
        corrector = self.fakes.corrector()
        try:
            with self.assertRaisesRegex(RuntimeError, "the fake refuses boom"):
                corrector.auto_correct("", [None] * 4, "boom")
            self.assertEqual(corrector.auto_correct("", [None], "a"), ["a", "as"])  # the server goes on
        finally:
            corrector.close()

    def test_a_server_that_dies_is_reported_and_replaced(self):
        corrector = self.fakes.corrector()
        try:
            with self.assertRaisesRegex(RuntimeError, r"(?s)exit status 3.*crashing on purpose"):
                corrector.auto_correct("", [None] * 5, "crash")
            self.assertEqual(corrector.auto_correct("", [None], "a"), ["a", "as"])
            self.assertEqual(len(self.fakes.entries("serve")), 2)
        finally:
            corrector.close()

    def test_the_server_ends_with_the_python_process(self):
        for ending in ("sys.exit(0)", "os._exit(0)", "os.kill(os.getpid(), signal.SIGKILL)"):
            script = textwrap.dedent(f"""
                import os, signal, sys
                sys.path.insert(0, {str(HERE)!r})
                from keybench_kebbie import KeyBenchCorrector
                corrector = KeyBenchCorrector(tools={str(self.fakes.tools)!r}, db={str(self.fakes.db)!r})
                corrector.predict_next_word("")
                print(corrector._server.process.pid, flush=True)
                {ending}
            """)
            result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
            pid = int(result.stdout.split()[0])
            self.assertTrue(process_gone(pid), f"server {pid} outlived its Python process ({ending})")

    def test_a_forked_child_does_not_keep_the_parent_s_server_alive(self):
        corrector = self.fakes.corrector()
        corrector.predict_next_word("")
        pid = corrector._server.process.pid
        child = os.fork()
        if child == 0:  # the child uses its own server, then lingers while the parent closes its own
            try:
                code = 0 if corrector.predict_next_word("a ") == ["w1", "the"] and corrector._server.process.pid != pid else 1
                corrector.close()
                time.sleep(2)
            finally:
                os._exit(code)
        corrector.close()
        self.assertTrue(process_gone(pid, within=1.5), "the parent's server waited for the forked child")
        _, status = os.waitpid(child, 0)
        self.assertEqual(os.waitstatus_to_exitcode(status), 0)


class EvaluateTests(AdapterTestCase):
    def run_evaluate(self, n_proc, out, *extra):
        typos = Path(self.fakes.folder.name) / "typos.json"
        typos.write_text(json.dumps({"the": ["teh"], "cat": ["cta"]}))
        sentences = Path(self.fakes.folder.name) / "sentences.txt"
        sentences.write_text("1\tThe cat sat on the mat.\n2\tA dog is not a cat, but it likes the sun.\n"
                             "The quick brown fox jumps over the lazy dog.\n\nI think that it will rain today.\n")
        home = Path(self.fakes.folder.name) / "home"
        home.mkdir(exist_ok=True)
        environment = dict(os.environ, HOME=str(home))
        result = subprocess.run([sys.executable, str(HERE / "evaluate.py"), "--sentences", str(sentences),
                                 "--common-typos", str(typos), "--tools", str(self.fakes.tools), "--db", str(self.fakes.db),
                                 "--n-proc", str(n_proc), "--seed", "3", "--out", str(out), *extra],
                                capture_output=True, text=True, timeout=300, env=environment)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertFalse((home / ".cache").exists(), "evaluate.py wrote into HOME/.cache")
        return json.loads(Path(out).read_text()), result.stderr

    def test_kebbie_evaluate_across_two_workers_matches_one(self):
        folder = Path(self.fakes.folder.name)
        two, log = self.run_evaluate(2, folder / "two.json")
        one, _ = self.run_evaluate(1, folder / "one.json")
        self.assertIsInstance(two["overall_score"], float)
        self.assertIn("overall_score", log)
        self.assertEqual(two["auto_correction"]["score"]["n"], 33)  # every word of the 4 sentences

        def without_times(results):
            return {task: {k: v for k, v in value.items() if k != "performances"} if isinstance(value, dict) else value
                    for task, value in results.items()}
        self.assertEqual(without_times(one), without_times(two))

    def test_sentences_the_text_model_was_trained_on_are_refused(self):
        training = self.fakes.corpora / keybench_kebbie.TEXT_MODELS["en-keyboard"][0]
        typos = Path(self.fakes.folder.name) / "typos.json"
        typos.write_text(json.dumps({"the": ["teh"]}))
        result = subprocess.run([sys.executable, str(HERE / "evaluate.py"), "--sentences", str(training), "--common-typos",
                                 str(typos), "--tools", str(self.fakes.tools), "--db", str(self.fakes.db),
                                 "--out", str(Path(self.fakes.folder.name) / "r.json")], capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("is a training file of text model 'en-keyboard'", result.stderr)

    def test_usage_errors(self):
        folder = Path(self.fakes.folder.name)
        base = [sys.executable, str(HERE / "evaluate.py"), "--sentences", "x", "--out", str(folder / "r.json")]
        cases = [(["--common-typos", "x", "--n-proc", "0"], "--n-proc: must be in 1…256"),
                 (["--common-typos", "x", "--limit", "-3"], "--limit: must be in"),
                 (["--common-typos", "/nonexistent.json"], "No such file"),
                 (["--common-typos", str(PLUGIN)], "not JSON"),
                 (["--common-typos", "x", "--keyboard", "plain", "--corrector", "a.py:B"], "not allowed with")]
        for extra, message in cases:
            result = subprocess.run(base + extra, capture_output=True, text=True, timeout=60)
            self.assertNotEqual(result.returncode, 0, extra)
            self.assertIn(message, result.stderr, extra)


class PluginTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="kebbie-plugin-test-")
        self.file = Path(self.folder.name) / "my_correctors.py"
        self.file.write_text(CORRECTORS)

    def tearDown(self):
        self.folder.cleanup()

    def run_plugin(self, arguments, lines):
        text = "".join(json.dumps(line) + "\n" for line in lines)
        return subprocess.run([sys.executable, str(PLUGIN), *arguments], input=text, capture_output=True, text=True,
                              timeout=120)

    def hello(self, task="keyboard", layout=None):
        return {"type": "hello", "protocol": 1, "task": task, "settings": {"top": 3, "language": "en_US", "adapt": True},
                "layout": layout or keybench_kebbie.keybench_layout()}

    def answers(self, result):
        self.assertEqual(result.returncode, 0, result.stderr)
        return [json.loads(line) for line in result.stdout.splitlines()]

    def test_declares_the_overridden_methods_and_maps_requests(self):
        result = self.run_plugin([str(self.file), "CorrectAndNext"], [
            self.hello(),
            {"id": 1, "type": "next", "limit": 3, "context": "", "previous": [], "reset": True},
            {"id": 2, "type": "correct", "limit": 5, "context": "the ", "previous": ["the"], "typed": "thw",
             "taps": [[1.5, 2], None, [3, 4]], "learn": ["the"]},
            {"id": 3, "type": "next", "limit": 1, "context": "a b ", "previous": ["a", "b"]}])
        ready, *answers = self.answers(result)
        self.assertEqual(ready["type"], "ready")
        self.assertEqual(ready["tasks"], ["correct", "next"])
        self.assertEqual(ready["name"], "CorrectAndNext")
        self.assertTrue(ready["version"].startswith("sha256:"))
        self.assertEqual(ready["config"]["class"], "CorrectAndNext")
        self.assertEqual(answers[0]["candidates"], ["n0", "again"])
        self.assertEqual(answers[1]["candidates"], ["thw", "THW", "ctx=the ", "taps=1.5:2,-,3:4"])  # repeat removed
        self.assertEqual(answers[2]["candidates"], ["n2"])
        self.assertTrue(all(a["time_us"] >= 0 for a in answers))

    def test_swipe_only_class(self):
        result = self.run_plugin([str(self.file), "Swiper"], [
            self.hello(), {"id": 1, "type": "swipe", "limit": 3, "context": "", "previous": [],
                           "points": [[10, 20, 0], [11, 21, 8], [12, 22, 16]]}])
        ready, answer = self.answers(result)
        self.assertEqual(ready["tasks"], ["swipe"])
        self.assertEqual(answer["candidates"], ["3 points", "first 10,20"])

    def test_taps_can_be_moved_to_kebbie_s_keyboard(self):
        layout = keybench_kebbie.keybench_layout()
        doubled = dict(layout, width=640, height=576,
                       keys=[dict(k, x=2 * k["x"], y=2 * k["y"], width=2 * k["width"], height=2 * k["height"])
                             for k in layout["keys"]])
        request = {"id": 1, "type": "correct", "limit": 9, "context": "", "previous": [], "typed": "q",
                   "taps": [[2 * 16 + 4, 2 * 36]]}
        moved = self.answers(self.run_plugin([str(self.file), "CorrectAndNext", "--taps", "kebbie"],
                                             [self.hello(layout=doubled), request]))[1]
        self.assertIn("taps=18:36", moved["candidates"])
        sent = self.answers(self.run_plugin([str(self.file), "CorrectAndNext"], [self.hello(layout=doubled), request]))[1]
        self.assertIn("taps=36:72", sent["candidates"])
        # The swipe benchmark: a gesture names its layout among the hello's layouts.
        hello = {"type": "hello", "protocol": 1, "task": "swipe", "settings": {"top": 4}, "layouts": {"big": doubled}}
        gesture = {"id": 1, "type": "swipe", "layout": "big", "limit": 4, "points": [[36, 72, 0], [100, 72, 20]]}
        swiped = self.answers(self.run_plugin([str(self.file), "Swiper", "--taps", "kebbie"], [hello, gesture]))[1]
        self.assertEqual(swiped["candidates"], ["2 points", "first 18,36"])

    def test_correct_and_predict_benchmarks(self):
        result = self.run_plugin([str(self.file), "CorrectAndNext"], [
            self.hello(task="correct"), {"id": 1, "type": "correct", "typed": "teh", "limit": 4, "previous": ["a"]}])
        self.assertEqual(self.answers(result)[1]["candidates"], ["teh", "TEH", "ctx=a ", "taps=-,-,-"])
        result = self.run_plugin([str(self.file), "CorrectAndNext"], [
            {"type": "hello", "protocol": 1, "task": "predict", "settings": {"top": 3}},
            {"id": 1, "type": "predict", "previous": ["x", "y"], "prefix": "", "limit": 3},
            {"id": 2, "type": "predict", "previous": ["x", "y"], "prefix": "b", "limit": 3}])
        _, first, second = self.answers(result)
        self.assertEqual((first["candidates"], second["candidates"]), (["n2", "again"], []))
        result = self.run_plugin([str(self.file), "Swiper"], [self.hello(task="correct")])
        self.assertEqual(result.returncode, 1)
        self.assertIn("the correct task needs auto_correct", result.stderr)

    def test_errors_before_the_handshake(self):
        cases = [
            ([str(self.file), "NotACorrector"], "NotACorrector is not a subclass of kebbie.Corrector"),
            ([str(self.file), "Nothing"], "Nothing overrides none of auto_correct, auto_complete, predict_next_word, resolve_swipe"),
            ([str(self.file), "Missing"], "has no class Missing (kebbie Corrector classes it has: Broken, CorrectAndNext, Nothing, Swiper)"),
            ([str(Path(self.folder.name) / "absent.py"), "X"], "absent.py: no such file"),
            ([str(self.file), "Broken"], "Broken(**{}) failed: ValueError: cannot load on purpose"),
            ([str(self.file), "Broken", "--kwargs", "[1]"], "--kwargs must be a JSON object"),
        ]
        for arguments, message in cases:
            result = self.run_plugin(arguments, [self.hello()])
            self.assertEqual(result.returncode, 1, arguments)
            self.assertIn(message, result.stderr, arguments)
            self.assertEqual(result.stdout, "", arguments)  # nothing, no ready line
        result = self.run_plugin([str(self.file), "Broken", "--kwargs", '{"fail": false}'], [self.hello()])
        self.assertEqual(self.answers(result)[0]["tasks"], ["correct"])

    def test_the_example_frequency_corrector(self):
        words = Path(self.folder.name) / "words.tsv"
        words.write_text("word\tfrequency\tzipf\nthe\t0.05\t7\nthen\t0.001\t6\nthey\t0.003\t6\ncat\t0.0005\t5\nteh\t0.0000001\t2\n")
        example = HERE / "examples" / "frequency_corrector.py"
        result = self.run_plugin([str(example), "FrequencyCorrector", "--kwargs", json.dumps({"words": str(words)})], [
            self.hello(),
            {"id": 1, "type": "correct", "limit": 3, "context": "", "previous": [], "typed": "teh", "taps": [None] * 3},
            {"id": 2, "type": "complete", "limit": 3, "context": "", "previous": [], "prefix": "Th", "taps": [None] * 2},
            {"id": 3, "type": "next", "limit": 2, "context": "a ", "previous": ["a"]},
            {"id": 4, "type": "correct", "limit": 3, "context": "", "previous": [], "typed": "cst", "taps": [None] * 3}])
        ready, correct, complete, following, cat = self.answers(result)
        self.assertEqual(ready["tasks"], ["correct", "complete", "next"])
        self.assertEqual(ready["version"], "1.0")
        self.assertEqual(correct["candidates"], ["the", "teh"])  # "the" is 200 times as frequent
        self.assertEqual(complete["candidates"], ["The", "They", "Then"])
        self.assertEqual(following["candidates"], ["the", "they"])
        self.assertEqual(cat["candidates"], ["cat"])


class CommonTyposTests(unittest.TestCase):
    def test_deterministic_non_word_typos(self):
        with tempfile.TemporaryDirectory() as folder:
            folder = Path(folder)
            norvig = folder / "errors.txt"
            text = "four: forer, fours, fuore*2, fore*5, for*4\nthe: teh*3, hte, the\nyellow: yello\nfour: forer\n"
            norvig.write_text(text + text)  # a list concatenated with itself counts once
            words = folder / "words.tsv"
            words.write_text("word\tfrequency\nfour\t1\nfore\t1\nfor\t1\nfours\t1\nthe\t1\n")
            outputs = []
            for out in ("a.json", "b.json"):
                subprocess.run([sys.executable, str(HERE / "common_typos.py"), "--norvig", str(norvig), "--words", str(words),
                                "--out", str(folder / out)], check=True, capture_output=True)
                outputs.append((folder / out).read_bytes())
            self.assertEqual(outputs[0], outputs[1])
            self.assertEqual(json.loads(outputs[0]), {"four": ["forer", "fuore"], "the": ["teh", "hte"], "yellow": ["yello"]})
            result = subprocess.run([sys.executable, str(HERE / "common_typos.py"), "--norvig", str(norvig),
                                     "--max-per-word", "1", "--out", str(folder / "c.json")], capture_output=True, text=True)
            self.assertEqual(json.loads((folder / "c.json").read_text())["four"], ["fore"])
            result = subprocess.run([sys.executable, str(HERE / "common_typos.py"), "--norvig", str(norvig),
                                     "--min-count", "0", "--out", str(folder / "d.json")], capture_output=True, text=True)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("--min-count: must be in 1…", result.stderr)


class ScorerReferenceTests(unittest.TestCase):
    def test_the_fixed_cases(self):
        result = subprocess.run([sys.executable, str(HERE / "scorer_reference.py"), str(HERE / "scorer-cases.jsonl")],
                                capture_output=True, text=True, check=True, timeout=120)
        scores = json.loads(result.stdout)
        self.assertEqual(set(scores), {"next_word_prediction", "auto_completion", "auto_correction", "swipe_resolution",
                                       "overall_score"})
        nwp = scores["next_word_prediction"]["score"]
        self.assertEqual((nwp["n"], nwp["accuracy"], nwp["top3_accuracy"]), (8, 2 / 8, 5 / 8))
        acr = scores["auto_correction"]["score"]
        self.assertEqual((acr["n"], acr["n_typo"]), (22, 16))
        # tp 9 of 16 typos first-ranked; fp 4 of 6 no-typo words changed
        self.assertEqual((acr["precision"], acr["recall"]), (9 / 13, 9 / 16))
        self.assertEqual(scores["swipe_resolution"]["score"]["n"], 5)
        self.assertEqual(scores["auto_completion"]["per_completion_rate"]["25%~50%"]["n"], 5)
        expected = (0.15 * nwp["top3_accuracy"] + 0.2 * scores["auto_completion"]["score"]["top3_accuracy"]
                    + 0.4 * acr["fscore"] + 0.25 * scores["swipe_resolution"]["score"]["accuracy"])
        self.assertAlmostEqual(scores["overall_score"], expected)

    def test_a_bad_event_is_named_by_line(self):
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl") as file:
            file.write('{"task": "nwp", "true": "a", "preds": []}\n{"task": "acr", "true": "a", "preds": [], "typed": "b", "typos": ["TYPO"]}\n')
            file.flush()
            result = subprocess.run([sys.executable, str(HERE / "scorer_reference.py"), file.name], capture_output=True, text=True)
            self.assertEqual(result.returncode, 1)
            self.assertIn(f"{file.name}:2: unknown typo name(s) TYPO", result.stderr)


if __name__ == "__main__":
    unittest.main()
