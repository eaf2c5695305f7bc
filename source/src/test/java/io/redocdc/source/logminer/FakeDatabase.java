package io.redocdc.source.logminer;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A scripted JDBC database for tests: records every statement executed (with its binds and the number of the
 * connection it ran on) and answers from rules matched by SQL fragment. Unmatched PL/SQL blocks succeed; unmatched
 * queries fail.
 */
final class FakeDatabase implements ConnectionFactory {

    private static final long serialVersionUID = 1L;

    /** One executed statement. */
    record Call(int connection, String sql, Map<Integer, Object> binds, int fetchSize) {
        Object bind(int index) {
            return binds.get(index);
        }
    }

    @FunctionalInterface
    interface Responder {
        /** A ResultSet for a query, anything (ignored) for other statements; may throw. */
        Object respond(Call call) throws SQLException;
    }

    private record Rule(String fragment, Responder responder) {
    }

    private final transient List<Rule> rules = new ArrayList<>();
    private final transient List<Call> calls = new ArrayList<>();
    private final transient List<SQLException> openFailures = new ArrayList<>();
    private int opened;
    private int closed;

    /** Answers statements containing {@code fragment}; later rules win over earlier ones. */
    FakeDatabase on(String fragment, Responder responder) {
        rules.add(0, new Rule(fragment, responder));
        return this;
    }

    /** The next {@code open()} calls fail with these errors, in order. */
    FakeDatabase failOpening(SQLException... failures) {
        openFailures.addAll(List.of(failures));
        return this;
    }

    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    synchronized List<String> statements() {
        return calls.stream().map(Call::sql).toList();
    }

    synchronized List<Call> callsContaining(String fragment) {
        return calls.stream().filter(call -> call.sql().contains(fragment)).toList();
    }

    synchronized int opened() {
        return opened;
    }

    synchronized int closed() {
        return closed;
    }

    @Override
    public synchronized Connection open() throws SQLException {
        if (!openFailures.isEmpty()) {
            throw openFailures.remove(0);
        }
        int number = ++opened;
        return proxy(Connection.class, (self, method, args) -> switch (method.getName()) {
            case "prepareStatement", "prepareCall" -> statement(number, (String) args[0]);
            case "createStatement" -> statement(number, null);
            case "getMetaData" -> proxy(DatabaseMetaData.class,
                    (m, method2, args2) -> method2.getName().equals("getUserName") ? "CDC" : defaultValue(method2));
            case "close" -> {
                synchronized (this) {
                    closed++;
                }
                yield null;
            }
            default -> defaultValue(method);
        });
    }

    @Override
    public String description() {
        return "fake database";
    }

    private Object statement(int connection, String preparedSql) {
        Map<Integer, Object> binds = new TreeMap<>();
        int[] fetchSize = {0};
        Class<?> type = preparedSql != null && preparedSql.startsWith("BEGIN") ? CallableStatement.class
                : preparedSql != null ? PreparedStatement.class : Statement.class;
        return proxy(type, (self, method, args) -> {
            String name = method.getName();
            if (name.startsWith("set") && args != null && args.length == 2 && args[0] instanceof Integer index) {
                binds.put(index, args[1]);
                return null;
            }
            if (name.equals("setFetchSize")) {
                fetchSize[0] = (Integer) args[0];
                return null;
            }
            if (name.startsWith("execute")) {
                String sql = preparedSql != null ? preparedSql : (String) args[0];
                Object result = execute(new Call(connection, sql, new TreeMap<>(binds), fetchSize[0]));
                return name.equals("executeQuery") ? result : name.equals("execute") ? result instanceof ResultSet
                        : 0;
            }
            return defaultValue(method);
        });
    }

    private Object execute(Call call) throws SQLException {
        Responder responder;
        synchronized (this) {
            calls.add(call);
            responder = rules.stream().filter(rule -> call.sql().contains(rule.fragment())).map(Rule::responder)
                    .findFirst().orElse(null);
        }
        if (responder != null) {
            return responder.respond(call);
        }
        if (call.sql().startsWith("BEGIN") || call.sql().startsWith("ALTER")) {
            return null;
        }
        throw new SQLException("FakeDatabase has no answer for: " + call.sql());
    }

    @SuppressWarnings("unchecked")
    static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(FakeDatabase.class.getClassLoader(), new Class<?>[] {type},
                (self, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return switch (method.getName()) {
                            case "hashCode" -> System.identityHashCode(self);
                            case "equals" -> self == args[0];
                            default -> type.getSimpleName() + " proxy";
                        };
                    }
                    try {
                        return handler.invoke(self, method, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    static Object defaultValue(Method method) {
        Class<?> type = method.getReturnType();
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class || type == long.class || type == short.class || type == byte.class) {
            return type == long.class ? 0L : type == int.class ? 0 : type == short.class ? (short) 0 : (byte) 0;
        }
        if (type == double.class || type == float.class) {
            return type == double.class ? 0.0 : 0.0f;
        }
        return null;
    }
}
