// A tiny assertion helper: EXPECT records a failure and goes on; main returns the failure count.
#pragma once
#include <cstdio>
#include <string>

namespace testutil {
inline int& failures() {
    static int n = 0;
    return n;
}
}  // namespace testutil

#define EXPECT(cond)                                                                   \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            std::fprintf(stderr, "%s:%d: EXPECT(%s) failed\n", __FILE__, __LINE__, #cond); \
            ++testutil::failures();                                                    \
        }                                                                              \
    } while (0)
#define EXPECT_EQ(a, b)                                                                              \
    do {                                                                                             \
        if (!((a) == (b))) {                                                                         \
            std::fprintf(stderr, "%s:%d: EXPECT_EQ(%s, %s) failed\n", __FILE__, __LINE__, #a, #b);   \
            ++testutil::failures();                                                                  \
        }                                                                                            \
    } while (0)
#define TEST_RESULT() (testutil::failures() == 0 ? (std::puts("ok"), 0) : 1)
