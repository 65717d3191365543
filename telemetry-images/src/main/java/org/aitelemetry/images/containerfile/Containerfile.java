package org.aitelemetry.images.containerfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Containerfile (Dockerfile syntax) read into its instructions: comments and blank lines dropped, lines ending in a
 * backslash joined. Both the daemonless build (ContainerfileBuild) and the tests of the gpu-probe image read it so.
 */
public record Containerfile(Path path, List<Instruction> instructions) {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}|\\$([A-Za-z_][A-Za-z0-9_]*)");

    public static Containerfile read(Path path) throws IOException {
        return new Containerfile(path, parse(Files.readString(path)));
    }

    static List<Instruction> parse(String text) {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        int start = 0;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            // Blank and comment lines are dropped even inside a continuation, as Containerfile builders do.
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            if (pending.isEmpty()) {
                start = i + 1;
            }
            boolean continues = line.endsWith("\\");
            pending.append(continues ? line.substring(0, line.length() - 1) : line).append(' ');
            if (!continues) {
                String[] parts = pending.toString().strip().split("\\s+", 2);
                instructions.add(new Instruction(parts[0].toUpperCase(Locale.ROOT), parts.length > 1 ? parts[1] : "",
                        start));
                pending.setLength(0);
            }
        }
        if (!pending.isEmpty()) {
            throw new IllegalArgumentException("line " + start + ": the last instruction continues past the end");
        }
        return instructions;
    }

    /** The instructions of each stage, FROM first; ARGs before the first FROM belong to none. */
    public List<List<Instruction>> stages() {
        List<List<Instruction>> stages = new ArrayList<>();
        for (Instruction instruction : instructions) {
            if (instruction.keyword().equals("FROM")) {
                stages.add(new ArrayList<>());
            }
            if (!stages.isEmpty()) {
                stages.get(stages.size() - 1).add(instruction);
            }
        }
        return stages;
    }

    /** Replaces ${NAME} and $NAME with the build arguments in scope; a name not in scope is an error, not "". */
    public static String substitute(Instruction instruction, Map<String, String> scope) {
        Matcher matcher = VARIABLE.matcher(instruction.arguments());
        StringBuilder result = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
            String value = scope.get(name);
            if (value == null) {
                throw instruction.invalid("no build argument " + name + " in scope (declare it with ARG)");
            }
            matcher.appendReplacement(result, Matcher.quoteReplacement(value));
        }
        return matcher.appendTail(result).toString();
    }
}
