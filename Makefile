# The two commands of the README: `make demo` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test docs notebook check-python bench clean accelerate pure fresh

demo: $(STAMP) fresh
	$(BIN)/python -m gamelib demo

test: $(STAMP) fresh
	$(BIN)/mypy
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest -n auto --dist worksteal

# The lecture notebooks in JupyterLab (installs the notebook extra on first use).
notebook: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,notebook]'
	$(BIN)/jupyter lab docs/notebooks $$([ "$$(id -u)" = 0 ] && echo --allow-root)

# MkDocs reads the sources: compiled modules a make test left beside them are set aside
# while it runs and compiled again after.
docs: $(STAMP)
	@if $(BIN)/python hatch_build.py --compiled; then \
		$(BIN)/python hatch_build.py --remove; \
		NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site; status=$$?; \
		$(BIN)/python hatch_build.py --in-place; exit $$status; \
	else \
		NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site; \
	fi

bench: $(STAMP)
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/seq.py
	$(BIN)/python benchmarks/games.py
	$(BIN)/python benchmarks/solve.py
	cd benchmarks && ../$(BIN)/python deepening.py
	cd benchmarks && ../$(BIN)/python connect4.py
	$(BIN)/python benchmarks/positions.py
	cd benchmarks && ../$(BIN)/python parallel.py

# The exact solver's hot modules (hatch_build.py's HOT) are compiled with mypyc when gamelib
# is installed, where a C compiler and Python's headers are present.  `make accelerate`
# compiles them again in place (and fails when it cannot); `make pure` removes them, for
# working on those modules as Python.  A compiled module older than its source would hide
# an edit from the tests, so `make test` compiles again first when one is.
accelerate: $(STAMP)
	$(BIN)/python hatch_build.py --in-place
	$(BIN)/python -c 'from gamelib.algorithms.packed_search import compiled; from gamelib.games.connect4_native import running_compiled; import sys; sys.exit(0 if compiled() and running_compiled() else "the compiled modules did not load")'

fresh: $(STAMP)
	@$(BIN)/python hatch_build.py --refresh

pure:
	$(PYTHON) hatch_build.py --remove
	rm -rf build

check-python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "gamelib needs Python 3.11 or newer; set PYTHON=... to choose one")'

$(STAMP): pyproject.toml hatch_build.py | check-python
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
