# Everything runs from a local virtualenv in .venv, built on first use.
# Needs only python3 (3.11 or newer, with its venv module) and make.
# `make play` installs what playing needs, `make test` adds the test tools (the `test` extra),
# `make serve` the web server (the `web` extra), `make bench` python-chess (the `bench` extra).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
BENCH_STAMP := $(VENV)/.installed-bench
WEB_STAMP := $(VENV)/.installed-web
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: play serve test sim bench fuzz clean

play: $(STAMP)
	$(BIN)/rainboard

# The table in a web browser, on this computer only: http://127.0.0.1:8000/ (see the README for
# other devices). SERVE_ARGS passes more, such as SERVE_ARGS="--port 8080".
serve: $(WEB_STAMP)
	$(BIN)/rainboard serve $(SERVE_ARGS)

# The browser tests (tests/web) need Chromium at /usr/bin/chromium; without it they are skipped
# and the run's last lines say so (in CI they fail instead: .ci/run).
test: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -n auto

sim: $(STAMP)
	$(BIN)/rainboard sim --games 200 --seed 1

bench: $(BENCH_STAMP)
	$(BIN)/python benchmarks/engine_vs_chess.py
	$(BIN)/python benchmarks/memory.py
	$(BIN)/python benchmarks/session.py
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/autosave_speed.py
	$(BIN)/python benchmarks/ui_speed.py
	$(BIN)/python benchmarks/sim_jobs.py
	$(BIN)/python benchmarks/continue_speed.py
	$(BIN)/python benchmarks/table_latency.py
	$(BIN)/python benchmarks/serve_speed.py

# Damaged saves and deck folders at scale, and a table killed at every write of every kind of
# checkpoint: counts of what came of them (the suite runs a few thousand, and one game of kills).
fuzz: $(TEST_STAMP)
	$(BIN)/python scripts/fuzz_saves.py --count 100000 --seed 1
	$(BIN)/python scripts/fuzz_decks.py --count 10000 --seed 7
	$(BIN)/python scripts/fuzz_decks.py --count 5000 --seed 8 --base decks
	$(BIN)/python scripts/fuzz_checkpoints.py --games 20 --seed 1

# Reinstall only when the dependencies may have changed. The install is editable, so code and
# deck edits need no reinstall.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) -e .
	touch $@

$(TEST_STAMP): $(STAMP)
	$(PIP) -e '.[test]'
	touch $@

# The benchmarks also need python-chess (the `bench` extra), which play and test do without.
$(BENCH_STAMP): $(TEST_STAMP)
	$(PIP) -e '.[test,bench]'
	touch $@

# `rainboard serve` needs textual-serve (the `web` extra).
$(WEB_STAMP): $(STAMP)
	$(PIP) -e '.[web]'
	touch $@

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis snapshot_report.html
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
