package io.redocdc.source;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.testing.RedoDirectoryExternalContext;
import org.apache.flink.connector.testframe.environment.MiniClusterTestEnvironment;
import org.apache.flink.connector.testframe.external.ExternalContextFactory;
import org.apache.flink.connector.testframe.junit.annotations.TestContext;
import org.apache.flink.connector.testframe.junit.annotations.TestEnv;
import org.apache.flink.connector.testframe.junit.annotations.TestSemantics;
import org.apache.flink.connector.testframe.testsuites.SourceTestSuiteBase;
import org.apache.flink.core.execution.CheckpointingMode;

/**
 * Flink's connector test suite against redo directories: one split of the framework is one redo thread, each
 * batch of test records one archived log of it. Every suite test applies (bounded and continuous reads,
 * savepoints with rescaling, an idle reader, metrics, TaskManager failover). The MiniCluster has the suite's
 * default 6 slots because its tests run at parallelism 4 and 5.
 */
class RedoLogSourceITCase extends SourceTestSuiteBase<RedoRecord> {

    @TestEnv
    MiniClusterTestEnvironment flink = new MiniClusterTestEnvironment();

    @TestContext
    ExternalContextFactory<RedoDirectoryExternalContext> redoDirectories = RedoDirectoryExternalContext::new;

    /** Exactly-once only: at-least-once would run every test twice and prove nothing more for this source. */
    @TestSemantics
    CheckpointingMode[] semantics = {CheckpointingMode.EXACTLY_ONCE};
}
