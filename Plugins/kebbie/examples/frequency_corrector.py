"""A plain keyboard as a kebbie Corrector, in the standard library only: the example a kebbie user
writes, and the one Scripts/test-kebbie runs through Plugins/kebbie/plugin.

  - completion: the most frequent words starting with the typed prefix (ignoring case); when fewer
    than `size` do, also those starting with a prefix one edit away (a slip in the prefix);
  - correction: the known words one edit away (deletion, transposition, substitution, insertion),
    most frequent first, after the typed word itself when it is known, unless the best of them is
    `ratio` times as frequent (web word lists hold common typos such as "teh" as words);
  - next word: the most frequent words, whatever the context (a unigram keyboard);
  - no swipe (resolve_swipe is not overridden, so the plug-in does not declare it).

Words and frequencies come from a word-frequency file, `word<TAB>frequency[<TAB>...]` with an
optional header line, most frequent first or not: by default the corpora's
texts/en_wordfreq_3.1.1_top.tsv (KEYBENCH_CORPORA, else ../shared/corpora beside the checkout).

    Plugins/kebbie/plugin Plugins/kebbie/examples/frequency_corrector.py FrequencyCorrector \\
        --kwargs '{"max_words": 50000}'
"""
import bisect
import heapq
import os
from pathlib import Path

from kebbie import Corrector

__version__ = "1.0"
LETTERS = "abcdefghijklmnopqrstuvwxyz'-"
DEFAULT_WORDS = "texts/en_wordfreq_3.1.1_top.tsv"


def default_words_file():
    """The corpora's English word frequencies: KEYBENCH_CORPORA, else ../shared/corpora beside the
    checkout this file is in (Plugins/kebbie/examples/ -> three folders up)."""
    given = os.environ.get("KEYBENCH_CORPORA")
    root = Path(given).expanduser() if given else Path(__file__).resolve().parents[3].parent / "shared" / "corpora"
    return root / DEFAULT_WORDS


class FrequencyCorrector(Corrector):
    """Frequency-ordered completion, next word and edit-distance-1 correction.

    Args:
        words: the word-frequency file (default: the corpora's en_wordfreq_3.1.1_top.tsv).
        max_words: keep the this many most frequent words (1…10,000,000).
        size: candidates per answer (1…100; kebbie scores 3).
        ratio: how many times as frequent a word one edit away must be to replace a known typed
            word (1…1e9).
    """

    def __init__(self, words=None, max_words=100_000, size=3, ratio=200.0):
        super().__init__()
        if isinstance(max_words, bool) or not isinstance(max_words, int) or not 1 <= max_words <= 10_000_000:
            raise ValueError(f"max_words must be an integer in 1…10,000,000, got {max_words!r}")
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 100:
            raise ValueError(f"size must be an integer in 1…100, got {size!r}")
        if isinstance(ratio, bool) or not isinstance(ratio, (int, float)) or not 1 <= ratio <= 1e9:
            raise ValueError(f"ratio must be a number in 1…1e9, got {ratio!r}")
        path = Path(words) if words else default_words_file()
        if not path.is_file():
            raise FileNotFoundError(f"word-frequency file {path} not found (set KEYBENCH_CORPORA, or pass words=)")
        counts = {}
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                fields = line.rstrip("\n").split("\t")
                if len(fields) < 2:
                    continue
                try:
                    frequency = float(fields[1])
                except ValueError:
                    if number == 1:
                        continue  # a header line
                    raise ValueError(f"{path}:{number}: frequency {fields[1]!r} is not a number") from None
                word = fields[0].strip().lower()
                if word and word not in counts:
                    counts[word] = frequency
        # Rank: most frequent first, ties by the word, so answers never depend on the file's order.
        ordered = sorted(counts, key=lambda w: (-counts[w], w))[:max_words]
        self.rank = {word: index for index, word in enumerate(ordered)}
        self.frequency = {word: counts[word] for word in ordered}
        self.ratio = float(ratio)
        self.sorted_words = sorted(self.rank)
        self.size = size
        self.top = ordered[:size]

    # -- helpers -------------------------------------------------------------------------------

    def _completions(self, prefix, exclude=()):
        """The `size` most frequent known words starting with prefix."""
        low = bisect.bisect_left(self.sorted_words, prefix)
        high = bisect.bisect_left(self.sorted_words, prefix + "\U0010ffff")
        span = (w for w in self.sorted_words[low:high] if w not in exclude)
        return heapq.nsmallest(self.size, span, key=self.rank.__getitem__)

    def _one_edit(self, word):
        """Every string one deletion, transposition, substitution or insertion away from word."""
        splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
        edits = {a + b[1:] for a, b in splits if b}
        edits |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
        edits |= {a + c + b[1:] for a, b in splits if b for c in LETTERS}
        edits |= {a + c + b for a, b in splits for c in LETTERS}
        edits.discard(word)
        return edits

    @staticmethod
    def _cased_like(typed, words):
        """Candidates in the typed word's case: Capitalised or UPPER like it."""
        if len(typed) > 1 and typed.isupper():
            return [w.upper() for w in words]
        if typed[:1].isupper():
            return [w[:1].upper() + w[1:] for w in words]
        return list(words)

    # -- kebbie's API --------------------------------------------------------------------------

    def auto_correct(self, context, keystrokes, word):
        if not word:
            return []
        typed = word.lower()
        near = sorted((w for w in self._one_edit(typed) if w in self.rank), key=self.rank.__getitem__)
        if typed in self.rank:
            if near and self.frequency[near[0]] >= self.ratio * self.frequency[typed]:
                near.insert(1, typed)
            else:
                near.insert(0, typed)
        found = near[: self.size]
        return self._cased_like(word, found) if found else [word]

    def auto_complete(self, context, keystrokes, partial_word):
        if not partial_word:
            return self.predict_next_word(context)
        prefix = partial_word.lower()
        found = self._completions(prefix)
        if len(found) < self.size:
            # A slip in the prefix: complete the prefixes one edit away, most frequent word first.
            others = set()
            for edited in self._one_edit(prefix):
                others.update(self._completions(edited, exclude=found))
            found += sorted(others, key=self.rank.__getitem__)[: self.size - len(found)]
        return self._cased_like(partial_word, found)

    def predict_next_word(self, context):
        return list(self.top)
