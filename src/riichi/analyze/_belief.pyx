"""The compiled step of the belief over an opponent's concealed tiles: one chain over its hands,
its states weighed by the discard model, one of them picked.

:func:`draw_hand` walks a hand of an opponent to the consistent set (a shanten level, or tenpai
and not furiten for a seat in riichi), runs a Markov chain inside that set whose stationary law is
the uniform one (a tile of the hand swapped for a tile of the pool, kept when the hand stays in
the set), takes ``len(picks)`` of its states ``thin`` swaps apart, weighs each by the likelihood
of the seat's recent hand discards (:func:`log_likelihood`) and picks one in proportion.
:func:`log_likelihood` and :func:`discard_features` are the discard model: the probability that
the seat discarded tile ``d`` from its hand ``H + d`` (``H`` the concealed tiles now), a softmax
over the tile types of ``H + d`` of ``coef · (shanten above the lowest, log(1 + ukeire), honour,
terminal)`` with a coefficient set per age of the discard. Every random number comes from the
caller, drawn in advance (``moves``, ``pick``): the result is a function of them.

>>> import numpy as np
>>> pool = list(range(0, 136, 2))
>>> out = draw_hand(pool[:13], pool[13:], 1, 0, 0, bytes(34), b"", b"", np.zeros(16),
...                 np.random.default_rng(1).random((900, 2)), 64, 8, 4, 0.5)
>>> len(out[0]), out[4]
(13, True)
"""

from libc.math cimport exp, log, log1p
from libc.stdint cimport int64_t, uint8_t, uint64_t

from riichi._core cimport NUM_TYPES, discard_analysis_k, shanten_k, shanten_useful_k, waits_k

from riichi.errors import AnalysisError

cdef enum:
    N_FEATURES = 4
    N_AGES = 4
    MAX_HAND = 14
    MAX_PICKS = 64
    MAX_HISTORY = 32

cdef uint64_t ONE = 1

FEATURES = N_FEATURES
"""Features of one discard in the model: shanten above the lowest, log(1 + ukeire), honour,
terminal."""

AGES = N_AGES
"""Age classes of a discard: the seat's last one, 1-2, 3-5, 6 or more discards before it."""


def age_class(int age) -> int:
    """The age class (0-3) of a discard made ``age`` discards of the seat before its last one."""
    return 0 if age == 0 else 1 if age <= 2 else 2 if age <= 5 else 3


cdef inline int _terminal(int t) noexcept nogil:
    return t < 27 and (t % 9 == 0 or t % 9 == 8)


cdef int _rows(uint8_t* hand, int size, int64_t* rows) noexcept nogil:
    """The discard analysis of the ``size``-tile hand (every row, no tile seen but the hand's)."""
    return discard_analysis_k(hand, size, NULL, (ONE << NUM_TYPES) - 1, False, rows)


cdef double _log_probability(uint8_t* counts, int size, int discard, const double* coef
                             ) noexcept nogil:
    """log P(``discard`` | the hand ``counts`` + ``discard``) under the coefficients ``coef``."""
    cdef int64_t rows[4 * NUM_TYPES]
    cdef int n, i, lowest = 99
    cdef double score, chosen = 0.0, top = -1e300, total = 0.0
    cdef double scores[NUM_TYPES]
    if counts[discard] >= 4:
        return -1e300  # the hand holds every copy: it cannot have discarded one
    counts[discard] += 1
    n = _rows(counts, size + 1, rows)
    counts[discard] -= 1
    for i in range(n):
        if rows[4 * i + 1] < lowest:
            lowest = <int>rows[4 * i + 1]
    for i in range(n):
        score = (coef[0] * (rows[4 * i + 1] - lowest) + coef[1] * log1p(<double>rows[4 * i + 3])
                 + coef[2] * (rows[4 * i] >= 27) + coef[3] * _terminal(<int>rows[4 * i]))
        scores[i] = score
        if rows[4 * i] == discard:
            chosen = score
        if score > top:
            top = score
    for i in range(n):
        total += exp(scores[i] - top)
    return chosen - top - log(total)


cdef double _log_likelihood(uint8_t* counts, int size, const uint8_t* history,
                            const uint8_t* ages, int count, const double* coef) noexcept nogil:
    cdef double out = 0.0
    cdef int j
    for j in range(count):
        out += _log_probability(counts, size, history[j], coef + N_FEATURES * ages[j])
    return out


def log_likelihood(counts: bytes, int size, history: bytes, ages: bytes, double[::1] coef
                   ) -> float:
    """log P(the seat's discards ``history`` | its concealed ``counts``): the sum over the
    discards (tile types) of the discard model's log probability, each with the coefficients of
    its age class (``ages``, 0-3; ``coef`` holds :data:`FEATURES` per class).

    >>> import numpy as np
    >>> from riichi.tiles import parse_counts
    >>> coef = np.array([-3.0, 0.0, 0.0, 0.0] * 4)  # only efficiency counts
    >>> needs, spare = bytes(parse_counts("13m456p789s11223z")), bytes(parse_counts("99m456p789s11223z"))
    >>> # a seat that discarded 2m is unlikely to hold 13m around it
    >>> log_likelihood(needs, 13, bytes([1]), bytes([0]), coef) < log_likelihood(spare, 13, bytes([1]), bytes([0]), coef)
    True
    """
    cdef uint8_t c[NUM_TYPES]
    _check(counts, history, ages, coef)
    for t in range(NUM_TYPES):
        c[t] = counts[t]
    return _log_likelihood(c, size, history, ages, len(history), &coef[0])


def discard_features(counts: bytes, int size) -> list[tuple[int, float, float, float, float]]:
    """(tile type, shanten above the lowest, log(1 + ukeire), honour, terminal) of each distinct
    discard of the ``size``-tile hand ``counts`` (3n+2 tiles): what the discard model weighs."""
    cdef uint8_t c[NUM_TYPES]
    cdef int64_t rows[4 * NUM_TYPES]
    cdef int i, n, lowest = 99
    for t in range(NUM_TYPES):
        c[t] = counts[t]
    n = _rows(c, size, rows)
    for i in range(n):
        lowest = min(lowest, <int>rows[4 * i + 1])
    return [(<int>rows[4 * i], <double>(rows[4 * i + 1] - lowest), log1p(<double>rows[4 * i + 3]),
             <double>(rows[4 * i] >= 27), <double>_terminal(<int>rows[4 * i])) for i in range(n)]


def _check(counts: bytes, history: bytes, ages: bytes, double[::1] coef) -> None:
    if len(counts) != NUM_TYPES or len(history) != len(ages) or len(history) > MAX_HISTORY:
        raise AnalysisError(f"the discard model takes 34 counts and at most {MAX_HISTORY} "
                            "discards, each with its age class")
    if coef.shape[0] != N_FEATURES * N_AGES:
        raise AnalysisError(f"the discard model takes {N_FEATURES * N_AGES} coefficients, "
                            f"not {coef.shape[0]}")
    for a in ages:
        if a >= N_AGES:
            raise AnalysisError(f"age class {a}: expected 0-{N_AGES - 1}")


cdef inline bint _inside(uint8_t* c, int size, int mode, int level, uint64_t banned,
                         const uint8_t* melded) noexcept nogil:
    """Whether the hand is in the consistent set: mode 0, shanten ``level`` (or more, for the
    top level ``level`` >= 4 stands for), waiting on no ``banned`` tile at tenpai; mode 1, tenpai
    on a tile left to win on and on no ``banned`` tile (a seat in riichi)."""
    cdef uint64_t waits
    cdef int t, s
    if mode == 0:
        s = shanten_k(c, size)
        if level >= 4:
            return s >= level
        if s != level:
            return False
        if level > 0 or not banned:
            return True
    waits = waits_k(c, size)
    for t in range(NUM_TYPES):
        if (waits >> t) & 1 and c[t] + melded[t] >= 4:
            waits &= ~(ONE << t)  # every copy held: nothing left to win on
    return waits != 0 and not (waits & banned)


cdef inline int _distance(uint8_t* c, int size, int mode, int level, uint64_t banned,
                          const uint8_t* melded) noexcept nogil:
    """How far the hand is from the consistent set: shanten levels away, one more at the right
    level but waiting on a banned tile, 0 inside."""
    cdef int s
    if mode == 1:
        return 0 if _inside(c, size, mode, level, banned, melded) else 1
    s = shanten_k(c, size)
    if level >= 4:
        return level - s if s < level else 0
    if s != level:
        return s - level if s > level else level - s
    return 0 if _inside(c, size, mode, level, banned, melded) else 1


cdef struct Chain:
    int made
    int kept
    bint reached
    int states[MAX_PICKS][MAX_HAND]
    double likelihood[MAX_PICKS]
    double quality[MAX_PICKS]


cdef double _quality(uint8_t* c, int size, const uint8_t* melded) noexcept nogil:
    """log(1 + the tiles that take the hand a step on, not counting the ones it holds)."""
    cdef uint64_t useful = 0
    cdef int t, n = 0
    shanten_useful_k(c, size, &useful)
    for t in range(NUM_TYPES):
        if (useful >> t) & 1 and c[t] + melded[t] < 4:
            n += 4 - c[t] - melded[t]
    return log1p(<double>n)


cdef void _chain(Chain* out, uint8_t* c, int* h, int size, int* pool, int others, int mode,
                 int level, uint64_t banned, const uint8_t* held, const uint8_t* past,
                 const uint8_t* age, int count, const double* coef, const double* moves,
                 int steps, int burn, int thin, int picks) noexcept nogil:
    """Walk the hand ``h`` (its counts ``c``) to the consistent set, then run the chain and keep
    ``picks`` states with their log-likelihood and quality (see :func:`draw_hand`)."""
    cdef int i, j, k, step = 0, distance, now
    out.made = out.kept = 0
    # the walk: keep every swap that does not take the hand farther from the set (a seat in
    # riichi starts inside it)
    distance = _distance(c, size, mode, level, banned, held)
    if mode == 0:
        while distance and step < steps - burn - thin * picks:
            i = <int>(moves[2 * step] * size)
            j = <int>(moves[2 * step + 1] * others)
            step += 1
            c[h[i] >> 2] -= 1
            c[pool[j] >> 2] += 1
            now = _distance(c, size, mode, level, banned, held)
            if now <= distance:
                distance = now
                h[i], pool[j] = pool[j], h[i]
            else:
                c[h[i] >> 2] += 1
                c[pool[j] >> 2] -= 1
    out.reached = distance == 0
    if not out.reached:
        return
    for k in range(burn + thin * picks):
        i = <int>(moves[2 * step] * size)
        j = <int>(moves[2 * step + 1] * others)
        step += 1
        out.made += 1
        c[h[i] >> 2] -= 1
        c[pool[j] >> 2] += 1
        if _inside(c, size, mode, level, banned, held):
            h[i], pool[j] = pool[j], h[i]
            out.kept += 1
        else:
            c[h[i] >> 2] += 1
            c[pool[j] >> 2] -= 1
        if k >= burn and (k - burn) % thin == thin - 1:
            j = (k - burn) // thin
            for i in range(size):
                out.states[j][i] = h[i]
            out.likelihood[j] = _log_likelihood(c, size, past, age, count, coef)
            out.quality[j] = _quality(c, size, held)


cdef int _start(Chain* out, list hand, list rest, int mode, int level,
                unsigned long long banned, bytes melded, bytes history, bytes ages,
                double[::1] coef, double[:, ::1] moves, int burn, int thin, int picks) except -1:
    """Check the arguments of :func:`draw_hand` and run its chain into ``out``."""
    cdef int i, t, size = len(hand), others = len(rest), steps = moves.shape[0], count = len(history)
    cdef uint8_t c[NUM_TYPES]
    cdef int h[MAX_HAND]
    cdef int[::1] pool
    cdef const uint8_t* past = history
    cdef const uint8_t* age = ages
    cdef const uint8_t* held = melded
    if size > MAX_HAND or picks < 1 or picks > MAX_PICKS or thin < 1 or burn < 0 \
            or moves.shape[1] != 2 or others < 1 or len(melded) != NUM_TYPES:
        raise AnalysisError(f"draw_hand: a hand of at most {MAX_HAND} tiles, 1-{MAX_PICKS} "
                            "picks, moves of two numbers and 34 melded counts expected")
    _check(bytes(NUM_TYPES), history, ages, coef)
    if steps < burn + thin * picks:
        raise AnalysisError(f"draw_hand: {steps} moves for {burn} + {thin} x {picks} swaps")
    pool = _ints(rest)
    for t in range(NUM_TYPES):
        c[t] = 0
    for i in range(size):
        h[i] = hand[i]
        c[h[i] >> 2] += 1
    with nogil:
        _chain(out, c, h, size, &pool[0], others, mode, level, banned, held, past, age, count,
               &coef[0], &moves[0, 0], steps, burn, thin, picks)
    if not out.reached:
        for i in range(size):
            out.states[0][i] = h[i]
    return 0


def draw_hand(list hand, list rest, int mode, int level, unsigned long long banned,
              bytes melded, bytes history, bytes ages, double[::1] coef,
              double[:, ::1] moves, int burn, int thin, int picks, double pick,
              double tilt=0.0):
    """One hand for an opponent from its chain (see the module's docstring): ``hand`` (136-ids,
    a start; for ``mode`` 1 it must already be consistent) and ``rest`` (the other tiles it may
    hold) are the pool; ``moves`` are uniform numbers in [0, 1), two per swap proposed (which
    tile of the hand, which of the rest): the walk to the set takes what it needs, then ``burn``
    swaps, then ``picks`` states ``thin`` swaps apart; ``pick`` (uniform in [0, 1)) chooses among
    them in proportion to their likelihood times ``(1 + ukeire) ** tilt`` (``ukeire``: the tiles
    that take the hand a step on; a positive ``tilt`` favours the better shapes of the level, as
    real players' hands are). ``melded`` counts the tile types in the seat's melds (a wait on a
    type it holds all of is no wait), ``banned`` the types it may not wait on.

    Returns (the hand, the effective sample size of the states' weights, swaps proposed, swaps
    kept, whether the walk reached the set). A walk that does not reach the set within the moves
    given leaves the hand at the nearest level it found, with False.
    """
    cdef Chain out
    cdef int j, size = len(hand)
    cdef double top = -1e300, total = 0.0, square = 0.0, at
    cdef double weight[MAX_PICKS]
    _start(&out, hand, rest, mode, level, banned, melded, history, ages, coef, moves, burn,
           thin, picks)
    if not out.reached:
        return sorted(out.states[0][i] for i in range(size)), 0.0, 0, 0, False
    for j in range(picks):
        weight[j] = out.likelihood[j] + tilt * out.quality[j]
        top = max(top, weight[j])
    for j in range(picks):
        weight[j] = exp(weight[j] - top)
        total += weight[j]
        square += weight[j] * weight[j]
    at = pick * total
    j = 0
    while j < picks - 1 and at >= weight[j]:
        at -= weight[j]
        j += 1
    return (sorted(out.states[j][i] for i in range(size)), total * total / square, out.made,
            out.kept, True)


def chain_states(list hand, list rest, int mode, int level, unsigned long long banned,
                 bytes melded, bytes history, bytes ages, double[::1] coef,
                 double[:, ::1] moves, int burn, int thin, int picks
                 ) -> list[tuple[float, float]] | None:
    """The (log-likelihood, log(1 + ukeire)) of each state :func:`draw_hand` would weigh with
    these arguments, or None when the walk does not reach the set: what the fit of the tilt
    reads."""
    cdef Chain out
    _start(&out, hand, rest, mode, level, banned, melded, history, ages, coef, moves, burn,
           thin, picks)
    if not out.reached:
        return None
    return [(out.likelihood[j], out.quality[j]) for j in range(picks)]


def hand_quality(counts: bytes, int size, bytes melded) -> float:
    """log(1 + ukeire) of the concealed ``counts`` (``size`` tiles): the tiles that take the hand
    a step on (its waits at tenpai), less the copies it holds in hand or melds."""
    cdef uint8_t c[NUM_TYPES]
    if len(counts) != NUM_TYPES or len(melded) != NUM_TYPES:
        raise AnalysisError("hand_quality: 34 counts and 34 melded counts expected")
    for t in range(NUM_TYPES):
        c[t] = counts[t]
    return _quality(c, size, melded)


cdef int[::1] _ints(list tiles):
    import numpy as np
    return np.asarray(tiles, dtype=np.intc).copy()


def consistent(counts: bytes, int size, int mode, int level, unsigned long long banned,
               bytes melded) -> bool:
    """Whether the concealed ``counts`` (``size`` tiles) are in the consistent set of
    :func:`draw_hand` (``mode`` 0: shanten ``level``; 1: tenpai on a tile left, none ``banned``).

    >>> hand = bytes([1, 1, 1, 0, 0, 0, 0, 0, 0] * 3 + [2, 2, 0, 0, 0, 0, 0])
    >>> consistent(hand[:34], 13, 1, 0, 0, bytes(34)), consistent(hand[:34], 13, 1, 0, 1 << 27, bytes(34))
    (True, False)
    """
    cdef uint8_t c[NUM_TYPES]
    if len(counts) != NUM_TYPES or len(melded) != NUM_TYPES:
        raise AnalysisError("consistent: 34 counts and 34 melded counts expected")
    for t in range(NUM_TYPES):
        c[t] = counts[t]
    return _inside(c, size, mode, level, banned, melded)
