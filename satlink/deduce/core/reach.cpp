// The global techniques (satlink/deduce/reach.py, compiled): a graph search per colour whose
// candidate graph changed since the technique last looked at it.
#include "engine.hpp"

namespace satlink {

namespace {

// colours whose path is not finished and whose candidate graph changed since the technique
// (seen: its stamps) last looked
std::vector<int> due(const State& st, const std::vector<long>& seen) {
    std::vector<int> out;
    for (int k = 0; k < st.p->k; ++k) {
        const auto& ends = st.p->ends[k];
        if (st.seg[ends.first] != st.seg[ends.second] && seen[k] != st.stamp_of(k)) out.push_back(k);
    }
    return out;
}

Contradiction unreachable(int k, const std::pair<int, int>& ends, std::vector<uint8_t> reached) {
    Contradiction c = located("unreachable", {ends.first, ends.second}, {}, k);
    c.has_reached = true;
    c.reached = std::move(reached);
    return c;
}

}  // namespace

int region(State& st) {
    const Puzzle& P = *st.p;
    int steps = 0;
    if (!st.counting) st.start_counting();
    std::vector<int>& stack = st.stack;
    for (int k : due(st, st.seen_region)) {
        // a search per colour: with many colours the pass is long, so the limits are looked
        // at for each one
        if (st.limits != nullptr) st.limits->check();
        const auto& ends = P.ends[k];
        const uint32_t g = st.next_generation();
        std::vector<uint32_t>& seen = st.mark;
        seen[ends.first] = g;
        stack.assign(1, ends.first);
        const long reached = st.with_carries(k, [&](auto carries) {
            long count = 1;  // the first endpoint always carries its colour
            while (!stack.empty()) {
                const int x = stack.back();
                stack.pop_back();
                for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i) {
                    const int y = P.inc_other[i];
                    if (seen[y] != g && st.es[P.inc_edge[i]] != OFF && carries(y)) {
                        seen[y] = g;
                        ++count;
                        stack.push_back(y);
                    }
                }
            }
            return count;
        });
        if (seen[ends.second] != g) {
            std::vector<uint8_t> reached(P.n);
            for (int x = 0; x < P.n; ++x) reached[x] = seen[x] == g;
            throw unreachable(k, ends, std::move(reached));
        }
        bool moved = false;
        if (reached < st.carriers_of(k)) {  // else every node that may carry k was reached
            for (int x : P.nodes) {
                // restrict_without starts no search, so the marks stay valid through the loop
                if (seen[x] != g && st.has_bit(x, k)) {
                    st.restrict_without(x, k);
                    moved = true;
                }
            }
        }
        steps += moved;
        st.remember(st.seen_region[k]);
        st.seen_region[k] = st.stamp_of(k);
    }
    return steps;
}

namespace {

struct Frame {
    int x, i;
};

struct Block {
    int cut, child;
    std::vector<int> nodes;
};

// Keep colour k inside the blocks (biconnected components) between its endpoints; the cut
// nodes and bridges on the way take it.  The depth-first search walks the incidences in the
// order Python's does, so the blocks, and the order their consequences are applied in, agree.
int one_bottleneck(State& st, int k) {
    const Puzzle& P = *st.p;
    const int n = P.n;
    const int a = P.ends[k].first, b = P.ends[k].second;
    std::vector<int> disc(n, -1), low(n, 0), parent(n, -1), via(n, -1);
    std::vector<Block> blocks;
    std::vector<int> stack;
    disc[a] = low[a] = 0;
    int time = 1;
    std::vector<Frame> work{{a, 0}};
    stack.push_back(a);
    // has_bit(y, k), its form chosen here rather than at each step
    const bool lists = P.sparse;
    const uint64_t* words = st.col.data();
    const int w = P.words, word = k >> 6;
    const uint64_t mask = uint64_t(1) << (k & 63);
    while (!work.empty()) {
        const int x = work.back().x;
        int i = work.back().i;
        const int end = P.inc_start[x + 1] - P.inc_start[x];
        bool advanced = false;
        while (i < end) {
            const int at = P.inc_start[x] + i;
            const int e = P.inc_edge[at], y = P.inc_other[at];
            ++i;
            const bool carries = lists ? st.has_bit(y, k)
                                       : (words[(size_t)st.seg[y] * w + word] & mask) != 0;
            if (st.es[e] == OFF || !carries) continue;
            if (disc[y] < 0) {
                work.back().i = i;
                disc[y] = low[y] = time++;
                parent[y] = x;
                via[y] = e;
                stack.push_back(y);
                work.push_back({y, 0});
                advanced = true;
                break;
            }
            if (y != parent[x] && disc[y] < low[x]) low[x] = disc[y];
        }
        if (advanced) continue;
        work.pop_back();
        if (!work.empty()) {
            const int px = work.back().x;
            if (low[x] < low[px]) low[px] = low[x];
            if (low[x] >= disc[px]) {
                Block block{px, x, {}};
                while (true) {
                    const int z = stack.back();
                    stack.pop_back();
                    block.nodes.push_back(z);
                    if (z == x) break;
                }
                blocks.push_back(std::move(block));
            }
        }
    }
    if (disc[b] < 0) {
        std::vector<uint8_t> reached(n);
        for (int x = 0; x < n; ++x) reached[x] = disc[x] >= 0;
        throw unreachable(k, P.ends[k], std::move(reached));
    }
    std::vector<uint8_t> on_path(n, 0), allowed(n, 0);
    for (int z = b; z != a; z = parent[z]) on_path[z] = 1;
    std::vector<int> cuts, bridges;
    for (const Block& block : blocks) {
        if (!on_path[block.child]) continue;
        allowed[block.cut] = 1;
        for (int z : block.nodes) allowed[z] = 1;
        if (block.cut != a) cuts.push_back(block.cut);
        if (block.nodes.size() == 1) bridges.push_back(via[block.child]);
    }
    bool moved = false;
    for (int x : P.nodes) {
        if (!allowed[x] && st.has_bit(x, k)) {
            st.restrict_without(x, k);
            moved = true;
        }
    }
    for (int x : cuts) moved = st.restrict_only(x, k) || moved;
    for (int e : bridges) moved = st.set_on(e) || moved;
    return moved ? 1 : 0;
}

}  // namespace

int bottleneck(State& st) {
    const Puzzle& P = *st.p;
    int steps = 0;
    for (int k : due(st, st.seen_bottleneck)) {
        if (st.limits != nullptr) st.limits->check();  // as region: a search per colour
        if (st.seg[P.ends[k].first] == st.seg[P.ends[k].second]) continue;
        steps += one_bottleneck(st, k);
        st.remember(st.seen_bottleneck[k]);
        st.seen_bottleneck[k] = st.stamp_of(k);
    }
    return steps;
}

}  // namespace satlink
