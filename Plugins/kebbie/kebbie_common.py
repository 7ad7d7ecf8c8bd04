"""What the kebbie tools of this folder share: finding kebbie (re-running the program under
.keybench/venv when the current Python lacks it), loading a user's Corrector class from a file with
one clear message per mistake, the keyboard tasks a class overrides, and where the checkout and the
shared corpora are. Standard library only, so it loads before kebbie does."""
import importlib.util
import json
import os
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent.parent
VENV = CHECKOUT / ".keybench" / "venv"
KEBBIE_VERSION = "0.5.1"
INSTALL_HINT = (f"run Scripts/setup --peers (it installs kebbie {KEBBIE_VERSION} into .keybench/venv), or "
                f"pip install kebbie=={KEBBIE_VERSION} 'pyarrow<17' 'numpy<2'")

# keybench-run keyboard-serve --keyboard: the keyboards KeyBenchCorrector and evaluate.py can serve.
KEYBOARDS = ("keybench", "plain", "literal", "letters", "taps", "taps-lm")

# kebbie's Corrector methods and the keyboard-task names PROTOCOL.md gives them, in the protocol's order.
METHOD_TASKS = {
    "auto_correct": "correct",
    "auto_complete": "complete",
    "predict_next_word": "next",
    "resolve_swipe": "swipe",
}


class UsageError(Exception):
    """A mistake of the person running the tool (a missing file, a wrong class name): reported as
    one line on stderr with exit status 1, never as a traceback."""


def import_kebbie(program):
    """kebbie, re-running this program under .keybench/venv's Python when the current one cannot
    import it (the way Plugins/symspell finds symspellpy); exits with an install hint otherwise.
    KeyBench puts Plugins/ on a plug-in's PYTHONPATH, where this folder, Plugins/kebbie, is an
    importable namespace package named kebbie: a Python without the real package imports that
    instead, so an import without kebbie.Corrector counts as kebbie missing."""
    try:
        import kebbie
        if getattr(kebbie, "Corrector", None) is None:
            raise ImportError(f"found only the folder {', '.join(dict.fromkeys(getattr(kebbie, '__path__', [])))}, not the kebbie package")
        return kebbie
    except Exception as error:  # ImportError, or numpy/pyarrow too new for kebbie 0.5.1
        sys.modules.pop("kebbie", None)
        python = VENV / "bin" / "python3"
        if python.exists() and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
            sys.stdout.flush()
            sys.stderr.flush()
            os.execv(str(python), [str(python)] + sys.argv)
        sys.exit(f"{program}: kebbie is not importable with {sys.executable} ({type(error).__name__}: {error}); "
                 f"{INSTALL_HINT}")


def corpora_root():
    """The shared corpora: KEYBENCH_CORPORA, else ../shared/corpora beside the checkout."""
    given = os.environ.get("KEYBENCH_CORPORA")
    return Path(given).expanduser() if given else CHECKOUT.parent / "shared" / "corpora"


def parse_kwargs(text):
    """--kwargs JSON: a JSON object of keyword arguments for the Corrector's constructor."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError as error:
        raise UsageError(f"--kwargs is not JSON ({error}): {text!r}") from None
    if not isinstance(value, dict):
        raise UsageError(f"--kwargs must be a JSON object of keyword arguments, got {type(value).__name__}: {text!r}")
    return value


def overridden_tasks(cls, kebbie):
    """The keyboard tasks whose kebbie method `cls` (or a class between it and Corrector) defines:
    the base class's methods answer nothing, so a task left to them is not one the class does."""
    return [task for method, task in METHOD_TASKS.items()
            if getattr(cls, method, None) is not getattr(kebbie.Corrector, method)]


def load_corrector_class(path, class_name, kebbie):
    """(class, tasks) for CLASS in the Python file PATH, which must be a kebbie.Corrector subclass
    overriding at least one of the four methods. The file is imported as a module named after it,
    with its folder first on sys.path, so its instances pickle into kebbie's worker processes (by
    fork, or by spawn, which imports the module again by that name)."""
    file = Path(path)
    if not file.exists():
        raise UsageError(f"{path}: no such file (the Python file defining the kebbie Corrector)")
    if not file.is_file():
        raise UsageError(f"{path}: not a regular file (give the Python file defining the kebbie Corrector)")
    if not class_name.isidentifier():
        raise UsageError(f"{class_name!r} is not a Python class name")
    folder = str(file.resolve().parent)
    name = file.stem if file.stem.isidentifier() else "kebbie_corrector_" + "".join(
        c if c.isalnum() else "_" for c in file.stem)
    loaded = sys.modules.get(name)
    if loaded is not None and os.path.realpath(getattr(loaded, "__file__", "") or "") != str(file.resolve()):
        raise UsageError(f"{path}: its module name {name!r} is already taken by {getattr(loaded, '__file__', 'a built-in module')}; "
                         f"rename the file")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    if loaded is None:
        spec = importlib.util.spec_from_file_location(name, file)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as error:
            del sys.modules[name]
            traceback.print_exc(file=sys.stderr)
            raise UsageError(f"{path}: importing it failed: {type(error).__name__}: {error} (traceback above)") from None
        loaded = module
    cls = getattr(loaded, class_name, None)
    if cls is None:
        found = sorted(n for n, v in vars(loaded).items()
                       if isinstance(v, type) and issubclass(v, kebbie.Corrector) and v is not kebbie.Corrector)
        listed = ", ".join(found) if found else "none"
        raise UsageError(f"{path} has no class {class_name} (kebbie Corrector classes it has: {listed})")
    if not isinstance(cls, type):
        raise UsageError(f"{path}: {class_name} is a {type(cls).__name__}, not a class")
    if not issubclass(cls, kebbie.Corrector):
        bases = ", ".join(b.__name__ for b in cls.__mro__[1:-1]) or "object only"
        raise UsageError(f"{path}: {class_name} is not a subclass of kebbie.Corrector (its bases: {bases})")
    tasks = overridden_tasks(cls, kebbie)
    if not tasks:
        raise UsageError(f"{path}: {class_name} overrides none of {', '.join(METHOD_TASKS)}, "
                         f"so it would answer nothing")
    return cls, tasks


def write_atomically(path, text):
    """Writes text to path through a temporary file in the same folder and a rename, so a reader
    sees the old file or the new one, never half of one; the temporary file goes on failure."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def int_in(low, high):
    """An argparse type: an integer in low…high, refused with the range otherwise."""
    import argparse

    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer in {low}…{high}, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be in {low}…{high}, got {value}")
        return value
    return parse


def float_in(low, high, low_open=False):
    """An argparse type: a finite number in low…high (above low when low_open)."""
    import argparse
    import math

    def parse(text):
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not math.isfinite(value) or value > high or value < low or (low_open and value == low):
            bound = f"above {low}" if low_open else f"from {low}"
            raise argparse.ArgumentTypeError(f"must be a finite number {bound} to {high}, got {text}")
        return value
    return parse
