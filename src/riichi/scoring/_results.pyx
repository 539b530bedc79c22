"""The scoring kernel's results: the :class:`~riichi.scoring.result.HandResult` of a hand's best
reading, and the hand in notation for the messages of hands that do not score.
"""

from cpython.object cimport PyObject_GenericSetAttr

from riichi.scoring._fu cimport fu_details
from riichi.scoring._kernel cimport (
    K_RENHOU_ONLY, K_YAKUMAN, L_YAKUMAN, NUM_ORDINARY, NUM_YAKUMAN, SHAPE_CHIITOITSU,
    SHAPE_KOKUSHI,
)
from riichi.scoring._limits cimport hand_points, tsumo_payers

from riichi.scoring._features import ORDINARY
from riichi.scoring._limits import LIMIT_NAMES, YAKUMAN_LIMIT_NAMES
from riichi.scoring._readings import WAITS
from riichi.scoring.result import HandResult, Payments
from riichi.tiles import format_types


# Notation pieces, made once: a NoYakuError is an everyday answer to "may I win on this?", and
# riichi.tiles' general formatters would cost several times the scoring.
cdef list DIGITS = [[str(t % 9 + 1) * n for n in range(5)] for t in range(34)]
cdef dict MELD_TEXT = {}   # (kind, tiles) -> notation; a few thousand melds exist at most


cdef str _counts_text(Hand* d):
    """The concealed tiles in notation (as :func:`riichi.tiles.format_counts` writes them)."""
    cdef int suit
    groups = []
    for suit, letter in enumerate("mpsz"):
        text = "".join([DIGITS[t][d.closed[t]] for t in range(9 * suit, min(9 * suit + 9, 34))])
        if text:
            groups.append(text + letter)
    return "".join(groups)


cdef list _meld_texts(tuple melds):
    texts = []
    for m in melds:
        key = (m.kind, m.tiles)
        text = MELD_TEXT.get(key)
        if text is None:
            text = MELD_TEXT[key] = str(m)
        texts.append(text)
    return texts


cdef str hand_text(Hand* d, tuple melds):
    return f"{_counts_text(d)!r} with melds {_meld_texts(melds)!r}"


# ---- the result -------------------------------------------------------------------------------

# Notation of every set, made once: formatting per hand would cost more than scoring it.
cdef list RUN_NAMES = [format_types([t, t + 1, t + 2]) if t < 27 and t % 9 < 7 else ""
                       for t in range(34)]
cdef list PAIR_NAMES = [format_types([t] * 2) for t in range(34)]
cdef list TRIPLET_NAMES = [format_types([t] * 3) for t in range(34)]
cdef list KAN_NAMES = [format_types([t] * 4) for t in range(34)]
_new = object.__new__


cdef inline object _frozen(cls, tuple names, tuple values):
    """An instance of a frozen slots dataclass without its ``__init__``: its generated
    ``__init__`` sets each field through ``object.__setattr__``, which costs more than scoring."""
    cdef Py_ssize_t i
    obj = _new(cls)
    for i in range(len(names)):
        PyObject_GenericSetAttr(obj, names[i], values[i])
    return obj


_PAYMENTS_FIELDS = ("ron", "dealer", "non_dealer", "honba", "sticks", "total")
_RESULT_FIELDS = ("han", "fu", "points", "yaku", "limit", "fu_details", "payments",
                  "basic_points", "yakuman", "dora", "aka_dora", "ura_dora", "tsumo", "is_dealer",
                  "riichi", "wait", "reading")


cdef object _payments(Hand* d, RuleTable table, int basic, object honba, object sticks,
                      int* points):
    """The :class:`Payments` of the hand; what the winner receives for the hand alone goes to
    ``points``."""
    cdef int dealer_share, each, non_dealers, payers
    stick_points = 1000 * sticks
    points[0] = hand_points(basic, d, table)
    if not d.tsumo:
        bonus = table.honba_ron * honba
        values = (points[0] + bonus, 0, 0, bonus, stick_points, points[0] + bonus + stick_points)
        return _frozen(Payments, _PAYMENTS_FIELDS, values)
    non_dealers = tsumo_payers(basic, d, table, &dealer_share, &each)
    payers = table.players - 1
    bonus = table.tsumo_counter * honba
    dealer_pays = dealer_share + bonus if non_dealers < payers else 0
    each_pays = each + bonus if non_dealers else 0
    total = dealer_pays + each_pays * non_dealers + stick_points
    values = (0, dealer_pays, each_pays, bonus * payers, stick_points, total)
    return _frozen(Payments, _PAYMENTS_FIELDS, values)


cdef str _describe(Hand* d, Reading* r):
    cdef int i
    if r.shape == SHAPE_KOKUSHI:
        return _counts_text(d)
    if r.shape == SHAPE_CHIITOITSU:
        return " ".join([PAIR_NAMES[t] for t in range(34) if d.closed[t]])
    sets = [RUN_NAMES[r.runs[i]] for i in range(r.n_runs)]
    for i in range(r.n_triplets):
        sets.append((KAN_NAMES if r.kan[i] else TRIPLET_NAMES)[r.triplets[i]])
    sets.append(PAIR_NAMES[r.pair])
    return " ".join(sets)


cdef object result(Hand* d, object honba, object sticks, RuleTable table, Candidate* best,
                   Reading* r):
    cdef int i, points, dora = 0, aka = 0, ura = 0, kita = 0
    cdef bint is_open = not d.is_closed
    cdef dict yaku = {}
    if best.kind == K_YAKUMAN:
        for i in range(NUM_YAKUMAN):
            if best.features >> i & 1:
                yaku[table.yakuman_names[i]] = table.yakuman_han[i]
    elif best.kind == K_RENHOU_ONLY:
        yaku["renhou"] = best.han
    else:
        for i in range(NUM_ORDINARY):
            if best.features >> i & 1:
                yaku[ORDINARY[i]] = table.han[is_open][i]
        dora, ura, kita = d.dora, d.ura, d.kita
        aka = d.aka if table.red_fives else 0
        if dora:
            yaku["dora"] = dora
        if aka:
            yaku["aka_dora"] = aka
        if ura:
            yaku["ura_dora"] = ura
        if kita:
            yaku["kita"] = kita
    if best.limit != L_YAKUMAN:
        limit = LIMIT_NAMES[best.limit]
    elif best.yakuman < len(YAKUMAN_LIMIT_NAMES):
        limit = YAKUMAN_LIMIT_NAMES[best.yakuman]
    else:
        limit = f"{best.yakuman}x_yakuman"
    payments = _payments(d, table, best.basic, honba, sticks, &points)
    return _frozen(HandResult, _RESULT_FIELDS, (
        best.han, best.fu, points, yaku, limit, fu_details(d, table, r, best.pinfu),
        payments, best.basic, best.yakuman,
        dora, aka, ura, d.tsumo, d.is_dealer, d.riichi, WAITS[r.wait], _describe(d, r)))

