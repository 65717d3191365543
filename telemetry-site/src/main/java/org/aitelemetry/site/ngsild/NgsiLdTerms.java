package org.aitelemetry.site.ngsild;

import java.util.List;

/** A CDI bean per capability that contributes its terms (and entity types) to the published {@code @context}. */
public interface NgsiLdTerms {

    List<NgsiLdTerm> terms();
}
