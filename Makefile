# laundry — build, test, demo, install.
PREFIX ?= $(HOME)/.local
SWIFT ?= swift
RELEASE_FLAGS = -c release -Xswiftc -Osize
BIN_DEBUG = .build/debug/laundry
BIN_RELEASE = .build/release/laundry

# Tools the tests drive for real: tmux for `laundry watch`.
TEST_PACKAGES = tmux=tmux

.PHONY: build debug test demo install uninstall clean

build:
	$(SWIFT) build $(RELEASE_FLAGS)

debug:
	$(SWIFT) build

test:
	@scripts/ensure-packages.sh $(TEST_PACKAGES)
	$(SWIFT) build
	LAUNDRY_BIN=$(CURDIR)/$(BIN_DEBUG) $(SWIFT) test

demo: build
	@scripts/demo.sh $(CURDIR)/$(BIN_RELEASE)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/laundry
	install -m 755 $(BIN_RELEASE) $(DESTDIR)$(PREFIX)/bin/laundry
	install -m 644 data/kinds.json $(DESTDIR)$(PREFIX)/share/laundry/kinds.json

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/laundry
	rm -f $(DESTDIR)$(PREFIX)/share/laundry/kinds.json
	-rmdir $(DESTDIR)$(PREFIX)/share/laundry 2>/dev/null

clean:
	rm -rf .build
