package org.aitelemetry.worker.contact;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Where the statements' recipients come from: {@code telemetry.reports.contacts}. */
@ConfigMapping(prefix = "telemetry.reports")
public interface ContactsConfig {

    /** No contacts: statements are made and kept, and mailed to nobody but the fleet's recipients. */
    String NONE = "none";

    /**
     * The contacts file (CSV {@code cluster,namespace,role,email,name}): a file path, {@code classpath:<resource>}
     * for one shipped in the worker, or {@value #NONE}.
     */
    @WithDefault(NONE)
    String contacts();
}
