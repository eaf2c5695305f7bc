package io.redocdc.source.files;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Remembers the last character read and whether the end was reached, so a file whose last row lacks its line break
 * (or ends inside a quoted field) is caught as truncated.
 */
final class LastCharReader extends FilterReader {

    private int lastChar = -1;
    private boolean ended;

    LastCharReader(Reader in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) {
            lastChar = c;
        } else {
            ended = true;
        }
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            lastChar = buffer[offset + n - 1];
        } else if (n < 0) {
            ended = true;
        }
        return n;
    }

    /** The last character read so far, or -1 if none. */
    int lastChar() {
        return lastChar;
    }

    /** Whether a read has met the end of the text. */
    boolean ended() {
        return ended;
    }
}
