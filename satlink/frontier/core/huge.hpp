// An allocator for the sweep's big tables that asks the kernel for huge pages.
//
// A level's table of a million states is read and written at random; in 4 KiB pages nearly
// every access also misses the TLB, and under a hypervisor's nested paging a TLB miss costs
// more than the cache miss itself.  Blocks of 2 MiB and more are aligned to 2 MiB and marked
// MADV_HUGEPAGE (transparent huge pages in `madvise` mode, the common default), so one TLB
// entry covers 512 times as much.  Smaller blocks, and systems without madvise, get the
// ordinary allocation.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace frontier {

template <class T>
struct HugePages {
    using value_type = T;
    static constexpr size_t HUGE_PAGE = size_t(2) << 20;

    HugePages() = default;
    template <class U>
    HugePages(const HugePages<U>&) {}

    T* allocate(size_t n) {
        size_t bytes = n * sizeof(T);
        if (bytes < HUGE_PAGE) {
            if (void* p = std::malloc(bytes)) return static_cast<T*>(p);
            throw std::bad_alloc();
        }
        bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void* p = std::aligned_alloc(HUGE_PAGE, bytes);
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without it the pages are small
#endif
        return static_cast<T*>(p);
    }
    void deallocate(T* p, size_t) { std::free(p); }

    template <class U>
    bool operator==(const HugePages<U>&) const { return true; }
    template <class U>
    bool operator!=(const HugePages<U>&) const { return false; }
};

}  // namespace frontier
