package io.redocdc.tools.simulate;

import java.io.IOException;

/** Something the scheduler advances step by step in virtual time: a transaction, or the source of new ones. */
interface TransactionDriver {

    double DONE = -1;

    /** Does the step due at {@code now}; returns when the next step is due, or {@link #DONE}. */
    double step(double now) throws IOException;
}
