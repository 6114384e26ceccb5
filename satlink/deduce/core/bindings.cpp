// The compiled engine as the Python module satlink.deduce._core (pybind11).  Python sees the
// same State interface as satlink.deduce.state.State; the engine facade
// (satlink/deduce/engines.py) is the one place that chooses between the two.
//
// The GIL is released while the engine works (a long deduction on a huge board must not stop
// the studio's server thread); a cancel flag (the studio's CancelToken.flag) is read without it.
#include <pthread.h>

#include <algorithm>
#include <string>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "engine.hpp"

namespace py = pybind11;
using namespace satlink;

namespace {

py::object python_class(const char* module, const char* name) {
    return py::module_::import(module).attr(name);
}

py::int_ to_int(const uint64_t* words, int w) {
    py::int_ out(0);
    for (int i = w - 1; i >= 0; --i) {
        auto word = py::reinterpret_steal<py::int_>(PyLong_FromUnsignedLongLong(words[i]));
        out = py::reinterpret_steal<py::int_>(PyNumber_Lshift(out.ptr(), py::int_(64).ptr()));
        out = py::reinterpret_steal<py::int_>(PyNumber_Or(out.ptr(), word.ptr()));
    }
    return out;
}

std::vector<uint64_t> to_words(const py::int_& value, int w) {
    std::vector<uint64_t> words(w);
    py::object rest = value;
    py::int_ shift(64);
    for (int i = 0; i < w; ++i) {
        words[i] = PyLong_AsUnsignedLongLongMask(rest.ptr());
        if (PyErr_Occurred()) throw py::error_already_set();
        rest = py::reinterpret_steal<py::object>(PyNumber_Rshift(rest.ptr(), shift.ptr()));
    }
    return words;
}

py::tuple as_tuple(const std::vector<int>& values) {
    py::tuple out(values.size());
    for (size_t i = 0; i < values.size(); ++i) out[i] = py::int_(values[i]);
    return out;
}

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

py::object python_contradiction(const Contradiction& c) {
    py::object reached = py::none();
    if (c.has_reached) {
        py::list flags(c.reached.size());
        for (size_t i = 0; i < c.reached.size(); ++i) flags[i] = py::bool_(c.reached[i] != 0);
        reached = flags;
    }
    return python_class("satlink.deduce.puzzle", "Contradiction")(
        c.kind, py::arg("label") = c.label, py::arg("nodes") = as_tuple(c.nodes),
        py::arg("edges") = as_tuple(c.edges), py::arg("reached") = reached);
}

// The compiled graph of a board.  It holds nothing of Python: the Python puzzle keeps it
// (cached on the puzzle), so a reference back would be a cycle the garbage collector cannot
// see through a pybind11 object, and every board deduced would stay alive.
struct CorePuzzle {
    Puzzle puzzle;
};

// A one-dimensional buffer of integers from Python (the standard library's array('i'), a
// numpy int32 or int64 array), as ints: its type is checked once here, every value is
// range-checked, and any stride is followed.
std::vector<int> int_array(const py::buffer& given, const char* what) {
    py::buffer_info info = given.request();
    const std::string& format = info.format;
    const char kind = format.empty() ? '?' : format.back();
    const bool integer = kind == 'i' || kind == 'l' || kind == 'q';
    if (info.ndim != 1 || !integer || (info.itemsize != 4 && info.itemsize != 8))
        throw py::type_error(std::string(what) + ": a one-dimensional array of 32- or 64-bit integers");
    std::vector<int> out((size_t)info.shape[0]);
    const auto* data = static_cast<const char*>(info.ptr);
    for (py::ssize_t i = 0; i < info.shape[0]; ++i) {
        const char* at = data + i * info.strides[0];
        const int64_t v = info.itemsize == 4 ? *reinterpret_cast<const int32_t*>(at)
                                             : *reinterpret_cast<const int64_t*>(at);
        if (v < INT32_MIN || v > INT32_MAX)
            throw py::value_error(std::string(what) + " names a node outside the graph");
        out[(size_t)i] = (int)v;
    }
    return out;
}

// The edges as satlink.graph orders them (EDGE_ORDER: pairs a < b, sorted), or an error: edge e
// is SAT variable e + 1 everywhere, so the core numbers edges as it is handed them and checks
// that the order is the one every other part of satlink uses, never makes one of its own.
void split_edges(const std::vector<int>& flat, std::vector<int>& a, std::vector<int>& b) {
    if (flat.size() % 2) throw py::value_error("edges: pairs of nodes, flattened (a0, b0, a1, b1, ...)");
    const size_t m = flat.size() / 2;
    a.resize(m);
    b.resize(m);
    for (size_t e = 0; e < m; ++e) {
        a[e] = flat[2 * e];
        b[e] = flat[2 * e + 1];
        const bool ascending = e == 0 || a[e - 1] < a[e] || (a[e - 1] == a[e] && b[e - 1] < b[e]);
        if (a[e] >= b[e] || !ascending)
            throw py::value_error("edges out of satlink.graph's order (pairs a < b, sorted), at edge " +
                                  std::to_string(e));
    }
}

std::shared_ptr<CorePuzzle> make_puzzle(int n, const py::buffer& open_nodes,
                                        const py::buffer& edges,
                                        std::vector<std::pair<int, int>> ends, bool fill,
                                        bool notouch, std::vector<std::vector<int>> blocks) {
    if (n < 0) throw py::value_error("a graph of a negative number of nodes");
    auto core = std::make_shared<CorePuzzle>();
    std::vector<int> nodes = int_array(open_nodes, "nodes"), a, b;
    split_edges(int_array(edges, "edges"), a, b);
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

// A state the Python side holds; keeps its compiled graph alive (the Python puzzle is kept by
// the Python subclass, satlink.deduce.engines, where the collector sees it).
struct PyState {
    std::shared_ptr<CorePuzzle> core;
    State st;
};

const uint8_t* cancel_flag(const py::object& flag) {
    if (flag.is_none()) return nullptr;
    py::buffer_info info = py::reinterpret_borrow<py::buffer>(flag).request();
    if (info.size < 1) throw py::value_error("cancel flag: a buffer of at least one byte");
    return static_cast<const uint8_t*>(info.ptr);
}

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

Limits limits_of(py::object deadline, const py::object& flag) {
    Limits limits;
    limits.stack_floor = stack_floor();
    if (!deadline.is_none()) limits.deadline = deadline.cast<double>();
    limits.cancel = cancel_flag(flag);
    return limits;
}

template <class F>
auto without_gil(F work) {
    py::gil_scoped_release quiet;
    return work();
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
            out.append(py::make_tuple("colour", c.a, to_int(c.removed.data(), w),
                                      to_int(c.left.data(), w)));
    }
    return out;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "satlink's deduction engine, compiled (see satlink/deduce/engines.py).";

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

    py::class_<CorePuzzle, std::shared_ptr<CorePuzzle>>(m, "Graph")
        .def_property_readonly("n", [](const CorePuzzle& c) { return c.puzzle.n; })
        .def_property_readonly("words", [](const CorePuzzle& c) { return c.puzzle.words; });

    m.def("graph", &make_puzzle, py::arg("n"), py::arg("nodes"), py::arg("edges"),
          py::arg("ends"), py::arg("fill"), py::arg("notouch"), py::arg("blocks"),
          "The compiled form of a satlink.deduce.Puzzle: `nodes` the open nodes and `edges` the "
          "edges flattened (a0, b0, a1, b1, ...) in satlink.graph's order, each a "
          "one-dimensional integer buffer (BoardGraph.open_node_buffer, .edge_buffer).");

    py::class_<PyState>(m, "State", py::buffer_protocol())
        .def_buffer([](PyState& s) {  // the edge states, read-only, as `es`
            return py::buffer_info(s.st.es.data(), 1, py::format_descriptor<uint8_t>::format(), 1,
                                   {(py::ssize_t)s.st.es.size()}, {(py::ssize_t)1}, true);
        })
        .def(py::init([](std::shared_ptr<CorePuzzle> core, bool recording) {
                 if (!core) throw py::type_error("State: a graph from graph(), not None");
                 auto* s = new PyState{core, State(&core->puzzle)};
                 s->st.recording = recording;
                 return s;
             }),
             py::arg("graph"), py::arg("recording") = false)
        .def(py::init([](const PyState& other) { return new PyState{other.core, other.st.copy()}; }),
             py::arg("other"), "A plain (non-recording) copy of `other`.")
        .def("set_on", [](PyState& s, int e) { return s.st.set_on(within(e, (long)s.st.es.size(), "edge")); })
        .def("set_off", [](PyState& s, int e) { return s.st.set_off(within(e, (long)s.st.es.size(), "edge")); })
        .def("restrict",
             [](PyState& s, int x, py::int_ mask) {
                 std::vector<uint64_t> words = to_words(mask, s.st.p->words);
                 return s.st.restrict_mask(within(x, s.st.p->n, "node"), words.data());
             })
        .def("colour", [](const PyState& s, int x) { return to_int(s.st.colour_of(within(x, s.st.p->n, "node")), s.st.p->words); })
        .def("need", [](const PyState& s, int x) { return s.st.need(within(x, s.st.p->n, "node")); })
        .def("complete", [](const PyState& s) { return s.st.complete(); })
        .def("solved_nodes", [](const PyState& s) { return s.st.solved_nodes(); })
        .def("heads", [](const PyState& s) { return s.st.heads(); })
        .def("undecided_nodes", [](const PyState& s) { return s.st.undecided_nodes(); })
        .def("reach",
             [](PyState& s, int k, int start) {
                 std::vector<uint8_t> seen = s.st.reach(within(k, s.st.p->k + 1, "colour"), within(start, s.st.p->n, "node"));
                 py::list out(seen.size());
                 for (size_t i = 0; i < seen.size(); ++i) out[i] = py::bool_(seen[i] != 0);
                 return out;
             })
        .def("_carriers_consistent", [](const PyState& s) { return s.st.carriers_consistent(); })
        .def_property_readonly("undecided", [](const PyState& s) { return s.st.undecided; })
        .def_property_readonly("es", [](py::object self) { return py::memoryview(self); })
        .def("on_edges",
             [](const PyState& s) {
                 std::vector<int> out;
                 for (size_t e = 0; e < s.st.es.size(); ++e)
                     if (s.st.es[e] == ON) out.push_back((int)e);
                 return out;
             })
        .def("paths",
             [](const PyState& s) {
                 // each colour's path from its first endpoint, along ON edges (complete states)
                 const Puzzle& P = *s.st.p;
                 std::vector<std::vector<int>> out;
                 for (const auto& ends : P.ends) {
                     std::vector<int> path;
                     s.st.along(ends.first, [&](int x) {
                         path.push_back(x);
                         return path.size() <= (size_t)P.n;
                     });
                     out.push_back(std::move(path));
                 }
                 return out;
             })
        .def_property(
            "changes", [](const PyState& s) { return changes_of(s.st); },
            [](PyState& s, const py::list& value) {
                if (py::len(value)) throw py::value_error("changes may only be cleared (set to [])");
                s.st.changes.clear();
            });

    m.def("run",
          [](PyState& s, int technique) { return without_gil([&] { return run(s.st, technique); }); },
          py::arg("state"), py::arg("technique"),
          "One technique (0 forced, 1 corner, 2 notouch, 3 region, 4 bottleneck); the steps "
          "that made progress.");
    m.def("finished", [](PyState& s) { return without_gil([&] { return finished(s.st); }); });
    m.def(
        "fixpoint",
        [](PyState& s, std::vector<int> passes, py::object deadline, py::object cancel) {
            Limits limits = limits_of(deadline, cancel);
            without_gil([&] {
                fixpoint(s.st, passes, limits);
                return 0;
            });
        },
        py::arg("state"), py::arg("passes"), py::arg("deadline") = py::none(),
        py::arg("cancel") = py::none());
    m.def(
        "lookahead",
        [](PyState& s, int depth, long budget, long tried, std::vector<int> trial_passes,
           py::object deadline, py::object cancel) -> py::tuple {
            if (depth < 0) throw py::value_error("look-ahead to a negative depth");
            Search search;
            search.budget = budget;
            search.tried = tried;
            search.trial_passes = std::move(trial_passes);
            search.limits = limits_of(deadline, cancel);
            int result;
            try {
                result = without_gil([&] { return search.lookahead(s.st, depth); });
            } catch (const BudgetSpent&) {
                return py::make_tuple(-1, search.tried, py::none());  // the budget ran out
            }
            py::object refuted = py::none();
            if (result && search.refuted.found) {
                const Refutation& r = search.refuted;
                refuted = py::make_tuple(py::make_tuple(r.move, r.a, r.b), python_contradiction(r.why));
            }
            return py::make_tuple(result, search.tried, refuted);
        },
        py::arg("state"), py::arg("depth"), py::arg("budget"), py::arg("tried"),
        py::arg("trial_passes"), py::arg("deadline") = py::none(), py::arg("cancel") = py::none(),
        "One look-ahead step: (1 after a refuted move, 0 if none, -1 when the budget ran out; "
        "hypotheses tried so far; ((move, a, b), Contradiction) or None).");
    m.def(
        "split",
        [](PyState& s, long budget, int limit, std::vector<int> passes, int max_depth,
           py::object deadline, py::object cancel) -> py::tuple {
            Split search;
            search.budget = budget;
            search.limit = (size_t)limit;
            search.max_depth = max_depth;
            search.passes = std::move(passes);
            search.limits = limits_of(deadline, cancel);
            bool complete = true;
            try {
                without_gil([&] {
                    search.run(s.st);
                    return 0;
                });
            } catch (const BudgetSpent&) {
                complete = false;
            }
            py::list found;
            for (const auto& es : search.solutions)
                found.append(py::bytes(reinterpret_cast<const char*>(es.data()), es.size()));
            return py::make_tuple(found, complete, search.nodes);
        },
        py::arg("state"), py::arg("budget"), py::arg("limit"), py::arg("passes"),
        py::arg("max_depth"), py::arg("deadline") = py::none(), py::arg("cancel") = py::none(),
        "Search by case splits from `state` (which it consumes): (the edge states of each "
        "solution found, as bytes; whether every case was covered; search nodes visited).");
    m.def(
        "paths",
        [](std::shared_ptr<CorePuzzle> core, py::bytes es) {
            // each colour's path from its first endpoint along the ON edges of `es`
            if (!core) throw py::type_error("paths: a graph from graph(), not None");
            std::string states = es;
            State st;
            st.p = &core->puzzle;
            if (states.size() != core->puzzle.ea.size())
                throw py::value_error("edge states of another board");
            st.es.assign(states.begin(), states.end());
            std::vector<std::vector<int>> out;
            for (const auto& ends : core->puzzle.ends) {
                std::vector<int> path;
                st.along(ends.first, [&](int x) {
                    path.push_back(x);
                    return path.size() <= (size_t)core->puzzle.n;
                });
                out.push_back(std::move(path));
            }
            return out;
        },
        py::arg("graph"), py::arg("es"));
}
