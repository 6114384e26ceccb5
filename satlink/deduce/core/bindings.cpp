// The compiled engine as the Python module satlink.deduce._core (pybind11).  Python sees the
// same State interface as satlink.deduce.state.State; the engine facade
// (satlink/deduce/compiled.py) is the one place that speaks to it.
//
// The boundary is narrow and typed:
// * in: the graph as one-dimensional integer buffers (satlink.graph's open_node_buffer and
//   edge_buffer: array('i') or numpy arrays, type and range checked once, here), techniques as
//   the enum Technique, colour sets as Python ints (the reference engine's own form);
// * out: named results (Lookahead, SplitResult), Contradiction exceptions, lists of ints;
// * it holds nothing of Python: a graph is cached on the Python puzzle, so a reference back
//   would be a cycle the garbage collector cannot see through a pybind11 object.
//
// The GIL is released while the engine works (a long deduction on a huge board must not stop
// the studio's server thread).  Two things follow.  A cancel flag is an atomic the core owns
// (Cancel: the studio's CancelToken interrupts it as it interrupts a SAT solver).  And a state
// is used by one call at a time: a call that finds it in use by another thread (a GIL-released
// call still running) raises RuntimeError instead of racing it.
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>
#include <type_traits>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "dfs.hpp"
#include "engine.hpp"

namespace py = pybind11;
using namespace satlink;

namespace {

py::object python_class(const char* module, const char* name) {
    return py::module_::import(module).attr(name);
}

// --- colour sets: Python ints (bit k: colour k) <-> w 64-bit words ---------------------------

py::object colour_int(const uint64_t* words, int w) {
    if (w == 1) return py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(words[0]));
    std::vector<unsigned char> raw((size_t)w * 8);  // little-endian, whatever the host's order
    for (int i = 0; i < w; ++i)
        for (int b = 0; b < 8; ++b) raw[(size_t)i * 8 + b] = (unsigned char)(words[i] >> (8 * b));
#if PY_VERSION_HEX >= 0x030D0000
    PyObject* value = PyLong_FromUnsignedNativeBytes(raw.data(), raw.size(),
                                                     Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject* value = _PyLong_FromByteArray(raw.data(), raw.size(), 1, 0);
#endif
    if (value == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(value);
}

// The low 64 * w bits of ``value`` (a negative value as two's complement, as Python's & reads
// it: restrict(x, ~bit) keeps every other colour).
void colour_words(const py::int_& value, int w, std::vector<uint64_t>& out) {
    out.assign(w, 0);
    if (w == 1) {
        out[0] = PyLong_AsUnsignedLongLongMask(value.ptr());
        if (PyErr_Occurred()) throw py::error_already_set();
        return;
    }
    std::vector<unsigned char> raw((size_t)w * 8);
#if PY_VERSION_HEX >= 0x030D0000
    // the low bytes, sign-extended; a value that needs more is cut, which is the mask wanted
    if (PyLong_AsNativeBytes(value.ptr(), raw.data(), (Py_ssize_t)raw.size(),
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN) < 0)
        throw py::error_already_set();
#else
    if (_PyLong_AsByteArray(reinterpret_cast<PyLongObject*>(value.ptr()), raw.data(), raw.size(),
                            1, 1) < 0) {
        // too wide for a signed 64 * w bits: cut it to them first (rare: the top bit set)
        PyErr_Clear();
        py::int_ bits(64 * w);
        py::object all = py::reinterpret_steal<py::object>(PyNumber_Lshift(py::int_(1).ptr(), bits.ptr()));
        all = py::reinterpret_steal<py::object>(PyNumber_Subtract(all.ptr(), py::int_(1).ptr()));
        py::object low = py::reinterpret_steal<py::object>(PyNumber_And(value.ptr(), all.ptr()));
        if (!low || _PyLong_AsByteArray(reinterpret_cast<PyLongObject*>(low.ptr()), raw.data(),
                                        raw.size(), 1, 0) < 0)
            throw py::error_already_set();
    }
#endif
    for (int i = 0; i < w; ++i)
        for (int b = 0; b < 8; ++b) out[i] |= (uint64_t)raw[(size_t)i * 8 + b] << (8 * b);
}

// --- arguments ------------------------------------------------------------------------------

// Bounds of the indices Python hands in: the engine's hot loops index without checks, so a bad
// index is refused here, once, as the IndexError the Python engine's lists would raise (a
// colour: a label's, or the empty one, k).
int within(long v, long count, const char* what) {
    if (v < 0 || v >= count)
        throw py::index_error(std::string(what) + " " + std::to_string(v) + " is not on the board");
    return (int)v;
}

void check_nodes(const std::vector<int>& nodes, int n, const char* what) {
    for (int x : nodes)
        if (x < 0 || x >= n) throw py::value_error(std::string(what) + " names a node outside the graph");
}

// A one-dimensional buffer of integers from Python (the standard library's array('i'), a
// numpy int32 or int64 array), read in place: its type is checked once here, every value is
// range-checked as it is read, and any stride is followed.
class IntView {
public:
    IntView(const py::buffer& given, const char* what) : what_(what), info_(given.request()) {
        const char kind = info_.format.empty() ? '?' : info_.format.back();
        const bool integer = kind == 'i' || kind == 'l' || kind == 'q';
        if (info_.ndim != 1 || !integer || (info_.itemsize != 4 && info_.itemsize != 8))
            throw py::type_error(std::string(what) +
                                 ": a one-dimensional array of 32- or 64-bit integers");
    }
    size_t size() const { return (size_t)info_.shape[0]; }
    int operator[](size_t i) const {
        const char* at = static_cast<const char*>(info_.ptr) + (py::ssize_t)i * info_.strides[0];
        const int64_t v = info_.itemsize == 4 ? *reinterpret_cast<const int32_t*>(at)
                                              : *reinterpret_cast<const int64_t*>(at);
        if (v < INT32_MIN || v > INT32_MAX)
            throw py::value_error(std::string(what_) + " names a node outside the graph");
        return (int)v;
    }
    std::vector<int> values() const {
        std::vector<int> out(size());
        for (size_t i = 0; i < out.size(); ++i) out[i] = (*this)[i];
        return out;
    }

private:
    const char* what_;
    py::buffer_info info_;
};

// The edges as satlink.graph orders them (EDGE_ORDER: pairs a < b, sorted), or an error: edge e
// is SAT variable e + 1 everywhere, so the core numbers edges as it is handed them and checks
// that the order is the one every other part of satlink uses, never makes one of its own.
void check_order(const std::vector<int>& a, const std::vector<int>& b) {
    for (size_t e = 0; e < a.size(); ++e) {
        const bool ascending = e == 0 || a[e - 1] < a[e] || (a[e - 1] == a[e] && b[e - 1] < b[e]);
        if (a[e] >= b[e] || !ascending)
            throw py::value_error("edges out of satlink.graph's order (pairs a < b, sorted), at edge " +
                                  std::to_string(e));
    }
}

void split_edges(const IntView& flat, std::vector<int>& a, std::vector<int>& b) {
    if (flat.size() % 2) throw py::value_error("edges: pairs of nodes, flattened (a0, b0, a1, b1, ...)");
    const size_t m = flat.size() / 2;
    a.resize(m);
    b.resize(m);
    for (size_t e = 0; e < m; ++e) {
        a[e] = flat[2 * e];
        b[e] = flat[2 * e + 1];
    }
    check_order(a, b);
}

// --- the graph and the state ----------------------------------------------------------------

// The compiled graph of a board; fixed once built, so states in any thread may share it.
struct CorePuzzle {
    Puzzle puzzle;
};

std::shared_ptr<CorePuzzle> built(int n, std::vector<int> nodes, std::vector<int> a,
                                  std::vector<int> b, std::vector<std::pair<int, int>> ends,
                                  bool fill, bool notouch, std::vector<std::vector<int>> blocks) {
    auto core = std::make_shared<CorePuzzle>();
    check_nodes(nodes, n, "an open node");
    for (const auto& block : blocks) check_nodes(block, n, "a no2x2 block");
    check_nodes(a, n, "an edge");
    check_nodes(b, n, "an edge");
    for (auto& end : ends)
        if (end.first < 0 || end.first >= n || end.second < 0 || end.second >= n)
            throw py::value_error("an endpoint names a node outside the graph");
    {
        py::gil_scoped_release quiet;
        core->puzzle.build(n, std::move(nodes), std::move(a), std::move(b), std::move(ends), fill,
                           notouch, std::move(blocks));
    }
    return core;
}

std::shared_ptr<CorePuzzle> make_puzzle(int n, const py::buffer& open_nodes,
                                        const py::buffer& edges,
                                        std::vector<std::pair<int, int>> ends, bool fill,
                                        bool notouch, std::vector<std::vector<int>> blocks) {
    if (n < 0) throw py::value_error("a graph of a negative number of nodes");
    std::vector<int> nodes = IntView(open_nodes, "nodes").values(), a, b;
    split_edges(IntView(edges, "edges"), a, b);
    return built(n, std::move(nodes), std::move(a), std::move(b), std::move(ends), fill, notouch,
                 std::move(blocks));
}

// A plain square board's graph from one byte per cell (satlink.graph's square_steps): bit 2 the
// cell is open, bit 0 it has an edge to the cell on its right (+1), bit 1 to the one below
// (+width).  Read cell by cell, right before down, the pairs come in satlink.graph's order; they
// are checked like any edge list handed over, so the bytes cannot smuggle in another order; a
// step right from the last column (which would wrap into the next row), a step down from the
// last row, or a step to or from a closed cell is refused.
std::shared_ptr<CorePuzzle> make_square_puzzle(int width, int height, const py::bytes& steps,
                                               std::vector<std::pair<int, int>> ends, bool fill,
                                               bool notouch,
                                               std::vector<std::vector<int>> blocks) {
    if (width < 0 || height < 0 || (height && width > INT32_MAX / height))
        throw py::value_error("a square board of a negative or too large size");
    char* cells = nullptr;
    py::ssize_t length = 0;
    if (PyBytes_AsStringAndSize(steps.ptr(), &cells, &length) < 0) throw py::error_already_set();
    const int n = width * height;
    if (length != (py::ssize_t)n) throw py::value_error("steps: one byte per cell");
    std::vector<int> nodes, a, b;
    nodes.reserve(n);
    a.reserve(2 * (size_t)n);
    b.reserve(2 * (size_t)n);
    for (int x = 0; x < n; ++x) {
        const unsigned char step = (unsigned char)cells[x];
        if (step & ~7u) throw py::value_error("steps: a byte other than bits 0 to 2");
        if (step & 4) nodes.push_back(x);
        for (int bit = 0; bit < 2; ++bit) {
            if (!(step & (1 << bit))) continue;
            if (bit ? x + width >= n : x % width == width - 1)
                throw py::value_error("steps: a step off the board's last row or column");
            a.push_back(x);
            b.push_back(x + (bit ? width : 1));
        }
    }
    for (size_t k = 0; k < a.size(); ++k)
        if (!(cells[a[k]] & 4) || !(cells[b[k]] & 4))
            throw py::value_error("steps: a step to or from a closed cell");
    check_order(a, b);
    return built(n, std::move(nodes), std::move(a), std::move(b), std::move(ends), fill, notouch,
                 std::move(blocks));
}

// A state the Python side holds: its graph kept alive, and who is using it.  (Its Python
// puzzle is kept by the Python subclass, satlink/deduce/compiled.py, where the collector sees it.)
struct PyState {
    std::shared_ptr<CorePuzzle> core;
    State st;
    std::atomic<bool> busy{false};
    bool consumed = false;  // a search by case splits moved ``st`` into its last case
};

// Holds a state for one call; a second holder (another thread, while a GIL-released call
// runs) is refused.  Calls with the GIL cannot interleave with each other, so this is the
// only race there is, and refusing it costs one atomic exchange per call.
class Using {
public:
    explicit Using(PyState& s) : s_(s) {
        if (s_.busy.exchange(true, std::memory_order_acquire))
            throw std::runtime_error(
                "this deduction state is in use by another thread (give each thread its own: "
                "State.copy)");
        if (s_.consumed) {
            s_.busy.store(false, std::memory_order_release);
            throw std::runtime_error(
                "this deduction state was consumed by a search by case splits (search from a "
                "copy to keep it: State.copy)");
        }
    }
    ~Using() { s_.busy.store(false, std::memory_order_release); }
    Using(const Using&) = delete;
    Using& operator=(const Using&) = delete;

private:
    PyState& s_;
};

PyState* new_state(std::shared_ptr<CorePuzzle> core, State st) {
    auto* s = new PyState{std::move(core), std::move(st)};
    return s;
}

// --- results --------------------------------------------------------------------------------

py::tuple as_tuple(const std::vector<int>& values) {
    py::tuple out(values.size());
    for (size_t i = 0; i < values.size(); ++i) out[i] = py::int_(values[i]);
    return out;
}

py::list flags_of(const std::vector<uint8_t>& values) {
    py::list out(values.size());
    for (size_t i = 0; i < values.size(); ++i) out[i] = py::bool_(values[i] != 0);
    return out;
}

py::object python_contradiction(const Contradiction& c) {
    py::object reached = c.has_reached ? py::object(flags_of(c.reached)) : py::none();
    return python_class("satlink.deduce.puzzle", "Contradiction")(
        c.kind, py::arg("label") = c.label, py::arg("nodes") = as_tuple(c.nodes),
        py::arg("edges") = as_tuple(c.edges), py::arg("reached") = reached);
}

// One look-ahead step's outcome.
struct Lookahead {
    bool progress = false;      // a move was refuted and its opposite set
    bool budget_spent = false;  // the hypotheses ran out first
    long tried = 0;             // hypotheses tried so far (the count given in, plus this step's)
    Refutation refuted;         // the move refuted and why (when ``progress``)
};

// What a settled look-ahead (Search::settle) did.
struct Settled {
    bool finished = false;      // the board is finished
    long tried = 0;             // hypotheses tried so far (the count given in, plus these)
    long refuted = 0;           // moves refuted (each one's opposite set, then the fixpoint)
    std::vector<Refutation> refutations;  // each, in order (when asked for)
};

py::tuple refutation_of(const Refutation& r) {
    return py::make_tuple(py::make_tuple(r.move, r.a, r.b), python_contradiction(r.why));
}

struct SplitResult {
    std::vector<std::vector<uint8_t>> solutions;
    bool complete = true;  // every case covered (no bound stopped the search)
    long nodes = 0;
    long memo_hits = 0;    // (Dfs) states closed by the failed states' memory
};

template <class T> py::list list_of(const std::vector<T>& values) {
    py::list out(values.size());
    for (size_t i = 0; i < values.size(); ++i) out[i] = py::int_(values[i]);
    return out;
}

// Every field of the state (the scratch buffers aside), for the tests of the trail.
py::dict fields_of(const State& st) {
    py::dict out;
    out["es"] = list_of(st.es);
    out["undecided"] = st.undecided;
    out["on"] = list_of(st.on);
    out["unk"] = list_of(st.unk);
    out["seg"] = list_of(st.seg);
    out["size"] = list_of(st.size);
    out["end1"] = list_of(st.end1);
    out["end2"] = list_of(st.end2);
    out["col"] = list_of(st.col);
    py::list sparse;
    for (const Sparse& set : st.scol) sparse.append(py::make_tuple(set.but, list_of(set.items)));
    out["scol"] = sparse;
    out["queue"] = list_of(std::vector<int>(st.queue.begin() + st.head, st.queue.end()));
    out["queued"] = list_of(st.queued);
    out["stamp"] = list_of(st.stamp);
    out["stamp_all"] = st.stamp_all;
    out["seen_region"] = list_of(st.seen_region);
    out["seen_bottleneck"] = list_of(st.seen_bottleneck);
    out["cuts"] = st.cuts;
    out["seen_cuts"] = list_of(st.seen_cuts);
    const size_t read = std::min(st.cursor[0], st.cursor[1]);
    out["log"] = list_of(std::vector<int>(st.log.begin() + read, st.log.end()));
    out["cursor"] = py::make_tuple(st.cursor[0] - read, st.cursor[1] - read);
    out["recording"] = st.recording;
    out["changes"] = st.changes.size();
    out["counting"] = st.counting;
    out["carriers"] = st.counting ? py::object(list_of(st.carriers)) : py::none();
    out["carriers_all"] = st.counting ? py::object(py::int_(st.carriers_all)) : py::none();
    out["trail"] = st.trail.size() + st.trail_sparse.size();
    out["trailing"] = st.trailing;
    return out;
}

bool hypothesis(State& st, int e, std::vector<Technique> passes, int depth, long forget) {
    Search search;
    search.budget = 1L << 40;
    search.trial_passes = std::move(passes);
    State::Mark at;
    st.mark_trail(at);
    bool contradicted = false;
    try {
        st.set_on(e);
        search.closure(st, depth);
    } catch (const Contradiction&) {
        contradicted = true;
    }
    if (forget >= 0 && at.trail + (size_t)forget < st.trail.size())
        st.trail.erase(st.trail.begin() + (long)(at.trail + (size_t)forget));
    st.undo_trail(at);
    return contradicted;
}

py::list changes_of(const State& st) {
    py::list out;
    const int w = st.p->words;
    for (const Change& c : st.changes) {
        if (c.what == 'n')
            out.append(py::make_tuple("on", c.a, c.cause));
        else if (c.what == 'f')
            out.append(py::make_tuple("off", c.a, c.cause, c.why));
        else
            out.append(py::make_tuple("colour", c.a, colour_int(c.removed_words(*st.p).data(), w),
                                      colour_int(c.left_words(*st.p).data(), w)));
    }
    return out;
}

std::vector<std::vector<int>> paths_of(const State& st) {
    // each colour's path from its first endpoint, along ON edges (complete states)
    const Puzzle& P = *st.p;
    std::vector<std::vector<int>> out;
    for (const auto& ends : P.ends) {
        std::vector<int> path;
        st.along(ends.first, [&](int x) {
            path.push_back(x);
            return path.size() <= (size_t)P.n;
        });
        out.push_back(std::move(path));
    }
    return out;
}

// --- limits ---------------------------------------------------------------------------------

// The calling thread's stack floor, with a margin for the deepest non-recursive pass below the
// recursion (found once per thread: on the main thread glibc reads /proc/self/maps for it).
const char* stack_floor() {
    thread_local bool known = false;
    thread_local const char* floor = nullptr;
    if (known) return floor;
    known = true;
#if defined(__linux__)
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* low = nullptr;
        size_t size = 0;
        if (pthread_attr_getstack(&attr, &low, &size) == 0 && low != nullptr)
            floor = static_cast<const char*>(low) + std::min<size_t>(size / 4, 256 * 1024);
        pthread_attr_destroy(&attr);
    }
#endif
    return floor;
}

Limits limits_of(std::optional<double> deadline, const Cancel* cancel) {
    Limits limits;
    limits.stack_floor = stack_floor();
    if (deadline) limits.deadline = *deadline;
    limits.cancel = cancel;
    return limits;
}

// ``work`` on ``s`` without the GIL, the state held against other threads meanwhile.
template <class F>
auto working(PyState& s, F work) {
    Using held(s);
    py::gil_scoped_release quiet;
    return work();
}

int colour_count(const PyState& s) { return s.st.p->k + 1; }

// A complete search (Split, Dfs) run by ``run`` on ``s`` without the GIL: its solutions and
// states, and whether it covered every case (not when its budget ran out first).
template <class Search, class Run>
SplitResult searched(PyState& s, Search& search, Run run) {
    SplitResult out;
    try {
        working(s, [&] {
            run(search, s.st);
            return 0;
        });
    } catch (const BudgetSpent&) {
        out.complete = false;
    }
    out.solutions = std::move(search.solutions);
    out.nodes = search.nodes;
    if constexpr (std::is_same_v<Search, Dfs>) out.memo_hits = search.memo_hits;
    return out;
}


}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "satlink's deduction engine, compiled (see satlink/deduce/compiled.py).";

    py::register_exception_translator([](std::exception_ptr thrown) {
        try {
            if (thrown) std::rethrow_exception(thrown);
        } catch (const Contradiction& c) {
            py::object error = python_contradiction(c);
            PyErr_SetObject(py::type::of(error).ptr(), error.ptr());
        } catch (const OutOfTime&) {
            py::object type = python_class("satlink.deduce.puzzle", "OutOfTime");
            PyErr_SetNone(type.ptr());
        } catch (const BudgetSpent&) {
            py::object type = python_class("satlink.deduce.puzzle", "BudgetSpent");
            PyErr_SetNone(type.ptr());
        }
    });

    py::enum_<Technique> technique(m, "Technique",
                                   "The techniques, by the grader's names (satlink.grading).");
    for (int i = 0; i < TECHNIQUE_COUNT; ++i) technique.value(TECHNIQUE_NAMES[i], Technique(i));

    py::class_<Cancel>(m, "Cancel",
                       "A cancel flag the engine reads while it works: interrupt() from any "
                       "thread stops the call it was given to (OutOfTime).")
        .def(py::init<>())
        .def("interrupt", &Cancel::interrupt)
        .def_property_readonly("cancelled", &Cancel::cancelled);

    py::class_<CorePuzzle, std::shared_ptr<CorePuzzle>>(m, "Graph")
        .def_property_readonly("n", [](const CorePuzzle& c) { return c.puzzle.n; })
        .def_property_readonly("words", [](const CorePuzzle& c) { return c.puzzle.words; });

    m.def("graph", &make_puzzle, py::arg("n"), py::arg("nodes"), py::arg("edges"),
          py::arg("ends"), py::arg("fill"), py::arg("notouch"), py::arg("blocks"),
          "The compiled form of a satlink.deduce.Puzzle: `nodes` the open nodes and `edges` the "
          "edges flattened (a0, b0, a1, b1, ...) in satlink.graph's order, each a "
          "one-dimensional integer buffer (BoardGraph.open_node_buffer, .edge_buffer).");
    m.def("square_graph", &make_square_puzzle, py::arg("width"), py::arg("height"),
          py::arg("steps"), py::arg("ends"), py::arg("fill"), py::arg("notouch"),
          py::arg("blocks"),
          "`graph` of a plain square board whose nodes are its cells, given as one byte per "
          "cell (BoardGraph.square_steps: bit 2 open, bit 0 an edge right, bit 1 an edge down) "
          "instead of buffers: a huge open board's are made without numpy.");

    py::class_<Lookahead>(m, "Lookahead", "One look-ahead step's outcome.")
        .def_readonly("progress", &Lookahead::progress, "a move was refuted; its opposite is set")
        .def_readonly("budget_spent", &Lookahead::budget_spent)
        .def_readonly("tried", &Lookahead::tried, "hypotheses tried so far")
        .def_property_readonly("move",
                               [](const Lookahead& r) -> py::object {
                                   if (!r.refuted.found) return py::none();
                                   return py::make_tuple(r.refuted.move, r.refuted.a, r.refuted.b);
                               },
                               "the refuted move: (\"edge\", e, x), (\"empty\", x, -1), "
                               "(\"used\", x, -1), or None")
        .def_property_readonly("why", [](const Lookahead& r) -> py::object {
            if (!r.refuted.found) return py::none();
            return python_contradiction(r.refuted.why);
        });

    py::class_<Settled>(m, "Settled", "What a settled look-ahead did.")
        .def_readonly("finished", &Settled::finished, "the board is finished")
        .def_readonly("tried", &Settled::tried, "hypotheses tried so far")
        .def_readonly("refuted", &Settled::refuted, "moves refuted")
        .def_property_readonly("refutations",
                               [](const Settled& r) {
                                   py::list out;
                                   for (const Refutation& one : r.refutations)
                                       out.append(refutation_of(one));
                                   return out;
                               },
                               "each refuted move and why, in order (when asked for): "
                               "((\"edge\", e, x) | (\"empty\", x, -1) | (\"used\", x, -1), "
                               "Contradiction)");

    py::class_<SplitResult>(m, "SplitResult", "What a search by case splits found.")
        .def_property_readonly("solutions",
                               [](const SplitResult& r) {
                                   py::list out;
                                   for (const auto& es : r.solutions)
                                       out.append(py::bytes(reinterpret_cast<const char*>(es.data()),
                                                            es.size()));
                                   return out;
                               },
                               "the edge states of each solution found, as bytes")
        .def_readonly("complete", &SplitResult::complete, "every case covered")
        .def_readonly("nodes", &SplitResult::nodes, "search nodes visited")
        .def_readonly("memo_hits", &SplitResult::memo_hits,
                      "(dfs) states closed by the failed states' memory");

    py::class_<PyState>(m, "State")
        .def(py::init([](std::shared_ptr<CorePuzzle> core, bool recording) {
                 if (!core) throw py::type_error("State: a graph from graph(), not None");
                 PyState* s = new_state(core, State(&core->puzzle));
                 s->st.recording = recording;
                 return s;
             }),
             py::arg("graph"), py::arg("recording") = false)
        .def(py::init([](PyState& other) {
                 Using held(other);
                 return new_state(other.core, other.st.copy());
             }),
             py::arg("other"), "A plain (non-recording) copy of `other`.")
        .def("set_on", [](PyState& s, long e) {
            Using held(s);
            return s.st.set_on(within(e, (long)s.st.es.size(), "edge"));
        })
        .def("set_off", [](PyState& s, long e) {
            Using held(s);
            return s.st.set_off(within(e, (long)s.st.es.size(), "edge"));
        })
        .def("restrict",
             [](PyState& s, long x, const py::int_& mask) {
                 Using held(s);
                 const int node = within(x, s.st.p->n, "node");
                 std::vector<uint64_t> words;
                 colour_words(mask, s.st.p->words, words);
                 return s.st.restrict_mask(node, words.data());
             })
        .def("colour", [](PyState& s, long x) {
            Using held(s);
            return colour_int(s.st.colour_of(within(x, s.st.p->n, "node")), s.st.p->words);
        })
        .def("need", [](PyState& s, long x) {
            Using held(s);
            return s.st.need(within(x, s.st.p->n, "node"));
        })
        .def("complete", [](PyState& s) { Using held(s); return s.st.complete(); })
        .def("solved_nodes", [](PyState& s) { Using held(s); return s.st.solved_nodes(); })
        .def("heads", [](PyState& s) { Using held(s); return s.st.heads(); })
        .def("undecided_nodes", [](PyState& s) { Using held(s); return s.st.undecided_nodes(); })
        .def("reach",
             [](PyState& s, long k, long start) {
                 Using held(s);
                 return flags_of(s.st.reach(within(k, colour_count(s), "colour"),
                                            within(start, s.st.p->n, "node")));
             })
        .def("_carriers_consistent", [](PyState& s) { Using held(s); return s.st.carriers_consistent(); })
        .def("_region_memory",
             [](PyState& s, bool memory, bool verify, int plant) {
                 Using held(s);
                 s.st.region_memory = memory;
                 s.st.region_verify = verify;
                 s.st.region_plant = plant;
                 // what was remembered with other settings is not read with these
                 s.st.cuts = 0;
                 std::fill(s.st.seen_cuts.begin(), s.st.seen_cuts.end(), -1);
                 return s.st.region_skipped;
             },
             py::arg("memory"), py::arg("verify") = false, py::arg("plant") = 0,
             "For the tests: whether region skips a colour its cuts show whole (`memory`), "
             "whether a search confirms each skip (`verify`: a colour not whole raises "
             "RuntimeError), and a planted bug `verify` must catch (`plant` 1: colours ruled "
             "out of a node are not logged; 2: the memory is not undone with a hypothesis).  Returns how "
             "many colours' searches region skipped so far.")
        .def("_fields", [](PyState& s) { Using held(s); return fields_of(s.st); },
             "For the tests: every field of the state, as Python values (the trail's undo must "
             "give them back exactly)")
        .def("_hypothesis",
             [](PyState& s, int e, std::vector<Technique> passes, int depth, long forget) {
                 Using held(s);
                 within(e, (int)s.st.es.size(), "edge");
                 return hypothesis(s.st, e, std::move(passes), depth, forget);
             },
             py::arg("e"), py::arg("passes"), py::arg("depth") = 0, py::arg("forget") = -1,
             "For the tests: edge `e` on and the closure (the passes, look-ahead to `depth`) on "
             "the state itself, then undone; whether it contradicted.  `forget` >= 0 drops that "
             "entry of the trail before the undo (a planted bug the tests must notice).")
        .def_property_readonly("undecided", [](PyState& s) { Using held(s); return s.st.undecided; })
        .def_property_readonly("es",
                               [](PyState& s) {
                                   Using held(s);
                                   return py::bytes(reinterpret_cast<const char*>(s.st.es.data()),
                                                    s.st.es.size());
                               },
                               "the edge states (UNKNOWN 0, ON 1, OFF 2), a snapshot")
        .def_property_readonly("in_use", [](const PyState& s) { return s.busy.load(); },
                               "whether a call is using this state now (in another thread)")
        .def("on_edges",
             [](PyState& s) {
                 Using held(s);
                 std::vector<int> out;
                 for (size_t e = 0; e < s.st.es.size(); ++e)
                     if (s.st.es[e] == ON) out.push_back((int)e);
                 return out;
             })
        .def("paths", [](PyState& s) { Using held(s); return paths_of(s.st); })
        .def_property(
            "changes", [](PyState& s) { Using held(s); return changes_of(s.st); },
            [](PyState& s, const py::list& value) {
                Using held(s);
                if (py::len(value)) throw py::value_error("changes may only be cleared (set to [])");
                s.st.changes.clear();
            });

    m.def("run",
          [](PyState& s, Technique technique, std::optional<double> deadline,
             const Cancel* cancel) {
              Limits limits = limits_of(deadline, cancel);
              return working(s, [&] { return run(s.st, technique, limits); });
          },
          py::arg("state"), py::arg("technique"), py::arg("deadline") = py::none(),
          py::arg("cancel") = py::none(),
          "One technique; the steps that made progress.  Past the deadline or once cancelled it "
          "raises OutOfTime.");
    m.def("finished", [](PyState& s) { return working(s, [&] { return finished(s.st); }); });
    m.def(
        "fixpoint",
        [](PyState& s, const std::vector<Technique>& passes, std::optional<double> deadline,
           const Cancel* cancel) {
            Limits limits = limits_of(deadline, cancel);
            working(s, [&] {
                fixpoint(s.st, passes, limits);
                return 0;
            });
        },
        py::arg("state"), py::arg("passes"), py::arg("deadline") = py::none(),
        py::arg("cancel") = py::none());
    m.def(
        "lookahead",
        [](PyState& s, int depth, long budget, long tried, std::vector<Technique> trial_passes,
           std::optional<double> deadline, const Cancel* cancel) {
            if (depth < 0) throw py::value_error("look-ahead to a negative depth");
            Search search;
            search.budget = budget;
            search.tried = tried;
            search.trial_passes = std::move(trial_passes);
            search.limits = limits_of(deadline, cancel);
            Lookahead out;
            try {
                out.progress = working(s, [&] { return search.lookahead(s.st, depth); }) != 0;
            } catch (const BudgetSpent&) {
                out.budget_spent = true;
            }
            out.tried = search.tried;
            if (out.progress) out.refuted = std::move(search.refuted);
            return out;
        },
        py::arg("state"), py::arg("depth"), py::arg("budget"), py::arg("tried"),
        py::arg("trial_passes"), py::arg("deadline") = py::none(), py::arg("cancel") = py::none(),
        "One look-ahead step (a Lookahead).");
    m.def(
        "settle",
        [](PyState& s, int depth, long budget, long tried, std::vector<Technique> trial_passes,
           std::vector<Technique> passes, bool keep_refutations, std::optional<double> deadline,
           const Cancel* cancel, bool resume) {
            if (depth < 0) throw py::value_error("look-ahead to a negative depth");
            Search search;
            search.budget = budget;
            search.tried = tried;
            search.trial_passes = std::move(trial_passes);
            search.keep_refutations = keep_refutations;
            search.resume = resume;
            search.limits = limits_of(deadline, cancel);
            Settled out;
            out.finished = working(s, [&] { return search.settle(s.st, depth, passes); });
            out.tried = search.tried;
            out.refuted = search.settled;
            out.refutations = std::move(search.refutations);
            return out;
        },
        py::arg("state"), py::arg("depth"), py::arg("budget"), py::arg("tried"),
        py::arg("trial_passes"), py::arg("passes"), py::arg("keep_refutations") = false,
        py::arg("deadline") = py::none(), py::arg("cancel") = py::none(),
        py::arg("resume") = false,
        "Look-ahead and the fixpoint of `passes` after each refuted move, until the board is "
        "finished, no move is refuted or the budget is spent (a Settled).  A contradiction in "
        "the fixpoint is raised as Contradiction, as by fixpoint.  With `resume`, each "
        "look-ahead after a refuted move begins with the move at the refuted one's place.");
    m.def(
        "first_stages",
        [](PyState& s, std::vector<Technique> passes, std::vector<Technique> deferred,
           long budget, long tried, std::vector<Technique> trial_passes, bool resume,
           std::optional<double> deadline, const Cancel* cancel) {
            Search search;
            search.budget = budget;
            search.tried = tried;
            search.trial_passes = std::move(trial_passes);
            search.resume = resume;
            search.limits = limits_of(deadline, cancel);
            const Staged out =
                working(s, [&] { return first_stages(s.st, search, passes, deferred); });
            return py::make_tuple(out.stage == Staged::lookahead ? "lookahead" : "fixpoint",
                                  out.finished, out.contradiction, search.tried);
        },
        py::arg("state"), py::arg("passes"), py::arg("deferred"), py::arg("budget"),
        py::arg("tried"), py::arg("trial_passes"), py::arg("resume") = false,
        py::arg("deadline") = py::none(), py::arg("cancel") = py::none(),
        "Presolve's first stages in one call: the fixpoint of `passes`, then (unless the board "
        "is finished or `budget` is 0) look-ahead with `deferred` run only once no move is "
        "refuted.  Returns (stage, finished, contradiction, tried): the stage reached "
        "(\"fixpoint\" or \"lookahead\"), whether the board is finished, whether a "
        "contradiction ended the stages (returned, not raised).");
    m.def(
        "split",
        [](PyState& s, long budget, long limit, std::vector<Technique> passes, long max_depth,
           std::optional<double> deadline, const Cancel* cancel) {
            Split search;
            search.budget = budget;
            search.limit = (size_t)std::max(limit, 0L);
            search.max_depth = (int)std::min(max_depth, (long)INT32_MAX);
            search.passes = std::move(passes);
            search.limits = limits_of(deadline, cancel);
            // The last case of the root's split runs on the state itself; the state is marked
            // consumed while this call still holds it (inside `working`), so no other thread
            // can start on it in between, and whether the split ends or throws.
            struct Consumed {
                PyState& s;
                ~Consumed() {
                    if (s.st.seg.size() != (size_t)s.st.p->n) s.consumed = true;  // moved from
                }
            };
            return searched(s, search, [&s](Split& x, State& st) {
                Consumed consumed{s};
                x.run(st);
            });
        },
        py::arg("state"), py::arg("budget"), py::arg("limit"), py::arg("passes"),
        py::arg("max_depth"), py::arg("deadline") = py::none(), py::arg("cancel") = py::none(),
        "Search by case splits from `state` (which it consumes): a SplitResult.");
    m.def(
        "dfs",
        [](PyState& s, long budget, long limit, std::vector<Technique> passes, int order,
           std::optional<double> deadline, const Cancel* cancel, int plant,
           std::vector<int> rank, long memo_bytes) {
            if (order < 0 || order > (int)Dfs::Order::sweep) throw py::value_error("dfs: no such order");
            if (!rank.empty() && rank.size() != (size_t)s.st.p->n)
                throw py::value_error("dfs: a rank per graph node, or none");
            if (plant < 0 || plant > (int)Dfs::Plant::memo_no_ends)
                throw py::value_error("dfs: no such plant");
            Dfs search;
            search.rank = std::move(rank);
            search.budget = budget;
            search.limit = (size_t)std::max(limit, 0L);
            search.passes = std::move(passes);
            search.order = static_cast<Dfs::Order>(order);
            search.plant = static_cast<Dfs::Plant>(plant);
            search.memo_bytes = (size_t)std::max(memo_bytes, 0L);
            search.limits = limits_of(deadline, cancel);
            return searched(s, search, [](Dfs& x, State& st) { x.search(st); });
        },
        py::arg("state"), py::arg("budget"), py::arg("limit"), py::arg("passes"),
        py::arg("order") = 0, py::arg("deadline") = py::none(), py::arg("cancel") = py::none(),
        py::arg("plant") = 0, py::arg("rank") = std::vector<int>(), py::arg("memo_bytes") = 0,
        "Depth-first search on the trail from `state` (left as it was): a SplitResult.");
    m.def(
        "paths",
        [](std::shared_ptr<CorePuzzle> core, const py::bytes& es) {
            // each colour's path from its first endpoint along the ON edges of `es`
            if (!core) throw py::type_error("paths: a graph from graph(), not None");
            std::string states = es;
            if (states.size() != core->puzzle.ea.size())
                throw py::value_error("edge states of another board");
            State st;
            st.p = &core->puzzle;
            st.es.assign(states.begin(), states.end());
            return paths_of(st);
        },
        py::arg("graph"), py::arg("es"));
    m.def(
        "plant_parity", [](int bug) { parity_plant = bug; }, py::arg("bug"),
        "For the tests only: plant a bug in the parity pass (0 none, 1 an end's shade flipped, "
        "2 spent nodes counted), to show that they catch it.");
}
