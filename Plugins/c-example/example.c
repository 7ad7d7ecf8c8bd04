/* The example corrector of PROTOCOL.md in C: a KeyBench plug-in in a compiled language.
 *
 * Same answers as Plugins/example/plugin (Python): a word of the lexicon is left alone; any
 * other word gets the most frequent lexicon words with the same first character and a length
 * within one character of it. Predict and swipe requests are answered with no candidates.
 *
 *   Plugins/c-example/build            # cc -O2 -o Plugins/c-example/plugin example.c
 *   keybench-run correct ... --plugin c-example=Plugins/c-example/plugin
 *
 * The JSON reading is just enough for KeyBench's own lines (PROTOCOL.md): the handshake's
 * lexicon path, each request's id, limit and typed word. Everything written to stdout is one
 * line per answer, flushed at once; diagnostics go to stderr. Plain C99 and POSIX, no libraries.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  char *word;
  size_t length; /* in characters (UTF-8 code points) */
} Entry;

static Entry *entries;
static size_t entryCount;

static size_t characters(const char *text) {
  size_t count = 0;
  for (; *text; text++) count += ((unsigned char)*text & 0xC0) != 0x80;
  return count;
}

/* Bytes of the first character of `text` (0 for an empty string). */
static size_t firstCharacter(const char *text) {
  if (!*text) return 0;
  size_t bytes = 1;
  while (text[bytes] && ((unsigned char)text[bytes] & 0xC0) == 0x80) bytes++;
  return bytes;
}

/* Appends code point `c` to `out` as UTF-8. */
static char *putUTF8(char *out, unsigned long c) {
  if (c < 0x80) {
    *out++ = (char)c;
  } else if (c < 0x800) {
    *out++ = (char)(0xC0 | (c >> 6));
    *out++ = (char)(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    *out++ = (char)(0xE0 | (c >> 12));
    *out++ = (char)(0x80 | ((c >> 6) & 0x3F));
    *out++ = (char)(0x80 | (c & 0x3F));
  } else {
    *out++ = (char)(0xF0 | (c >> 18));
    *out++ = (char)(0x80 | ((c >> 12) & 0x3F));
    *out++ = (char)(0x80 | ((c >> 6) & 0x3F));
    *out++ = (char)(0x80 | (c & 0x3F));
  }
  return out;
}

/* The JSON string starting at the quote `p` points to, decoded into a new buffer. */
static char *jsonString(const char *p) {
  if (*p != '"') return NULL;
  char *out = malloc(strlen(p) * 2 + 1), *q = out;
  for (p++; *p && *p != '"'; p++) {
    if (*p != '\\') {
      *q++ = *p;
      continue;
    }
    p++;
    switch (*p) {
      case 'n': *q++ = '\n'; break;
      case 't': *q++ = '\t'; break;
      case 'r': *q++ = '\r'; break;
      case 'b': *q++ = '\b'; break;
      case 'f': *q++ = '\f'; break;
      case 'u': {
        unsigned long c = strtoul((char[]){p[1], p[2], p[3], p[4], 0}, NULL, 16);
        p += 4;
        if (c >= 0xD800 && c < 0xDC00 && p[1] == '\\' && p[2] == 'u') { /* a surrogate pair */
          unsigned long low = strtoul((char[]){p[3], p[4], p[5], p[6], 0}, NULL, 16);
          c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
          p += 6;
        }
        q = putUTF8(q, c);
        break;
      }
      default: *q++ = *p; /* \" \\ \/ */
    }
  }
  *q = 0;
  return out;
}

/* The value after `"key":` at or after `from`, or NULL. */
static const char *field(const char *from, const char *key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char *at = strstr(from, pattern);
  if (!at) return NULL;
  at += strlen(pattern);
  while (*at == ' ') at++;
  return at;
}

static void writeString(FILE *out, const char *text) {
  fputc('"', out);
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    if (*c == '"' || *c == '\\') fprintf(out, "\\%c", *c);
    else if (*c < 0x20) fprintf(out, "\\u%04x", *c);
    else fputc(*c, out);
  }
  fputc('"', out);
}

/* The lexicon file of the handshake: word<TAB>frequency<TAB>count, most frequent first. */
static void readLexicon(const char *path) {
  FILE *file = fopen(path, "r");
  if (!file) {
    fprintf(stderr, "c-example: cannot open the lexicon %s\n", path);
    exit(1);
  }
  char *line = NULL;
  size_t capacity = 0, allocated = 0;
  while (getline(&line, &capacity, file) > 0) {
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    *tab = 0;
    if (entryCount == allocated) {
      allocated = allocated ? allocated * 2 : 4096;
      entries = realloc(entries, allocated * sizeof *entries);
    }
    entries[entryCount].word = strdup(line);
    entries[entryCount].length = characters(line);
    entryCount++;
  }
  free(line);
  fclose(file);
}

static void answerCorrect(FILE *out, const char *typed, long limit) {
  size_t length = characters(typed), first = firstCharacter(typed);
  for (size_t i = 0; i < entryCount; i++) {
    if (strcmp(entries[i].word, typed) == 0) {
      writeString(out, typed);
      return;
    }
  }
  long written = 0;
  for (size_t i = 0; i < entryCount && written < limit; i++) {
    const Entry *e = &entries[i];
    size_t difference = e->length > length ? e->length - length : length - e->length;
    if (difference > 1 || firstCharacter(e->word) != first || strncmp(e->word, typed, first) != 0) continue;
    if (written++) fputc(',', out);
    writeString(out, e->word);
  }
}

int main(void) {
  char *line = NULL;
  size_t capacity = 0;
  if (getline(&line, &capacity, stdin) <= 0) {
    fprintf(stderr, "c-example: no handshake on stdin (keybench-run --plugin starts this program)\n");
    return 1;
  }
  const char *protocol = field(line, "protocol");
  if (!protocol || atoi(protocol) != 1) {
    fprintf(stderr, "c-example: speaks protocol 1 only\n");
    return 1;
  }
  const char *lexicon = field(line, "lexicon");
  const char *path = lexicon ? field(lexicon, "path") : NULL;
  if (path) {
    char *decoded = jsonString(path);
    readLexicon(decoded);
    free(decoded);
  }
  fprintf(stderr, "c-example: %zu lexicon words\n", entryCount);
  printf("{\"type\":\"ready\",\"name\":\"c-example\",\"version\":\"1\",\"config\":{\"max_length_difference\":1}}\n");
  fflush(stdout);

  while (getline(&line, &capacity, stdin) > 0) {
    struct timespec began, ended;
    clock_gettime(CLOCK_MONOTONIC, &began);
    long id = atol(field(line, "id"));
    const char *type = field(line, "type");
    const char *limitText = field(line, "limit");
    long limit = limitText ? atol(limitText) : 0;
    /* The answer is built in memory, so time_us covers the compute and not the write. */
    char *buffer = NULL;
    size_t size = 0;
    FILE *candidates = open_memstream(&buffer, &size);
    if (type && strncmp(type, "\"correct\"", 9) == 0) {
      char *typed = jsonString(field(line, "typed"));
      answerCorrect(candidates, typed, limit);
      free(typed);
    }
    fclose(candidates);
    clock_gettime(CLOCK_MONOTONIC, &ended);
    double micros = (ended.tv_sec - began.tv_sec) * 1e6 + (ended.tv_nsec - began.tv_nsec) / 1e3;
    printf("{\"id\":%ld,\"candidates\":[%s],\"time_us\":%.3f}\n", id, buffer, micros);
    fflush(stdout);
    free(buffer);
  }
  return 0;
}
