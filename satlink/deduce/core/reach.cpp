// The global techniques (satlink/deduce/reach.py, compiled): a graph search per colour whose
// candidate graph changed since the technique last looked at it.
#include "engine.hpp"

#include <stdexcept>

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

namespace {

// Whether colour k's candidate graph (the nodes that may carry k, joined by edges not off) is
// still one connected piece, shown from the cuts since region last left it so (false: not
// shown; region then searches).  Why it suffices: any two nodes that carry k now were joined
// by a path in the piece as it was.  Where the path breaks now, it crosses an edge turned off
// (both ends still carrying k: a break of two terminals, the edge's ends) or runs through
// nodes that lost k: those lie in chains that carry k no more (the chain of each cut node),
// and a run of them lies in one cluster of such chains (joined by any edge of the board),
// every neighbour of which that still carries k is a terminal of that cluster's break.  The
// path's nodes on either side of a break are terminals of that break; so if the terminals of
// every break are joined to one another in the graph as it is now, every break is bridged
// and the piece is whole.  The breaks are bridged by one breadth-first search from every
// terminal at once (terminals of one break are near one another, so their searches meet
// soon); where two searches meet, their terminals are joined in a union-find.  Gives up once
// the search has visited as many nodes as region's own search would.
template <class Carries>
bool still_whole(State& st, int k, Carries carries) {
    const Puzzle& P = *st.p;
    const long from = st.seen_cuts[k];
    const long carriers = st.carriers_of(k);
    if (from < 0 || st.cuts - from > 2 * carriers + 16) return false;
    const int w = P.words, word = k >> 6;
    const uint64_t bit = uint64_t(1) << (k & 63);
    const uint32_t g = st.next_generation2();
    std::vector<uint32_t>& terminal = st.mark2;  // nodes: a terminal (slot: its index)
    std::vector<uint32_t>& lost = st.mark3;      // chains (by id) that lost k: a cluster's
    RegionScratch& r = st.region_scratch;
    r.terminals.clear();
    r.group_start.assign(1, 0);
    r.group.clear();  // terminals of each break, by index, break after break
    r.chains.clear();
    auto index_of = [&](int y) {
        if (terminal[y] != g) {
            terminal[y] = g;
            r.slot[y] = (int)r.terminals.size();
            r.terminals.push_back(y);
        }
        return r.slot[y];
    };
    if (r.slot.size() != (size_t)P.n) r.slot.assign(P.n, 0);
    for (long i = from; i < st.cuts; ++i) {
        if (!(st.cut_colours[(size_t)i * w + word] & bit)) continue;
        const int at = st.cut_at[i];
        if (at < 0) {
            const int a = P.ea[~at], b = P.eb[~at];
            if (carries(a) && carries(b)) {  // else a node that lost k: its cluster's break
                r.group.push_back(index_of(a));
                r.group.push_back(index_of(b));
                r.group_start.push_back((int)r.group.size());
            }
            continue;
        }
        const int chain = st.seg[at];
        if (lost[chain] != g) {
            lost[chain] = g;
            r.chains.push_back(chain);
        }
    }
    // the clusters of chains that lost k; ``lost`` becomes g + 1 once a chain is in one
    // (generation2 advances by two, so g + 1 is no later call's mark)
    std::vector<int>& todo = st.stack;
    for (int first : r.chains) {
        if (lost[first] != g) continue;
        lost[first] = g + 1;
        todo.assign(1, first);
        while (!todo.empty()) {
            const int chain = todo.back();
            todo.pop_back();
            st.along(st.end1[chain], [&](int z) {
                for (int j = P.nb_start[z]; j < P.nb_start[z + 1]; ++j) {
                    const int y = P.nb[j];
                    const int other = st.seg[y];
                    if (lost[other] == g) {
                        lost[other] = g + 1;
                        todo.push_back(other);
                    } else if (lost[other] != g + 1 && carries(y)) {
                        r.group.push_back(index_of(y));
                    }
                }
                return true;
            });
        }
        r.group_start.push_back((int)r.group.size());
        if ((long)r.terminals.size() > carriers / 2) return false;
    }
    // terminals may repeat within a break (a node beside two nodes of a cluster): harmless
    const size_t count = r.terminals.size();
    if (count <= 1) return true;
    r.parent.resize(count);
    r.size.assign(count, 1);
    for (size_t i = 0; i < count; ++i) r.parent[i] = (int)i;
    auto find = [&](int i) {
        while (r.parent[i] != i) i = r.parent[i] = r.parent[r.parent[i]];
        return i;
    };
    const size_t breaks = r.group_start.size() - 1;
    // the first break not known bridged, and its first terminal not known joined to the
    // break's first (joins only join: what is known joined stays so)
    size_t open = 0;
    int member = r.group_start[0] + 1;
    auto bridge = [&] {
        for (; open < breaks; ++open, member = r.group_start[open] + 1) {
            const int begin = r.group_start[open], end = r.group_start[open + 1];
            const int root = find(r.group[begin]);
            for (; member < end; ++member)
                if (find(r.group[member]) != root) return false;
        }
        return true;
    };
    if (bridge()) return true;
    // one breadth-first search from every terminal at once, each node owned by the terminal
    // whose search reached it first; where two searches meet, their terminals are joined
    const uint32_t h = st.next_generation();
    std::vector<uint32_t>& seen = st.mark;
    std::vector<int>& queue = st.queue_scratch;
    if (r.owner.size() != (size_t)P.n) r.owner.assign(P.n, 0);
    queue.clear();
    for (size_t t = 0; t < count; ++t) {
        const int x = r.terminals[t];
        seen[x] = h;
        r.owner[x] = (int)t;
        queue.push_back(x);
    }
    long budget = carriers;
    for (size_t head = 0; head < queue.size(); ++head) {
        const int x = queue[head];
        const int from_x = r.owner[x];
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i) {
            const int y = P.inc_other[i];
            if (st.es[P.inc_edge[i]] == OFF || !carries(y)) continue;
            if (seen[y] == h) {
                if (r.owner[y] == from_x) continue;  // the same search (most often)
                int a = find(from_x), b = find(r.owner[y]);
                if (a != b) {
                    if (r.size[a] < r.size[b]) std::swap(a, b);
                    r.parent[b] = a;
                    r.size[a] += r.size[b];
                    if (bridge()) return true;
                }
                continue;
            }
            seen[y] = h;
            r.owner[y] = from_x;
            if (--budget < 0) return false;
            queue.push_back(y);
        }
    }
    return false;  // a terminal is cut off: region's search says what follows
}

}  // namespace

int region(State& st) {
    const Puzzle& P = *st.p;
    int steps = 0;
    if (!st.counting) st.start_counting();
    std::vector<int>& stack = st.stack;
    const bool memory = st.region_memory && !P.sparse;
    for (int k : due(st, st.seen_region)) {
        // a search per colour: with many colours the pass is long, so the limits are looked
        // at for each one
        if (st.limits != nullptr) st.limits->check();
        const auto& ends = P.ends[k];
        const bool whole =
            memory && st.with_carries(k, [&](auto carries) { return still_whole(st, k, carries); });
        bool moved = false;
        st.region_skipped += whole;
        if (!whole || st.region_verify) {
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
            if (whole && (seen[ends.second] != g || reached < st.carriers_of(k)))
                throw std::logic_error("region: a colour shown whole from its cuts is not");
            if (seen[ends.second] != g) {
                std::vector<uint8_t> reached_nodes(P.n);
                for (int x = 0; x < P.n; ++x) reached_nodes[x] = seen[x] == g;
                throw unreachable(k, ends, std::move(reached_nodes));
            }
            if (reached < st.carriers_of(k)) {  // else every node that may carry k was reached
                for (int x : P.nodes) {
                    // restrict_without starts no search, so the marks stay valid through the loop
                    if (seen[x] != g && st.has_bit(x, k)) {
                        st.restrict_without(x, k);
                        moved = true;
                    }
                }
            }
        }
        steps += moved;
        st.remember(st.seen_region[k]);
        st.seen_region[k] = st.stamp_of(k);
        if (memory) {  // k's candidate graph is one piece now: its cuts are read from here
            if (st.region_plant != 2) st.remember(st.seen_cuts[k]);
            st.seen_cuts[k] = st.cuts;
        }
    }
    return steps;
}

namespace {

// Keep colour k inside the blocks (biconnected components) between its endpoints; the cut
// nodes and bridges on the way take it.  The depth-first search walks the incidences in the
// order Python's does, so the blocks, and the order their consequences are applied in, agree.
// Its arrays are the state's scratch (BottleneckScratch), marked by generation rather than
// cleared, and the blocks are kept flat: a search per colour allocates nothing.
int one_bottleneck(State& st, int k) {
    const Puzzle& P = *st.p;
    const int n = P.n;
    const int a = P.ends[k].first, b = P.ends[k].second;
    BottleneckScratch& r = st.bottleneck_scratch;
    if (r.disc.size() != (size_t)n) {
        r.disc.assign(n, 0);
        r.low.assign(n, 0);
        r.parent.assign(n, -1);
        r.via.assign(n, -1);
    }
    std::vector<int>&disc = r.disc, &low = r.low, &parent = r.parent, &via = r.via;
    const uint32_t g = st.next_generation();
    std::vector<uint32_t>& found = st.mark;  // found[y] == g: y was discovered (disc valid)
    r.block_cut.clear();
    r.block_child.clear();
    r.block_nodes.clear();
    r.block_start.assign(1, 0);
    std::vector<int>& stack = r.stack;
    stack.clear();
    found[a] = g;
    disc[a] = low[a] = 0;
    parent[a] = -1;
    via[a] = -1;
    int time = 1;
    std::vector<std::pair<int, int>>& work = r.work;  // (node, next incidence)
    work.assign(1, {a, 0});
    stack.push_back(a);
    // has_bit(y, k), its form chosen here rather than at each step
    const bool lists = P.sparse;
    const uint64_t* words = st.col.data();
    const int w = P.words, word = k >> 6;
    const uint64_t mask = uint64_t(1) << (k & 63);
    const int* inc_edge = P.inc_edge.data();
    const int* inc_other = P.inc_other.data();
    const uint8_t* es = st.es.data();
    const int* seg = st.seg.data();
    while (!work.empty()) {
        const int x = work.back().first;
        // work.back().second counts from x's first incidence; i walks the incidences
        int i = P.inc_start[x] + work.back().second;
        const int end = P.inc_start[x + 1];
        bool advanced = false;
        while (i < end) {
            const int e = inc_edge[i], y = inc_other[i];
            ++i;
            if (es[e] == OFF) continue;
            // a node found carries k (the colours do not change during the search), so only
            // a node not found yet is asked whether it carries k
            if (found[y] == g) {
                if (y != parent[x] && disc[y] < low[x]) low[x] = disc[y];
                continue;
            }
            const bool carries = lists ? st.has_bit(y, k)
                                       : (words[(size_t)seg[y] * w + word] & mask) != 0;
            if (!carries) continue;
            work.back().second = i - P.inc_start[x];
            found[y] = g;
            disc[y] = low[y] = time++;
            parent[y] = x;
            via[y] = e;
            stack.push_back(y);
            work.push_back({y, 0});
            advanced = true;
            break;
        }
        if (advanced) continue;
        work.pop_back();
        if (!work.empty()) {
            const int px = work.back().first;
            if (low[x] < low[px]) low[px] = low[x];
            if (low[x] >= disc[px]) {
                r.block_cut.push_back(px);
                r.block_child.push_back(x);
                while (true) {
                    const int z = stack.back();
                    stack.pop_back();
                    r.block_nodes.push_back(z);
                    if (z == x) break;
                }
                r.block_start.push_back((int)r.block_nodes.size());
            }
        }
    }
    if (found[b] != g) {
        std::vector<uint8_t> reached(n);
        for (int x = 0; x < n; ++x) reached[x] = found[x] == g;
        throw unreachable(k, P.ends[k], std::move(reached));
    }
    const uint32_t h = st.next_generation2();
    std::vector<uint32_t>&on_path = st.mark2, &allowed = st.mark3;  // == h: on the path, allowed
    for (int z = b; z != a; z = parent[z]) on_path[z] = h;
    std::vector<int>&cuts = r.cuts, &bridges = r.bridges;
    cuts.clear();
    bridges.clear();
    long kept = 0;  // the nodes allowed k (each carries it: the search reached it)
    for (size_t i = 0; i < r.block_cut.size(); ++i) {
        const int child = r.block_child[i], cut = r.block_cut[i];
        if (on_path[child] != h) continue;
        kept += allowed[cut] != h;
        allowed[cut] = h;
        const int begin = r.block_start[i], end = r.block_start[i + 1];
        for (int j = begin; j < end; ++j) {  // (a cut node is in two blocks: counted once)
            const int z = r.block_nodes[j];
            kept += allowed[z] != h;
            allowed[z] = h;
        }
        if (cut != a) cuts.push_back(cut);
        if (end - begin == 1) bridges.push_back(via[child]);
    }
    bool moved = false;
    // once counting, the carriers of k are counted: if every one is allowed, none is ruled out
    if (!st.counting || kept < st.carriers_of(k)) {
        for (int x : P.nodes) {
            if (allowed[x] != h && st.has_bit(x, k)) {
                st.restrict_without(x, k);
                moved = true;
            }
        }
    }
    // set_on below may throw, and restrict_only starts no search: the lists are read whole
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
