package io.redocdc.sinks.jdbc.writer;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.spool.TransactionSpool;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The source transactions the serial writer applied in its open target transaction (group commit), each with
 * its spool, kept until the commit so that a failure can apply them again ({@link GroupReplay}).
 */
final class TransactionGroup implements Iterable<TransactionGroup.Member> {

    /** One source transaction of the group: its LCRs and its last one. */
    record Member(TransactionSpool spool, Lcr last) { }

    private final List<Member> members = new ArrayList<>();

    void add(TransactionSpool spool, Lcr last) {
        members.add(new Member(spool, last));
    }

    boolean isEmpty() {
        return members.isEmpty();
    }

    int size() {
        return members.size();
    }

    /** The last LCR of the group's last transaction, whose position the group's commit records. */
    Lcr last() {
        return members.get(members.size() - 1).last();
    }

    @Override
    public Iterator<Member> iterator() {
        return members.iterator();
    }

    /** Deletes the spools and empties the group. */
    void clear() throws IOException {
        for (Member member : members) {
            member.spool().close();
        }
        members.clear();
    }

    /** For messages: {@code the group of N transactions ending at position P}. */
    String describe() {
        if (members.isEmpty()) {
            return "an empty group";
        }
        return "the group of " + members.size() + " transactions ending at position " + last().position();
    }
}
