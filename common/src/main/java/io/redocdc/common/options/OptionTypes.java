package io.redocdc.common.options;

import java.lang.reflect.Method;
import org.apache.flink.configuration.ConfigOption;

/**
 * The value type of a {@link ConfigOption}. Flink keeps it package-private (its own documentation generator
 * reads it the same way); the help's placeholders and the messages for values that do not convert need it.
 */
final class OptionTypes {

    private static final Method CLAZZ = accessible("getClazz");
    private static final Method IS_LIST = accessible("isList");

    private OptionTypes() {
    }

    /** The element type of the option's values, or null when Flink no longer tells. */
    static Class<?> valueClass(ConfigOption<?> option) {
        try {
            return CLAZZ == null ? null : (Class<?>) CLAZZ.invoke(option);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    static boolean isList(ConfigOption<?> option) {
        try {
            return IS_LIST != null && (Boolean) IS_LIST.invoke(option);
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    private static Method accessible(String name) {
        try {
            Method method = ConfigOption.class.getDeclaredMethod(name);
            method.setAccessible(true);
            return method;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
