// The degree lookahead (degrees.hpp).  Needs as in the sweep: 0 none yet, 1 one more, 3 none.
#include "degrees.hpp"

#include <algorithm>

#include "sweep.hpp"

namespace frontier {

namespace {

constexpr uint64_t NONE_YET = 0, ONE_MORE = 1, NO_MORE = 3;

inline uint64_t need(uint64_t s, int i) { return (s >> (2 * i)) & 3; }
inline uint64_t with_need(uint64_t s, int i, uint64_t v) {
    return (s & ~(uint64_t(3) << (2 * i))) | (v << (2 * i));
}
inline uint64_t spread(uint64_t h) {  // the finaliser of MurmurHash3
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}
inline size_t size_of(const std::vector<int>& ops, size_t i) {
    int op = ops[i];
    return op == ADD ? 4 : op == EDGE ? 6 : op == DROP ? 2 : 2 + ops[i + 1];
}

}  // namespace

bool Degrees::settle(uint64_t& s, int slot, int left) const {
    if (left >= 2) return true;
    uint64_t n = need(s, slot);
    if (n == ONE_MORE) return left > 0;
    if (n == NO_MORE) return true;
    if (fill) return false;
    s = with_need(s, slot, NO_MORE);
    return true;
}

void Degrees::walk(const std::vector<int>& ops, size_t i, size_t end, int width, uint64_t s,
                   const std::vector<uint8_t>& decided, std::vector<uint64_t>& out) const {
    for (; i < end; i += size_of(ops, i)) {
        int op = ops[i];
        if (op == ADD) {
            s = with_need(s, width, ops[i + 2] >= 0 ? ONE_MORE : NONE_YET);
            if (!settle(s, width, ops[i + 3])) return;
            ++width;
        } else if (op == DROP) {
            int slot = ops[i + 1];
            uint64_t n = need(s, slot);
            if (n == ONE_MORE || (n == NONE_YET && fill)) return;
            uint64_t low = slot ? s & ((uint64_t(1) << (2 * slot)) - 1) : 0;
            s = low | ((slot + 1 < 32 ? s >> (2 * (slot + 1)) : 0) << (2 * slot));
            --width;
        } else if (op == EDGE) {
            int e = ops[i + 1], a = ops[i + 2], b = ops[i + 3];
            uint8_t fixed = decided.empty() ? 0 : decided[e];
            uint64_t na = need(s, a), nb = need(s, b);
            if (fixed != 2 && na != NO_MORE && nb != NO_MORE) {
                uint64_t t = with_need(s, a, na == NONE_YET ? ONE_MORE : NO_MORE);
                t = with_need(t, b, nb == NONE_YET ? ONE_MORE : NO_MORE);
                if (settle(t, a, ops[i + 4]) && settle(t, b, ops[i + 5]))
                    walk(ops, i + 6, end, width, t, decided, out);
            }
            if (fixed == 1) return;
            if (!settle(s, a, ops[i + 4]) || !settle(s, b, ops[i + 5])) return;
        }
    }
    out.push_back(s);
}

void Degrees::successors(const std::vector<int>& ops, const StepSpan& step,
                         const std::vector<uint8_t>& decided, uint64_t from,
                         std::vector<uint64_t>& out) const {
    walk(ops, step.begin, step.end, step.width, from, decided, out);
}

bool Degrees::build(const std::vector<int>& ops, const std::vector<StepSpan>& steps,
                    const std::vector<uint8_t>& decided, bool fill_rule, size_t max_bytes,
                    const std::function<bool()>& late) {
    fill = fill_rule;
    for (const StepSpan& step : steps)
        if (step.width > 31) return false;
    levels.assign(steps.size(), {});
    std::vector<uint64_t> current{0}, next;
    size_t kept = 0;  // bytes of the levels stored
    // Whether the patterns held (with the two being made) still fit in `max_bytes`.
    auto fits = [&]() {
        size_t now = kept + (current.capacity() + next.capacity()) * sizeof(uint64_t);
        peak = std::max(peak, now);
        return !max_bytes || now <= max_bytes;
    };
    for (size_t k = 0; k < steps.size(); ++k) {
        if (late()) return levels.clear(), false;
        next.clear();
        for (uint64_t s : current) {
            successors(ops, steps[k], decided, s, next);
            if (!fits()) return levels.clear(), false;
        }
        std::sort(next.begin(), next.end());
        next.erase(std::unique(next.begin(), next.end()), next.end());
        stored += next.size();
        levels[k] = next;
        kept += levels[k].capacity() * sizeof(uint64_t);
        if (!fits()) return levels.clear(), false;
        current.swap(next);
    }
    // Backward: keep the patterns with a successor kept one step on; the last step keeps the
    // empty frontier only.
    if (!steps.empty()) {
        auto& last = levels.back();
        last.erase(std::remove_if(last.begin(), last.end(), [](uint64_t s) { return s != 0; }),
                   last.end());
    }
    std::vector<uint64_t> out;
    for (size_t k = steps.size(); k-- > 1;) {
        if (late()) return false;
        const auto& after = levels[k];
        auto& here = levels[k - 1];
        here.erase(std::remove_if(here.begin(), here.end(),
                                  [&](uint64_t s) {
                                      out.clear();
                                      successors(ops, steps[k], decided, s, out);
                                      for (uint64_t t : out)
                                          if (std::binary_search(after.begin(), after.end(), t))
                                              return false;
                                      return true;
                                  }),
                   here.end());
    }
    auto set_size = [&](size_t k) {
        size_t size = 4;
        while (size < 2 * levels[k].size()) size *= 2;
        return size;
    };
    size_t set_bytes = 0;  // the sets are made while the levels are still held
    for (size_t k = 0; k < levels.size(); ++k) set_bytes += set_size(k) * sizeof(uint64_t);
    peak = std::max(peak, kept + set_bytes);
    if (max_bytes && kept + set_bytes > max_bytes) return levels.clear(), false;
    sets.assign(levels.size(), {});
    for (size_t k = 0; k < levels.size(); ++k) {
        size_t size = set_size(k);
        sets[k].assign(size, 0);
        for (uint64_t s : levels[k]) {
            size_t at = spread(s) & (size - 1);
            while (sets[k][at]) at = (at + 1) & (size - 1);
            sets[k][at] = s + 1;
        }
        std::vector<uint64_t>().swap(levels[k]);
    }
    on = true;
    return true;
}

size_t Degrees::bytes() const {
    size_t total = 0;
    for (const auto& set : sets) total += set.capacity() * sizeof(uint64_t);
    return total;
}

bool Degrees::feasible(size_t k, uint64_t pattern) const {
    if (!on) return true;
    const auto& set = sets[k];
    const size_t mask = set.size() - 1;
    for (size_t at = spread(pattern) & mask; set[at]; at = (at + 1) & mask)
        if (set[at] == pattern + 1) return true;
    return false;
}

}  // namespace frontier
