"""The scoring kernel's readings of a winning hand: every decomposition into four sets and a pair
(the core's :func:`~riichi._core.decompositions`), seven pairs or thirteen orphans, each with the
wait the winning tile completed, the hand's melds merged in.

>>> WAITS
('ryanmen', 'kanchan', 'penchan', 'tanki', 'shanpon', 'kokushi', 'kokushi_13')
"""

from libc.stdint cimport uint32_t

from riichi._core cimport MAX_DECOMPOSITIONS, Decomposition, decompositions_k
from riichi.scoring._kernel cimport (
    SHAPE_CHIITOITSU, SHAPE_KOKUSHI, SHAPE_STANDARD, TERMINAL_OR_HONOR_MASK, W_KANCHAN,
    W_KOKUSHI, W_KOKUSHI_13, W_PENCHAN, W_RYANMEN, W_SHANPON, W_TANKI,
)

__all__ = ["WAITS"]

WAITS = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon", "kokushi", "kokushi_13")
"""How the winning tile completed its set, as :attr:`HandResult.wait` names it."""


cdef int _run_wait(int start, int win) noexcept nogil:
    if win == start + 1:
        return W_KANCHAN
    if (win == start + 2 and start % 9 == 0) or (win == start and start % 9 == 6):
        return W_PENCHAN
    return W_RYANMEN


cdef void _make_reading(Hand* d, Decomposition* dc, int wait, int ron_triplet,
                        Reading* r) noexcept nogil:
    cdef int i, j, run, n = 0
    r.shape, r.pair, r.wait = SHAPE_STANDARD, dc.pair, wait
    for i in range(dc.n_runs):
        r.runs[n] = dc.runs[i]
        n += 1
    for i in range(d.n_meld_runs):
        # Insert in order: the hand's runs are sorted already.
        run = d.meld_runs[i]
        j = n
        while j > 0 and r.runs[j - 1] > run:
            r.runs[j] = r.runs[j - 1]
            j -= 1
        r.runs[j] = run
        n += 1
    r.n_runs = n
    r.concealed_triplets = 0
    for i in range(dc.n_triplets):
        r.triplets[i] = dc.triplets[i]
        r.concealed[i] = d.tsumo or dc.triplets[i] != ron_triplet
        r.kan[i] = False
        r.concealed_triplets += r.concealed[i]
    n = dc.n_triplets
    for i in range(d.n_meld_triplets):
        r.triplets[n] = d.meld_triplet[i]
        r.concealed[n] = d.meld_concealed[i]
        r.kan[n] = d.meld_kan[i]
        r.concealed_triplets += r.concealed[n]
        n += 1
    r.n_triplets = n


cdef int readings(Hand* d, Reading* out) noexcept nogil:
    """Every (decomposition, wait) reading of the hand, in the order the tie-break expects."""
    cdef Decomposition found[MAX_DECOMPOSITIONS]
    cdef int k, i, j, t, n = 0, n_found, wait, pairs = 0
    cdef uint32_t waits
    cdef int order[8]
    cdef int n_order
    if d.n_melds == 0:
        # Fourteen concealed tiles: one of each terminal and honor and one more is thirteen
        # orphans; seven tiles held twice are seven pairs.
        if d.mask == TERMINAL_OR_HONOR_MASK:
            out[0].shape = SHAPE_KOKUSHI
            out[0].wait = W_KOKUSHI_13 if d.closed[d.win] == 2 else W_KOKUSHI
            out[0].n_runs = out[0].n_triplets = out[0].concealed_triplets = 0
            for t in range(34):
                if d.closed[t] == 2:
                    out[0].pair = t
                    break
            return 1
        for t in range(34):
            pairs += d.closed[t] == 2
        if pairs == 7:
            out[0].shape, out[0].pair, out[0].wait = SHAPE_CHIITOITSU, d.win, W_TANKI
            out[0].n_runs = out[0].n_triplets = out[0].concealed_triplets = 0
            n = 1
    n_found = decompositions_k(d.closed, found)
    for k in range(n_found):
        # Waits in first-seen order: the pair, the runs in order, then a triplet.
        waits = 0
        n_order = 0
        if found[k].pair == d.win:
            waits |= 1 << W_TANKI
            order[n_order] = W_TANKI
            n_order += 1
        for i in range(found[k].n_runs):
            j = found[k].runs[i]
            if j <= d.win <= j + 2:
                wait = _run_wait(j, d.win)
                if not waits >> wait & 1:
                    waits |= 1 << wait
                    order[n_order] = wait
                    n_order += 1
        for i in range(found[k].n_triplets):
            if found[k].triplets[i] == d.win:
                order[n_order] = W_SHANPON
                n_order += 1
        for i in range(n_order):
            _make_reading(d, &found[k], order[i], d.win if order[i] == W_SHANPON else -1, &out[n])
            n += 1
    return n
