"use strict";
// The page's drawing: the table as the server's latest view shows it and the tile the player has
// chosen to discard. Every message from the server is a whole view, so drawing is a pure function
// of it; play.js talks to the server and takes the player's clicks and keys.

const state = {
  lang: localStorage.getItem("riichi.lang") || "uk",
  view: null,
  presets: [],
  threePlayer: [],        // the presets that seat three
  opponents: [],
  opponentsByName: null,  // one name for each AI, as the address (--opponents) gave them
  defaultOpponent: "",
  presetRules: {},        // English rules page of each preset played (sent by the server)
  riichiMode: false,
  riichiMove: -1,
  chosen: null,           // the 136-id chosen to discard, waiting to be confirmed
  focus: -1,              // index of the focused hand tile
  socket: null,
};
const LOOKS = ["contrast", "grain", "temperature"];
const $ = (id) => document.getElementById(id);
const tr = (key, params) => t(state.lang, key, params);
const fmt = (n) => n.toLocaleString(state.lang === "uk" ? "uk-UA" : "en-US");
const signed = (n) => (n > 0 ? `+${fmt(n)}` : n < 0 ? `−${fmt(-n)}` : "0");

// ------------------------------------------------------------------ names
function tileName(id) {
  const type = id >> 2;
  if (type >= 27) return tr(`honor_${type - 27}`);
  const params = { rank: type % 9 + 1, suit: tr(`suit_${"mps"[Math.floor(type / 9)]}`) };
  return tr(isRedFive(id) ? "tile_red" : "tile_suited", params);
}
const typeName = (type) => tileName(type * 4 + 1);

// One name per player everywhere on the page: "You", or the seat's wind in the hand shown and
// where it sits ("West (across)"); `dealer` is that hand's dealer (the current one by default).
function nameOf(seat, dealer) {
  if (seat === 0) return tr("you");
  const players = state.view.game.players;
  const wind = dealer === undefined ? windOf(seat) : (seat - dealer + players) % players;
  return `${tr(`wind_${wind}`)} (${tr(`dir_${placeOf(seat)}`)})`;
}
// Where a seat sits, as the board's places 1 right, 2 across, 3 left: at a table of three the
// seat after the right-hand one sits left, and nobody across.
function placeOf(seat) { return state.view.game.players === 3 && seat === 2 ? 3 : seat; }
function windOf(seat) { return state.view.seats.find((s) => s.seat === seat).wind; }

// ------------------------------------------------------------------ look
function applyLook() {
  const root = document.documentElement;
  for (const name of LOOKS) {
    const value = Number(localStorage.getItem(`riichi.${name}`) ?? 50);
    $(name).value = String(value);
    $(`${name}-out`).textContent = `${value}%`;
    root.style.setProperty(`--${name}`, String(value / 100));
  }
  const temp = Number($("temperature").value) / 100;
  root.style.setProperty("--tint", temp >= .5 ? "255, 150, 50" : "60, 130, 255");
  root.style.setProperty("--tint-strength", String(Math.abs(temp - .5) * .5));
  // The neutral look draws no filter and no tint layer (both would change nothing there, and
  // each is blended over the whole page at every change of it).
  $("look").classList.toggle("contrasted", $("contrast").value !== "50");
  document.querySelector(".tint").hidden = temp === .5;
  // Nor a grain layer at 0 %: drawn at 0 opacity, it would still be blended over the page.
  document.querySelector(".grain").hidden = $("grain").value === "0";
}

function applyLanguage() {
  document.documentElement.lang = state.lang;
  $("lang").value = state.lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = tr(el.dataset.i18n);
  $("seed").placeholder = tr("seed_placeholder");
  $("board").setAttribute("aria-label", tr("board"));
  $("hand").setAttribute("aria-label", tr("hand_group"));
  $("actions").setAttribute("aria-label", tr("actions_group"));
  drawTagline();
  fillMenu();
  drawRules();
  redrawError();
  if (state.view) draw();
}

function drawTagline() {
  const v = state.view;
  const key = v && v.game.players === 3 ? "tagline_game3" : "tagline_game";
  $("tagline").textContent = !v || v.game.one_hand ? tr("tagline") : tr(key, { rules: v.game.rules });
}

function fillMenu() {
  const mode = $("mode"), opp = $("opponents");
  const keepMode = mode.value, keepOpp = opp.value;
  mode.innerHTML = "";
  for (const name of state.presets) {
    const whole = state.threePlayer.includes(name) ? "three_players" : "whole_game";
    const text = name === "cardavia" ? tr("one_hand") : tr(whole, { rules: name });
    mode.add(new Option(text, name));
  }
  opp.innerHTML = "";
  for (const name of state.opponents) opp.add(new Option(tr(`opp_${name}`), name));
  const each = state.opponentsByName;
  if (each) opp.add(new Option(each.split(",").map((name) => tr(`opp_${name}`)).join(", "), each));
  mode.value = keepMode || "cardavia";
  opp.value = keepOpp || state.defaultOpponent;
}

function drawRules() {
  const rules = $("rules");
  rules.innerHTML = RULES[state.lang];
  const preset = state.view && state.view.game.rules;
  if (preset && preset !== "cardavia" && state.presetRules[preset]) {
    const head = document.createElement("h2");
    head.textContent = tr("preset_rules", { rules: preset });
    const text = document.createElement("div");
    text.className = "preset-rules";
    text.lang = "en";
    for (const line of state.presetRules[preset].split("\n")) {
      const p = document.createElement("p");
      p.textContent = line;
      text.append(p);
    }
    rules.append(head, text);
  }
}

// ------------------------------------------------------------------ drawing
function draw() {
  const v = state.view;
  redFivesPlayed = v.game.red_fives;
  $("board").dataset.move = `${v.game.seed}:${v.move}:${v.summary ? "end" : "play"}`;
  $("panel-table").classList.toggle("ended", Boolean(v.summary));  // the summary takes the table's place
  drawTagline();
  $("new-game").textContent = tr(v.game.one_hand ? "new_hand" : "new_game");
  const across = $("seat-2");  // empty at a table of three
  across.hidden = v.game.players === 3;
  if (across.hidden) across.innerHTML = "";
  for (const seat of v.seats) drawSeat(seat);
  drawCenter();
  drawHand();
  drawActions();
  drawHint();
  drawSummary();
}

function doraTypes() { return new Set(state.view.round.dora); }

function label(parts) { return parts.filter(Boolean).join(", "); }

function drawSeat(seat) {
  const v = state.view;
  const box = $(`seat-${placeOf(seat.seat)}`);
  box.innerHTML = "";
  const name = nameOf(seat.seat);
  const head = document.createElement("div");
  head.className = "seat-head" + (v.turn === seat.seat ? " on-turn" : "") + (seat.wind === 0 ? " dealer" : "");
  head.innerHTML = `<span class="seat-name"></span> <span class="score"></span>`;
  head.querySelector(".seat-name").textContent = seat.seat === 0 ? `${name} · ${tr(`wind_${seat.wind}`)}` : name;
  head.querySelector(".score").textContent = fmt(seat.score);
  if (seat.kita) head.append(badge(tr("kita_badge", { n: seat.kita }), "badge-kita"));
  if (seat.riichi) head.append(badge(tr("riichi_badge"), "badge-riichi"));
  if (seat.seat === 0 && v.you.furiten && v.you.waits.length) {
    const b = badge(tr("furiten"), "badge-furiten");
    b.title = tr("furiten_help");
    b.setAttribute("aria-label", `${tr("furiten")}: ${tr("furiten_help")}`);
    head.append(b);
  }
  box.append(head);
  if (seat.seat !== 0) {
    const backs = document.createElement("div");
    backs.className = "backs";
    backs.setAttribute("role", "img");
    backs.setAttribute("aria-label", tr("concealed_count", { n: seat.concealed_count }));
    for (let k = 0; k < seat.concealed_count; k++) {
      const b = document.createElement("span");
      b.className = "tile back";
      b.innerHTML = tileBack();
      backs.append(b);
    }
    box.append(backs);
  }
  if (seat.melds.length && seat.seat !== 0) {  // your melds sit beside your hand
    const melds = document.createElement("div");
    melds.className = "melds";
    melds.setAttribute("role", "group");
    melds.setAttribute("aria-label", tr("melds", { who: name }));
    for (const meld of seat.melds) melds.append(meldElement(meld));
    box.append(melds);
  }
  const pond = document.createElement("div");
  pond.className = "pond";
  pond.setAttribute("role", "list");
  pond.setAttribute("aria-label", tr("pond", { who: name }));
  const last = v.last_discarder === seat.seat ? seat.pond.length - 1 : -1;
  seat.pond.forEach((d, k) => {
    const classes = [];
    if (d.riichi) classes.push("riichi-tile");
    if (d.claimed) classes.push("called");
    if (d.tsumogiri) classes.push("tsumogiri");
    if (k === last) classes.push("last");
    const el = tileElement(d.tile, { classes, label: label([tileName(d.tile), d.tsumogiri && tr("tsumogiri_tile"), d.riichi && tr("riichi_tile"), d.claimed && tr("called_tile"), k === last && tr("last_discard")]) });
    el.setAttribute("role", "listitem");
    if (d.tsumogiri) el.title = tr("tsumogiri_tile");
    pond.append(el);
  });
  box.append(pond);
}

function badge(text, cls) {
  const b = document.createElement("span");
  b.className = `badge ${cls}`;
  b.textContent = text;
  return b;
}

function meldElement(meld) {
  const el = document.createElement("span");
  el.className = `meld meld-${meld.kind}`;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", `${tr(`meld_${meld.kind}`)}: ${meld.tiles.map(tileName).join(", ")}`);
  meld.tiles.forEach((tile, k) => {
    const hidden = meld.kind === "ankan" && (k === 0 || k === 3);
    const t = hidden ? Object.assign(document.createElement("span"), { className: "tile back", innerHTML: tileBack() })
                     : tileElement(tile, { classes: tile === meld.called ? ["sideways"] : [] });
    t.removeAttribute("role");
    el.append(t);
  });
  return el;
}

function drawCenter() {
  const v = state.view, r = v.round;
  const c = $("center");
  c.innerHTML = "";
  const line = (text, cls = "") => { const p = document.createElement("div"); p.className = cls; p.textContent = text; c.append(p); return p; };
  line(tr("round", { wind: tr(`wind_${r.wind}`), n: r.kyoku + 1 }), "round");
  line(`${tr("honba")}: ${r.honba} · ${tr("sticks")}: ${r.sticks} · ${tr("wall")}: ${r.wall}`, "counters");
  const dora = line(`${tr("dora_ind")}: `, "dora");
  for (const id of r.dora_indicators) dora.append(tileElement(id, { classes: ["small"], label: tileName(id) }));
  const doraIs = line(`${tr("dora_is")}: `, "dora");
  for (const type of r.dora) doraIs.append(tileElement(type * 4 + 1, { classes: ["small", "dora-tile"], label: typeName(type) }));
  line(tr("your_dora", { n: countDora() }), "your-dora");
  line(`${tr("seed")}: ${v.game.seed}`, "seed-shown");
}

// Your dora as a win would count them: in hand and melds, red fives, and at a table of three
// each North set aside (kita), a dora of its own and a dora again where North is one.
function countDora() {
  const v = state.view, doras = v.round.dora;
  const mine = [...v.you.hand, ...v.seats[0].melds.flatMap((m) => m.tiles)];
  const times = (type) => doras.filter((d) => d === type).length;
  let n = v.seats[0].kita * (1 + times(30));
  for (const id of mine) {
    n += times(id >> 2);
    if (isRedFive(id)) n += 1;
  }
  return n;
}

// The tiles that may be discarded now (declaring riichi in riichi mode), with their action's index.
function legalTiles() {
  const word = state.riichiMode ? "riichi" : "discard";
  const out = new Map();
  for (const a of state.view.actions) if (a.action === word) out.set(a.tile, a.i);
  return out;
}

function onTurn() { return state.view.actions.some((a) => a.action === "discard"); }

function drawHand() {
  const v = state.view;
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement);
  hand.innerHTML = "";
  const discards = legalTiles();
  const turn = onTurn();
  if (!discards.has(state.chosen)) state.chosen = null;
  const doras = doraTypes();
  const hint = $("hint-on").checked ? hintByType() : null;
  const best = hint ? Math.min(...[...hint.values()].map((h) => h.shanten)) : 0;
  if (state.focus >= v.you.hand.length) state.focus = v.you.hand.length - 1;
  v.you.hand.forEach((id, k) => {
    const drawn = v.you.drawn !== null && k === v.you.hand.length - 1;
    const allowed = discards.has(id);
    const classes = ["in-hand"];
    if (drawn) classes.push("drawn");
    if (doras.has(id >> 2) || isRedFive(id)) classes.push("is-dora");
    if (turn && !allowed) classes.push("dim");
    if (id === state.chosen) classes.push("chosen");
    const name = tileName(id);
    const text = turn ? (allowed ? tr(state.riichiMode ? "riichi_label" : "discard_label", { tile: name }) : tr("cannot_discard", { tile: name })) : name;
    const el = tileElement(id, { tag: "button", classes, label: label([text, drawn && tr("drawn")]) });
    el.type = "button";
    el.tabIndex = k === Math.max(0, state.focus) ? 0 : -1;
    el.disabled = !turn;
    if (turn && allowed) el.setAttribute("aria-pressed", String(id === state.chosen));
    if (!allowed) el.setAttribute("aria-disabled", "true");
    el.addEventListener("click", () => pickTile(id, k));
    el.addEventListener("focus", () => { state.focus = k; });
    if (hint) {
      const row = allowed ? hint.get(id >> 2) : undefined;  // marks only on tiles that may go
      const mark = document.createElement("span");
      mark.className = "ukeire";
      mark.textContent = row ? (row.shanten === best ? String(row.unseen) : "—") : "";
      el.append(mark);
    }
    hand.append(el);
  });
  for (const meld of v.seats[0].melds) hand.append(meldElement(meld));
  if (hadFocus) focusHand();
  drawStatus(turn);
}

function drawStatus(turn) {
  const v = state.view, status = $("status");
  const chosen = state.chosen !== null;
  if (v.summary) status.textContent = "";
  else if (turn && chosen) status.textContent = tr(state.riichiMode ? "turn_riichi_chosen" : "turn_chosen", { tile: tileName(state.chosen) });
  else if (turn) status.textContent = tr(state.riichiMode ? "turn_riichi" : "turn_you");
  else if (v.claim) {
    const prompt = v.claim.chankan ? "chankan_prompt" : v.claim.kita ? "kita_prompt" : "claim_prompt";
    status.textContent = tr(prompt, { who: nameOf(v.claim.from), tile: tileName(v.claim.tile) });
  }
  else if (v.turn !== null && !v.over) status.textContent = tr("turn_other", { who: nameOf(v.turn) });
  else status.textContent = "";
  if (v.you.waits.length && !v.summary) {
    const w = document.createElement("div");
    w.className = "waits";
    w.textContent = `${tr("tenpai_waits")}: `;
    for (const type of v.you.waits) w.append(tileElement(type * 4 + 1, { classes: ["small"], label: typeName(type) }));
    status.append(w);
  }
}

function actionLabel(a) {
  const v = state.view;
  const claim = v.claim ? v.claim.tile : null;
  switch (a.action) {
    case "chi": case "pon": return [tr(`act_${a.action}`), [...a.tiles, claim].sort((x, y) => x - y)];
    case "kan": return [tr("act_kan"), [claim, ...v.you.hand.filter((id) => id >> 2 === claim >> 2)].sort((x, y) => x - y)];
    case "ankan": case "kakan": return [tr(`act_${a.action}`), [a.tile_type * 4 + 1]];
    case "ron": return [tr("act_ron"), [claim]];
    case "kita": return [tr("act_kita"), [a.tile]];
    default: return [tr(`act_${a.action}`), []];
  }
}

function drawActions() {
  const v = state.view;
  const bar = $("actions");
  bar.innerHTML = "";
  if (v.summary) return;
  const buttons = [];
  const button = (text, tiles, onClick, cls) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `action ${cls}`;
    const n = buttons.length + 1;
    b.innerHTML = `<kbd>${n}</kbd> <span class="action-text"></span>`;
    b.querySelector(".action-text").textContent = text;
    for (const id of tiles) b.append(tileElement(id, { classes: ["small"] }));
    b.setAttribute("aria-label", label([text, tiles.length && tiles.map(tileName).join(" ")]) + ` (${n})`);
    b.addEventListener("click", onClick);
    bar.append(b);
    buttons.push(b);
    return b;
  };
  const words = new Set(v.actions.map((a) => a.action));
  const kita = v.actions.find((a) => a.action === "kita");  // every North is as good: one button
  // calls alike but for which five they take are one button where fives are not red
  const shown = new Set();
  for (const a of v.actions) {
    if (["discard", "riichi", "pass"].includes(a.action) || (a.action === "kita" && a !== kita)) continue;
    const call = `${a.action}:${(a.tiles || []).map((id) => (isRedFive(id) ? `red${id}` : id >> 2))}`;
    if (a.tiles && shown.has(call)) continue;
    shown.add(call);
    const [text, tiles] = actionLabel(a);
    const b = button(text, tiles, () => act(a.i), `act-${a.action}`);
    if (a.action === "tsumo" && v.hint_tsumo && $("hint-on").checked) b.classList.add("hinted");
  }
  if (words.has("riichi")) {
    button(tr(state.riichiMode ? "act_riichi_cancel" : "act_riichi"), [], () => {
      state.riichiMode = !state.riichiMode;
      state.riichiMove = v.move;
      state.chosen = null;
      draw();
      focusHand();
    }, "act-riichi");
  }
  if (words.has("discard")) {
    const chosen = state.chosen === null ? [] : [state.chosen];
    const b = button(tr(state.riichiMode ? "act_declare" : "act_discard"), chosen, () => confirmDiscard(), "act-discard");
    b.disabled = state.chosen === null;
  }
  const pass = v.actions.find((a) => a.action === "pass");
  if (pass) button(tr("act_pass"), [], () => act(pass.i), "act-pass");
}

function hintByType() {
  return new Map(state.view.hint.map((row) => [row.tile_type, row]));
}

function drawHint() {
  const box = $("hintbox");
  const v = state.view, rows = v.hint;
  box.hidden = !($("hint-on").checked && (rows.length || v.hint_tsumo));
  if (box.hidden) return;
  box.innerHTML = "";
  const p = document.createElement("p");
  if (v.hint_tsumo) {
    p.textContent = tr("hint_tsumo");
    p.className = "hint-tsumo";
    box.append(p);
    return;
  }
  const top = rows[0];
  p.textContent = tr("hint_best", {
    tile: typeName(top.tile_type), n: top.unseen, kinds: top.ukeire.map(typeName).join(", "),
    shanten: top.shanten === 0 ? tr("tenpai") : tr("shanten", { n: top.shanten }),
  });
  const legend = document.createElement("p");
  legend.className = "legend";
  legend.textContent = tr("hint_legend");
  box.append(p, legend);
}
