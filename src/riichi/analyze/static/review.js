"use strict";
// The review page of riichi.analyze: one decision at a time, in play order, with the table drawn
// as the seat saw it; previous/next (or the arrow keys), a filter to the significant losses, and
// for each of those the hand as a tenhou.net/6 log. Tiles come from the web game's tiles.js
// (tileFace), inlined before this script; the review itself is the JSON in #review-data.
const REVIEW = JSON.parse(document.getElementById("review-data").textContent);
const WINDS = ["East", "South", "West", "North"];
// where each seat sits from the reviewed one, by the table's number of seats: at a table of
// three the seat after the right-hand one sits left, at a table of two the other sits across
const SIDES = { 4: ["you", "right", "across", "left"], 3: ["you", "right", "left"], 2: ["you", "across"] };
const decisions = REVIEW.decisions;
const PLACES = ["1st", "2nd", "3rd", "4th"];  // as many as the table has seats
let current = 0;
// under rules without red fives the ids tiles.js draws red are plain fives
if (decisions.length && decisions[0].table.red_fives === false) RED_FIVES.clear();

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

function tile(id, classes = []) {
  const span = el("span", { class: ["tile", ...classes].join(" "), role: "img", "data-tile": String(id) });
  span.innerHTML = tileFace(id);
  return span;
}

function fmt(x, digits = 0) {
  // rounded first so that a number that rounds to zero shows no sign ("-0" reads as a loss)
  const rounded = Number(x.toFixed(digits)) || 0;
  return rounded.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
function interval(e) { return `${fmt(e.mean)} [${fmt(e.low)}, ${fmt(e.high)}]`; }
function share(e) { return `${Math.round(100 * e.mean)}%`; }

function flagged(k) { return decisions[k].lost !== null; }
function visible() {
  const onlyFlagged = document.getElementById("filter").value === "flagged";
  return decisions.map((_, k) => k).filter((k) => !onlyFlagged || flagged(k));
}

function seatPanel(view, s) {
  const seat = view.seats[s];
  const side = SIDES[view.seats.length][(s - view.seat + view.seats.length) % view.seats.length];
  const marks = [WINDS[view.winds[s]], fmt(seat.score)];
  if (s === view.dealer) marks.push("dealer");
  if (seat.riichi) marks.push("riichi");
  if (seat.kita && seat.kita.length) marks.push(`kita ${seat.kita.length}`);
  const panel = el("div", { class: "seat" + (s === view.seat ? " me" : ""), "data-seat": String(s) },
    el("div", { class: "who", text: `seat ${s + 1} (${side}) · ${marks.join(" · ")}` }));
  const pond = el("div", { class: "pond" });
  for (const d of seat.discards) {
    const classes = [];
    if (d.riichi) classes.push("riichi-tile");
    if (d.tsumogiri) classes.push("tsumogiri");
    if (d.claimed) classes.push("claimed");
    pond.append(tile(d.tile, classes));
  }
  panel.append(pond);
  if (seat.melds.length) {
    const melds = el("div", { class: "melds" });
    for (const meld of seat.melds) melds.append(el("span", { class: "meld" }, ...meld.map((t) => tile(t))));
    panel.append(melds);
  }
  return panel;
}

function board(view) {
  const info = el("div", { class: "meta" },
    `${view.round}, ${view.honba} honba · ${view.wall} tiles left in the wall · dora indicators `,
    el("span", { class: "dora" }, ...view.dora_indicators.map((t) => tile(t))));
  const grid = el("div", { class: "board" });
  for (let k = 0; k < view.seats.length; k++) grid.append(seatPanel(view, (view.seat + k) % view.seats.length));
  const own = el("div", { class: "own", id: "hand" }, el("b", { text: "hand " }), ...view.hand.map((t) => tile(t)));
  if (view.drawn !== null) own.append(tile(view.drawn, ["drawn"]));
  else if (view.offered !== null && view.offered >= 0) own.append(" on offer ", tile(view.offered, ["offered"]));
  return el("div", {}, info, own, grid);
}

function bar(a, low, high) {
  const span = high - low || 1;
  const at = (x) => (100 * (x - low)) / span;
  const b = el("div", { class: "bar" });
  b.innerHTML = `<span style="left:${at(a.value.low).toFixed(1)}%;width:${Math.max(0.5, at(a.value.high) - at(a.value.low)).toFixed(1)}%"></span>` +
    `<i style="left:${at(a.value.mean).toFixed(1)}%"></i>`;
  return b;
}

function actionsTable(d) {
  const game = d.horizon === "game";
  const low = Math.min(...d.actions.map((a) => a.value.low));
  const high = Math.max(...d.actions.map((a) => a.value.high));
  const unit = d.measure === "points" ? "placement points" : "hand points";
  const head = ["action", `${unit} [95%]`, "", "vs played [paired 95%]"]
    .concat(game ? PLACES.slice(0, d.actions[0].placement.length) : []).concat(["win", "deal-in", "draw"]);
  const table = el("table", { class: "actions" }, el("tr", {}, ...head.map((h) => el("th", { text: h }))));
  for (const a of d.actions) {
    const lost = d.lost !== null && d.lost.action === a.action;
    const row = el("tr", { class: a.played ? "played" : lost ? "best-lost" : "" },
      el("td", { text: (a.played ? "★ " : "") + a.action + (a.played ? " (played)" : "") }),
      el("td", { text: interval(a.value) }), el("td", {}, bar(a, low, high)),
      el("td", { text: interval(a.vs_played) }));
    if (game) for (const p of a.placement) row.append(el("td", { text: share(p) }));
    for (const key of ["win", "deal_in", "draw"]) row.append(el("td", { text: share(a[key]) }));
    table.append(row);
  }
  return table;
}

function why(d) {
  // the figures behind a flag: how the hand ended with the played action and with the better one
  const played = d.actions.find((a) => a.played);
  const better = d.actions.find((a) => a.action === d.lost.action);
  const rows = [["", played.action + " (played)", better.action]];
  for (const [key, name] of [["win", "win"], ["deal_in", "deal-in"], ["draw", "draw"]]) {
    rows.push([name, share(played[key]), share(better[key])]);
  }
  const last = played.placement.length - 1;  // the last place: 4th, 3rd at a table of three
  if (d.horizon === "game") rows.push([`1st / ${PLACES[last]}`,
    `${share(played.placement[0])} / ${share(played.placement[last])}`,
    `${share(better.placement[0])} / ${share(better.placement[last])}`]);
  const table = el("table", { class: "why", id: "why" });
  rows.forEach((r, i) => table.append(el("tr", {}, ...r.map((c) => el(i ? "td" : "th", { text: c })))));
  return table;
}

function exportLinks(d, view) {
  const text = JSON.stringify(view.export);
  const box = el("div", { class: "export" }, "the hand as a tenhou.net/6 log: ");
  box.append(el("a", { id: "export-json", download: `${d.label.replace(/[^\w-]+/g, "_")}.json`,
    href: "data:application/json;charset=utf-8," + encodeURIComponent(text), text: "download the JSON" }));
  box.append(el("a", { id: "export-tenhou", href: `https://tenhou.net/6/#json=${encodeURIComponent(text)}&tw=${view.seat}`,
    target: "_blank", rel: "noopener", text: "open in tenhou.net/6" }));
  return box;
}

function render(k) {
  current = k;
  const d = decisions[k];
  const view = d.table;
  const main = document.getElementById("decision");
  main.replaceChildren();
  main.dataset.index = String(k);
  const unit = d.measure === "points" ? "placement points" : "points of the hand";
  const verdict = d.lost !== null
    ? el("span", { class: "loss", text: `lost ${fmt(d.lost.mean)} ${unit} against ${d.lost.action} [${fmt(d.lost.low)}, ${fmt(d.lost.high)}]` })
    : el("span", { text: d.best === d.played ? "the played action ranks first" : "no candidate did significantly better than the played action" });
  main.append(el("h2", {}, `${d.label} (event ${d.event}): `, verdict));
  main.append(el("div", { class: "meta", text: `${d.situation}; ${d.samples} ${d.worlds} worlds to the end of the ${d.horizon}` +
    (d.all_last ? "; all-last: judged by placement" : "") }));
  if (d.warning) main.append(el("div", { class: "warning", text: d.warning }));
  main.append(board(view));
  if (d.lost !== null) {
    main.append(el("div", { class: "flag" }, why(d), view.export ? exportLinks(d, view) : null));
  }
  main.append(actionsTable(d));
  for (const pick of document.querySelectorAll(".pick")) pick.classList.toggle("current", Number(pick.dataset.index) === k);
  const shown = visible();
  const at = shown.indexOf(k);
  document.getElementById("where").textContent = at >= 0 ? `${at + 1} / ${shown.length}` : `– / ${shown.length}`;
  document.getElementById("prev").disabled = !shown.some((j) => j < k);
  document.getElementById("next").disabled = !shown.some((j) => j > k);
  history.replaceState(null, "", `#${d.event}`);
}

function step(direction) {
  const shown = visible();
  const next = direction > 0 ? shown.find((j) => j > current) : shown.filter((j) => j < current).pop();
  if (next !== undefined) render(next);
}

function hands() {
  const box = document.getElementById("hands");
  const rows = new Map();
  decisions.forEach((d, k) => {
    const key = d.table.round_index;
    if (!rows.has(key)) {
      rows.set(key, el("span", { class: "hand-row" }, el("b", { text: d.round_label })));
      box.append(rows.get(key));
    }
    const pick = el("button", { class: "pick" + (flagged(k) ? " flagged" : ""), "data-index": String(k),
      title: d.label, text: d.turn });
    pick.addEventListener("click", () => render(k));
    rows.get(key).append(pick);
  });
}

function filter() {
  const shown = new Set(visible());
  for (const pick of document.querySelectorAll(".pick")) pick.hidden = !shown.has(Number(pick.dataset.index));
  if (!shown.has(current) && shown.size) render([...shown].find((j) => j >= current) ?? [...shown].pop());
  else render(current);
}

document.getElementById("prev").addEventListener("click", () => step(-1));
document.getElementById("next").addEventListener("click", () => step(1));
document.getElementById("filter").addEventListener("change", filter);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT") return;
  if (e.key === "ArrowLeft") step(-1);
  if (e.key === "ArrowRight") step(1);
});
hands();
if (decisions.length) {
  const wanted = decisions.findIndex((d) => `#${d.event}` === location.hash);
  render(wanted >= 0 ? wanted : 0);
}
