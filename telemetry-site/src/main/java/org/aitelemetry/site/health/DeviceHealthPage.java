package org.aitelemetry.site.health;

import java.util.List;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageInfo;

/** A page of a device's health history, with its current verdict and evidence (schema {@code HealthVerdictPage}). */
public record DeviceHealthPage(List<HealthVerdictEntry> items, PageInfo page, DeviceHealthNow current) {

    static DeviceHealthPage of(Page<HealthVerdictEntry> history, DeviceHealthNow current) {
        return new DeviceHealthPage(history.items(), history.page(), current);
    }
}
