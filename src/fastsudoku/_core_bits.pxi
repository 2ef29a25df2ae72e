# Part of fastsudoku._core, included by _core.pyx (first: everything else uses it):
# the lookup tables and the named bit helpers.

# ============================================================================================
# Tables and bit helpers
# ============================================================================================
#
# POPCOUNT16[m]      number of set bits of a 16-bit mask; a 64-bit mask is four look-ups.
# DEBRUIJN_INDEX[k]  index of the single set bit b, with k = (b * DEBRUIJN) >> 58: the
#                    de Bruijn sequence makes the top six bits of the product distinct for
#                    each of the 64 powers of two.  One multiply and one look-up, no
#                    compiler intrinsics, so it is the same on gcc, clang and MSVC.

cdef uint8_t POPCOUNT16[65536]
cdef uint8_t DEBRUIJN_INDEX[64]
cdef uint64_t DEBRUIJN = 0x03F79D71B4CB0A89ULL


cdef void _fill_tables() noexcept:
    cdef int m, k
    POPCOUNT16[0] = 0
    for m in range(1, 65536):
        POPCOUNT16[m] = POPCOUNT16[m >> 1] + (m & 1)
    for k in range(64):
        DEBRUIJN_INDEX[((<uint64_t>1 << k) * DEBRUIJN) >> 58] = k


_fill_tables()


cdef inline int popcount(uint64_t mask) noexcept nogil:
    if mask < 0x10000:
        return POPCOUNT16[mask]
    return (POPCOUNT16[mask & 0xFFFF] + POPCOUNT16[(mask >> 16) & 0xFFFF]
            + POPCOUNT16[(mask >> 32) & 0xFFFF] + POPCOUNT16[mask >> 48])


cdef inline uint64_t lowest_bit(uint64_t nonzero_mask) noexcept nogil:
    return nonzero_mask & (~nonzero_mask + 1)


cdef inline uint64_t clear_lowest_bit(uint64_t mask) noexcept nogil:
    return mask & (mask - 1)


cdef inline bint has_one_bit(uint64_t nonzero_mask) noexcept nogil:
    return (nonzero_mask & (nonzero_mask - 1)) == 0


cdef inline int bit_index(uint64_t single_bit_mask) noexcept nogil:
    return DEBRUIJN_INDEX[(single_bit_mask * DEBRUIJN) >> 58]


cdef inline uint64_t value_bit(int value) noexcept nogil:
    """The mask bit of value 1..64."""
    return (<uint64_t>1) << (value - 1)


# The same on the 32-bit masks of the 9x9 digit-band engine.
cdef inline int popcount32(uint32_t mask) noexcept nogil:
    return POPCOUNT16[mask & 0xFFFF] + POPCOUNT16[mask >> 16]


cdef inline uint32_t lowest_bit32(uint32_t nonzero_mask) noexcept nogil:
    return nonzero_mask & (~nonzero_mask + 1)


cdef inline uint32_t clear_lowest_bit32(uint32_t mask) noexcept nogil:
    return mask & (mask - 1)


cdef inline int bit_index32(uint32_t single_bit_mask) noexcept nogil:
    return bit_index(<uint64_t>single_bit_mask)


def _table_popcount(uint64_t mask):
    """popcount() as seen from Python (for the exhaustive table tests)."""
    return popcount(mask)


def _table_bit_index(uint64_t single_bit_mask):
    """bit_index() as seen from Python (for the exhaustive table tests)."""
    return bit_index(single_bit_mask)


def _table_lowest_bit(uint64_t nonzero_mask):
    return lowest_bit(nonzero_mask)
