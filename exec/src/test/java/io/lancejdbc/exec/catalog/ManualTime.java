package io.lancejdbc.exec.catalog;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicLong;

/** A wall clock and a cache ticker that move together, and only when a test says so. */
final class ManualTime implements Ticker {
    private final AtomicLong millis;

    ManualTime(long epochMillis) {
        this.millis = new AtomicLong(epochMillis);
    }

    long millis() {
        return millis.get();
    }

    void advance(Duration d) {
        millis.addAndGet(d.toMillis());
    }

    @Override
    public long read() {
        return Duration.ofMillis(millis.get()).toNanos();
    }

    Clock clock() {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                throw new UnsupportedOperationException("a manual test clock has one zone");
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochMilli(millis.get());
            }
        };
    }
}
