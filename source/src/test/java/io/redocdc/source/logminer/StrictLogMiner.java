package io.redocdc.source.logminer;

import java.lang.reflect.InvocationTargetException;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Connections to {@link OracleViews} on which the DBMS_LOGMNR blocks, which H2 cannot run, are checked against the
 * documented procedures, parameters and constants and recorded instead; every other statement runs on H2's strict
 * views. As on Oracle, V$LOGMNR_CONTENTS can be queried only after START_LOGMNR on the same connection (ORA-01306,
 * the code OracleStartupChecks relies on).
 *
 * <p>Documented DBMS_LOGMNR API relied on: ADD_LOGFILE(LOGFILENAME, OPTIONS) with NEW, ADDFILE, REMOVEFILE
 * (PL/SQL Packages and Types Reference, DBMS_LOGMNR constants, e.g.
 * https://docs.oracle.com/cd/B13789_01/appdev.101/b10802/d_logmnr.htm and Utilities 12.1 "Specify Redo Log Files
 * for Analysis", https://docs.oracle.com/database/121/SUTIL/GUID-CEB3F34A-633A-47D5-B568-F65746D02D02.htm);
 * START_LOGMNR(STARTSCN, ENDSCN, STARTTIME, ENDTIME, DICTFILENAME, OPTIONS) with the OPTIONS listed in Utilities
 * 12.1, https://docs.oracle.com/cd/E57425_01/121/SUTIL/GUID-A5A1E94C-45AA-4B6A-B7B3-E1AD2F8675B5.htm;
 * END_LOGMNR without parameters.
 */
final class StrictLogMiner implements ConnectionFactory {

    private static final long serialVersionUID = 1L;
    private static final Pattern BLOCK = Pattern.compile("BEGIN DBMS_LOGMNR\\.(\\w+)(?:\\((.*)\\))?; END;");
    private static final Pattern ARGUMENT = Pattern.compile("\\s*(\\w+) => (.+?)\\s*");
    private static final Map<String, Set<String>> PARAMETERS = Map.of(
            "ADD_LOGFILE", Set.of("LOGFILENAME", "OPTIONS"),
            "START_LOGMNR", Set.of("STARTSCN", "ENDSCN", "STARTTIME", "ENDTIME", "DICTFILENAME", "OPTIONS"),
            "END_LOGMNR", Set.of());
    private static final Map<String, Set<String>> OPTIONS = Map.of(
            "ADD_LOGFILE", Set.of("NEW", "ADDFILE", "REMOVEFILE"),
            "START_LOGMNR", Set.of("DICT_FROM_ONLINE_CATALOG", "DICT_FROM_REDO_LOGS", "CONTINUOUS_MINE",
                    "COMMITTED_DATA_ONLY", "SKIP_CORRUPTION", "NO_SQL_DELIMITER", "PRINT_PRETTY_SQL",
                    "NO_ROWID_IN_STMT", "DDL_DICT_TRACKING"));

    /** One checked DBMS_LOGMNR call: procedure, named arguments as written, binds. */
    record Call(String procedure, Map<String, String> arguments, Map<Integer, Object> binds) {
    }

    private final OracleViews views;
    private final transient List<Call> calls = new ArrayList<>();

    StrictLogMiner(OracleViews views) {
        this.views = views;
    }

    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    @Override
    public Connection open() throws SQLException {
        Connection h2 = views.open();
        boolean[] started = {false};
        return FakeDatabase.proxy(Connection.class, (self, method, args) -> {
            if (method.getName().equals("prepareCall") && ((String) args[0]).startsWith("BEGIN")) {
                return call((String) args[0], started);
            }
            if (method.getName().equals("prepareStatement") && ((String) args[0]).contains("V$LOGMNR_CONTENTS")
                    && !started[0]) {
                throw ContentsRows.oracleError(1306, "dbms_logmnr.start_logmnr() must be invoked before selecting "
                        + "from v$logmnr_contents");
            }
            try {
                return method.invoke(h2, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    @Override
    public String description() {
        return "strict LogMiner on " + views.description();
    }

    private CallableStatement call(String block, boolean[] started) throws SQLException {
        Matcher matcher = BLOCK.matcher(block);
        if (!matcher.matches() || !PARAMETERS.containsKey(matcher.group(1))) {
            throw new SQLException("not a documented DBMS_LOGMNR call: " + block);
        }
        String procedure = matcher.group(1);
        Map<String, String> arguments = arguments(procedure, matcher.group(2), block);
        Map<Integer, Object> binds = new TreeMap<>();
        return FakeDatabase.proxy(CallableStatement.class, (self, method, args) -> {
            String name = method.getName();
            if (name.startsWith("set") && args != null && args.length == 2 && args[0] instanceof Integer index) {
                binds.put(index, args[1]);
                return null;
            }
            if (name.equals("execute")) {
                synchronized (this) {
                    calls.add(new Call(procedure, arguments, Map.copyOf(binds)));
                }
                started[0] = procedure.equals("START_LOGMNR") || started[0] && !procedure.equals("END_LOGMNR");
                return false;
            }
            return FakeDatabase.defaultValue(method);
        });
    }

    private static Map<String, String> arguments(String procedure, String list, String block) throws SQLException {
        Map<String, String> arguments = new TreeMap<>();
        if (list == null) {
            return arguments;
        }
        for (String argument : list.split(",")) {
            Matcher named = ARGUMENT.matcher(argument);
            if (!named.matches() || !PARAMETERS.get(procedure).contains(named.group(1))) {
                throw new SQLException("not a documented parameter of DBMS_LOGMNR." + procedure + ": '" + argument
                        + "' in " + block);
            }
            arguments.put(named.group(1), named.group(2));
            if (named.group(1).equals("OPTIONS")) {
                for (String option : named.group(2).split("\\s*\\+\\s*")) {
                    if (!option.startsWith("DBMS_LOGMNR.")
                            || !OPTIONS.get(procedure).contains(option.substring("DBMS_LOGMNR.".length()))) {
                        throw new SQLException("not a documented " + procedure + " option: " + option);
                    }
                }
            }
        }
        return arguments;
    }
}
