// The page's four demos, each a few calls of the tessel CLI (compiled to WebAssembly by
// web/build.sh, embedded in tessel_wasm.js).
"use strict";

let wasm = null;

/** Runs `tessel ARGS...`: {ok, text}, the text as the CLI prints it. */
function tessel(...args) {
  const bytes = new TextEncoder().encode(args.join("\n"));
  const at = wasm.input(bytes.length);
  new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
  const n = wasm.run(at, bytes.length);
  const out = new Uint8Array(wasm.memory.buffer, wasm.answer(), n).slice();
  return { ok: out[0] === 1, text: new TextDecoder().decode(out.subarray(1)).trimEnd() };
}

const $ = (id) => document.getElementById(id);

/** Runs each command in turn; the first failure goes to the demo's error line. */
function all(errorId, ...commands) {
  $(errorId).textContent = "";
  const results = [];
  for (const args of commands) {
    const r = tessel(...args);
    if (!r.ok) {
      $(errorId).textContent = `tessel ${args.join(" ")}\n${r.text}`;
      return null;
    }
    results.push(r.text);
  }
  return results;
}

/** The cells of a drawn picture whose label satisfies `keep`. */
function cells(pictureId, keep) {
  return [...$(pictureId).querySelectorAll("g.cell")].filter((g) => keep(g.textContent));
}

function layoutDemo() {
  const l = $("layout").value;
  const r = all("layout-error", ["svg", l], ["show", l]);
  $("layout-picture").innerHTML = r ? r[0] : "";
  $("layout-table").textContent = r ? r[1] : "";
}

function compositionDemo() {
  const [a, b] = [$("comp-a").value, $("comp-b").value];
  const r = all("comp-error", ["composition", a, b], ["svg", a]);
  $("comp-result").textContent = r ? r[0] : "";
  $("comp-a-picture").innerHTML = r ? r[1] : "";
  const rs = r && all("comp-error", ["svg", r[0]]);
  $("comp-r").innerHTML = rs ? rs[0] : "";
  for (const g of $("comp-r").querySelectorAll("g.cell")) {
    const outline = (on) => cells("comp-a-picture", (t) => t === g.textContent)
      .forEach((c) => c.classList.toggle("highlight", on));
    g.addEventListener("mouseenter", () => outline(true));
    g.addEventListener("mouseleave", () => outline(false));
  }
}

function divideDemo() {
  const [l, t] = [$("div-layout").value, $("div-tiler").value];
  const r = all("div-error", ["logical_divide", l, t], ["zipped_divide", l, t], ["svg", "--divide", l, t]);
  $("div-logical").textContent = r ? r[0] : "";
  $("div-zipped").textContent = r ? r[1] : "";
  $("div-picture").innerHTML = r ? r[2] : "";
}

/** local_partition's TV layout: the tile's coordinates divided by the thread layout's shape,
 *  the thread mode read through the thread layout's inverse (thread t -> its coordinate). */
function threadLayoutTv(tile, thr) {
  const shape = thr.split(":")[0];
  const r = all("part-error", ["size", thr], ["right_inverse", thr], ["zipped_divide", `(${tile})`, shape]);
  if (!r) return null;
  const rest = (tile.split(",").reduce((p, x) => p * Number(x), 1)) / Number(r[0]);
  const tv = all("part-error", ["composition", r[2], `<${r[1]},${rest}:1>`]);
  return tv && tv[0];
}

function partitionDemo() {
  const tile = $("part-tile").value.replace(/[()\s]/g, "");
  const tv = $("part-by-tv").checked ? $("part-tv").value : threadLayoutTv(tile, $("part-thr").value);
  $("part-result").textContent = tv || "";
  const r = tv && all("part-error", ["svg", "--tv", tv, "--tile", tile]);
  $("part-picture").innerHTML = r ? r[0] : "";
  const t = $("part-thread").value.trim();
  const mine = cells("part-picture", (label) => label.startsWith(`T${t}V`));
  mine.forEach((g) => g.classList.add("highlight"));
  $("part-which").textContent = t;
  $("part-count").textContent = String(mine.length);
}

const demos = {
  layout: layoutDemo, "comp-a": compositionDemo, "comp-b": compositionDemo,
  "div-layout": divideDemo, "div-tiler": divideDemo, "part-tile": partitionDemo,
  "part-thr": partitionDemo, "part-tv": partitionDemo, "part-thread": partitionDemo,
  "part-by-thr": partitionDemo, "part-by-tv": partitionDemo,
};

WebAssembly.instantiate(Uint8Array.from(atob(TESSEL_WASM), (c) => c.charCodeAt(0)), {})
  .then(({ instance }) => {
    wasm = instance.exports;
    for (const [id, demo] of Object.entries(demos)) $(id).addEventListener("input", demo);
    for (const demo of new Set(Object.values(demos))) demo();
    $("status").textContent = "Ready: type into any field.";
    document.body.dataset.ready = "1";
  })
  .catch((e) => { $("status").textContent = `WebAssembly failed: ${e}`; });
