package org.aitelemetry.worker.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.worker.csv.CsvFile;

/** What each XID code means for the verdict ({@code health/xids.csv}). */
@ApplicationScoped
public class XidCatalogue {

    static final String RESOURCE = "health/xids.csv";

    /** @param hardware evidence against the GPU; otherwise an application's or the driver's doing */
    public record Xid(int code, boolean hardware, String meaning, String action, String advice) {
    }

    private final Map<Integer, Xid> codes = new HashMap<>();

    public XidCatalogue() {
        for (CsvFile.Record row : CsvFile.resource(RESOURCE)) {
            String kind = row.get("class");
            if (!kind.equals("hardware") && !kind.equals("application")) {
                throw new IllegalStateException(RESOURCE + ": class must be hardware or application, not " + kind);
            }
            int code = Integer.parseInt(row.get("code"));
            codes.put(code, new Xid(code, kind.equals("hardware"), row.get("meaning"), row.get("action"),
                    row.get("advice")));
        }
    }

    /** Empty for a code the catalogue does not know. */
    public Optional<Xid> find(int code) {
        return Optional.ofNullable(codes.get(code));
    }
}
