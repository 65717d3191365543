package org.aitelemetry.devkit;

/** Reads option values of the devkit's command lines ({@code --name value}), with a message naming the option. */
public final class CommandLineArgs {

    private CommandLineArgs() {
    }

    /** The value at {@code index}, which follows its option. */
    public static String value(String[] args, int index) {
        if (index >= args.length) {
            throw new IllegalArgumentException(args[index - 1] + " needs a value");
        }
        return args[index];
    }

    /** The value at {@code index} as a whole number from {@code min} to {@code max}. */
    public static int bounded(String[] args, int index, int min, int max) {
        String value = value(args, index);
        try {
            int number = Integer.parseInt(value);
            if (number < min || number > max) {
                throw new IllegalArgumentException(args[index - 1] + " must be between " + min + " and " + max + ", not " + value);
            }
            return number;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[index - 1] + " must be a number, not " + value, e);
        }
    }
}
