"use strict";
// Every label of the page in Ukrainian and English, and the full rules in both.
const TEXT = {
  en: {
    language: "Language", contrast: "Contrast", grain: "Grain", temperature: "Colour temperature",
    tab_table: "Table", tab_rules: "Full rules",
    tagline: "4 players · you against three AI · one hand",
    tagline_game: "4 players · you against three AI · a whole game ({rules})",
    mode: "Game", one_hand: "One hand (cardavia)", whole_game: "Whole game: {rules}",
    opponents: "Opponents", opp_defensive: "defensive", opp_efficiency: "efficient", opp_random: "random",
    seed: "Seed", seed_placeholder: "random", new_hand: "New hand", new_game: "New game", hint: "Hint",
    keys_help: "Keys: ← → choose a tile, Enter discards it; the number keys press the buttons in order; Esc passes; h shows the hint.",
    you: "You", wind_0: "East", wind_1: "South", wind_2: "West", wind_3: "North",
    dir_1: "right", dir_2: "across", dir_3: "left",
    round: "{wind} {n}", honba: "Honba", sticks: "Riichi sticks", wall: "Wall",
    dora_ind: "Dora indicator", dora_is: "Dora", your_dora: "Your dora: {n}",
    riichi_badge: "RIICHI", furiten: "FURITEN", furiten_help: "You may not win by ron: a winning tile is in your pond, or you let a winning tile pass. Tsumo still wins.",
    tenpai_waits: "Tenpai, waiting on", concealed_count: "{n} concealed tiles",
    pond: "Pond of {who}", melds: "Melds of {who}", hand: "Your hand", drawn: "drawn tile",
    turn_you: "Your turn: choose a tile to discard.", turn_riichi: "Riichi: choose the discard that declares it (bright tiles keep tenpai).",
    turn_other: "{who} to play…", claim_prompt: "{who} discards {tile}: call it?", chankan_prompt: "{who} adds a kan with {tile}: rob it?",
    act_tsumo: "Tsumo", act_riichi: "Riichi", act_riichi_cancel: "Cancel riichi", act_ron: "Ron", act_pon: "Pon", act_chi: "Chi",
    act_kan: "Kan", act_ankan: "Concealed kan", act_kakan: "Added kan", act_pass: "Pass", act_abort: "Abort (nine terminals)",
    discard_label: "Discard {tile}", riichi_label: "Declare riichi, discarding {tile}",
    cannot_discard: "{tile}: may not be discarded now",
    hint_best: "Hint: discard {tile} → {shanten}, {n} tiles improve it ({kinds}).",
    hint_legend: "Numbers under the tiles: how many unseen tiles improve the hand after that discard (— : a worse discard).",
    tenpai: "tenpai", shanten: "{n}-shanten",
    summary_win: "{who} wins by {how}!", summary_you_win: "You win by {how}!", summary_win_many: "{who} win!", how_tsumo: "tsumo", how_ron: "ron",
    summary_draw: "Exhaustive draw", summary_nagashi: "Draw: nagashi mangan", summary_abort: "Aborted hand ({reason})",
    from_tsumo: "tsumo", from_ron: "ron from {who}", wait: "{wait} wait",
    yaku: "Yaku", han: "han", fu: "Fu", fu_total: "{sum} fu, rounded up: {fu} fu",
    total: "{han} han {fu} fu{limit} = {points} points",
    pays_ron: "{who} pays {points}", pays_dealer: "The dealer pays {dealer}, each of the others {other}",
    pays_each: "Each of the others pays {other}", with_extras: " (with {extras})", counters: "the counters of honba {n}", riichi_sticks: "the riichi sticks on the table: {n} to the winner",
    ura: "Ura dora", winning_tile: "winning tile",
    tenpai_list: "Tenpai: {list}", noten_list: "Noten: {list}", nobody: "nobody", waits_on: "{who} waits on",
    noten_pay: "Noten payments: {total} in total, from the noten players to the tenpai players.",
    no_noten_pay: "No noten payments (nobody or everybody is tenpai).",
    payments: "Points (counters and sticks included)", before: "before", after: "after", change: "change",
    seed_line: "Seed {seed}: replay it with the same seed, or in the terminal: python -m riichi.play --rules {rules} --seed {seed} --opponents {opponents}",
    next_hand: "Next hand", final_results: "Final results", place: "Place", player: "Player", points: "Points", result: "Result",
    game_over: "Game over", error_prefix: "Not accepted: ", connection_lost: "The connection to the server was lost; reload the page.",
    preset_rules: "The rules of the preset {rules} (English, from the engine)",
    limit_mangan: "mangan", limit_haneman: "haneman", limit_baiman: "baiman", limit_sanbaiman: "sanbaiman",
    limit_kazoe_yakuman: "counted yakuman", limit_yakuman: "yakuman", limit_double_yakuman: "double yakuman", limit_triple_yakuman: "triple yakuman",
    wait_ryanmen: "two-sided", wait_kanchan: "closed", wait_penchan: "edge", wait_tanki: "single", wait_shanpon: "two pairs", wait_kokushi: "thirteen orphans", wait_kokushi_13: "thirteen-sided",
    reason_nine_terminals: "nine terminals", reason_four_winds: "four winds", reason_four_kans: "four kans", reason_four_riichi: "four riichi", reason_triple_ron: "triple ron",
    suit_m: "characters", suit_p: "circles", suit_s: "bamboo",
    tile_suited: "{rank} of {suit}", tile_red: "red {rank} of {suit}",
    honor_0: "East wind", honor_1: "South wind", honor_2: "West wind", honor_3: "North wind",
    honor_4: "White dragon", honor_5: "Green dragon", honor_6: "Red dragon",
    called_tile: "called by another player", riichi_tile: "riichi declaration", last_discard: "latest discard",
    meld_chi: "chi", meld_pon: "pon", meld_kan: "open kan", meld_ankan: "concealed kan", meld_kakan: "added kan",
    board: "Table", hand_group: "Your hand: choose the tile to discard", actions_group: "Your options",
  },
  uk: {
    language: "Мова", contrast: "Контраст", grain: "Зернистість", temperature: "Температура кольору",
    tab_table: "Стіл", tab_rules: "Правила повністю",
    tagline: "4 гравці · ви проти трьох ШІ · одна роздача",
    tagline_game: "4 гравці · ви проти трьох ШІ · ціла гра ({rules})",
    mode: "Гра", one_hand: "Одна роздача (cardavia)", whole_game: "Ціла гра: {rules}",
    opponents: "Суперники", opp_defensive: "обережні", opp_efficiency: "ощадливі", opp_random: "випадкові",
    seed: "Зерно", seed_placeholder: "випадкове", new_hand: "Нова роздача", new_game: "Нова гра", hint: "Підказка",
    keys_help: "Клавіші: ← → вибір плитки, Enter — скинути її; цифри натискають кнопки по черзі; Esc — пас; h — підказка.",
    you: "Ви", wind_0: "Схід", wind_1: "Південь", wind_2: "Захід", wind_3: "Північ",
    dir_1: "праворуч", dir_2: "навпроти", dir_3: "ліворуч",
    round: "{wind} {n}", honba: "Хонба", sticks: "Палички ріічі", wall: "Стіна",
    dora_ind: "Індикатор дори", dora_is: "Дора", your_dora: "Ваших дор: {n}",
    riichi_badge: "РІІЧІ", furiten: "ФУРІТЕН", furiten_help: "Рон вам зараз заборонено: виграшна плитка є у вашому скиді або ви пропустили виграшну плитку. Цумо дозволене.",
    tenpai_waits: "Темпай, чекаєте", concealed_count: "{n} закритих плиток",
    pond: "Скид: {who}", melds: "Виклики: {who}", hand: "Ваша рука", drawn: "взята плитка",
    turn_you: "Ваш хід: виберіть плитку, яку скинете.", turn_riichi: "Ріічі: виберіть скид, яким оголосите (яскраві плитки зберігають темпай).",
    turn_other: "Ходить {who}…", claim_prompt: "{who} скидає {tile}: забрати?", chankan_prompt: "{who} додає конг плиткою {tile}: пограбувати?",
    act_tsumo: "Цумо", act_riichi: "Ріічі", act_riichi_cancel: "Скасувати ріічі", act_ron: "Рон", act_pon: "Пон", act_chi: "Чі",
    act_kan: "Конг", act_ankan: "Закритий конг", act_kakan: "Доданий конг", act_pass: "Пас", act_abort: "Перервати (дев'ять термінальних)",
    discard_label: "Скинути {tile}", riichi_label: "Оголосити ріічі, скинувши {tile}",
    cannot_discard: "{tile}: зараз скинути не можна",
    hint_best: "Підказка: скиньте {tile} → {shanten}, покращують {n} плиток ({kinds}).",
    hint_legend: "Числа під плитками: скільки ще не побачених плиток покращать руку після цього скиду (— : гірший скид).",
    tenpai: "темпай", shanten: "{n}-шантен",
    summary_win: "{who}: перемога через {how}!", summary_you_win: "Ви виграли через {how}!", summary_win_many: "Перемагають: {who}!", how_tsumo: "цумо", how_ron: "рон",
    summary_draw: "Нічия: стіна скінчилася", summary_nagashi: "Нічия: нагаші манган", summary_abort: "Роздачу перервано ({reason})",
    from_tsumo: "цумо", from_ron: "рон на скиді: {who}", wait: "очікування: {wait}",
    yaku: "Яку", han: "хан", fu: "Фу", fu_total: "{sum} фу, з округленням угору: {fu} фу",
    total: "{han} хан {fu} фу{limit} = {points} очок",
    pays_ron: "Платить {who}: {points}", pays_dealer: "Дилер платить {dealer}, кожен з інших — {other}",
    pays_each: "Кожен з інших платить {other}", with_extras: " ({extras})", counters: "з лічильниками хонби {n}", riichi_sticks: "палички ріічі зі столу: {n} переможцю",
    ura: "Ура-дора", winning_tile: "виграшна плитка",
    tenpai_list: "Темпай: {list}", noten_list: "Нотен: {list}", nobody: "ніхто", waits_on: "{who} чекає",
    noten_pay: "Виплати нотен: разом {total}, від гравців нотен гравцям темпай.",
    no_noten_pay: "Виплат нотен немає (темпай ніхто або всі).",
    payments: "Очки (з лічильниками й паличками)", before: "до", after: "після", change: "зміна",
    seed_line: "Зерно {seed}: зіграйте ще раз із тим самим зерном або в терміналі: python -m riichi.play --rules {rules} --seed {seed} --opponents {opponents}",
    next_hand: "Наступна роздача", final_results: "Підсумки гри", place: "Місце", player: "Гравець", points: "Очки", result: "Результат",
    game_over: "Гру завершено", error_prefix: "Не прийнято: ", connection_lost: "Зв'язок із сервером втрачено; перезавантажте сторінку.",
    preset_rules: "Правила пресету {rules} (англійською, з рушія)",
    limit_mangan: "манган", limit_haneman: "ханеман", limit_baiman: "байман", limit_sanbaiman: "санбайман",
    limit_kazoe_yakuman: "лічений якуман", limit_yakuman: "якуман", limit_double_yakuman: "подвійний якуман", limit_triple_yakuman: "потрійний якуман",
    wait_ryanmen: "двостороннє", wait_kanchan: "у середину", wait_penchan: "крайове", wait_tanki: "на одну плитку", wait_shanpon: "на дві пари", wait_kokushi: "тринадцять сиріт", wait_kokushi_13: "тринадцятистороннє",
    reason_nine_terminals: "дев'ять термінальних", reason_four_winds: "чотири вітри", reason_four_kans: "чотири конги", reason_four_riichi: "чотири ріічі", reason_triple_ron: "потрійний рон",
    suit_m: "символи", suit_p: "кола", suit_s: "бамбук",
    tile_suited: "{rank}, {suit}", tile_red: "червона {rank}, {suit}",
    honor_0: "Східний вітер", honor_1: "Південний вітер", honor_2: "Західний вітер", honor_3: "Північний вітер",
    honor_4: "Білий дракон", honor_5: "Зелений дракон", honor_6: "Червоний дракон",
    called_tile: "забрана іншим гравцем", riichi_tile: "оголошення ріічі", last_discard: "останній скид",
    meld_chi: "чі", meld_pon: "пон", meld_kan: "відкритий конг", meld_ankan: "закритий конг", meld_kakan: "доданий конг",
    board: "Стіл", hand_group: "Ваша рука: виберіть плитку для скиду", actions_group: "Ваші можливості",
  },
};

const YAKU = {
  en: {
    riichi: "Riichi", double_riichi: "Double riichi", ippatsu: "Ippatsu", menzen_tsumo: "Closed tsumo", pinfu: "Pinfu",
    tanyao: "All simples", iipeikou: "Pure double run", haku: "White dragon", hatsu: "Green dragon", chun: "Red dragon",
    seat_wind: "Seat wind", round_wind: "Round wind", haitei: "Last tile from the wall", houtei: "Last discard",
    rinshan: "Win on a kan replacement", chankan: "Robbing a kan", chiitoitsu: "Seven pairs", sanshoku_doujun: "Three colour runs",
    ittsu: "Straight", chanta: "Terminal or honour in each set", toitoi: "All triplets", sanankou: "Three concealed triplets",
    sanshoku_doukou: "Three colour triplets", sankantsu: "Three kans", honroutou: "All terminals and honours",
    shousangen: "Little three dragons", honitsu: "Half flush", junchan: "Terminal in each set", ryanpeikou: "Twice pure double run",
    chinitsu: "Full flush", nagashi_mangan: "Nagashi mangan", renhou: "Win before your first draw", kokushi: "Thirteen orphans",
    kokushi_13: "Thirteen orphans, 13-sided wait", chuuren: "Nine gates", chuuren_9: "Nine gates, 9-sided wait",
    suuankou: "Four concealed triplets", suuankou_tanki: "Four concealed triplets, single wait", daisangen: "Big three dragons",
    shousuushii: "Little four winds", daisuushii: "Big four winds", tsuuiisou: "All honours", ryuuiisou: "All green",
    chinroutou: "All terminals", suukantsu: "Four kans", tenhou: "Dealer's first-draw win", chiihou: "First-draw win",
    dora: "Dora", aka_dora: "Red fives", ura_dora: "Ura dora",
  },
  uk: {
    riichi: "Ріічі", double_riichi: "Подвійне ріічі", ippatsu: "Іппацу", menzen_tsumo: "Закрите цумо", pinfu: "Пінфу",
    tanyao: "Лише прості", iipeikou: "Дві однакові послідовності", haku: "Білий дракон", hatsu: "Зелений дракон", chun: "Червоний дракон",
    seat_wind: "Вітер місця", round_wind: "Вітер кола", haitei: "Остання плитка стіни", houtei: "Останній скид",
    rinshan: "Виграш на заміні після конга", chankan: "Пограбування конга", chiitoitsu: "Сім пар", sanshoku_doujun: "Три кольори: послідовності",
    ittsu: "Стріт 1–9", chanta: "Термінал або пошана в кожному наборі", toitoi: "Усі трійки", sanankou: "Три закриті трійки",
    sanshoku_doukou: "Три кольори: трійки", sankantsu: "Три конги", honroutou: "Лише термінали й пошани",
    shousangen: "Малі три дракони", honitsu: "Напівфлеш", junchan: "Термінал у кожному наборі", ryanpeikou: "Двічі дві однакові послідовності",
    chinitsu: "Повний флеш", nagashi_mangan: "Нагаші манган", renhou: "Виграш до першого взяття", kokushi: "Тринадцять сиріт",
    kokushi_13: "Тринадцять сиріт, 13-стороннє очікування", chuuren: "Дев'ять воріт", chuuren_9: "Дев'ять воріт, 9-стороннє очікування",
    suuankou: "Чотири закриті трійки", suuankou_tanki: "Чотири закриті трійки, очікування на одну", daisangen: "Великі три дракони",
    shousuushii: "Малі чотири вітри", daisuushii: "Великі чотири вітри", tsuuiisou: "Лише пошани", ryuuiisou: "Усе зелене",
    chinroutou: "Лише термінали", suukantsu: "Чотири конги", tenhou: "Виграш дилера з роздачі", chiihou: "Виграш на першому взятті",
    dora: "Дора", aka_dora: "Червоні п'ятірки", ura_dora: "Ура-дора",
  },
};

const FU = {
  en: {
    "base": "base", "closed ron": "closed hand won by ron", "tsumo": "tsumo", "kanchan wait": "closed wait",
    "penchan wait": "edge wait", "tanki wait": "single wait", "dragon pair": "dragon pair",
    "double wind pair": "pair of the seat and round wind", "seat wind pair": "seat wind pair",
    "round wind pair": "round wind pair", "open triplet": "open triplet", "closed triplet": "concealed triplet",
    "open kan": "open kan", "closed kan": "concealed kan", "open pinfu": "open hand without fu", "chiitoitsu": "seven pairs",
  },
  uk: {
    "base": "базові", "closed ron": "закрита рука, рон", "tsumo": "цумо", "kanchan wait": "очікування в середину",
    "penchan wait": "крайове очікування", "tanki wait": "очікування на одну", "dragon pair": "пара драконів",
    "double wind pair": "пара вітру місця й кола", "seat wind pair": "пара вітру місця",
    "round wind pair": "пара вітру кола", "open triplet": "відкрита трійка", "closed triplet": "закрита трійка",
    "open kan": "відкритий конг", "closed kan": "закритий конг", "open pinfu": "відкрита рука без фу", "chiitoitsu": "сім пар",
  },
};

// The full rules of the one-hand game, written for this page in both languages.
const RULES = {
  en: `
<h2>CARDAVIA: one hand of riichi mahjong</h2>
<p>Four players: you and three computer players. A single hand is played; the first valid win ends it.</p>
<h3>1. The goal</h3>
<p>Complete a legal hand — four sets and a pair, or seven pairs, or thirteen orphans — that holds at least one yaku. A set is a run of three consecutive tiles of one suit or three (or four) equal tiles. Dora, red fives and ura dora make a hand worth more but are not yaku: a hand with only dora cannot win. If the wall runs out before anyone wins, the hand is a draw and the players settle the noten payments.</p>
<h3>2. Setting up</h3>
<ul>
<li>136 tiles: characters, circles and bamboo from 1 to 9, four winds and three dragons, four copies of each; one five of each suit is red. No flowers.</li>
<li>Everyone starts with 25,000 points. The dealer (East) takes 14 tiles, the others 13.</li>
<li>Fourteen tiles form the dead wall. One of them is turned over as the dora indicator: the dora is the next tile of its kind (9 is followed by 1, North by East, the red dragon by the white one). At most four kan replacement tiles can be drawn from the dead wall.</li>
<li>The round wind is East; the seat winds follow the dealer: East, South, West, North in turn order.</li>
</ul>
<h3>3. A turn</h3>
<ul>
<li>On your turn you draw a tile and discard one. On this page you click a tile (or choose it with the arrow keys and press Enter) to discard it. Equal tiles are separate physical tiles; the red five is one of them.</li>
<li>Another player's discard may be claimed: anyone may take it to win (ron), to make a triplet (pon) or to make four of a kind (open kan); only the next player may take it to complete a run (chi). A win comes before pon and kan, which come before chi; between equal claims the player nearest after the discarder in turn order is served first. When several players could win on the same discard, only the nearest one wins (head bump).</li>
<li>Four equal tiles in your hand make a concealed kan; the fourth tile added to your own pon makes an added kan. After a kan you draw a replacement and then discard. Another player may win on the tile of an added kan (robbing a kan), not on a concealed kan. A kan is possible only while a replacement tile remains. After a chi or a pon you discard first; a concealed or added kan has to wait for a later turn.</li>
<li>After a chi or pon you may not discard a tile of the kind you just claimed, and after a chi not the tile at the other end of the run either (no swap calls). A concealed kan keeps the hand closed; every other call opens it.</li>
</ul>
<h3>4. Riichi and furiten</h3>
<ul>
<li>With a closed hand one tile from complete (tenpai), at least 1,000 points and at least four tiles left in the wall, you may declare riichi with your discard and put a 1,000-point stick on the table. From then on you discard every tile you draw unless it wins. In this game no kan at all is allowed after riichi. Ippatsu (a win before your next discard) ends with any chi, pon or kan, or with your own next discard.</li>
<li>Furiten: if any tile that would complete your hand lies in your own pond, you may not win by ron — only by tsumo. Letting a winning discard pass makes you furiten until your next draw; after riichi it lasts until the end of the hand. Furiten looks at every tile that completes the hand, not only the latest discard. The page shows a FURITEN badge when this applies to you.</li>
</ul>
<h3>5. Scoring and the end of the hand</h3>
<ul>
<li>A win is scored from its yaku and dora (han) and its fu, the hand's make-up. The common yaku are closed tsumo, all simples, dragon and wind triplets, pinfu, seven pairs, all triplets, three colour runs, the straight, half and full flush; yakuman hands are worth the limit. Each kan turns over another dora indicator; only a winner who declared riichi looks under the indicators for ura dora. The dealer scores one and a half times as much, and the winner collects the riichi sticks on the table.</li>
<li>On a ron the discarder pays everything. On a tsumo the other three pay: the dealer pays twice a non-dealer's share, and when the dealer wins each pays the same.</li>
<li>When the wall is exhausted, the noten players pay 3,000 points in total to the tenpai players; if everyone or nobody is tenpai, nothing changes hands. Because this single hand is the whole game, riichi sticks that nobody won go back to the players who put them down.</li>
</ul>
<h3>On this page</h3>
<p>Buttons for Riichi, Tsumo, Ron, Pon, Chi, Kan and Pass appear only when that move is legal; when several chi or kan are possible, each has its own button. The hint shows the discard the efficiency player would make and, under every tile, how many unseen tiles would improve the hand after discarding it. At the end of the hand the page lists the winning hand, the yaku, the han, every fu item, the points and each payment, and the seed that replays the hand.</p>
`,
  uk: `
<h2>CARDAVIA: одна роздача ріічі-маджонгу</h2>
<p>Четверо гравців: ви й три комп'ютерні гравці. Грається одна роздача; її завершує перший правильний виграш.</p>
<h3>1. Мета</h3>
<p>Зберіть правильну руку — чотири набори й пару, сім пар або тринадцять сиріт, — у якій є принаймні одне яку. Набір — це три плитки однієї масті поспіль або три (чи чотири) однакові плитки. Дора, червоні п'ятірки й ура-дора підвищують вартість руки, але яку не є: з самою лише дорою виграти не можна. Якщо стіна скінчилася, а виграшу не було, роздача закінчується нічиєю і гравці розраховуються виплатами нотен.</p>
<h3>2. Підготовка</h3>
<ul>
<li>136 плиток: символи, кола й бамбук від 1 до 9, чотири вітри й три дракони, кожна по чотири; одна п'ятірка кожної масті червона. Квітів немає.</li>
<li>Кожен починає з 25 000 очок. Дилер (Схід) отримує 14 плиток, інші — по 13.</li>
<li>Чотирнадцять плиток утворюють мертву стіну. Одну з них відкривають як індикатор дори: дорою стає наступна плитка того самого виду (після 9 іде 1, після Півночі — Схід, після червоного дракона — білий). Замінних плиток для конгів з мертвої стіни можна взяти щонайбільше чотири.</li>
<li>Вітер кола — Схід; вітри місць ідуть від дилера: Схід, Південь, Захід, Північ у порядку ходу.</li>
</ul>
<h3>3. Хід</h3>
<ul>
<li>У свій хід ви берете плитку й скидаєте одну. На цій сторінці клацніть плитку (або виберіть її стрілками й натисніть Enter), щоб її скинути. Однакові плитки — окремі фізичні плитки; червона п'ятірка — одна з них.</li>
<li>Скид іншого гравця можна забрати: будь-хто — для виграшу (рон), для трійки (пон) або для четвірки (відкритий конг); лише наступний гравець — щоб завершити послідовність (чі). Виграш має перевагу над поном і конгом, а вони — над чі; серед рівних заявок першим обслуговують найближчого після того, хто скинув. Якщо на одному скиді могли б виграти кілька гравців, виграє лише найближчий (правило «удару головою»).</li>
<li>Чотири однакові плитки в руці дають закритий конг; четверта плитка, додана до власного пону, дає доданий конг. Після конга беріть замінну плитку, а потім скидайте. На плитці доданого конга інший гравець може виграти (пограбування конга), на закритому конгу — ні. Конг можливий, лише доки лишається замінна плитка. Після чі чи пону спершу скидайте; закритий або доданий конг — не раніше наступного ходу.</li>
<li>Після чі чи пону не можна скинути плитку того виду, який ви щойно забрали, а після чі — ще й плитку з другого кінця послідовності (без обмінних викликів). Закритий конг лишає руку закритою; будь-який інший виклик її відкриває.</li>
</ul>
<h3>4. Ріічі та фурітен</h3>
<ul>
<li>Маючи закриту руку за одну плитку від готової (темпай), щонайменше 1 000 очок і щонайменше чотири плитки в стіні, можна оголосити ріічі своїм скидом і покласти на стіл паличку на 1 000 очок. Відтоді ви скидаєте кожну взяту плитку, якщо вона не виграшна. У цій грі після ріічі жодних конгів. Іппацу (виграш до вашого наступного скиду) зникає після будь-якого чі, пону чи конга або після вашого наступного скиду.</li>
<li>Фурітен: якщо будь-яка плитка, що завершує вашу руку, лежить у вашому власному скиді, виграти роном не можна — лише цумо. Пропущений виграшний скид робить вас фурітен до вашого наступного взяття; після ріічі — до кінця роздачі. Фурітен враховує кожну плитку, яка завершує руку, а не лише останній скид. Коли це стосується вас, сторінка показує значок ФУРІТЕН.</li>
</ul>
<h3>5. Рахунок і кінець роздачі</h3>
<ul>
<li>Виграш оцінюють за яку й дорою (хан) і за фу — будовою руки. Поширені яку: закрите цумо, лише прості, трійки драконів і вітрів, пінфу, сім пар, усі трійки, три кольори послідовностей, стріт, напівфлеш і повний флеш; руки якуман коштують граничну суму. Кожен конг відкриває ще один індикатор дори; під індикатори по ура-дору заглядає лише переможець, який оголосив ріічі. Дилер отримує в півтора раза більше, а переможець забирає палички ріічі зі столу.</li>
<li>За рон платить усе той, хто скинув. За цумо платять троє інших: дилер — удвічі більше за частку не дилера, а коли виграє дилер, усі платять порівну.</li>
<li>Коли стіна вичерпана, гравці нотен платять разом 3 000 очок гравцям темпай; якщо темпай усі або ніхто, ніхто нічого не платить. Оскільки ця єдина роздача — уся гра, палички ріічі, яких ніхто не виграв, повертаються тим, хто їх поклав.</li>
</ul>
<h3>На цій сторінці</h3>
<p>Кнопки Ріічі, Цумо, Рон, Пон, Чі, Конг і Пас з'являються, лише коли такий хід дозволений; якщо можливі кілька чі чи конгів, у кожного своя кнопка. Підказка показує скид, який зробив би ощадливий гравець, а під кожною плиткою — скільки ще не побачених плиток покращать руку після її скиду. Наприкінці роздачі сторінка показує виграшну руку, яку, хан, кожну складову фу, очки й кожну виплату, а також зерно, яким роздачу можна повторити.</p>
`,
};

function t(lang, key, params = {}) {
  const table = TEXT[lang] || TEXT.en;
  let text = key in table ? table[key] : (TEXT.en[key] ?? key);
  for (const [name, value] of Object.entries(params)) text = text.split(`{${name}}`).join(String(value));
  return text;
}
