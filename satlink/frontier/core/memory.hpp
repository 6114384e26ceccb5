// The bytes the sweep holds, counted against its bound: every table of every open level, the
// witnesses' arena and the degree lookahead's sets, by capacity (what a vector has allocated,
// not what it uses).  A vector grows only through fit(), which asks first: a growth holds the
// old block and the new one at once while it copies, so the new block must fit beside
// everything held.  When it does not, nothing is allocated and `over` is set; the sweep then
// stops with the outcome `memory` before it passes the bound, instead of after.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace frontier {

struct Memory {
    uint64_t bound = 0;  // 0: none
    uint64_t held = 0, peak = 0;
    bool over = false;

    // Whether `more` bytes may be taken beside those held; false (and `over`) when not.
    bool room(uint64_t more) {
        if (bound && held + more > bound) return over = true, false;
        return true;
    }
    void take(uint64_t bytes) {
        held += bytes;
        peak = std::max(peak, held);
    }
    void give(uint64_t bytes) { held -= std::min(held, bytes); }
};

// Makes room in `v` for `extra` more elements (doubling, as push_back would; near the bound,
// an eighth more, so the last of the bound is not lost to a doubling that cannot fit) when the
// memory allows it; false, and `v` unchanged, when not.
template <class T>
__attribute__((noinline)) bool grow(std::vector<T>& v, size_t extra, Memory& memory) {
    size_t want = std::max<size_t>({v.size() + extra, 2 * v.capacity(), 16});
    if (memory.bound && memory.held + want * sizeof(T) > memory.bound)
        want = std::max<size_t>(v.size() + extra, v.capacity() + v.capacity() / 8);
    if (!memory.room(want * sizeof(T))) return false;
    size_t before = v.capacity();
    v.reserve(want);
    memory.take(v.capacity() * sizeof(T));  // the new block, beside the old while copying
    memory.give(before * sizeof(T));
    return true;
}

template <class T>
inline bool fit(std::vector<T>& v, size_t extra, Memory& memory) {
    return v.size() + extra <= v.capacity() || grow(v, extra, memory);
}

// Gives a vector's memory back and stops counting it.
template <class T>
void free_all(std::vector<T>& v, Memory& memory) {
    memory.give(v.capacity() * sizeof(T));
    std::vector<T>().swap(v);
}

}  // namespace frontier
