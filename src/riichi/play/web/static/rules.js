"use strict";
// The full rules: the CARDAVIA page's own five sections word for word in Ukrainian (the text of
// the original page), and their English translation sentence by sentence; then a short part on
// how this page is played, which the original page does not have.
const RULES = {
  uk: `
<h3>1. Мета</h3>
<ul>
<li>Побудуйте легальну руку з принаймні одним яку. Дора, червона дора та ура-дора додають цінність, але не можуть забезпечити цю яку. Перша дійсна перемога завершує угоду; якщо стіна закінчується — розраховуйтеся на готові платежі.</li>
</ul>
<h3>2. Налаштування</h3>
<ul>
<li>Використовуйте 136 японських плиток без квітів, включаючи одну червону п'ятірку в кожній масті. Кожен гравець починає з 25 000 очок. Дилер отримує 14 фішок, а інші — 13. Зарезервуйте мертву стіну з 14 плиток, відкрийте один індикатор дора і дозвольте не більше чотирьох замін конгів. Круглий вітер — східний, а вітри сидіння слідують за поточним дилером.</li>
</ul>
<h3>3. Граючи хід</h3>
<ul>
<li>У свій хід витягніть одну клітинку і скидайте одну. Виберіть плитку і підтвердьте скидання. Відповідні копії зберігають окремі фізичні ідентичності.</li>
<li>Скидання може завершити виграш, пунг або відкритий конг. Тільки наступний гравець може обирати три послідовні плитки однієї масті. Розв'яжіть усі відповіді перед тим, як вручити плитку: виграші переважають пунг і конг, які мають перевагу за їжу. Вимоги рівного пріоритету слідують за порядком розташування після скидаюча.</li>
<li>Чотири однакові плитки можуть утворити прихований конг. Четверта плитка може продовжити існуючий пунг у доданий конг. Після будь-якого конга витягніть заміну, а потім скидайте. Додані конги можна пограбувати для перемоги. Приховані конги — ні. Конги потребують доступної заміни. Після чоу або пунга скидайте перед оголошенням прихованого або доданого конга.</li>
<li>Після чау або пунга ви не можете одразу скинути тип тайла, який називається. Чау також забороняє міняти послідовність на послідовність на іншому кінці. Приховані конги зберігають закриту руку. Інші колли її відкривають.</li>
</ul>
<h3>4. Ріічі та фурітен</h3>
<ul>
<li>Закрита рука в тенпаї може оголосити ріічі легальним скиданням, якщо гравець має щонайменше 1000 очок і на стіні є щонайменше чотири плитки. Сплатіть депозит у 1000 очок. Після ріічі скидайте лише витягнуту плитку або заявіть про легальний виграш. Цей пресет забороняє подальші конги після ріічі. Іппатсу закінчується на будь-якому чоу, пунгу чи конгу, або на наступному скиданні декларанта.</li>
<li>Якщо у вашій історії скидання з'являється будь-який поточний виграшний тип плитки, скидання фурітен забороняє рон, але дозволяє цумо. Проходження легального рона викликає тимчасовий фурітен до наступного дроу. Передача рона після ріічі викликає фурітен до кінця роздачі. Фурітен перевіряє кожен виграшний тип плитки, а не лише поточний скидання.</li>
</ul>
<h3>5. Оцінка та завершення</h3>
<ul>
<li>Розрахуйте платежі за рон/цумо з яку, хан і фу. Стандартні яку включають закриті цумо, таняо, цінні пошани, пінфу, сім пар, всі пунги, трикольорові послідовності, стріт, пів/повний флеш і якуман. Конги показують більше індикаторів дора. Лише переможець ріічі відкриває ура-дору. Застосовуються множники дилера, і переможець отримує депозити ріічі.</li>
<li>Скидаючий платить рон. Троє суперників ділять цумо залежно від статусу дилера. Декларація кількох ронів використовує удари головою: перемагає найближчий гравець після скидаюча. При вичерпному дроті гравці нотен ділять загальну виплату в розмірі 3 000 очок гравцям тенпай. Всі тенпай або всі нотен означає відсутність передачі. Цей незалежний пресет для одноразової роздачі повертає неотримані депозити після розіграшу.</li>
</ul>
<h3 class="on-this-page">На цій сторінці</h3>
<ul class="on-this-page">
<li>Клацніть плитку, щоб її вибрати, і підтвердьте скидання: клацніть її ще раз, натисніть Enter або кнопку «Скинути». Клавішами: ← → вибирають плитку, Enter скидає її. Параметр «Скид одним клацанням» прибирає підтвердження.</li>
<li>Кнопки Ріічі, Цумо, Рон, Пон, Чі, Конг і Пас з'являються, лише коли такий хід дозволений; цифри натискають їх по черзі, Esc скасовує вибір або пасує. Підказка (h) показує скид, який зробив би ощадливий гравець, а на виграшному взятті — Цумо.</li>
<li>Роздача переживає перезавантаження сторінки: сервер якийсь час зберігає гру, а сторінка повертається до неї. Вкладка правил і нові роздачі — це кроки історії браузера, тож «Назад» не покидає гру.</li>
</ul>
`,
  en: `
<h3>1. Goal</h3>
<ul>
<li>Build a legal hand with at least one yaku. Dora, red dora and ura dora add value but cannot provide that yaku. The first valid win ends the deal; if the wall runs out, settle up with the tenpai payments.</li>
</ul>
<h3>2. Setup</h3>
<ul>
<li>Use 136 Japanese tiles without flowers, including one red five in each suit. Each player starts with 25,000 points. The dealer gets 14 tiles and the others 13. Set aside a dead wall of 14 tiles, reveal one dora indicator and allow no more than four kong replacements. The round wind is East, and the seat winds follow the current dealer.</li>
</ul>
<h3>3. Playing a turn</h3>
<ul>
<li>On your turn, draw one tile and discard one. Choose a tile and confirm the discard. Matching copies keep their separate physical identities.</li>
<li>A discard can complete a win, a pung or an open kong. Only the next player may take three consecutive tiles of one suit. Resolve all responses before handing the tile over: wins take precedence over pung and kong, which take precedence over a chow. Claims of equal priority follow seating order after the discarder.</li>
<li>Four identical tiles can form a concealed kong. A fourth tile can extend an existing pung into an added kong. After any kong, draw a replacement, then discard. Added kongs can be robbed for a win. Concealed kongs cannot. Kongs need an available replacement. After a chow or pung, discard before declaring a concealed or added kong.</li>
<li>After a chow or pung you may not immediately discard the tile type that was called. A chow also forbids swapping the sequence for the sequence at its other end. Concealed kongs keep the hand closed. Other calls open it.</li>
</ul>
<h3>4. Riichi and furiten</h3>
<ul>
<li>A closed hand in tenpai may declare riichi with a legal discard if the player has at least 1,000 points and at least four tiles remain in the wall. Pay a deposit of 1,000 points. After riichi, discard only the drawn tile or declare a legal win. This preset forbids further kongs after riichi. Ippatsu ends on any chow, pung or kong, or on the declarer's next discard.</li>
<li>If any current winning tile type appears in your discard history, discard furiten forbids ron but allows tsumo. Passing a legal ron causes temporary furiten until the next draw. Passing a ron after riichi causes furiten until the end of the hand. Furiten checks every winning tile type, not only the current discard.</li>
</ul>
<h3>5. Scoring and ending</h3>
<ul>
<li>Calculate ron/tsumo payments from yaku, han and fu. Standard yaku include closed tsumo, tanyao, valuable honours, pinfu, seven pairs, all pungs, three-colour sequences, the straight, half/full flush and yakuman. Kongs reveal more dora indicators. Only a riichi winner reveals ura dora. Dealer multipliers apply, and the winner collects the riichi deposits.</li>
<li>The discarder pays for a ron. The three opponents share a tsumo according to dealer status. A declaration of several rons uses the head bump: the nearest player after the discarder wins. On an exhaustive draw, the noten players share a total payment of 3,000 points to the tenpai players. All tenpai or all noten means no transfer. This standalone one-hand preset returns unclaimed deposits after a drawn hand.</li>
</ul>
<h3 class="on-this-page">On this page</h3>
<ul class="on-this-page">
<li>Click a tile to choose it, then confirm the discard: click it again, press Enter or the Discard button. With the keys, ← → choose a tile and Enter discards it. The “One click discards” option leaves out the confirmation.</li>
<li>Riichi, Tsumo, Ron, Pon, Chi, Kan and Pass buttons appear only when that move is legal; the number keys press them in order, Esc cancels the choice or passes. The hint (h) shows the discard the efficient player would make, and Tsumo on a winning draw.</li>
<li>A hand survives a reload: the server keeps the game for a while and the page takes it up again. The rules tab and new hands are steps of the browser's history, so Back does not leave the game.</li>
</ul>
`,
};
