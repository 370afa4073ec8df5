/* The stepper of "Alpha-beta, seen": replay a search of a handout tree event by event.
 *
 * The data is what docs/hooks.py exported at build time from the searches' observer
 * events (gamelib.trace.steps): for each tree and search kind, the tree's nodes and
 * one step per event, then a last step with the search's answer.  The display at step k
 * is computed afresh from steps 0..k-1 every time, never by undoing, so stepping back
 * shows exactly what was shown before.
 * Without JavaScript the page keeps its static pictures; this script only fills in
 * the element with id "gamelib-stepper", and in a notebook every element of class
 * "gamelib-stepper-cell" (gamelib.notebook.stepper), each with its own data inside.
 * gamelib carries this file (gamelib/trace/web); the docs' build copies it to the site.
 */
(function () {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  const COLUMN = 150; // horizontal distance between depths
  const ROW = 54; // vertical distance between leaves
  const WIDTH = 104; // a node's shape
  const HEIGHT = 42;
  const PAD = 6;
  // The least the picture is scaled down to fit its box (node names 14 px at full size,
  // so never under 11.2 px); a narrower box scrolls the picture sideways instead.
  const MIN_SCALE = 0.8;

  const SYMBOLS = { exact: "", "at least": "≥ ", "at most": "≤ " };
  const WORDS = { exact: "", "at least": "at least ", "at most": "at most " };

  /* The value as a node shows it: "4", "≥ 4", "≤ 1". */
  function shortValue(value, bound) {
    return (SYMBOLS[bound] || "") + value;
  }

  /* The value as a sentence says it: "4", "at least 4", "at most 1". */
  function wordValue(value, bound) {
    return (WORDS[bound] || "") + value;
  }

  function windowText(window) {
    return window === null ? "" : "(" + window[0] + ", " + window[1] + ")";
  }

  /* Every node under `id`, `id` included. */
  function subtree(nodes, id) {
    const found = [];
    const stack = [id];
    while (stack.length) {
      const n = stack.pop();
      found.push(n);
      for (const c of nodes[n].children) stack.push(c);
    }
    return found;
  }

  function blank() {
    return {
      state: "unvisited",
      window: null,
      depth: null,
      value: null,
      best: null,
      table: false,
      proven: null,
    };
  }

  /* What is shown after the first k steps of `search`. */
  function displayAt(search, k) {
    const nodes = search.nodes;
    const steps = search.steps;
    // A search of several passes (MTD(f), iterative deepening) enters the root again:
    // only the pass the step belongs to is shown.
    let passes = 0;
    let pass = 0;
    let start = 0;
    steps.forEach(function (step, i) {
      if (step.event === "enter" && step.node === 0) {
        passes += 1;
        if (i < k) {
          pass = passes;
          start = i;
        }
      }
    });
    const shown = nodes.map(blank);
    for (let i = start; i < k; i++) {
      const step = steps[i];
      const node = shown[step.node];
      switch (step.event) {
        case "enter":
          // Entering a node again (a re-search) starts it afresh.
          for (const n of subtree(nodes, step.node)) shown[n] = blank();
          shown[step.node].state = "open";
          shown[step.node].window = step.window;
          shown[step.node].depth = step.depth;
          break;
        case "leave":
          node.state = "done";
          node.value = shortValue(step.value, step.bound);
          node.best = step.best;
          break;
        case "cut":
          for (const p of step.pruned) {
            for (const n of subtree(nodes, p)) shown[n].state = "pruned";
          }
          break;
        case "table":
          node.table = true;
          node.value = shortValue(step.value, step.bound);
          break;
        case "simulate":
        case "prove":
          // MCTS: one simulation walked `path`; each position on it shows its visits and
          // mean result so far, as the step carries them.  Proof-number search: one
          // expansion at the end of the most-proving path; each position whose numbers
          // changed shows them (proof/disproof).
          for (const [n, text] of step.shown) {
            shown[n].state = "done";
            shown[n].value = text;
          }
          for (const [n, outcome] of step.proven) shown[n].proven = outcome;
          break;
        case "done":
          if (step.line) {
            // MCTS's answer: the line of most visited moves, from the root (PNS's: the
            // proof's line).
            for (let i = 0; i + 1 < step.line.length; i++) shown[step.line[i]].best = step.line[i + 1];
            break;
          }
          // The answer: the root's value (a pass of MTD(f) may have left it with a bound).
          node.state = "done";
          node.value = step.value;
          node.best = step.best;
          break;
        default:
          break;
      }
    }
    const current = k > 0 ? steps[k - 1].node : null;
    const text = k > 0 ? describe(search, shown, steps[k - 1], k) : "the search has not started";
    const over = k > 0 && steps[k - 1].event === "done";
    // While MCTS runs, the path of the simulation just made is drawn bold.
    const walking = k > 0 && (steps[k - 1].event === "simulate" || steps[k - 1].event === "prove");
    const walked = walking ? new Set(steps[k - 1].path.slice(1)) : null;
    return {
      shown: shown,
      bold: walked || boldEdges(nodes, shown, over),
      current: current,
      text: text,
      pass: pass,
      passes: passes,
    };
  }

  /* The nodes whose edge from their parent is drawn bold.  During the search: the best
   * move of each position left, where it leads to a position searched in this pass (a
   * table's answer names a best move it did not search here).  Once the search is over:
   * only the line it chose, from the root down through those moves. */
  function boldEdges(nodes, shown, over) {
    const bold = new Set();
    const hasSearchedBest = function (id) {
      return shown[id].state === "done" && shown[id].best !== null && shown[shown[id].best].state === "done";
    };
    if (over) {
      for (let id = 0; hasSearchedBest(id); id = shown[id].best) bold.add(shown[id].best);
    } else {
      nodes.forEach(function (_, id) {
        if (hasSearchedBest(id)) bold.add(shown[id].best);
      });
    }
    return bold;
  }

  /* One line on what the step did, in the words of the text traces. */
  function describe(search, shown, step, number) {
    const nodes = search.nodes;
    const name = nodes[step.node].name;
    const here = shown[step.node];
    switch (step.event) {
      case "simulate": {
        const walked = step.path
          .map(function (n) {
            return nodes[n].name;
          })
          .join(" → ");
        const expanded = step.expanded === null ? "" : ", expanding " + nodes[step.expanded].name;
        let how = "estimated";
        if (step.playout > 0) how = "played out " + step.playout + (step.playout === 1 ? " move" : " moves");
        else if (nodes[step.node].side === null) how = "the game is over";
        const proofs = step.proven
          .map(function (p) {
            return "; proved " + nodes[p[0]].name + ": " + p[1];
          })
          .join("");
        return "simulation " + number + ": " + walked + expanded + "; " + how + ", result " + step.result + proofs;
      }
      case "prove": {
        const walked = step.path
          .map(function (n) {
            return nodes[n].name;
          })
          .join(" → ");
        const root = step.root === null ? "" : "; root " + step.root[0] + "/" + step.root[1];
        const settled = step.proven
          .map(function (p) {
            return "; settled " + nodes[p[0]].name + ": " + p[1];
          })
          .join("");
        return "step " + number + ": most-proving path " + walked + ", expanding " + name + root + settled;
      }
      case "enter":
        return step.window === null
          ? "enter " + name
          : "enter " + name + " with window " + windowText(step.window);
      case "leave": {
        const value = wordValue(step.value, step.bound);
        if (here.table) return "leave " + name + ": worth " + value + ", from the table";
        if (nodes[step.node].side === null) return "game over at " + name + ": " + value;
        const searched = nodes[step.node].children.some(function (c) {
          return shown[c].state === "open" || shown[c].state === "done";
        });
        if (!searched) return "estimate " + name + ": " + value;
        const best = step.best === null ? "" : ", best move to " + nodes[step.best].name;
        return "leave " + name + ": worth " + value + best;
      }
      case "cut": {
        let line = "cut at " + name + ": " + nodes[step.move].name + " gave " + step.value;
        if (here.window !== null) {
          line +=
            nodes[step.node].side === "Maxie"
              ? ", at or above β = " + here.window[1]
              : ", at or below α = " + here.window[0];
        }
        if (step.pruned.length === 0) return line + "; no moves were left to search";
        const names = step.pruned.map(function (p) {
          return nodes[p].name;
        });
        return line + "; " + names.join(", ") + " never " + (here.depth === 1 ? "estimated" : "searched");
      }
      case "table":
        return "the table answers " + name + ": " + wordValue(step.value, step.bound);
      case "done":
        if (step.question) {
          const line = step.line
            .map(function (n) {
              return nodes[n].name;
            })
            .join(" → ");
          // A line of the root alone proves nothing to point at (the grader's report of a
          // student's answer, which came without a proof); `counted` says what was counted.
          const along = step.line.length > 1 ? ", proved along " + line : "";
          return (
            "search over: " + step.question + " " + (step.holds ? "yes" : "no") + along +
            "; " + step.positions + " " + (step.counted || "positions played")
          );
        }
        if (step.line) {
          return (
            "search over after " + step.simulations + " simulations: best move to " + nodes[step.best].name +
            ", visited " + step.visits + " times, mean result " + step.mean + " for Maxie"
          );
        }
        return (
          "search over: " + name + " is worth " + step.value + ", best move to " + nodes[step.best].name +
          "; " + step.positions + " positions visited (root included), " + step.leaves + " estimated or finished"
        );
      default:
        return "";
    }
  }

  /* Where each node is drawn: depth across, leaves one row apart, a parent beside its children. */
  function layout(nodes) {
    const at = nodes.map(function () {
      return { x: 0, y: 0 };
    });
    let row = 0;
    let deepest = 0;
    // Depth first without recursion: a node is placed once its children are.
    const stack = [[0, 0, false]];
    while (stack.length) {
      const [id, depth, expanded] = stack.pop();
      const kids = nodes[id].children;
      if (expanded || kids.length === 0) {
        at[id].x = PAD + depth * COLUMN;
        at[id].y = kids.length === 0 ? PAD + row++ * ROW : (at[kids[0]].y + at[kids[kids.length - 1]].y) / 2;
        deepest = Math.max(deepest, depth);
        continue;
      }
      stack.push([id, depth, true]);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1, false]);
    }
    return { at: at, width: 2 * PAD + deepest * COLUMN + WIDTH, height: 2 * PAD + (row - 1) * ROW + HEIGHT };
  }

  function element(tag, attributes, text) {
    const made = document.createElementNS(SVG, tag);
    for (const key of Object.keys(attributes)) made.setAttribute(key, attributes[key]);
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function draw(search, places, display) {
    const nodes = search.nodes;
    const shown = display.shown;
    const svg = element("svg", {
      class: "stepper-svg",
      viewBox: "0 0 " + places.width + " " + places.height,
      width: places.width,
      style: "min-width: " + Math.ceil(places.width * MIN_SCALE) + "px",
      role: "img",
      "aria-label": "the tree searched, at this step",
    });
    const edges = element("g", { class: "stepper-edges" });
    const drawn = element("g", { class: "stepper-nodes" });
    svg.appendChild(edges);
    svg.appendChild(drawn);
    nodes.forEach(function (node, id) {
      const p = places.at[id];
      const s = shown[id];
      for (const c of node.children) {
        const q = places.at[c];
        const x1 = p.x + WIDTH;
        const y1 = p.y + HEIGHT / 2;
        const x2 = q.x;
        const y2 = q.y + HEIGHT / 2;
        const middle = (x1 + x2) / 2;
        let kind = "stepper-edge edge-" + shown[c].state;
        if (display.bold.has(c)) kind += " best";
        edges.appendChild(
          element("path", {
            class: kind,
            "data-from": node.path.join(" "),
            "data-to": nodes[c].path.join(" "),
            d: "M" + x1 + "," + y1 + " C" + middle + "," + y1 + " " + middle + "," + y2 + " " + x2 + "," + y2,
          })
        );
      }
      const side = node.side === null ? "end" : node.side.toLowerCase();
      const group = element("g", {
        class: "stepper-node " + side + " state-" + s.state + (display.current === id ? " current" : ""),
        "data-node": id,
        "data-path": node.path.join(" "),
        "data-name": node.name,
        "data-state": s.state,
      });
      if (node.side === "Minnie") {
        group.appendChild(
          element("ellipse", {
            class: "stepper-shape",
            cx: p.x + WIDTH / 2,
            cy: p.y + HEIGHT / 2,
            rx: WIDTH / 2,
            ry: HEIGHT / 2,
          })
        );
      } else {
        group.appendChild(
          element("rect", { class: "stepper-shape", x: p.x, y: p.y, width: WIDTH, height: HEIGHT, rx: 3 })
        );
      }
      const middle = p.x + WIDTH / 2;
      group.appendChild(
        element("text", { class: "stepper-name", x: middle - 5, y: p.y + 18, "text-anchor": "end" }, node.name)
      );
      group.appendChild(
        element("text", { class: "stepper-value", x: middle + 3, y: p.y + 18, "text-anchor": "start" }, s.value || "")
      );
      group.appendChild(
        element(
          "text",
          { class: "stepper-window", x: middle, y: p.y + 34, "text-anchor": "middle" },
          s.proven !== null ? "proven: " + s.proven : windowText(s.window)
        )
      );
      if (s.state === "pruned") {
        group.appendChild(
          element("line", {
            class: "stepper-strike",
            x1: p.x + 8,
            y1: p.y + HEIGHT - 6,
            x2: p.x + WIDTH - 8,
            y2: p.y + 6,
          })
        );
      }
      const title = node.path.length ? node.name + ", reached by move " + node.path.join(" ") : node.name + ", the root";
      group.appendChild(element("title", {}, title + " (" + s.state + ")"));
      drawn.appendChild(group);
    });
    return svg;
  }

  function html(tag, attributes, text) {
    const made = document.createElement(tag);
    for (const key of Object.keys(attributes)) made.setAttribute(key, attributes[key]);
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function start(root, data) {
    const trees = data.trees;
    const kinds = data.kinds;
    if (!trees.length || !kinds.length) return;

    root.textContent = "";
    root.classList.add("stepper-ready");
    root.setAttribute("tabindex", "0");
    const controls = html("div", { class: "stepper-controls" });
    const treeChoice = html("select", { class: "stepper-tree", "aria-label": "tree" });
    for (const tree of trees) treeChoice.appendChild(html("option", { value: tree.key }, tree.title));
    const kindChoice = html("select", { class: "stepper-kind", "aria-label": "search" });
    for (const kind of kinds) {
      kindChoice.appendChild(html("option", { value: kind.name }, kind.name + ": " + kind.summary));
    }
    const treeLabel = html("label", {}, "Tree ");
    treeLabel.appendChild(treeChoice);
    const kindLabel = html("label", {}, "Search ");
    kindLabel.appendChild(kindChoice);
    controls.appendChild(treeLabel);
    controls.appendChild(kindLabel);

    const buttons = html("div", { class: "stepper-buttons" });
    const go = {};
    for (const [key, label, title] of [
      ["first", "« First", "first step (Home)"],
      ["back", "‹ Back", "one step back (←)"],
      ["forward", "Forward ›", "one step forward (→)"],
      ["last", "Last »", "last step (End)"],
    ]) {
      go[key] = html("button", { type: "button", class: "md-button stepper-" + key, title: title }, label);
      buttons.appendChild(go[key]);
    }
    const counter = html("span", { class: "stepper-counter" });
    const passLine = html("span", { class: "stepper-pass" });
    buttons.appendChild(counter);
    buttons.appendChild(passLine);

    const player = html("p", { class: "stepper-player" });
    const event = html("p", { class: "stepper-event", "aria-live": "polite" });
    const view = html("div", { class: "stepper-view" });
    for (const part of [controls, player, buttons, event, view]) root.appendChild(part);

    let search = null;
    let places = null;
    let step = 0;

    function show() {
      const display = displayAt(search, step);
      counter.textContent = "step " + step + " of " + search.steps.length;
      passLine.textContent = display.passes > 1 && display.pass > 0 ? "search " + display.pass + " of " + display.passes + " of the root" : "";
      event.textContent = display.text;
      view.replaceChildren(draw(search, places, display));
      const focused = document.activeElement;
      go.first.disabled = go.back.disabled = step === 0;
      go.forward.disabled = go.last.disabled = step === search.steps.length;
      // A disabled button loses the focus to the page: keep it in the stepper, where the
      // arrow keys still step and Tab goes on from the controls.
      if (focused !== null && focused.disabled && root.contains(focused)) root.focus({ preventScroll: true });
    }

    function choose() {
      const tree = trees.find(function (t) {
        return t.key === treeChoice.value;
      });
      search = tree.searches[kindChoice.value];
      places = layout(search.nodes);
      player.textContent = search.player + " on " + tree.title + (tree.text ? ": " + tree.text : "");
      step = 0;
      show();
    }

    function move(to) {
      step = Math.max(0, Math.min(search.steps.length, to));
      show();
    }

    go.first.addEventListener("click", function () {
      move(0);
    });
    go.back.addEventListener("click", function () {
      move(step - 1);
    });
    go.forward.addEventListener("click", function () {
      move(step + 1);
    });
    go.last.addEventListener("click", function () {
      move(search.steps.length);
    });
    treeChoice.addEventListener("change", choose);
    kindChoice.addEventListener("change", choose);
    root.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || e.target.tagName === "SELECT") return;
      const to = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: search.steps.length }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      move(to);
    });

    if (kinds.some((k) => k.name === "alphabeta")) kindChoice.value = "alphabeta";
    choose();
  }

  function init() {
    // The docs' page: one stepper, its data in an element of its own.
    const root = document.getElementById("gamelib-stepper");
    const source = document.getElementById("gamelib-stepper-data");
    if (root && source && !root.classList.contains("stepper-ready")) start(root, JSON.parse(source.textContent));
    // A notebook's cells (gamelib.notebook.stepper): each carries its own data inside.
    for (const cell of document.querySelectorAll(".gamelib-stepper-cell:not(.stepper-ready)")) {
      const data = cell.querySelector("script.gamelib-stepper-data");
      if (data) start(cell, JSON.parse(data.textContent));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
