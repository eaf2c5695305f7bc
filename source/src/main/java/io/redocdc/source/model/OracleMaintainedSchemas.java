package io.redocdc.source.model;

import java.util.List;

/**
 * Schemas Oracle creates and maintains itself: their changes are dictionary housekeeping, not user data, so
 * capture excludes them by default (the LogMiner query's pushed-down filter and the assembler's table filter).
 */
public final class OracleMaintainedSchemas {

    public static final List<String> NAMES = List.of(
            "SYS", "SYSTEM", "AUDSYS", "XDB", "MDSYS", "MDDATA", "CTXSYS", "ORDSYS", "ORDDATA", "ORDPLUGINS",
            "SI_INFORMTN_SCHEMA", "DVSYS", "DVF", "LBACSYS", "GSMADMIN_INTERNAL", "GSMCATUSER", "GSMUSER",
            "GSMROOTUSER", "GGSYS", "OUTLN", "DBSNMP", "APPQOSSYS", "WMSYS", "OJVMSYS", "OLAPSYS", "DBSFWUSER",
            "REMOTE_SCHEDULER_AGENT", "SYSBACKUP", "SYSDG", "SYSKM", "SYSRAC", "SYS$UMF", "ANONYMOUS", "XS$NULL",
            "DIP", "ORACLE_OCM", "EXFSYS", "FLOWS_FILES", "SPATIAL_CSW_ADMIN_USR", "DGPDB_INT", "APEX_*");

    /** {@code OWNER.*} exclude patterns for every maintained schema. */
    public static final List<String> EXCLUDE_PATTERNS = NAMES.stream().map(schema -> schema + ".*").toList();

    private OracleMaintainedSchemas() {
    }
}
