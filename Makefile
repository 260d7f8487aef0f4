# One command to play, one to test. Each makes .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The hard No Thanks bot's search compiled with mypyc (build/speedups.py), made again when search.py changes.
# Where it cannot be compiled (no C compiler) the game runs the plain module: this step never fails a build.
SPEEDUPS := $(VENV)/.speedups

.PHONY: play test lint check build smoke clean i18n

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,build,lint]'
	touch $(STAMP)

$(SPEEDUPS): $(STAMP) game/games/nothanks/search.py build/speedups.py
	$(BIN)/python build/speedups.py
	touch $(SPEEDUPS)

play: $(SPEEDUPS)
	$(BIN)/python -m game $(ARGS)

# The screenshots made only to be looked at are not written (COUCHCARDS_SHOTS=1 make test writes them, as a
# plain pytest run does: tests/support_app.SHOTS). Compiled modules are kept even where the environment says
# PYTHONDONTWRITEBYTECODE (each test worker would otherwise compile the game and rewrite every test file anew).
test: $(SPEEDUPS)
	PYTHONDONTWRITEBYTECODE= COUCHCARDS_SHOTS=$${COUCHCARDS_SHOTS:-0} SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest $(ARGS)

# The GitHub workflows (.github/workflows/*.yml): syntax, expressions, action inputs, runner labels.
lint: $(STAMP)
	$(BIN)/actionlint -no-color

# Code checks: ruff over the code, the tests and the build scripts; mypy --strict over game/ and examples/ with no
# module excused, and the ratchet that keeps it so (build/strict_ratchet.py: no overrides block may come back).
check: $(STAMP)
	$(BIN)/ruff check game tests build examples
	$(BIN)/mypy --strict game examples
	$(BIN)/python build/strict_ratchet.py

build: $(SPEEDUPS)
	$(BIN)/python build/build.py

# The gettext catalogues: re-extract game/locale/couchcards.pot from the code (Babel) and merge it into
# every game/locale/<lang>/LC_MESSAGES/couchcards.po (new strings arrive untranslated), then compile the .mo.
i18n: $(STAMP)
	$(BIN)/python build/i18n.py update
	$(BIN)/python build/i18n.py compile

# Runs the built executable with --headless --demo --frames 300; fails unless it exits 0.
smoke: build
	$(BIN)/python build/smoke.py

clean:
	rm -rf $(VENV) build/out dist *.egg-info
	rm -f game/games/nothanks/_search_c*
