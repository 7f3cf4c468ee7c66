#!/usr/bin/env bash
# Compiles the catalogues: po/<lang>.po -> OUT/<lang>/LC_MESSAGES/laundry.mo, and the pseudo-language
# en@pseudo, for the tests that find text that bypassed gettext: every message of po/laundry.pot in ⟦ ⟧
# with each letter accented (`Ŵȧşħīƞɠ…`), its {placeholders} kept. A plain ASCII word in its output is
# data (a name, a path, a command) or text that did not come from the catalogue, also inside ⟦ ⟧ where a
# placeholder was filled with an English id.
# Usage: scripts/make-locales.sh OUT
set -euo pipefail
shopt -s nullglob
out=${1:?usage: scripts/make-locales.sh OUT}
cd "$(dirname "$0")/.."
for po in po/*.po; do
  lang=$(basename "$po" .po)
  mkdir -p "$out/$lang/LC_MESSAGES"
  msgfmt --check -o "$out/$lang/LC_MESSAGES/laundry.mo" "$po"
done
mkdir -p "$out/en@pseudo/LC_MESSAGES"
# perl is Essential in Debian; one message a line (--no-wrap), so a placeholder is never split.
msgen --no-wrap po/laundry.pot 2>/dev/null \
  | perl -CSD -Mutf8 -ne '
      if (/^(msgstr(?:\[\d+\])? ")(.+)("\s*)$/) {
        my ($head, $text, $tail) = ($1, $2, $3);
        # An escape (\n, \"), a literal brace ({{ }}) and a placeholder ({name}) stay as they are.
        $text =~ s{(\\.|\{\{|\}\}|\{[A-Za-z0-9_.]+\})|([^\\{}]+|[{}])}{
          defined $1 ? $1 : do { (my $t = $2) =~
            tr/a-zA-Z/ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ/; $t }
        }ge;
        $_ = "$head⟦$text⟧$tail";
      }
      s/^"Content-Type: text\/plain; charset=CHARSET\\n"$/"Content-Type: text\/plain; charset=UTF-8\\n"/;
      print' \
  | msgfmt -o "$out/en@pseudo/LC_MESSAGES/laundry.mo" -
