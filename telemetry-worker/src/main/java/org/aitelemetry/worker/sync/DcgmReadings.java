package org.aitelemetry.worker.sync;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.SeriesSink;
import org.aitelemetry.prometheus.StreamedAnswer;
import org.aitelemetry.prometheus.dcgm.DcgmBlank;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;

/**
 * The latest value of every DCGM field per GPU and MIG instance, filled field by field as the cycle's reading answers
 * stream in. One array of doubles per GPU or instance replaces a series per field: at 100,000 GPUs the seven readings
 * would otherwise be 700,000 series held until the cycle ends.
 */
final class DcgmReadings {

    /** A GPU ({@link #WHOLE_GPU}) or one of its MIG instances, in a cluster. */
    record Key(String cluster, String uuid, int instance) {
    }

    /** One series of a field's answer, in model units. */
    private record Value(Key key, double value) {
    }

    /** Instance number of a whole GPU's readings. */
    static final int WHOLE_GPU = -1;

    private static final int FIELDS = DcgmField.values().length;

    /**
     * One field's answer while it streams in: values in model units, blanks and series without a UUID left out. It
     * joins the table only once the answer is complete, so a retried attempt leaves nothing behind. Kept as a list in
     * answer order, not a map: the table is the one place a key is looked up (where a key repeats, the later value
     * wins, as a map would have it).
     */
    static final class FieldSink implements SeriesSink {

        private final DcgmField field;
        private final LabelVariants labels;
        private final DcgmLabels dcgm;
        private final List<Value> values = new ArrayList<>();

        FieldSink(DcgmField field, LabelVariants labels, DcgmLabels dcgm) {
            this.field = field;
            this.labels = labels;
            this.dcgm = dcgm;
        }

        @Override
        public void accept(Series series) {
            Optional<String> uuid = dcgm.uuid(series);
            double value = series.last().value();
            if (uuid.isPresent() && !DcgmBlank.isBlank(value)) {
                values.add(new Value(new Key(labels.cluster(series), uuid.get(),
                        dcgm.gpuInstanceId(series).orElse(WHOLE_GPU)), field.toModelUnit(value)));
            }
        }
    }

    private final Map<Key, double[]> table = new HashMap<>();
    private final Map<DcgmField, Integer> seriesCounts = new EnumMap<>(DcgmField.class);
    private final List<String> warnings = new ArrayList<>();

    /** Adds a field's complete answer. Answers come one at a time (the reader serialises them). */
    void add(StreamedAnswer<FieldSink> answer) {
        FieldSink sink = answer.sink();
        int column = sink.field.ordinal();
        for (Value value : sink.values) {
            table.computeIfAbsent(value.key(), k -> absent())[column] = value.value();
        }
        seriesCounts.put(sink.field, answer.seriesCount());
        warnings.addAll(answer.warnings());
    }

    /** The fields of one GPU or MIG instance, looked up once for all of them. */
    static final class Row {

        private static final Row NONE = new Row(absent());

        private final double[] values;

        private Row(double[] values) {
            this.values = values;
        }

        /** A field's value; null where its exporter gave none (or only a DCGM blank). */
        Double value(DcgmField field) {
            double value = values[field.ordinal()];
            return Double.isNaN(value) ? null : value;
        }
    }

    Row row(Key key) {
        double[] values = table.get(key);
        return values == null ? Row.NONE : new Row(values);
    }

    /** Series in the largest field's answer: the inventory never has fewer when it lists every GPU. */
    int mostSeries() {
        return seriesCounts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    int seriesCount() {
        return seriesCounts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The warnings of every field's answer: any makes the cycle's read incomplete. */
    List<String> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    private static double[] absent() {
        double[] values = new double[FIELDS];
        Arrays.fill(values, Double.NaN);
        return values;
    }
}
