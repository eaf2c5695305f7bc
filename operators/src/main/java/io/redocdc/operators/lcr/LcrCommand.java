package io.redocdc.operators.lcr;

/** The command of a logical change record. */
public enum LcrCommand {
    INSERT("I"),
    UPDATE("U"),
    DELETE("D"),
    DDL(null);

    private final String opType;

    LcrCommand(String opType) {
        this.opType = opType;
    }

    /** GoldenGate's op_type letter for row commands. */
    public String opType() {
        if (opType == null) {
            throw new IllegalStateException(this + " has no op_type");
        }
        return opType;
    }

    public boolean isRow() {
        return this != DDL;
    }
}
