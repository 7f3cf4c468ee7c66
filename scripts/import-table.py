#!/usr/bin/env python3
"""The module import table has one source, Package.swift (`swift package dump-package` on stdin).

Prints it as bash assignments for scripts/lint-imports.sh (`allowed[Module]="A B"`), and checks the
"may import" column of docs/ARCHITECTURE.md against it; a difference is a lint failure (exit 1)."""
import json, os, re, sys

package = json.load(sys.stdin)
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
table = {}
for target in package["targets"]:
    if target["type"] not in ("regular", "executable") or target.get("path", "").startswith("Tests"):
        continue
    names = []
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        names.append(value[0])
    table[target["name"]] = names

for module, names in sorted(table.items()):
    print(f'allowed[{module}]="{" ".join(names)}"')

known = set(table) | {name for names in table.values() for name in names}
def full(word):
    return "Laundry" + word if "Laundry" + word in known else word

problems = []
with open(os.path.join(root, "docs/ARCHITECTURE.md")) as doc:
    for line in doc:
        row = re.match(r"\| `(\w+)` \|.*\| ([^|]*) \|\s*$", line)
        if not row or row.group(1) not in table:
            continue
        module, cell = row.groups()
        said = {full(word) for word in re.findall(r"[A-Za-z]+", cell) if full(word) in known}
        if said != set(table[module]):
            problems.append(f"docs/ARCHITECTURE.md says {module} may import {sorted(said)}; "
                            f"Package.swift says {sorted(table[module])}")
for problem in problems:
    print(f"lint: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
