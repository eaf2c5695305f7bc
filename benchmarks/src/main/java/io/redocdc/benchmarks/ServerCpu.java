package io.redocdc.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;

/**
 * CPU time of a PostgreSQL server on this host, read from /proc: the postmaster's own and its exited children's
 * (backends of closed connections, autovacuum workers), plus the live children's. The difference between two
 * readings is what the whole server spent meanwhile, whatever connections came and went. {@link #of} gives null
 * when the server is not on this host (its backend's process is not visible).
 */
final class ServerCpu {

    private static final double TICKS_PER_SECOND = 100; // USER_HZ on Linux
    /** Indexes in {@link #fields}: state and ppid (fields 3, 4 of /proc/PID/stat); utime, stime, cutime, cstime (14-17). */
    private static final int STATE = 0;
    private static final int PPID = 1;
    private static final int UTIME = 11;

    private final Path postmaster;
    /** The last {@link #ticks()} saw a child that had exited and was not yet reaped. */
    private boolean exiting;

    private ServerCpu(Path postmaster) {
        this.postmaster = postmaster;
    }

    /** The server behind {@code connection}, when its processes are visible here. */
    static ServerCpu of(Connection connection) {
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            Path backend = Path.of("/proc", Integer.toString(rs.getInt(1)));
            if (!Files.isReadable(backend.resolve("stat"))) {
                return null;
            }
            ServerCpu cpu = new ServerCpu(Path.of("/proc", fields(backend)[PPID]));
            return cpu.ticks().isPresent() ? cpu : null;
        } catch (SQLException | IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * {@link #ticks()} once the backends of connections closed just before have exited: a closed connection's
     * backend exits after the client returns, and until the postmaster has reaped it its time is in neither count.
     */
    OptionalLong settledTicks() throws InterruptedException {
        Thread.sleep(200);
        OptionalLong ticks = ticks();
        for (int i = 0; i < 100 && ticks.isPresent() && exiting; i++) {
            Thread.sleep(20);
            ticks = ticks();
        }
        return ticks;
    }

    /** CPU time of the server so far (user + system) in clock ticks, or empty when it cannot be read. */
    OptionalLong ticks() {
        exiting = false;
        try {
            String[] own = fields(postmaster);
            long ticks = Long.parseLong(own[UTIME]) + Long.parseLong(own[UTIME + 1]) + Long.parseLong(own[UTIME + 2])
                    + Long.parseLong(own[UTIME + 3]);
            String pid = postmaster.getFileName().toString();
            try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
                for (Path process : processes) {
                    try {
                        String[] child = fields(process);
                        if (child[PPID].equals(pid)) {
                            ticks += Long.parseLong(child[UTIME]) + Long.parseLong(child[UTIME + 1]);
                            exiting |= child[STATE].equals("Z") || child[STATE].equals("X");
                        }
                    } catch (IOException | RuntimeException gone) {
                        // exited meanwhile: its time is in the postmaster's cutime now
                    }
                }
            }
            return OptionalLong.of(ticks);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    static double toSeconds(long ticks) {
        return ticks / TICKS_PER_SECOND;
    }

    /** The fields of /proc/PID/stat after "pid (comm) ": state, ppid, pgrp, ... */
    private static String[] fields(Path process) throws IOException {
        String stat = Files.readString(process.resolve("stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }
}
