"use strict";
// The end of a hand, drawn from the view's summary: its title, each win (the hand shown, its yaku
// and who paid what), a draw, the payments and, after the last hand, the final ranking. Loaded
// before app.js, whose draw() calls drawSummary(); it uses app.js's state and helpers.
function drawSummary() {
  const v = state.view, s = v.summary;
  const box = $("summary");
  box.hidden = !s;
  if (!s) { box.innerHTML = ""; return; }
  box.innerHTML = "";
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
  const pos = s.position;
  let title = `${tr("round", { wind: tr(`wind_${pos.round_wind}`), n: pos.kyoku + 1 })} · ${tr("honba")} ${pos.honba}: `;
  if (s.ending === "win") {
    const names = s.wins.map((w) => nameOf(w.hand.seat, s.dealer));
    const how = tr(`how_${s.reason}`);
    if (s.wins.length > 1) title += tr("summary_win_many", { who: names.join(", ") });
    else title += s.wins[0].hand.seat === 0 ? tr("summary_you_win", { how }) : tr("summary_win", { who: names[0], how });
  } else if (s.ending === "draw") {
    title += tr(s.reason === "nagashi_mangan" ? "summary_nagashi" : "summary_draw");
  } else {
    title += tr("summary_abort", { reason: tr(`reason_${s.reason}`) });
  }
  const h = el("h2", title);
  h.id = "summary-title";
  box.append(h);
  for (const w of s.wins) box.append(winBlock(w, s, el));
  if (s.ending === "draw") box.append(drawBlock(s, el));
  box.append(paymentsTable(s, el));
  if (v.over && !v.more_summaries && v.final && !v.game.one_hand) box.append(finalTable(v.final, s.dealer, el));
  box.append(el("p", tr("seed_line", { seed: v.game.seed, rules: v.game.rules, opponents: v.game.opponents }), "seed-line"));
  const buttons = el("div", undefined, "summary-buttons");
  if (!v.over || v.more_summaries) {
    const next = el("button", tr("next_hand"), "next-hand");
    next.type = "button";
    next.addEventListener("click", () => send({ type: "next" }));
    buttons.append(next);
  }
  const again = el("button", tr(v.game.one_hand ? "new_hand" : "new_game"), "summary-new");
  again.type = "button";
  again.addEventListener("click", () => { $("seed").value = ""; newGame(); });
  buttons.append(again);
  box.append(buttons);
}

// The seats of the game shown, 0 (you) first: four, or three at a table of three.
function seatsOf() { return [...Array(state.view.game.players).keys()]; }

function tilesRow(tiles, el, extra = {}) {
  const row = el("span", undefined, "tiles-row");
  for (const id of tiles) row.append(tileElement(id, { classes: extra[id] || [], label: tileName(id) }));
  return row;
}

function shownHand(hand, el) {
  const row = el("div", undefined, "shown-hand");
  row.append(tilesRow(hand.concealed, el));
  if (hand.winning_tile !== null) {
    const win = tileElement(hand.winning_tile, { classes: ["winning"], label: `${tileName(hand.winning_tile)}, ${tr("winning_tile")}` });
    row.append(win);
  }
  for (const meld of hand.melds) row.append(meldElement(meld));
  return row;
}

function winBlock(w, s, el) {
  const dealer = s.dealer;
  const block = el("div", undefined, "win");
  const source = w.from === null ? tr("from_tsumo") : tr("from_ron", { who: nameOf(w.from, dealer) });
  block.append(el("h3", `${nameOf(w.hand.seat, dealer)} — ${source}, ${tr("wait", { wait: tr(`wait_${w.wait}`) })}`));
  block.append(shownHand(w.hand, el));
  const ind = el("div", `${tr("dora_ind")}: `, "indicators");
  ind.append(tilesRow(w.dora_indicators, el));
  if (w.ura_indicators.length) { ind.append(` ${tr("ura")}: `); ind.append(tilesRow(w.ura_indicators, el)); }
  block.append(ind);
  const cols = el("div", undefined, "score-cols");
  const yaku = el("table", undefined, "yaku");
  yaku.append(el("caption", tr("yaku")));
  for (const [name, han] of w.yaku) {
    const tr_ = el("tr");
    tr_.append(el("td", (YAKU[state.lang][name] || name.replace(/_/g, " "))), el("td", `${han} ${tr("han")}`, "num"));
    yaku.append(tr_);
  }
  const fu = el("table", undefined, "fu");
  fu.append(el("caption", tr("fu")));
  let sum = 0;
  for (const item of w.fu_items) {
    sum += item.fu;
    const row = el("tr");
    const what = el("td", FU[state.lang][item.reason] || item.reason);
    if (item.tile) { what.append(" "); what.append(tileElement(tileIdOf(item.tile), { classes: ["small"], label: tileName(tileIdOf(item.tile)) })); }
    row.append(what, el("td", String(item.fu), "num"));
    fu.append(row);
  }
  if (w.fu_items.length) {
    const foot = el("tr", undefined, "fu-sum");
    foot.append(el("td", tr("fu_total", { sum, fu: w.fu })), el("td", String(w.fu), "num"));
    fu.append(foot);
  }
  cols.append(yaku, fu);
  block.append(cols);
  const limit = w.limit ? ` ${tr(`limit_${w.limit}`)}` : "";
  block.append(el("p", tr("total", { han: w.han, fu: w.fu, limit, points: fmt(w.points) }), "total"));
  block.append(el("p", paysText(w, s), "pays"));
  return block;
}

function tileIdOf(notation) {
  const rank = Number(notation[0]), suit = "mpsz".indexOf(notation[1]);
  return (suit * 9 + rank - 1) * 4 + 1;
}

// Who paid what in one win, from the win's own point changes (counters included), and the
// riichi sticks the winner took from the table. The counters are named where this win was paid
// them: beyond its points (of several rons on one discard, some rules pay only the first winner).
// A win with a liable player (pao) names each seat that paid, as the rules split it.
function paysText(w, s) {
  const dealer = s.dealer, paid = (seat) => fmt(-w.deltas[seat]);
  const others = seatsOf().filter((x) => x !== w.hand.seat);
  const counters = -others.reduce((sum, x) => sum + w.deltas[x], 0) > w.points;
  const payer = (x) => (x === 0 ? tr("you_pay_ron", { points: paid(x) }) : tr("pays_ron", { who: nameOf(x, dealer), points: paid(x) }))
    + (x === w.pao ? tr("liable") : "");
  let text;
  if (w.pao !== null) text = others.filter((x) => w.deltas[x] < 0).map(payer).join("; ");
  else if (w.from !== null) text = payer(w.from);
  else if (w.hand.seat === dealer) text = tr("pays_each", { other: paid(others[0]) });
  else {  // at a table of three one other player pays beside the dealer
    const key = others.length === 2 ? "pays_dealer_one" : "pays_dealer";
    text = tr(key, { dealer: paid(dealer), other: paid(others.find((x) => x !== dealer)) });
  }
  const extras = [];
  if (counters) extras.push(tr("counters", { n: s.position.honba }));
  if (w.sticks_won) extras.push(tr("riichi_sticks", { n: fmt(w.sticks_won) }));
  return text + (extras.length ? tr("with_extras", { extras: extras.join(", ") }) : "");
}

function drawBlock(s, el) {
  const block = el("div", undefined, "draw");
  const tenpai = new Set(s.tenpai.map((h) => h.seat));
  const names = (seats) => seats.map((x) => nameOf(x, s.dealer)).join(", ") || tr("nobody");
  const all = seatsOf();
  block.append(el("p", `${tr("tenpai_list", { list: names(all.filter((x) => tenpai.has(x))) })} · ${tr("noten_list", { list: names(all.filter((x) => !tenpai.has(x))) })}`));
  for (const hand of s.tenpai) {
    const p = el("p", `${hand.seat === 0 ? tr("you_wait_on") : tr("waits_on", { who: nameOf(hand.seat, s.dealer) })}: `, "waits");
    for (const type of hand.waits) p.append(tileElement(type * 4 + 1, { classes: ["small"], label: typeName(type) }));
    block.append(p, shownHand(hand, el));
  }
  const paid = tenpai.size > 0 && tenpai.size < all.length;
  if (s.reason === "nagashi_mangan") {  // paid as mangan tsumo, in place of the noten payments
    block.append(el("p", tr("nagashi_pay", { who: names(all.filter((x) => s.deltas[x] > 0)) })));
  } else {
    block.append(el("p", paid ? tr("noten_pay", { total: fmt(s.noten_total) }) : tr("no_noten_pay")));
  }
  return block;
}

// Every seat's points through the hand, each row adding up: the points at the start, the riichi
// sticks put down, the hand's payments (counters and sticks won included), at the game's end the
// sticks left on the table settled (returned to their owners, or to the first place), and after.
function paymentsTable(s, el) {
  const v = state.view;
  const table = el("table", undefined, "payments");
  table.append(el("caption", tr("payments")));
  const seats = seatsOf();
  const deposits = seats.map((x) => s.scores[x] - s.start_scores[x] - s.deltas[x]);
  const settled = s.leftover_sticks && s.leftover_sticks.some((n) => n !== 0) ? s.leftover_sticks : null;
  const columns = [["before", s.start_scores, fmt], ["deposit", deposits, signed], ["change", s.deltas, signed]];
  if (settled) columns.push([`settled_${v.game.leftover}`, settled, signed]);
  const after = seats.map((x) => s.scores[x] + (settled ? settled[x] : 0));
  columns.push(["after", after, fmt]);
  const head = el("tr");
  head.append(el("th", ""));
  for (const [key] of columns) head.append(el("th", tr(key), `col-${key.split("_")[0]}`));
  table.append(head);
  const cell = (values, show, x) => el("td", show(values[x]), `num ${values === s.deltas ? (values[x] > 0 ? "gain" : values[x] < 0 ? "loss" : "") : ""}`);
  for (const x of seats) {
    const row = el("tr", undefined, x === 0 ? "you" : "");
    row.append(el("th", `${nameOf(x, s.dealer)}${x === 0 ? ` (${tr(`wind_${(seats.length - s.dealer) % seats.length}`)})` : ""}`));
    for (const [, values, show] of columns) row.append(cell(values, show, x));
    table.append(row);
  }
  const total = el("tr", undefined, "total-row");
  total.append(el("th", tr("sum_row")));
  for (const [, values, show] of columns) total.append(el("td", show(values.reduce((a, b) => a + b, 0)), "num"));
  table.append(total);
  return table;
}

// The game's end: each player's points, the return, uma (and oka) and the result the engine
// computed, named as in the last hand's tables.
function finalTable(final, dealer, el) {
  const table = el("table", undefined, "final");
  table.append(el("caption", tr("final_results")));
  const head = el("tr");
  const umaKey = final.oka ? "uma_oka" : "uma";
  for (const text of [tr("place"), tr("player"), tr("points"), tr("return_points"), tr(umaKey), tr("result")]) head.append(el("th", text));
  table.append(head);
  const order = seatsOf().sort((a, b) => final.ranks[a] - final.ranks[b] || a - b);
  for (const seat of order) {
    const points = final.scores[seat], uma = final.results[seat] - (points - final.return_points);
    const row = el("tr", undefined, seat === 0 ? "you" : "");
    row.append(el("td", String(final.ranks[seat])), el("td", nameOf(seat, dealer)), el("td", fmt(points), "num"),
               el("td", signed(-final.return_points), "num"), el("td", signed(uma), "num"),
               el("td", signed(final.results[seat]), "num result"));
    table.append(row);
  }
  return table;
}
