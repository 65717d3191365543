package org.aitelemetry.site.page;

import jakarta.enterprise.context.RequestScoped;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.CurrentCaller;

/** The caller of a page request and the frame of the page it gets. */
@RequestScoped
public class Pages {

    private final CurrentCaller currentCaller;

    public Pages(CurrentCaller currentCaller) {
        this.currentCaller = currentCaller;
    }

    public Caller caller() {
        return currentCaller.get();
    }

    public PageContext context(String title, Section section) {
        return PageContext.of(caller(), title, section);
    }
}
