package io.redocdc.job.options;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.source.logminer.OracleConnectionSettings;
import java.nio.file.Path;

/** Connection options shared by {@code run --source.type oracle} and {@code export}, checked by name. */
public final class OracleLogin {

    private final String urlOption;
    private final String userOption;
    private final String passwordFileOption;
    private final String passwordEnvOption;

    public OracleLogin(String urlOption, String userOption, String passwordFileOption, String passwordEnvOption) {
        this.urlOption = urlOption;
        this.userOption = userOption;
        this.passwordFileOption = passwordFileOption;
        this.passwordEnvOption = passwordEnvOption;
    }

    /** Reads the password (never printed) and checks that URL, user and exactly one password source are given. */
    public OracleConnectionSettings settings(OptionCheck check, String jdbcUrl, String user, Path passwordFile,
                                             String passwordEnv) {
        check.require(jdbcUrl != null && !jdbcUrl.isBlank(), urlOption,
                "must name the Oracle database (jdbc:oracle:thin:@//host:1521/SERVICE)", jdbcUrl);
        check.require(user != null && !user.isBlank(), userOption, "must name the LogMiner user", user);
        if (passwordFile == null && passwordEnv == null) {
            check.fail(passwordFileOption, "missing: give the password in a file (" + passwordFileOption
                    + ") or an environment variable (" + passwordEnvOption + ")");
        }
        check.require(passwordFile == null || passwordEnv == null, passwordFileOption,
                "and " + passwordEnvOption + " exclude each other", passwordFile);
        return new OracleConnectionSettings(jdbcUrl.trim(), user.trim(), secret(check, passwordFile, passwordEnv));
    }

    private Secret secret(OptionCheck check, Path passwordFile, String passwordEnv) {
        try {
            return passwordFile != null ? Secret.fromFile(passwordFile) : Secret.fromEnv(passwordEnv);
        } catch (RuntimeException e) {
            // the messages name the file or the variable, never the password
            check.fail(passwordFile != null ? passwordFileOption : passwordEnvOption, e.getMessage());
            throw e;
        }
    }
}
