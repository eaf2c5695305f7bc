package io.redocdc.tools.export;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Asks a running export to stop (from a signal handler's thread); the export then discards its unfinished log. */
public final class StopSignal {

    private final CountDownLatch requested = new CountDownLatch(1);

    public void request() {
        requested.countDown();
    }

    public boolean isRequested() {
        return requested.getCount() == 0;
    }

    /** Waits up to {@code timeout}; true when a stop was requested meanwhile (or before). */
    public boolean await(Duration timeout) throws InterruptedException {
        return requested.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
