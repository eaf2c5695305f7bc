/**
 * Archived log retention: which logs a restart from the latest completed checkpoint no longer needs, per redo
 * thread, over the whole job (see {@link io.redocdc.source.retention.LogRetention}).
 */
package io.redocdc.source.retention;
