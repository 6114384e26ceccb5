// The degree lookahead: which frontier need patterns can still be completed.
//
// A relaxation of the sweep that keeps only each slot's need (none yet, one more, none) and
// forgets pieces, labels and groups, run forward over the same steps (every need pattern a
// partial assignment can reach) and then backward (those from which the last level's empty
// pattern is reachable).  A state of the real sweep whose needs are not in the backward set
// has no completion even by degrees alone, so it is dropped at once instead of rows later —
// what TdZdd gets from subsetting the reduced degree diagram.  Patterns are packed two bits a
// slot in 64 bits, so the lookahead runs on frontiers of at most 32 slots and gives up (and
// filters nothing) past a bound on the patterns it stores.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace frontier {

struct StepSpan {
    size_t begin, end;
    int width;
};

class Degrees {
  public:
    // Builds the feasible patterns of every step; false (and no filtering) when the frontier
    // is wider than 32, the patterns would take more than `max_bytes` (capacities, as
    // memory.hpp counts them; 0: none), or `late()` says time is up.
    bool build(const std::vector<int>& ops, const std::vector<StepSpan>& steps,
               const std::vector<uint8_t>& decided, bool fill, size_t max_bytes,
               const std::function<bool()>& late);

    // Whether the needs `pattern` after step `k` can still be completed.
    bool feasible(size_t k, uint64_t pattern) const;
    bool active() const { return on; }
    size_t patterns() const { return stored; }
    // The bytes its sets hold, and the most the build held at once.
    size_t bytes() const;
    size_t peak_bytes() const { return peak; }

  private:
    bool on = false;
    bool fill = false;
    size_t stored = 0;
    size_t peak = 0;
    std::vector<std::vector<uint64_t>> levels;  // sorted, per step (while building)
    // Per step, the feasible patterns as an open-addressing set of pattern + 1 (0: free):
    // feasible() is asked once per state made, and a probe costs less than a binary search.
    std::vector<std::vector<uint64_t>> sets;

    void successors(const std::vector<int>& ops, const StepSpan& step,
                    const std::vector<uint8_t>& decided, uint64_t from,
                    std::vector<uint64_t>& out) const;
    void walk(const std::vector<int>& ops, size_t i, size_t end, int width, uint64_t s,
              const std::vector<uint8_t>& decided, std::vector<uint64_t>& out) const;
    bool settle(uint64_t& s, int slot, int left) const;
};

}  // namespace frontier
