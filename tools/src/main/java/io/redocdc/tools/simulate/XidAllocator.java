package io.redocdc.tools.simulate;

import io.redocdc.source.model.Xid;
import java.util.SplittableRandom;

/**
 * Undo segment slots: each redo thread (instance) owns its own range of undo segments (USNs), so XIDs of
 * different threads never collide; a slot is free again when its transaction ends and is then reused with
 * its sequence number (SQN) one higher, as Oracle does.
 */
final class XidAllocator {

    static final int USNS_PER_THREAD = 10;
    static final int SLOTS_PER_USN = 48;

    private final SplittableRandom random;
    private final long[][] sqn;
    private final boolean[][] inUse;

    XidAllocator(int threads, SplittableRandom random) {
        this.random = random;
        int usns = threads * USNS_PER_THREAD;
        sqn = new long[usns][SLOTS_PER_USN];
        inUse = new boolean[usns][SLOTS_PER_USN];
        for (long[] slots : sqn) {
            for (int s = 0; s < slots.length; s++) {
                slots[s] = 0x200 + random.nextInt(0x4000);
            }
        }
    }

    /** A free slot of one of the thread's undo segments, with its next SQN. */
    Xid allocate(int thread) {
        int firstUsn = (thread - 1) * USNS_PER_THREAD;
        for (int attempt = 0; attempt < 32; attempt++) {
            int u = firstUsn + random.nextInt(USNS_PER_THREAD);
            int s = random.nextInt(SLOTS_PER_USN);
            if (!inUse[u][s]) {
                return take(u, s);
            }
        }
        for (int u = firstUsn; u < firstUsn + USNS_PER_THREAD; u++) {
            for (int s = 0; s < SLOTS_PER_USN; s++) {
                if (!inUse[u][s]) {
                    return take(u, s);
                }
            }
        }
        throw new IllegalStateException("thread " + thread + ": all " + USNS_PER_THREAD * SLOTS_PER_USN
                + " undo slots are held by open transactions");
    }

    void release(Xid xid) {
        inUse[xid.usn() - 1][xid.slot()] = false;
    }

    private Xid take(int u, int s) {
        inUse[u][s] = true;
        sqn[u][s]++;
        return new Xid(u + 1, s, sqn[u][s]);
    }

    /** The partial XID some rollback rows carry: same USN and slot, SQN 0xFFFFFFFF. */
    static Xid partial(Xid xid) {
        return new Xid(xid.usn(), xid.slot(), Xid.PARTIAL_SQN);
    }
}
