package io.redocdc.sinks.jdbc.writer;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;

/**
 * A connection whose prepared statements count their executeBatch calls (round trips of batched rows) in
 * {@code counter[0]} and, where the counter has a second slot, their addBatch calls (rows batched) in it.
 */
final class BatchCounting {

    private BatchCounting() {
    }

    static Connection wrap(Connection connection, int[] counter) {
        return proxy(Connection.class, connection, (method, result) -> result instanceof PreparedStatement statement
                ? proxy(PreparedStatement.class, statement, (m, r) -> r, counter) : result, null);
    }

    private interface ResultWrapper {
        Object wrap(Method method, Object result);
    }

    private static <T> T proxy(Class<T> type, T target, ResultWrapper wrapper, int[] counter) {
        InvocationHandler handler = (self, method, args) -> {
            if (counter != null && method.getName().equals("executeBatch")) {
                counter[0]++;
            }
            if (counter != null && counter.length > 1 && method.getName().equals("addBatch")) {
                counter[1]++;
            }
            try {
                return wrapper.wrap(method, method.invoke(target, args));
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(BatchCounting.class.getClassLoader(), new Class<?>[] {type}, handler));
    }
}
