package io.redocdc.source.files;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/** Remembers the last character read, so a file whose last row lacks its line break is caught as truncated. */
final class LastCharReader extends FilterReader {

    private int lastChar = -1;

    LastCharReader(Reader in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) {
            lastChar = c;
        }
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            lastChar = buffer[offset + n - 1];
        }
        return n;
    }

    /** The last character read so far, or -1 if none. */
    int lastChar() {
        return lastChar;
    }
}
