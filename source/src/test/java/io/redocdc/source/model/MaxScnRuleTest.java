package io.redocdc.source.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MaxScnRuleTest {

    @Test
    void theStopPointMayBeAtOrAboveTheStartButNotBelowIt() {
        Scn start = Scn.of(500);
        assertThat(MaxScnRule.allows(start, null)).isTrue();
        assertThat(MaxScnRule.allows(start, Scn.of(501))).isTrue();
        // both ends are inclusive: a commit at SCN 500 is captured and the job ends once SCN 500 is read
        assertThat(MaxScnRule.allows(start, Scn.of(500))).isTrue();
        assertThat(MaxScnRule.allows(start, Scn.of(499))).isFalse();
        assertThat(MaxScnRule.rule(start)).isEqualTo("must be at or above the start SCN 500");
    }
}
