"""The compiled game loop (numba): whole games of any variant (a rotating Sheriff or
Deputies from a deck; tokens, royal goods) between the registered bots, drawing exactly
what the checked engine's two generators would draw, and optionally logging the actions
the engine would be given (:func:`_put`).

Everything the kernel knows about the variant comes in as arrays (see
:func:`sheriff_core.analysis.fastsim.tables.compile_variant`): cards are good codes in the variant's
goods order; no variant or good is named here. Each function mirrors one part of the
checked engine or of a bot, named in its docstring; the order of the random draws is
theirs (``rng``: the rules' shuffles, ``game.rng``; ``prng``: the bots' draws,
``game.players_rng``). Both are numpy's PCG64, re-implemented here (:func:`_pcg_seed`,
:func:`_next64`, :func:`_random`, :func:`_shuffle`) so that a chunk of games is one
compiled call: numba can take a ``numpy.random.Generator`` itself, but unboxing two of them
cost 34 us a call, more than a game (``docs/compiled_sim.md``).

Not imported by :mod:`sheriff_core.analysis.fastsim` until a fast run needs it (numba is optional).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

#: How the kernel's functions are compiled: without reference counting (``_nrt=False``):
#: each array argument and each view (``hands[seat]``) otherwise costs an atomic
#: increment and decrement (``NRT_incref`` / ``NRT_decref`` calls), which was most of a
#: game's time. So these functions allocate nothing: their work arrays come from
#: :func:`play_games` (``wk``, :func:`scratch`; a game's arrays, :func:`game_arrays`).
#: The first-ever compile: only the entry point :func:`_play_all` is cached (its cached
#: code holds every function it calls, so a new process loads that one file); the inner
#: functions are compiled without the wrappers that let Python call them, and
#: :func:`play_game` is inlined into it, because numba optimises each compiled function
#: again with everything it calls linked in: every level of calls above the bulk of the
#: code costs a whole optimisation of it. :func:`_rounds` is not inlined: numba's inliner
#: copies the callee's IR at a cost that grows with its blocks times its variables, which
#: for the whole game loop cost more than the optimisation it saved (measured:
#: ``docs/compiled_sim.md``, "Shortened again, and where the rest goes").
#: numba's type hints do not declare the private ``_nrt`` option, hence the ignores.
_INNER = {"_nrt": False, "no_cpython_wrapper": True, "no_cfunc_wrapper": True}
_jit = njit(**_INNER)  # type: ignore[call-overload]
_jit_inline = njit(inline="always", **_INNER)  # type: ignore[call-overload]
#: The entry point releases the GIL, so :func:`play_games` can run parts of a chunk on
#: threads at once (each with its own work arrays; the games write disjoint rows).
_jit_entry = njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]
#: The generator's functions keep the wrappers: tests call them from Python (a function
#: compiled without them crashes the process when Python calls it).
_jit_rng = njit(_nrt=False)  # type: ignore[call-overload]
# Arguments as numpy integers, not int literals: a literal argument (``0``, ``-1``) makes
# numba compile a second copy of the function it is passed to, for that literal (so the
# action log's record kinds, K_* below, are numpy integers too).
_ZERO = np.int64(0)
_ONE = np.int64(1)
_LOOT = np.int64(-1)  # _pay's payee for the Deputies' Loot

# vi: the variant's integers (filled by tables.compile_variant)
V_HAND, V_PILES, V_PILE_SETUP, V_ASIDE_MAX, V_BAG_MAX, V_KEEP = 0, 1, 2, 3, 4, 5
V_GOLD, V_ROUNDS, V_FROM_DISCARDS, V_LEGAL0, V_DEBT_ANY, V_NGOODS = 6, 7, 8, 9, 10, 11
V_DISCARD_FIRST = 12  # market_order "discard-then-draw"
V_BAG_MIN, V_NTB, V_TB = 13, 14, 15  # bag_min; the tie-breaks: how many, then TB_* codes
V_CHOOSES = 18  # market_starter "sheriff_chooses" (a starter action in the log)
V_DEPUTY, V_NSH = 19, 20  # sheriff_selection "deputy_deck"; sheriffs_per_round (1 or 2)
N_VI = 21
TB_LEGAL, TB_CONTRA, TB_TOKENS = 0, 1, 2  # tie-breaks: most legal goods, contraband, tokens
# ti[t]: per token kind (variant.tokens order): the good it takes, how many, its value, the
# supply for this player count, its King/Queen bonus (T_BONUS: has one)
T_GOOD, T_PER, T_VALUE, T_SUPPLY, T_KING, T_QUEEN, T_BONUS = 0, 1, 2, 3, 4, 5, 6
#: The fewest games a thread of :func:`play_games` plays (fewer: not worth a thread).
MIN_PART = 100
#: play_game's results: the game was played; a merchant had no card to load (the checked
#: engine fails there too: its bots take min() of an empty hand).
OK, EMPTY_HAND, SHORT_HAND, LOG_FULL = 0, 1, 2, 3  # SHORT_HAND: fewer cards than bag_min
DECK_SHORT = 4  # the deputy deck ran out within a round (the engine fails there too)
# gi[g]: per good code
G_VALUE, G_PENALTY, G_LEGAL, G_KING, G_QUEEN, G_BONUS = 0, 1, 2, 3, 4, 5
G_AS, G_AS_N = 6, 7  # a royal good counts as G_AS_N of good G_AS for King/Queen (-1: none)
N_GI = 8
# merchant kinds and Sheriff kinds (tables.MERCHANT_KINDS / SHERIFF_KINDS)
M_HONEST, M_SMUGGLER, M_BLUFFER, M_BRIBER, M_ADAPTIVE = 0, 1, 2, 3, 4
# the adaptive merchant's parameters: madapt[seat, A_*] (threshold < 0: derived per load)
A_PRIOR, A_BASE, A_THRESHOLD = 0, 1, 2
S_TRUSTING, S_INSPECT, S_THRESHOLD, S_BAYES = 0, 1, 2, 3
# the public record (bots.base.PublicLog) per seat: plog[seat, L_*]
L_BAGS, L_INSPECTED, L_CAUGHT, L_BLUFFS, L_SMUGGLED = 0, 1, 2, 3, 4
L_FACED, L_OPENED = 5, 6  # as Sheriff: bags decided, bags inspected
N_LOG = 7
# out[seat, col]
O_GOLD, O_VALUE, O_BONUS, O_TOTAL, O_RANK, O_LEGAL, O_CONTRA = 0, 1, 2, 3, 4, 5, 6
O_BAGS, O_LIES, O_INSPECTED, O_CAUGHT, O_SMUGGLED = 7, 8, 9, 10, 11
O_FPAID, O_FRECV, O_CPAID, O_CRECV, O_PASSED, O_OPENED = 12, 13, 14, 15, 16, 17
O_BPAID, O_BRECV, O_BRIBES, O_BRIBE_GOLD = 18, 19, 20, 21
O_TOKENS = 22  # tokens held (the "tokens" tie-break; not a column of the table)
N_OUT = 23
# bags[row, col]: one row per bag, in the order they are settled (simulate_bags)
B_ROUND, B_SEAT, B_SHERIFF, B_GOOD, B_COUNT, B_CONTRA = 0, 1, 2, 3, 4, 5
B_TRUTHFUL, B_THREATENED = 6, 7
B_INSPECTED, B_OFFERED, B_BRIBE, B_PAYS, B_SMUGGLED = 8, 9, 10, 11, 12  # _settle's order
N_BAG = 13
# the Sheriff bot's decide
PASS, INSPECT, THREATEN = 0, 1, 2
# wk[W_*]: scratch rows, allocated once per chunk (play_games) and reused by the per-bag
# and per-market functions instead of small arrays of their own; wide enough for a whole
# deck plus two hands (:func:`_scratch`)
W_ASIDE, W_TAKE, W_CONTRA, W_GOODS, W_COUNTS, W_ORDER = 0, 1, 2, 3, 4, 5
W_FORCED, W_POOL, W_CHOSEN, W_TAKES, W_BUF, W_INSP = 6, 7, 8, 9, 10, 11
N_WK = 12
# the action log (lg: lg[0] the next free index, -1 once full; then records of a K_* code
# and its fields, see fastsim.actions_of): the engine's actions, in the order applied
K_STARTER, K_MARKET, K_LOAD, K_DECLARE, K_THREATEN, K_INSPECT, K_PASS = np.arange(1, 8)
K_OFFER, K_ACCEPT, K_DECLINE, K_CONFISCATE, K_DEBT, K_EXCHANGE = np.arange(8, 14)

# ----------------------------------------------------------------------------- numpy's PCG64
# A generator's state: uint64[6] = state (high, low), increment (high, low), has_uint32,
# uinteger (numpy's pcg64_state; the 32-bit half kept for the next 32-bit draw).
_M32 = np.uint64(0xFFFFFFFF)
_MULT_HI = np.uint64(0x2360ED051FC65DA4)  # PCG_DEFAULT_MULTIPLIER_128
_MULT_LO = np.uint64(0x4385DF649FCCF645)
_U0, _U1, _U11, _U32 = np.uint64(0), np.uint64(1), np.uint64(11), np.uint64(32)
_U58, _U63, _U64 = np.uint64(58), np.uint64(63), np.uint64(64)


@_jit
def _mul64(a, b):
    """The 128-bit product of two uint64, as (high, low)."""
    a_lo, a_hi = a & _M32, a >> _U32
    b_lo, b_hi = b & _M32, b >> _U32
    p0, p1, p2, p3 = a_lo * b_lo, a_lo * b_hi, a_hi * b_lo, a_hi * b_hi
    mid = (p0 >> _U32) + (p1 & _M32) + (p2 & _M32)
    return p3 + (p1 >> _U32) + (p2 >> _U32) + (mid >> _U32), (p0 & _M32) | (mid << _U32)


@_jit
def _step(g):
    """state = state * multiplier + increment (mod 2**128)."""
    hi, lo = g[0], g[1]
    ph, pl = _mul64(lo, _MULT_LO)
    ph += hi * _MULT_LO + lo * _MULT_HI
    nl = pl + g[3]
    g[0] = ph + g[2] + (_U1 if nl < pl else _U0)
    g[1] = nl


@_jit_rng
def _pcg_seed(g, w):
    """pcg64_set_seed from ``SeedSequence.generate_state(4, np.uint64)`` words ``w``: what
    ``np.random.default_rng(seed_sequence)`` does."""
    g[2] = (w[2] << _U1) | (w[3] >> _U63)
    g[3] = (w[3] << _U1) | _U1
    g[0], g[1] = _U0, _U0
    _step(g)
    lo = g[1] + w[1]
    g[0] = g[0] + w[0] + (_U1 if lo < g[1] else _U0)
    g[1] = lo
    _step(g)
    g[4], g[5] = _U0, _U0


@_jit
def _next64(g):
    """pcg64_next64: step, then the XSL-RR output of the new state."""
    _step(g)
    x = g[0] ^ g[1]
    rot = g[0] >> _U58
    return (x >> rot) | (x << ((_U64 - rot) & _U63))


@_jit
def _next32(g):
    """pcg64_next32: the low half of a 64-bit draw, the high half kept for the next call."""
    if g[4]:
        g[4] = _U0
        return g[5]
    v = _next64(g)
    g[4], g[5] = _U1, v >> _U32
    return v & _M32


@_jit_rng
def _random(g):
    """``Generator.random()``: (next64 >> 11) * 2**-53 (``random(k)``: k of these)."""
    return np.float64(_next64(g) >> _U11) * (1.0 / 9007199254740992.0)


@_jit
def _interval(g, most):
    """numpy's random_interval: uniform in 0..``most`` by masked rejection."""
    m = np.uint64(most)
    if m == _U0:
        return 0
    mask = m
    mask |= mask >> _U1
    mask |= mask >> np.uint64(2)
    mask |= mask >> np.uint64(4)
    mask |= mask >> np.uint64(8)
    mask |= mask >> np.uint64(16)
    mask |= mask >> _U32
    if m <= _M32:
        v = _next32(g) & mask
        while v > m:
            v = _next32(g) & mask
    else:
        v = _next64(g) & mask
        while v > m:
            v = _next64(g) & mask
    return np.int64(v)


@_jit_rng
def _shuffle(g, a):
    """``Generator.shuffle`` of a list or 1-d array: Fisher-Yates from the end."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = _interval(g, i)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@_jit
def _reshuffle(rng, deck, st, piles, plen, keep):
    """rounds._reshuffle: each pile's cards below its top ``keep``, pile by pile, shuffled."""
    total = 0  # the deck is empty: the cards go straight into it
    for i in range(plen.shape[0]):
        if plen[i] > keep:
            cut = plen[i] - keep
            for j in range(cut):
                deck[total] = piles[i, j]
                total += 1
            for j in range(keep):
                piles[i, j] = piles[i, cut + j]
            plen[i] = keep
    if total:
        _shuffle(rng, deck[:total])
        st[0] = total


@_jit
def _draw(rng, deck, st, piles, plen, keep, k, out, at):
    """rounds._draw_many: up to ``k`` cards, top first, into ``out[at:]``; how many
    (fewer when no card is left anywhere)."""
    got = 0
    while got < k:
        dl = st[0]
        need = k - got
        if dl >= need:
            for j in range(need):
                out[at + got + j] = deck[dl - 1 - j]
            st[0] = dl - need
            return k
        for j in range(dl):
            out[at + got + j] = deck[dl - 1 - j]
        got += dl
        st[0] = 0
        _reshuffle(rng, deck, st, piles, plen, keep)
        if st[0] == 0:
            return got
    return got


@_jit
def _target(hand, hl, by_rank):
    """merchants._target_count: (most plentiful legal good, ties the higher ranked; copies)."""
    best, most = -1, 0
    for r in range(by_rank.shape[0]):
        good = by_rank[r]
        c = 0
        for j in range(hl):
            if hand[j] == good:
                c += 1
        if c > most:
            best, most = good, c
    return best, most


@_jit
def _remove_first(arr, alen, card):
    """list.remove: drop the first ``card`` of ``arr[:alen]``; the new length."""
    for j in range(alen):
        if arr[j] == card:
            for t in range(j, alen - 1):
                arr[t] = arr[t + 1]
            return alen - 1
    return alen  # pragma: no cover - the bots only remove cards they hold


@_jit
def _cheapest(hand, hl, gi):
    """``min(hand, key=penalty)``: the first card with the lowest penalty."""
    best = hand[0]
    for j in range(1, hl):
        if gi[hand[j], G_PENALTY] < gi[best, G_PENALTY]:
            best = hand[j]
    return best


@_jit
def _put(lg, v):
    """Append ``v`` to the action log ``lg`` (``lg[0]``: where; -1 once it is full)."""
    i = lg[0]
    if i < 0:
        return
    if i >= lg.shape[0]:
        lg[0] = -1
        return
    lg[i] = v
    lg[0] = i + 1


@_jit
def _put_seat(lg, kind, seat):
    """A one-field record (starter, threaten, inspect, pass, offer)."""
    if lg.shape[0] > 0:
        _put(lg, kind)
        _put(lg, seat)


@_jit
def _market(rng, vi, gi, by_rank, keep_contra, seat, hands, hlen, deck, st, piles, plen, lg, wk):
    """merchants._market (the bot) then market._do_market (the set-aside cards go on the
    last pile after the draw, or before it with "discard-then-draw")."""
    hand_size = vi[V_HAND]
    hl = hlen[seat]
    hand = hands[seat]
    target, copies = _target(hand, hl, by_rank)
    aside = wk[W_ASIDE]
    al = 0
    for j in range(hl):
        c = hand[j]
        if keep_contra:
            if c != target and gi[c, G_LEGAL]:
                aside[al] = c
                al += 1
        elif c != target:
            aside[al] = c
            al += 1
    npiles = plen.shape[0]
    take = wk[W_TAKE]
    tl = 0
    if al > 0:
        if al > vi[V_ASIDE_MAX]:
            al = vi[V_ASIDE_MAX]
        if vi[V_FROM_DISCARDS] and target >= 0:
            need = hand_size - hl + al
            for i in range(npiles):
                depth = plen[i]
                while depth and piles[i, depth - 1] == target and tl < need:
                    take[tl] = i
                    tl += 1
                    depth -= 1
        for j in range(al):
            hl = _remove_first(hand, hl, aside[j])
    if lg.shape[0] > 0:  # Market(aside, take, the last pile) or Market() ("market keep")
        _put(lg, K_MARKET)
        _put(lg, npiles - 1 if al > 0 else 0)
        _put(lg, al)
        _put(lg, tl)
        for j in range(al):
            _put(lg, aside[j])
        for j in range(tl):
            _put(lg, take[j])
    first = vi[V_DISCARD_FIRST] != 0 and al > 0
    if first:
        p = npiles - 1
        for j in range(al):
            piles[p, plen[p]] = aside[j]
            plen[p] += 1
    for j in range(tl):
        i = take[j]
        plen[i] -= 1
        hand[hl] = piles[i, plen[i]]
        hl += 1
    if hl < hand_size:
        hl += _draw(rng, deck, st, piles, plen, vi[V_KEEP], hand_size - hl, hand, hl)
    hlen[seat] = hl
    if al > 0 and not first:
        p = npiles - 1
        for j in range(al):
            piles[p, plen[p]] = aside[j]
            plen[p] += 1


@_jit
def _honest_bag(vi, gi, by_rank, hand, hl, bag):
    """merchants._honest_load: (declared good, bag size) with the bag written to ``bag``."""
    good, copies = _target(hand, hl, by_rank)
    if good >= 0:
        k = min(copies, vi[V_BAG_MAX])
        for j in range(k):
            bag[j] = good
        return good, k
    bag[0] = _cheapest(hand, hl, gi)
    return vi[V_LEGAL0], 1


@_jit
def _sorted_contraband(gi, hand, hl, contra):
    """The hand's contraband (every good not legal) into ``contra``, most valuable first,
    equal values in hand order (a stable sort, as the bots' ``sort``); how many."""
    cl = 0
    for j in range(hl):
        if not gi[hand[j], G_LEGAL]:
            contra[cl] = hand[j]
            cl += 1
    # insertion sort keeps equal values in hand order
    for j in range(1, cl):
        c = contra[j]
        t = j
        while t > 0 and gi[contra[t - 1], G_VALUE] < gi[c, G_VALUE]:
            contra[t] = contra[t - 1]
            t -= 1
        contra[t] = c
    return cl


@_jit
def _smuggle_bag(prng, vi, gi, by_rank, hand, hl, bag, chance, contra):
    """merchants._smuggle_load: each contraband card (most valuable first) with ``chance``,
    one draw per card (one ``random(k)`` call for k > 1, as the bot makes)."""
    good, copies = _target(hand, hl, by_rank)
    cl = _sorted_contraband(gi, hand, hl, contra)
    bl = 0
    bag_max = vi[V_BAG_MAX]
    if cl > 1:
        for j in range(cl):  # random(k): k doubles in turn
            # the first bag_max cards chosen (the bot's del bag[bag_max:])
            if _random(prng) < chance and bl < bag_max:
                bag[bl] = contra[j]
                bl += 1
    elif cl == 1:
        if _random(prng) < chance:
            bag[0] = contra[0]
            bl = 1
    if good < 0:
        good = vi[V_LEGAL0]
    else:
        k = min(copies, bag_max - bl)
        for _j in range(k):
            bag[bl] = good
            bl += 1
    if bl == 0:
        bag[0] = _cheapest(hand, hl, gi)
        bl = 1
    return good, bl


@_jit
def _threshold(vl, pl, tv, tp, k, j):
    """merchants._derived_threshold: theory.inspection.inspection_threshold of the one-bag
    game (inspection_game with ``j`` smuggled cards worth ``tv`` with fines ``tp`` in all,
    declared as ``k`` of a good worth ``vl`` with penalty ``pl``), the same float steps."""
    v_l, p_l = float(vl), float(pl)
    v_c, p_c = tv / j, tp / j
    a00 = k * v_l
    a01 = k * v_l + k * p_l
    a10 = j * v_c + (k - j) * v_l
    a11 = (k - j) * v_l - j * p_c
    g_pass, g_insp = a10 - a00, a11 - a01
    if g_pass <= 0 and g_insp <= 0:
        return 0.0
    if g_pass >= 0 and g_insp >= 0:
        return 1.0
    return g_pass / (g_pass - g_insp)


@_jit
def _adaptive_plan(vi, gi, by_rank, hand, hl, fixed, contra):
    """AdaptiveMerchant.plan: (how many of ``contra``, the hand's contraband most valuable
    first, it would smuggle; their threshold). ``fixed`` >= 0: the bot's own threshold."""
    bag_max = vi[V_BAG_MAX]
    cl = min(_sorted_contraband(gi, hand, hl, contra), bag_max)
    if cl == 0:
        return 0, 0.0
    if fixed >= 0:
        return cl, fixed
    good, copies = _target(hand, hl, by_rank)
    if good < 0:
        good = vi[V_LEGAL0]
    best, best_q = 0, -1.0
    tv, tp = 0, 0
    for j in range(1, cl + 1):
        tv += gi[contra[j - 1], G_VALUE]
        tp += gi[contra[j - 1], G_PENALTY]
        k = j + min(copies, bag_max - j)
        q = _threshold(gi[good, G_VALUE], gi[good, G_PENALTY], tv, tp, k, j)
        if q > best_q:
            best, best_q = j, q
    return best, best_q


@_jit
def _rate(plog, sheriff, prior, base):
    """AdaptiveMerchant.inspection_rate: the current Sheriff's bags opened and faced,
    with ``prior`` bags at rate ``base``."""
    return (plog[sheriff, L_OPENED] + prior * base) / (plog[sheriff, L_FACED] + prior)


@_jit
def _adaptive_bag(vi, gi, by_rank, hand, hl, bag, rate, fixed, contra):
    """AdaptiveMerchant.load: its planned contraband when ``rate`` is below the plan's
    threshold, then its most plentiful legal good (declared), or the cheapest card."""
    j, q = _adaptive_plan(vi, gi, by_rank, hand, hl, fixed, contra)
    bl = 0
    if rate < q:
        for t in range(j):
            bag[t] = contra[t]
        bl = j
    good, copies = _target(hand, hl, by_rank)
    if good < 0:
        good = vi[V_LEGAL0]
    else:
        for _t in range(min(copies, vi[V_BAG_MAX] - bl)):
            bag[bl] = good
            bl += 1
    if bl == 0:
        bag[0] = _cheapest(hand, hl, gi)
        bl = 1
    return good, bl


@_jit
def _bluff_bag(prng, vi, gi, by_rank, hand, hl, bag, bluff, goods, counts):
    """Bluffer.load: with probability ``bluff``, its two most plentiful legal goods
    (ties: the more valuable, then first seen in the hand), declared as the first."""
    if _random(prng) >= bluff:
        return _honest_bag(vi, gi, by_rank, hand, hl, bag)
    ng = 0  # goods[:ng] and their counts (both set before they are read)
    for j in range(hl):
        c = hand[j]
        if gi[c, G_LEGAL]:
            found = False
            for t in range(ng):
                if goods[t] == c:
                    counts[t] += 1
                    found = True
                    break
            if not found:
                goods[ng] = c
                counts[ng] = 1
                ng += 1
    if ng < 2:
        return _honest_bag(vi, gi, by_rank, hand, hl, bag)
    # the first two of a stable sort by (-count, -value): pick them in two passes
    first = 0
    for t in range(1, ng):
        if counts[t] > counts[first] or (
            counts[t] == counts[first] and gi[goods[t], G_VALUE] > gi[goods[first], G_VALUE]
        ):
            first = t
    second = -1
    for t in range(ng):
        if t == first:
            continue
        if (
            second < 0
            or counts[t] > counts[second]
            or (counts[t] == counts[second] and gi[goods[t], G_VALUE] > gi[goods[second], G_VALUE])
        ):
            second = t
    bl = 0
    bag_max = vi[V_BAG_MAX]
    for _j in range(counts[first]):
        if bl < bag_max:
            bag[bl] = goods[first]
            bl += 1
    for _j in range(counts[second]):
        if bl < bag_max:
            bag[bl] = goods[second]
            bl += 1
    return goods[first], bl


@njit(cache=True)
def _first_cover(pool, need, gi, cover_order, chosen):
    """payments._minimal_covers(limit=1): see :func:`_nth_cover`."""
    takes = np.empty(cover_order.shape[0], dtype=np.int64)
    return _nth_cover(pool, need, gi, cover_order, chosen, _ZERO, takes)


@_jit
def _nth_cover(pool, need, gi, cover_order, chosen, skip, takes):
    """payments._minimal_covers: the minimal set of ``pool`` (copies per good) worth at
    least ``need`` (``need`` > 0) that comes after ``skip`` others, goods tried most
    valuable first (ties: by name), most copies first; written to ``chosen`` (copies per
    good). False if there is none (``skip`` 1: is there a second, a choice for the debtor?).

    The recursion ``rec(i, total)`` of the checked engine, unrolled: level ``i`` tries
    ``takes[i]`` = copies .. 0 of good ``cover_order[i]`` (``takes``: scratch, at least
    as long as ``cover_order``); ``total``: levels below ``i``."""
    m = cover_order.shape[0]
    if m == 0:
        return False
    i = 0
    takes[0] = pool[cover_order[0]]
    total = 0
    while True:
        here = total + takes[i] * gi[cover_order[i], G_VALUE]
        if here < need and i + 1 < m:  # rec(i + 1, here): descend
            total = here
            i += 1
            takes[i] = pool[cover_order[i]]
            continue
        if here >= need:
            lowest = -1
            for t in range(i + 1):
                if takes[t] > 0:
                    v = gi[cover_order[t], G_VALUE]
                    if lowest < 0 or v < lowest:
                        lowest = v
            if here - lowest < need:
                if skip == 0:
                    for t in range(chosen.shape[0]):
                        chosen[t] = 0
                    for t in range(i + 1):
                        chosen[cover_order[t]] = takes[t]
                    return True
                skip -= 1
        # the next candidate at this level, backing up where none is left
        while True:
            takes[i] -= 1
            if takes[i] >= 0:
                break
            i -= 1
            if i < 0:
                return False
            total -= takes[i] * gi[cover_order[i], G_VALUE]


@_jit
def _pay(
    vi, gi, cover_order, payer, payee, amount, gold, stands, paid, recv, lg, loot, goods_to, wk,
):  # fmt: skip
    """payments._pay: gold first (``payee`` -1: into the Deputies' Loot, ``loot[0]``), then
    goods from the stand to ``goods_to``, the debt choice being the first minimal one
    (Bot.debt; logged as PayDebt when the engine asks, i.e. when there are two minimal
    ones or more); ``paid``/``recv`` add the gold and the goods' value (the fines or
    compensation columns; gold into the Loot is nobody's)."""
    coins = min(gold[payer], amount)
    gold[payer] -= coins
    paid[payer] += coins
    if payee >= 0:
        gold[payee] += coins
        recv[payee] += coins
    else:
        loot[0] += coins
    rest = amount - coins
    if rest == 0:
        return
    ng = vi[V_NGOODS]
    forced, pool = wk[W_FORCED], wk[W_POOL]
    for g in range(ng):
        forced[g], pool[g] = 0, 0
    need = rest
    if vi[V_DEBT_ANY]:
        for g in range(ng):
            pool[g] = stands[payer, g]
    else:
        legal_value = 0
        for g in range(ng):
            if gi[g, G_LEGAL]:
                legal_value += stands[payer, g] * gi[g, G_VALUE]
        if legal_value >= rest:
            for g in range(ng):
                if gi[g, G_LEGAL]:
                    pool[g] = stands[payer, g]
        else:
            for g in range(ng):
                if gi[g, G_LEGAL]:
                    forced[g] = stands[payer, g]
                else:
                    pool[g] = stands[payer, g]
            need = rest - legal_value
    pool_value = 0
    for g in range(ng):
        pool_value += pool[g] * gi[g, G_VALUE]
    if pool_value > need:
        chosen, takes = wk[W_CHOSEN, :ng], wk[W_TAKES]
        if lg.shape[0] > 0 and _nth_cover(pool, need, gi, cover_order, chosen, _ONE, takes):
            _nth_cover(pool, need, gi, cover_order, chosen, _ZERO, takes)
            _put(lg, K_DEBT)
            _put(lg, forced[:ng].sum() + chosen.sum())
            for g in range(ng):
                for _ in range(forced[g]):
                    _put(lg, g)
            for t in range(ng):
                for _ in range(chosen[cover_order[t]]):
                    _put(lg, cover_order[t])
        else:
            _nth_cover(pool, need, gi, cover_order, chosen, _ZERO, takes)
        pool = chosen
    value = 0
    for g in range(ng):
        k = forced[g] + pool[g]
        stands[payer, g] -= k
        stands[goods_to, g] += k
        value += k * gi[g, G_VALUE]
    paid[payer] += value
    recv[goods_to] += value


@_jit
def _bonus_counts(gi, stands, counts):
    """scoring._bonus_counts per seat and good into ``counts``: the copies of each bonus good
    (legal, counted by goods) on the stand, plus ``G_AS_N`` for each royal good counting as it."""
    n, ng = stands.shape[0], stands.shape[1]
    for s in range(n):
        for g in range(ng):
            counts[s, g] = 0
    for s in range(n):
        for g in range(ng):
            c = stands[s, g]
            if c == 0:
                continue
            if gi[g, G_BONUS]:
                counts[s, g] += c
            elif gi[g, G_AS] >= 0 and gi[gi[g, G_AS], G_BONUS]:
                counts[s, gi[g, G_AS]] += gi[g, G_AS_N] * c


@_jit
def _award(has, king, queen, counts, bonus):
    """scoring.award_bonuses: per column ``g`` of ``counts`` with a bonus (``has[g]``: a
    good or a token), the King (ties: King + Queen split, rounded down, no Queen) and the
    Queen (ties: the Queen split), added to ``bonus``."""
    n, ng = counts.shape[0], counts.shape[1]
    for g in range(ng):
        if not has[g]:
            continue
        top = 0
        for s in range(n):
            top = max(top, counts[s, g])
        if top == 0:
            continue
        kings = 0
        for s in range(n):
            if counts[s, g] == top:
                kings += 1
        if kings > 1:
            share = (king[g] + queen[g]) // kings
            for s in range(n):
                if counts[s, g] == top:
                    bonus[s] += share
            continue
        second = 0
        for s in range(n):
            c = counts[s, g]
            if c == top:
                bonus[s] += king[g]
            elif c > second:
                second = c
        if second == 0:
            continue
        queens = 0
        for s in range(n):
            if counts[s, g] == second:
                queens += 1
        for s in range(n):
            if counts[s, g] == second:
                bonus[s] += queen[g] // queens


@njit(cache=True)
def _score(vi, gi, ti, gold, stands, toks, out):
    """scoring.score_rows: goods, gold, tokens (``toks``: held per seat and kind), King/
    Queen bonuses (royal goods counting as several of their good; tokens' bonuses by
    tokens held), the rank by total then the variant's tie-breaks."""
    n, ng = stands.shape[0], stands.shape[1]
    bonus = np.zeros(n, dtype=np.int64)
    _score_into(vi, gi, ti, gold, stands, toks, out, bonus, np.zeros((n, ng), dtype=np.int64))


@_jit
def _score_into(vi, gi, ti, gold, stands, toks, out, bonus, counts):
    """:func:`_score` with its work arrays given (``bonus``: per seat, zeroed here;
    ``counts``: seats x goods)."""
    n, ng = stands.shape[0], stands.shape[1]
    for s in range(n):
        bonus[s] = 0
    _bonus_counts(gi, stands, counts)
    _award(gi[:, G_BONUS], gi[:, G_KING], gi[:, G_QUEEN], counts, bonus)
    if ti.shape[0] > 0:
        _award(ti[:, T_BONUS], ti[:, T_KING], ti[:, T_QUEEN], toks, bonus)
    for s in range(n):
        value = legal = cards = 0
        for g in range(ng):
            c = stands[s, g]
            value += c * gi[g, G_VALUE]
            cards += c
            if gi[g, G_LEGAL]:
                legal += c
        out[s, O_GOLD] = gold[s]
        out[s, O_VALUE] = value
        tv = 0
        out[s, O_TOKENS] = 0
        for t in range(ti.shape[0]):
            tv += toks[s, t] * ti[t, T_VALUE]
            out[s, O_TOKENS] += toks[s, t]
        out[s, O_BONUS] = bonus[s]
        out[s, O_TOTAL] = gold[s] + value + bonus[s] + tv
        out[s, O_LEGAL] = legal
        out[s, O_CONTRA] = cards - legal
    _rank(vi, out)


@_jit
def _rank(vi, out):
    """The rank: 1 + the players whose (total, tie-breaks...) is greater (equal: shared)."""
    n = out.shape[0]
    for s in range(n):
        better = 0
        for o in range(n):
            d = out[o, O_TOTAL] - out[s, O_TOTAL]
            t = 0
            while d == 0 and t < vi[V_NTB]:
                tb = vi[V_TB + t]
                col = O_LEGAL if tb == TB_LEGAL else O_CONTRA if tb == TB_CONTRA else O_TOKENS
                d = out[o, col] - out[s, col]
                t += 1
            if d > 0:
                better += 1
        out[s, O_RANK] = 1 + better


@_jit
def _deal(rng, vi, deck, st, piles, plen, hands, hlen, buf):
    """rounds._setup after the shuffle: one card at a time round the table from the top,
    then each discard pile's cards."""
    n, hand_size, total = hands.shape[0], vi[V_HAND], deck.shape[0]
    for j in range(n * hand_size):
        seat = j % n
        hands[seat, hlen[seat]] = deck[total - 1 - j]
        hlen[seat] += 1
    st[0] = total - n * hand_size
    for p in range(plen.shape[0]):
        got = _draw(rng, deck, st, piles, plen, vi[V_KEEP], vi[V_PILE_SETUP], buf, _ZERO)
        for j in range(got):
            piles[p, plen[p]] = buf[j]
            plen[p] += 1


@_jit
def _load(
    prng, vi, gi, by_rank, m, kind, param, rate, fixed, hands, hlen, bags, blen, declared, lg,
    wk,
):  # fmt: skip
    """The merchant bot's load (its plan is the good it declares), topped up to ``bag_min``
    (merchants._load), and loading._do_load (``rate``, ``fixed``: the adaptive merchant's,
    see :func:`_adaptive_bag`). :data:`EMPTY_HAND` when the hand is empty (the bots' min()
    of nothing), :data:`SHORT_HAND` when it cannot fill ``bag_min`` (an illegal load)."""
    hand, hl = hands[m], hlen[m]
    if hl == 0:
        return EMPTY_HAND
    if kind == M_HONEST:
        good, bl = _honest_bag(vi, gi, by_rank, hand, hl, bags[m])
    elif kind == M_SMUGGLER or kind == M_BRIBER:
        good, bl = _smuggle_bag(prng, vi, gi, by_rank, hand, hl, bags[m], param, wk[W_CONTRA])
    elif kind == M_ADAPTIVE:
        good, bl = _adaptive_bag(vi, gi, by_rank, hand, hl, bags[m], rate, fixed, wk[W_CONTRA])
    else:
        good, bl = _bluff_bag(
            prng, vi, gi, by_rank, hand, hl, bags[m], param, wk[W_GOODS], wk[W_COUNTS]
        )
    for j in range(bl):
        hl = _remove_first(hand, hl, bags[m, j])
    need = vi[V_BAG_MIN] - bl
    if need > 0:
        if hl < need:
            return SHORT_HAND
        _top_up(gi, hand, hl, good, need, bags[m], bl, wk[W_ORDER])
        for j in range(bl, bl + need):
            hl = _remove_first(hand, hl, bags[m, j])
        bl += need
    hlen[m], blen[m], declared[m] = hl, bl, good
    if lg.shape[0] > 0:
        _put(lg, K_LOAD)
        _put(lg, bl)
        for j in range(bl):
            _put(lg, bags[m, j])
    return OK


@_jit
def _top_up(gi, rest, rl, good, need, bag, bl, order):
    """merchants._load's top-up: ``need`` cards of ``rest`` (the hand without the bag) into
    ``bag[bl:]``, the declared good first, then the lowest fines (a stable sort)."""
    for j in range(rl):
        c = rest[j]
        key = (c != good) * (1 << 40) + gi[c, G_PENALTY]
        t = j
        while t > 0:
            o = rest[order[t - 1]]
            if (o != good) * (1 << 40) + gi[o, G_PENALTY] <= key:
                break
            order[t] = order[t - 1]
            t -= 1
        order[t] = j
    for j in range(need):
        bag[bl + j] = rest[order[j]]


@_jit
def _belief(plog, m, a, b):
    """BayesianSheriff.belief: the posterior mean that ``m``'s bag lies."""
    n, opened, bluffs = plog[m, L_BAGS], plog[m, L_INSPECTED], plog[m, L_BLUFFS]
    lies = float(plog[m, L_CAUGHT] - bluffs + plog[m, L_SMUGGLED])
    if opened:
        lies += bluffs * n / opened
    return (a + lies) / (a + b + n)


@_jit
def _gain(gi, cpen, tally, p, count, good):
    """BayesianSheriff.gain: expected gold from opening a bag that lies with probability
    ``p`` (``tally[4]``, ``tally[5]``: fines of caught bags, their declared cards)."""
    per_card = (tally[4] + 0.5 * cpen * 4) / (tally[5] + 4)
    return p * per_card * count - (1 - p) * count * gi[good, G_PENALTY]


@_jit
def _decide(prng, gi, cpen, kind, sp, m, count, good, plog, tally):
    """The Sheriff bot's decide (``sp``: its parameters, tables.compile_bots). trusting
    lets pass, always-inspect inspects; threshold suspects a bag declared with at least
    ``size`` cards or from a player caught before (``grudge``) and inspects it, or
    threatens it when it takes bribes; bayesian threatens (or inspects) when the expected
    gain beats ``margin``, else lets pass (or inspects anyway with chance ``explore``)."""
    if kind == S_TRUSTING:
        return PASS
    if kind == S_INSPECT:
        return INSPECT
    if kind == S_THRESHOLD:
        if not (count >= sp[0] or (sp[1] != 0 and plog[m, L_CAUGHT] > 0)):
            return PASS
        return INSPECT if sp[2] < 0 else THREATEN
    gain = _gain(gi, cpen, tally, _belief(plog, m, sp[0], sp[1]), count, good)
    if gain <= sp[3]:
        if sp[5] != 0 and _random(prng) < sp[5]:
            return INSPECT
        return PASS
    return THREATEN if sp[4] != 0 else INSPECT


@_jit
def _py_round(x):
    """Python's round(x) of a float: to the nearest integer, halves to the even one."""
    f = np.floor(x)
    d = x - f
    r = np.int64(f)
    if d > 0.5 or (d == 0.5 and r % 2 != 0):
        r += 1
    return r


@_jit
def _respond(gi, kind, scale, gold, good, bag, bl):
    """The merchant's answer to a threat: the gold it offers, 0 to decline. Only the
    briber offers (merchants._bribe, with no demand on the table): ``scale`` x the value at
    risk (fines and confiscated goods), at least 1, at most its gold; an honest bag declines."""
    if kind != M_BRIBER and kind != M_ADAPTIVE:
        return 0
    risk = _risk(gi, good, bag, bl)
    if risk == 0:
        return 0
    return min(gold, max(1, _py_round(scale * risk)))


@_jit
def _risk(gi, good, bag, bl):
    """merchants._at_risk: fines plus the value of the cards an inspection would take."""
    risk = 0
    for j in range(bl):
        c = bag[j]
        if c != good:
            risk += gi[c, G_VALUE] + gi[c, G_PENALTY]
    return risk


@_jit
def _negotiate(gi, cpen, kind, sp, mkind, scale, gold, m, good, bag, bl, plog, tally):
    """A threat answered (the merchant bot's respond) and settled (the Sheriff bot's
    negotiate, a bayesian's one demand and the briber's accept or decline of it).
    Returns (inspect, the merchant's offer (0: declined), the bribe paid if the bag
    passes, the Sheriff's demand (0: none))."""
    offer = _respond(gi, mkind, scale, gold[m], good, bag, bl)
    if kind == S_THRESHOLD:
        if offer > 0 and offer >= sp[2]:
            return False, offer, offer, 0
        return True, offer, 0, 0
    p = _belief(plog, m, sp[0], sp[1])
    odds = p / (1 - p) if p < 1 else np.inf
    demand = 0
    if offer > 0:
        odds *= sp[2]
        q = odds / (1 + odds) if odds < np.inf else 1.0
        gain = _gain(gi, cpen, tally, q, bl, good)
        if offer >= gain or gain <= sp[3]:
            return False, offer, offer, 0
        demand = np.int64(np.ceil(gain))
        if demand > gold[m]:
            return True, offer, 0, 0
        if (mkind == M_BRIBER or mkind == M_ADAPTIVE) and demand <= _risk(gi, good, bag, bl):
            return False, offer, demand, demand  # the briber (or adaptive) accepts
        odds = p / (1 - p) if p < 1 else np.inf  # declined: as if no offer was made
    odds /= sp[2]
    q = odds / (1 + odds)
    return _gain(gi, cpen, tally, q, bl, good) > sp[3], offer, 0, demand


@_jit
def _log_choice(lg, m, choice, inspect, offer, paid, demand):
    """The actions of a bag's settling: the Sheriff's choice; after a threat the
    merchant's offer or decline, the Sheriff's demand and the merchant's accept (the bag
    passes) or decline; then the Sheriff's inspect or pass."""
    if choice == THREATEN:
        _put_seat(lg, K_THREATEN, m)
        if offer > 0:
            _put_seat(lg, K_OFFER, offer)
        else:
            _put(lg, K_DECLINE)
        if demand > 0:
            _put_seat(lg, K_OFFER, demand)
            if paid == demand:
                _put(lg, K_ACCEPT)
                return
            _put(lg, K_DECLINE)
    _put_seat(lg, K_INSPECT if inspect else K_PASS, m)


@_jit
def _bag_row(gi, row, rnd, m, sheriff, good, bag, bl):
    """The columns of record.bag_records' row (sim._bag_rows) known before the bag is
    settled; :func:`_settle` gives the rest."""
    contra, truthful = 0, 1
    for j in range(bl):
        c = bag[j]
        contra += 1 - gi[c, G_LEGAL]
        if c != good:
            truthful = 0
    row[B_ROUND], row[B_SEAT], row[B_SHERIFF] = rnd, m, sheriff
    row[B_GOOD], row[B_COUNT], row[B_CONTRA], row[B_TRUTHFUL] = good, bl, contra, truthful


@_jit
def _settle(
    prng, vi, gi, cover, cpen, m, shs, ns, good, bag, bl, choice, skind, sp, mkind, scale,
    stands, gold, piles, plen, money, out, plog, tally, loot, lg, wk,
):  # fmt: skip
    """The Sheriff's choice carried out (a threat negotiated first; with two Deputies the
    second one's vote, :func:`_second_vote`): inspection._pass_bag (with the bribe taken,
    into the Loot for two Deputies) or _do_inspect; the public record updated. ``tally``:
    bags passed, opened, bribes, bribe gold, fines of caught bags, their declared cards.
    Returns the bag row's inspected, offered, bribe, merchant_pays, smuggled."""
    lead = shs[0]
    offer, paid, demand = 0, 0, 0
    if choice == THREATEN:
        inspect, offer, paid, demand = _negotiate(
            gi, cpen, skind[lead], sp[lead], mkind, scale, gold, m, good, bag, bl, plog, tally
        )
    else:
        inspect = choice == INSPECT
    if lg.shape[0] > 0:
        _log_choice(lg, m, choice, inspect, offer, paid, demand)
    insp = wk[W_INSP]  # who inspects
    insp[0], ni = lead, 1
    if ns == 2 and not (demand > 0 and paid == demand):  # an accepted demand: no vote
        table = offer if demand == 0 else 0  # the merchant's offer still on the table
        second = _second_vote(prng, gi, cpen, skind[shs[1]], sp[shs[1]], m, choice, table,
                              bl, good, plog, tally)  # fmt: skip
        _put_seat(lg, K_INSPECT if second else K_PASS, m)
        if second and inspect:
            insp[1], ni = shs[1], 2
        elif second:
            insp[0], inspect = shs[1], True  # they disagree: it inspects alone
    plog[m, L_BAGS] += 1
    for j in range(ns):
        plog[shs[j], L_FACED] += 1
    if inspect:
        for j in range(ni):
            plog[insp[j], L_OPENED] += 1
        tally[1] += 1
        truthful, legal = True, True
        for j in range(bl):
            truthful = truthful and bag[j] == good
            legal = legal and gi[bag[j], G_LEGAL] != 0
        pays = _inspect(vi, gi, m, good, bag, bl, stands, piles, plen, out, lg)
        _fines(vi, gi, cover, m, pays, insp, ni, shs, ns, gold, stands, money, lg, loot, wk)
        plog[m, L_INSPECTED] += 1
        if not truthful:
            plog[m, L_CAUGHT] += 1
            plog[m, L_BLUFFS] += legal
            tally[4] += pays
            tally[5] += bl
        return True, offer > 0, 0, pays, 0
    tally[0] += 1
    if paid > 0:  # the bribe: gold from the merchant to the Sheriff (two: the Loot)
        gold[m] -= paid
        out[m, O_BPAID] += paid
        if ns == 1:
            gold[lead] += paid
            out[lead, O_BRECV] += paid
        else:
            loot[0] += paid
        tally[2] += 1
        tally[3] += paid
    smuggled = _let_pass(gi, m, bag, bl, stands, out)
    plog[m, L_SMUGGLED] += smuggled > 0
    return False, offer > 0, paid, 0, smuggled


@_jit
def _second_vote(prng, gi, cpen, kind, sp, m, choice, table, bl, good, plog, tally):
    """SheriffBot.vote of the second Deputy: inspect (True) or let pass. After a threat
    (the negotiation still open) its negotiate with ``table`` the merchant's offer (0:
    none), else its decide; anything but a pass is a vote to inspect."""
    if choice != THREATEN:
        return _decide(prng, gi, cpen, kind, sp, m, bl, good, plog, tally) != PASS
    if kind == S_TRUSTING:
        return False
    if kind == S_INSPECT:
        return True
    if kind == S_THRESHOLD:
        return not (table > 0 and sp[2] >= 0 and table >= sp[2])
    p = _belief(plog, m, sp[0], sp[1])
    odds = p / (1 - p) if p < 1 else np.inf
    if table == 0:
        odds /= sp[2]
        return _gain(gi, cpen, tally, odds / (1 + odds), bl, good) > sp[3]
    odds *= sp[2]
    q = odds / (1 + odds) if odds < np.inf else 1.0
    gain = _gain(gi, cpen, tally, q, bl, good)
    return not (table >= gain or gain <= sp[3])


@_jit
def _let_pass(gi, m, bag, bl, stands, out):
    """inspection._pass_bag without a bribe: the bag onto the stand; the contraband
    smuggled (returned)."""
    smuggled = 0
    for j in range(bl):
        c = bag[j]
        stands[m, c] += 1
        if not gi[c, G_LEGAL]:
            smuggled += 1
    out[m, O_SMUGGLED] += smuggled
    return smuggled


@_jit
def _inspect(vi, gi, m, good, bag, bl, stands, piles, plen, out, lg):
    """inspection._do_inspect up to the payments (:func:`_fines`): the declared goods onto
    the stand, the rest confiscated by the Sheriff bot's confiscate (the first smallest
    pile, in bag order; an action when the engine asks: several piles, or several goods
    that could be taken back from the one pile). Returns what the merchant pays (< 0:
    the Sheriff pays)."""
    out[m, O_INSPECTED] += 1
    pays = 0
    nconf = _ZERO  # not the literal 0: see _ZERO
    for j in range(bl):
        c = bag[j]
        if c == good:
            stands[m, c] += 1
        else:
            bag[nconf] = c  # confiscated cards, in bag order
            nconf += 1
            pays += gi[c, G_PENALTY]
    if nconf:
        out[m, O_CAUGHT] += 1
        smallest = 0
        for p in range(1, plen.shape[0]):
            if plen[p] < plen[smallest]:
                smallest = p
        if lg.shape[0] > 0 and _asks_where(vi, bag, nconf, plen.shape[0]):
            _put(lg, K_CONFISCATE)
            _put(lg, smallest)
            _put(lg, nconf)
            for j in range(nconf):
                _put(lg, bag[j])
        for j in range(nconf):
            piles[smallest, plen[smallest]] = bag[j]
            plen[smallest] += 1
    else:
        pays = -gi[good, G_PENALTY] * bl
    return pays


@_jit
def _fines(vi, gi, cover, m, pays, insp, ni, shs, ns, gold, stands, money, lg, loot, wk):
    """inspection._do_inspect's payments (``money``: fines paid/received, compensation
    paid/received per seat): one inspector (``insp[0]``) takes the fine or pays the
    compensation; two Deputies put the fine in the Loot (goods for a debt to the Deputy
    on the merchant's left) and each pays half the compensation, the odd coin by the one
    on the left, who pays first."""
    if ni == 1:
        if pays > 0:
            _pay(
                vi, gi, cover, m, insp[0], pays, gold, stands, money[0], money[1], lg, loot,
                insp[0], wk,
            )  # fmt: skip
        elif pays < 0:
            _pay(
                vi, gi, cover, insp[0], m, -pays, gold, stands, money[2], money[3], lg, loot, m, wk
            )
        return
    left = _left_sheriff(m, shs, ns, gold.shape[0])
    if pays > 0:
        _pay(vi, gi, cover, m, _LOOT, pays, gold, stands, money[0], money[1], lg, loot, left, wk)
    elif pays < 0:
        owed = -pays
        other = insp[1] if insp[0] == left else insp[0]
        share = (owed + 1) // 2
        if share:
            _pay(vi, gi, cover, left, m, share, gold, stands, money[2], money[3], lg, loot, m, wk)
        share = owed // 2
        if share:
            _pay(vi, gi, cover, other, m, share, gold, stands, money[2], money[3], lg, loot, m, wk)


@_jit
def _left_sheriff(seat, shs, ns, n):
    """GameState.left_sheriff: the first Sheriff or Deputy clockwise from ``seat``."""
    for k in range(1, n):
        s = (seat + k) % n
        for j in range(ns):
            if shs[j] == s:
                return s
    return shs[0]


@_jit
def _asks_where(vi, cards, nc, npiles):
    """Does the engine ask where the confiscated ``cards[:nc]`` go (a confiscate step)?
    With several discard piles, or with one that merchants may take from and more than
    one good among the cards."""
    if npiles > 1:
        return True
    if not vi[V_FROM_DISCARDS]:
        return False
    for j in range(1, nc):
        if cards[j] != cards[0]:
            return True
    return False


@_jit
def _contraband_penalty(vi, gi):
    """GoodsInfo.contraband_penalty: the mean penalty of the contraband goods (0.0: none)."""
    total, count = 0, 0
    for g in range(vi[V_NGOODS]):
        if not gi[g, G_LEGAL]:
            total += gi[g, G_PENALTY]
            count += 1
    return total / count if count else 0.0


@_jit_inline  # inlined into play_game: about 2 us a game
def _markets(
    rng, vi, gi, by_rank, order, sheriff, mkind, mparam, madapt, plog, rate, contra,
    hands, hlen, deck, st, piles, plen, lg, wk,
):  # fmt: skip
    """The market phase: each merchant in ``order`` keeps contraband or not (the smuggling
    bots when they may smuggle; the adaptive merchant when the Sheriff's rate, kept in
    ``rate`` for its load, is below its plan's threshold), then :func:`_market`."""
    for k in range(order.shape[0]):
        m = order[k]
        if mkind[m] == M_ADAPTIVE:  # the same rate at its load: no bag is settled before
            ma = madapt[m]
            rate[m] = _rate(plog, sheriff, ma[A_PRIOR], ma[A_BASE])
            q = _adaptive_plan(vi, gi, by_rank, hands[m], hlen[m], ma[A_THRESHOLD], contra)[1]
            keep_contra = rate[m] < q
        else:
            keep_contra = (mkind[m] == M_SMUGGLER or mkind[m] == M_BRIBER) and mparam[m] > 0
        _market(rng, vi, gi, by_rank, keep_contra, m, hands, hlen, deck, st, piles, plen, lg, wk)


@_jit_inline  # inlined into play_game: about 2 us a game
def _bags(
    prng, vi, gi, cover_order, cpen, rnd, order, shs, mkind, mscale, skind, sp,
    bags, blen, declared, stands, gold, piles, plen, money, out, plog, tally, brows, lg,
    ti, toks, supply, loot, wk,
):  # fmt: skip
    """The Sheriff (the first of ``shs``) deals with each bag in ``order``
    (SheriffBot.pick); the round's bag rows into ``brows`` unless it has no rows. (At most
    30 arguments: with more, Python passes them as a tuple, which numba cannot inline.)"""
    sh, ns = shs[0], vi[V_NSH]
    for k in range(order.shape[0]):
        m = order[k]
        good, bl = declared[m], blen[m]
        choice = _decide(prng, gi, cpen, skind[sh], sp[sh], m, bl, good, plog, tally)
        if brows.shape[0] > 0:  # before the bag is emptied
            _bag_row(gi, brows[k], rnd, m, sh, good, bags[m], bl)
        inspected, offered, bribe, pays, smuggled = _settle(
            prng, vi, gi, cover_order, cpen, m, shs, ns, good, bags[m], bl, choice, skind, sp,
            mkind[m], mscale[m], stands, gold, piles, plen, money, out, plog, tally, loot, lg, wk,
        )  # fmt: skip
        if brows.shape[0] > 0:
            row = brows[k]
            row[B_THREATENED], row[B_INSPECTED] = choice == THREATEN, inspected
            row[B_OFFERED], row[B_BRIBE] = offered, bribe
            row[B_PAYS], row[B_SMUGGLED] = pays, smuggled
        blen[m] = 0
        if ti.shape[0] > 0:
            _exchange(ti, m, stands, toks, supply, lg)


@_jit
def _exchange(ti, m, stands, toks, supply, lg):
    """After merchant ``m``'s bag (the exchange window, variants with tokens): the bots'
    exchange takes the first token (variant order) the stand pays for while there is one
    (MerchantBot.exchange: the engine lists the exchanges first); the goods leave the game."""
    took = True
    while took:
        took = False
        for t in range(ti.shape[0]):
            good, per = ti[t, T_GOOD], ti[t, T_PER]
            if supply[t] > 0 and stands[m, good] >= per:
                stands[m, good] -= per
                toks[m, t] += 1
                supply[t] -= 1
                _put_seat(lg, K_EXCHANGE, t)
                took = True
                break


@_jit_inline  # inlined into play_game: about 2 us a game
def _declares(order, bags, blen, declared, out, lg):
    """The declarations, in order: the planned good, the bag's size (counted as a lie
    when a card is not that good)."""
    for k in range(order.shape[0]):
        m = order[k]
        out[m, O_BAGS] += 1
        for j in range(blen[m]):
            if bags[m, j] != declared[m]:
                out[m, O_LIES] += 1
                break
        if lg.shape[0] > 0:
            _put(lg, K_DECLARE)
            _put(lg, declared[m])
            _put(lg, blen[m])


@_jit_inline  # inlined into play_game: about 2 us a game
def _round_start(rng, vi, rnd, n, shs, ddeck, order):
    """rounds._start_round: the round's Sheriff (rotating from seat 0) or Deputies (dealt
    from the deputy deck, a new one shuffled when it is empty: ``Generator.permutation(n)``,
    arange(n) shuffled), then the merchants clockwise from the first one's left into
    ``order``. False when the deck runs out within the round (the engine fails too)."""
    ns = vi[V_NSH]
    if vi[V_DEPUTY]:
        for j in range(ns):
            if j == 0 and ddeck[n] == 0:
                for i in range(n):
                    ddeck[i] = i
                _shuffle(rng, ddeck[:n])
                ddeck[n] = n
            if ddeck[n] == 0:
                return False
            ddeck[n] -= 1
            shs[j] = ddeck[ddeck[n]]
    else:
        shs[0] = rnd % n
    k = 0
    for i in range(1, n):
        s = (shs[0] + i) % n
        if s != shs[0] and (ns == 1 or s != shs[1]):
            order[k] = s
            k += 1
    return True


@_jit
def _split(loot, shs, ns, gold):
    """rounds._end_round's Loot split: each Deputy an equal share, the odd coins kept."""
    share = loot[0] // ns
    for j in range(ns):
        gold[shs[j]] += share
    loot[0] -= share * ns


@_jit_inline
def play_game(
    rng, prng, vi, gi, ti, deck0, by_rank, cover_order, mkind, mparam, mscale, madapt, skind,
    sp, out, bout, lg, wk, state, record,
):  # fmt: skip
    """One game, first Sheriff seat 0, to the end; the per-seat rows into ``out``
    (:data:`N_OUT` columns) and, unless ``bout`` has no rows, one row per bag into ``bout``
    (:data:`N_BAG` columns, rounds x (players - 1) rows); unless ``lg`` is empty, its
    actions into ``lg`` (see :func:`_put`). ``deck0``: the unshuffled deck (build_deck's
    order); ``wk``: scratch rows, ``state`` and ``record``: the game's arrays
    (:func:`game_arrays`), all set here before use. Returns :data:`OK`,
    :data:`EMPTY_HAND` or :data:`SHORT_HAND`."""
    deck, st, piles, plen, hands, hlen, gold, stands, bags, blen, declared, money = state
    order, tally, plog, rate, toks, supply, shs, ddeck, loot, counts = record
    n = out.shape[0]
    for j in range(deck0.shape[0]):
        deck[j] = deck0[j]
    _shuffle(rng, deck)
    st[0], loot[0] = 0, 0
    _zero(piles)
    _zero(hands)
    _zero(stands)
    _zero(bags)
    _zero(money)
    _zero(out)
    _zero(plog)
    _zero(toks)
    for j in range(plen.shape[0]):
        plen[j] = 0
    for j in range(tally.shape[0]):
        tally[j] = 0
    for s in range(n):
        hlen[s], gold[s], blen[s], declared[s], rate[s] = 0, vi[V_GOLD], 0, 0, 0.0
    for j in range(n - 1):
        order[j] = 0
    for t in range(ti.shape[0]):
        supply[t] = ti[t, T_SUPPLY]
    shs[0], shs[1] = 0, 0
    for j in range(n + 1):
        ddeck[j] = 0
    _deal(rng, vi, deck, st, piles, plen, hands, hlen, wk[W_BUF])
    cpen = _contraband_penalty(vi, gi)
    status = _rounds(
        rng, prng, vi, gi, ti, by_rank, cover_order, mkind, mparam, mscale, madapt, skind, sp,
        out, bout, lg, wk, cpen, state, record,
    )  # fmt: skip
    if status != OK:
        return status
    _score_into(vi, gi, ti, gold, stands, toks, out, wk[W_INSP, :n], counts)
    for s in range(n):
        out[s, O_FPAID], out[s, O_FRECV] = money[0, s], money[1, s]
        out[s, O_CPAID], out[s, O_CRECV] = money[2, s], money[3, s]
        out[s, O_PASSED], out[s, O_OPENED] = tally[0], tally[1]
        out[s, O_BRIBES], out[s, O_BRIBE_GOLD] = tally[2], tally[3]
    return OK


@_jit
def _zero(a):
    """Every element of a 2-d array to 0."""
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = 0


def game_arrays(vi, ti, n, total):
    """The arrays of one game of ``n`` players with a deck of ``total`` cards (``ti``: the
    tokens), allocated once per chunk and set by :func:`play_game` for each game: ``state``
    (deck, its length, discard piles, their lengths, hands, their lengths, gold, stands,
    bags, their lengths, declared goods, fines and compensation paid and received) and
    ``record`` (merchant order, tally, public record, adaptive rates, tokens held, token
    supply, the round's Sheriffs, the deputy deck, the Loot, bonus counts). Python (numpy),
    not compiled: compiling it cost about 2 s of the first-ever compile."""
    ng, npiles, hand = int(vi[V_NGOODS]), int(vi[V_PILES]), int(vi[V_HAND])
    state = (
        np.zeros(total, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros((npiles, total), dtype=np.int64),
        np.zeros(npiles, dtype=np.int64),
        np.zeros((n, 2 * hand + total), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, ng), dtype=np.int64),
        np.zeros((n, max(int(vi[V_BAG_MAX]), 1)), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((4, n), dtype=np.int64),  # fines paid, received; compensation paid, received
    )
    record = (
        np.zeros(n - 1, dtype=np.int64),
        np.zeros(6, dtype=np.int64),  # see _settle
        np.zeros((n, N_LOG), dtype=np.int64),  # the public record (L_*)
        np.zeros(n, dtype=np.float64),  # adaptive merchants: the Sheriff's inspection rate
        np.zeros((n, ti.shape[0]), dtype=np.int64),  # tokens held per seat and kind
        np.zeros(ti.shape[0], dtype=np.int64),  # the tokens' supply
        np.zeros(2, dtype=np.int64),  # the round's Sheriff (or two Deputies, the leader first)
        np.zeros(n + 1, dtype=np.int64),  # the deputy deck: ddeck[:ddeck[n]], top last
        np.zeros(1, dtype=np.int64),  # the Deputies' shared Loot
        np.zeros((n, ng), dtype=np.int64),  # bonus counts (scoring)
    )
    return state, record


@_jit
def _rounds(
    rng, prng, vi, gi, ti, by_rank, cover_order, mkind, mparam, mscale, madapt, skind, sp,
    out, bout, lg, wk, cpen, state, record,
):  # fmt: skip
    """:func:`play_game`'s rounds, on its arrays (``state``, ``record``: tuples of them),
    without reference counting (see :data:`_jit`). Returns :data:`OK` or why not."""
    deck, st, piles, plen, hands, hlen, gold, stands, bags, blen, declared, money = state
    order, tally, plog, rate, toks, supply, shs, ddeck, loot, _counts = record
    want_bags = bout.shape[0] > 0
    n, hand_size = out.shape[0], vi[V_HAND]
    contra = wk[W_CONTRA]
    ns, nm = vi[V_NSH], n - vi[V_NSH]  # Sheriffs and merchants per round
    for rnd in range(vi[V_ROUNDS]):
        if not _round_start(rng, vi, rnd, n, shs, ddeck, order):
            return DECK_SHORT
        sheriff = shs[0]
        if vi[V_CHOOSES]:  # the Sheriff bots name the first merchant (SheriffBot.starter)
            _put_seat(lg, K_STARTER, order[0])
        _markets(
            rng, vi, gi, by_rank, order[:nm], sheriff, mkind, mparam, madapt, plog, rate,
            contra, hands, hlen, deck, st, piles, plen, lg, wk,
        )  # fmt: skip
        for k in range(nm):  # load
            m = order[k]
            status = _load(
                prng, vi, gi, by_rank, m, mkind[m], mparam[m], rate[m], madapt[m, A_THRESHOLD],
                hands, hlen, bags, blen, declared, lg, wk,
            )  # fmt: skip
            if status != OK:
                return status
        _declares(order[:nm], bags, blen, declared, out, lg)
        brows = bout[rnd * nm : (rnd + 1) * nm] if want_bags else bout
        _bags(
            prng, vi, gi, cover_order, cpen, rnd, order[:nm], shs, mkind, mscale, skind, sp,
            bags, blen, declared, stands, gold, piles, plen, money, out, plog, tally, brows, lg,
            ti, toks, supply, loot, wk,
        )  # fmt: skip
        if ns > 1 and loot[0] > 0:  # rounds._end_round: the Loot split, the odd coin kept
            _split(loot, shs, ns, gold)
        if rnd + 1 == vi[V_ROUNDS]:
            break
        for k in range(1, n + 1):  # draw back up, from the Sheriff's left
            seat = (sheriff + k) % n
            missing = hand_size - hlen[seat]
            if missing > 0:
                hlen[seat] += _draw(
                    rng, deck, st, piles, plen, vi[V_KEEP], missing, hands[seat], hlen[seat]
                )
    return OK


def scratch(vi, total):
    """The scratch rows ``wk[W_*]`` of :func:`play_game` for a variant (``vi``) whose deck
    has ``total`` cards: each row holds a whole deck, two hands and every good."""
    return np.zeros((N_WK, 2 * vi[V_HAND] + total + vi[V_NGOODS] + 2), dtype=np.int64)


def play_games(
    words, vi, gi, ti, deck0, by_rank, cover_order, mkind, mparam, mscale, madapt, skind, sp,
    out, bout, alog, threads=1,
):  # fmt: skip
    """Games ``g = 0, 1, ...``: ``words[g, 0]`` / ``words[g, 1]``: the seed words of the
    game's two generators (``game.rng``, ``game.players_rng``); the bots of game ``g``'s
    seats in row ``g`` of ``mkind`` ... ``sp``; its rows at ``out[g * n : (g + 1) * n]``
    and, if ``bout`` has rows, its bags at ``bout[g * b : (g + 1) * b]`` (``b`` = rounds x
    (n - 1)); if ``alog`` has columns, its actions in ``alog[g]`` (:func:`_put`; too few
    columns: :data:`LOG_FULL`). Returns the first game that is not :data:`OK` (its index)
    and its status, or (-1, OK).

    ``threads`` > 1 cuts the games into that many consecutive parts played at once on
    threads (the compiled loop releases the GIL): each game is still played from its own
    seed words into its own rows, so the arrays come out the same to the last bit.

    A Python function: it allocates the chunk's arrays (numpy: :func:`scratch`,
    :func:`game_arrays`) and hands them to the compiled loop, so the loop is the one
    compiled entry point above :func:`play_game` (each compiled caller re-optimises the
    whole code it calls: one level fewer is about a fifth of the first-ever compile)."""
    games, n = mkind.shape[0], mkind.shape[1]
    b = int(vi[V_ROUNDS] * (n - vi[V_NSH])) if bout.shape[0] > 0 else 0
    parts = max(1, min(threads, games // MIN_PART))
    cuts = np.linspace(0, games, parts + 1).astype(np.int64)

    def part(lo: int, hi: int) -> tuple[int, int]:
        rng = np.zeros(6, dtype=np.uint64)
        prng = np.zeros(6, dtype=np.uint64)
        wk = scratch(vi, deck0.shape[0])
        state, record = game_arrays(vi, ti, n, deck0.shape[0])
        return _play_all(
            words[lo:hi], vi, gi, ti, deck0, by_rank, cover_order, mkind[lo:hi],
            mparam[lo:hi], mscale[lo:hi], madapt[lo:hi], skind[lo:hi], sp[lo:hi],
            out[lo * n : hi * n], bout[lo * b : hi * b], alog[lo:hi], rng, prng, wk, state,
            record,
        )  # fmt: skip

    spans = list(zip(cuts[:-1].tolist(), cuts[1:].tolist(), strict=True))
    if len(spans) == 1:
        return part(*spans[0])
    with ThreadPoolExecutor(len(spans)) as pool:
        done = [pool.submit(part, lo, hi) for lo, hi in spans]
        results = [f.result() for f in done]
    for (lo, _hi), (bad, status) in zip(spans, results, strict=True):
        if status != OK:  # the first game that is not OK, in the first part that has one
            return lo + bad, status
    return -1, OK


@_jit_entry
def _play_all(
    words, vi, gi, ti, deck0, by_rank, cover_order, mkind, mparam, mscale, madapt, skind, sp,
    out, bout, alog, rng, prng, wk, state, record,
):  # fmt: skip
    """:func:`play_games`' loop, on the arrays it allocated, without reference counting."""
    games, n = mkind.shape[0], mkind.shape[1]
    b = vi[V_ROUNDS] * (n - vi[V_NSH]) if bout.shape[0] > 0 else 0
    for g in range(games):
        lg = alog[g]
        if lg.shape[0] > 0:
            lg[0] = 1
        _pcg_seed(rng, words[g, 0])
        _pcg_seed(prng, words[g, 1])
        status = play_game(
            rng,
            prng,
            vi,
            gi,
            ti,
            deck0,
            by_rank,
            cover_order,
            mkind[g],
            mparam[g],
            mscale[g],
            madapt[g],
            skind[g],
            sp[g],
            out[g * n : (g + 1) * n],
            bout[g * b : (g + 1) * b],
            lg,
            wk,
            state,
            record,
        )
        if status == OK and lg.shape[0] > 0 and lg[0] < 0:
            status = LOG_FULL
        if status != OK:
            return g, status
    return -1, OK
