package io.redocdc.source.logminer;

import java.io.Serializable;
import java.time.Duration;

/** Waits between retries; tests inject one that records instead of sleeping. */
@FunctionalInterface
public interface Sleeper extends Serializable {

    Sleeper SYSTEM = duration -> Thread.sleep(duration.toMillis());

    void sleep(Duration duration) throws InterruptedException;
}
