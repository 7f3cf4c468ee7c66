#!/usr/bin/env python3
"""Writes po/laundry.pot, the catalogue's template, from every text a person reads.

xgettext cannot read Swift, so this reads what gettext needs of it: each call of the one door,
`Words.text("English")`, `Words.text("English {x}", [...])`, `Words.text("English", context: "…")` (a
word that means something else elsewhere: gettext's msgctxt) and `Words.count(n, "one", "other")`,
with its English written as string literals (joined with `+` if long; never interpolated: a
placeholder such as `{name}` lets a translation move the value). It also reads the texts of
data/messages.json (notifications) and the display names and personality lines of data/kinds.json.

A message with a name in it ({name}, {person}, {pet}) also gets a variant for each such name, under
the context "{name} starts with a vowel": a language that joins a name to the word before it (French
"d'Ana", not "de Ana") translates the variant; the others leave it empty, and the plain message is
used (Words.text picks the variant by the name, `make lint` lets a variant stay empty).

  scripts/extract-messages.py            print the template
  scripts/extract-messages.py --check    exit 1 when po/laundry.pot differs from it (make lint)
"""
import json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALL = re.compile(r"\bWords\.(text|count)\(")
CONTEXT = re.compile(r'\s*,\s*context:\s*"((?:[^"\\\n]|\\.)*)"')
# The placeholders that hold a name (LaundryRendering's `NameVariant.keys`), and each variant's context.
NAME_KEYS = ["name", "person", "pet"]
VARIANT = "{{{}}} starts with a vowel"
LITERAL = re.compile(r'\s*"((?:[^"\\\n]|\\.)*)"')


def unescape(swift, where):
    if "\\(" in swift:
        sys.exit(f"{where}: a marked text is interpolated; write {{placeholders}} instead")
    out, i = [], 0
    while i < len(swift):
        c = swift[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = swift[i + 1]
        if nxt == "u":
            end = swift.index("}", i)
            out.append(chr(int(swift[i + 3:end], 16)))
            i = end + 1
            continue
        out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}[nxt])
        i += 2
    return "".join(out)


def literal_at(text, pos, where):
    """The English at `pos`: one literal, or several joined with `+`; and where it ends."""
    parts = []
    while True:
        match = LITERAL.match(text, pos)
        if not match:
            break
        parts.append(unescape(match.group(1), where))
        pos = match.end()
        plus = re.match(r"\s*\+", text[pos:])
        if not plus or not LITERAL.match(text, pos + plus.end()):
            break
        pos += plus.end()
    if not parts:
        return None, pos
    return "".join(parts), pos


def from_sources(messages):
    for folder, _, files in sorted(os.walk(os.path.join(ROOT, "Sources"))):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            # Comments out (a call shown in a doc comment is not a message), lines kept; a `//`
            # inside a string ("mqtts://") is not a comment.
            text = re.sub(
                r'"(?:\\.|[^"\\\n])*"|//[^\n]*',
                lambda m: m.group(0) if m.group(0).startswith('"') else " " * len(m.group(0)),
                open(path, encoding="utf-8").read())
            for call in CALL.finditer(text):
                # The file only, as xgettext's --add-location=file: a line moving is not a change.
                where = relative
                pos = call.end()
                if call.group(1) == "count":
                    comma = text.index(",", pos)  # the number comes first
                    one, pos = literal_at(text, comma + 1, where)
                    other, pos = literal_at(text, text.index(",", pos) + 1, where)
                    if one is None or other is None:
                        continue  # the door's own definition
                    add(messages, one, where, other)
                else:
                    english, pos = literal_at(text, pos, where)
                    if english is not None:
                        context = CONTEXT.match(text, pos)
                        add(messages, english, where, context=context and unescape(context.group(1), where))


def strings_of(value, path):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from strings_of(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_of(item, f"{path}.{key}")


def from_data(messages):
    catalog = json.load(open(os.path.join(ROOT, "data/messages.json"), encoding="utf-8"))
    for path, value in strings_of(catalog, "messages"):
        # Not words: the command to type, the urgency, a button's key.
        if path.endswith((".command", ".urgency")) or re.search(r"\.actions\[\d+\]\[0\]$", path):
            continue
        if value:
            add(messages, value, f"data/messages.json ({path[len('messages.'):]})")
    kinds = json.load(open(os.path.join(ROOT, "data/kinds.json"), encoding="utf-8"))
    for path, value in strings_of(kinds, "kinds"):
        if re.search(r"\.kinds\[\d+\]\.(name$|personality\.)", path):
            add(messages, value, f"data/kinds.json ({path[len('kinds.'):]})")


def add(messages, msgid, where, plural=None, context=None):
    entry = messages.setdefault((context, msgid), {"where": [], "plural": plural})
    if where not in entry["where"]:
        entry["where"].append(where)
    if plural and entry["plural"] not in (None, plural):
        sys.exit(f"{where}: '{msgid}' has two plural forms")
    entry["plural"] = entry["plural"] or plural


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def with_variants(messages):
    """Each message, followed by its name variants (one per name in it)."""
    for (context, msgid), entry in messages.items():
        yield (context, msgid), entry
        if context is not None:
            continue
        for key in NAME_KEYS:
            if "{" + key + "}" in msgid or "{" + key + "}" in (entry["plural"] or ""):
                yield (VARIANT.format(key), msgid), {"where": [], "plural": entry["plural"]}


def template(messages):
    out = [
        "# The texts laundry shows people, in English; made by scripts/extract-messages.py (make pot).",
        "# Placeholders in braces ({name}, {count}) are filled in by laundry: keep them, move them freely.",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: laundry\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        "",
    ]
    for (context, msgid), entry in with_variants(messages):
        if context and context.startswith("{") and context.endswith(VARIANT.format("")[2:]):
            out.append(f"#. {context}, as in: d'Ana. Leave it empty unless your language joins the name")
            out.append("#. to the word before it; empty, the message above is used.")
        for where in entry["where"]:
            out.append(f"#: {where}")
        if "{" in msgid:
            out.append("#, no-c-format")
        if context is not None:
            out.append(f"msgctxt {po_string(context)}")
        out.append(f"msgid {po_string(msgid)}")
        if entry["plural"]:
            out.append(f"msgid_plural {po_string(entry['plural'])}")
            out += ['msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def main():
    messages = {}
    from_sources(messages)
    from_data(messages)
    text = template(messages)
    path = os.path.join(ROOT, "po/laundry.pot")
    if "--check" in sys.argv:
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        if current != text:
            sys.exit("lint: po/laundry.pot is stale; run: make pot (then update the catalogues)")
        return
    sys.stdout.write(text)


main()
