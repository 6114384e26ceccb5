// The frontier sweep (see sweep.hpp and satlink/frontier/state.py for the state model and why
// its transitions are sound).  A level is a hash table of encoded states, each with its capped
// count and up to `keep` witnesses: chains of the edges decided on, shared between states and
// freed by reference counts when no state holds them.
#include "sweep.hpp"

#include "degrees.hpp"
#include "memory.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace frontier {
namespace {

constexpr int BLANK = 0x3FFF;  // no edge yet, not an endpoint (profiles without groups)
constexpr int FULL = 0x3FFE;   // can take no more edges (profiles without groups)
constexpr int EMPTY = 0x3FFD;  // will stay empty (profiles with groups): on no path
constexpr int FRESH = 0x3000;  // a piece made by a transition, renumbered by canonical()
constexpr int NONE_YET = 0, ONE_MORE = 1, NO_MORE = 3;  // a slot's need (state.py)
constexpr int PIECE = 0x3FFF;

inline int need_of(uint16_t word) { return word >> 14; }
inline int piece_of(uint16_t word) { return word & PIECE; }
inline uint16_t slot_word(int need, int piece) { return (uint16_t)((need << 14) | piece); }

// A state being changed: `w` slot words, then each group as its length and members.
struct State {
    int w = 0;
    int fresh = 0;  // pieces made since the state was read (each gets its own number)
    std::vector<uint16_t> words;
};

class Model {
  public:
    explicit Model(const Settings& s)
        : labels(s.n_labels), grouped(s.grouped), notouch(s.notouch), fill(s.fill),
          stamp(PIECE + 1, 0), name_of(PIECE + 1, 0), seen(s.n_labels + 1, 0),
          ends(s.n_labels + 1, 0), stacked(s.n_labels + 1, 0) {}

    // Whether two labels' open-end pairs interleave on the frontier.  A label with both open
    // ends on the frontier has both endpoints behind it: the two ends can only meet through
    // the nodes not met yet.  On a planar sweep (a square grid without warps or bridges,
    // swept by rows or columns) those nodes lie on one side of the frontier, whose slots
    // run along its boundary in order (up to rotation), so two such joins whose ends
    // interleave would have to cross: the state has no completion (SIMPATH's planarity cut).
    bool crosses(const State& s) const {
        ++tick;
        for (int i = 0; i < s.w; ++i) {
            int p = piece_of(s.words[i]);
            if (need_of(s.words[i]) != ONE_MORE || p >= labels) continue;
            if (seen[p] != tick) seen[p] = tick, ends[p] = 0, stacked[p] = 0;
            ++ends[p];
        }
        nest.clear();
        for (int i = 0; i < s.w; ++i) {
            int p = piece_of(s.words[i]);
            if (need_of(s.words[i]) != ONE_MORE || p >= labels || ends[p] != 2) continue;
            if (!nest.empty() && nest.back() == p) {
                nest.pop_back();
            } else if (stacked[p]) {
                return true;
            } else {
                stacked[p] = 1;
                nest.push_back(p);
            }
        }
        return false;
    }

    bool add(State& s, int label, int edges) const {
        uint16_t word = label >= 0 ? slot_word(ONE_MORE, label)
                                   : slot_word(NONE_YET, grouped ? FRESH + 16 + s.fresh++ : BLANK);
        s.words.insert(s.words.begin() + s.w, word);
        s.w += 1;
        return settle(s, s.w - 1, edges);
    }

    // What slot `i` can still become with `left` edges undecided (state.py: settled).
    bool settle(State& s, int i, int left) const {
        if (left >= 2) return true;
        int need = need_of(s.words[i]);
        if (need == ONE_MORE) return left > 0;
        if (need == NO_MORE) return true;
        if (fill) return false;
        int piece = piece_of(s.words[i]);
        s.words[i] = slot_word(NO_MORE, grouped ? EMPTY : FULL);
        if (grouped) forget(s, piece);
        return true;
    }

    bool edge(State& s, int a, int b, bool on, int left_a, int left_b) const {
        return decide(s, a, b, on) && settle(s, a, left_a) && settle(s, b, left_b);
    }

    bool decide(State& s, int a, int b, bool on) const {
        int pa = piece_of(s.words[a]), pb = piece_of(s.words[b]);
        if (!on) {
            if (!notouch) return true;
            if (pa == EMPTY || pb == EMPTY) return true;
            if (pa == pb) return false;
            int members[2] = {pa, pb};
            return with_group(s, members, 2);
        }
        int na = need_of(s.words[a]), nb = need_of(s.words[b]);
        if (na == NO_MORE || nb == NO_MORE) return false;
        int keep, gone = -1;
        if (pa == BLANK && pb == BLANK) {
            keep = FRESH + 1 + s.fresh;  // a probe's pieces apart (run(): advance)
        } else if (pa == BLANK || pb == BLANK) {
            keep = pa == BLANK ? pb : pa;
        } else if (pa == pb) {
            if (pa >= labels) return false;  // a loop through no endpoint
            keep = pa;                       // the two pieces of one label meet
        } else if (pa < labels && pb < labels) {
            return false;
        } else if (pb < labels) {
            keep = pb, gone = pa;
        } else {
            keep = pa, gone = pb;
        }
        na = na == NONE_YET ? ONE_MORE : NO_MORE;
        nb = nb == NONE_YET ? ONE_MORE : NO_MORE;
        if (!grouped) {
            s.words[a] = slot_word(na, na == NO_MORE ? FULL : keep);
            s.words[b] = slot_word(nb, nb == NO_MORE ? FULL : keep);
            if (gone >= 0)
                for (int i = 0; i < s.w; ++i)
                    if (piece_of(s.words[i]) == gone) s.words[i] = slot_word(ONE_MORE, keep);
            return true;
        }
        s.words[a] = slot_word(na, keep);
        s.words[b] = slot_word(nb, keep);
        if (gone >= 0) {
            for (int i = 0; i < s.w; ++i)
                if (piece_of(s.words[i]) == gone)
                    s.words[i] = slot_word(need_of(s.words[i]), keep);
            return renamed(s, gone, keep);
        }
        return true;
    }

    bool block(State& s, const int* slots, int n) const {
        int members[16];
        for (int i = 0; i < n; ++i) members[i] = piece_of(s.words[slots[i]]);
        return with_group(s, members, n);
    }

    bool drop(State& s, int slot) const {
        int need = need_of(s.words[slot]);
        if (need == ONE_MORE || (need == NONE_YET && fill)) return false;
        int piece = piece_of(s.words[slot]);
        s.words.erase(s.words.begin() + slot);
        s.w -= 1;
        if (grouped) forget(s, piece);
        return true;
    }

    // Drops the groups holding `piece` when no slot carries it any more: it can never be on
    // one path with the others (an empty node, or a finished path).
    void forget(State& s, int piece) const {
        if ((int)s.words.size() == s.w) return;
        for (int i = 0; i < s.w; ++i)
            if (piece_of(s.words[i]) == piece) return;
        std::vector<uint16_t> kept(s.words.begin(), s.words.begin() + s.w);
        for (size_t j = s.w; j < s.words.size();) {
            int n = s.words[j];
            bool holds = false;
            for (int k = 0; k < n; ++k) holds |= s.words[j + 1 + k] == piece;
            if (!holds) kept.insert(kept.end(), s.words.begin() + j, s.words.begin() + j + 1 + n);
            j += 1 + n;
        }
        s.words.swap(kept);
    }

    // The canonical words of a state: pieces without a label renumbered by first appearance,
    // groups sorted and once each.
    void encode(const State& s, std::vector<uint16_t>& out) const {
        ++clock;
        int next = labels;
        auto name = [&](int p) {
            if (p < labels || p == BLANK || p == FULL || p == EMPTY) return p;
            if (stamp[p] != clock) stamp[p] = clock, name_of[p] = next++;
            return name_of[p];
        };
        out.resize(s.w);
        for (int i = 0; i < s.w; ++i)
            out[i] = slot_word(need_of(s.words[i]), name(piece_of(s.words[i])));
        if ((int)s.words.size() == s.w) return;
        std::vector<std::vector<uint16_t>> groups;
        for (size_t j = s.w; j < s.words.size();) {
            int n = s.words[j];
            std::vector<uint16_t> g;
            for (int k = 0; k < n; ++k) g.push_back((uint16_t)name(s.words[j + 1 + k]));
            std::sort(g.begin(), g.end());
            groups.push_back(std::move(g));
            j += 1 + n;
        }
        std::sort(groups.begin(), groups.end());
        groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
        for (auto& g : groups) {
            out.push_back((uint16_t)g.size());
            out.insert(out.end(), g.begin(), g.end());
        }
    }

  private:
    int labels;
    bool grouped, notouch, fill;
    mutable uint32_t clock = 0;
    mutable std::vector<uint32_t> stamp;
    mutable std::vector<int> name_of;
    mutable uint32_t tick = 0;
    mutable std::vector<uint32_t> seen;
    mutable std::vector<uint8_t> ends, stacked;
    mutable std::vector<int> nest;

    int label_count(const int* members, int n) const {
        int count = 0;
        for (int i = 0; i < n; ++i) count += members[i] < labels;
        return count;
    }

    // Sorted distinct members; false when one piece (they are one path already).
    bool with_group(State& s, int* members, int n) const {
        for (int i = 0; i < n; ++i)
            if (members[i] == EMPTY) return true;
        std::sort(members, members + n);
        n = (int)(std::unique(members, members + n) - members);
        if (n == 1) return false;
        if (label_count(members, n) >= 2) return true;
        s.words.push_back((uint16_t)n);
        for (int i = 0; i < n; ++i) s.words.push_back((uint16_t)members[i]);
        return true;
    }

    bool renamed(State& s, int gone, int keep) const {
        std::vector<uint16_t> out(s.words.begin(), s.words.begin() + s.w);
        int members[16];
        for (size_t j = s.w; j < s.words.size();) {
            int n = s.words[j];
            for (int k = 0; k < n; ++k) {
                int p = s.words[j + 1 + k];
                members[k] = p == gone ? keep : p;
            }
            j += 1 + n;
            std::sort(members, members + n);
            int m = (int)(std::unique(members, members + n) - members);
            if (m == 1) return false;
            if (label_count(members, m) >= 2) continue;
            out.push_back((uint16_t)m);
            out.insert(out.end(), members, members + m);
        }
        s.words.swap(out);
        return true;
    }
};

// The witnesses: node 0 is the empty chain; a node is an edge decided on and the chain before.
// Nodes are only appended; when the arena has grown well past what the states still hold,
// the nodes they reach are kept and moved to the front (mark and compact), which costs less
// than counting references on every state written.
class Arena {
  public:
    explicit Arena(Memory& memory) : memory(memory) {
        fit(edge, 1, memory), fit(parent, 1, memory);
        edge.push_back(-1), parent.push_back(0);
    }

    // The node for edge `e` after chain `before`, in `made`; false when the memory has no room.
    bool make(int e, uint32_t before, uint32_t& made) {
        if ((edge.size() == edge.capacity() || parent.size() == parent.capacity()) &&
            (!fit(edge, 1, memory) || !fit(parent, 1, memory)))
            return false;
        edge.push_back(e);
        parent.push_back(before);
        made = (uint32_t)(edge.size() - 1);
        return true;
    }
    size_t size() const { return edge.size(); }
    std::vector<int> edges(uint32_t w) const {
        std::vector<int> out;
        for (; w; w = parent[w]) out.push_back(edge[w]);
        std::reverse(out.begin(), out.end());
        return out;
    }
    // Keeps the nodes reachable from `roots` and renumbers `roots` to their new places; false
    // (nothing changed) when the memory has no room for the copy.
    bool compact(std::vector<uint32_t>& roots) {
        const uint64_t marks = edge.size() * sizeof(uint32_t);
        if (!memory.room(marks)) return false;
        memory.take(marks);
        std::vector<uint32_t> place(edge.size(), 0);
        place[0] = 1;
        for (uint32_t w : roots)
            for (; w && !place[w]; w = parent[w]) place[w] = 1;
        uint32_t next = 0;
        for (size_t i = 0; i < place.size(); ++i)
            if (place[i]) place[i] = next++;
            else place[i] = UINT32_MAX;
        const uint64_t kept = next * (sizeof(int) + sizeof(uint32_t));
        if (!memory.room(kept)) return memory.give(marks), false;
        memory.take(kept);
        std::vector<int> kept_edge(next);
        std::vector<uint32_t> kept_parent(next);
        for (size_t i = 0; i < place.size(); ++i)
            if (place[i] != UINT32_MAX) {
                kept_edge[place[i]] = edge[i];
                kept_parent[place[i]] = i ? place[parent[i]] : 0;
            }
        memory.give(edge.capacity() * sizeof(int) + parent.capacity() * sizeof(uint32_t) + marks);
        edge.swap(kept_edge);
        parent.swap(kept_parent);
        for (uint32_t& w : roots) w = place[w];
        return true;
    }

  private:
    Memory& memory;
    std::vector<int> edge;
    std::vector<uint32_t> parent;
};

class Level {
  public:
    static constexpr size_t NO_ROOM = SIZE_MAX;
    Level(int keep, Memory* memory) : keep(keep), memory(memory) {}
    size_t size() const { return count.size(); }

    // The entry of `key`, made (count 0, no witness) if new; NO_ROOM when a new entry would
    // take more memory than the bound leaves.
    size_t find_or_add(const std::vector<uint16_t>& key) {
        uint64_t h = 1469598103934665603ULL;
        for (uint16_t w : key) h = (h ^ w) * 1099511628211ULL;
        h ^= h >> 29;
        uint64_t tag = h >> 32;
        if (2 * (size() + 1) > index.size() && !grow()) return NO_ROOM;
        size_t mask = index.size() - 1, at = h & mask;
        while (uint64_t slot = index[at]) {
            size_t i = (slot & 0xFFFFFFFFu) - 1;
            if ((slot >> 32) == tag && same(i, key)) return i;
            at = (at + 1) & mask;
        }
        if (count.size() == count.capacity() && !grow_entries()) return NO_ROOM;
        if (!fit(pool, key.size(), *memory)) return NO_ROOM;
        size_t i = size();
        index[at] = (tag << 32) | (uint64_t)(i + 1);
        start.push_back(pool.size());
        pool.insert(pool.end(), key.begin(), key.end());
        count.push_back(0);
        held.push_back(0);
        dead.push_back(0);
        wit.resize(wit.size() + keep, 0);
        return i;
    }
    const uint16_t* key(size_t i) const { return pool.data() + start[i]; }
    int key_length(size_t i) const {
        return (int)((i + 1 < start.size() ? start[i + 1] : pool.size()) - start[i]);
    }
    void clear() {
        pool.clear(), start.clear(), count.clear(), held.clear(), wit.clear(), dead.clear();
        dead_count = 0;
        std::fill(index.begin(), index.end(), 0);
    }
    // Empties the level and gives its memory back (clear() keeps it for the next level).
    void release() {
        memory->give(bytes());
        Level empty(keep, memory);
        std::swap(*this, empty);
    }
    size_t bytes() const {
        return pool.capacity() * 2 + start.capacity() * 8 + count.capacity() * 8 +
               held.capacity() + dead.capacity() + wit.capacity() * 4 + index.capacity() * 8;
    }

    std::vector<uint64_t> count;
    std::vector<uint8_t> held;   // witnesses held by each entry
    std::vector<uint8_t> dead;   // states with no completion (the planarity cut)
    size_t dead_count = 0;
    std::vector<uint32_t> wit;   // keep per entry
    int keep;

  private:
    Memory* memory;  // every growth asks it first (memory.hpp)
    std::vector<uint16_t> pool;
    std::vector<uint64_t> start;
    std::vector<uint64_t> index;  // hash tag << 32 | entry + 1; 0: free

    // Room for more entries in the vectors that hold one (or `keep`) per entry, grown
    // together so that the sweep's hot path asks once (memory.hpp's fit(), for all of them).
    __attribute__((noinline)) bool grow_entries() {
        const size_t per = sizeof(uint64_t) * 2 + 2 + sizeof(uint32_t) * keep;
        const size_t before = start.capacity() * sizeof(uint64_t) +
                              count.capacity() * sizeof(uint64_t) + held.capacity() +
                              dead.capacity() + wit.capacity() * sizeof(uint32_t);
        size_t want = std::max<size_t>(16, 2 * count.capacity());
        if (memory->bound && memory->held + want * per > memory->bound)
            want = std::max<size_t>(count.size() + 1, count.capacity() + count.capacity() / 8);
        if (!memory->room(want * per)) return false;
        start.reserve(want), count.reserve(want), held.reserve(want), dead.reserve(want);
        wit.reserve(want * keep);
        memory->take(start.capacity() * sizeof(uint64_t) + count.capacity() * sizeof(uint64_t) +
                     held.capacity() + dead.capacity() + wit.capacity() * sizeof(uint32_t));
        memory->give(before);
        return true;
    }

    bool same(size_t i, const std::vector<uint16_t>& key) const {
        return (size_t)key_length(i) == key.size() &&
               std::equal(key.begin(), key.end(), pool.begin() + start[i]);
    }
    bool grow() {
        size_t n = std::max<size_t>(1024, index.size() * 2);
        if (!memory->room(n * sizeof(uint64_t))) return false;
        memory->take(n * sizeof(uint64_t));
        memory->give(index.capacity() * sizeof(uint64_t));  // once the old is gone, below
        std::vector<uint64_t> old;
        old.swap(index);
        index.assign(n, 0);
        for (uint64_t slot : old) {
            if (!slot) continue;
            size_t i = (slot & 0xFFFFFFFFu) - 1;
            uint64_t h = 1469598103934665603ULL;
            for (int k = 0, len = key_length(i); k < len; ++k)
                h = (h ^ pool[start[i] + k]) * 1099511628211ULL;
            h ^= h >> 29;
            size_t at = h & (n - 1);
            while (index[at]) at = (at + 1) & (n - 1);
            index[at] = slot;
        }
        return true;
    }
};

}  // namespace

void check_ops(const std::vector<int>& ops, size_t edges, int labels) {
    auto bad = [](const std::string& why, size_t at) {
        throw std::invalid_argument("operation at " + std::to_string(at) + ": " + why);
    };
    long width = 0;
    for (size_t i = 0; i < ops.size();) {
        int op = ops[i];
        size_t size = op == ADD ? 4 : op == EDGE ? 6 : op == DROP ? 2 : op == BLOCK ? 2 : 0;
        if (!size) bad("unknown operation " + std::to_string(op), i);
        if (i + size > ops.size() || (op == BLOCK && i + 2 + (size_t)std::max(ops[i + 1], 0) > ops.size()))
            bad("cut short", i);
        auto slot = [&](int v) { if (v < 0 || v >= width) bad("slot out of range", i); };
        if (op == ADD) {
            if (ops[i + 2] < -1 || ops[i + 2] >= labels) bad("label out of range", i);
            if (ops[i + 3] < 0 || ops[i + 3] > 2) bad("edges out of range", i);
            if (++width >= 0x1000) bad("frontier wider than 4095", i);
        } else if (op == EDGE) {
            if (ops[i + 1] < 0 || (edges && (size_t)ops[i + 1] >= edges)) bad("edge out of range", i);
            slot(ops[i + 2]), slot(ops[i + 3]);
            if (ops[i + 2] == ops[i + 3]) bad("an edge from a slot to itself", i);
            for (int k = 4; k < 6; ++k)
                if (ops[i + k] < 0 || ops[i + k] > 2) bad("edges left out of range", i);
        } else if (op == BLOCK) {
            if (ops[i + 1] < 2 || ops[i + 1] > 16) bad("a block of 2 .. 16 nodes", i);
            for (int k = 0; k < ops[i + 1]; ++k) slot(ops[i + 2 + k]);
            size = 2 + ops[i + 1];
        } else {
            slot(ops[i + 1]);
            --width;
        }
        i += size;
    }
}

namespace {

size_t op_size(const std::vector<int>& ops, size_t i) {
    int op = ops[i];
    return op == ADD ? 4 : op == EDGE ? 6 : op == DROP ? 2 : 2 + ops[i + 1];
}

// One level of the sweep: a node entering and its edges to the nodes met before it decided
// (each combination the states allow), then the blocks it closes and the nodes that leave, so
// that each state is read and written once per node.
struct Step {
    size_t begin, end;
    int width;  // slots when the step begins
};

std::vector<Step> steps_of(const std::vector<int>& ops) {
    std::vector<Step> steps;
    int width = 0;
    size_t i = 0;
    while (i < ops.size()) {
        Step step{i, 0, width};
        size_t j = i;
        do {
            if (ops[j] == ADD) ++width;
            if (ops[j] == DROP) --width;
            j += op_size(ops, j);
        } while (j < ops.size() && ops[j] != ADD);
        step.end = j;
        steps.push_back(step);
        i = j;
    }
    return steps;
}

// The reach cut: after each node's step, which component of the graph still to be decided
// (the nodes not met yet and the frontier's, joined by the edges not decided yet and not
// decided off) each slot lies in, and each label's endpoint still to come.  An open end of a
// label must meet its partner through that graph: the label's endpoint still to come, or the
// other open end when both endpoints are behind; in another component it never can.  Built
// backwards, the edges still to decide only growing, with one union-find.
class Reach {
  public:
    void build(const std::vector<int>& ops, const std::vector<Step>& steps,
               const std::vector<uint8_t>& decided, int labels) {
        n_labels = labels;
        struct Edge { int u, v; size_t at; };
        std::vector<Edge> edges;
        std::vector<int> slots, first_step(0), endpoint_node, endpoint_step;
        std::vector<std::vector<int>> slots_after(steps.size());
        std::vector<std::vector<int>> ends(labels);  // (node, step) pairs per label
        int nodes = 0;
        for (size_t k = 0; k < steps.size(); ++k) {
            for (size_t i = steps[k].begin; i < steps[k].end; i += op_size(ops, i)) {
                int op = ops[i];
                if (op == ADD) {
                    slots.push_back(ops[i + 1]);
                    nodes = std::max(nodes, ops[i + 1] + 1);
                    if (ops[i + 2] >= 0) ends[ops[i + 2]].push_back(ops[i + 1]),
                                         ends[ops[i + 2]].push_back((int)k);
                } else if (op == EDGE) {
                    if (decided.empty() || decided[ops[i + 1]] != 2)
                        edges.push_back({slots[ops[i + 2]], slots[ops[i + 3]], i});
                } else if (op == DROP) {
                    slots.erase(slots.begin() + ops[i + 1]);
                }
            }
            slots_after[k] = slots;
        }
        parent.assign(nodes, 0);
        for (int v = 0; v < nodes; ++v) parent[v] = v;
        slot_part.assign(steps.size(), {});
        label_part.assign(steps.size(), std::vector<int>(labels, -1));
        size_t e = edges.size();
        for (size_t k = steps.size(); k-- > 0;) {
            for (; e > 0 && edges[e - 1].at >= steps[k].end; --e) join(edges[e - 1].u, edges[e - 1].v);
            for (int v : slots_after[k]) slot_part[k].push_back(find(v));
            for (int p = 0; p < labels; ++p)
                for (size_t j = 0; j + 1 < ends[p].size(); j += 2)
                    if ((size_t)ends[p][j + 1] > k) label_part[k][p] = find(ends[p][j]);
        }
        seen.assign(labels, 0);
        part_of.assign(labels, 0);
        end_seen.assign(0x4000, 0), end_slot.assign(0x4000, 0);
        up_seen.assign(nodes, 0), up.assign(nodes, 0);
    }

    // Whether an open end of `s` (after step `k`) can no longer meet its partner.  A piece
    // without a label whose two ends are on the frontier joins their components: a path may
    // run into one end and out of the other (another label's piece it may never join).
    bool cut(const State& s, size_t k, int open_need, int piece_mask) const {
        const std::vector<int>& part = slot_part[k];
        const std::vector<int>& coming = label_part[k];
        ++tick;
        for (int i = 0; i < s.w; ++i) {
            int p = s.words[i] & piece_mask;
            if ((s.words[i] >> 14) != open_need || p < n_labels || p >= FULL_PIECES) continue;
            if (end_seen[p] != tick) end_seen[p] = tick, end_slot[p] = i;
            else unite(part[end_slot[p]], part[i]);
        }
        for (int i = 0; i < s.w; ++i) {
            if ((s.words[i] >> 14) != open_need) continue;
            int p = s.words[i] & piece_mask;
            if (p >= n_labels) continue;
            int here = root(part[i]);
            if (coming[p] >= 0) {
                if (here != root(coming[p])) return true;
            } else if (seen[p] != tick) {
                seen[p] = tick, part_of[p] = here;
            } else if (part_of[p] != here) {
                return true;
            }
        }
        return false;
    }

  private:
    int n_labels = 0;
    std::vector<int> parent;
    std::vector<std::vector<int>> slot_part, label_part;
    mutable uint32_t tick = 0;
    mutable std::vector<uint32_t> seen;
    mutable std::vector<int> part_of;
    static constexpr int FULL_PIECES = 0x3FFD;  // EMPTY, FULL, BLANK: no piece
    mutable std::vector<uint32_t> end_seen, up_seen;
    mutable std::vector<int> end_slot, up;

    // The per-state union of components (stamped: reset by the tick, not cleared).
    int root(int x) const {
        if (up_seen[x] != tick) up_seen[x] = tick, up[x] = x;
        while (up[x] != x) x = up[x];
        return x;
    }
    void unite(int a, int b) const {
        a = root(a), b = root(b);
        if (a != b) up[a] = b;
    }

    int find(int v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    }
    void join(int a, int b) { parent[find(a)] = find(b); }
};

// The operations of one step on a state, branching at each edge it may take or leave: every
// state the step can make goes to `sink` with the edges decided on along its branch.  Two
// walkers run at once: the sweep's, and the probe that looks one step further (run()).
class Walker {
  public:
    Walker(const std::vector<int>& ops, const std::vector<uint8_t>& decided, const Model& model,
           size_t deepest)
        : ops(ops), decided(decided), model(model), stack(deepest + 1) {}

    State& start() { return stack[0]; }
    template <class Sink>
    void walk(size_t begin, size_t end, Sink& sink) {
        stop = end;
        step(begin, 0, sink);
    }

  private:
    const std::vector<int>& ops;
    const std::vector<uint8_t>& decided;
    const Model& model;
    std::vector<State> stack;  // never resized: step() holds references into it
    std::vector<int> chosen;   // the edges decided on along the current branch
    size_t stop = 0;

    template <class Sink>
    void step(size_t i, size_t depth, Sink& sink) {
        State& s = stack[depth];
        for (; i < stop; i += op_size(ops, i)) {
            int op = ops[i];
            if (op == ADD) {
                if (!model.add(s, ops[i + 2], ops[i + 3])) return;
            } else if (op == BLOCK) {
                if (!model.block(s, &ops[i + 2], ops[i + 1])) return;
            } else if (op == DROP) {
                if (!model.drop(s, ops[i + 1])) return;
            } else {
                int e = ops[i + 1];
                uint8_t fixed = decided.empty() ? 0 : decided[e];
                State& t = stack[depth + 1];
                if (fixed != 2) {  // on
                    t = s;
                    if (model.edge(t, ops[i + 2], ops[i + 3], true, ops[i + 4], ops[i + 5])) {
                        chosen.push_back(e);
                        step(i + 6, depth + 1, sink);
                        chosen.pop_back();
                    }
                }
                if (fixed == 1) return;
                // off: carry on with this state
                if (!model.edge(s, ops[i + 2], ops[i + 3], false, ops[i + 4], ops[i + 5]))
                    return;
            }
        }
        sink(s, chosen);
    }
};

}  // namespace

Result run(const std::vector<int>& ops, const std::vector<uint8_t>& decided,
           const Settings& settings) {
    check_ops(ops, decided.size(), settings.n_labels);
    using clock = std::chrono::steady_clock;
    const auto begun = clock::now();
    auto late = [&]() {
        return settings.seconds >= 0 &&
               std::chrono::duration<double>(clock::now() - begun).count() > settings.seconds;
    };
    Model model(settings);
    Memory memory;  // before every table that counts in it
    memory.bound = settings.max_bytes;
    Arena arena(memory);
    const std::vector<Step> steps = steps_of(ops);
    const size_t last = steps.size();  // the level after the last step
    size_t deepest = 0;  // edges in one step: the states the branching holds at once
    for (const Step& step : steps) {
        size_t edges = 0;
        for (size_t i = step.begin; i < step.end; i += op_size(ops, i)) edges += ops[i] == EDGE;
        deepest = std::max(deepest, edges);
    }
    // Level k holds the states after k steps.  A state whose next step leaves it only one way
    // on is not stored at its level: it is carried through that step at once and stored
    // further on (at most SKIP levels on), where it may meet others - what TdZdd's lookahead
    // does, and on a grid about half the states are such (a node already full leaves its
    // edge to the next one no choice).  So levels k + 1 .. k + SKIP + 1 are open while level
    // k is swept: a ring of tables.
    constexpr size_t SKIP = 6;
    constexpr size_t PROBE_PIECES = 8;  // numbers for the pieces of one probed step
    const bool carrying = settings.carry;
    // Carrying, the levels ahead each hold a table; without it, two tables take turns.
    const size_t RING = carrying ? SKIP + 2 : 2;
    std::vector<Level> ring(RING, Level(settings.keep, &memory));
    auto level_at = [&](size_t k) -> Level& { return ring[k % RING]; };
    std::vector<uint16_t> key;
    Result result;
    auto stop = [&](const char* ended) {
        result.ended = ended;
        result.peak_bytes = memory.peak;
        return result;
    };
    {
        Level& first = level_at(0);
        if (first.find_or_add(key) == Level::NO_ROOM) return stop("memory");
        first.count[0] = 1;
        if (settings.keep > 0) first.held[0] = 1, first.wit[0] = 0;
    }
    result.peak_states = 1;
    const int keep = settings.keep;
    size_t from = 0;
    size_t compacted = 1;
    Degrees degrees;
    Reach reach;
    size_t step_index = 0;  // the step being swept: level step_index is read

    // Whether the needs of `s` at level `k` (k >= 1) can still be completed.
    auto feasible = [&](const State& s, size_t k) {
        if (!degrees.active()) return true;
        uint64_t pattern = 0;
        for (int i = 0; i < s.w; ++i) pattern |= uint64_t(need_of(s.words[i])) << (2 * i);
        return degrees.feasible(k - 1, pattern);
    };

    // State `s` at level `target`, reached from entry `from` with the edges `chosen` on, goes
    // into that level; each witness kept grows by those edges.
    auto store = [&](const State& s, const std::vector<int>& chosen, size_t target) {
        Level& level = level_at(step_index);
        Level& next = level_at(target);
        model.encode(s, key);
        size_t j = next.find_or_add(key);
        if (j == Level::NO_ROOM || next.dead[j]) return;  // no room: the sweep stops (run())
        if (!next.count[j] && ((settings.planar && model.crosses(s)) ||
                               (settings.reach && reach.cut(s, target - 1, ONE_MORE, PIECE)))) {
            // judged once per state, not per merge: kept in the table, marked, never swept
            // (the planarity cut, then the reach cut)
            next.dead[j] = 1, ++next.dead_count;
            return;
        }
        uint64_t sum = next.count[j] + level.count[from];
        next.count[j] = std::min(sum, settings.limit);
        for (int k = 0; k < level.held[from] && next.held[j] < keep; ++k) {
            uint32_t w = level.wit[from * keep + k];
            for (int e : chosen)
                if (!arena.make(e, w, w)) return;
            next.wit[j * keep + next.held[j]++] = w;
        }
    };

    // The probe: the states one step makes from a state, the first kept, counting to two.
    Walker walker(ops, decided, model, deepest), probe(ops, decided, model, deepest);
    State carried, only;
    std::vector<int> carried_edges, only_edges;
    size_t made = 0, probed_level = 0;
    auto count_made = [&](const State& s, const std::vector<int>& chosen) {
        if (made >= 2 || !feasible(s, probed_level)) return;
        if (made++ == 0) only = s, only_edges = chosen;
    };
    // A state the sweep made (at level step_index + 1): stored there, or, while the next
    // step leaves it one way on, carried on first; dropped if that step leaves it none.
    auto advance = [&](const State& s, const std::vector<int>& chosen) {
        size_t k = step_index + 1;
        if (!feasible(s, k)) return;
        if (k == last || !carrying) return store(s, chosen, k);
        // The probe runs on the state as made, not renamed: the pieces each probed step makes
        // are numbered from their own offset (Model::add, decide), so none takes the number
        // of a piece a step before it made.
        const State* at = &s;
        for (; k < last && k <= step_index + SKIP; ++k) {
            made = 0, probed_level = k + 1;
            State& start = probe.start();
            start = *at;
            start.fresh = (int)(PROBE_PIECES * (k - step_index));
            probe.walk(steps[k].begin, steps[k].end, count_made);
            if (made == 0) return;
            if (made >= 2) break;
            if (keep) {
                if (at == &s) carried_edges = chosen;
                carried_edges.insert(carried_edges.end(), only_edges.begin(), only_edges.end());
            }
            std::swap(carried, only);
            at = &carried;
        }
        store(*at, at == &s ? chosen : carried_edges, k);
    };

    if (settings.reach) reach.build(ops, steps, decided, settings.n_labels);
    if (settings.lookahead) {
        std::vector<StepSpan> spans;
        for (const Step& step : steps) spans.push_back({step.begin, step.end, step.width});
        // a quarter of the bound at most (none without a bound), held through the sweep
        degrees.build(ops, spans, decided, settings.fill, settings.max_bytes / 4, late);
        memory.take(degrees.peak_bytes());
        memory.give(degrees.peak_bytes() - degrees.bytes());
        result.lookahead_patterns = degrees.patterns();
        result.lookahead = degrees.active();
    }
    for (; step_index < last; ++step_index) {
        if (late()) return stop("timeout");
        const Step& step = steps[step_index];
        Level& level = level_at(step_index);
        for (from = 0; from < level.size(); ++from) {
            if ((from & 4095) == 4095 && late()) return stop("timeout");
            if (level.dead[from]) continue;
            State& s = walker.start();
            s.w = step.width;
            s.fresh = 0;
            s.words.assign(level.key(from), level.key(from) + level.key_length(from));
            walker.walk(step.begin, step.end, advance);
            if (memory.over) {
                result.peak_states = std::max<uint64_t>(result.peak_states,
                                                        level_at(step_index + 1).size());
                return stop("memory");
            }
        }
        // level step_index is done with: it becomes level step_index + RING (carrying, its
        // memory goes back: a ring of tables each kept at the widest level it ever held
        // would take several times the memory of two)
        if (carrying) level.release();
        else level.clear();
        Level& next = level_at(step_index + 1);
        result.peak_states = std::max<uint64_t>(result.peak_states, next.size());
        result.sizes.push_back(next.size() - next.dead_count);
        if (keep && arena.size() > 4 * compacted + (1u << 20)) {
            size_t witnesses = 0;
            for (Level& l : ring)
                for (size_t i = 0; i < l.size(); ++i) witnesses += l.held[i];
            std::vector<uint32_t> roots;
            if (!fit(roots, witnesses, memory)) return stop("memory");
            for (Level& l : ring)
                for (size_t i = 0; i < l.size(); ++i)
                    for (int h = 0; h < l.held[i]; ++h) roots.push_back(l.wit[i * keep + h]);
            if (!arena.compact(roots)) return stop("memory");
            size_t k = 0;
            for (Level& l : ring)
                for (size_t i = 0; i < l.size(); ++i)
                    for (int h = 0; h < l.held[i]; ++h) l.wit[i * keep + h] = roots[k++];
            free_all(roots, memory);
            compacted = arena.size();
        }
    }
    stop("complete");
    Level& final_level = level_at(last);
    if (final_level.size() == 1) {
        result.count = final_level.count[0];
        for (int k = 0; k < final_level.held[0]; ++k)
            result.edge_sets.push_back(arena.edges(final_level.wit[k]));
    }
    return result;
}

}  // namespace frontier
