package io.redocdc.common.flink;

/**
 * An operator key in the operator's own hash maps, with the bits of its hash code spread (MurmurHash3's finalizer). The
 * assembler's slot keys are {@code USN << 16 | SLOT}, and HashMap folds only the high half onto the low, so keys
 * of a few dozen undo segments and slots met in a few dozen buckets, which HashMap turned into trees: a tenth of
 * the assembler thread went to their lookups (async-profiler, warm hashmap:1, 2026-12-07).
 *
 * @param key  the operator's key
 * @param hash its spread hash code
 */
record MixedKey<K>(K key, int hash) {

    static <K> MixedKey<K> of(K key) {
        int h = key.hashCode();
        h = (h ^ (h >>> 16)) * 0x85EBCA6B;
        h = (h ^ (h >>> 13)) * 0xC2B2AE35;
        return new MixedKey<>(key, h ^ (h >>> 16));
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MixedKey<?> mixed && hash == mixed.hash && key.equals(mixed.key);
    }
}
