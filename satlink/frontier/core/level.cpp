// One level of the sweep (level.hpp).
#include "level.hpp"

#include <algorithm>

namespace frontier {

namespace {

constexpr int GENERATION_SHIFT = 56;

inline uint64_t mix(uint64_t h) {  // the finaliser of MurmurHash3: every bit reaches the ends
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

}  // namespace

uint64_t key_hash(const uint64_t* key, int length) {
    while (length > 0 && key[length - 1] == 0) --length;
    uint64_t h = 0x9E3779B97F4A7C15ULL * (uint64_t)(length + 1);
    for (int k = 0; k < length; ++k) h = mix(h ^ key[k]) + (uint64_t)k;
    return mix(h);
}

void Level::reset(int words, int keep_each, size_t expected) {
    n = 0;
    dead_count = 0;
    // Room for `expected` states at 40 % load (growing an empty table copies nothing), and
    // not more than eight times that (the level is read by scanning the whole table).
    size_t want = 1024;
    while (10 * expected > 4 * want) want *= 2;
    if (words != key_words || keep_each != keep || table.empty() || mask + 1 < want ||
        mask + 1 > 8 * want) {
        key_words = words, keep = keep_each;
        stride = 2 + key_words + (keep + 1) / 2;
        table.assign(want * stride, 0);
        mask = want - 1;
        generation = 1;
        return;
    }
    // A new generation frees every record at once; the table is wiped only when the
    // generations (8 bits) come round again.
    generation = (generation + 1) & 0xFF;
    if (generation == 0) {
        std::fill(table.begin(), table.end(), 0);
        generation = 1;
    }
}

bool Level::same(size_t r, const uint64_t* key, int length) const {
    const uint64_t* mine = &table[r * stride + 2];
    for (int k = 0; k < length; ++k)
        if (mine[k] != key[k]) return false;
    for (int k = length; k < key_words; ++k)
        if (mine[k]) return false;
    return true;
}

size_t Level::find_or_add(const uint64_t* key, int length, uint64_t hash) {
    if (length > key_words) rebuild(mask + 1, std::max(length, key_words + key_words / 2));
    if (10 * (n + 1) > 6 * (mask + 1)) rebuild(2 * (mask + 1), key_words);
    size_t at = hash & mask;
    for (; taken(at); at = (at + 1) & mask)
        if (same(at, key, length)) return at;
    uint64_t* record = &table[at * stride];
    std::fill(record, record + stride, 0);
    record[0] = generation << GENERATION_SHIFT;
    std::copy(key, key + length, record + 2);
    ++n;
    return at;
}

// Moves the level's records into a table of `slots` records with keys of `words` words.
void Level::rebuild(size_t slots, int words) {
    const int old_words = key_words, old_stride = stride;
    const size_t old_slots = mask + 1;
    std::vector<uint64_t, HugePages<uint64_t>> old(slots * (2 + words + (keep + 1) / 2), 0);
    old.swap(table);
    key_words = words;
    stride = 2 + key_words + (keep + 1) / 2;
    mask = slots - 1;
    for (size_t r = 0; r < old_slots; ++r) {
        const uint64_t* from = &old[r * old_stride];
        if ((from[0] >> GENERATION_SHIFT) != generation) continue;
        size_t at = key_hash(from + 2, old_words) & mask;
        while (taken(at)) at = (at + 1) & mask;
        uint64_t* to = &table[at * stride];
        std::copy(from, from + 2 + old_words, to);
        std::copy(from + 2 + old_words, from + old_stride, to + 2 + key_words);
    }
}

}  // namespace frontier
