# The two commands of the README: `make demo` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test docs notebook check-python bench clean accelerate pure

demo: $(STAMP)
	$(BIN)/python -m gamelib demo

test: $(STAMP)
	$(BIN)/mypy
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest -n auto --dist worksteal

# The lecture notebooks in JupyterLab (installs the notebook extra on first use).
notebook: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,notebook]'
	$(BIN)/jupyter lab docs/notebooks $$([ "$$(id -u)" = 0 ] && echo --allow-root)

docs: $(STAMP)
	@if ls gamelib/*/*.so >/dev/null 2>&1; then echo "make docs reads the sources, and make accelerate left compiled modules in their place: run make pure first" >&2; exit 2; fi
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

bench: $(STAMP)
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/seq.py
	$(BIN)/python benchmarks/games.py
	$(BIN)/python benchmarks/solve.py
	cd benchmarks && ../$(BIN)/python deepening.py
	cd benchmarks && ../$(BIN)/python connect4.py
	$(BIN)/python benchmarks/positions.py
	cd benchmarks && ../$(BIN)/python parallel.py

# An optional accelerator: the exact solver's hot modules compiled with mypyc (needs a C
# compiler and Python's headers).  `make pure` goes back to pure Python, the default.
ACCELERATED := gamelib/games/connect4_board.py gamelib/games/connect4_packed.py \
	gamelib/games/connect4_native.py gamelib/search/packed_methods.py \
	gamelib/algorithms/packed_search.py

accelerate: $(STAMP)
	$(BIN)/mypyc $(ACCELERATED)
	$(BIN)/python -c 'from gamelib.algorithms.packed_search import compiled; from gamelib.games.connect4_native import running_compiled; import sys; sys.exit(0 if compiled() and running_compiled() else "the compiled modules did not load")'

pure:
	rm -f $(patsubst %.py,%.*.so,$(ACCELERATED)) *__mypyc.*.so
	rm -rf build

check-python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "gamelib needs Python 3.11 or newer; set PYTHON=... to choose one")'

$(STAMP): pyproject.toml | check-python
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
