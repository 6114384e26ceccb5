// One level of the sweep: its states, each a packed key with its capped count and up to `keep`
// witnesses.
//
// The states are fixed-size records kept in the open-addressing hash table itself, so finding
// a state and adding to it touches one place (a cache miss, the sweep's main cost on wide
// boards: keys in a pool beside parallel arrays of counts, marks and witnesses took up to
// seven), and the caller can prefetch that place from the key's hash before it needs it.
// The level is read back in the table's order, a sequential pass (the table is shrunk when it
// is much larger than the level before it).  A record belongs to the current level only when it carries the level's generation, so
// starting a level costs nothing however wide the last one was.
//
// Keys are `words()` 64-bit words.  A longer key (a state with more groups, under notouch or
// no2x2) widens every record of the level; shorter keys are padded with zero words (sweep.cpp
// packs states so that two different ones still differ when padded), and the hash skips
// trailing zero words, so widening leaves every record where it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "huge.hpp"

namespace frontier {

// The hash of a key, trailing zero words left out (so padding does not change it).
uint64_t key_hash(const uint64_t* key, int length);

class Level {
  public:
    // Starts an empty level of `words`-word keys and `keep` witnesses per state.
    // `expected`: about how many states it will hold (the table shrinks to fit them).
    void reset(int words, int keep, size_t expected);
    size_t size() const { return n; }
    int words() const { return key_words; }

    // The records: at r = 0 .. slots(), those for which taken(r).
    size_t slots() const { return mask + 1; }
    bool taken(size_t r) const { return (table[r * stride] >> 56) == generation; }
    // The record of `key` (`length` words, hashed by key_hash), made (count 0, no witness,
    // alive) if new.  Records stay where they are until the next find_or_add.
    size_t find_or_add(const uint64_t* key, int length, uint64_t hash);
    // Asks the cache for the place find_or_add(…, hash) will look first.
    void prefetch(uint64_t hash) const {
        if (!table.empty()) __builtin_prefetch(&table[(hash & mask) * stride]);
    }

    const uint64_t* key(size_t r) const { return &table[r * stride + 2]; }
    uint64_t count(size_t r) const { return table[r * stride + 1]; }
    void set_count(size_t r, uint64_t c) { table[r * stride + 1] = c; }
    bool dead(size_t r) const { return (table[r * stride] >> 8) & 1; }
    void kill(size_t r) { table[r * stride] |= 1u << 8; ++dead_count; }
    int held(size_t r) const { return (int)(table[r * stride] & 0xFF); }
    uint32_t witness(size_t r, int k) const { return witnesses(r)[k]; }
    void set_witness(size_t r, int k, uint32_t w) { witnesses(r)[k] = w; }
    // Appends witness `w` to record `r` (the caller keeps `held(r) < keep`).
    void add_witness(size_t r, uint32_t w) {
        witnesses(r)[held(r)] = w;
        table[r * stride] += 1;
    }
    size_t dead_count = 0;

  private:
    // A record: generation << 56 | dead << 8 | witnesses held; count; key; witnesses.
    int key_words = 0, keep = 0, stride = 0;
    uint64_t generation = 0;
    size_t mask = 0;
    std::vector<uint64_t, HugePages<uint64_t>> table;
    size_t n = 0;

    uint32_t* witnesses(size_t r) {
        return reinterpret_cast<uint32_t*>(&table[r * stride + 2 + key_words]);
    }
    const uint32_t* witnesses(size_t r) const {
        return reinterpret_cast<const uint32_t*>(&table[r * stride + 2 + key_words]);
    }
    bool same(size_t r, const uint64_t* key, int length) const;
    void rebuild(size_t slots, int words);
};

}  // namespace frontier
