// The state of a partly solved board (satlink/deduce/state.py, compiled): edge states, chains
// and colour sets, with the change log the local passes read and the stamps the global ones do.
#include "engine.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <time.h>

namespace satlink {

using bits::any;
using bits::equal;
using bits::single;

namespace sparse {

namespace {
// the members of the universe not listed
std::vector<int> complement(const std::vector<int>& items, int universe) {
    std::vector<int> out;
    out.reserve(universe - items.size());
    size_t j = 0;
    for (int b = 0; b < universe; ++b) {
        if (j < items.size() && items[j] == b) {
            ++j;
            continue;
        }
        out.push_back(b);
    }
    return out;
}
}  // namespace

void normal(Sparse& s, int universe) {
    // the listed form holds at most half the universe; the other form, more than half
    const size_t n = s.items.size();
    const bool flip = s.but ? 2 * n >= (size_t)universe : 2 * n > (size_t)universe;
    if (flip) {
        s.items = complement(s.items, universe);
        s.but = !s.but;
    }
}

bool has(const Sparse& s, int bit) {
    return std::binary_search(s.items.begin(), s.items.end(), bit) != s.but;
}

long count(const Sparse& s, int universe) {
    return s.but ? universe - (long)s.items.size() : (long)s.items.size();
}

int single(const Sparse& s, int universe) {
    if (count(s, universe) != 1) return -1;
    if (!s.but) return s.items[0];
    for (int b = 0; b < universe; ++b)
        if (!std::binary_search(s.items.begin(), s.items.end(), b)) return b;
    return -1;
}

Sparse meet(const Sparse& a, const Sparse& b, int universe) {
    Sparse out;
    auto into = std::back_inserter(out.items);
    if (a.but && b.but) {
        out.but = true;
        std::set_union(a.items.begin(), a.items.end(), b.items.begin(), b.items.end(), into);
    } else if (!a.but && !b.but) {
        std::set_intersection(a.items.begin(), a.items.end(), b.items.begin(), b.items.end(),
                              into);
    } else {
        const Sparse& listed = a.but ? b : a;
        const Sparse& other = a.but ? a : b;
        std::set_difference(listed.items.begin(), listed.items.end(), other.items.begin(),
                            other.items.end(), into);
    }
    normal(out, universe);
    return out;
}

Sparse minus(const Sparse& a, const Sparse& b, int universe) {
    return meet(a, Sparse{!b.but, b.items}, universe);
}

bool meets(const Sparse& a, const Sparse& b, int universe, int skip) {
    // whether a & b holds a member other than ``skip`` (-1: none skipped), without making it
    auto counts = [&](int x) { return x != skip; };
    if (!a.but && !b.but) {
        auto i = a.items.begin(), j = b.items.begin();
        while (i != a.items.end() && j != b.items.end()) {
            if (*i < *j) {
                ++i;
            } else if (*j < *i) {
                ++j;
            } else {
                if (counts(*i)) return true;
                ++i;
                ++j;
            }
        }
        return false;
    }
    if (a.but != b.but) {
        const Sparse& listed = a.but ? b : a;
        const Sparse& other = a.but ? a : b;
        for (int x : listed.items)
            if (counts(x) && !std::binary_search(other.items.begin(), other.items.end(), x))
                return true;
        return false;
    }
    // both "all but": they share what neither lists (and is not skipped)
    long listed = 0;
    bool skip_listed = skip < 0;
    auto i = a.items.begin(), j = b.items.begin();
    while (i != a.items.end() || j != b.items.end()) {
        int x;
        if (j == b.items.end() || (i != a.items.end() && *i < *j)) {
            x = *i++;
        } else if (i == a.items.end() || *j < *i) {
            x = *j++;
        } else {
            x = *i++;
            ++j;
        }
        ++listed;
        if (x == skip) skip_listed = true;
    }
    return listed + (skip_listed ? 0 : 1) < universe;
}

bool meets(const Sparse& a, const Sparse& b, int universe) { return meets(a, b, universe, -1); }

}  // namespace sparse

std::vector<uint64_t> words_of(const Sparse& s, const Puzzle& P) {
    std::vector<uint64_t> out(P.words, 0);
    if (s.but)
        for (int i = 0; i < P.words; ++i) out[i] = P.colours[i] | P.unused[i];
    for (int b : s.items) {
        if (s.but)
            out[b >> 6] &= ~(uint64_t(1) << (b & 63));
        else
            out[b >> 6] |= uint64_t(1) << (b & 63);
    }
    return out;
}

Sparse sparse_of(const uint64_t* words, const Puzzle& P) {
    Sparse out;
    for (int i = 0; i < P.words; ++i) {
        uint64_t bits = words[i] & (P.colours[i] | P.unused[i]);
        while (bits) {
            out.items.push_back(i * 64 + __builtin_ctzll(bits));
            bits &= bits - 1;
        }
    }
    sparse::normal(out, P.universe);
    return out;
}

std::vector<uint64_t> Change::removed_words(const Puzzle& P) const {
    return P.sparse ? words_of(removed_sparse, P) : removed;
}

std::vector<uint64_t> Change::left_words(const Puzzle& P) const {
    return P.sparse ? words_of(left_sparse, P) : left;
}

namespace {
// SATLINK_SPARSE_COLOURS=1: sets as lists on every board, =0: as words on every board (the
// tests and benchmarks compare the two); otherwise as lists above DENSE_COLOURS colours
bool sparse_for(int colours) {
    const char* chosen = std::getenv("SATLINK_SPARSE_COLOURS");
    if (chosen != nullptr && chosen[0] == '1' && chosen[1] == 0) return true;
    if (chosen != nullptr && chosen[0] == '0' && chosen[1] == 0) return false;
    return colours > DENSE_COLOURS;
}
}  // namespace

double monotonic_now() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void Puzzle::build(int n_nodes, std::vector<int> open, std::vector<int> a, std::vector<int> b,
                   std::vector<std::pair<int, int>> endpoints, bool fill_, bool notouch_,
                   std::vector<std::vector<int>> blocks_) {
    n = n_nodes;
    nodes = std::move(open);
    ea = std::move(a);
    eb = std::move(b);
    ends = std::move(endpoints);
    k = (int)ends.size();
    fill = fill_;
    notouch = notouch_;
    blocks = std::move(blocks_);
    words = (k + 1 + 63) / 64;
    colours.assign(words, 0);
    unused.assign(words, 0);
    for (int i = 0; i < k; ++i) colours[i >> 6] |= uint64_t(1) << (i & 63);
    if (!fill) unused[k >> 6] |= uint64_t(1) << (k & 63);
    sparse = sparse_for(k);
    universe = k + (fill ? 0 : 1);
    all = Sparse{true, {}};
    colour_set = fill ? Sparse{true, {}} : Sparse{true, {k}};
    unused_set = fill ? Sparse{} : Sparse{false, {k}};
    for (Sparse* set : {&all, &colour_set, &unused_set}) sparse::normal(*set, universe);
    end_label.assign(n, -1);
    for (int i = 0; i < k; ++i) end_label[ends[i].first] = end_label[ends[i].second] = i;
    // incidences in edge order, as BoardGraph.incidence (a counting sort keeps that order)
    const size_t m = ea.size();
    inc_start.assign(n + 1, 0);
    for (size_t e = 0; e < m; ++e) {
        ++inc_start[ea[e] + 1];
        ++inc_start[eb[e] + 1];
    }
    for (int x = 0; x < n; ++x) inc_start[x + 1] += inc_start[x];
    inc_edge.assign(2 * m, 0);
    inc_other.assign(2 * m, 0);
    std::vector<int> fill_at(inc_start.begin(), inc_start.end() - 1);
    for (size_t e = 0; e < m; ++e) {
        int x = ea[e], y = eb[e];
        inc_edge[fill_at[x]] = (int)e;
        inc_other[fill_at[x]++] = y;
        inc_edge[fill_at[y]] = (int)e;
        inc_other[fill_at[y]++] = x;
    }
    // neighbours, ascending and distinct (BoardGraph.neighbours): the incidences themselves,
    // as the edges come sorted and distinct (the bindings refuse any other order): node x's
    // edges (a, x), a < x, come first, by a, then its (x, b) by b
    nb_start = inc_start;
    nb = inc_other;
    block_start.assign(n + 1, 0);
    for (const auto& block : blocks)
        for (int x : block) ++block_start[x + 1];
    for (int x = 0; x < n; ++x) block_start[x + 1] += block_start[x];
    block_of.assign(block_start[n], 0);
    std::vector<int> at(block_start.begin(), block_start.end() - 1);
    for (size_t i = 0; i < blocks.size(); ++i)
        for (int x : blocks[i]) block_of[at[x]++] = (int)i;
}

State::State(const Puzzle* puzzle) : p(puzzle) {
    const int n = p->n, w = p->words;
    es.assign(p->ea.size(), UNKNOWN);
    undecided = (long)p->ea.size();
    on.assign(n, 0);
    unk.assign(n, 0);
    for (int x = 0; x < n; ++x) {
        int degree = p->inc_start[x + 1] - p->inc_start[x];
        unk[x] = (uint8_t)degree;  // a node has at most a handful of edges
    }
    seg.resize(n);
    for (int x = 0; x < n; ++x) seg[x] = x;
    if (p->sparse) {
        scol.assign(n, Sparse{});
        for (int x : p->nodes) {
            int label = p->end_label[x];
            if (label < 0) {
                scol[x] = p->all;
            } else {
                scol[x].items.push_back(label);
                sparse::normal(scol[x], p->universe);
            }
        }
    } else {
        col.assign((size_t)n * w, 0);
        for (int x : p->nodes) {
            uint64_t* c = chain_colour(x);
            int label = p->end_label[x];
            if (label < 0) {
                for (int i = 0; i < w; ++i) c[i] = p->colours[i] | p->unused[i];
            } else {
                c[label >> 6] = uint64_t(1) << (label & 63);
            }
        }
    }
    size.assign(n, 1);
    end1.resize(n);
    end2.resize(n);
    for (int x = 0; x < n; ++x) end1[x] = end2[x] = x;
    queue.assign(p->nodes.begin(), p->nodes.end());
    queued.assign(n, 0);
    for (int x : p->nodes) queued[x] = 1;
    stamp.assign(p->k, 0);
    seen_region.assign(p->k, -1);
    seen_bottleneck.assign(p->k, -1);
    seen_cuts.assign(p->k, -1);
    log.assign(p->nodes.begin(), p->nodes.end());
    if (!p->sparse) {
        tmp.assign(w, 0);
        tmp2.assign(w, 0);
        tmp3.assign(w, 0);
        tmp_mask.assign(w, 0);
    }
}

State State::copy() const {
    State other;
    copy_into(other);
    return other;
}

void State::copy_into(State& other) const {
    other.p = p;
    other.es.assign(es.begin(), es.end());
    other.undecided = undecided;
    other.on.assign(on.begin(), on.end());
    other.unk.assign(unk.begin(), unk.end());
    other.seg.assign(seg.begin(), seg.end());
    other.size.assign(size.begin(), size.end());
    other.end1.assign(end1.begin(), end1.end());
    other.end2.assign(end2.begin(), end2.end());
    other.col.assign(col.begin(), col.end());
    other.scol.assign(scol.begin(), scol.end());
    other.stamp_all = stamp_all;
    other.carriers_all = carriers_all;
    other.queue.assign(queue.begin() + head, queue.end());
    other.head = 0;
    other.queued.assign(queued.begin(), queued.end());
    other.stamp.assign(stamp.begin(), stamp.end());
    other.seen_region.assign(seen_region.begin(), seen_region.end());
    other.seen_bottleneck.assign(seen_bottleneck.begin(), seen_bottleneck.end());
    // region's memory starts afresh in a copy (its first run searches every colour due)
    other.cut_at.clear();
    other.cut_colours.clear();
    other.cuts = 0;
    other.seen_cuts.assign(p->k, -1);
    other.region_memory = region_memory;
    other.region_verify = region_verify;
    other.region_plant = region_plant;
    size_t read = std::min(cursor[0], cursor[1]);
    other.log.assign(log.begin() + read, log.end());
    other.cursor[0] = cursor[0] - read;
    other.cursor[1] = cursor[1] - read;
    other.recording = false;
    other.changes.clear();
    other.counting = counting;
    other.carriers.assign(carriers.begin(), carriers.end());
    const size_t w = p->sparse ? 0 : p->words;
    other.tmp.resize(w);
    other.tmp2.resize(w);
    other.tmp3.resize(w);
    other.tmp_mask.resize(w);
}

void State::mark_trail(Mark& at) {
    at.trail = trail.size();
    at.trail_sparse = trail_sparse.size();
    at.queue.assign(queue.begin() + head, queue.end());
    const size_t read = std::min(cursor[0], cursor[1]);
    at.log.assign(log.begin() + read, log.end());
    at.cursor[0] = cursor[0] - read;
    at.cursor[1] = cursor[1] - read;
    at.recording = recording;
    recording = false;  // a hypothesis is not part of the record (as on a copy)
    ++trailing;
}

void State::undo_trail(Mark& at) {
    for (size_t i = trail.size(); i-- > at.trail;) {
        const Undo& u = trail[i];
        std::memcpy(u.at, &u.old, u.bytes);
    }
    trail.resize(at.trail);
    for (size_t i = trail_sparse.size(); i-- > at.trail_sparse;)
        scol[trail_sparse[i].first] = std::move(trail_sparse[i].second);
    trail_sparse.resize(at.trail_sparse);
    // queued[x] says x is in queue[head:]: cleared for the hypothesis's queue, set for the kept
    for (size_t i = head; i < queue.size(); ++i) queued[queue[i]] = 0;
    queue.assign(at.queue.begin(), at.queue.end());
    head = 0;
    for (int x : queue) queued[x] = 1;
    log.assign(at.log.begin(), at.log.end());
    cursor[0] = at.cursor[0];
    cursor[1] = at.cursor[1];
    recording = at.recording;
    --trailing;
}

const uint64_t* State::colour_of(int x) const {
    if (!p->sparse) return dense_colour(x);
    dense_view = words_of(scol[seg[x]], *p);
    return dense_view.data();
}

bool State::share_colour_sparse(int x, int y) const {
    const Puzzle& P = *p;
    return sparse::meets(scol[seg[x]], scol[seg[y]], P.universe, P.fill ? -1 : P.k);
}

int State::pop() {
    const int x = queue[head++];
    if (head == queue.size()) {
        queue.clear();
        head = 0;
    }
    queued[x] = 0;
    return x;
}

void State::start_counting() {
    remember(counting);  // the counts themselves are read only while counting
    remember(carriers_all);
    counting = true;
    carriers.assign(p->k, 0);
    carriers_all = 0;
    if (p->sparse) {
        for (int x : p->nodes) count_in(scol[seg[x]], 1);
        return;
    }
    for (int x : p->nodes) {
        const uint64_t* c = dense_colour(x);
        for (int i = 0; i < p->words; ++i) {
            uint64_t bits = c[i] & p->colours[i];
            while (bits) {
                ++carriers[i * 64 + __builtin_ctzll(bits)];
                bits &= bits - 1;
            }
        }
    }
}

bool State::carriers_consistent() const {
    if (!counting) return true;
    std::vector<long> fresh(p->k, 0), counted(p->k, 0);
    for (int x : p->nodes)
        for (int b = 0; b < p->k; ++b)
            if (has_bit(x, b)) ++fresh[b];
    for (int b = 0; b < p->k; ++b) counted[b] = carriers_of(b);
    return fresh == counted;
}

void State::count_in(const Sparse& set, long nodes) {
    // the colours of ``set`` (not the unused mark) gain ``nodes`` carriers
    const int k = p->k;
    if (set.but) {
        remember(carriers_all);
        carriers_all += nodes;
    }
    for (int b : set.items) {
        if (b >= k) continue;
        remember(carriers[b]);
        carriers[b] += set.but ? -nodes : nodes;
    }
}

void State::uncount(const Sparse& removed, long nodes) { count_in(removed, -nodes); }

void State::touch(const Sparse& set) {
    const int k = p->k;
    if (set.but) {
        remember(stamp_all);
        ++stamp_all;
    }
    for (int b : set.items) {
        if (b >= k) continue;
        remember(stamp[b]);
        stamp[b] += set.but ? -1 : 1;
    }
}

void State::uncount(const uint64_t* removed, long nodes) {
    for (int i = 0; i < p->words; ++i) {
        uint64_t bits = removed[i] & p->colours[i];
        while (bits) {
            long& count = carriers[i * 64 + __builtin_ctzll(bits)];
            remember(count);
            count -= nodes;
            bits &= bits - 1;
        }
    }
}

uint32_t State::next_generation() {
    if (mark.size() != (size_t)p->n) {
        mark.assign(p->n, 0);
        generation = 0;
    }
    if (++generation == 0) {  // wrapped: start the marks afresh
        std::fill(mark.begin(), mark.end(), 0);
        generation = 1;
    }
    return generation;
}

uint32_t State::next_generation2() {
    if (mark2.size() != (size_t)p->n) {
        mark2.assign(p->n, 0);
        mark3.assign(p->n, 0);
        generation2 = 0;
    }
    generation2 += 2;  // region marks with g and g + 1
    if (generation2 < 2) {
        std::fill(mark2.begin(), mark2.end(), 0);
        std::fill(mark3.begin(), mark3.end(), 0);
        generation2 = 2;
    }
    return generation2;
}

void State::note_cut(int at, const uint64_t* colours) {
    const Puzzle& P = *p;
    const int w = P.words;
    bool concerns = false;
    for (int i = 0; i < w; ++i)
        if (colours[i] & P.colours[i]) concerns = true;
    if (!concerns) return;
    // outside a hypothesis (nothing to undo to), a long log starts afresh: region searches
    // every colour once more rather than read more cuts than a search would visit nodes
    if (!trailing && cuts >= 2 * (long)P.n + 1024) {
        cuts = 0;
        std::fill(seen_cuts.begin(), seen_cuts.end(), -1);
    }
    const size_t i = (size_t)cuts;
    if (cut_at.size() <= i) {
        cut_at.resize(i + 1);
        cut_colours.resize((i + 1) * w);
    }
    cut_at[i] = at;
    for (int j = 0; j < w; ++j) cut_colours[i * w + j] = colours[j] & P.colours[j];
    remember(cuts);
    ++cuts;
}

void State::push(int x) {
    log.push_back(x);
    if (!queued[x]) {
        queued[x] = 1;
        queue.push_back(x);
    }
}

void State::touch(const uint64_t* mask) {
    // ``mask`` holds colours only.  When it holds most of them (a cell that could carry any
    // colour joins a path, or loses an edge to another such cell), every stamp moves at once
    // (stamp_all, as a sparse puzzle's) and the few colours outside the mask are taken back:
    // stamp_of is the same, in writes (and trail entries) for the few, not for the many.
    const int w = p->words;
    int count = 0;
    for (int i = 0; i < w; ++i) count += __builtin_popcountll(mask[i]);
    if (2 * count > p->k + 2) {
        remember(stamp_all);
        ++stamp_all;
        for (int i = 0; i < w; ++i) {
            uint64_t bits = p->colours[i] & ~mask[i];
            while (bits) {
                int b = __builtin_ctzll(bits);
                bits &= bits - 1;
                remember(stamp[i * 64 + b]);
                --stamp[i * 64 + b];
            }
        }
        return;
    }
    for (int i = 0; i < w; ++i) {
        uint64_t bits = mask[i];
        while (bits) {
            int b = __builtin_ctzll(bits);
            bits &= bits - 1;
            remember(stamp[i * 64 + b]);
            ++stamp[i * 64 + b];
        }
    }
}

bool State::set_off(int e) {
    if (!recording) return set_off_plain(e);
    // the cause, as satlink/deduce/record.py's RecordingState.set_off works it out
    const int a = p->ea[e], b = p->eb[e];
    const int sa = seg[a], sb = seg[b];
    int full[2], nfull = 0;
    for (int x : {a, b})
        if (on[x] && on[x] == need(x)) full[nfull++] = x;
    int cause;
    const char* why;
    const bool common = share_colour(a, b);
    if (sa == sb) {
        cause = nfull ? full[0] : a;
        why = nfull ? "full" : "loop";
    } else if (!common) {
        cause = (on[a] || p->end_label[a] >= 0) ? a : b;
        why = "colours";
    } else {
        cause = nfull ? full[0] : a;
        why = "full";
    }
    bool moved = set_off_plain(e);
    if (moved) changes.push_back(Change{'f', e, cause, why, {}, {}});
    return moved;
}

bool State::set_off_plain(int e) {
    uint8_t state = es[e];
    if (state == OFF) return false;
    const int a = p->ea[e], b = p->eb[e];
    if (state == ON) throw located("edge-on-off", {a, b}, {e});
    remember(es[e]);
    remember(undecided);
    es[e] = OFF;
    --undecided;
    if (p->sparse) {
        touch(sparse::meet(scol[seg[a]], scol[seg[b]], p->universe));  // the mark is skipped
    } else {
        const uint64_t *ca = dense_colour(a), *cb = dense_colour(b);
        for (int i = 0; i < p->words; ++i) tmp3[i] = ca[i] & cb[i] & p->colours[i];
        touch(tmp3.data());
        if (counting && region_memory) note_cut(~e, tmp3.data());
    }
    remember(unk[a]);
    remember(unk[b]);
    --unk[a];
    --unk[b];
    push(a);
    push(b);
    return true;
}

bool State::set_on(int e) {
    if (!recording) return set_on_plain(e);
    const int a = p->ea[e], b = p->eb[e];
    int cause = a;
    for (int x : {a, b}) {
        if (need(x) == on[x] + unk[x]) {
            cause = x;
            break;
        }
    }
    bool moved = set_on_plain(e);
    if (moved) changes.push_back(Change{'n', e, cause, "", {}, {}});
    return moved;
}

bool State::set_on_plain(int e) {
    uint8_t state = es[e];
    if (state == ON) return false;
    const Puzzle& P = *p;
    const int a = P.ea[e], b = P.eb[e];
    if (state == OFF) throw located("edge-on-off", {a, b}, {e});
    const int sa = seg[a], sb = seg[b];
    if (sa == sb) throw located("loop", {a, b}, {e});
    if (P.sparse) return set_on_sparse(e, a, b, sa, sb);
    const int w = P.words;
    uint64_t* colour = tmp.data();
    const uint64_t *ca = chain_colour(sa), *cb = chain_colour(sb);
    for (int i = 0; i < w; ++i) colour[i] = ca[i] & cb[i] & P.colours[i];
    if (!any(colour, w)) throw located("two-colours", {a, b}, {e});
    const auto [far_a, far_b] = mark_on(e, a, b, sa, sb);
    const bool one = single(colour, w);
    const bool learn_a = one && !equal(ca, colour, w);
    const bool learn_b = one && !equal(cb, colour, w);
    // the colours either side loses leave its nodes: their candidate graphs lost them
    for (int i = 0; i < w; ++i) tmp3[i] = (ca[i] | cb[i]) & ~colour[i] & P.colours[i];
    touch(tmp3.data());
    if (counting) {
        for (int i = 0; i < w; ++i) tmp3[i] = ca[i] & ~colour[i];
        uncount(tmp3.data(), size[sa]);
        if (region_memory) note_cut(a, tmp3.data());
        for (int i = 0; i < w; ++i) tmp3[i] = cb[i] & ~colour[i];
        uncount(tmp3.data(), size[sb]);
        if (region_memory) note_cut(b, tmp3.data());
    }
    const int keep = join_chains(a, b, sa, sb, far_a, far_b).first;
    uint64_t* kept = chain_colour(keep);
    for (int i = 0; i < w; ++i) {
        remember(kept[i]);
        kept[i] = colour[i];
    }
    announce_on(a, b, far_a, far_b, learn_a, learn_b);
    return true;
}

bool State::set_on_sparse(int e, int a, int b, int sa, int sb) {
    // set_on_plain's steps, in the same order, on sets kept as lists
    const Puzzle& P = *p;
    const int u = P.universe;
    Sparse colour = sparse::meet(sparse::meet(scol[sa], scol[sb], u), P.colour_set, u);
    if (sparse::count(colour, u) == 0) throw located("two-colours", {a, b}, {e});
    const auto [far_a, far_b] = mark_on(e, a, b, sa, sb);
    const bool one = sparse::single(colour, u) >= 0;
    const bool learn_a = one && scol[sa] != colour;
    const bool learn_b = one && scol[sb] != colour;
    touch(sparse::minus(scol[sa], colour, u));  // the colours either side loses (the mark
    touch(sparse::minus(scol[sb], scol[sa], u));  // skipped; those of b's not a's' alone)
    if (counting) {
        uncount(sparse::minus(scol[sa], colour, u), size[sa]);
        uncount(sparse::minus(scol[sb], colour, u), size[sb]);
    }
    const auto [keep, small] = join_chains(a, b, sa, sb, far_a, far_b);
    remember_sparse(keep);
    remember_sparse(small);
    scol[keep] = std::move(colour);
    scol[small] = Sparse{};  // no node is of that chain any more
    announce_on(a, b, far_a, far_b, learn_a, learn_b);
    return true;
}

std::pair<int, int> State::mark_on(int e, int a, int b, int sa, int sb) {
    const Puzzle& P = *p;
    for (int x : {a, b})
        if (on[x] >= (P.end_label[x] >= 0 ? 1 : 2)) throw located("too-many", {x}, {e});
    if (P.notouch && (on[a] || on[b]) && would_touch(e)) throw located("touch", {a, b}, {e});
    remember(es[e]);
    remember(undecided);
    remember(on[a]);
    remember(on[b]);
    remember(unk[a]);
    remember(unk[b]);
    es[e] = ON;
    --undecided;
    ++on[a];
    ++on[b];
    --unk[a];
    --unk[b];
    return {end1[sa] == a ? end2[sa] : end1[sa], end1[sb] == b ? end2[sb] : end1[sb]};
}

std::pair<int, int> State::join_chains(int a, int b, int sa, int sb, int far_a, int far_b) {
    int keep, small, start, before;
    if (size[sa] < size[sb]) {
        keep = sb; small = sa; start = a; before = b;
    } else {
        keep = sa; small = sb; start = b; before = a;
    }
    relabel(start, before, keep);
    remember(size[keep]);
    remember(end1[keep]);
    remember(end2[keep]);
    size[keep] += size[small];
    end1[keep] = far_a;
    end2[keep] = far_b;
    return {keep, small};
}

void State::announce_on(int a, int b, int far_a, int far_b, bool learn_a, bool learn_b) {
    push(a);
    push(b);
    push(far_a);
    push(far_b);
    if (learn_a) log_part(far_a, a);
    if (learn_b) log_part(far_b, b);
}

void State::log_part(int end, int stop) {
    along(end, [&](int x) {
        log.push_back(x);
        return x != stop;
    });
}

void State::log_chain(int end) {
    along(end, [&](int x) {
        log.push_back(x);
        return true;
    });
}

void State::relabel(int start, int before, int chain) {
    const Puzzle& P = *p;
    int prev = before, cur = start;
    while (true) {
        remember(seg[cur]);
        seg[cur] = chain;
        int nxt = -1;
        for (int i = P.inc_start[cur]; i < P.inc_start[cur + 1]; ++i) {
            int y = P.inc_other[i];
            if (es[P.inc_edge[i]] == ON && y != prev && seg[y] != chain) {
                nxt = y;
                break;
            }
        }
        if (nxt < 0) return;
        prev = cur;
        cur = nxt;
    }
}

bool State::restrict_mask(int x, const uint64_t* mask) {
    if (p->sparse) return restrict_set(x, sparse_of(mask, *p));
    if (!recording) return restrict_plain(x, mask);
    const int w = p->words;
    std::vector<uint64_t> old(dense_colour(x), dense_colour(x) + w);
    bool moved = restrict_plain(x, mask);
    if (moved) {
        const uint64_t* now = dense_colour(x);
        Change change{'c', x, -1, "", std::vector<uint64_t>(w), std::vector<uint64_t>(now, now + w)};
        for (int i = 0; i < w; ++i) change.removed[i] = old[i] & ~now[i];
        changes.push_back(std::move(change));
    }
    return moved;
}

bool State::restrict_set(int x, const Sparse& mask) {
    if (!recording) return restrict_sparse(x, mask);
    Sparse old = scol[seg[x]];
    bool moved = restrict_sparse(x, mask);
    if (moved) {
        const Sparse& now = scol[seg[x]];
        Change change{'c', x, -1, "", {}, {}, sparse::minus(old, now, p->universe), now};
        changes.push_back(std::move(change));
    }
    return moved;
}

bool State::restrict_sparse(int x, const Sparse& mask) {
    // restrict_plain's steps, in the same order, on sets kept as lists
    const Puzzle& P = *p;
    const int u = P.universe;
    const int s = seg[x];
    Sparse fresh = sparse::meet(scol[s], mask, u);
    if (fresh == scol[s]) return false;
    if (sparse::count(fresh, u) == 0) throw located("no-colour", {x});
    if (!P.fill && fresh == P.unused_set && on[x]) throw located("empty-on-path", {x});
    Sparse removed = sparse::minus(scol[s], fresh, u);  // touch and uncount skip the mark
    remember_sparse(s);
    scol[s] = std::move(fresh);
    const Sparse& now = scol[s];
    touch(removed);
    if (counting) uncount(removed, size[s]);
    push(end1[s]);
    push(end2[s]);
    push(x);
    const long colours = sparse::count(now, u) - (!P.fill && sparse::has(now, P.k) ? 1 : 0);
    if (size[s] > 2 && colours > 0 && sparse::single(now, u) >= 0) log_chain(end1[s]);
    return true;
}

bool State::restrict_plain(int x, const uint64_t* mask) {
    const Puzzle& P = *p;
    const int w = P.words;
    const int s = seg[x];
    uint64_t* old = chain_colour(s);
    uint64_t* fresh = tmp2.data();
    for (int i = 0; i < w; ++i) fresh[i] = old[i] & mask[i];
    if (equal(fresh, old, w)) return false;
    if (!any(fresh, w)) throw located("no-colour", {x});
    if (equal(fresh, P.unused.data(), w) && on[x]) throw located("empty-on-path", {x});
    for (int i = 0; i < w; ++i) tmp3[i] = old[i] & ~fresh[i] & P.colours[i];
    for (int i = 0; i < w; ++i) {
        remember(old[i]);
        old[i] = fresh[i];
    }
    touch(tmp3.data());
    if (counting) {
        uncount(tmp3.data(), size[s]);
        if (region_memory && region_plant != 1) note_cut(x, tmp3.data());
    }
    push(end1[s]);
    push(end2[s]);
    push(x);
    bool colour_only = false;
    for (int i = 0; i < w; ++i)
        if (fresh[i] & P.colours[i]) colour_only = true;
    if (size[s] > 2 && colour_only && single(fresh, w)) log_chain(end1[s]);
    return true;
}

bool State::restrict_only(int x, int bit) {
    if (p->sparse) {
        Sparse only{false, {bit}};
        sparse::normal(only, p->universe);
        return restrict_set(x, only);
    }
    std::fill(tmp_mask.begin(), tmp_mask.end(), 0);
    tmp_mask[bit >> 6] = uint64_t(1) << (bit & 63);
    return restrict_mask(x, tmp_mask.data());
}

bool State::restrict_without(int x, int bit) {
    if (p->sparse) {
        Sparse without{true, {bit}};
        sparse::normal(without, p->universe);
        return restrict_set(x, without);
    }
    std::fill(tmp_mask.begin(), tmp_mask.end(), ~uint64_t(0));
    tmp_mask[bit >> 6] &= ~(uint64_t(1) << (bit & 63));
    return restrict_mask(x, tmp_mask.data());
}

bool State::would_touch(int e) {
    // Whether the chains of e's two ends touch anywhere but at e: a pair of neighbours, one
    // in each, other than e's own.  The answer is the same whichever chain is walked, so the
    // shorter is: a node on no edge is a chain of its own (most calls), known from ``on``
    // alone; otherwise the chain of fewer nodes, from an end.  A node's neighbours are its
    // incidences' other ends (Puzzle::nb holds the same, in the same order).
    const Puzzle& P = *p;
    int a = P.ea[e], b = P.eb[e];
    if (on[a] && !on[b]) std::swap(a, b);
    if (!on[a]) {
        const int sb = seg[b];
        for (int i = P.inc_start[a]; i < P.inc_start[a + 1]; ++i)
            if (seg[P.inc_other[i]] == sb && P.inc_other[i] != b) return true;
        return false;
    }
    int sa = seg[a], sb = seg[b];
    if (size[sa] > size[sb]) {
        std::swap(a, b);
        std::swap(sa, sb);
    }
    // along the chain from an end: each node's neighbours looked at and its next node found
    // in one pass over its incidences
    int prev = -1, x = (a == end1[sa] || a == end2[sa]) ? a : end1[sa];
    while (x >= 0) {
        int next = -1;
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i) {
            const int y = P.inc_other[i];
            if (seg[y] == sb && !(x == a && y == b)) return true;
            if (next < 0 && y != prev && es[P.inc_edge[i]] == ON) next = y;
        }
        prev = x;
        x = next;
    }
    return false;
}

std::vector<int> State::changed(int t) {
    // without notouch the corner pass never reads the log: its cursor counts as read, so the
    // log is cleared as it is under notouch (Python keeps it; the nodes handed out are the same)
    if (!p->notouch) cursor[0] = log.size();
    size_t start = cursor[t];
    cursor[t] = log.size();
    std::vector<int> out;
    out.reserve(log.size() - start);
    uint32_t g = next_generation();
    for (size_t i = start; i < log.size(); ++i) {
        int x = log[i];
        if (mark[x] != g) {
            mark[x] = g;
            out.push_back(x);
        }
    }
    if (!p->notouch) cursor[0] = log.size();
    if (std::min(cursor[0], cursor[1]) == log.size()) {
        log.clear();
        cursor[0] = cursor[1] = 0;
    }
    return out;
}

int State::need_without_fill(int x) const {
    if (only_unused(x)) return 0;
    return (on[x] || !has_bit(x, p->k)) ? 2 : -1;
}

long State::solved_nodes() const {
    const Puzzle& P = *p;
    long count = 0;
    for (int x : P.nodes) {
        if (unk[x]) continue;
        if (only_unused(x) || single_colour(x) >= 0) ++count;
    }
    return count;
}

std::vector<int> State::heads() const {
    const Puzzle& P = *p;
    std::vector<std::pair<int, int>> out;
    for (int x : P.nodes) {
        if (!unk[x]) continue;
        int needed = need(x);
        if (on[x] < needed && (on[x] || P.end_label[x] >= 0)) out.emplace_back(unk[x], x);
    }
    std::sort(out.begin(), out.end());
    std::vector<int> nodes;
    nodes.reserve(out.size());
    for (auto& pair : out) nodes.push_back(pair.second);
    return nodes;
}

std::vector<int> State::undecided_nodes() const {
    std::vector<int> out;
    for (int x : p->nodes)
        if (unk[x] || single_colour(x) < 0) out.push_back(x);
    return out;
}

std::vector<uint8_t> State::reach(int bit, int start) {
    const Puzzle& P = *p;
    std::vector<uint8_t> seen(P.n, 0);
    seen[start] = 1;
    std::vector<int> stack{start};
    while (!stack.empty()) {
        int x = stack.back();
        stack.pop_back();
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i) {
            int y = P.inc_other[i];
            if (!seen[y] && es[P.inc_edge[i]] != OFF && has_bit(y, bit)) {
                seen[y] = 1;
                stack.push_back(y);
            }
        }
    }
    return seen;
}

}  // namespace satlink
