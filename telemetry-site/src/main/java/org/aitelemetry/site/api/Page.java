package org.aitelemetry.site.api;

import java.util.List;
import java.util.function.Function;

/** One page of a list operation's result. */
public record Page<T>(List<T> items, PageInfo page) {

    public <R> Page<R> map(Function<T, R> mapper) {
        return new Page<>(items.stream().map(mapper).toList(), page);
    }
}
