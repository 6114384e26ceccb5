// The frontier sweep (see sweep.hpp and satlink/frontier/state.py for the state model and why
// its transitions are sound).  A level is a hash table of encoded states, each with its capped
// count and up to `keep` witnesses: chains of the edges decided on, shared between states and
// freed by reference counts when no state holds them.
#include "sweep.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace frontier {
namespace {

constexpr int BLANK = 0x3FFF;  // no edge yet, not an endpoint (profiles without groups)
constexpr int FULL = 0x3FFE;   // can take no more edges (profiles without groups)
constexpr int FRESH = 0x3000;  // a piece made by a transition, renumbered by encode()

struct State {
    std::vector<int> deg, piece;
    std::vector<std::vector<int>> groups;
};

// A state as words: one per slot (degree in the top two bits, piece below), then each group
// as its length and members.
void decode(const uint16_t* key, int len, int w, State& s) {
    s.deg.resize(w);
    s.piece.resize(w);
    for (int i = 0; i < w; ++i) {
        s.deg[i] = key[i] >> 14;
        s.piece[i] = key[i] & 0x3FFF;
    }
    s.groups.clear();
    for (int j = w; j < len;) {
        int n = key[j++];
        s.groups.emplace_back(key + j, key + j + n);
        j += n;
    }
}

// The canonical words of a state: pieces without a label renumbered by first appearance,
// groups sorted and once each.
void encode(const State& s, int labels, std::vector<uint16_t>& out,
            std::vector<std::pair<int, int>>& names) {
    names.clear();
    auto name = [&](int p) {
        if (p < labels || p == BLANK || p == FULL) return p;
        for (auto& pair : names)
            if (pair.first == p) return pair.second;
        int n = labels + (int)names.size();
        names.emplace_back(p, n);
        return n;
    };
    out.clear();
    for (size_t i = 0; i < s.deg.size(); ++i)
        out.push_back((uint16_t)((s.deg[i] << 14) | name(s.piece[i])));
    if (s.groups.empty()) return;
    std::vector<std::vector<int>> groups = s.groups;
    for (auto& g : groups) {
        for (auto& p : g) p = name(p);
        std::sort(g.begin(), g.end());
    }
    std::sort(groups.begin(), groups.end());
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    for (auto& g : groups) {
        out.push_back((uint16_t)g.size());
        for (int p : g) out.push_back((uint16_t)p);
    }
}

class Model {
  public:
    explicit Model(const Settings& s)
        : labels(s.n_labels), grouped(s.grouped), notouch(s.notouch), fill(s.fill) {}

    void add(State& s, int label) const {
        s.deg.push_back(0);
        s.piece.push_back(label >= 0 ? label : (grouped ? FRESH : BLANK));
    }

    bool edge(State& s, int a, int b, bool on, const std::vector<int>& caps) const {
        int pa = s.piece[a], pb = s.piece[b];
        if (!on) {
            if (!notouch) return true;
            if (pa == pb) return false;
            return with_group(s, {pa, pb});
        }
        if (s.deg[a] >= caps[a] || s.deg[b] >= caps[b]) return false;
        int keep, gone = -1;
        if (pa == BLANK && pb == BLANK) {
            keep = FRESH + 1;
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
        s.deg[a] += 1;
        s.deg[b] += 1;
        s.piece[a] = s.piece[b] = keep;
        if (gone >= 0) {
            for (int& p : s.piece)
                if (p == gone) p = keep;
            if (!renamed(s, gone, keep)) return false;
        }
        if (!grouped)
            for (size_t i = 0; i < s.piece.size(); ++i)
                if (s.deg[i] >= caps[i]) s.piece[i] = FULL;
        return true;
    }

    bool block(State& s, const int* slots, int n) const {
        std::vector<int> members;
        for (int i = 0; i < n; ++i) members.push_back(s.piece[slots[i]]);
        return with_group(s, members);
    }

    bool drop(State& s, int slot, int cap) const {
        int degree = s.deg[slot];
        if (cap == 1 ? degree != 1 : (degree == 1 || (degree == 0 && fill))) return false;
        s.deg.erase(s.deg.begin() + slot);
        s.piece.erase(s.piece.begin() + slot);
        if (grouped && !s.groups.empty()) {
            auto absent = [&](const std::vector<int>& g) {
                for (int p : g)
                    if (std::find(s.piece.begin(), s.piece.end(), p) == s.piece.end())
                        return true;
                return false;
            };
            s.groups.erase(std::remove_if(s.groups.begin(), s.groups.end(), absent),
                           s.groups.end());
        }
        return true;
    }

  private:
    int labels;
    bool grouped, notouch, fill;

    int label_count(const std::vector<int>& members) const {
        int n = 0;
        for (int p : members) n += p < labels;
        return n;
    }

    bool with_group(State& s, std::vector<int> members) const {
        std::sort(members.begin(), members.end());
        members.erase(std::unique(members.begin(), members.end()), members.end());
        if (members.size() == 1) return false;
        if (label_count(members) >= 2) return true;
        s.groups.push_back(members);
        return true;
    }

    bool renamed(State& s, int gone, int keep) const {
        std::vector<std::vector<int>> out;
        for (auto g : s.groups) {
            for (int& p : g)
                if (p == gone) p = keep;
            std::sort(g.begin(), g.end());
            g.erase(std::unique(g.begin(), g.end()), g.end());
            if (g.size() == 1) return false;
            if (label_count(g) >= 2) continue;
            out.push_back(g);
        }
        s.groups.swap(out);
        return true;
    }
};

// The witnesses: node 0 is the empty chain; a node is an edge decided on and the chain before.
class Arena {
  public:
    Arena() : edge(1, -1), parent(1, 0), refs(1, 1) {}

    uint32_t make(int e, uint32_t before) {
        uint32_t id;
        if (!unused.empty()) {
            id = unused.back();
            unused.pop_back();
            edge[id] = e, parent[id] = before, refs[id] = 0;
        } else {
            id = (uint32_t)edge.size();
            edge.push_back(e), parent.push_back(before), refs.push_back(0);
        }
        retain(before);
        return id;
    }
    void retain(uint32_t w) { if (w) ++refs[w]; }
    void release(uint32_t w) {
        while (w && --refs[w] == 0) {
            uint32_t before = parent[w];
            unused.push_back(w);
            w = before;
        }
    }
    std::vector<int> edges(uint32_t w) const {
        std::vector<int> out;
        for (; w; w = parent[w]) out.push_back(edge[w]);
        std::reverse(out.begin(), out.end());
        return out;
    }
    size_t live() const { return edge.size() - unused.size(); }

  private:
    std::vector<int> edge;
    std::vector<uint32_t> parent, refs, unused;
};

class Level {
  public:
    explicit Level(int keep) : keep(keep) {}
    size_t size() const { return count.size(); }

    // The entry of `key`, made (count 0, no witness) if new.
    size_t find_or_add(const std::vector<uint16_t>& key) {
        uint64_t h = 1469598103934665603ULL;
        for (uint16_t w : key) h = (h ^ w) * 1099511628211ULL;
        h ^= h >> 29;
        if (2 * (size() + 1) > index.size()) grow();
        size_t mask = index.size() - 1, at = h & mask;
        while (uint32_t slot = index[at]) {
            size_t i = slot - 1;
            if (hash[i] == h && same(i, key)) return i;
            at = (at + 1) & mask;
        }
        size_t i = size();
        index[at] = (uint32_t)(i + 1);
        hash.push_back(h);
        start.push_back((uint32_t)pool.size());
        length.push_back((uint16_t)key.size());
        pool.insert(pool.end(), key.begin(), key.end());
        count.push_back(0);
        held.push_back(0);
        wit.resize(wit.size() + keep, 0);
        return i;
    }
    const uint16_t* key(size_t i) const { return pool.data() + start[i]; }
    int key_length(size_t i) const { return length[i]; }
    void release_all(Arena& arena) {
        for (size_t i = 0; i < size(); ++i)
            for (int k = 0; k < held[i]; ++k) arena.release(wit[i * keep + k]);
        pool.clear(), start.clear(), length.clear(), count.clear(), held.clear(), wit.clear();
        hash.clear();
        std::fill(index.begin(), index.end(), 0);
    }

    std::vector<uint64_t> count;
    std::vector<uint8_t> held;   // witnesses held by each entry
    std::vector<uint32_t> wit;   // keep per entry
    int keep;

  private:
    std::vector<uint16_t> pool;
    std::vector<uint32_t> start;
    std::vector<uint16_t> length;
    std::vector<uint64_t> hash;
    std::vector<uint32_t> index;

    bool same(size_t i, const std::vector<uint16_t>& key) const {
        return length[i] == key.size() &&
               std::equal(key.begin(), key.end(), pool.begin() + start[i]);
    }
    void grow() {
        size_t n = std::max<size_t>(1024, index.size() * 2);
        index.assign(n, 0);
        for (size_t i = 0; i < size(); ++i) {
            size_t at = hash[i] & (n - 1);
            while (index[at]) at = (at + 1) & (n - 1);
            index[at] = (uint32_t)(i + 1);
        }
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
        size_t size = op == ADD ? 3 : op == EDGE ? 4 : op == DROP ? 2 : op == BLOCK ? 2 : 0;
        if (!size) bad("unknown operation " + std::to_string(op), i);
        if (i + size > ops.size() || (op == BLOCK && i + 2 + (size_t)std::max(ops[i + 1], 0) > ops.size()))
            bad("cut short", i);
        auto slot = [&](int v) { if (v < 0 || v >= width) bad("slot out of range", i); };
        if (op == ADD) {
            if (ops[i + 2] < -1 || ops[i + 2] >= labels) bad("label out of range", i);
            if (++width >= 0x1000) bad("frontier wider than 4095", i);
        } else if (op == EDGE) {
            if (ops[i + 1] < 0 || (edges && (size_t)ops[i + 1] >= edges)) bad("edge out of range", i);
            slot(ops[i + 2]), slot(ops[i + 3]);
            if (ops[i + 2] == ops[i + 3]) bad("an edge from a slot to itself", i);
        } else if (op == BLOCK) {
            if (ops[i + 1] < 2) bad("a block of fewer than two nodes", i);
            for (int k = 0; k < ops[i + 1]; ++k) slot(ops[i + 2 + k]);
            size = 2 + ops[i + 1];
        } else {
            slot(ops[i + 1]);
            --width;
        }
        i += size;
    }
}

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
    Arena arena;
    Level level(settings.keep), next(settings.keep);
    std::vector<uint16_t> key;
    std::vector<std::pair<int, int>> names;
    State s;
    Result result;
    level.find_or_add(key);
    level.count[0] = 1;
    if (settings.keep > 0) level.held[0] = 1, level.wit[0] = 0;
    result.peak_states = 1;
    std::vector<int> caps;
    const int keep = settings.keep;

    // Put a state reached with `n` partial solutions into the next level; `on_edge` >= 0: the
    // decision was that edge on, so each witness kept grows by it.
    auto merge = [&](size_t from, int on_edge) {
        encode(s, settings.n_labels, key, names);
        size_t j = next.find_or_add(key);
        uint64_t sum = next.count[j] + level.count[from];
        next.count[j] = std::min(sum, settings.limit);
        for (int k = 0; k < level.held[from] && next.held[j] < keep; ++k) {
            uint32_t w = level.wit[from * keep + k];
            if (on_edge >= 0) w = arena.make(on_edge, w);
            arena.retain(w);
            next.wit[j * keep + next.held[j]++] = w;
        }
    };

    int width = 0;
    for (size_t i = 0; i < ops.size();) {
        if (late()) {
            result.ended = "timeout";
            return result;
        }
        int op = ops[i];
        size_t step = 0;
        for (size_t from = 0; from < level.size(); ++from) {
            if ((from & 4095) == 4095 && late()) {
                result.ended = "timeout";
                return result;
            }
            auto load = [&]() { decode(level.key(from), level.key_length(from), width, s); };
            if (op == ADD) {
                load();
                model.add(s, ops[i + 2]);
                merge(from, -1);
            } else if (op == EDGE) {
                int e = ops[i + 1], a = ops[i + 2], b = ops[i + 3];
                uint8_t fixed = decided.empty() ? 0 : decided[e];
                if (fixed != 1) {
                    load();
                    if (model.edge(s, a, b, false, caps)) merge(from, -1);
                }
                if (fixed != 2) {
                    load();
                    if (model.edge(s, a, b, true, caps)) merge(from, e);
                }
            } else if (op == BLOCK) {
                load();
                if (model.block(s, &ops[i + 2], ops[i + 1])) merge(from, -1);
            } else {
                load();
                if (model.drop(s, ops[i + 1], caps[ops[i + 1]])) merge(from, -1);
            }
            if (settings.max_states && next.size() > settings.max_states) {
                result.peak_states = std::max<uint64_t>(result.peak_states, next.size());
                result.ended = "memory";
                return result;
            }
        }
        if (op == ADD) {
            caps.push_back(ops[i + 2] >= 0 ? 1 : 2);
            width += 1, step = 3;
        } else if (op == EDGE) {
            step = 4;
        } else if (op == BLOCK) {
            step = 2 + ops[i + 1];
        } else {
            caps.erase(caps.begin() + ops[i + 1]);
            width -= 1, step = 2;
        }
        level.release_all(arena);
        std::swap(level, next);
        result.peak_states = std::max<uint64_t>(result.peak_states, level.size());
        i += step;
    }
    result.ended = "complete";
    if (level.size() == 1) {
        result.count = level.count[0];
        for (int k = 0; k < level.held[0]; ++k)
            result.edge_sets.push_back(arena.edges(level.wit[k]));
    }
    return result;
}

}  // namespace frontier
