package org.aitelemetry.images.debian;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Debian's version order, on the kinds of versions bookworm's and trixie's suites serve. */
class DebianVersionTest {

    @ParameterizedTest(name = "{0} {2} {1}")
    @CsvSource({
        "17.0.21.1+2-1~deb12u1, 17.0.22+7-1~deb12u1, <",
        "17.0.22+7-1~deb12u1,   17.0.21.1+2-1~deb12u1, >",
        "2.36-9+deb12u14,       2.36-9+deb12u9,  >",
        "2.36-9+deb12u14,       2.36-9,          >",
        "20250419~deb12u2,      20250419,        <",
        "20250419~deb12u2,      20250419~deb12u1, >",
        "1:1.2.13.dfsg-1,       1.3-1,           >",
        "0:1.0-1,               1.0-1,           =",
        "1.0-1,                 1.00-1,          =",
        "1.0a-1,                1.0-1,           >",
        "1.0+b1,                1.0a,            >",
        "12.2.0-14+deb12u1,     12.2.0-14,       >",
        "0.5.12-2,              0.5.12-10,       <",
        "1.0~rc1-1,             1.0-1,           <",
        "25.0.5.1+2-1~deb13u1,  25.0.5+8-1~deb13u1, >",
        "1:1.3.dfsg+really1.3.1-1+deb13u1, 1:1.3.dfsg+really1.3.1-1, >",
        "20250419+deb13u1,      20250419~deb12u2, >",
    })
    void ordersVersionsAsDpkgDoes(String a, String b, String expected) {
        int sign = Integer.signum(DebianVersion.compare(a, b));

        assertThat(sign).isEqualTo(switch (expected) {
            case "<" -> -1;
            case ">" -> 1;
            default -> 0;
        });
        assertThat(Integer.signum(DebianVersion.compare(b, a))).isEqualTo(-sign);
    }
}
