#!/usr/bin/env bash
# The package as a person without Swift meets it: a bare Debian 12 (debootstrap --variant=minbase,
# cached in ~/.cache/laundry-package-test between runs of the same machine), the .deb installed with
# apt so its dependencies come from the archive, laundry run there, then removed and purged.
# Usage: scripts/package-test.sh path/to/laundry_<version>_amd64.deb   (as root: chroot and mount)
set -euo pipefail
deb=$(realpath "$1")
cache=${LAUNDRY_PACKAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/laundry-package-test}
base=$cache/bookworm
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
mirror=${mirror:-http://deb.debian.org/debian}
fail() { echo "package-test: FAIL: $*" >&2; exit 1; }
pass() { echo "package-test: ok: $*"; }

if [[ ! -x $base/bin/sh ]]; then
  mkdir -p "$cache"
  rm -rf "$base.tmp"
  debootstrap --variant=minbase bookworm "$base.tmp" "$mirror" >"$cache/debootstrap.log" 2>&1 \
    || fail "debootstrap (see $cache/debootstrap.log)"
  mv "$base.tmp" "$base"
fi

# Each run on a copy, so nothing of a run is left for the next.
work=$(mktemp -d /tmp/laundry-package-test.XXXXXX)
root=$work/root
cleanup() {
  chroot "$root" /bin/sh -c 'pkill -x laundryd' 2>/dev/null || true
  umount "$root/proc" 2>/dev/null || true
  umount "$root/dev" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
cp -a "$base" "$root"
mount --bind /dev "$root/dev"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

in_root apt-get update -qq >/dev/null
in_root apt-get install -y -qq "/tmp/$(basename "$deb")" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "apt install"; }
pass "apt-get install ./$(basename "$deb") (dependencies from the archive)"

in_root sh -c 'command -v swift swiftc' >/dev/null && fail "a Swift toolchain is in the root"
[[ -z $(find "$root/usr" -name 'libswiftCore.so*' -print -quit) ]] || fail "a Swift runtime library is in the root"
pass "no Swift toolchain or runtime library in the root"

version=$(in_root laundry --version)
[[ $version == "laundry $(dpkg-deb -f "$deb" Version)" ]] || fail "laundry --version says '$version'"
pass "$version"

# The command links none of the daemon's libraries; laundryd links them, and the package depends on
# them through dh_shlibdeps, not by hand.
needed() { readelf -d "$root$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
daemon_libraries='libglib-2.0|libgio-2.0|libgobject-2.0|libnotify|libgsound|libmosquitto|libsoup'
if needed /usr/bin/laundry | grep -E "$daemon_libraries"; then fail "laundry links a daemon library"; fi
for library in libglib-2.0 libgio-2.0 libgsound libmosquitto libsoup-3.0; do
  needed /usr/bin/laundryd | grep -q "^$library" || fail "laundryd does not link $library"
done
depends=$(dpkg-deb -f "$deb" Depends)
# glib-networking is no library laundryd links but GIO's TLS module, which https to Home Assistant needs.
for package in libglib2.0-0 libgsound0 libmosquitto1 libsoup-3.0-0 glib-networking; do
  grep -q "$package" <<<"$depends" || fail "Depends has no $package: $depends"
done
pass "laundry links no GLib, GSound, libmosquitto or libsoup; laundryd links them; Depends: $depends"

# What the unit runs, run as systemd would: it starts, takes its lock, and stops on SIGTERM.
exec_start=$(sed -n 's/^ExecStart=//p' "$root/usr/lib/systemd/user/laundry.service")
in_root sh -c "XDG_RUNTIME_DIR=/tmp/unit-run $exec_start >/tmp/unit.log 2>&1 & echo \$! >/tmp/unit.pid; sleep 1.5; kill \$(cat /tmp/unit.pid)"
sleep 0.5
grep -q 'started (pid' "$root/tmp/unit.log" || fail "the unit's command did not start: $(cat "$root/tmp/unit.log")"
grep -q 'SIGTERM: stopping' "$root/tmp/unit.log" || fail "the unit's command did not stop on SIGTERM: $(cat "$root/tmp/unit.log")"
pass "the unit's command ($exec_start) starts and stops on SIGTERM"

in_root laundry adopt Socks >/dev/null || fail "laundry adopt Socks"
in_root laundry wash Socks --for 2s >/dev/null || fail "laundry wash Socks --for 2s"
status=$(in_root laundry status) || fail "laundry status"
grep -q 'Socks' <<<"$status" || fail "status shows no Socks: $status"
pass "adopt, wash --for 2s and status (Socks washing)"
sleep 2.5
grep -q 'washed' <<<"$(in_root laundry status)" || fail "the wash did not end"
pass "the wash ended 2 s later"
in_root laundry daemon stop >/dev/null 2>&1 || true

doctor=$(in_root laundry doctor 2>&1) || true
grep -q 'install' <<<"$doctor" || fail "doctor did not run: $doctor"
grep -q '/usr/bin/laundry' <<<"$doctor" || fail "doctor does not name /usr/bin/laundry: $doctor"
pass "doctor runs and names /usr/bin/laundry"

for file in /usr/bin/laundry /usr/bin/laundryd /usr/share/man/man1/laundryd.1.gz /usr/share/laundry/kinds.json /usr/share/laundry/messages.json \
  /usr/share/bash-completion/completions/laundry /usr/share/zsh/vendor-completions/_laundry \
  /usr/share/fish/vendor_completions.d/laundry.fish /usr/share/man/man1/laundry.1.gz \
  /usr/share/applications/laundry.desktop /usr/share/icons/hicolor/scalable/apps/laundry.svg /usr/share/icons/hicolor/scalable/apps/laundry-attention.svg \
  /usr/lib/systemd/user/laundry.service /usr/share/locale/de/LC_MESSAGES/laundry.mo \
  /usr/share/doc/laundry/copyright /usr/share/doc/laundry/changelog.gz; do
  [[ -e $root$file ]] || fail "$file is missing"
done
grep -qx 'ExecStart=/usr/bin/laundryd' "$root/usr/lib/systemd/user/laundry.service" || fail "the unit's ExecStart"
[[ -z $(find "$root/etc/systemd" -name 'laundry.service' 2>/dev/null) ]] || fail "the unit was enabled"
pass "completions, man page, unit (installed, not enabled), desktop entry, icon, catalogues, copyright, changelog"

# Beside a `make install` in ~/.local: doctor says which binary and which unit run, and what they
# shadow; after an upgrade (here a reinstall, which replaces the binary) a running daemon is older.
in_root mkdir -p /root/.local/bin /root/.local/share
cp "$root/usr/bin/laundry" "$root/root/.local/bin/laundry"
# As make install does: ~/.local/share/laundry is also where the pets live by default.
mkdir -p "$root/root/.local/share/laundry" && cp -a "$root/usr/share/laundry/." "$root/root/.local/share/laundry/"
local_path=/root/.local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
doctor=$(in_root env PATH=$local_path laundry doctor 2>&1) || true
grep -q '/root/.local/bin/laundry comes first on PATH and shadows /usr/bin/laundry' <<<"$doctor" \
  || fail "doctor does not say ~/.local/bin shadows /usr/bin: $doctor"
in_root laundry daemon install >/dev/null 2>&1 || fail "laundry daemon install"
doctor=$(in_root laundry doctor 2>&1) || true
grep -q '/root/.config/systemd/user/laundry.service shadows /usr/lib/systemd/user/laundry.service' <<<"$doctor" \
  || fail "doctor does not say the user's unit shadows the package's: $doctor"
pass "doctor names the ~/.local binary and the user unit that shadow the package's"
in_root laundry daemon start >/dev/null 2>&1 || fail "laundry daemon start"
in_root apt-get install -y -qq --reinstall "/tmp/$(basename "$deb")" >/dev/null 2>&1 || fail "apt reinstall"
doctor=$(in_root laundry doctor 2>&1) || true
grep -q 'is older than the installed laundry: /usr/bin/laundryd was replaced' <<<"$doctor" \
  || fail "doctor does not see the daemon older than the binary: $doctor"
in_root laundry daemon stop >/dev/null 2>&1 || true
rm -rf "$root/root/.local" "$root/root/.config/systemd"
pass "doctor says the running daemon is older than the binary an upgrade installed"

in_root dpkg -L laundry >"$work/files"
in_root apt-get purge -y -qq laundry >/dev/null 2>&1 || fail "apt purge"
left=$(while read -r path; do if [[ -f $root$path ]]; then echo "$path"; fi; done <"$work/files")
[[ -z $left ]] || fail "left after purge: $left"
[[ ! -e $root/usr/share/laundry ]] || fail "/usr/share/laundry left after purge"
pass "apt purge removes every file it installed"
