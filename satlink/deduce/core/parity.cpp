// The chessboard count on the search's state (satlink/deduce/shades.py, compiled): a state that
// ``fill`` cannot complete, found by degrees alone in one pass over the undecided part.
//
// Under fill every node's remaining need r(x) (1 at an endpoint, 2 elsewhere, less the path
// edges it has) is known.  A completion adds undecided edges joining nodes with r > 0 only, and
// gives each node exactly r(x) of them: every added edge lies in one component C of H (the
// nodes with r > 0 and the undecided edges between them).  Each added edge has one end of each
// shade where C is bipartite, so C's dark nodes' needs sum to its light nodes' (the handshake
// count); where C has an odd cycle, the needs still sum to twice the added edges, an even
// number.  A component where that fails has no completion: a contradiction.  It decides no
// edge (it only refutes).  Turning an edge on lowers the needs of one node of each shade, so
// over the whole undecided part the count never changes from the board's own (the whole-board
// count of satlink/deduce/parity.py): it fires only where the paths cut off a part out of
// balance, which the other passes do not see (benchmarks/README.md measures how often).
#include "engine.hpp"

#include <algorithm>

namespace satlink {

std::atomic<int> parity_plant{0};

namespace {
// x's remaining need under fill (or, with a planted bug, what that bug counts instead)
int remaining(const State& st, int x, int plant) {
    if (plant == 2) return st.need(x);  // spent nodes counted (the path edges forgotten)
    return st.need(x) - st.on[x];
}
}  // namespace

int parity(State& st) {
    const Puzzle& P = *st.p;
    if (!P.fill) return 0;  // without fill a node's need is not known: the count says nothing
    const int plant = parity_plant.load(std::memory_order_relaxed);  // read once a pass
    // two generations of the mark: a node seen is dark or light, the rest unseen
    const uint32_t dark = st.next_generation();
    const uint32_t light = st.next_generation();
    std::vector<int>& part = st.queue_scratch;
    for (int start : P.nodes) {
        if (remaining(st, start, plant) <= 0) continue;
        if (st.mark[start] == dark || st.mark[start] == light) continue;
        st.mark[start] = dark;
        part.clear();
        part.push_back(start);
        long signed_sum = 0, sum = 0;
        bool bipartite = true;
        for (size_t head = 0; head < part.size(); ++head) {
            const int x = part[head];
            const uint32_t shade = st.mark[x];
            const int r = remaining(st, x, plant);
            const bool flip = plant == 1 && r == 1;  // planted: an end's shade flipped
            signed_sum += (shade == dark) != flip ? r : -r;
            sum += r;
            for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i) {
                if (st.es[P.inc_edge[i]] != UNKNOWN) continue;
                const int y = P.inc_other[i];
                if (remaining(st, y, plant) <= 0) continue;
                const uint32_t seen = st.mark[y];
                if (seen != dark && seen != light) {
                    st.mark[y] = shade == dark ? light : dark;
                    part.push_back(y);
                } else if (seen == shade) {
                    bipartite = false;
                }
            }
        }
        if (bipartite ? signed_sum != 0 : sum % 2 != 0) {
            std::vector<int> nodes(part.begin(), part.end());
            std::sort(nodes.begin(), nodes.end());
            throw located("parity", std::move(nodes));
        }
    }
    return 0;
}

}  // namespace satlink
