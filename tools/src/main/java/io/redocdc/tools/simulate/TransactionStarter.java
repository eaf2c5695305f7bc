package io.redocdc.tools.simulate;

/**
 * Starts the ordinary transactions one after another, every {@link Simulation#START_GAP} time units (jittered),
 * each on a random thread and lasting about {@code meanDuration}.
 */
final class TransactionStarter implements TransactionDriver {

    private final Simulation sim;
    private final int count;
    private final double meanDuration;
    private int started;

    TransactionStarter(Simulation sim, int count, double meanDuration) {
        this.sim = sim;
        this.count = count;
        this.meanDuration = meanDuration;
    }

    @Override
    public double step(double now) {
        int thread = sim.randomThread();
        double duration = meanDuration * (0.5 + sim.random().nextDouble());
        sim.schedule(now, OltpTransaction.ordinary(sim, thread, duration));
        started++;
        if (started == count) {
            return DONE;
        }
        return Simulation.START_GAP * (started + sim.random().nextDouble());
    }
}
