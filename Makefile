# laundry — build, test, demo, install.
PREFIX ?= $(HOME)/.local
SWIFT ?= swift
# A static Swift runtime starts ~40 % faster (13 ms instead of 22 ms for `laundry status`, measured
# with hyperfine); the installed binary is stripped. No $ORIGIN run path: with the runtime linked in
# there is nothing beside the binary to load, and the loader looked for each library in 18 folders
# of /usr/bin first (36 failed system calls per command, by strace). No exported symbols: the
# static runtime's link line exports all 4,500 of laundry's, and at every start the runtime's
# dladdr scans them (150,000 instructions of `laundry status`, by callgrind).
RELEASE_FLAGS = -c release -Xswiftc -Osize --static-swift-stdlib --disable-local-rpath -Xlinker --no-export-dynamic
BIN_DEBUG = .build/debug/laundry
BIN_RELEASE = .build/release/laundry
DAEMON_RELEASE = .build/release/laundryd
MAN_PAGE = .build/man/laundry.1
# laundryd's options are few and fixed: its page is written by hand.
DAEMON_MAN_PAGE = data/man/laundryd.1
# pkg-config files without the -pthread SwiftPM warns about (scripts/make-pkgconfig.sh says why).
PKGCONFIG_FOLDER = $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PKGCONFIG_FOLDER)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

SHARE = $(DESTDIR)$(PREFIX)/share
# Every file `make install` writes, so `make uninstall` removes exactly these.
INSTALLED_FILES = \
	$(DESTDIR)$(PREFIX)/bin/laundry \
	$(DESTDIR)$(PREFIX)/bin/laundryd \
	$(SHARE)/laundry/kinds.json \
	$(SHARE)/laundry/messages.json \
	$(SHARE)/laundry/laundry.service \
	$(SHARE)/laundry/icons/laundry.svg \
	$(SHARE)/laundry/hooks/ntfy \
	$(SHARE)/laundry/hooks/apprise \
	$(SHARE)/laundry/home-assistant/laundry-phone.yaml \
	$(patsubst data/schema/%,$(SHARE)/laundry/schema/%,$(wildcard data/schema/*.schema.json)) \
	$(SHARE)/bash-completion/completions/laundry \
	$(SHARE)/zsh/site-functions/_laundry \
	$(SHARE)/fish/vendor_completions.d/laundry.fish \
	$(SHARE)/man/man1/laundry.1 \
	$(SHARE)/man/man1/laundryd.1 \
	$(SHARE)/applications/laundry.desktop \
	$(SHARE)/icons/hicolor/scalable/apps/laundry.svg \
	$(SHARE)/icons/hicolor/scalable/apps/laundry-attention.svg

# laundryd links GLib/GIO, GSound, libmosquitto, libsoup 3 (Home Assistant's WebSocket API and the
# CalDAV calendar), libasound (its errors kept out of the terminal) and libdbusmenu-glib (the tray
# icon's menu, without GTK) the ordinary way: building needs their headers and pkg-config files
# (laundry, the command, links none of them).
BUILD_PACKAGES = pkg-config=pkg-config /usr/include/glib-2.0/gio/gio.h=libglib2.0-dev \
	/usr/include/gsound.h=libgsound-dev \
	/usr/include/mosquitto.h=libmosquitto-dev \
	/usr/include/libsoup-3.0/libsoup/soup.h=libsoup-3.0-dev \
	/usr/include/alsa/asoundlib.h=libasound2-dev \
	/usr/include/libdbusmenu-glib-0.4/libdbusmenu-glib/server.h=libdbusmenu-glib-dev
# Tools the tests drive for real: a private D-Bus session with dunst under Xvfb for notifications,
# tmux for `laundry watch` and zsh, the three shells for completion, man for the manual page.
# Sound: GSound (linked by laundryd) over the freedesktop theme, PulseAudio with a null sink to
# play into, parecord/pacat and sox to record and
# measure it; apprise and curl for the hook recipes; strace to count the wake-ups of `status --follow`;
# i3blocks to read `status --format i3blocks --follow` as the bar itself does; desktop-file-utils to
# validate the desktop entry; python3-gi for the scriptable notification server (a restarted
# server, signals broadcast to every client as mako and swaync send them); python3-dbusmock for the
# desktop services that cannot run here (the portal, gnome-session, logind); Mosquitto, and paho
# playing Home Assistant and the smart plugs; python3-jsonschema to hold every `--json` to its schema;
# glib-networking for libsoup's TLS (https to Home Assistant), and python3-websockets for
# scripts/fake-home-assistant.py, a scripted Home Assistant WebSocket API. The tray
# (scripts/tray_host.py): waybar's tray module (watcher and host) in a headless sway, screenshots by
# grim, librsvg's pixbuf loader so that waybar draws SVG icons; GNOME Shell headless with the
# AppIndicator extension (and gjs, only a Recommends of the shell); libdbusmenu-glib's typelib for
# the check's own item (scripts/tray_test_item.py).
TEST_PACKAGES = $(BUILD_PACKAGES) $(GETTEXT_PACKAGES) \
	/usr/share/i18n/locales/pl_PL=locales dbus-run-session=dbus Xvfb=xvfb xdpyinfo=x11-utils dunst=dunst \
	gdbus=libglib2.0-bin tmux=tmux zsh=zsh fish=fish man=man-db \
	/usr/share/bash-completion/bash_completion=bash-completion \
	/usr/lib/$(shell uname -m)-linux-gnu/libgsound.so.0=libgsound0 \
	/usr/lib/$(shell uname -m)-linux-gnu/libcanberra-0.30/libcanberra-pulse.so=libcanberra-pulse \
	/usr/share/sounds/freedesktop/stereo/complete.oga=sound-theme-freedesktop \
	pulseaudio=pulseaudio parecord=pulseaudio-utils sox=sox apprise=apprise curl=curl pgrep=procps \
	syncthing=syncthing strace=strace i3blocks=i3blocks desktop-file-validate=desktop-file-utils \
	/usr/lib/python3/dist-packages/gi/__init__.py=python3-gi \
	/usr/lib/python3/dist-packages/dbusmock/__init__.py=python3-dbusmock \
	/usr/sbin/mosquitto=mosquitto /usr/lib/$(shell uname -m)-linux-gnu/libmosquitto.so.1=libmosquitto1 openssl=openssl \
	/usr/lib/python3/dist-packages/paho/mqtt/client.py=python3-paho-mqtt \
	radicale=radicale /usr/lib/python3/dist-packages/caldav/__init__.py=python3-caldav \
	/usr/lib/python3/dist-packages/icalendar/__init__.py=python3-icalendar \
	/usr/lib/python3/dist-packages/jsonschema/__init__.py=python3-jsonschema \
	/usr/lib/$(shell uname -m)-linux-gnu/gio/modules/libgiognutls.so=glib-networking \
	/usr/lib/python3/dist-packages/websockets/__init__.py=python3-websockets \
	sway=sway waybar=waybar grim=grim \
	/usr/lib/$(shell uname -m)-linux-gnu/gdk-pixbuf-2.0/2.10.0/loaders/libpixbufloader-svg.so=librsvg2-common \
	/usr/lib/$(shell uname -m)-linux-gnu/girepository-1.0/Dbusmenu-0.4.typelib=gir1.2-dbusmenu-glib-0.4 \
	gnome-shell=gnome-shell gjs=gjs \
	/usr/share/gnome-shell/extensions/ubuntu-appindicators@ubuntu.com/metadata.json=gnome-shell-extension-appindicator

# The random run's clearing times, for bench's row "clear everywhere".
CLEAR_REPORT = .build/clear-everywhere.json
BENCH_PACKAGES = $(TEST_PACKAGES) hyperfine=hyperfine notify-send=libnotify-bin task=taskwarrior \
	pkg-config=pkg-config /usr/include/glib-2.0/gio/gio.h=libglib2.0-dev

.PHONY: pkgconfig build debug lint check test ha-test stress demo bench install uninstall completions man clean pot locales deb package-test

# The catalogues (po/<lang>.po), compiled where a built binary looks for them: .build/locale,
# beside .build/<configuration>/laundry (installed: <prefix>/share/locale beside <prefix>/bin).
LOCALE_BUILD = .build/locale
GETTEXT_PACKAGES = msgfmt=gettext

pkgconfig:
	@scripts/ensure-packages.sh $(BUILD_PACKAGES)
	@scripts/make-pkgconfig.sh $(PKGCONFIG_FOLDER)

build: locales pkgconfig
	$(SWIFT) build $(RELEASE_FLAGS)

debug: locales pkgconfig
	$(SWIFT) build

locales:
	@scripts/ensure-packages.sh $(GETTEXT_PACKAGES)
	scripts/make-locales.sh $(LOCALE_BUILD)

# The catalogue template from the sources (Words.text, Words.count) and data/; then bring each
# language up to date with it (msgmerge) and translate what is new.
pot:
	@scripts/ensure-packages.sh $(GETTEXT_PACKAGES)
	python3 scripts/extract-messages.py > po/laundry.pot
	for po in po/*.po; do msgmerge --quiet --update --no-fuzzy-matching --backup=none "$$po" po/laundry.pot; done

# The catalogues (po/laundry.pot current, every language complete), swift-format (it ships with the
# toolchain) with the committed .swift-format, then the module boundaries of docs/ARCHITECTURE.md and
# the 120-column limit.
lint:
	@scripts/ensure-packages.sh $(GETTEXT_PACKAGES)
	scripts/check-catalogues.sh
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Package.swift
	scripts/lint-imports.sh

# The unit tests alone, for the edit-test loop (no desktop, no daemon): `make check`, or one class or test
# with `make check TEST=EngineAlarmTests` (`TEST=EngineAlarmTests/test_…`).
check: locales pkgconfig
	@scripts/ensure-packages.sh $(TEST_PACKAGES)
	scripts/make-test-locales.sh .build/test-locales
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests $(if $(TEST),--filter '$(TEST)')

test: lint locales pkgconfig
	@scripts/ensure-packages.sh $(TEST_PACKAGES)
	scripts/make-test-locales.sh .build/test-locales
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	scripts/make-man.sh $(BIN_DEBUG) .build/debug/generate-manual $(MAN_PAGE)
	LAUNDRY_BIN=$(CURDIR)/$(BIN_DEBUG) LAUNDRY_MAN_PAGE=$(CURDIR)/$(MAN_PAGE) scripts/run-tests.sh $(SWIFT)
	scripts/test-install.sh

# The test tray (waybar's tray in a headless sway, scripts/tray_host.py) and its reader
# (scripts/tray_read.py) checked against a throw-away item of their own, before laundryd has one:
# registered, drawn, hidden when Passive, registered again after waybar restarts, a menu click
# delivered. Screenshots of each step in .build/tray-check/$(DESKTOP). Builds nothing.
# `make tray-check DESKTOP=gnome`: the same against GNOME Shell with the AppIndicator extension.
DESKTOP = waybar
.PHONY: tray-check
tray-check:
	@scripts/ensure-packages.sh $(TEST_PACKAGES)
	scripts/notification-session.sh /usr/bin/python3 scripts/tray_selfcheck.py --desktop $(DESKTOP) \
		.build/tray-check

# A real Home Assistant core and a real Mosquitto against the daemon: README's automation, every
# stage, restarts, HA's log scanned (scripts/ha-test.py says what it checks). Each release from
# PyPI, in its own venv under .build kept between runs: 2024.3.3 on python3 (3.11), 2025.4.4 on
# pyenv's 3.13.0 (scripts/ha-install.sh). `make ha-test HA_VERSIONS=2025.4.4` runs one.
# g++: 2025.4.4 needs pyspeex-noise, which PyPI has no wheel of for Python 3.13, so pip builds it.
HA_VERSIONS = 2024.3.3 2025.4.4
ha-test: debug
	@scripts/ensure-packages.sh $(TEST_PACKAGES) g++=g++
	@set -e; for version in $(HA_VERSIONS); do scripts/ha-install.sh $$version; done
	@set -e; for version in $(HA_VERSIONS); do \
		echo "ha-test: Home Assistant $$version"; \
		LAUNDRY_BIN=$(CURDIR)/$(BIN_DEBUG) scripts/notification-session.sh python3 scripts/ha-test.py $$version; \
	done

# The reliability suite at full size (a small version of each runs in `make test`): a storm of
# 8 x 200 commands, 200 kill -9s of commands and of the daemon, a full disk, hostile files,
# 200,000 fuzzed inputs per parser property, and time jumps on the injected clock; then the
# end-to-end tests three times back to back with a CPU hog on every core.
stress: locales pkgconfig
	@scripts/ensure-packages.sh $(TEST_PACKAGES) stress-ng=stress-ng
	scripts/make-test-locales.sh .build/test-locales
	$(SWIFT) build
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	scripts/make-man.sh $(BIN_DEBUG) .build/debug/generate-manual $(MAN_PAGE)
	LAUNDRY_STRESS=full LAUNDRY_FUZZ_ITERATIONS=200000 LAUNDRY_BIN=$(CURDIR)/$(BIN_DEBUG) \
		scripts/notification-session.sh $(SWIFT) test --skip-build \
		--filter 'StormStressTests|CrashStressTests|DiskFullTests|HostileFileTests|ParserFuzzTests|TimeScenarioTests'
	# The household simulator's 100,000 schedules on the in-memory storage, optimised (about 7 ms each
	# in a debug build).
	LAUNDRY_STRESS=full $(SWIFT) test -c release -Xswiftc -enable-testing --filter HouseholdSimulatorTests
	# The end-to-end suite as `make test` runs it, three times under stress-ng (--cpu 0); fails on any failure.
	LAUNDRY_BIN=$(CURDIR)/$(BIN_DEBUG) LAUNDRY_MAN_PAGE=$(CURDIR)/$(MAN_PAGE) scripts/stress-end-to-end.sh $(SWIFT)

demo: build
	@scripts/ensure-packages.sh $(BUILD_PACKAGES)
	@scripts/demo.sh $(CURDIR)/$(BIN_RELEASE)

# Speed, memory and wake-ups against baselines measured in the same run, each part in a notification
# session of its own on real dunst, and a real Home Assistant (2025.4.4) for the machine's rows; prints one
# table (about 25 minutes).
bench: build
	@scripts/ensure-packages.sh $(BENCH_PACKAGES) g++=g++
	scripts/ha-install.sh 2025.4.4
	scripts/make-test-locales.sh .build/test-locales
	$(SWIFT) build --build-tests
	rm -f $(CLEAR_REPORT)
	LAUNDRY_BIN=$(CURDIR)/.build/release/laundry LAUNDRY_CLEAR_REPORT=$(CURDIR)/$(CLEAR_REPORT) \
		scripts/notification-session.sh $(SWIFT) test --skip-build --filter ClearEverywhereEndToEndTests
	LAUNDRY_CLEAR_REPORT=$(CURDIR)/$(CLEAR_REPORT) /usr/bin/python3 scripts/bench.py

# The completion scripts are generated from the command declarations and committed; a test fails
# when they fall behind. Run this after changing a command.
completions: debug
	for shell in bash zsh fish; do \
		$(BIN_DEBUG) --generate-completion-script $$shell > completions/$$(case $$shell in \
			bash) echo laundry.bash;; zsh) echo _laundry;; fish) echo laundry.fish;; esac); \
	done

man: build
	$(SWIFT) build --product generate-manual
	scripts/make-man.sh $(BIN_RELEASE) .build/debug/generate-manual $(MAN_PAGE)

install: build man
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/laundry/icons $(SHARE)/laundry/hooks $(SHARE)/laundry/home-assistant \
		$(SHARE)/laundry/schema \
		$(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d $(SHARE)/man/man1 \
		$(SHARE)/applications $(SHARE)/icons/hicolor/scalable/apps
	install -s -m 755 $(BIN_RELEASE) $(DESTDIR)$(PREFIX)/bin/laundry
	install -s -m 755 $(DAEMON_RELEASE) $(DESTDIR)$(PREFIX)/bin/laundryd
	install -m 644 data/kinds.json data/messages.json data/laundry.service $(SHARE)/laundry/
	install -m 644 data/icons/laundry.svg $(SHARE)/laundry/icons/laundry.svg
	install -m 755 data/hooks/ntfy data/hooks/apprise $(SHARE)/laundry/hooks/
	install -m 644 data/home-assistant/laundry-phone.yaml $(SHARE)/laundry/home-assistant/
	install -m 644 data/schema/*.schema.json $(SHARE)/laundry/schema/
	install -m 644 completions/laundry.bash $(SHARE)/bash-completion/completions/laundry
	install -m 644 completions/_laundry $(SHARE)/zsh/site-functions/_laundry
	install -m 644 completions/laundry.fish $(SHARE)/fish/vendor_completions.d/laundry.fish
	install -m 644 $(MAN_PAGE) $(SHARE)/man/man1/laundry.1
	install -m 644 $(DAEMON_MAN_PAGE) $(SHARE)/man/man1/laundryd.1
	install -m 644 data/laundry.desktop $(SHARE)/applications/laundry.desktop
	install -m 644 data/icons/laundry.svg $(SHARE)/icons/hicolor/scalable/apps/laundry.svg
	install -m 644 data/icons/laundry-attention.svg $(SHARE)/icons/hicolor/scalable/apps/laundry-attention.svg
	for mo in $(LOCALE_BUILD)/*/LC_MESSAGES/laundry.mo; do \
		lang=$$(basename $$(dirname $$(dirname $$mo))); [ "$$lang" = "en@pseudo" ] && continue; \
		install -D -m 644 $$mo $(SHARE)/locale/$$lang/LC_MESSAGES/laundry.mo; \
	done

# The version `laundry --version` and `laundryd --version` print, from the one place it is written.
VERSION = $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/LaundryControl/LaundryVersion.swift)
DEB = .build/deb/laundry_$(VERSION)_amd64.deb

# A Debian package built with Debian's tools (dpkg-buildpackage and debhelper from debian/), checked
# by lintian: no error allowed (the warnings left are listed in README, "Install").
deb: build man locales
	@scripts/ensure-packages.sh dpkg-buildpackage=dpkg-dev dh=debhelper lintian=lintian fakeroot=fakeroot
	scripts/check-version.sh $(VERSION)
	mkdir -p .build/deb
	dpkg-buildpackage -b -d -us -uc \
		--buildinfo-option=-u.build/deb --buildinfo-option=-O.build/deb/laundry_$(VERSION)_amd64.buildinfo \
		--changes-option=-u.build/deb --changes-option=-O.build/deb/laundry_$(VERSION)_amd64.changes
	lintian --fail-on error --tag-display-limit 0 $(DEB)

# The package installed with apt in a bare Debian 12 (debootstrap, cached between runs), run, and
# removed: see scripts/package-test.sh.
package-test: deb
	@scripts/ensure-packages.sh debootstrap=debootstrap
	scripts/package-test.sh $(DEB)

uninstall:
	rm -f $(INSTALLED_FILES) $(SHARE)/locale/*/LC_MESSAGES/laundry.mo
	-rmdir $(SHARE)/laundry/icons $(SHARE)/laundry/hooks $(SHARE)/laundry/home-assistant $(SHARE)/laundry/schema \
		$(SHARE)/laundry 2>/dev/null

clean:
	rm -rf .build
