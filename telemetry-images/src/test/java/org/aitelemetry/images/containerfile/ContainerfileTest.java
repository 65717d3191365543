package org.aitelemetry.images.containerfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading Containerfile syntax: continuations, comments, quoting, the exec form and build-argument substitution. */
class ContainerfileTest {

    @Test
    void joinsContinuedLinesAndDropsComments() {
        List<Instruction> instructions = Containerfile.parse("""
                # a comment
                ARG BASE=oci-archive:base.tar

                FROM ${BASE} AS run
                LABEL a="one two" \\
                      # a comment inside a continuation is dropped
                      b=three
                user 1001
                """);

        assertThat(instructions).extracting(Instruction::keyword).containsExactly("ARG", "FROM", "LABEL", "USER");
        assertThat(instructions.get(2).pairs()).isEqualTo(Map.of("a", "one two", "b", "three"));
        assertThat(instructions.get(2).line()).isEqualTo(5);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            'a=1 b=2'              | {a=1, b=2}
            'a="x y" b=""'         | {a=x y, b=}
            'a="say \\"hi\\""'     | {a=say "hi"}
            """)
    void pairs(String arguments, String expected) {
        assertThat(new Instruction("LABEL", arguments, 1).pairs()).hasToString(expected);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            LABEL      | novalue              | expected key=value
            LABEL      | 'a="open'            | unterminated quote
            ENTRYPOINT | /bin/run arg         | the exec form, a JSON array, is required
            ENTRYPOINT | '{"a": 1}'           | the exec form, a JSON array, is required
            """)
    void refusesMalformedArguments(String keyword, String arguments, String reason) {
        Instruction instruction = new Instruction(keyword, arguments, 7);

        assertThatThrownBy(() -> {
            Object read = keyword.equals("LABEL") ? instruction.pairs() : instruction.execForm();
        })
                .hasMessageContaining("line 7, " + keyword).hasMessageContaining(reason);
    }

    @Test
    void readsTheExecForm() {
        assertThat(new Instruction("ENTRYPOINT", "[\"/run.sh\", \"--flag\"]", 1).execForm())
                .containsExactly("/run.sh", "--flag");
    }

    @Test
    void substitutesBuildArgumentsAndRefusesUndeclaredOnes() {
        Instruction label = new Instruction("LABEL", "v=${VERSION} r=$REVISION", 3);

        assertThat(Containerfile.substitute(label, Map.of("VERSION", "1.0", "REVISION", "abc"))).isEqualTo("v=1.0 r=abc");
        assertThatThrownBy(() -> Containerfile.substitute(label, Map.of("VERSION", "1.0")))
                .hasMessageContaining("no build argument REVISION");
    }

    @Test
    void splitsStagesAtFrom() {
        Containerfile file = new Containerfile(null, Containerfile.parse("""
                ARG A=x
                FROM a AS build
                RUN make
                FROM b
                COPY --from=build /x /x
                """));

        assertThat(file.stages()).hasSize(2);
        assertThat(file.stages().get(1)).extracting(Instruction::keyword).containsExactly("FROM", "COPY");
    }

    @Test
    void refusesAnInstructionContinuedPastTheEnd() {
        assertThatThrownBy(() -> Containerfile.parse("FROM a\nLABEL a=b \\\n"))
                .hasMessageContaining("continues past the end");
    }
}
