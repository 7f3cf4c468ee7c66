#!/usr/bin/env bash
# Installs into a temporary prefix, runs the installed binary from another folder with the source
# tree out of reach, checks its completion in bash, then uninstalls and checks nothing is left.
set -uo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d "${TMPDIR:-/tmp}/laundry-prefix.XXXXXX")
elsewhere=$(mktemp -d "${TMPDIR:-/tmp}/laundry-elsewhere.XXXXXX")
trap 'rm -rf "$prefix" "$elsewhere"' EXIT
passed=0 failed=0
check() { # name, then a command that must succeed
  local name=$1; shift
  if "$@" >/dev/null 2>"$elsewhere/err"; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "install test FAILED: $name: $(head -c 400 "$elsewhere/err")" >&2; fi
}

make -s install PREFIX="$prefix" >/dev/null 2>"$elsewhere/make.log" || { cat "$elsewhere/make.log" >&2; echo "install: 0 passed, 1 failed"; exit 1; }

expected=(bin/laundry bin/laundryd share/man/man1/laundryd.1 share/laundry/kinds.json share/laundry/messages.json share/laundry/laundry.service
  share/laundry/icons/laundry.svg share/laundry/hooks/ntfy share/laundry/hooks/apprise
  share/laundry/home-assistant/laundry-phone.yaml
  share/laundry/schema/{status,list,loads,history,stats,people,plan,household}.schema.json
  share/bash-completion/completions/laundry share/zsh/site-functions/_laundry
  share/fish/vendor_completions.d/laundry.fish share/man/man1/laundry.1
  share/applications/laundry.desktop share/icons/hicolor/scalable/apps/laundry.svg share/icons/hicolor/scalable/apps/laundry-attention.svg
  share/locale/de/LC_MESSAGES/laundry.mo share/locale/fr/LC_MESSAGES/laundry.mo
  share/locale/es/LC_MESSAGES/laundry.mo share/locale/pl/LC_MESSAGES/laundry.mo)
for file in "${expected[@]}"; do check "installed $file" test -f "$prefix/$file"; done

check "installed hooks are executable" test -x "$prefix/share/laundry/hooks/ntfy" -a -x "$prefix/share/laundry/hooks/apprise"

# The installed binary, run from elsewhere with the source tree out of reach, finds its data.
copy=$elsewhere/prefix
cp -a "$prefix" "$copy"
export LAUNDRY_HOME=$elsewhere/home
unset LAUNDRY_DATA_DIR
check "installed binary finds its data" bash -c "cd '$elsewhere' && '$copy/bin/laundry' adopt 'Bed Sheets' --kind sheets"
check "installed binary lists pets" bash -c "cd '$elsewhere' && '$copy/bin/laundry' list | grep -q 'Bed Sheets'"
check "installed binary finds its catalogues in share/locale" bash -c "cd '$elsewhere' && english=\$(LANG=C.UTF-8 '$copy/bin/laundry' list) && german=\$(LOCPATH='$PWD/.build/test-locales' LANG=de_DE.UTF-8 '$copy/bin/laundry' list) && [[ \$german != \"\$english\" ]]"
check "the pseudo-language is not installed" test ! -e "$copy/share/locale/en@pseudo"
check "installed completion works in bash" bash -c "
  cd '$elsewhere'; PATH='$copy/bin':/usr/bin:/bin
  source /usr/share/bash-completion/bash_completion
  source '$copy/share/bash-completion/completions/laundry'
  COMP_LINE='laundry dry B'; COMP_POINT=\${#COMP_LINE}; COMP_WORDS=(laundry dry B); COMP_CWORD=2
  _laundry laundry B dry
  [[ \"\${COMPREPLY[*]}\" == 'Bed Sheets' ]]"
check "installed daemon install finds its unit template" bash -c "cd '$elsewhere' && XDG_CONFIG_HOME='$elsewhere/config' '$copy/bin/laundry' daemon install && grep -qx 'ExecStart=$copy/bin/laundryd' '$elsewhere/config/systemd/user/laundry.service'"
check "doctor finds the desktop entry the popups name" bash -c "cd '$elsewhere' && XDG_DATA_HOME='$copy/share' XDG_DATA_DIRS='$elsewhere/none' '$copy/bin/laundry' doctor | grep -q '✓ desktop entry .*$copy/share/applications/laundry.desktop'"
check "doctor says when no desktop entry is found" bash -c "cd '$elsewhere' && XDG_DATA_HOME='$elsewhere/none' XDG_DATA_DIRS='$elsewhere/none' '$copy/bin/laundry' doctor | grep -q '! desktop entry'"
check "the desktop entry is valid and lists laundry in GNOME's notification settings" bash -c "desktop-file-validate '$copy/share/applications/laundry.desktop' && grep -qx 'X-GNOME-UsesNotifications=true' '$copy/share/applications/laundry.desktop'"
check "man page renders" bash -c "MANWIDTH=80 man -l '$copy/share/man/man1/laundry.1' | grep -q ENVIRONMENT"
check "laundryd's man page renders" bash -c "MANWIDTH=80 man -l '$copy/share/man/man1/laundryd.1' | grep -q 'laundry notification service'"
check "laundry links no GLib, GIO, GSound or libmosquitto" bash -c "! readelf -d '$copy/bin/laundry' | grep NEEDED | grep -E 'libglib|libgio|libgobject|libnotify|libgsound|libmosquitto'"
check "laundryd links GLib, GIO, GSound and libmosquitto" bash -c "needed=\$(readelf -d '$copy/bin/laundryd' | grep NEEDED) && for l in libglib-2.0 libgio-2.0 libgsound libmosquitto; do grep -q \$l <<<\"\$needed\" || exit 1; done"
check "laundryd --version says the version laundry does" bash -c "[[ \$('$copy/bin/laundryd' --version) == \"laundryd \$('$copy/bin/laundry' --version | cut -d' ' -f2)\" ]]"

make -s uninstall PREFIX="$prefix" >/dev/null 2>&1
left=$(find "$prefix" -type f | wc -l)
check "uninstall removes every installed file" test "$left" -eq 0

echo "install: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
