// The local techniques (satlink/deduce/local.py, compiled): each looks only at the nodes that
// changed since it last ran.
#include "engine.hpp"

#include <algorithm>

namespace satlink {

int forced(State& st) {
    const Puzzle& P = *st.p;
    int steps = 0;
    while (!st.queue_empty()) {
        // a forced pass on a huge board can run a second: the deadline is looked at within it
        if ((++st.pops & 0xFFFF) == 0 && st.limits != nullptr) st.limits->check();
        const int x = st.pop();
        bool moved = false;
        int needed = st.need(x);
        const int on = st.on[x], unk = st.unk[x];
        if (needed < 0 && unk < 2) {  // (without fill) too few ways to be on a path: empty
            moved = P.sparse ? st.restrict_set(x, P.unused_set)
                             : st.restrict_mask(x, P.unused.data());
            needed = 0;
        }
        if (needed >= 0) {
            if (on > needed || on + unk < needed)
                throw located(on > needed ? "too-many" : "no-way", {x});
            if (unk && on == needed) {
                for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i)
                    if (st.es[P.inc_edge[i]] == UNKNOWN) st.set_off(P.inc_edge[i]);
                moved = true;
            } else if (unk && on + unk == needed) {
                for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i)
                    if (st.es[P.inc_edge[i]] == UNKNOWN) st.set_on(P.inc_edge[i]);
                moved = true;
            }
        }
        if (st.unk[x]) {
            const int sx = st.seg[x];
            for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i) {
                const int e = P.inc_edge[i], y = P.inc_other[i];
                if (st.es[e] == UNKNOWN && (st.seg[y] == sx || !st.share_colour(x, y))) {
                    st.set_off(e);
                    moved = true;
                }
            }
        }
        if (moved) ++steps;
    }
    return steps;
}

int corner(State& st) {
    const Puzzle& P = *st.p;
    if (!P.notouch) return 0;
    int steps = 0;
    std::vector<int> inside;
    for (int x : st.changed(0)) {
        if (st.on[x] != 2 || P.end_label[x] >= 0) continue;
        int bend[2], found = 0;
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1] && found < 2; ++i)
            if (st.es[P.inc_edge[i]] == ON) bend[found++] = P.inc_other[i];
        const int n1 = bend[0], n2 = bend[1];
        inside.clear();  // neighbours of both ends of the bend but x, ascending
        const int* other = P.inc_other.data();  // the neighbours, as Puzzle::nb holds them
        std::set_intersection(other + P.inc_start[n1], other + P.inc_start[n1 + 1],
                              other + P.inc_start[n2], other + P.inc_start[n2 + 1],
                              std::back_inserter(inside));
        bool moved = false;
        for (int d : inside) {
            if (d == x) continue;
            for (int i = P.inc_start[d]; i < P.inc_start[d + 1]; ++i) {
                const int y = P.inc_other[i];
                if ((y == n1 || y == n2) && st.es[P.inc_edge[i]] == UNKNOWN) {
                    st.set_off(P.inc_edge[i]);
                    moved = true;
                }
            }
        }
        steps += moved;
    }
    return steps;
}

// No block lies on one path: if all but one of its nodes carry colour c, the last does not.
static int block_rule(State& st, int index) {
    const Puzzle& P = *st.p;
    const std::vector<int>& block = P.blocks[index];
    const size_t size = block.size();
    std::vector<int> known(size);  // each node's one colour before any change, or -1
    std::vector<int> singles;
    for (size_t j = 0; j < size; ++j) {
        int bit = known[j] = st.single_colour(block[j]);
        if (bit >= 0 && bit < P.k) singles.push_back(bit);
    }
    std::sort(singles.begin(), singles.end());  // Python: sorted(set(known)), colours only
    singles.erase(std::unique(singles.begin(), singles.end()), singles.end());
    for (int c : singles) {
        int others = 0, other = -1;
        for (size_t j = 0; j < size; ++j) {
            if (known[j] != c) {
                ++others;
                other = block[j];
            }
        }
        if (!others) throw located("block", block, {}, c);
        if (others == 1 && st.has_bit(other, c)) {
            st.restrict_without(other, c);
            return 1;
        }
    }
    return 0;
}

int notouch(State& st) {
    const Puzzle& P = *st.p;
    const std::vector<int> changed = st.changed(1);
    int steps = 0;
    if (P.notouch) {
        for (int x : changed) {
            // both sides' colours as they are before each edge's consequences: x's read once
            // and again after each step (only a step changes a colour set), y's where a rule
            // asks for it (x's colour known, or the edge closed)
            int bx = st.single_colour(x);
            for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i) {
                const int e = P.inc_edge[i], y = P.inc_other[i];
                const uint8_t state = st.es[e];
                if (state == ON) continue;
                const bool known = bx >= 0 && bx < P.k;
                if (state == UNKNOWN) {
                    if (known && st.single_colour(y) == bx) {
                        st.set_on(e);
                    } else if ((st.on[x] || st.on[y]) && st.would_touch(e)) {
                        st.set_off(e);
                    } else {
                        continue;
                    }
                    ++steps;
                    bx = st.single_colour(x);
                    continue;
                }
                const int by = st.single_colour(y);
                if (known && bx == by) throw located("split", {x, y}, {e}, bx);
                // beside a closed edge, a known colour is ruled out of the other side
                const int pairs[2][2] = {{y, bx}, {x, by}};
                for (const auto& pair : pairs) {
                    const int v = pair[0], bit = pair[1];
                    if (bit >= 0 && bit < P.k && st.has_bit(v, bit)) {
                        st.restrict_without(v, bit);
                        ++steps;
                        bx = st.single_colour(x);
                    }
                }
            }
        }
    }
    if (!P.blocks.empty()) {
        for (int x : changed)
            for (int j = P.block_start[x]; j < P.block_start[x + 1]; ++j)
                steps += block_rule(st, P.block_of[j]);
    }
    return steps;
}

bool finished(State& st) {
    if (!st.complete()) return false;
    for (size_t i = 0; i < st.p->blocks.size(); ++i) block_rule(st, (int)i);
    return true;
}

}  // namespace satlink
