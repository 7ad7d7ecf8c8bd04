"""What the symspell plug-in and its direct check share: finding symspellpy, building the index
from KeyBench's lexicon export, and one lookup, so both rank words identically."""
import os
import sys

MAX_EDIT_DISTANCE = 2
PREFIX_LENGTH = 7
HERE = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.normpath(os.path.join(HERE, "..", "..", ".keybench", "venv"))


def import_symspellpy():
    """symspellpy, re-running this program under the virtual environment Scripts/setup --peers
    creates (.keybench/venv) when the current Python lacks it."""
    try:
        import symspellpy
        return symspellpy
    except ImportError:
        python = os.path.join(VENV, "bin", "python3")
        if os.path.exists(python) and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
            os.execv(python, [python] + sys.argv)
        sys.exit("symspellpy is not installed: run Scripts/setup --peers (it creates .keybench/venv with symspellpy)")


def build(lexicon_path):
    """A SymSpell index of the lexicon export (word, frequency, count): counts as SymSpell's
    frequencies, so ties in edit distance go to the more frequent word."""
    symspellpy = import_symspellpy()
    speller = symspellpy.SymSpell(max_dictionary_edit_distance=MAX_EDIT_DISTANCE, prefix_length=PREFIX_LENGTH)
    if not speller.load_dictionary(lexicon_path, term_index=0, count_index=2, separator="\t"):
        sys.exit(f"symspell: cannot read the lexicon {lexicon_path}")
    return speller


def lookup(speller, typed, limit):
    """Every word within the edit distance, nearest first, then most frequent; the typed word
    itself first when it is a dictionary word."""
    symspellpy = import_symspellpy()
    found = speller.lookup(typed, symspellpy.Verbosity.ALL, max_edit_distance=MAX_EDIT_DISTANCE)
    return [suggestion.term for suggestion in found[:limit]]


def version():
    try:
        from importlib.metadata import version as package_version
        return package_version("symspellpy")
    except Exception:
        return "unknown"
