# Part of fastsudoku._core, included by _core.pyx (first: everything else uses it):
# the lookup tables and the named bit helpers.

# ============================================================================================
# Tables and bit helpers
# ============================================================================================
#
# popcount           bits of a mask counted in registers (SWAR: pairs, nibbles, bytes, then
#                    one multiply adds the bytes).  A 64 KB table of 16-bit counts was the
#                    first version: its look-ups missed the L1 cache in the engines' choice
#                    loops (9x9 and 16x16 searches 8-11% faster without it, same guesses).
# bit_index          index of the single set bit: the compiler's count-trailing-zeros
#                    (one instruction: bsf/tzcnt, rbit+clz) on gcc, clang and MSVC x64/ARM64;
#                    elsewhere DEBRUIJN_INDEX[(b * DEBRUIJN) >> 58], the de Bruijn sequence
#                    making the top six bits of the product distinct for each power of two.
#                    It sits on the 9x9 engine's critical path (the next digit-band to look
#                    at), where the multiply and look-up cost about 10 cycles.

cdef uint8_t DEBRUIJN_INDEX[64]
cdef uint64_t DEBRUIJN = 0x03F79D71B4CB0A89ULL


cdef void _fill_tables() noexcept:
    cdef int k
    for k in range(64):
        DEBRUIJN_INDEX[((<uint64_t>1 << k) * DEBRUIJN) >> 58] = k


_fill_tables()


cdef inline int popcount(uint64_t mask) noexcept nogil:
    # In registers, as popcount32 below (the table costs cache misses in the hot loops).
    mask = mask - ((mask >> 1) & 0x5555555555555555ULL)
    mask = (mask & 0x3333333333333333ULL) + ((mask >> 2) & 0x3333333333333333ULL)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((mask * 0x0101010101010101ULL) >> 56)


cdef inline uint64_t lowest_bit(uint64_t nonzero_mask) noexcept nogil:
    return nonzero_mask & (~nonzero_mask + 1)


cdef inline uint64_t clear_lowest_bit(uint64_t mask) noexcept nogil:
    return mask & (mask - 1)


cdef inline bint has_one_bit(uint64_t nonzero_mask) noexcept nogil:
    return (nonzero_mask & (nonzero_mask - 1)) == 0


# Counts compared with a small number, without a popcount (the portable build has no
# popcount instruction: popcount() is a dozen operations).
cdef inline bint two_or_more(uint64_t mask) noexcept nogil:
    return (mask & (mask - 1)) != 0


cdef inline bint exactly_two(uint64_t mask) noexcept nogil:
    mask &= mask - 1
    return mask != 0 and (mask & (mask - 1)) == 0


cdef inline bint more_than_two(uint64_t mask) noexcept nogil:
    mask &= mask - 1
    return (mask & (mask - 1)) != 0


cdef extern from *:
    """
    /* The index of the lowest set bit of a nonzero mask: one instruction where the
       compiler has it (bsf/tzcnt on x86, rbit+clz on ARM), a de Bruijn look-up elsewhere. */
    /* FS_TOP64: the index of the highest set bit (63 - count-leading-zeros). */
    #if defined(__GNUC__) || defined(__clang__)
    #define FS_CTZ64(x) __builtin_ctzll(x)
    #define FS_TOP64(x) (63 - __builtin_clzll(x))
    #define FS_HAVE_CTZ 1
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    #include <intrin.h>
    static __inline int FS_CTZ64(unsigned long long x) {
        unsigned long i;
        _BitScanForward64(&i, x);
        return (int)i;
    }
    static __inline int FS_TOP64(unsigned long long x) {
        unsigned long i;
        _BitScanReverse64(&i, x);
        return (int)i;
    }
    #define FS_HAVE_CTZ 1
    #else
    #define FS_CTZ64(x) 0
    #define FS_TOP64(x) 0
    #define FS_HAVE_CTZ 0
    #endif
    """
    int FS_CTZ64(uint64_t nonzero_mask) noexcept nogil
    int FS_TOP64(uint64_t nonzero_mask) noexcept nogil
    const bint FS_HAVE_CTZ


cdef inline int bit_index(uint64_t single_bit_mask) noexcept nogil:
    if FS_HAVE_CTZ:
        return FS_CTZ64(single_bit_mask)
    return DEBRUIJN_INDEX[(single_bit_mask * DEBRUIJN) >> 58]


cdef inline int top_index_portable(uint64_t nonzero_mask) noexcept nogil:
    # Every bit below the highest set, then counted.
    nonzero_mask |= nonzero_mask >> 1
    nonzero_mask |= nonzero_mask >> 2
    nonzero_mask |= nonzero_mask >> 4
    nonzero_mask |= nonzero_mask >> 8
    nonzero_mask |= nonzero_mask >> 16
    nonzero_mask |= nonzero_mask >> 32
    return popcount(nonzero_mask) - 1


cdef inline int top_index(uint64_t nonzero_mask) noexcept nogil:
    """The index of the highest set bit of a nonzero mask (count-leading-zeros where the
    compiler has it)."""
    if FS_HAVE_CTZ:
        return FS_TOP64(nonzero_mask)
    return top_index_portable(nonzero_mask)


cdef inline uint64_t value_bit(int value) noexcept nogil:
    """The mask bit of value 1..64."""
    return (<uint64_t>1) << (value - 1)


cdef inline int bytes_cmp(const uint8_t *a, const uint8_t *b, int size) noexcept nogil:
    """memcmp's sign for a few bytes (a loop beats the library call there): the canonical
    forms' rows and stacks, the strong links' orientation strings."""
    cdef int i
    for i in range(size):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


# The same on the 32-bit masks of the 9x9 digit-band engine.
cdef inline int popcount32(uint32_t mask) noexcept nogil:
    # In registers (the 64 KB table is a cache miss in the 9x9 engine's hot loop).
    mask = mask - ((mask >> 1) & 0x55555555)
    mask = (mask & 0x33333333) + ((mask >> 2) & 0x33333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F
    return <int>((mask * 0x01010101) >> 24)


cdef inline uint32_t lowest_bit32(uint32_t nonzero_mask) noexcept nogil:
    return nonzero_mask & (~nonzero_mask + 1)


cdef inline uint32_t clear_lowest_bit32(uint32_t mask) noexcept nogil:
    return mask & (mask - 1)


cdef inline int bit_index32(uint32_t single_bit_mask) noexcept nogil:
    return bit_index(<uint64_t>single_bit_mask)


def _table_popcount(uint64_t mask):
    """popcount() as seen from Python (for the exhaustive table tests)."""
    return popcount(mask)


def _table_popcount32(uint32_t mask):
    """popcount32() as seen from Python."""
    return popcount32(mask)


def _table_bit_index(uint64_t single_bit_mask):
    """bit_index() as seen from Python (for the exhaustive table tests)."""
    return bit_index(single_bit_mask)


def _table_bit_index_portable(uint64_t single_bit_mask):
    """bit_index()'s de Bruijn fallback (compilers without count-trailing-zeros)."""
    return DEBRUIJN_INDEX[(single_bit_mask * DEBRUIJN) >> 58]


def _table_top_index(uint64_t nonzero_mask):
    """top_index() as seen from Python."""
    return top_index(nonzero_mask)


def _table_top_index_portable(uint64_t nonzero_mask):
    """top_index()'s fallback (compilers without count-leading-zeros)."""
    return top_index_portable(nonzero_mask)


def _table_lowest_bit(uint64_t nonzero_mask):
    return lowest_bit(nonzero_mask)
