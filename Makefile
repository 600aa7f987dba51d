# The two commands: `make play` and `make test`. Both set up what is missing first.
# `make test-fast` leaves out the slow and the terminal tests (see tests/conftest.py), for quick rounds.
# Both spread the tests over three times as many workers as cores (pytest-xdist): much of a worker's time goes
# to waiting for a program in a terminal, a screen reader or a server, so fewer workers left the cores idle
# (docs/performance.md). Each test has its own folders, ports and BrlAPI host. WORKERS=N overrides the number.
VENV := .venv
BIN := $(VENV)/bin
WORKERS ?= $(shell echo $$(( $$(nproc) * 3 )))

.PHONY: setup play test test-fast lint bench catalogs clean

setup:
	@bash scripts/setup.sh

play: setup
	@$(BIN)/accessible-cards

lint: setup
	$(BIN)/ruff check accessible_cards tests benchmarks scripts
	$(BIN)/ruff format --check accessible_cards tests benchmarks scripts
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal -m "not serial" --durations=25
	$(BIN)/python -m pytest -p no:xdist -m serial

test-fast: setup
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal -m "not slow and not terminal"

bench: setup
	$(BIN)/python benchmarks/war_speed.py

# After editing accessible_cards/locale/*.po: compile them to the .mo files the program reads.
catalogs: setup
	$(BIN)/python scripts/compile_catalogs.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
